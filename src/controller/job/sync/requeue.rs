//! The work queue's bookkeeping after a sync: an error re-queues the Job rate-limited (up to 1.26
//! that *is* the pod-failure back-off), success `Forget`s it, and a finished Job's 1.27+ back-off
//! record is dropped (`job_controller.go:processNextWorkItem`, `syncJob`'s returned error).

use super::super::backoff::{api_error_delay, legacy_rate_limited_delay};
use super::shape::Shape;
use super::{Ctx, JobMemory};
use crate::api::Job;

pub(super) fn bookkeep(ctx: &mut Ctx<'_>, shape: &Shape<'_>, job_has_new_failure: bool, succeeded: i32) {
    let (job, f) = (shape.job, shape.f);
    let finished_now = ctx.out.status.as_ref().is_some_and(|s| s.finished_condition().is_some());
    let mut forget = true;
    let status_changed = ctx.out.status_writes > 0;
    if f.new_failure_handled_in_sync && job_has_new_failure && !finished_now && (status_changed || shape.tracking) {
        // Up to 1.27 a sync that saw a new failure returned an error on purpose; up to 1.26 its
        // rate-limited re-queue was the pod-failure back-off itself.
        ctx.out.error = Some(format!("failed pod(s) detected for job key {:?}", job_key(job)));
    }
    if shape.legacy {
        // Up to 1.26 the counter was reset (`forget`) when pods succeeded, when the untracked
        // status changed, or — the 1.25.0–1.25.5/1.26.0 regression — on every tracked sync.
        forget = job.status.succeeded < succeeded
            || (shape.tracking && f.legacy_backoff_reset_regression)
            || (!shape.tracking && status_changed);
    }
    let memory = &mut ctx.out.memory;
    if ctx.out.error.is_some() {
        let delay =
            if shape.legacy { legacy_rate_limited_delay(memory.requeues) } else { api_error_delay(memory.requeues) };
        memory.requeues += 1;
        ctx.requeue(delay);
    } else if forget {
        memory.requeues = 0;
    }
    if finished_now && !shape.legacy {
        // The back-off record is dropped once the Job has finished.
        ctx.out.memory = JobMemory::default();
    }
}

fn job_key(job: &Job) -> String {
    let ns = if job.metadata.namespace.is_empty() { "default" } else { &job.metadata.namespace };
    format!("{ns}/{}", job.metadata.name)
}
