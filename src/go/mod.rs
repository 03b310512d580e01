//! Go's standard library, as far as Kubernetes' behaviour shows it through: the `time` package
//! (the tz database and `time.LoadLocation`, wall clocks and `time.Date` in a zone, durations,
//! the zero time) and the parts of `strconv` and `strings` whose texts reach error messages.
//! Ground level: the schedule engine (robfig/cron), the API server's validation and the
//! controllers all use it, and it uses nothing of the crate.
//!
//! ```
//! use cronjob_playground::go::{self, Location, Tz};
//! assert_eq!(go::load_location("UTC"), Ok(Location::Zone(Tz::UTC)));
//! assert_eq!(go::load_location("Mars/Base").unwrap_err().to_string(), "unknown time zone Mars/Base");
//! assert_eq!(go::duration_string(chrono::TimeDelta::seconds(160)), "2m40s");
//! assert_eq!(go::parse_duration("1h30m"), Ok(chrono::TimeDelta::minutes(90)));
//! ```

mod calendar;
mod duration;
mod location;
mod posix_tz;
mod strconv;
mod time;
mod zone;

pub(crate) use calendar::{days_in_month, Civil};
pub(crate) use duration::{add_nanos, round_to_second, seconds_nanos, sub_nanos, whole_seconds};
pub use duration::{duration_string, parse_duration, DurationError};
pub use location::{load_location, Location, LocationError};
pub(crate) use strconv::{atoi, to_lower};
pub use strconv::{AtoiError, Quoted};
pub(crate) use time::Zone;
pub use time::{format_rfc3339, parse_rfc3339, zero_time};
pub use zone::{Tz, TzOffset, UnknownZone};

#[cfg(test)]
mod tests;
