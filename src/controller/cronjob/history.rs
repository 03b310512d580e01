//! History limits: `cleanupFinishedJobs` / `removeOldestJobs` and the `byJobStartTime` order
//! (`cronjob_controllerv2.go`, `utils.go`, v1.28.7; the legacy controller behaves the same).

use crate::api::{CronJobSpec, Job, JobConditionType};
use std::cmp::Ordering;

/// `byJobStartTime.Less` as a total order: Jobs with a `status.startTime` first, by start time;
/// ties and Jobs without one by name.
pub fn by_job_start_time(a: &Job, b: &Job) -> Ordering {
    match (a.status.start_time, b.status.start_time) {
        (Some(x), Some(y)) if x != y => x.cmp(&y),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        _ => a.metadata.name.cmp(&b.metadata.name),
    }
}

/// The finished Jobs the history limits would delete, oldest first: successful ones beyond
/// `successfulJobsHistoryLimit`, then failed ones beyond `failedJobsHistoryLimit`. Unfinished
/// Jobs are never touched; an unset limit keeps everything.
pub fn jobs_beyond_history_limits<'a>(spec: &CronJobSpec, jobs: &[&'a Job]) -> Vec<&'a Job> {
    let mut doomed = Vec::new();
    if spec.successful_jobs_history_limit.is_none() && spec.failed_jobs_history_limit.is_none() {
        return doomed;
    }
    // Most syncs are within the limits: counting first (both kinds in one pass) spares them the
    // copy and the sort.
    let (mut complete, mut failed) = (0, 0);
    for j in jobs {
        match j.status.finished_condition().map(|c| c.condition_type) {
            Some(JobConditionType::Complete) => complete += 1,
            Some(JobConditionType::Failed) => failed += 1,
            _ => {}
        }
    }
    for (limit, kind, count) in [
        (spec.successful_jobs_history_limit, JobConditionType::Complete, complete),
        (spec.failed_jobs_history_limit, JobConditionType::Failed, failed),
    ] {
        let Some(limit) = limit else { continue };
        let is_finished = |j: &&Job| j.status.finished_condition().is_some_and(|c| c.condition_type == kind);
        let keep = usize::try_from(limit).unwrap_or(0);
        if count <= keep {
            continue;
        }
        // The group is sorted where it lands, and all but the oldest `count − keep` dropped.
        let start = doomed.len();
        doomed.extend(jobs.iter().copied().filter(is_finished));
        doomed[start..].sort_by(|a, b| by_job_start_time(a, b));
        doomed.truncate(start + (count - keep));
    }
    doomed
}
