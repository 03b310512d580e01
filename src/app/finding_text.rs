//! A lint finding's sentence as data: which finding it is and its values (times, names, counts,
//! Kubernetes' own texts), so the page can say it in the reader's language through the catalog
//! ([`crate::i18n`]) while the CLI keeps the English `message`.

use crate::i18n::probes::ProbeWords;
use crate::i18n::Sentences;
use crate::i18n::{Lang, Msg};
use serde::{Deserialize, Serialize};

/// One lint finding's sentence. Values stay as the probe printed them; `reason`, `event` and
/// `explanation` are Kubernetes' own words and are never translated.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum FindingText {
    /// Only the English `message` (a report from before findings carried their values).
    #[default]
    Unknown,
    RetroactiveEdit {
        last_run: String,
        schedule: String,
        edited_at: String,
        job: String,
        created_at: String,
        scheduled: String,
        deadline: Option<i64>,
        /// The other CronJobs of which the same is certain (no `startingDeadlineSeconds`).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        others: Vec<String>,
    },
    /// The controller refuses to start the CronJob again after the outage.
    TooManyMissedRefused {
        outage: String,
        down: String,
        up: String,
        reason: String,
        event: String,
        event_at: String,
        end: String,
        marked: usize,
        remedy: bool,
    },
    /// The controller starts only the latest missed time after the outage.
    TooManyMissedLatest {
        outage: String,
        down: String,
        up: String,
        reason: String,
        event: String,
        event_at: String,
        job: String,
        scheduled: String,
        lost: usize,
        remedy: bool,
    },
    ForbidStarves {
        job_length: String,
        active_deadline: Option<i64>,
        interval: String,
        skipped: usize,
        total: usize,
        late: usize,
        first_skipped: String,
        explanation: String,
    },
    DeadlineMissed {
        deadline: i64,
        legacy_v1: bool,
        missed: usize,
        decided: usize,
        first: String,
        explanation: String,
    },
    DeadlineTight {
        deadline: i64,
        legacy_v1: bool,
        lateness: String,
    },
    /// `runs` are (Job name, creation time) pairs.
    DstDoubleRun {
        zone: String,
        first: String,
        second: String,
        runs: Vec<(String, String)>,
    },
    DstSkippedRun {
        zone: String,
        first: String,
        second: String,
        gap: String,
        runs: Vec<(String, String)>,
    },
    /// Forbid without activeDeadlineSeconds: the probe's first Job never ends.
    ForbidHung {
        job: String,
        scheduled: String,
        skipped: usize,
        total: usize,
        end: String,
        explanation: String,
    },
    EveryMinuteOfHour {
        schedule: String,
        from: String,
        runs: usize,
        meant: String,
        hour: u32,
    },
    DayOrWeekday {
        day_of_month: String,
        day_of_week: String,
        runs: usize,
        both: usize,
        example: String,
        weekday: String,
    },
    FailedHistoryZero {
        job: String,
        failed: String,
        deleted: String,
    },
    OnFailureLogsLost {
        backoff_limit: i32,
        pod: String,
        attempts: usize,
        deleted: String,
        reason: String,
    },
    SameMinute {
        at: String,
        count: usize,
        others: String,
    },
}

/// A piece of a rendered sentence.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum SentencePart {
    /// The playground's words (translated), with its values.
    Own(String),
    /// Kubernetes' own text, verbatim.
    Kubernetes(String),
}

/// Marks where a Kubernetes text goes while the catalog fills the sentence.
const MARK: char = '\u{1}';

impl FindingText {
    /// The sentence in `lang`, `None` for [`FindingText::Unknown`].
    ///
    /// ```
    /// use cronjob_playground::i18n::Lang;
    /// use cronjob_playground::app::finding_text::FindingText;
    /// let t = FindingText::DeadlineTight { deadline: 5, legacy_v1: false, lateness: "100ms".into() };
    /// assert!(t.render(Lang::Ja).unwrap().starts_with("startingDeadlineSeconds 5 には余裕がほとんどありません"));
    /// ```
    pub fn render(&self, lang: Lang) -> Option<String> {
        let parts = self.parts(lang)?;
        Some(
            parts
                .into_iter()
                .map(|p| match p {
                    SentencePart::Own(s) | SentencePart::Kubernetes(s) => s,
                })
                .collect(),
        )
    }

