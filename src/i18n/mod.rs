//! The page's words in English, Japanese and Korean — the languages of the seed documents'
//! readers. Every message is a [`Msg`]; each language is one exhaustive `match` (`en.rs`,
//! `ja.rs`, `ko.rs`), so a message missing from a language does not compile. Kubernetes' own
//! output (Event reasons and messages, controller explanations, `kubectl` columns, object kinds)
//! is not translated: it is what the cluster prints.
//!
//! Messages may hold numbered placeholders (`{0}`, `{1}`) that [`Lang::format`] fills, so each
//! language orders them as its grammar needs.
//!
//! ```
//! use cronjob_playground::i18n::{Lang, Msg};
//! assert_eq!(Lang::Ja.text(Msg::Timeline), "タイムライン");
//! assert_eq!(Lang::Ko.format(Msg::PodsOf, &[&"CronJob", &"hourly"]), "CronJob hourly의 파드");
//! assert_eq!(Lang::from_browser(["ko-KR", "en-US"]), Lang::Ko);
//! ```

mod en;
mod ja;
mod ko;
pub mod particle;
pub mod probes;

use std::fmt;
use std::str::FromStr;

/// A language of the interface.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    Ja,
    Ko,
}

impl Lang {
    /// Every language, in the switcher's order.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Ja, Lang::Ko];

    /// The language's place in [`Lang::ALL`]: the index of its entry in per-language arrays.
    ///
    /// ```
    /// use cronjob_playground::i18n::Lang;
    /// assert_eq!(Lang::Ko.index(), 2);
    /// ```
    pub fn index(self) -> usize {
        Lang::ALL.iter().position(|l| *l == self).unwrap_or(0)
    }

    /// The BCP 47 code (`<html lang>`, the stored choice).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ja => "ja",
            Lang::Ko => "ko",
        }
    }

    /// The language's own name, as the switcher shows it.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Ja => "日本語",
            Lang::Ko => "한국어",
        }
    }

    /// The first of the browser's preferred languages (`navigator.languages`) that the page
    /// speaks, English when none is.
    pub fn from_browser<S: AsRef<str>>(preferred: impl IntoIterator<Item = S>) -> Lang {
        preferred.into_iter().find_map(|tag| tag.as_ref().parse().ok()).unwrap_or_default()
    }

    /// The message's text in this language.
    pub fn text(self, msg: Msg) -> &'static str {
        match self {
            Lang::En => en::text(msg),
            Lang::Ja => ja::text(msg),
            Lang::Ko => ko::text(msg),
        }
    }

    /// The message with its placeholders `{0}`, `{1}`, … replaced by `args`.
    pub fn format(self, msg: Msg, args: &[&dyn fmt::Display]) -> String {
        fill(self.text(msg), args)
    }
}

impl FromStr for Lang {
    type Err = String;

