//! The fate of every nominal schedule time, with the reason (put into words when read, in any of
//! the page's languages).

use super::Name;
use crate::controller::cronjob::DecisionCode;
use crate::i18n::slot_why::SlotWords as W;
use crate::i18n::Lang;
use crate::i18n::Sentences;
use crate::sim::time::{format_time, rfc3339, Time};
use chrono::TimeDelta;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Cow;
use std::fmt;

/// What became of a nominal schedule time — the answer to "why didn't my CronJob run?".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SlotFate {
    /// A Job was created for it on the first sync after it was due.
    RanOnTime,
    /// A Job was created for it, but later than its first chance (the explanation says why).
    RanLate,
    /// `concurrencyPolicy: Forbid` and a Job was still active; no Job ever ran for it.
    SkippedForbid,
    /// It fell outside `startingDeadlineSeconds` before the controller could start it.
    MissedDeadline,
    /// A later slot was started instead (only the most recent unmet time is ever started).
    Superseded,
    /// The CronJob was suspended.
    Suspended,
    /// kube-controller-manager was down.
    ControllerDown,
    /// The v2 controller's approximate search for the most recent unmet time did not find it.
    NotFoundBySearch,
    /// The v1 controller found more than 100 missed start times and started nothing.
    TooManyMissed,
    /// The controller could not create the Job (the explanation gives the error).
    CreateFailed,
    /// The horizon ended before the controller acted on it.
    Pending,
}

impl SlotFate {
    /// Every fate, in declaration order (a compact encoding numbers them by this order).
    pub const ALL: [SlotFate; 11] = [
        SlotFate::RanOnTime,
        SlotFate::RanLate,
        SlotFate::SkippedForbid,
        SlotFate::MissedDeadline,
        SlotFate::Superseded,
        SlotFate::Suspended,
        SlotFate::ControllerDown,
        SlotFate::NotFoundBySearch,
        SlotFate::TooManyMissed,
        SlotFate::CreateFailed,
        SlotFate::Pending,
    ];
}

/// One nominal schedule time and its fate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SlotRecord {
    /// The CronJob's name, shared by all its slots.
    pub cron_job: Name,
    #[serde(with = "rfc3339")]
    pub scheduled_time: Time,
    pub fate: SlotFate,
    /// The Job created for this slot, if any.
    pub job: Option<Name>,
    pub explanation: SlotWhy,
}

/// How a slot that ran came to run when it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RanAfter {
    /// The first sync after the slot created its Job.
    FirstSync,
    /// `concurrencyPolicy: Forbid` held it until an earlier Job finished.
    Forbid,
    /// The CronJob was suspended at the slot and resumed.
    Suspend,
    /// kube-controller-manager was down at the slot.
    Outage,
    /// The schedule was edited after the slot (a retroactive run).
    ScheduleEdit,
    /// This many earlier syncs after the slot did not start it.
    Syncs(u32),
}

