//! When an event makes the Job controller sync a Job (`job_controller.go` event handlers:
//! `addPod`/`updatePod`/`deletePod`, `updateJob`). Up to 1.26 a pod turning `Failed` was the
//! back-off itself (`getBackoff`); other pod events were batched by `podUpdateBatchPeriod` while
//! JobReadyPods was on (1 s from its beta in 1.24, PR #107476; the 0.5 s of the 1.23 alpha never
//! ran by default); since 1.27 every pod event is batched by 1 s.

use super::backoff::legacy_pod_failure_delay;
use super::{JobFeatures, JobMemory};
use crate::api::PodPhase;
use chrono::TimeDelta;

/// `syncJobBatchPeriod` (1.27+).
pub const SYNC_JOB_BATCH_PERIOD: TimeDelta = TimeDelta::seconds(1);
/// `podUpdateBatchPeriod` while JobReadyPods is on (1.24–1.26: `const podUpdateBatchPeriod =
/// time.Second` in the release-1.24 `job_controller.go`).
pub const LEGACY_POD_UPDATE_BATCH_PERIOD: TimeDelta = TimeDelta::seconds(1);

/// A pod event the Job controller's informer delivers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PodEvent {
    Added,
    Updated { old_phase: PodPhase, new_phase: PodPhase },
    Deleted,
}

/// The delay before the sync a pod event enqueues (the queue keeps the earliest pending time).
///
/// ```
/// use cronjob_playground::api::{KubernetesVersion, PodPhase};
/// use cronjob_playground::controller::job::{pod_event_delay, JobFeatures, JobMemory, PodEvent};
/// let failed = PodEvent::Updated { old_phase: PodPhase::Running, new_phase: PodPhase::Failed };
/// let mem = JobMemory { requeues: 2, ..JobMemory::default() };
/// let f23 = JobFeatures::for_version(KubernetesVersion::new(23).unwrap(), None);
/// assert_eq!(pod_event_delay(&f23, &mem, failed).num_seconds(), 20);
/// let f28 = JobFeatures::for_version(KubernetesVersion::new(28).unwrap(), None);
/// assert_eq!(pod_event_delay(&f28, &mem, failed).num_seconds(), 1);
/// ```
pub fn pod_event_delay(features: &JobFeatures, memory: &JobMemory, event: PodEvent) -> TimeDelta {
    if features.pod_failure_backoff_record {
        return SYNC_JOB_BATCH_PERIOD;
    }
    let base = if features.job_ready_pods { LEGACY_POD_UPDATE_BATCH_PERIOD } else { TimeDelta::zero() };
    // PR #114516 (1.25.6, 1.26.1) keeps the batch period when the back-off is 0; before it
    // (`backoff := delay; if !immediate { backoff = getBackoff(jm.queue, key) }`, release-1.24) a
    // failed pod with no re-queues so far was synced at once.
    let fixed = features.tracking_with_finalizers && !features.legacy_backoff_reset_regression;
    match event {
        // The same fix applies the back-off only when the pod is seen failing for the first time.
        PodEvent::Updated { old_phase, new_phase: PodPhase::Failed } if old_phase != PodPhase::Failed || !fixed => {
            let b = legacy_pod_failure_delay(memory.requeues);
            if b > TimeDelta::zero() || !fixed {
                b
            } else {
                base
            }
        }
        _ => base,
    }
}

/// The delay before the sync a Job update enqueues: immediate for spec changes (new generation);
/// status-only updates are batched by 1 s since 1.27 and immediate before.
pub fn job_event_delay(features: &JobFeatures, generation_changed: bool) -> TimeDelta {
    if features.pod_failure_backoff_record && !generation_changed {
        SYNC_JOB_BATCH_PERIOD
    } else {
        TimeDelta::zero()
    }
}
