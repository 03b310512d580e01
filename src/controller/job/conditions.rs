//! Job conditions and the Events the Job controller records, with Kubernetes' exact texts
//! (`job_controller.go`: `newCondition`, `ensureJobConditionStatus`, `recordJobFinished`).

use crate::api::{ConditionStatus, JobCondition, JobConditionType};
use chrono::{DateTime, Utc};

pub use crate::controller::{Event, EventType};

/// Reason of a Job failed by `backoffLimit` (or the OnFailure restart count).
pub const REASON_BACKOFF_LIMIT_EXCEEDED: &str = "BackoffLimitExceeded";
/// Message for [`REASON_BACKOFF_LIMIT_EXCEEDED`].
pub const MESSAGE_BACKOFF_LIMIT_EXCEEDED: &str = "Job has reached the specified backoff limit";
/// Reason of a Job failed by `activeDeadlineSeconds`.
pub const REASON_DEADLINE_EXCEEDED: &str = "DeadlineExceeded";
/// Message for [`REASON_DEADLINE_EXCEEDED`].
pub const MESSAGE_DEADLINE_EXCEEDED: &str = "Job was active longer than specified deadline";
/// Reason of a Job failed by a `FailJob` pod failure policy rule.
pub const REASON_POD_FAILURE_POLICY: &str = "PodFailurePolicy";
/// Reason of a Job failed by `maxFailedIndexes`.
pub const REASON_MAX_FAILED_INDEXES_EXCEEDED: &str = "MaxFailedIndexesExceeded";
/// Message for [`REASON_MAX_FAILED_INDEXES_EXCEEDED`].
pub const MESSAGE_MAX_FAILED_INDEXES_EXCEEDED: &str = "Job has exceeded the specified maximal number of failed indexes";
/// Reason of an Indexed Job that finished with failed indexes.
pub const REASON_FAILED_INDEXES: &str = "FailedIndexes";
/// Message for [`REASON_FAILED_INDEXES`].
pub const MESSAGE_FAILED_INDEXES: &str = "Job has failed indexes";
/// Reason of a Job ended early by its success policy.
pub const REASON_SUCCESS_POLICY: &str = "SuccessPolicy";
/// Reason of `SuccessCriteriaMet`/`Complete` when the completions were reached (JobSuccessPolicy on).
pub const REASON_COMPLETIONS_REACHED: &str = "CompletionsReached";
/// Message for [`REASON_COMPLETIONS_REACHED`].
pub const MESSAGE_COMPLETIONS_REACHED: &str = "Reached expected number of succeeded pods";

/// A condition with both probe and transition time `now` (`newCondition`).
pub fn new_condition(
    condition_type: JobConditionType,
    status: ConditionStatus,
    reason: &str,
    message: &str,
    now: DateTime<Utc>,
) -> JobCondition {
    JobCondition {
        condition_type,
        status,
        last_probe_time: Some(now),
        last_transition_time: Some(now),
        reason: reason.into(),
        message: message.into(),
    }
}

/// `ensureJobConditionStatus`: updates the condition of that type if its status, reason or message
/// differ; appends it if missing, unless the status is `False`. Returns whether the list changed.
///
/// ```
/// use chrono::Utc;
/// use cronjob_playground::api::{ConditionStatus, JobConditionType};
/// use cronjob_playground::controller::job::ensure_condition_status;
/// let mut list = vec![];
/// assert!(!ensure_condition_status(&mut list, JobConditionType::Suspended, ConditionStatus::False, "JobResumed",
///     "Job resumed", Utc::now()));
/// assert!(list.is_empty());
/// ```
pub fn ensure_condition_status(
    list: &mut Vec<JobCondition>,
    condition_type: JobConditionType,
    status: ConditionStatus,
    reason: &str,
    message: &str,
    now: DateTime<Utc>,
) -> bool {
    if let Some(c) = list.iter_mut().find(|c| c.condition_type == condition_type) {
        if c.status != status || c.reason != reason || c.message != message {
            *c = new_condition(condition_type, status, reason, message, now);
            return true;
        }
        return false;
    }
    if status != ConditionStatus::False {
        list.push(new_condition(condition_type, status, reason, message, now));
        return true;
    }
    false
}

pub(crate) fn has_true(list: &[JobCondition], condition_type: JobConditionType) -> Option<&JobCondition> {
    list.iter().find(|c| c.condition_type == condition_type && c.status == ConditionStatus::True)
}
