//! A failing run's record: `failed-history-zero` (`failedJobsHistoryLimit: 0` deletes a failed Job
//! and its pods' logs as it fails) and `on-failure-logs-lost` (`restartPolicy: OnFailure` restarts
//! in one pod, which the Job controller deletes at the backoff limit).

use super::*;

/// The probe for a failing run: every attempt exits 1 after 10 s, until the Job fails.
fn failing_run(p: &Probe, first: Time, second: Time) -> Option<(Trace, String)> {
    let end = first + (second - first).max(TimeDelta::hours(1)).min(TimeDelta::days(2));
    p.run(p.options.at, end, Some((10.0, 1)), json!([]))
}

/// `failedJobsHistoryLimit: 0`: a failed Job is deleted as soon as the CronJob controller sees
/// it finished, and its pods (and their logs) with it: nothing shows the failure.
pub(super) fn failed_history_zero(p: &Probe, first: Time, second: Time) -> Option<Finding> {
    if p.cron_job.spec.failed_jobs_history_limit != Some(0) {
        return None;
    }
    let (trace, playground) = failing_run(p, first, second)?;
    let job = trace.jobs.iter().find(|j| j.condition == Some(FinishedCondition::Failed) && j.deleted_at.is_some())?;
    let (failed, deleted) = (job.finished_at?, job.deleted_at?);
    let text = FindingText::FailedHistoryZero {
        job: job.name.to_string(),
        failed: format_time(&failed),
        deleted: format_time(&deleted),
    };
    let times = vec![format_time(&failed), format_time(&deleted)];
    Some(Finding::new("failed-history-zero", Severity::Warning, text, times, playground))
}

/// `restartPolicy: OnFailure`: the kubelet restarts the container in the same pod, and when the
/// backoff limit is reached the Job controller deletes that pod: the logs of every attempt go.
pub(super) fn on_failure_logs_lost(p: &Probe, first: Time, second: Time) -> Option<Finding> {
    let spec = &p.cron_job.spec.job_template.spec;
    if spec.template.spec.restart_policy != Some(RestartPolicy::OnFailure) {
        return None;
    }
    let (trace, playground) = failing_run(p, first, second)?;
    let job = trace.jobs.iter().find(|j| j.condition == Some(FinishedCondition::Failed))?;
    let pod = trace.pods.iter().find(|q| q.job == job.name && q.deleted_at.is_some())?;
    let text = FindingText::OnFailureLogsLost {
        backoff_limit: spec.backoff_limit.unwrap_or(6),
        pod: pod.name.to_string(),
        attempts: pod.exit_codes.len(),
        deleted: pod.deleted_at.map(|t| format_time(&t)).unwrap_or_default(),
        reason: job.reason.as_deref().unwrap_or_default().to_owned(),
    };
    let times = pod.deleted_at.iter().map(format_time).collect();
    // Nothing is lost but the evidence: worth knowing, not a defect of the schedule.
    Some(Finding::new("on-failure-logs-lost", Severity::Info, text, times, playground))
}
