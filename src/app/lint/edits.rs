//! `retroactive-edit`: a schedule edit starts a Job for a time already past, because nothing
//! resets `status.lastScheduleTime` on an edit (kubernetes#63371).
//!
//! `mostRecentScheduleTime` (`pkg/controller/cronjob/utils.go`) counts the new schedule's times
//! from `status.lastScheduleTime`, or from `now - startingDeadlineSeconds` when that is later.
//! Without a deadline, then, every CronJob whose runs are far enough apart for an edit to fall
//! between two of them has the same risk: one finding says it for all of them ([`edit_group`]).

use super::*;
use chrono::Datelike;

/// Runs closer together than this leave no room for an edit to a time between them.
const ROOM_FOR_AN_EDIT: TimeDelta = TimeDelta::minutes(4);

/// S1: edit the schedule half-way to the next run, to a daily time that has just passed.
/// `others` are the CronJobs of which the same is certain (named in the finding).
pub(super) fn retroactive_edit(p: &Probe, first: Time, second: Time, zone: Tz, others: Vec<String>) -> Option<Finding> {
    let interval = second - first;
    if interval < ROOM_FOR_AN_EDIT {
        return None;
    }
    let minute = |t: Time| t - TimeDelta::seconds(t.timestamp().rem_euclid(60));
    let edit_at = minute(first + interval / 2);
    let new_slot = minute(first + interval / 4).max(first + TimeDelta::minutes(1));
    let new_schedule = edited_schedule(new_slot, interval, zone);
    let events = json!([{"at": format_time(&edit_at), "patch": {"cronJob": p.cron_job.metadata.name,
        "spec": {"schedule": new_schedule}}}]);
    // v1 sees the edit within a poll; v2 at its next sync, at the latest the old schedule's next time.
    let (trace, playground) = p.run(p.options.at, second + TimeDelta::minutes(10), None, events)?;
    let job = trace
        .jobs
        .iter()
        .find(|j| j.scheduled_time.is_some_and(|s| s > first && s <= edit_at) && j.created_at >= edit_at)?;
    let scheduled = job.scheduled_time?;
    let text = FindingText::RetroactiveEdit {
        last_run: format_time(&first),
        schedule: new_schedule,
        edited_at: format_time(&edit_at),
        job: job.name.to_string(),
        created_at: format_time(&job.created_at),
        scheduled: format_time(&scheduled),
        deadline: deadline(p.cron_job),
        others,
    };
    Some(Finding::new(
        "retroactive-edit",
        Severity::Warning,
        text,
        vec![format_time(&first), format_time(&edit_at), format_time(&scheduled), format_time(&job.created_at)],
        playground,
    ))
}

/// The probe's edit: a schedule that fires at `new_slot` and not again before the old schedule's
/// next time, when the v2 controller syncs and runs the new schedule's latest time since the last
/// run — the same time every day for runs at most a day apart, the same weekday for at most a
/// week, else that date once a year (the edits people make: a run moved within its period).
fn edited_schedule(new_slot: Time, interval: TimeDelta, zone: Tz) -> String {
    let local = new_slot.with_timezone(&zone);
    let (minute, hour) = (local.minute(), local.hour());
    if interval <= TimeDelta::days(1) {
        format!("{minute} {hour} * * *")
    } else if interval <= TimeDelta::weeks(1) {
        format!("{minute} {hour} * * {}", local.weekday().num_days_from_sunday())
    } else {
        format!("{minute} {hour} {} {} *", local.day(), local.month())
    }
}

/// The CronJobs for which the probe's edit certainly runs retroactively, in manifest order: not
/// suspended, no `startingDeadlineSeconds` (nothing bounds how far back the controller looks) and
/// runs at least [`ROOM_FOR_AN_EDIT`] apart. The first whose probe shows it says it for the rest.
pub(super) fn edit_group(cron_jobs: &[CronJob], options: &LintOptions) -> Vec<String> {
    cron_jobs
        .iter()
        .filter(|cj| cj.spec.suspend != Some(true) && cj.spec.starting_deadline_seconds.is_none())
        .filter(|cj| start_times(cj, options).is_some_and(|(_, first, second)| second - first >= ROOM_FOR_AN_EDIT))
        .map(qualified_name)
        .collect()
}
