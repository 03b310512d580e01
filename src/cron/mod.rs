//! Schedule engine: a port of `github.com/robfig/cron/v3` v3.0.1 `ParseStandard` and
//! `Schedule.Next`, the parser and clock arithmetic kube-controller-manager uses for
//! `.spec.schedule` (in `.spec.timeZone` or the controller's local zone). The Go standard library
//! it leans on (`time.LoadLocation`, `time.Date`, `time.ParseDuration`, `strconv.Atoi`) is
//! [`crate::go`].
//!
//! ```
//! use cronjob_playground::cron::{self, Schedule};
//! use chrono::TimeZone;
//! use cronjob_playground::go::Tz;
//!
//! let schedule = cron::parse_standard("30 2 * * *").unwrap();
//! // 02:30 does not exist on 2024-03-10 in New York: robfig skips that day.
//! let new_york: Tz = "America/New_York".parse().unwrap();
//! let t = new_york.with_ymd_and_hms(2024, 3, 10, 0, 0, 0).unwrap();
//! let next = schedule.next(t).unwrap().unwrap();
//! assert_eq!(next.to_rfc3339(), "2024-03-11T02:30:00-04:00");
//!
//! let error = cron::parse_standard("61 * * * *").unwrap_err();
//! assert_eq!(error.to_string(), "end of range (61) above maximum (59): 61");
//! ```

mod describe;
pub mod dialect;
mod every;
mod parser;
mod request;
mod spec;
mod v1;

pub use describe::{clock_changes, describe, mask_values, notes, value_runs, ClockChange};
pub use every::ConstantDelaySchedule;
pub use parser::ParseError;
pub use request::{answer_next, DialectAnswer, NextRequest, NextResponse, MAX_COUNT};
pub use spec::{EndlessSearch, Masks, SpecSchedule, STAR_BIT};
pub use v1::{parse_standard_v1, V1ParseError};

use crate::go::{load_location, Tz};
use chrono::{DateTime, Utc};
use std::borrow::Cow;

/// A parsed schedule: what robfig's `ParseStandard` returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Schedule {
    /// A cron expression or a descriptor such as `@daily`.
    Spec(SpecSchedule),
    /// `@every <duration>`.
    Every(ConstantDelaySchedule),
}

impl Schedule {
    /// robfig's `Schedule.Next(t)`: the next activation strictly after `t`, in `t`'s zone.
    ///
    /// `t`'s zone is the evaluation zone for schedules without a `TZ=` prefix — for Kubernetes,
    /// kube-controller-manager's local zone. `Ok(None)` is robfig's zero time (no activation
    /// within its five-year search; Kubernetes treats it as "no schedule"). `Err` is where
    /// robfig would loop forever.
    ///
    /// ```
    /// use cronjob_playground::cron;
    /// use chrono::TimeZone;
    /// use cronjob_playground::go::Tz;
    ///
    /// let t = Tz::UTC.with_ymd_and_hms(2012, 7, 9, 23, 35, 0).unwrap();
    /// assert_eq!(cron::parse_standard("0 0 30 Feb *").unwrap().next(t), Ok(None));
    /// let every = cron::parse_standard("@every 1h30m").unwrap();
    /// assert_eq!(every.next(t).unwrap().unwrap().to_rfc3339(), "2012-07-10T01:05:00+00:00");
    ///
    /// let apia: Tz = "Pacific/Apia".parse().unwrap();
    /// let t = apia.with_ymd_and_hms(2011, 12, 29, 12, 0, 0).unwrap();
    /// assert!(cron::parse_standard("@weekly").unwrap().next(t).is_err());
    /// ```
    pub fn next(&self, t: DateTime<Tz>) -> Result<Option<DateTime<Tz>>, EndlessSearch> {
        match self {
            Self::Spec(spec) => spec.next(t),
            Self::Every(every) => Ok(every.next(t)),
        }
    }

    /// The runs after `after`, each searched from the one before as successive `Next` calls
    /// are: the list a user reads as "the next runs". The iterator ends after an answer that
    /// is not a run — `Ok(None)` (nothing within robfig's five-year search) or an `Err`.
    ///
    /// ```
    /// use cronjob_playground::cron;
    /// use chrono::TimeZone;
    /// use cronjob_playground::go::Tz;
    ///
    /// let t = Tz::UTC.with_ymd_and_hms(2025, 1, 15, 0, 0, 0).unwrap();
    /// let runs: Vec<_> = cron::parse_standard("0 5 * * *").unwrap().runs(t).take(2).collect();
    /// assert_eq!(runs[1].clone().unwrap().unwrap().to_rfc3339(), "2025-01-16T05:00:00+00:00");
    /// let leap: Vec<_> = cron::parse_standard("0 0 30 Feb *").unwrap().runs(t).collect();
    /// assert_eq!(leap, [Ok(None)]);
    /// ```
    pub fn runs(self, after: DateTime<Tz>) -> impl Iterator<Item = Result<Option<DateTime<Tz>>, EndlessSearch>> {
        let mut from = Some(after);
        std::iter::from_fn(move || {
            let answer = self.next(from?);
            from = answer.as_ref().ok().copied().flatten();
            Some(answer)
        })
    }