    /// The sentence in `lang` in pieces, so the page can set Kubernetes' texts apart.
    pub fn parts(&self, lang: Lang) -> Option<Vec<SentencePart>> {
        let (text, quoted) = self.catalog_sentence(lang).or_else(|| self.probe_sentence(lang))?;
        let mut parts = vec![];
        for (i, own) in text.split(MARK).enumerate() {
            if i > 0 {
                parts.push(SentencePart::Kubernetes(quoted.get(i - 1).copied().unwrap_or_default().to_owned()));
            }
            if !own.is_empty() {
                parts.push(SentencePart::Own(own.to_owned()));
            }
        }
        Some(parts)
    }

    /// The sentence of a finding whose words are in the page's catalog ([`Msg`]), with [`MARK`]
    /// where each of the Kubernetes texts that follow it goes; `None` for the others.
    fn catalog_sentence(&self, lang: Lang) -> Option<(String, Vec<&str>)> {
        let l = lang;
        let k = MARK;
        let reaction = |v1: bool| l.text(if v1 { Msg::LintReactionV1 } else { Msg::LintReactionV2 });
        let runs = |runs: &[(String, String)]| {
            runs.iter()
                .map(|(job, at)| l.format(Msg::LintRunAt, &[job, at]))
                .collect::<Vec<_>>()
                .join(l.text(Msg::LintListSeparator))
        };
        let remedy = |r: bool| if r { l.text(Msg::LintRemedyDeadline) } else { "" };
        // Both outcomes of a long outage share the sentence; only what the controller does then differs.
        let too_many_missed = |[outage, down, up, event_at]: [&String; 4], then: &str, remedy: &str| {
            l.format(Msg::LintTooManyMissed, &[outage, down, up, &k, &k, event_at, &then, &remedy])
        };
        Some(match self {
            FindingText::RetroactiveEdit {
                last_run,
                schedule,
                edited_at,
                job,
                created_at,
                scheduled,
                deadline,
                others,
            } => {
                let fix = match deadline {
                    Some(d) => l.format(Msg::LintFixDeadlineLonger, &[d]),
                    None => l.text(Msg::LintFixSetDeadline).to_owned(),
                };
                let mut text = l.format(
                    Msg::LintRetroactiveEdit,
                    &[last_run, schedule, edited_at, job, created_at, scheduled, &fix],
                );
                if !others.is_empty() {
                    text.push(' ');
                    text.push_str(&ProbeWords::RetroactiveOthers.format(l, &[&others.len(), &others.join(", ")]));
                }
                (text, vec![])
            }
            FindingText::TooManyMissedRefused { outage, down, up, reason, event, event_at, end, marked, remedy: r } => {
                let then = l.format(Msg::LintRefusedAfterOutage, &[up, end, marked]);
                (too_many_missed([outage, down, up, event_at], &then, remedy(*r)), vec![reason, event])
            }
            FindingText::TooManyMissedLatest {
                outage,
                down,
                up,
                reason,
                event,
                event_at,
                job,
                scheduled,
                lost,
                remedy: r,
            } => {
                let then = l.format(Msg::LintLatestOnlyAfterOutage, &[job, scheduled, lost]);
                (too_many_missed([outage, down, up, event_at], &then, remedy(*r)), vec![reason, event])
            }
            FindingText::ForbidStarves {
                job_length,
                active_deadline,
                interval,
                skipped,
                total,
                late,
                first_skipped,
                explanation,
            } => {
                let why = match active_deadline {
                    Some(a) => l.format(Msg::LintJobsBoundedBy, &[a]),
                    None => l.text(Msg::LintJobsUnbounded).to_owned(),
                };
                (
                    l.format(
                        Msg::LintForbidStarves,
                        &[job_length, &why, interval, skipped, total, late, first_skipped, &k],
                    ),
                    vec![explanation],
                )
            }
            FindingText::DeadlineMissed { deadline, legacy_v1, missed, decided, first, explanation } => (
                l.format(Msg::LintDeadlineMissed, &[deadline, &reaction(*legacy_v1), missed, decided, first, &k]),
                vec![explanation],
            ),
            FindingText::DeadlineTight { deadline, legacy_v1, lateness } => {
                (l.format(Msg::LintDeadlineTight, &[deadline, lateness, &reaction(*legacy_v1)]), vec![])
            }
            FindingText::DstDoubleRun { zone, first, second, runs: r } => {
                (l.format(Msg::LintDstDoubleRun, &[zone, first, second, &runs(r)]), vec![])
            }
            FindingText::DstSkippedRun { zone, first, second, gap, runs: r } => {
                (l.format(Msg::LintDstSkippedRun, &[zone, first, second, gap, &runs(r)]), vec![])
            }
            _ => return None,
        })
    }

