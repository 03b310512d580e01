//! Go `time` arithmetic in one zone, as robfig/cron's `Next` uses it: wall-clock fields of an
//! instant, `time.Date` with Go's normalisation and its rule for wall times in DST gaps and
//! overlaps, and absolute `Add`/`Truncate`. Instants are whole Unix seconds (`Next` works on
//! whole seconds only). Also Go's zero `time.Time`, which robfig returns for "never", and the
//! RFC 3339 form Go prints instants in.
//!
//! Speed comes from each zone's table of UTC-offset periods (`zone.rs`): a lookup is a binary
//! search, and it also says how long the offset stays the same, which lets `Next` jump over
//! hours and days instead of stepping through them.

use super::calendar::{civil_from_local, days_from_civil, Civil, SECONDS_PER_DAY};
use super::zone::{Period, Tz, ZoneRules};
use chrono::{DateTime, NaiveDate, NaiveTime, SecondsFormat, TimeDelta, Utc};

/// One zone's clock arithmetic, remembering the last period it looked up.
pub struct Zone {
    rules: &'static ZoneRules,
    last: Period,
}

impl Zone {
    pub fn new(tz: Tz) -> Self {
        Self { rules: tz.rules(), last: Period { offset: 0, start: 0, end: 0 } }
    }

    /// The offset period holding the instant `unix`.
    pub fn period(&mut self, unix: i64) -> Period {
        if self.last.start <= unix && unix < self.last.end {
            return self.last;
        }
        let period = self.rules.period(unix);
        self.last = period;
        period
    }

    /// The wall clock of `unix` in this zone.
    pub fn civil(&mut self, unix: i64) -> Civil {
        civil_from_local(unix + self.period(unix).offset)
    }

    /// Go `time.Date(year, month, day, hour, min, sec, 0, loc)`: out-of-range fields carry over,
    /// and a wall time `L` maps to `L − off(L − off(L))` — before a gap in zones west of UTC and
    /// after it east of UTC; the first of two repeated times west of UTC, the second east.
    pub fn date(&mut self, year: i64, month: i64, day: i64, hour: i64, minute: i64, second: i64) -> i64 {
        let month0 = month - 1;
        let (year, month0) = (year + month0.div_euclid(12), month0.rem_euclid(12));
        let local = (days_from_civil(year, month0 as u32 + 1, 1) + day - 1) * SECONDS_PER_DAY
            + hour * 3600
            + minute * 60
            + second;
        let first = self.period(local).offset;
        local - self.period(local - first).offset
    }
}

/// Go's zero `time.Time` (`0001-01-01T00:00:00Z`), which robfig's `Next` returns for a schedule
/// with no slot in the next five years.
pub fn zero_time() -> DateTime<Utc> {
    ZERO_TIME
}

/// [`zero_time`], worked out once at compile time: every slot search compares with it.
const ZERO_TIME: DateTime<Utc> = match NaiveDate::from_ymd_opt(1, 1, 1) {
    Some(day) => day.and_time(NaiveTime::MIN).and_utc(),
    None => DateTime::<Utc>::MIN_UTC,
};

/// Renders an instant as Go's RFC3339Nano does (`Z` for a zero offset, no trailing zeros), the
/// form robfig/cron's tests and `kubectl` print schedule times in.
pub fn format_rfc3339(t: &DateTime<Tz>) -> String {
    t.to_rfc3339_opts(SecondsFormat::AutoSi, true)
}