    /// [`next`](Self::next) for an instant given in UTC and evaluated in `local` (the zone of a
    /// schedule without `TZ=`), answered in UTC — the same instants, without zone conversions.
    ///
    /// ```
    /// use cronjob_playground::cron;
    /// use chrono::{TimeZone, Utc};
    /// let t = Utc.with_ymd_and_hms(2024, 3, 10, 5, 0, 0).unwrap(); // 00:00 in New York
    /// let next = cron::parse_standard("30 2 * * *").unwrap().next_utc(t, "America/New_York".parse().unwrap());
    /// assert_eq!(next.unwrap().unwrap().to_rfc3339(), "2024-03-11T06:30:00+00:00");
    /// ```
    pub fn next_utc(&self, after: DateTime<Utc>, local: Tz) -> Result<Option<DateTime<Utc>>, EndlessSearch> {
        match self {
            Self::Spec(spec) => spec.next_utc(after, local),
            Self::Every(every) => Ok(every.next(after)),
        }
    }
}

/// robfig's `cron.ParseStandard(spec)`: five fields (minute hour day-of-month month
/// day-of-week), descriptors (`@daily`, `@every 5m`, …) and an optional `TZ=`/`CRON_TZ=`
/// prefix. The error's `Display` is robfig's exact `err.Error()` text.
///
/// ```
/// use cronjob_playground::cron::{self, Schedule};
/// use cronjob_playground::go::Location;
/// use cronjob_playground::go::Tz;
///
/// let Schedule::Spec(spec) = cron::parse_standard("TZ=Asia/Tokyo 0 5 * * mon-fri").unwrap() else { panic!() };
/// assert_eq!(spec.location(), Location::Zone("Asia/Tokyo".parse::<Tz>().unwrap()));
/// assert_eq!(spec.masks().dow, 0b0111110);
///
/// let text = |s| cron::parse_standard(s).unwrap_err().to_string();
/// assert_eq!(text("* * * *"), "expected exactly 5 fields, found 4: [* * * *]");
/// assert_eq!(text("0 0 * * 7"), "end of range (7) above maximum (6): 7");
/// assert_eq!(text("*/0 * * * *"), "step of range should be a positive number: */0");
/// assert_eq!(text("TZ=Mars/Base * * * * *"), "provided bad location Mars/Base: unknown time zone Mars/Base");
/// ```
pub fn parse_standard(spec: &str) -> Result<Schedule, ParseError> {
    parser::parse(spec, parser::Layout::Standard)
}

/// The schedule text the CronJob controller hands to the parser (`formatSchedule` in
/// `pkg/controller/cronjob/utils.go`, 1.24+): unchanged if it contains `TZ`; else prefixed
/// with `TZ=<timeZone> ` when `.spec.timeZone` is set and loads; else unchanged. (The
/// controller also records an `UnsupportedSchedule` warning event for the `TZ` case.)
///
/// ```
/// use cronjob_playground::cron::with_time_zone;
/// assert_eq!(with_time_zone("0 5 * * *", Some("Europe/Berlin")), "TZ=Europe/Berlin 0 5 * * *");
/// assert_eq!(with_time_zone("CRON_TZ=UTC 0 5 * * *", Some("Europe/Berlin")), "CRON_TZ=UTC 0 5 * * *");
/// assert_eq!(with_time_zone("0 5 * * *", Some("Nowhere")), "0 5 * * *");
/// assert_eq!(with_time_zone("0 5 * * *", None), "0 5 * * *");
/// ```
pub fn with_time_zone<'a>(schedule: &'a str, time_zone: Option<&str>) -> Cow<'a, str> {
    match time_zone {
        Some(zone) if !schedule.contains("TZ") && load_location(zone).is_ok() => {
            Cow::Owned(format!("TZ={zone} {schedule}"))
        }
        _ => Cow::Borrowed(schedule),
    }
}

#[cfg(test)]
mod tests;
