//! `retroactive-edit`: a schedule edit starts a Job for a time already past, because nothing
//! resets `status.lastScheduleTime` on an edit (kubernetes#63371).

use super::*;

/// S1: edit the schedule half-way to the next run, to a daily time that has just passed.
pub(super) fn retroactive_edit(p: &Probe, first: Time, second: Time, zone: Tz) -> Option<Finding> {
    let interval = second - first;
    if interval < TimeDelta::minutes(4) {
        return None;
    }
    let minute = |t: Time| t - TimeDelta::seconds(t.timestamp().rem_euclid(60));
    let edit_at = minute(first + interval / 2);
    let new_slot = minute(first + interval / 4).max(first + TimeDelta::minutes(1));
    let local = new_slot.with_timezone(&zone);
    let new_schedule = format!("{} {} * * *", local.minute(), local.hour());
    let events = json!([{"at": format_time(&edit_at), "patch": {"cronJob": p.cron_job.metadata.name, "spec": {"schedule": new_schedule}}}]);
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
        job: job.name.clone(),
        created_at: format_time(&job.created_at),
        scheduled: format_time(&scheduled),
        deadline: deadline(p.cron_job),
    };
    Some(Finding::new(
        "retroactive-edit",
        Severity::Warning,
        text,
        vec![format_time(&first), format_time(&edit_at), format_time(&scheduled), format_time(&job.created_at)],
        playground,
    ))
}
