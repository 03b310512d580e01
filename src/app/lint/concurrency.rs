//! `forbid-starves` and `forbid-no-deadline`: `concurrencyPolicy: Forbid` skips every start time
//! while a Job runs, so a Job that runs to its deadline, or hangs without one, skips the next runs.

use super::*;

/// S3: Forbid with Jobs as long as `activeDeadlineSeconds` lets them run, when that is at
/// least the interval (a Job that runs until its deadline); without a deadline, one hung Job.
pub(super) fn forbid_starves(p: &Probe, first: Time, second: Time) -> Option<Finding> {
    if p.cron_job.spec.concurrency_policy != Some(ConcurrencyPolicy::Forbid) {
        return None;
    }
    let interval = second - first;
    let ads = p.cron_job.spec.job_template.spec.active_deadline_seconds;
    let seconds = match ads {
        Some(a) if TimeDelta::seconds(a) < interval => return None,
        Some(a) => a as f64,
        None => return forbid_no_deadline(p, first, second),
    };
    let end = first + interval * 10;
    let (trace, playground) = p.run(p.options.at, end, Some((seconds, 0)), json!([]))?;
    let skipped: Vec<_> = trace.slots.iter().filter(|s| s.fate == SlotFate::SkippedForbid).collect();
    let first_skip = skipped.first()?;
    let total = trace.slots.iter().filter(|s| s.fate != SlotFate::Pending).count();
    let late = trace.slots.iter().filter(|s| s.fate == SlotFate::RanLate).count();
    let text = FindingText::ForbidStarves {
        job_length: exact(TimeDelta::milliseconds((seconds * 1000.0) as i64)),
        active_deadline: ads,
        interval: exact(interval),
        skipped: skipped.len(),
        total,
        late,
        first_skipped: format_time(&first_skip.scheduled_time),
        explanation: first_skip.explanation.to_string(),
    };
    Some(Finding::new(
        "forbid-starves",
        Severity::Warning,
        text,
        skipped.iter().map(|s| format_time(&s.scheduled_time)).collect(),
        playground,
    ))
}

/// Forbid without `activeDeadlineSeconds`: if one Job hangs, nothing bounds it and every later
/// start time is skipped. The probe's first Job never ends.
fn forbid_no_deadline(p: &Probe, first: Time, second: Time) -> Option<Finding> {
    let end = first + (second - first) * 10;
    let hung = (end - p.options.at).num_seconds() as f64 + 60.0;
    let (trace, playground) = p.run(p.options.at, end, Some((hung, 0)), json!([]))?;
    let job = trace.jobs.first()?;
    let skipped: Vec<_> = trace.slots.iter().filter(|s| s.fate == SlotFate::SkippedForbid).collect();
    let first_skip = skipped.first()?;
    let text = FindingText::ForbidHung {
        job: job.name.to_string(),
        scheduled: job.scheduled_time.map(|t| format_time(&t)).unwrap_or_default(),
        skipped: skipped.len(),
        total: trace.slots.iter().filter(|s| s.fate != SlotFate::Pending).count(),
        end: format_time(&trace.end),
        explanation: first_skip.explanation.to_string(),
    };
    let times = skipped.iter().map(|s| format_time(&s.scheduled_time)).collect();
    Some(Finding::new("forbid-no-deadline", Severity::Warning, text, times, playground))
}