/// Reads an RFC 3339 instant: `2024-01-10T00:00:00Z`, `2024-01-10T01:00:00.5+01:00` (`t` or a
/// space for the `T` and `z` for the `Z`, as RFC 3339 allows; up to nine digits of a second are
/// kept). `None` for anything else, an impossible date or time among them. Written by hand for
/// the page, which reads such instants from its own fields and the trace: chrono's general
/// parser would be a few KB of its module.
///
/// ```
/// use cronjob_playground::go::parse_rfc3339;
/// let t = parse_rfc3339("2024-03-31T03:30:00.25+02:00").unwrap();
/// assert_eq!(t.to_rfc3339(), "2024-03-31T01:30:00.250+00:00");
/// assert_eq!(parse_rfc3339("2024-02-30T00:00:00Z"), None);
/// assert_eq!(parse_rfc3339("2024-01-10 00:00"), None);
/// ```
pub fn parse_rfc3339(text: &str) -> Option<DateTime<Utc>> {
    let b = text.as_bytes();
    let num = |from: usize, to: usize| -> Option<u32> {
        let digits = b.get(from..to)?;
        digits.iter().all(u8::is_ascii_digit).then(|| digits.iter().fold(0, |n, d| n * 10 + u32::from(d - b'0')))
    };
    let separators = [(4, b'-'), (7, b'-'), (13, b':'), (16, b':')];
    if separators.iter().any(|&(i, c)| b.get(i) != Some(&c)) || !matches!(b.get(10), Some(b'T' | b't' | b' ')) {
        return None;
    }
    let date = NaiveDate::from_ymd_opt(num(0, 4)? as i32, num(5, 7)?, num(8, 10)?)?;
    let (mut i, mut nanos) = (19, 0);
    if b.get(i) == Some(&b'.') {
        let digits = b[i + 1..].iter().take_while(|d| d.is_ascii_digit()).count();
        if digits == 0 {
            return None;
        }
        nanos = num(i + 1, i + 1 + digits.min(9))? * 10u32.pow(9 - digits.min(9) as u32);
        i += 1 + digits;
    }
    let offset = match &b[i.min(b.len())..] {
        [b'Z' | b'z'] => 0,
        [sign @ (b'+' | b'-'), _, _, b':', _, _] => {
            let (h, m) = (num(i + 1, i + 3)?, num(i + 4, i + 6)?);
            if h > 23 || m > 59 {
                return None;
            }
            let east = i64::from(h * 3600 + m * 60);
            if *sign == b'-' {
                -east
            } else {
                east
            }
        }
        _ => return None,
    };
    let time = NaiveTime::from_hms_nano_opt(num(11, 13)?, num(14, 16)?, num(17, 19)?, nanos)?;
    Some(date.and_time(time).and_utc() - TimeDelta::seconds(offset))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::calendar::days_in_month;
    use chrono::DateTime;

    fn new_york() -> Tz {
        "America/New_York".parse().unwrap()
    }

    fn london() -> Tz {
        "Europe/London".parse().unwrap()
    }

    fn unix(rfc3339: &str) -> i64 {
        DateTime::parse_from_rfc3339(rfc3339).unwrap().timestamp()
    }

    #[test]
    fn rfc3339_reads_as_chrono_does() {
        for text in [
            "2024-01-10T00:00:00Z",
            "2024-01-10t23:59:59z",
            "2024-01-10 12:00:00+05:30",
            "2024-02-29T12:00:00.123456789-08:00",
            "2024-02-29T12:00:00.1234567891Z",
            "1999-12-31T23:59:59.5+00:00",
        ] {
            let chrono = DateTime::parse_from_rfc3339(text).unwrap().to_utc();
            assert_eq!(parse_rfc3339(text), Some(chrono), "{text}");
        }
        for text in [
            "",
            "2024-01-10",
            "2024-01-10T00:00:00",
            "2024-01-10T00:00Z",
            "2024-01-10T00:00:00.Z",
            "2024-13-10T00:00:00Z",
            "2023-02-29T00:00:00Z",
            "2024-01-10T24:00:00Z",
            "2024-01-10T00:00:00+24:00",
            "2024-01-10T00:00:00+0100",
            "2024-01-10T00:00:00Z ",
            "+2024-01-10T00:00:00Z",
            "2024-01-10T00:00:00 UTC",
        ] {
            assert!(DateTime::parse_from_rfc3339(text).is_err(), "chrono reads {text}");
            assert_eq!(parse_rfc3339(text), None, "{text}");
        }
    }

    #[test]
    fn civil_fields_match_chrono() {
        let mut zone = Zone::new(new_york());
        let c = zone.civil(unix("2024-03-10T03:30:00-04:00"));
        assert_eq!((c.year, c.month, c.day, c.hour, c.minute, c.second, c.weekday), (2024, 3, 10, 3, 30, 0, 0));
        let c = zone.civil(unix("1600-02-29T12:00:00Z"));
        assert_eq!((c.year, c.month, c.day), (1600, 2, 29));
        assert_eq!(days_in_month(2024, 2), 29);
        assert_eq!(days_in_month(2100, 2), 28);
    }

    #[test]
    fn periods_are_found_to_the_second() {
        let mut zone = Zone::new(new_york());
        let p = zone.period(unix("2024-06-01T00:00:00Z"));
        assert_eq!(p.offset, -4 * 3600);
        assert_eq!(p.start, unix("2024-03-10T03:00:00-04:00"));
        assert_eq!(p.end, unix("2024-11-03T01:00:00-05:00"));
    }

    #[test]
    fn the_rule_holds_past_the_last_listed_change() {
        // Local mean time before the first listed change.
        let mut london = Zone::new(london());
        assert_eq!(london.period(unix("1700-01-01T00:00:00Z")).offset, -75);
        // 2500: last Sunday of March is the 28th, of October the 31st.
        assert_eq!(
            london.period(unix("2500-07-01T00:00:00Z")),
            Period { offset: 3600, start: unix("2500-03-28T01:00:00Z"), end: unix("2500-10-31T01:00:00Z") }
        );
    }

    #[test]
    fn date_follows_go_in_gaps_and_overlaps() {
        let mut ny = Zone::new(new_york());
        // Gap west of UTC: before the gap. Overlap west of UTC: the first 01:30.
        assert_eq!(ny.date(2024, 3, 10, 2, 30, 0), unix("2024-03-10T01:30:00-05:00"));
        assert_eq!(ny.date(2024, 11, 3, 1, 30, 0), unix("2024-11-03T01:30:00-04:00"));
        // Normalisation: month 13 and day 32 carry over.
        assert_eq!(ny.date(2024, 13, 32, 0, 0, 0), unix("2025-02-01T00:00:00-05:00"));
        let mut london = Zone::new(london());
        // East of (or at) UTC: after the gap, the second 01:30.
        assert_eq!(london.date(2024, 3, 31, 1, 30, 0), unix("2024-03-31T02:30:00+01:00"));
        assert_eq!(london.date(2024, 10, 27, 1, 30, 0), unix("2024-10-27T01:30:00+00:00"));
        let mut lord_howe = Zone::new("Australia/Lord_Howe".parse().unwrap());
        assert_eq!(lord_howe.date(2024, 4, 7, 1, 45, 0), unix("2024-04-07T01:45:00+10:30"));
    }
}
