//! Writing the Job status at the end of a sync: through the tracking finalizers where finished pods
//! are counted that way (1.25+ by default), or recomputed and written when anything changed up to
//! 1.24 (`job_controller.go:syncJob`'s tail).

use super::super::tracking::{enact_finished, track_and_remove_finalizers, Tracking};
use super::act::Acted;
use super::indexed::IndexProgress;
use super::shape::Shape;
use super::tally::Tally;
use super::Ctx;

pub(super) fn write_status(
    ctx: &mut Ctx<'_>,
    shape: &Shape<'_>,
    tally: Tally<'_>,
    acted: Acted,
    progress: IndexProgress<'_>,
) {
    let (job, f) = (shape.job, shape.f);
    // Taken apart, so the status moves out whole and nothing is left behind to drop.
    let Tally { mut status, active, ready, terminating, succeeded, failed, new_backoff, .. } = tally;
    let shown_terminating = if f.pod_replacement_policy { terminating } else { None };
    let shown_ready = f.job_ready_pods.then_some(ready);
    let needs_update = acted.suspend_changed
        || active != job.status.active
        || shown_ready != job.status.ready
        || shown_terminating != job.status.terminating;
    status.active = active;
    status.ready = shown_ready;
    status.terminating = shown_terminating;

    if shape.tracking {
        let t = Tracking {
            pods: ctx.input.pods,
            new_backoff,
            finished: acted.finished,
            needs_flush: needs_update,
            prev_succeeded_indexes: progress.prev_succeeded,
            succeeded_indexes: progress.succeeded,
            failed_indexes: progress.failed,
            delayed_per_index: &progress.delayed_per_index,
            only_failed: shape.only_failed,
            terminating: terminating.unwrap_or(0),
        };
        track_and_remove_finalizers(ctx, status, t);
    } else if job.status.active != active
        || job.status.succeeded != succeeded
        || job.status.failed != failed
        || job.status.ready != shown_ready
        || acted.suspend_changed
        || acted.finished.is_some()
    {
        // Up to 1.24: counters recomputed and written whenever something changed.
        status.succeeded = succeeded;
        status.failed = failed;
        if shape.indexed {
            status.completed_indexes = Some(progress.succeeded.to_string()).filter(|s| !s.is_empty());
        }
        status.uncounted_terminated_pods = None;
        if let Some(c) = acted.finished {
            enact_finished(ctx, &mut status, c);
        }
        let _ = ctx.write_status(status);
    }
}
