//! A CronJob's nominal schedule slots on the virtual clock: its schedule bound the way the
//! controller binds it (`format_schedule`, then the zone), the slots in a range, and where a
//! CronJob's slots begin. The world asks where slots begin when it imports a CronJob, the input
//! loader counts them against the budget before a run, and the slot fates list them.

use super::trace::Time;
use crate::api::{CronJob, CronJobSpec};
use crate::controller::cronjob::{format_schedule, Behaviour, BoundSchedule};
use crate::go::Tz;
use chrono::TimeDelta;

/// The schedule of a spec, bound the way the controller binds it.
pub(crate) fn bound_schedule(spec: &CronJobSpec, behaviour: &Behaviour, zone: Tz) -> Option<BoundSchedule> {
    let cj = CronJob { spec: spec.clone(), ..CronJob::default() };
    BoundSchedule::parse(&format_schedule(&cj, behaviour).0, behaviour, zone).ok()
}

/// The schedule's slots in `[from, to)`, strictly after `after`, at most `limit` of them.
pub(crate) fn slots_between(schedule: &BoundSchedule, after: Time, from: Time, to: Time, limit: u64) -> Vec<Time> {
    let mut out = Vec::new();
    let mut t = after.max(from - TimeDelta::nanoseconds(1));
    while (out.len() as u64) < limit {
        match schedule.next(t) {
            Ok(n) if n > t && n < to => {
                out.push(n);
                t = n;
            }
            _ => break,
        }
    }
    out
}

/// Where a CronJob's nominal slots begin (exclusive): its creation, or the
/// `status.lastScheduleTime` it was imported with when later — the slots before that are the
/// history the status reports, not slots of the run.
pub(crate) fn slots_after(cj: &CronJob, start: Time) -> Time {
    let created = cj.metadata.creation_timestamp.unwrap_or(start);
    cj.status.last_schedule_time.map_or(created, |t| t.max(created))
}

/// Counts the nominal slots of every CronJob's initial spec in `[start, end)`, stopping at
/// `limit + 1` (the budget check before a run).
pub(crate) fn count_slots(
    cron_jobs: &[&CronJob],
    behaviour: &Behaviour,
    zone: Tz,
    start: Time,
    end: Time,
    limit: u64,
) -> u64 {
    let mut total = 0;
    for cj in cron_jobs {
        if let Some(s) = bound_schedule(&cj.spec, behaviour, zone) {
            total += slots_between(&s, slots_after(cj, start), start, end, limit + 1 - total.min(limit)).len() as u64;
        }
        if total > limit {
            break;
        }
    }
    total
}