    /// The sentence of a finding of the real-world probes ([`ProbeWords`]), as
    /// [`catalog_sentence`](Self::catalog_sentence) gives the others.
    fn probe_sentence(&self, lang: Lang) -> Option<(String, Vec<&str>)> {
        let (l, k) = (lang, MARK);
        Some(match self {
            FindingText::ForbidHung { job, scheduled, skipped, total, end, explanation } => {
                (ProbeWords::ForbidHung.format(l, &[job, scheduled, skipped, total, end, &k]), vec![explanation])
            }
            FindingText::EveryMinuteOfHour { schedule, from, runs, meant, hour } => {
                (ProbeWords::EveryMinuteOfHour.format(l, &[schedule, from, runs, meant, hour]), vec![])
            }
            FindingText::DayOrWeekday { day_of_month, day_of_week, runs, both, example, weekday } => {
                (ProbeWords::DayOrWeekday.format(l, &[day_of_month, day_of_week, runs, both, example, weekday]), vec![])
            }
            FindingText::FailedHistoryZero { job, failed, deleted } => {
                (ProbeWords::FailedHistoryZero.format(l, &[job, failed, deleted]), vec![])
            }
            FindingText::OnFailureLogsLost { backoff_limit, pod, attempts, deleted, reason } => {
                (ProbeWords::OnFailureLogsLost.format(l, &[backoff_limit, pod, attempts, deleted, &k]), vec![reason])
            }
            FindingText::SameMinute { at, count, others } => {
                (ProbeWords::SameMinute.format(l, &[at, count, others]), vec![])
            }
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &str) -> String {
        v.to_owned()
    }

    const T1: &str = "2023-03-22T13:00:00Z";
    const T2: &str = "2023-03-23T01:05:00Z";

    /// One of each kind, with values that must come through in every language.
    fn every_kind() -> Vec<(FindingText, Vec<&'static str>)> {
        [edits_and_outages(), policies_and_zones()].concat()
    }

    /// The findings on a schedule edited or a controller down: retroactive runs, too many missed.
    fn edits_and_outages() -> Vec<(FindingText, Vec<&'static str>)> {
        let (t1, t2) = (T1, T2);
        vec![
            (
                FindingText::RetroactiveEdit {
                    last_run: s(t1),
                    schedule: s("5 19 * * *"),
                    edited_at: s(t2),
                    job: s("cron-test-27991865"),
                    created_at: s("2023-03-23T01:05:00.100Z"),
                    scheduled: s("2023-03-22T19:05:00Z"),
                    deadline: None,
                    others: vec![s("ops/log-rotate"), s("etl/hourly-load")],
                },
                vec![
                    t1,
                    "5 19 * * *",
                    t2,
                    "cron-test-27991865",
                    "2023-03-23T01:05:00.100Z",
                    "2023-03-22T19:05:00Z",
                    "startingDeadlineSeconds",
                    "300",
                    "ops/log-rotate, etl/hourly-load",
                ],
            ),
            (
                FindingText::RetroactiveEdit {
                    last_run: s(t1),
                    schedule: s("5 19 * * *"),
                    edited_at: s(t2),
                    job: s("j"),
                    created_at: s(t2),
                    scheduled: s(t1),
                    deadline: Some(600),
                    others: vec![],
                },
                vec!["(600)", "lastScheduleTime"],
            ),
            (
                FindingText::TooManyMissedRefused {
                    outage: s("1h41m"),
                    down: s(t1),
                    up: s(t2),
                    reason: s("FailedNeedsStart"),
                    event: s("\"Too many missed\""),
                    event_at: s("2023-03-23T01:05:00.100Z"),
                    end: s("2023-03-23T01:10:00Z"),
                    marked: 7,
                    remedy: true,
                },
                vec![
                    "1h41m",
                    t1,
                    t2,
                    "FailedNeedsStart \"Too many missed\"",
                    "2023-03-23T01:10:00Z",
                    "7",
                    "too-many-missed",
                    "startingDeadlineSeconds",
                ],
            ),
            (
                FindingText::TooManyMissedLatest {
                    outage: s("1h41m"),
                    down: s(t1),
                    up: s(t2),
                    reason: s("TooManyMissedTimes"),
                    event: s("\"too many\""),
                    event_at: s(t2),
                    job: s("every-minute-1"),
                    scheduled: s("2020-06-01T10:11:00Z"),
                    lost: 100,
                    remedy: false,
                },
                vec!["TooManyMissedTimes \"too many\"", "every-minute-1", "2020-06-01T10:11:00Z", "100"],
            ),
        ]
    }

    /// The findings on the concurrency policy, the starting deadline and zone changes.
    fn policies_and_zones() -> Vec<(FindingText, Vec<&'static str>)> {
        let (t1, t2) = (T1, T2);
        vec![
            (
                FindingText::ForbidStarves {
                    job_length: s("15m"),
                    active_deadline: None,
                    interval: s("10m"),
                    skipped: 5,
                    total: 10,
                    late: 4,
                    first_skipped: s(t1),
                    explanation: s("concurrencyPolicy is Forbid"),
                },
                vec!["15m", "10m", "5", "10", "4", t1, "concurrencyPolicy is Forbid", "1.5"],
            ),
            (
                FindingText::ForbidStarves {
                    job_length: s("20m"),
                    active_deadline: Some(1200),
                    interval: s("10m"),
                    skipped: 1,
                    total: 2,
                    late: 0,
                    first_skipped: s(t1),
                    explanation: s("x"),
                },
                vec!["activeDeadlineSeconds 1200"],
            ),
            (
                FindingText::DeadlineMissed {
                    deadline: 5,
                    legacy_v1: true,
                    missed: 3,
                    decided: 9,
                    first: s(t1),
                    explanation: s("missed the deadline"),
                },
                vec!["startingDeadlineSeconds 5", "v1", "10", "3", "9", t1, "missed the deadline"],
            ),
            (
                FindingText::DeadlineTight { deadline: 8, legacy_v1: false, lateness: s("100ms") },
                vec!["startingDeadlineSeconds 8", "100ms", "v2", "100"],
            ),
            (
                FindingText::DstDoubleRun {
                    zone: s("Europe/Berlin"),
                    first: s("A (02:30 +02:00)"),
                    second: s("B (02:30 +01:00)"),
                    runs: vec![(s("nightly-1"), s(t1)), (s("nightly-2"), s(t2))],
                },
                vec!["Europe/Berlin", "A (02:30 +02:00)", "B (02:30 +01:00)", "nightly-1", "nightly-2", t1, t2],
            ),
            (
                FindingText::DstSkippedRun {
                    zone: s("Europe/Berlin"),
                    first: s("A"),
                    second: s("B"),
                    gap: s("1d1h"),
                    runs: vec![(s("nightly-3"), s(t1))],
                },
                vec!["Europe/Berlin", "1d1h", "nightly-3", t1],
            ),
        ]
    }

    #[test]
    fn every_finding_kind_reads_in_all_three_languages_with_its_values() {
        for (text, values) in every_kind() {
            let en = text.render(Lang::En).unwrap();
            let ja = text.render(Lang::Ja).unwrap();
            let ko = text.render(Lang::Ko).unwrap();
            for (lang, sentence) in [(Lang::En, &en), (Lang::Ja, &ja), (Lang::Ko, &ko)] {
                for v in &values {
                    assert!(sentence.contains(v), "{lang}: {v:?} missing from {sentence}");
                }
                assert!(!sentence.contains('{'), "{lang}: a placeholder left in {sentence}");
            }
            assert!(ja.chars().any(|c| ('\u{3040}'..='\u{30ff}').contains(&c)), "not Japanese: {ja}");
            assert!(ko.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c)), "not Korean: {ko}");
            crate::i18n::particle::assert_no_mechanical_particle(&ko);
            for english in ["start times", "the controller", "runs:", " at 20"] {
                assert!(!ja.contains(english) && !ko.contains(english), "English {english:?} in {ja} / {ko}");
            }
        }
    }

