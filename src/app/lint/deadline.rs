//! `deadline-shorter-than-latency`: a `startingDeadlineSeconds` below the controller's reaction
//! time (the v1 controller polls every 10 s; v2 wakes 100 ms after the slot) misses runs.

use super::*;

/// S5: startingDeadlineSeconds against the controller's reaction time.
pub(super) fn deadline_vs_latency(p: &Probe, first: Time, second: Time) -> Option<Finding> {
    let sds = deadline(p.cron_job)?;
    let interval = second - first;
    let end = first + (interval * 20).min(TimeDelta::days(7)).max(interval * 2);
    // Started so that the v1 controller's 10-second poll comes 9.9 s after each whole-minute slot:
    // its worst case, which a real cluster meets sooner or later.
    let start = first - TimeDelta::milliseconds(50_100);
    let (trace, playground) = p.run(start, end, None, json!([]))?;
    let missed: Vec<_> = trace.slots.iter().filter(|s| s.fate == SlotFate::MissedDeadline).collect();
    let lateness = trace.jobs.iter().filter_map(|j| j.scheduled_time.map(|s| j.created_at - s)).max();
    let decided = trace.slots.iter().filter(|s| s.fate != SlotFate::Pending).count();
    let legacy_v1 = Behaviour::of(p.options.version).algorithm == crate::controller::cronjob::Algorithm::LegacyV1;
    if let Some(m) = missed.first() {
        let text = FindingText::DeadlineMissed {
            deadline: sds,
            legacy_v1,
            missed: missed.len(),
            decided,
            first: format_time(&m.scheduled_time),
            explanation: m.explanation.to_string(),
        };
        return Some(Finding::new(
            "deadline-shorter-than-latency",
            Severity::Error,
            text,
            missed.iter().map(|s| format_time(&s.scheduled_time)).collect(),
            playground,
        ));
    }
    (sds < 10).then(|| {
        let text =
            FindingText::DeadlineTight { deadline: sds, legacy_v1, lateness: lateness.map(exact).unwrap_or_default() };
        Finding::new("deadline-shorter-than-latency", Severity::Info, text, vec![], playground)
    })
}
