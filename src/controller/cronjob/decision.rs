//! The rule that decided a sync, as a stable code plus a sentence for people who have never read
//! the controller's source. The codes are the `decision.code` values of
//! `docs/contracts.md` §3; the explanation names the rule and the values involved.

use super::explain::Reasoning;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

/// Which branch of the controller's sync decided the outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DecisionCode {
    /// A Job was created for the due slot (or an existing one of ours was adopted).
    Created,
    /// No slot is due; the controller waits for the next one.
    NotDue,
    /// The most recent slot is older than `startingDeadlineSeconds`: skipped, silently.
    TooLate,
    /// Slots were missed but the approximate search (1.28+) found none of them.
    NotFoundBySearch,
    /// The due slot already has its Job (by name in `status.active` or `lastScheduleTime`).
    AlreadyProcessed,
    /// Forbid and a Job is still active: the slot waits.
    ForbidActive,
    /// `spec.suspend` is true.
    Suspended,
    /// The CronJob has a deletionTimestamp.
    Deleting,
    /// `spec.timeZone` does not load.
    UnknownTimeZone,
    /// The schedule does not parse, or its slots cannot be computed.
    InvalidSchedule,
    /// robfig's `Next` would never return on this schedule; the real worker would hang.
    ScheduleHangs,
    /// Legacy v1: more than 100 unmet slots, so nothing is ever started.
    TooManyMissed,
    /// The Job name is taken by a Job this CronJob does not control, or already tracked.
    AlreadyExists,
    /// Creating the Job failed.
    CreateFailed,
    /// Replace could not read or delete the running Job.
    ReplaceFailed,
    /// Reading from the API server failed before a decision could be made.
    ApiError,
    /// Writing the status failed; the sync is retried with back-off.
    StatusUpdateFailed,
}

impl DecisionCode {
    /// The kebab-case code, as serialized.
    pub fn as_str(self) -> &'static str {
        match self {
            DecisionCode::Created => "created",
            DecisionCode::NotDue => "not-due",
            DecisionCode::TooLate => "too-late",
            DecisionCode::NotFoundBySearch => "not-found-by-search",
            DecisionCode::AlreadyProcessed => "already-processed",
            DecisionCode::ForbidActive => "forbid-active",
            DecisionCode::Suspended => "suspended",
            DecisionCode::Deleting => "deleting",
            DecisionCode::UnknownTimeZone => "unknown-time-zone",
            DecisionCode::InvalidSchedule => "invalid-schedule",
            DecisionCode::ScheduleHangs => "schedule-hangs",
            DecisionCode::TooManyMissed => "too-many-missed",
            DecisionCode::AlreadyExists => "already-exists",
            DecisionCode::CreateFailed => "create-failed",
            DecisionCode::ReplaceFailed => "replace-failed",
            DecisionCode::ApiError => "api-error",
            DecisionCode::StatusUpdateFailed => "status-update-failed",
        }
    }
}

impl fmt::Display for DecisionCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The deciding rule and its plain-language explanation.
///
/// ```
/// use cronjob_playground::controller::cronjob::{Decision, DecisionCode};
/// let d = Decision::new(DecisionCode::Suspended, "spec.suspend is true, so no Job is started.");
/// assert_eq!(serde_json::to_string(&d).unwrap(),
///     r#"{"code":"suspended","explanation":"spec.suspend is true, so no Job is started."}"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    /// The rule.
    pub code: DecisionCode,
    /// One or two sentences naming the rule and the values that triggered it (put into words
    /// when displayed or serialized).
    pub explanation: Reasoning,
}

impl Decision {
    /// A decision with its explanation in words.
    pub fn new(code: DecisionCode, explanation: impl Into<Cow<'static, str>>) -> Self {
        Decision { code, explanation: Reasoning::text(explanation) }
    }

    /// A decision with its explanation as facts.
    pub fn because(code: DecisionCode, explanation: Reasoning) -> Self {
        Decision { code, explanation }
    }
}
