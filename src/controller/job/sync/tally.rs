//! Counting a Job's pods at the start of a sync: active, ready, terminating, and the finished pods
//! not yet in the status (`job_controller.go:syncJob` up to `getNewFinishedPods`; up to 1.24,
//! without finalizer tracking, the counters are recomputed from the pods present).

use super::super::backoff::BackoffRecord;
use super::super::pods::{
    self, finished_time, has_tracking_finalizer, is_active, is_pod_failed, is_ready, is_terminating,
};
use super::super::tracking::UidSet;
use super::shape::Shape;
use super::JobMemory;
use crate::api::{JobStatus, Pod, PodPhase, UncountedTerminatedPods};
use chrono::{DateTime, Utc};

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
        let (uncounted_succeeded, uncounted_failed) = match &job.status.uncounted_terminated_pods {
            Some(u) => (u.succeeded.as_slice(), u.failed.as_slice()),
            None => (&[][..], &[][..]),
        };
        if shape.tracking && status.uncounted_terminated_pods.is_none() {
            status.uncounted_terminated_pods = Some(UncountedTerminatedPods::default());
        }
        let track_terminating = f.track_terminating(shape.pfp.is_some());
        // One pass over the pods counts them all; the finished pods not yet counted are counted
        // and their finish times read in place, without collecting them.
        let new = NewFinished::of(shape, uncounted_succeeded, uncounted_failed);
        let mut active_pods = Vec::with_capacity(pods.len());
        let (mut ready, mut terminating) = (0, 0);
        let (mut new_succeeded, mut counted_new_failed) = (0, 0);
        let mut last_success = None::<DateTime<Utc>>;
        // Where the newly failed pods start (their finish times are read in a second pass).
        let mut failed_from = pods.len();
        for (i, p) in pods.iter().copied().enumerate() {
            if is_active(p) {
                active_pods.push(p);
                ready += i32::from(is_ready(p));
            } else if track_terminating && is_terminating(p) {
                terminating += 1;
            }
            if shape.tracking {
                if new.succeeded(p) {
                    new_succeeded += 1;
                    let t = finished_time(p);
                    last_success = Some(last_success.map_or(t, |l| l.max(t)));
                }
                if new.failed(p) {
                    failed_from = failed_from.min(i);
                    if shape.policy(p).count_failed {
                        counted_new_failed += 1;
                    }
                }
            }
        }
        let active = active_pods.len() as i32;
        let terminating = track_terminating.then_some(terminating);

        let (succeeded, failed, new_backoff) = if shape.tracking {
            let new_failed = pods[failed_from..].iter().copied().filter(|p| new.failed(p)).map(finished_time);
            (
                status.succeeded + new_succeeded + uncounted_succeeded.len() as i32,
                status.failed + counted_new_failed + uncounted_failed.len() as i32,
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
    uncounted_succeeded: UidSet<'s>,
    uncounted_failed: UidSet<'s>,
}

impl<'s> NewFinished<'s> {
    fn of(shape: &'s Shape<'s>, uncounted_succeeded: &'s [String], uncounted_failed: &'s [String]) -> Self {
        NewFinished {
            shape,
            uncounted_succeeded: UidSet::of(uncounted_succeeded),
            uncounted_failed: UidSet::of(uncounted_failed),
        }
    }

    fn uncounted_valid(&self, p: &Pod, unc: &UidSet<'_>) -> bool {
        has_tracking_finalizer(p) && !unc.contains(p.metadata.uid.as_str()) && self.shape.valid_index(p)
    }

    fn succeeded(&self, p: &Pod) -> bool {
        pods::phase(p) == PodPhase::Succeeded && self.uncounted_valid(p, &self.uncounted_succeeded)
    }

    fn failed(&self, p: &Pod) -> bool {
        is_pod_failed(p, self.shape.only_failed) && self.uncounted_valid(p, &self.uncounted_failed)
    }
}
