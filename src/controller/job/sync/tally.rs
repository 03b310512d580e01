//! Counting a Job's pods at the start of a sync: active, ready, terminating, and the finished pods
//! not yet in the status (`job_controller.go:syncJob` up to `getNewFinishedPods`; up to 1.24,
//! without finalizer tracking, the counters are recomputed from the pods present).

use super::super::backoff::BackoffRecord;
use super::super::pods::{
    self, finished_time, has_tracking_finalizer, is_active, is_pod_failed, is_ready, is_terminating,
};
use super::shape::Shape;
use super::JobMemory;
use crate::api::{JobStatus, Pod, PodPhase, UncountedTerminatedPods};
use chrono::{DateTime, Utc};
use std::collections::BTreeSet;

pub(super) struct Tally<'a> {
    /// The status being built (a copy of the Job's, with `startTime` and the uncounted lists set).
    pub(super) status: JobStatus,
    pub(super) active_pods: Vec<&'a Pod>,
    pub(super) active: i32,
    pub(super) ready: i32,
    /// Counted only where the release tracks terminating pods.
    pub(super) terminating: Option<i32>,
    pub(super) succeeded: i32,
    pub(super) failed: i32,
    /// The 1.27+ pod-failure back-off record with this sync's newly finished pods.
    pub(super) new_backoff: BackoffRecord,
}

impl<'a> Tally<'a> {
    pub(super) fn count(shape: &Shape<'_>, pods: &'a [&'a Pod], now: DateTime<Utc>, memory: &JobMemory) -> Self {
        let (job, f) = (shape.job, shape.f);
        let mut status = job.status.clone();
        let no_uncounted = UncountedTerminatedPods::default();
        let uncounted = job.status.uncounted_terminated_pods.as_ref().unwrap_or(&no_uncounted);
        if shape.tracking && status.uncounted_terminated_pods.is_none() {
            status.uncounted_terminated_pods = Some(UncountedTerminatedPods::default());
        }
        let active_pods: Vec<&Pod> = pods.iter().copied().filter(|p| is_active(p)).collect();
        let active = active_pods.len() as i32;
        let ready = active_pods.iter().filter(|p| is_ready(p)).count() as i32;
        let terminating =
            f.track_terminating(shape.pfp.is_some()).then(|| pods.iter().filter(|p| is_terminating(p)).count() as i32);

        let (new_succeeded, new_failed) =
            if shape.tracking { new_finished(shape, pods, uncounted) } else { (vec![], vec![]) };
        let (succeeded, failed) = if shape.tracking {
            let counted_new_failed = new_failed.iter().filter(|p| shape.policy(p).count_failed).count() as i32;
            (
                status.succeeded + new_succeeded.len() as i32 + uncounted.succeeded.len() as i32,
                status.failed + counted_new_failed + uncounted.failed.len() as i32,
            )
        } else {
            let count =
                |ph: PodPhase| pods.iter().filter(|p| pods::phase(p) == ph && shape.valid_index(p)).count() as i32;
            (count(PodPhase::Succeeded), count(PodPhase::Failed))
        };

        if status.start_time.is_none() && !shape.suspended {
            status.start_time = Some(now);
        }
        let new_backoff = memory.backoff.with_new_pods(
            &new_succeeded.iter().map(|p| finished_time(p)).collect::<Vec<_>>(),
            &new_failed.iter().map(|p| finished_time(p)).collect::<Vec<_>>(),
        );
        Tally { status, active_pods, active, ready, terminating, succeeded, failed, new_backoff }
    }
}

/// `getNewFinishedPods`: finished pods that still carry the tracking finalizer and are not yet in
/// `uncountedTerminatedPods` — (succeeded, failed).
fn new_finished<'a>(
    shape: &Shape<'_>,
    pods: &'a [&'a Pod],
    uncounted: &UncountedTerminatedPods,
) -> (Vec<&'a Pod>, Vec<&'a Pod>) {
    let unc_succ: BTreeSet<&str> = uncounted.succeeded.iter().map(String::as_str).collect();
    let unc_fail: BTreeSet<&str> = uncounted.failed.iter().map(String::as_str).collect();
    let uncounted_valid = |p: &Pod, unc: &BTreeSet<&str>| {
        has_tracking_finalizer(p) && !unc.contains(p.metadata.uid.as_str()) && shape.valid_index(p)
    };
    (
        pods.iter()
            .copied()
            .filter(|p| uncounted_valid(p, &unc_succ) && pods::phase(p) == PodPhase::Succeeded)
            .collect(),
        pods.iter().copied().filter(|p| uncounted_valid(p, &unc_fail) && is_pod_failed(p, shape.only_failed)).collect(),
    )
}