    #[test]
    fn kubernetes_texts_are_set_apart_and_verbatim() {
        let text = FindingText::DeadlineMissed {
            deadline: 5,
            legacy_v1: true,
            missed: 1,
            decided: 2,
            first: s("T"),
            explanation: s("Missed starting window"),
        };
        let parts = text.parts(Lang::Ko).unwrap();
        assert_eq!(
            parts.iter().filter(|p| matches!(p, SentencePart::Kubernetes(_))).collect::<Vec<_>>(),
            [&SentencePart::Kubernetes(s("Missed starting window"))]
        );
        assert_eq!(FindingText::Unknown.render(Lang::Ja), None);
    }

    #[test]
    fn a_finding_without_its_data_still_reads_from_json() {
        let f: crate::app::lint::Finding = serde_json::from_str(
            r#"{"rule":"forbid-starves","severity":"warning","message":"m","times":[],"playground":""}"#,
        )
        .unwrap();
        assert_eq!(f.text, FindingText::Unknown);
        let tight = FindingText::DeadlineTight { deadline: 8, legacy_v1: false, lateness: s("100ms") };
        let json = serde_json::to_string(&tight).unwrap();
        assert_eq!(json, r#"{"deadlineTight":{"deadline":8,"legacyV1":false,"lateness":"100ms"}}"#);
        assert_eq!(serde_json::from_str::<FindingText>(&json).unwrap(), tight);
    }
}
