//! The schedule's own shape: `every-minute-of-hour` (`* 9 * * *` runs 60 times in hour 9),
//! `day-or-weekday` (both day fields restricted run when either matches, robfig/cron's `dayMatches`)
//! and `same-minute` (many CronJobs start at one instant).

use super::*;

/// A schedule's five fields (after a `TZ=` prefix), `None` for descriptors (`@daily`).
fn fields(schedule: &str) -> Option<[&str; 5]> {
    let mut words = schedule.split_whitespace().filter(|w| !w.starts_with("TZ=") && !w.starts_with("CRON_TZ="));
    let f = [words.next()?, words.next()?, words.next()?, words.next()?, words.next()?];
    (words.next().is_none() && !f[0].starts_with('@')).then_some(f)
}

/// `* 9 * * *`: every minute of hour 9, where once at 09:00 was meant. The probe runs that hour.
pub(super) fn every_minute_of_hour(p: &Probe, zone: Tz, next: &dyn Fn(Time) -> Option<Time>) -> Option<Finding> {
    let [minute, hour, dom, month, dow] = fields(&p.cron_job.spec.schedule)?;
    if !matches!(minute, "*" | "*/1") || hour.contains(['*', '/', '-', ',']) {
        return None;
    }
    // The first whole hour of runs (the lint may start inside one).
    let mut first = next(p.options.at)?;
    for _ in 0..60 {
        if first.with_timezone(&zone).minute() == 0 {
            break;
        }
        first = next(first)?;
    }
    let (trace, playground) =
        p.run(first - TimeDelta::seconds(30), first + TimeDelta::minutes(61), Some((1.0, 0)), json!([]))?;
    let hour_end = first + TimeDelta::hours(1);
    let runs = trace.jobs.iter().filter(|j| j.scheduled_time.is_some_and(|t| t >= first && t < hour_end)).count();
    if runs < 2 {
        return None;
    }
    let local = first.with_timezone(&zone);
    let text = FindingText::EveryMinuteOfHour {
        schedule: p.cron_job.spec.schedule.clone(),
        from: format_time(&first),
        runs,
        meant: format!("0 {hour} {dom} {month} {dow}"),
        hour: local.hour(),
    };
    Some(Finding::new("every-minute-of-hour", Severity::Warning, text, vec![format_time(&first)], playground))
}

/// Day-of-month and day-of-week both restricted: cron runs on a day matching either (robfig,
/// like Vixie cron), which reads as "and". The probe runs eight weeks and counts the runs on
/// days that match only one of the two.
pub(super) fn day_or_weekday(p: &Probe, zone: Tz) -> Option<Finding> {
    let [minute, hour, dom, month, dow] = fields(&p.cron_job.spec.schedule)?;
    if matches!(dom, "*" | "?") || matches!(dow, "*" | "?") {
        return None;
    }
    let behaviour = Behaviour::of(p.options.version);
    let both = |t: Time| {
        let only = |spec: String| {
            BoundSchedule::parse(&spec, &behaviour, zone).ok().and_then(|s| s.next(t - TimeDelta::seconds(1)).ok())
                == Some(t)
        };
        only(format!("{minute} {hour} {dom} {month} *")) && only(format!("{minute} {hour} * {month} {dow}"))
    };
    let end = p.options.at + TimeDelta::weeks(8);
    let (trace, playground) = p.run(p.options.at, end, Some((1.0, 0)), json!([]))?;
    let runs: Vec<Time> = trace.jobs.iter().filter_map(|j| j.scheduled_time).collect();
    let extra: Vec<Time> = runs.iter().copied().filter(|t| !both(*t)).collect();
    let example = extra.first()?;
    let text = FindingText::DayOrWeekday {
        day_of_month: dom.to_string(),
        day_of_week: dow.to_string(),
        runs: runs.len(),
        both: runs.len() - extra.len(),
        example: format_time(example),
        weekday: example.with_timezone(&zone).format("%A").to_string(),
    };
    Some(Finding::new("day-or-weekday", Severity::Warning, text, extra.iter().map(format_time).collect(), playground))
}

/// `same-minute`: [`SAME_MINUTE`] or more CronJobs whose next start is the same instant create
/// their Jobs, and the pods' image pulls and start-up, all at once. The probe runs them together.
pub(super) fn same_minute(cron_jobs: &[CronJob], options: &LintOptions) -> Vec<((String, String), Finding)> {
    let mut by_instant: std::collections::BTreeMap<Time, Vec<&CronJob>> = Default::default();
    for cj in cron_jobs.iter().filter(|c| c.spec.suspend != Some(true)) {
        if let Some(t) = first_run(cj, options) {
            by_instant.entry(t).or_default().push(cj);
        }
    }
    let mut out = Vec::new();
    for (at, group) in by_instant.into_iter().filter(|(_, g)| g.len() >= SAME_MINUTE) {
        let start = at - TimeDelta::minutes(1);
        let manifests: Vec<String> =
            group.iter().map(|cj| to_yaml(&Probe { cron_job: cj, options }.manifest(start))).collect();
        let simulation =
            Probe { cron_job: group[0], options }.simulation(start, at + TimeDelta::minutes(10), None, json!([]));
        let playground = format!("{}---\n{}", manifests.join("---\n"), to_yaml(&simulation));
        let created = crate::sim::simulate(&playground, None)
            .ok()
            .map_or(0, |t| t.jobs.iter().filter(|j| j.created_at < at + TimeDelta::seconds(1)).count());
        if created < SAME_MINUTE {
            continue;
        }
        for cj in &group {
            let others: Vec<&str> = group
                .iter()
                .filter(|o| o.metadata.name != cj.metadata.name)
                .map(|o| o.metadata.name.as_str())
                .collect();
            let text = FindingText::SameMinute { at: format_time(&at), count: created, others: others.join(", ") };
            let finding = Finding::new("same-minute", Severity::Info, text, vec![format_time(&at)], playground.clone());
            out.push(((cj.metadata.namespace.clone(), cj.metadata.name.clone()), finding));
        }
    }
    out
}