    /// A language tag's primary subtag: `ja`, `ja-JP`, `ko_KR`, `EN-gb`.
    fn from_str(tag: &str) -> Result<Lang, String> {
        let primary = tag.split(['-', '_']).next().unwrap_or_default().to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary).ok_or_else(|| format!("no interface language for {tag:?}"))
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Replaces `{i}` in `template` by `args[i]` and a Korean particle pair (`{을/를}`) by the form
/// that agrees with the text before it ([`particle`]); a placeholder without an argument stays
/// as it is.
pub(crate) fn fill(template: &str, args: &[&dyn fmt::Display]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let filled = after.find('}').and_then(|close| {
            let inner = &after[..close];
            let text = match inner.parse::<usize>() {
                Ok(i) => args.get(i)?.to_string(),
                Err(_) => particle::choose(&out, inner)?.to_owned(),
            };
            Some((close, text))
        });
        match filled {
            Some((close, text)) => {
                out.push_str(&text);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

macro_rules! messages {
    ($($(#[$doc:meta])* $name:ident),* $(,)?) => {
        /// A message of the interface (see each language's file for its words).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Msg { $($(#[$doc])* $name),* }

        impl Msg {
            /// Every message (the completeness tests walk it).
            pub const ALL: &'static [Msg] = &[$(Msg::$name),*];
        }
    };
}

messages! {
    // Header and page.
    Tagline,
    LanguageLabel,
    ScenariosButton,
    ScenariosTitle,
    ThemeToggleLabel,
    ThemeToggleTitle,
    HelpButtonTitle,
    // Keyboard help.
    KeyboardShortcuts,
    KeyboardHeading,
    KeyPlayPause,
    KeyStep,
    KeyZoomKeys,
    KeyZoom,
    KeyPanKeys,
    KeyPan,
    KeyStartEnd,
    KeyFit,
    KeyClickAxis,
    KeyMoveClock,
    KeyClearSelection,
    KeyTheme,
    // Panes.
    ManifestEditor,
    ManifestLabel,
    SimulationHeading,
    TimelineHeading,
    Timeline,
    // Legend.
    Legend,
    LegendOnTime,
    LegendLate,
    LegendSkipped,
    LegendPending,
    LegendJob,
    LegendFailedJob,
    LegendBackOff,
    LegendControllerDown,
    LegendSuspended,
    // Editor status.
    EditorStatus,
    EditorErrors,
    EditorError,
    MoreDiagnostics,
    // Virtual clock.
    VirtualClock,
    GoToStart,
    GoToStartTitle,
    PreviousEvent,
    PreviousEventTitle,
    Play,
    Pause,
    PlayPauseTitle,
    NextEvent,
    NextEventTitle,
    GoToEnd,
    GoToEndTitle,
    PlaybackSpeed,
    SpeedMinutes,
    SpeedHours,
    SpeedDays,
    ScrubClock,
    // Simulation controls.
    Kubernetes,
    KubernetesVersion,
    NewestVersion,
    Horizon,
    HorizonLabel,
    HorizonTitle,
    ControllerTz,
    ControllerTzLabel,
    PodsOf,
    StartupSeconds,
    StartupSecondsLabel,
    AttemptRunSeconds,
    AttemptDurationLabel,
    Exit,
    AttemptExitLabel,
    AddAttempt,
    RemoveAttempt,
    FindWorkload,
    WorkloadsShown,
    ClusterEvents,
    RemoveEvent,
    Remove,
    EventAt,
    EventTimeLabel,
    EventWhat,
    EventKindLabel,
    EventEditSchedule,
    EventSuspend,
    EventResume,
    EventDeleteJob,
    EventControllerDown,
    EventTrigger,
    EventValue,
    EventValueLabel,
    AddEvent,
    ControllerDownUntil,
    // Timeline.
    Simulating,
    NothingToSimulate,
    TimelineLabel,
    ControllerDownBand,
    SuspendedBand,
    StandaloneJobs,
    SlotsLane,
    JobsLane,
    SlotCluster,
    JobCluster,
    PodsOfJob,
    LateRun,
    Overview,
    OverviewLabel,
    // Inspector.
    Inspector,
    InspectorHint,
    Why,
    TabDetails,
    TabEvents,
    TabLogs,
    RunInfo,
    GetAt,
    DescribeAt,
    EventsAt,
    LogUpTo,
    KindSlot,
    KindEdit,
    KindOutage,
    KindSuspended,
    // Inspector fields.
    FieldScheduledTime,
    FieldFate,
    FieldJobCreated,
    FieldKubernetesVersion,
    FieldCreated,
    FieldCreatedAfterSchedule,
    FieldStatus,
    FieldFinished,
    FieldDeleted,
    FieldPods,
    FieldStarted,
    FieldPhase,
    FieldRestarts,
    FieldExitCodes,
    FieldAt,
    FieldCommand,
    FieldPatch,
    FieldFrom,
    FieldUntil,
    FieldLength,
    // Slot fates (the trace's names in `data-fate`).
    FateRanOnTime,
    FateRanLate,
    FateSkippedForbid,
    FateMissedDeadline,
    FateSuperseded,
    FateSuspended,
    FateControllerDown,
    FateNotFoundBySearch,
    FateTooManyMissed,
    FateCreateFailed,
    FatePending,
    // Job and Pod ends.
    OutcomeRunning,
    OutcomeComplete,
    OutcomeFailed,
    OutcomeDeleted,
    PodSucceeded,
    PodTerminated,
    PodOpen,
    // Scenarios library.
    ScenarioMenuLabel,
    ScenarioLookAt,
    ScenarioWhy,
    ScenarioReplaceConfirm,
    ScenarioClose,
    ScenarioShowNotes,
    // Export, compare, lint (src/ui/share.rs, export.rs, compare_view.rs, lint_view.rs).
    Export,
    ExportSvgTitle,
    ExportPngTitle,
    ExportTrace,
    ExportTraceTitle,
    ExportState,
    ExportStateTitle,
    CompareStart,
    CompareStop,
    CompareRegion,
    CompareAgainstLabel,
    CompareVersionGroup,
    CompareV1,
    CompareEveryPolicy,
    CompareSnapshot,
    CompareKept,
    CompareKeep,
    CompareKeepTitle,
    CompareRunA,
    CompareRunB,
    CompareDifferences,
    CompareOneDifference,
    CompareCannotRun,
    CompareDiffLane,
    CompareDiffStrip,
    LintOpen,
    LintClose,
    LintRegion,
    LintIntro,
    LintInputLabel,
    LintUseEditor,
    LintStart,
    LintRun,
    LintBusy,
    LintSummary,
    LintNoRisks,
    LintOpenProbe,
    LintOpenProbeTitle,
    LintBadZone,
    LintProgress,
    LintCancel,
    LintStopped,
    LintTooMany,
    // Lint findings (the probe's times, names and Kubernetes' own texts fill the placeholders).
    LintRetroactiveEdit,
    LintFixDeadlineLonger,
    LintFixSetDeadline,
    LintTooManyMissed,
    LintRefusedAfterOutage,
    LintLatestOnlyAfterOutage,
    LintRemedyDeadline,
    LintForbidStarves,
    LintJobsBoundedBy,
    LintJobsUnbounded,
    LintDeadlineMissed,
    LintDeadlineTight,
    LintReactionV1,
    LintReactionV2,
    LintDstDoubleRun,
    LintDstSkippedRun,
    LintRunAt,
    LintListSeparator,
    // Compare differences.
    DiffSlotFate,
    DiffSlotOnlyA,
    DiffSlotOnlyB,
    DiffJobOnlyA,
    DiffJobOnlyB,
    DiffJobShift,
    DiffCreated,
    DiffFinished,
    DiffPartSeparator,
    DiffJobOutcome,
    DiffDeletedWhileRunning,
    DiffStillRunning,
    // Inspector values in the playground's own words.
    FactNoJob,
    FactFinishedTook,
    FactDeletedBy,
    FactCreatedAfter,
    FactJobActive,
    DeletedByHistoryLimit,
    DeletedByTtl,
    DeletedByReplace,
    DeletedByUser,
    ReasonRestarted,
    ReasonControllerDown,
    ReasonSuspended,
    TitleOutage,
    TitleSuspended,
    SourceSlotFate,
    SourceDeletion,
    SourceScenario,
    ScenarioGroupSeeds,
    ScenarioGroupPains,
    ScenarioRestore,
    // Share links.
    ShareButton,
    ShareTitle,
    ShareDialog,
    ShareLinkLabel,
    ShareSize,
    Close,
    Dismiss,
    ShareAsk,
    ShareOpen,
    ShareKeep,
    ShareErrNotALink,
    ShareErrUnknownFormat,
    ShareErrTooLong,
    ShareErrBadCharacter,
    ShareErrTruncated,
    ShareErrCorrupt,
    ShareErrTooLarge,
    ShareErrNotAState,
}

impl Msg {
    /// The label of an inspector field, by the English name `timeline::explain` gives it (which
    /// stays the field's `data-field`); `None` for names that are Kubernetes' own (`CronJob`,
    /// `Job`, `Pod`).
    pub fn field(name: &str) -> Option<Msg> {
        Some(match name {
            "Scheduled time" => Msg::FieldScheduledTime,
            "Fate" => Msg::FieldFate,
            "Job created" => Msg::FieldJobCreated,
            "Kubernetes version" => Msg::FieldKubernetesVersion,
            "Created" => Msg::FieldCreated,
            "Created after schedule" => Msg::FieldCreatedAfterSchedule,
            "Status" => Msg::FieldStatus,
            "Finished" => Msg::FieldFinished,
            "Deleted" => Msg::FieldDeleted,
            "Pods" => Msg::FieldPods,
            "Started" => Msg::FieldStarted,
            "Phase" => Msg::FieldPhase,
            "Restarts" => Msg::FieldRestarts,
            "Exit codes" => Msg::FieldExitCodes,
            "At" => Msg::FieldAt,
            "Command" => Msg::FieldCommand,
            "Patch" => Msg::FieldPatch,
            "From" => Msg::FieldFrom,
            "Until" => Msg::FieldUntil,
            "Length" => Msg::FieldLength,
            _ => return None,
        })
    }

    /// The name of a slot fate, by its trace name (`ran-late`).
    pub fn fate(name: &str) -> Option<Msg> {
        Some(match name {
            "ran-on-time" => Msg::FateRanOnTime,
            "ran-late" => Msg::FateRanLate,
            "skipped-forbid" => Msg::FateSkippedForbid,
            "missed-deadline" => Msg::FateMissedDeadline,
            "superseded" => Msg::FateSuperseded,
            "suspended" => Msg::FateSuspended,
            "controller-down" => Msg::FateControllerDown,
            "not-found-by-search" => Msg::FateNotFoundBySearch,
            "too-many-missed" => Msg::FateTooManyMissed,
            "create-failed" => Msg::FateCreateFailed,
            "pending" => Msg::FatePending,
            _ => return None,
        })
    }

    /// The label of a reason's source, by the English name `timeline::explain` gives it (its
    /// `data-source`); `None` for the controllers and components, which are Kubernetes' names.
    pub fn source(name: &str) -> Option<Msg> {
        Some(match name {
            "slot fate" => Msg::SourceSlotFate,
            "deletion" => Msg::SourceDeletion,
            "scenario" => Msg::SourceScenario,
            _ => None?,
        })
    }

    /// The word for an explanation's kind (`Slot`, `Edit`, …); `None` for Kubernetes kinds.
    pub fn kind(name: &str) -> Option<Msg> {
        Some(match name {
            "Slot" => Msg::KindSlot,
            "Edit" => Msg::KindEdit,
            "Outage" => Msg::KindOutage,
            "Suspended" => Msg::KindSuspended,
            _ => None?,
        })
    }

    /// The word for a Job bar's or Pod's end, by its `data-outcome` / `data-end` name.
    pub fn outcome(name: &str) -> Option<Msg> {
        Some(match name {
            "running" => Msg::OutcomeRunning,
            "complete" => Msg::OutcomeComplete,
            "failed" => Msg::OutcomeFailed,
            "deleted" => Msg::OutcomeDeleted,
            "succeeded" => Msg::PodSucceeded,
            "terminated" => Msg::PodTerminated,
            "open" => Msg::PodOpen,
            _ => None?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placeholders(text: &str) -> Vec<usize> {
        let mut found: Vec<usize> =
            text.split('{').skip(1).filter_map(|s| s.split_once('}').and_then(|(n, _)| n.parse().ok())).collect();
        found.sort_unstable();
        found.dedup();
        found
    }

    #[test]
    fn every_language_has_every_message_with_the_same_placeholders() {
        for &msg in Msg::ALL {
            let english = placeholders(Lang::En.text(msg));
            for lang in [Lang::Ja, Lang::Ko] {
                let text = lang.text(msg);
                assert!(!text.trim().is_empty(), "{msg:?} is empty in {lang}");
                assert_eq!(placeholders(text), english, "{msg:?} in {lang}: {text}");
            }
        }
    }

    #[test]
    fn japanese_and_korean_are_translated_not_copied() {
        // Messages that are the same in every language: symbols and Kubernetes' words (the
        // Japanese documentation keeps resource names such as Job as they are).
        let same_everywhere = [Msg::Kubernetes, Msg::LintListSeparator, Msg::DiffPartSeparator];
        let same_in_japanese = [Msg::LegendJob, Msg::DiffJobShift];
        for &msg in Msg::ALL.iter().filter(|m| !same_everywhere.contains(m)) {
            for lang in [Lang::Ja, Lang::Ko] {
                if lang == Lang::Ja && same_in_japanese.contains(&msg) {
                    continue;
                }
                assert_ne!(lang.text(msg), Lang::En.text(msg), "{msg:?} is not translated into {lang}");
            }
        }
    }

    #[test]
    fn the_explanations_field_names_all_have_labels() {
        let fields = [
            "Scheduled time",
            "Fate",
            "Job created",
            "Kubernetes version",
            "Created",
            "Created after schedule",
            "Status",
            "Finished",
            "Deleted",
            "Pods",
            "Started",
            "Phase",
            "Restarts",
            "Exit codes",
            "At",
            "Command",
            "Patch",
            "From",
            "Until",
            "Length",
        ];
        for f in fields {
            assert_eq!(Lang::En.text(Msg::field(f).unwrap()), f);
        }
        assert_eq!(Msg::field("CronJob"), None, "a Kubernetes kind is not translated");
    }

    #[test]
    fn browser_preferences_pick_the_first_language_spoken() {
        assert_eq!(Lang::from_browser(["fr-FR", "ja-JP", "en"]), Lang::Ja);
        assert_eq!(Lang::from_browser(["ko"]), Lang::Ko);
        assert_eq!(Lang::from_browser(["de", "fr"]), Lang::En);
        assert_eq!(Lang::from_browser(Vec::<String>::new()), Lang::En);
        assert_eq!("JA_jp".parse::<Lang>(), Ok(Lang::Ja));
    }

    #[test]
    fn placeholders_fill_in_any_order_and_unknown_ones_stay() {
        assert_eq!(fill("{1} の {0}", &[&"a", &7]), "7 の a");
        assert_eq!(fill("{x} {0} {5}", &[&"a"]), "{x} a {5}");
        assert_eq!(fill("{", &[]), "{");
        assert_eq!(fill("{7", &[&"a"]), "{7");
    }

    /// Every Korean message filled with values of every kind a placeholder takes (Hangul with and
    /// without a final consonant, digits, Latin words and letters, times), and every scenario's
    /// Korean notes: no mechanical particle is left.
    #[test]
    fn no_korean_output_has_a_mechanical_particle() {
        let samples: [&[&dyn fmt::Display]; 6] = [
            &[&"잡", &"파드", &"스케줄", &"시간", &"컨트롤러", &"서울", &"크론잡", &"잡"],
            &[&1, &2, &3, &7, &10, &143, &1200, &0],
            &[&"Job", &"hourly", &"Forbid", &"TTL", &"backup", &"Replace", &"L", &"N"],
            &[
                &"2023-03-22T13:00:00Z",
                &"1.31",
                &"1h41m",
                &"'!'",
                &"\"0 2 * * *\"",
                &"cron-test-27991865",
                &"5m",
                &"+09:00",
            ],
            &[&"(x)", &"“일시 중지와 재개”", &"@daily", &"Asia/Seoul", &"", &" ", &"Z", &"M"],
            &[
                &"startingDeadlineSeconds(300)",
                &"(seed 000)",
                &"Europe/Berlin",
                &"OnFailure",
                &"Never",
                &"Allow",
                &"R",
                &"3",
            ],
        ];
        for &msg in Msg::ALL {
            for args in samples {
                particle::assert_no_mechanical_particle(&Lang::Ko.format(msg, args));
            }
        }
        let scenarios = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
        let mut notes = 0;
        for entry in std::fs::read_dir(scenarios).unwrap() {
            let ko = entry.unwrap().path().join("ko.md");
            if ko.exists() {
                particle::assert_no_mechanical_particle(&std::fs::read_to_string(ko).unwrap());
                notes += 1;
            }
        }
        assert!(notes >= 18, "{notes} scenarios' Korean notes");
    }

    #[test]
    fn korean_particles_agree_with_the_value_before_them() {
        let object = |v: &dyn fmt::Display| fill("“{0}”{을/를} 열까요?", &[v]);
        assert_eq!(object(&"일시 중지와 재개"), "“일시 중지와 재개”를 열까요?");
        assert_eq!(object(&"Forbid와 밀린 실행"), "“Forbid와 밀린 실행”을 열까요?");
        let code = |v: &dyn fmt::Display| fill("종료 코드 {0}{으로/로} 끝나", &[v]);
        assert_eq!(
            [code(&1), code(&3), code(&137), code(&143)],
            ["종료 코드 1로 끝나", "종료 코드 3으로 끝나", "종료 코드 137로 끝나", "종료 코드 143으로 끝나"]
        );
        assert_eq!(fill("{0}{과/와} {1}{은/는}", &[&"10:00", &"11:00"]), "10:00과 11:00은");
        assert_eq!(fill("{x/y}", &[]), "{x/y}", "not a particle pair");
    }
}
