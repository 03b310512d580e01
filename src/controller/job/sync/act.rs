//! Acting on a Job's pods in one sync: a finishing Job has its active pods killed
//! (`deleteActivePods`); a running one goes through `manageJob`, may be complete, and gets its
//! `Suspended` condition and events (`job_controller.go:syncJob`, after the finish checks).

use super::super::conditions::*;
use super::super::manage::{delete_pods, manage_job, ManageState};
use super::super::Why;
use super::indexed::IndexProgress;
use super::shape::Shape;
use super::tally::Tally;
use super::verdict::Verdict;
use super::Ctx;
use crate::api::{ConditionStatus, JobCondition, JobConditionType};

/// What acting left for the status write.
pub(super) struct Acted {
    /// The condition to write (interim or terminal), if the Job finishes in this sync.
    pub(super) finished: Option<JobCondition>,
    /// The `Suspended` condition changed.
    pub(super) suspend_changed: bool,
}

pub(super) fn act(
    ctx: &mut Ctx<'_>,
    shape: &Shape<'_>,
    tally: &mut Tally<'_>,
    verdict: Verdict,
    progress: &IndexProgress<'_>,
) -> Acted {
    match verdict.finished {
        Some(cond) => Acted { finished: kill_active(ctx, shape, tally, cond, verdict.why), suspend_changed: false },
        None => run(ctx, shape, tally, progress),
    }
}

/// The Job finishes: its active pods are deleted. The condition is kept only once every active pod
/// was deleted (with finalizer tracking) and the informer has caught up.
fn kill_active(
    ctx: &mut Ctx<'_>,
    shape: &Shape<'_>,
    tally: &mut Tally<'_>,
    cond: JobCondition,
    why: Why,
) -> Option<JobCondition> {
    let (deleted_ready, deleted) = delete_pods(ctx, &tally.active_pods, false);
    let keep = !((deleted != tally.active && shape.tracking) || !shape.satisfied);
    if !shape.tracking {
        // Up to 1.24: act as if every active pod was deleted, and count them as failed.
        tally.failed += tally.active;
        tally.active = 0;
    } else {
        tally.active -= deleted;
    }
    // Counting the pods just deleted as terminating (and no longer ready) came with the delayed
    // terminal conditions (1.31); 1.28 kept the old values (v1.28.7).
    if shape.f.terminal_condition_after_pods_gone {
        if let Some(t) = tally.terminating.as_mut() {
            *t += deleted;
        }
        tally.ready -= deleted_ready;
    }
    let code = match cond.reason.as_str() {
        REASON_BACKOFF_LIMIT_EXCEEDED => "backoff-limit-exceeded",
        REASON_DEADLINE_EXCEEDED => "deadline-exceeded",
        REASON_POD_FAILURE_POLICY => "pod-failure-policy",
        REASON_MAX_FAILED_INDEXES_EXCEEDED => "max-failed-indexes",
        REASON_FAILED_INDEXES => "failed-indexes",
        REASON_SUCCESS_POLICY => "success-policy",
        _ => "finishing",
    };
    ctx.decide(code, why);
    keep.then_some(cond)
}

/// The Job runs on: `manageJob` creates or deletes pods, then the Job may be complete, and the
/// `Suspended` condition follows `spec.suspend`.
fn run(ctx: &mut Ctx<'_>, shape: &Shape<'_>, tally: &mut Tally<'_>, progress: &IndexProgress<'_>) -> Acted {
    let (job, f, now) = (shape.job, shape.f, ctx.now);
    let mut manage_called = false;
    let mut decision: (&'static str, Why);
    if shape.satisfied && job.metadata.deletion_timestamp.is_none() {
        let state = ManageState {
            active_pods: &tally.active_pods,
            pods: ctx.input.pods,
            succeeded: tally.succeeded,
            terminating: tally.terminating.unwrap_or(0),
            only_failed: shape.only_failed,
            per_index: shape.per_index,
            new_backoff: tally.new_backoff,
            succeeded_indexes: &progress.succeeded,
            failed_indexes: progress.failed.as_ref(),
            delayed_per_index: &progress.delayed_per_index,
        };
        let (a, removed_ready, removed, d) = manage_job(ctx, &state);
        tally.active = a;
        if f.terminal_condition_after_pods_gone {
            tally.ready -= removed_ready;
            if let Some(t) = tally.terminating.as_mut() {
                *t += removed;
            }
        }
        decision = d;
        manage_called = true;
    } else if !shape.satisfied {
        decision = (
            "waiting-informer",
            "pod creations or deletions issued earlier are not yet observed; the controller waits".into(),
        );
    } else {
        decision = ("job-deleting", "the Job is being deleted: no pods are created".into());
    }
    let (succeeded, active) = (tally.succeeded, tally.active);
    let complete = match job.spec.completions {
        None => succeeded > 0 && active == 0,
        Some(c) => succeeded >= c && active == 0,
    };
    let mut acted = Acted { finished: None, suspend_changed: false };
    if complete {
        let (t, reason, msg) = if f.delay_terminal_condition() {
            let (r, m) =
                if f.success_policy { (REASON_COMPLETIONS_REACHED, MESSAGE_COMPLETIONS_REACHED) } else { ("", "") };
            (JobConditionType::SuccessCriteriaMet, r, m)
        } else {
            (JobConditionType::Complete, "", "")
        };
        acted.finished = Some(new_condition(t, ConditionStatus::True, reason, msg, now));
        decision = (
            "complete",
            match job.spec.completions {
                None => Why::CompleteWorkQueue { succeeded },
                Some(completions) => Why::Complete { succeeded, completions },
            },
        );
    } else if manage_called {
        acted.suspend_changed = follow_suspend(ctx, shape, tally);
    }
    ctx.decide(decision.0, decision.1);
    acted
}

/// Sets the `Suspended` condition to follow `spec.suspend`, with its event; resuming restarts the
/// `activeDeadlineSeconds` clock. Returns whether the condition changed.
fn follow_suspend(ctx: &mut Ctx<'_>, shape: &Shape<'_>, tally: &mut Tally<'_>) -> bool {
    let now = ctx.now;
    let conditions = &mut tally.status.conditions;
    if shape.job.spec.suspend == Some(true) && shape.f.suspend_job {
        let changed = ensure_condition_status(
            conditions,
            JobConditionType::Suspended,
            ConditionStatus::True,
            "JobSuspended",
            "Job suspended",
            now,
        );
        if changed {
            ctx.out.events.push(Event::new(EventType::Normal, "Suspended", "Job suspended"));
        }
        changed
    } else {
        let changed = ensure_condition_status(
            conditions,
            JobConditionType::Suspended,
            ConditionStatus::False,
            "JobResumed",
            "Job resumed",
            now,
        );
        if changed {
            ctx.out.events.push(Event::new(EventType::Normal, "Resumed", "Job resumed"));
            tally.status.start_time = Some(now);
        }
        changed
    }
}
