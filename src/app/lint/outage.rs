//! `too-many-missed`: a controller outage of at most a day that misses more than 100 start times;
//! the v1 controller (≤1.20, `getRecentUnmetScheduleTimes`) then never starts the CronJob again.

use super::*;

fn is_too_many(e: &EventRecord) -> bool {
    e.reason == "TooManyMissedTimes" || (e.reason == "FailedNeedsStart" && e.message.text().contains("Too many missed"))
}

/// S2: the controller is down from just after a run until 101 start times have passed.
pub(super) fn too_many_missed(p: &Probe, first: Time, next: &dyn Fn(Time) -> Option<Time>) -> Option<Finding> {
    // v2 (1.21+) runs the latest missed time after any outage; passing 100 adds only an Event.
    if Behaviour::of(p.options.version).algorithm != crate::controller::cronjob::Algorithm::LegacyV1 {
        return None;
    }
    let mut slot = first;
    for _ in 0..101 {
        slot = next(slot)?;
    }
    let after = next(slot)?;
    let gap = TimeDelta::seconds(30).min((after - slot) / 2);
    let down = first + TimeDelta::seconds(30).min((next(first)? - first) / 2);
    let up = slot + gap;
    if up - down > REALISTIC_OUTAGE {
        return None;
    }
    let end = (up + TimeDelta::minutes(5)).max(after + gap);
    let events = json!([{"at": format_time(&down), "controllerDown": {"until": format_time(&up)}}]);
    let (trace, playground) = p.run(p.options.at, end, None, events)?;
    let event = trace.events.iter().find(is_too_many)?;
    let missed = trace.slots.iter().filter(|s| s.fate == SlotFate::TooManyMissed).count();
    let resumed = trace.jobs.iter().find(|j| j.created_at >= up);
    let (outage, down_at, up_at) = (exact(up - down), format_time(&down), format_time(&up));
    let times = vec![down_at.clone(), up_at.clone(), format_time(&event.time)];
    let (reason, quoted, event_at) =
        (event.reason.to_string(), format!("{:?}", event.message.text()), format_time(&event.time));
    let remedy = deadline(p.cron_job).is_none();
    let (severity, text) = match resumed {
        None => (
            Severity::Error,
            FindingText::TooManyMissedRefused {
                outage,
                down: down_at,
                up: up_at,
                reason,
                event: quoted,
                event_at,
                end: format_time(&trace.end),
                marked: missed,
                remedy,
            },
        ),
        Some(j) => (
            Severity::Warning,
            FindingText::TooManyMissedLatest {
                outage,
                down: down_at,
                up: up_at,
                reason,
                event: quoted,
                event_at,
                job: j.name.to_string(),
                scheduled: j.scheduled_time.map(|t| format_time(&t)).unwrap_or_default(),
                lost: trace
                    .slots
                    .iter()
                    .filter(|s| s.scheduled_time > first && s.scheduled_time < up && s.job.is_none())
                    .count(),
                remedy,
            },
        ),
    };
    Some(Finding::new("too-many-missed", severity, text, times, playground))
}
