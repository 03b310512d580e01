//! How the controller turns `spec.schedule` and `spec.timeZone` into something it can ask for
//! slots: `formatSchedule` (prefix `TZ=<timeZone> ` unless the schedule already mentions `TZ`)
//! and `cron.ParseStandard`, from `utils.go` / `cronjob_controllerv2.go`.

use super::behaviour::Behaviour;
use super::events::Event;
use super::go_time::zero_time;
use super::slots::{ScheduleHang, Slots};
use crate::api::CronJob;
use crate::cron::{load_location, parse_standard, with_time_zone, Location, Schedule};
use chrono::{DateTime, TimeDelta, Utc};
use crate::cron::Tz;

/// The CronJob's `spec.timeZone` as this release's controller sees it: the field reaches the
/// controller from 1.25 (1.24's alpha gate was off by default and the API server dropped it).
pub fn effective_time_zone<'a>(cron_job: &'a CronJob, behaviour: &Behaviour) -> Option<&'a str> {
    cron_job.spec.time_zone.as_deref().filter(|_| behaviour.time_zone_field)
}

/// `time.LoadLocation(timeZone)` for the `UnknownTimeZone` check; `Err` is Go's error text.
pub fn check_time_zone(zone: &str) -> Result<(), String> {
    load_location(zone).map(|_| ()).map_err(|e| e.to_string())
}

/// The zone the scheduled-timestamp annotation is written in: `spec.timeZone`, else UTC
/// (`time.LoadLocation("")`); `Local` is the controller's own zone.
pub fn annotation_zone(time_zone: Option<&str>, controller_zone: Tz) -> Tz {
    match time_zone.map(load_location) {
        Some(Ok(Location::Zone(tz))) => tz,
        Some(Ok(Location::Local)) => controller_zone,
        _ => Tz::UTC,
    }
}

/// `formatSchedule`: the text handed to `cron.ParseStandard` ([`with_time_zone`], fed the
/// `timeZone` this release sees), plus the `UnsupportedSchedule` warning (1.23+) when the
/// schedule itself carries `TZ`. An inline `TZ=` wins over `timeZone`.
pub fn format_schedule(cron_job: &CronJob, behaviour: &Behaviour) -> (String, Option<Event>) {
    let schedule = &cron_job.spec.schedule;
    let warning = (behaviour.tz_prefix_warning && schedule.contains("TZ")).then(|| Event::unsupported_schedule(schedule));
    (with_time_zone(schedule, effective_time_zone(cron_job, behaviour)).into_owned(), warning)
}

/// robfig/cron v1.1.0 (Kubernetes ≤1.21) words its errors like v3 but capitalised, and names the
/// whole spec rather than the split fields when the field count is wrong.
fn robfig_v1_error(v3: &str, spec: &str) -> String {
    if let Some(rest) = v3.strip_prefix("expected exactly ") {
        let head = rest.split(": ").next().unwrap_or(rest);
        return format!("Expected exactly {head}: {spec}");
    }
    let mut chars = v3.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

/// A parsed schedule bound to the controller's zone, answering `Next` the way the controller
/// calls it (instants in the controller's local zone, Go's zero time for "never").
#[derive(Clone, Debug)]
pub struct BoundSchedule {
    schedule: Schedule,
    controller_zone: Tz,
}

impl BoundSchedule {
    /// `cron.ParseStandard(text)`; `Err` is robfig's error text. Releases before 1.22 used robfig
    /// v1, which knows no `TZ=` prefix: such a schedule fails there as six fields.
    pub fn parse(text: &str, behaviour: &Behaviour, controller_zone: Tz) -> Result<Self, String> {
        let v1 = !behaviour.tz_prefix_parses;
        if v1 && (text.starts_with("TZ=") || text.starts_with("CRON_TZ=")) {
            let fields = text.split_whitespace().count();
            if fields != 5 {
                return Err(robfig_v1_error(&format!("expected exactly 5 fields, found {fields}: "), text));
            }
        }
        match parse_standard(text) {
            Ok(schedule) => Ok(BoundSchedule { schedule, controller_zone }),
            Err(e) if v1 => Err(robfig_v1_error(&e.to_string(), text)),
            Err(e) => Err(e.to_string()),
        }
    }

}

impl BoundSchedule {
    /// robfig's `Next(t)` with `t` in the controller's zone; Go's zero time (year 1) for "none".
    pub fn next(&self, after: DateTime<Utc>) -> Result<DateTime<Utc>, ScheduleHang> {
        match self.schedule.next(after.with_timezone(&self.controller_zone)) {
            Ok(Some(t)) => Ok(t.with_timezone(&Utc)),
            Ok(None) => Ok(zero_time()),
            Err(hang) => Err(ScheduleHang(hang.to_string())),
        }
    }
}

impl Slots for BoundSchedule {
    fn next(&self, after: DateTime<Utc>) -> Result<DateTime<Utc>, ScheduleHang> {
        BoundSchedule::next(self, after)
    }

    fn constant_delay(&self) -> Option<TimeDelta> {
        match &self.schedule {
            Schedule::Every(every) => Some(every.delay()),
            Schedule::Spec(_) => None,
        }
    }
}
