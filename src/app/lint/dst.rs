//! `dst-double-run` and `dst-skipped-run`: robfig/cron steps in absolute time, so a
//! daylight-saving change repeats or removes a run (kubernetes#121594).

use super::*;

/// The instants in `[from, to)` where `zone`'s UTC offset changes (to the minute), each with
/// whether the clocks spring forward (the offset grows: local times are skipped) or fall back
/// (local times repeat).
fn transitions(zone: Tz, from: Time, to: Time) -> Vec<(Time, bool)> {
    use chrono::Offset;
    let offset = |t: Time| t.with_timezone(&zone).offset().fix().local_minus_utc();
    let mut out = vec![];
    let mut t = from;
    while t < to {
        let n = t + TimeDelta::hours(1);
        if offset(t) != offset(n) {
            // Narrow to the minute.
            let mut m = t;
            while offset(m) == offset(t) {
                m += TimeDelta::minutes(1);
            }
            out.push((m, offset(m) > offset(t)));
        }
        t = n;
    }
    out
}

/// S7: within a year, a daylight-saving change that repeats a run (fall back) or drops one
/// (spring forward), relative to the schedule's own rhythm around it.
pub(super) fn dst(p: &Probe, zone: Tz, next: &dyn Fn(Time) -> Option<Time>) -> Vec<Finding> {
    let mut out = vec![];
    for (change, forward) in transitions(zone, p.options.at, p.options.at + TimeDelta::days(366)) {
        let mut slots = vec![];
        let mut t = change - TimeDelta::days(40);
        while let Some(n) = next(t).filter(|n| *n < change + TimeDelta::days(40)) {
            slots.push(n);
            t = n;
            if slots.len() > 20_000 {
                break;
            }
        }
        if slots.len() < 3 {
            continue;
        }
        let gaps: Vec<(usize, TimeDelta)> = slots.windows(2).enumerate().map(|(i, w)| (i, w[1] - w[0])).collect();
        let local = |t: &Time| t.with_timezone(&zone).naive_local();
        // Fall back: the same local time twice, closer together than the schedule ever runs otherwise.
        let doubles: Vec<(Time, Time)> = slots
            .iter()
            .enumerate()
            .filter_map(|(i, a)| slots[i + 1..].iter().take(200).find(|b| local(b) == local(a)).map(|b| (*a, *b)))
            .collect();
        for (a, b) in doubles {
            let normal = gaps.iter().filter(|(i, _)| slots[*i + 1] <= a || slots[*i] >= b).map(|(_, g)| *g).min();
            if normal.is_some_and(|n| b - a < n) {
                if let Some(f) = dst_finding(p, "dst-double-run", zone, a, b) {
                    out.push(f);
                }
            }
        }
        // Spring forward: the gap across the change is longer than any other. (Falling back
        // lengthens the day that holds it, and so the gap across it, without skipping anything.)
        let across = gaps.iter().find(|(i, _)| forward && slots[*i] < change && slots[*i + 1] >= change);
        if let Some((i, g)) = across {
            let others = gaps.iter().filter(|(j, _)| j != i).map(|(_, g)| *g).max();
            if others.is_some_and(|o| *g > o) {
                if let Some(f) = dst_finding(p, "dst-skipped-run", zone, slots[*i], slots[*i + 1]) {
                    out.push(f);
                }
            }
        }
    }
    out
}

/// Runs the stretch around a DST change and says what the engine did.
fn dst_finding(p: &Probe, rule: &'static str, zone: Tz, a: Time, b: Time) -> Option<Finding> {
    let start = a - TimeDelta::minutes(1);
    let (trace, playground) = p.run(start, b + TimeDelta::minutes(1), None, json!([]))?;
    let show = |t: &Time| format!("{} ({})", format_time(t), t.with_timezone(&zone).format("%Y-%m-%d %H:%M %:z"));
    let runs: Vec<(String, String)> =
        trace.jobs.iter().map(|j| (j.name.to_string(), format_time(&j.created_at))).collect();
    let (zone_name, first, second) = (zone.name().to_owned(), show(&a), show(&b));
    let text = if rule == "dst-double-run" {
        FindingText::DstDoubleRun { zone: zone_name, first, second, runs }
    } else {
        FindingText::DstSkippedRun { zone: zone_name, first, second, gap: exact(b - a), runs }
    };
    Some(Finding::new(rule, Severity::Warning, text, vec![format_time(&a), format_time(&b)], playground))
}
