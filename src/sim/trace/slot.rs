//! The fate of every nominal schedule time, with the reason (put into words when read).

use super::time::{format_time, rfc3339, Time};
use super::Name;
use crate::controller::cronjob::DecisionCode;
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
    Syncs(usize),
}

/// Why a slot met its fate: the facts, put into words only when the trace is serialized or an
/// explanation is read (a year of a minutely CronJob has half a million slots, and a reader looks
/// at a handful). Serializes as the text; reads back as [`SlotWhy::Text`]; two are equal when
/// their words are.
///
/// ```
/// use cronjob_playground::sim::trace::SlotWhy;
/// let why = SlotWhy::from("The horizon ended before the controller acted on this slot.");
/// assert_eq!(serde_json::to_string(&why).unwrap(), r#""The horizon ended before the controller acted on this slot.""#);
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

impl fmt::Display for SlotWhy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = |t: &Time| format_time(t);
        match self {
            SlotWhy::Text(t) => f.write_str(t),
            SlotWhy::Ran { job, created, late, after } => {
                write!(f, "Job {job} was created at {} ({} after the slot)", at(created), Seconds(*late))?;
                match after {
                    RanAfter::Forbid => f.write_str(": concurrencyPolicy Forbid held it while an earlier Job was active; when that Job finished, the next sync started this still-unmet slot."),
                    RanAfter::Suspend => f.write_str(": the CronJob was suspended at the slot; on resume the controller started the most recent unmet slot."),
                    RanAfter::Outage => f.write_str(": kube-controller-manager was down at the slot; when it came back its first sync started the most recent unmet slot."),
                    RanAfter::ScheduleEdit => f.write_str(": retroactive run — the schedule was edited after this time; the controller evaluated the new schedule from status.lastScheduleTime and started its most recent unmet slot (set startingDeadlineSeconds to prevent this)."),
                    RanAfter::FirstSync => f.write_str(" by the first sync after the slot."),
                    RanAfter::Syncs(n) => write!(f, ": {n} earlier sync(s) after the slot did not start it."),
                }
            }
            SlotWhy::NotFoundAfterOutage { back } => write!(f, "kube-controller-manager was down at this time; when it came back at {}, its search for the most recent unmet time (it looks back about two intervals of the first gap after lastScheduleTime) did not find this slot, so nothing ran.", at(back)),
            SlotWhy::NameTaken { at: t } => write!(f, "The Job name (the CronJob's name and the slot's minutes since the epoch) was already taken by the Job of an earlier slot in the same minute; at {} the controller got AlreadyExists and adopted that Job instead of creating one, so this slot did not run.", at(t)),
            SlotWhy::Superseded { slot, at: t } => write!(f, "A later slot ({}) was started instead at {}: the controller only ever starts the most recent unmet time.", slot.as_ref().map_or_else(|| "?".into(), at), at(t)),
            SlotWhy::ForbidPastDeadline { released, age, deadline } => write!(f, "concurrencyPolicy Forbid held it while an earlier Job was active; by the sync at {} it was {} old, reaching startingDeadlineSeconds ({deadline}s), so the controller stopped looking for it and it never ran.", at(released), Seconds(*age)),
            SlotWhy::Forbidden { policy, at: t } => write!(f, "concurrencyPolicy is {policy}: at {} an earlier Job was still active, so the controller recorded JobAlreadyActive and started nothing; the slot was later superseded or fell out of reach.", at(t)),
            SlotWhy::SuspendedAt { at: t } => write!(f, "The CronJob was suspended when the controller looked at {}.", at(t)),
            SlotWhy::NotFoundAt { at: t } => write!(f, "At {} the controller's approximate search for the most recent unmet time (it looks back about two intervals of the first gap) did not find this slot.", at(t)),
            SlotWhy::PastDeadline { edited, at: t, late, deadline } => write!(
                f,
                "{} ran at {} — {} late, more than startingDeadlineSeconds ({deadline}s) — so the slot was skipped silently{}.",
                if *edited { "The schedule was edited after this time; the first sync to count it as unmet" } else { "The first sync after the slot" },
                at(t),
                Seconds(*late),
                if *edited { " (the deadline is what prevents the retroactive run)" } else { "" }
            ),
            SlotWhy::SyncFailed { at: t, code } => write!(f, "The sync at {} ended with `{}`, so no Job was created for this slot.", at(t), code.as_str()),
            SlotWhy::NoSyncWithin { deadline } => write!(f, "No sync started this slot within startingDeadlineSeconds ({deadline}s), so it was skipped silently."),
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
