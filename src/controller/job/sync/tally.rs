//! Counting a Job's pods at the start of a sync: active, ready, terminating, and the finished pods
//! not yet in the status (`job_controller.go:syncJob` up to `getNewFinishedPods`; up to 1.24,
//! without finalizer tracking, the counters are recomputed from the pods present).

use super::super::backoff::BackoffRecord;
use super::super::pods::{
    self, finished_time, has_tracking_finalizer, is_active, is_pod_failed, is_ready, is_terminating,
};
use super::super::tracking::uid_set;
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

        let (succeeded, failed, new_backoff) = if shape.tracking {
            // The finished pods not yet counted are counted and their finish times read in place,
            // without collecting them.
            let new = NewFinished::of(shape, uncounted);
            let (mut new_succeeded, mut counted_new_failed, mut last_success) = (0, 0, None::<DateTime<Utc>>);
            for p in pods.iter().copied() {
                if new.succeeded(p) {
                    new_succeeded += 1;
                    let t = finished_time(p);
                    last_success = Some(last_success.map_or(t, |l| l.max(t)));
                }
                if new.failed(p) && shape.policy(p).count_failed {
                    counted_new_failed += 1;
                }
            }
            let new_failed = pods.iter().copied().filter(|p| new.failed(p)).map(finished_time);
            (
                status.succeeded + new_succeeded + uncounted.succeeded.len() as i32,
                status.failed + counted_new_failed + uncounted.failed.len() as i32,
                memory.backoff.with_finished(last_success, new_failed),
            )
        } else {
            let count =
                |ph: PodPhase| pods.iter().filter(|p| pods::phase(p) == ph && shape.valid_index(p)).count() as i32;
            (count(PodPhase::Succeeded), count(PodPhase::Failed), memory.backoff)
        };

        if status.start_time.is_none() && !shape.suspended {
            status.start_time = Some(now);
        }
        Tally { status, active_pods, active, ready, terminating, succeeded, failed, new_backoff }
    }
}

/// `getNewFinishedPods`: finished pods that still carry the tracking finalizer and are not yet in
/// `uncountedTerminatedPods` — asked of each pod rather than listed.
struct NewFinished<'s> {
    shape: &'s Shape<'s>,
    uncounted_succeeded: BTreeSet<&'s str>,
    uncounted_failed: BTreeSet<&'s str>,
}

impl<'s> NewFinished<'s> {
    fn of(shape: &'s Shape<'s>, uncounted: &'s UncountedTerminatedPods) -> Self {
        NewFinished {
            shape,
            uncounted_succeeded: uid_set(&uncounted.succeeded),
            uncounted_failed: uid_set(&uncounted.failed),
        }
    }

    fn uncounted_valid(&self, p: &Pod, unc: &BTreeSet<&str>) -> bool {
        has_tracking_finalizer(p) && !unc.contains(p.metadata.uid.as_str()) && self.shape.valid_index(p)
    }

    fn succeeded(&self, p: &Pod) -> bool {
        self.uncounted_valid(p, &self.uncounted_succeeded) && pods::phase(p) == PodPhase::Succeeded
    }

    fn failed(&self, p: &Pod) -> bool {
        self.uncounted_valid(p, &self.uncounted_failed) && is_pod_failed(p, self.shape.only_failed)
    }
}
