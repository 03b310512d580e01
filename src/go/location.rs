//! Go's `time.LoadLocation` as kube-controller-manager and the API server run it on Linux
//! (Debian's `/usr/share/zoneinfo`), backed by the tz database of `zones.bin` (`zone.rs`). Used for
//! `TZ=`/`CRON_TZ=` prefixes and for `.spec.timeZone`.

use super::Tz;
use std::fmt;
use std::str::FromStr;

/// Where a schedule's wall clock runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Location {
    /// Go's `time.Local`: no zone of its own. The schedule then runs in the zone of the instant
    /// handed to `next` — for Kubernetes, kube-controller-manager's local zone.
    Local,
    /// A named zone (`TZ=UTC`, `TZ=` and `.spec.timeZone: UTC` all give `Zone(Tz::UTC)`).
    Zone(Tz),
}

/// Why `time.LoadLocation` refused a name; [`fmt::Display`] gives Go's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LocationError {
    /// The name contains `..` or starts with `/` or `\`.
    InvalidName,
    /// No such zone file.
    Unknown(String),
    /// The name is a directory of the zone database (`America`).
    IsDirectory,
    /// The name continues past a zone file (`UTC/x`, `UTC/`).
    NotDirectory,
    /// The name is a data file of the zone database that is not a zone (`zone.tab`).
    Malformed,
    /// The name holds a NUL byte, which no file path can (`open` fails with EINVAL).
    InvalidArgument,
    /// A path component is longer than Linux allows (255 bytes).
    NameTooLong,
}

impl fmt::Display for LocationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidName => f.write_str("time: invalid location name"),
            Self::Unknown(name) => write!(f, "unknown time zone {name}"),
            Self::IsDirectory => f.write_str("is a directory"),
            Self::NotDirectory => f.write_str("not a directory"),
            Self::Malformed => f.write_str("malformed time zone information"),
            Self::InvalidArgument => f.write_str("invalid argument"),
            Self::NameTooLong => f.write_str("file name too long"),
        }
    }
}

impl std::error::Error for LocationError {}

/// Files in Debian's zone directory that are not zones; Go reads them and rejects the data.
const DATA_FILES: &[&str] =
    &["iso3166.tab", "leap-seconds.list", "leapseconds", "tzdata.zi", "zone.tab", "zone1970.tab", "zonenow.tab"];

/// Go `time.LoadLocation(name)`.
///
/// ```
/// use cronjob_playground::go::{load_location, Location};
/// use cronjob_playground::go::Tz;
/// assert_eq!(load_location("Europe/Berlin"), Ok(Location::Zone("Europe/Berlin".parse::<Tz>().unwrap())));
/// assert_eq!(load_location(""), Ok(Location::Zone(Tz::UTC)));
/// assert_eq!(load_location("Local"), Ok(Location::Local));
/// assert_eq!(load_location("Mars/Olympus").unwrap_err().to_string(), "unknown time zone Mars/Olympus");
/// assert_eq!(load_location("../etc/passwd").unwrap_err().to_string(), "time: invalid location name");
/// ```
pub fn load_location(name: &str) -> Result<Location, LocationError> {
    match name {
        "" | "UTC" => return Ok(Location::Zone(Tz::UTC)),
        "Local" => return Ok(Location::Local),
        _ => {}
    }
    // A zone's own name (the usual case, asked on every CronJob sync) is a clean path whose
    // prefixes are all directories: it names that zone, found by one binary search before any
    // check a zone's name passes anyway and without walking the directories below it.
    if let Some(tz) = zone_file(name) {
        return Ok(Location::Zone(tz));
    }
    if name.contains("..") || name.starts_with('/') || name.starts_with('\\') {
        return Err(LocationError::InvalidName);
    }
    if name.contains('\0') {
        return Err(LocationError::InvalidArgument);
    }
    if name.split('/').any(|part| part.len() > 255) {
        return Err(LocationError::NameTooLong);
    }
    // The name is a path below the zone directory: empty and `.` components are no-ops, and a
    // trailing slash demands a directory.
    let parts: Vec<&str> = name.split('/').filter(|p| !p.is_empty() && *p != ".").collect();
    let wants_directory = name.ends_with('/');
    let unknown = || LocationError::Unknown(name.to_owned());
    // Debian's `posix/` tree holds the same zones again (its `right/` tree, with leap seconds,
    // has no counterpart in chrono-tz and stays unknown).
    let parts = match parts.split_first() {
        Some((&"posix", rest)) if !rest.is_empty() => rest,
        Some((&"posix", _)) => return Err(LocationError::IsDirectory),
        _ => &parts[..],
    };
    for end in 1..=parts.len() {
        let path = parts[..end].join("/");
        let is_last = end == parts.len();
        if let Some(tz) = zone_file(&path) {
            return match (is_last, wants_directory) {
                (true, false) => Ok(Location::Zone(tz)),
                _ => Err(LocationError::NotDirectory),
            };
        }
        if DATA_FILES.contains(&path.as_str()) {
            return if is_last && !wants_directory {
                Err(LocationError::Malformed)
            } else {
                Err(LocationError::NotDirectory)
            };
        }
        if !is_directory(&path) {
            return Err(unknown());
        }
    }
    // Every component was a directory (or there were none, e.g. `.`).
    Err(LocationError::IsDirectory)
}

fn zone_file(path: &str) -> Option<Tz> {
    match path {
        // `Factory` is a zone at UTC+0 in the tz database; `posixrules` is New York's rules.
        "Factory" => Some(Tz::UTC),
        "posixrules" => Tz::from_str("America/New_York").ok(),
        _ => Tz::from_str(path).ok(),
    }
}

fn is_directory(path: &str) -> bool {
    Tz::all().any(|tz| {
        let name = tz.name();
        name.len() > path.len() && name.starts_with(path) && name.as_bytes()[path.len()] == b'/'
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(name: &str) -> String {
        load_location(name).unwrap_err().to_string()
    }

    #[test]
    fn names_resolve_like_go_on_debian() {
        assert_eq!(load_location("UTC"), Ok(Location::Zone(Tz::UTC)));
        assert_eq!(load_location("US/Eastern"), Ok(Location::Zone("US/Eastern".parse::<Tz>().unwrap())));
        assert_eq!(load_location("posix/Asia/Tokyo"), Ok(Location::Zone("Asia/Tokyo".parse::<Tz>().unwrap())));
        assert_eq!(load_location("./Asia//Tokyo"), Ok(Location::Zone("Asia/Tokyo".parse::<Tz>().unwrap())));
        assert_eq!(load_location("Factory"), Ok(Location::Zone(Tz::UTC)));
    }

    #[test]
    fn refusals_read_like_go() {
        assert_eq!(text("america/new_york"), "unknown time zone america/new_york");
        assert_eq!(text("a..b"), "time: invalid location name");
        assert_eq!(text("\\UTC"), "time: invalid location name");
        assert_eq!(text("America"), "is a directory");
        assert_eq!(text("America/Indiana/"), "is a directory");
        assert_eq!(text("UTC/"), "not a directory");
        assert_eq!(text("Europe/London/x"), "not a directory");
        assert_eq!(text("zone.tab"), "malformed time zone information");
        assert_eq!(text("Europe/Nowhere"), "unknown time zone Europe/Nowhere");
        assert_eq!(text("UT\0C"), "invalid argument");
        assert_eq!(text(&"x".repeat(256)), "file name too long");
    }
}
