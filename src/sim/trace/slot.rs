//! The fate of every nominal schedule time, with the reason in words.

use super::time::{rfc3339, Time};
use serde::{Deserialize, Serialize};

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
    pub cron_job: String,
    #[serde(with = "rfc3339")]
    pub scheduled_time: Time,
    pub fate: SlotFate,
    /// The Job created for this slot, if any.
    pub job: Option<String>,
    pub explanation: String,
}
