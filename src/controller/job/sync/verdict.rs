//! Whether a running Job must finish, and why: an interim condition already set (1.31+), the pod
//! failure policy, `backoffLimit` (pod counts; restarts for `OnFailure`; work-queue retries before
//! 1.20) or `activeDeadlineSeconds` (`job_controller.go:syncJob`, the block before `manageJob`).

use super::super::conditions::*;
use super::super::pods::{self, is_pod_failed};
use super::shape::Shape;
use super::tally::Tally;
use super::Ctx;
use crate::api::{ConditionStatus, Job, JobCondition, JobConditionType, JobStatus, Pod, PodPhase, RestartPolicy};
use crate::controller::job::Why;
use chrono::{DateTime, TimeDelta, Utc};

/// The condition the Job finishes with (if any) and the sentence for the inspector.
pub(super) struct Verdict {
    pub(super) finished: Option<JobCondition>,
    pub(super) why: Why,
}

impl Verdict {
    pub(super) fn reach(ctx: &mut Ctx<'_>, shape: &Shape<'_>, tally: &Tally<'_>, job_has_new_failure: bool) -> Self {
        let f = shape.f;
        let mut v = Verdict { finished: None, why: Why::default() };
        if f.success_policy || f.delay_terminal_condition() {
            v.already_met(&tally.status);
        }
        if v.finished.is_none() && (f.pod_failure_policy || f.delay_terminal_condition()) {
            v.failure_target_or_policy(shape, &tally.status, ctx.input.pods, ctx.now);
        }
        if v.finished.is_none() {
            v.backoff_limit_or_deadline(ctx, shape, tally, job_has_new_failure);
        }
        v
    }

    /// A `SuccessCriteriaMet` condition set by an earlier sync.
    fn already_met(&mut self, status: &JobStatus) {
        self.finished = has_true(&status.conditions, JobConditionType::SuccessCriteriaMet).cloned();
        if self.finished.is_some() {
            self.why = Why::SuccessCriteriaMet;
        }
    }

    /// A `FailureTarget` set by an earlier sync becomes `Failed`; otherwise a `FailJob` rule of the
    /// pod failure policy matches a failed pod.
    fn failure_target_or_policy(&mut self, shape: &Shape<'_>, status: &JobStatus, pods: &[&Pod], now: DateTime<Utc>) {
        if let Some(ft) = has_true(&status.conditions, JobConditionType::FailureTarget) {
            self.why = Why::FailureTarget(ft.reason.clone());
            self.finished =
                Some(new_condition(JobConditionType::Failed, ConditionStatus::True, &ft.reason, &ft.message, now));
        } else if shape.pfp.is_some() {
            let msg = pods
                .iter()
                .filter(|p| is_pod_failed(p, shape.only_failed))
                .find_map(|p| shape.policy(p).fail_job_message);
            if let Some(msg) = msg {
                let t = if shape.tracking { JobConditionType::FailureTarget } else { JobConditionType::Failed };
                self.why = Why::PodFailurePolicy(msg.clone());
                self.finished = Some(new_condition(t, ConditionStatus::True, REASON_POD_FAILURE_POLICY, &msg, now));
            }
        }
    }

    /// `backoffLimit` (failed pods, `OnFailure` restarts, or before 1.20 work-queue retries), then
    /// `activeDeadlineSeconds`; a deadline still ahead re-queues the Job for that moment.
    fn backoff_limit_or_deadline(
        &mut self,
        ctx: &mut Ctx<'_>,
        shape: &Shape<'_>,
        tally: &Tally<'_>,
        job_has_new_failure: bool,
    ) {
        let (job, f, now) = (shape.job, shape.f, ctx.now);
        let (limit, failed, requeues) = (shape.limit, tally.failed, ctx.input.memory.requeues);
        let restarts = on_failure_restarts(job, ctx.input.pods);
        let past_on_failure = restarts.is_some_and(|r| if limit == 0 { r > 0 } else { r >= limit as i64 });
        let exceeds = if !f.count_failed_pods {
            job_has_new_failure && tally.active != shape.parallelism && requeues as i64 + 1 > limit as i64
        } else if f.new_failure_handled_in_sync {
            job_has_new_failure && tally.active != shape.parallelism && failed > limit
        } else {
            failed > limit
        };
        if exceeds || past_on_failure {
            self.why = if past_on_failure {
                Why::RestartsPastLimit { restarts: restarts.unwrap_or(0), limit }
            } else if !f.count_failed_pods {
                Why::RetriesPastLimit { retry: requeues + 1, limit }
            } else {
                Why::FailedPastLimit { failed, limit }
            };
            self.finished =
                Some(failure_condition(shape, REASON_BACKOFF_LIMIT_EXCEEDED, MESSAGE_BACKOFF_LIMIT_EXCEEDED, now));
        } else if let Some(remaining) = active_deadline_remaining(job, &tally.status, shape.suspended, now) {
            if remaining <= TimeDelta::zero() {
                self.why = Why::DeadlinePassed {
                    seconds: job.spec.active_deadline_seconds.unwrap_or(0),
                    start: tally.status.start_time.map(|t| t.to_rfc3339()).unwrap_or_default(),
                };
                self.finished =
                    Some(failure_condition(shape, REASON_DEADLINE_EXCEEDED, MESSAGE_DEADLINE_EXCEEDED, now));
            } else {
                ctx.requeue(remaining);
            }
        }
    }
}

/// A failure condition: `FailureTarget` first where the terminal condition waits for the pods to be
/// gone (1.31+), `Failed` at once before.
pub(super) fn failure_condition(shape: &Shape<'_>, reason: &str, message: &str, now: DateTime<Utc>) -> JobCondition {
    let t = if shape.f.delay_terminal_condition() { JobConditionType::FailureTarget } else { JobConditionType::Failed };
    new_condition(t, ConditionStatus::True, reason, message, now)
}

/// Σ restartCount of the init and app containers of pods still Pending or Running, for
/// `restartPolicy: OnFailure` Jobs (`pastBackoffLimitOnFailure`); `None` for other policies.
fn on_failure_restarts(job: &Job, pods: &[&Pod]) -> Option<i64> {
    if job.spec.template.spec.restart_policy != Some(RestartPolicy::OnFailure) {
        return None;
    }
    Some(
        pods.iter()
            .filter(|p| matches!(pods::phase(p), PodPhase::Running | PodPhase::Pending))
            .flat_map(|p| p.status.init_container_statuses.iter().chain(p.status.container_statuses.iter()))
            .map(|s| s.restart_count as i64)
            .sum(),
    )
}

/// Time left before `activeDeadlineSeconds` (`None` when there is no deadline or it does not run:
/// unset, suspended, not started).
fn active_deadline_remaining(job: &Job, status: &JobStatus, suspended: bool, now: DateTime<Utc>) -> Option<TimeDelta> {
    let ads = job.spec.active_deadline_seconds?;
    let start = status.start_time?;
    if suspended {
        return None;
    }
    Some(TimeDelta::seconds(ads) - (now - start))
}
