//! How the Job controller reads its pods: active, terminating, ready, failed, finished time,
//! completion index and per-index failure counts (`pkg/controller/controller_utils.go`
//! `IsPodActive`/`CountTerminatingPods`, `job_controller.go:isPodFailed`,
//! `backoff_utils.go:getFinishedTime`, `indexed_job_utils.go:getCompletionIndex`).

use crate::api::{ConditionStatus, Pod, PodPhase, POD_READY};
use chrono::{DateTime, TimeDelta, Utc};

/// The finalizer that keeps a Job's pod until the controller has counted it.
pub const JOB_TRACKING_FINALIZER: &str = "batch.kubernetes.io/job-tracking";
/// Annotation (and, from 1.28, label) with an Indexed Job pod's completion index.
pub const JOB_COMPLETION_INDEX_ANNOTATION: &str = "batch.kubernetes.io/job-completion-index";
/// Annotation with the number of counted earlier failures of the pod's index (backoffLimitPerIndex).
pub const JOB_INDEX_FAILURE_COUNT_ANNOTATION: &str = "batch.kubernetes.io/job-index-failure-count";
/// Annotation with the number of earlier failures of the index ignored by the pod failure policy.
pub const JOB_INDEX_IGNORED_FAILURE_COUNT_ANNOTATION: &str = "batch.kubernetes.io/job-index-ignored-failure-count";

pub(crate) fn phase(pod: &Pod) -> PodPhase {
    pod.status.phase.unwrap_or_default()
}

fn is_terminal(pod: &Pod) -> bool {
    matches!(phase(pod), PodPhase::Succeeded | PodPhase::Failed)
}

/// Counted in `status.active`: not finished and not being deleted.
pub fn is_active(pod: &Pod) -> bool {
    !is_terminal(pod) && pod.metadata.deletion_timestamp.is_none()
}

/// Counted in `status.terminating`: not finished but being deleted.
pub fn is_terminating(pod: &Pod) -> bool {
    !is_terminal(pod) && pod.metadata.deletion_timestamp.is_some()
}

/// The pod's `Ready` condition is `True`.
pub fn is_ready(pod: &Pod) -> bool {
    pod.status.condition(POD_READY).is_some_and(|c| c.status == ConditionStatus::True)
}

pub(crate) fn has_tracking_finalizer(pod: &Pod) -> bool {
    pod.metadata.finalizers.iter().any(|f| f == JOB_TRACKING_FINALIZER)
}

/// Whether the controller treats the pod as failed: phase `Failed`, or — unless only failed pods
/// are replaced (`podReplacementPolicy: Failed` or a pod failure policy) — deleted before it
/// finished (orphans that never reach a phase).
pub fn is_pod_failed(pod: &Pod, only_replace_failed: bool) -> bool {
    match phase(pod) {
        PodPhase::Failed => true,
        _ if only_replace_failed => false,
        p => pod.metadata.deletion_timestamp.is_some() && p != PodPhase::Succeeded,
    }
}

/// When the pod finished, for the back-off (`getFinishedTime`): the latest container
/// `finishedAt` if every container terminated, else the `Ready=False` transition, else
/// `deletionTimestamp − deletionGracePeriodSeconds`, else the creation time.
pub fn finished_time(pod: &Pod) -> DateTime<Utc> {
    let from_containers = pod.status.container_statuses.iter().try_fold(None, |latest: Option<DateTime<Utc>>, s| {
        let t = s.state.terminated.as_ref()?.finished_at?;
        Some(Some(latest.map_or(t, |l| l.max(t))))
    });
    if let Some(Some(t)) = from_containers {
        return t;
    }
    if let Some(t) = pod
        .status
        .condition(POD_READY)
        .filter(|c| c.status == ConditionStatus::False)
        .and_then(|c| c.last_transition_time)
    {
        return t;
    }
    if let Some(d) = pod.metadata.deletion_timestamp {
        return d - TimeDelta::seconds(pod.metadata.deletion_grace_period_seconds.unwrap_or(0));
    }
    pod.metadata.creation_timestamp.unwrap_or_default()
}

/// The pod's completion index, if it has a valid one (`getCompletionIndex`).
pub fn completion_index(pod: &Pod) -> Option<u32> {
    pod.metadata.annotations.get(JOB_COMPLETION_INDEX_ANNOTATION)?.parse::<u32>().ok()
}

fn annotation_count(pod: &Pod, key: &str) -> u32 {
    pod.metadata.annotations.get(key).and_then(|v| v.parse::<u32>().ok()).filter(|&v| v <= i32::MAX as u32).unwrap_or(0)
}

/// `job-index-failure-count` (0 when absent or malformed).
pub fn index_failure_count(pod: &Pod) -> u32 {
    annotation_count(pod, JOB_INDEX_FAILURE_COUNT_ANNOTATION)
}

/// `job-index-ignored-failure-count` (0 when absent or malformed).
pub fn index_ignored_failure_count(pod: &Pod) -> u32 {
    annotation_count(pod, JOB_INDEX_IGNORED_FAILURE_COUNT_ANNOTATION)
}

/// Deletion order among active pods (`controller.ActivePods`): unscheduled before scheduled,
/// pending before running, not ready before ready. Returns a sort key; smaller goes first.
pub(crate) fn removal_rank(pod: &Pod) -> (u8, u8) {
    let phase_rank = match phase(pod) {
        PodPhase::Pending => 0,
        PodPhase::Unknown => 1,
        _ => 2,
    };
    (phase_rank, u8::from(is_ready(pod)))
}