/// Why a slot met its fate: the facts, put into words only when the trace is serialized or an
/// explanation is read (a year of a minutely CronJob has half a million slots, and a reader looks
/// at a handful). Serializes as the text; reads back as [`SlotWhy::Text`]; two are equal when
/// their words are.
///
/// ```
/// use cronjob_playground::sim::trace::SlotWhy;
/// let why = SlotWhy::from("The horizon ended before the controller acted on this slot.");
/// assert_eq!(serde_json::to_string(&why).unwrap(),
///     r#""The horizon ended before the controller acted on this slot.""#);
/// ```
#[derive(Clone, Debug)]
pub enum SlotWhy {
    /// Words already.
    Text(Cow<'static, str>),
    /// Job `job` was created at `created`, `late` after the slot.
    Ran { job: Name, created: Time, late: TimeDelta, after: RanAfter },
    /// The controller was down; its first sync after coming back at `back` did not find the slot.
    NotFoundAfterOutage { back: Time },
    /// At `at` the Job's name was already taken by the Job of an earlier slot in the same minute.
    NameTaken { at: Time },
    /// A later slot (`slot`) was started instead at `at`.
    Superseded { slot: Option<Time>, at: Time },
    /// Forbid held it until the sync at `released`, `age` after the slot: past the deadline.
    ForbidPastDeadline { released: Time, age: TimeDelta, deadline: i64 },
    /// An earlier Job was active at `at` under `policy`.
    Forbidden { policy: &'static str, at: Time },
    /// The CronJob was suspended when the controller looked at `at`.
    SuspendedAt { at: Time },
    /// The approximate search at `at` did not find the slot.
    NotFoundAt { at: Time },
    /// The first sync to count it (`edited`: after a schedule edit) ran at `at`, `late` after it,
    /// past `startingDeadlineSeconds`.
    PastDeadline { edited: bool, at: Time, late: TimeDelta, deadline: i64 },
    /// The sync at `at` ended with error `code`.
    SyncFailed { at: Time, code: DecisionCode },
    /// No sync started it within `startingDeadlineSeconds`.
    NoSyncWithin { deadline: i64 },
    /// A sentence with no values (`spec.suspend was true…`, `The horizon ended…`).
    Said(W),
}

impl SlotWhy {
    /// The words (borrowed when they are text already).
    pub fn text(&self) -> Cow<'_, str> {
        match self {
            SlotWhy::Text(t) => Cow::Borrowed(t),
            other => Cow::Owned(other.to_string()),
        }
    }

    /// Whether the words contain `needle`.
    pub fn contains(&self, needle: &str) -> bool {
        self.text().contains(needle)
    }
}

impl SlotWhy {
    /// The words in `lang` (the trace's own text is the English, [`Display`](fmt::Display)).
    ///
    /// ```
    /// use cronjob_playground::{i18n::Lang, sim::trace::SlotWhy};
    /// let at = "2026-03-28T01:30:00Z".parse().unwrap();
    /// let why = SlotWhy::SuspendedAt { at };
    /// assert_eq!(why.to_string(), "The CronJob was suspended when the controller looked at 2026-03-28T01:30:00Z.");
    /// assert_eq!(why.render(Lang::Ko), "2026-03-28T01:30:00Z에 컨트롤러가 확인했을 때 크론잡은 일시 중지 (suspend) 상태였습니다.");
    /// ```
    pub fn render(&self, lang: Lang) -> String {
        let at = |t: &Time| format_time(t);
        match self {
            SlotWhy::Text(t) => t.to_string(),
            SlotWhy::Ran { job, created, late, after } => {
                let (job, created, late) = (job as &dyn fmt::Display, &at(created), &Seconds(*late));
                match after {
                    RanAfter::Forbid => W::RanForbid.format(lang, &[job, created, late]),
                    RanAfter::Suspend => W::RanSuspend.format(lang, &[job, created, late]),
                    RanAfter::Outage => W::RanOutage.format(lang, &[job, created, late]),
                    RanAfter::ScheduleEdit => W::RanScheduleEdit.format(lang, &[job, created, late]),
                    RanAfter::FirstSync => W::RanFirstSync.format(lang, &[job, created, late]),
                    RanAfter::Syncs(n) => W::RanSyncs.format(lang, &[job, created, late, n]),
                }
            }
            SlotWhy::NotFoundAfterOutage { back } => W::NotFoundAfterOutage.format(lang, &[&at(back)]),
            SlotWhy::NameTaken { at: t } => W::NameTaken.format(lang, &[&at(t)]),
            SlotWhy::Superseded { slot, at: t } => {
                W::Superseded.format(lang, &[&slot.as_ref().map_or_else(|| "?".into(), at), &at(t)])
            }
            SlotWhy::ForbidPastDeadline { released, age, deadline } => {
                W::ForbidPastDeadline.format(lang, &[&at(released), &Seconds(*age), deadline])
            }
            SlotWhy::Forbidden { policy, at: t } => W::Forbidden.format(lang, &[policy, &at(t)]),
            SlotWhy::SuspendedAt { at: t } => W::SuspendedAt.format(lang, &[&at(t)]),
            SlotWhy::NotFoundAt { at: t } => W::NotFoundAt.format(lang, &[&at(t)]),
            SlotWhy::PastDeadline { edited, at: t, late, deadline } => {
                let words = if *edited { W::PastDeadlineEdited } else { W::PastDeadline };
                words.format(lang, &[&at(t), &Seconds(*late), deadline])
            }
            SlotWhy::SyncFailed { at: t, code } => W::SyncFailed.format(lang, &[&at(t), &code.as_str()]),
            SlotWhy::NoSyncWithin { deadline } => W::NoSyncWithin.format(lang, &[deadline]),
            SlotWhy::Said(words) => words.text(lang).to_owned(),
        }
    }
}

impl fmt::Display for SlotWhy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SlotWhy::Text(t) => f.write_str(t),
            other => f.write_str(&other.render(Lang::En)),
        }
    }
}

/// A duration as plain seconds with up to three decimals (`0.1s`, `3600s`).
struct Seconds(TimeDelta);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.0.num_milliseconds();
        if ms % 1000 == 0 {
            write!(f, "{}s", ms / 1000)
        } else {
            write!(f, "{}s", ms as f64 / 1000.0)
        }
    }
}

impl PartialEq for SlotWhy {
    fn eq(&self, other: &Self) -> bool {
        self.text() == other.text()
    }
}

impl Eq for SlotWhy {}

impl From<&'static str> for SlotWhy {
    fn from(text: &'static str) -> Self {
        SlotWhy::Text(Cow::Borrowed(text))
    }
}

impl From<String> for SlotWhy {
    fn from(text: String) -> Self {
        SlotWhy::Text(Cow::Owned(text))
    }
}

impl Serialize for SlotWhy {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            SlotWhy::Text(t) => serializer.serialize_str(t),
            other => serializer.collect_str(other),
        }
    }
}

impl<'de> Deserialize<'de> for SlotWhy {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(SlotWhy::from)
    }
}
