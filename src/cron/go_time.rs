//! Go `time` arithmetic in one zone, as robfig/cron's `Next` uses it: wall-clock fields of an
//! instant, `time.Date` with Go's normalisation and its rule for wall times in DST gaps and
//! overlaps, and absolute `Add`/`Truncate`. Instants are whole Unix seconds (`Next` works on
//! whole seconds only).
//!
//! Speed comes from a per-zone table of UTC-offset periods, built once from chrono-tz: a lookup is
//! a binary search, and it also says how long the offset stays the same, which lets `Next` jump
//! over hours and days instead of stepping through them.

use chrono::{DateTime, Offset, TimeZone};
use chrono_tz::Tz;
use std::sync::OnceLock;

const SECONDS_PER_DAY: i64 = 86_400;

/// A stretch of time with one UTC offset: `[start, end)` in Unix seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    pub offset: i64,
    pub start: i64,
    pub end: i64,
}

/// The wall clock of an instant in a zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Civil {
    pub year: i64,
    pub month: u32,
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
    pub second: u32,
    /// 0 = Sunday, as Go's `time.Weekday`.
    pub weekday: u32,
}

/// Offset periods of one zone, from the table's first to last instant.
struct PeriodTable {
    starts: Vec<i64>,
    offsets: Vec<i32>,
}

/// The sampled span, 1840..2110, holds every transition chrono-tz knows (its first is in 1845,
/// its last in 2099), so the first and last periods extend without end.
const TABLE_START: i64 = -4_102_444_800; // 1840-01-01T00:00:00Z
const TABLE_END: i64 = 4_417_977_600; // 2110-01-01T00:00:00Z
/// Sampling step. No zone has two transitions closer than this that cancel out.
const SAMPLE_STEP: i64 = 6 * 3600;

fn chrono_offset(tz: Tz, unix: i64) -> i64 {
    match DateTime::from_timestamp(unix, 0) {
        Some(utc) => i64::from(tz.offset_from_utc_datetime(&utc.naive_utc()).fix().local_minus_utc()),
        None => 0,
    }
}

impl PeriodTable {
    fn build(tz: Tz) -> Self {
        let mut starts = vec![TABLE_START];
        let mut offsets = vec![chrono_offset(tz, TABLE_START) as i32];
        let mut previous = TABLE_START;
        let mut current = offsets[0];
        let mut sample = TABLE_START + SAMPLE_STEP;
        while sample < TABLE_END {
            let offset = chrono_offset(tz, sample) as i32;
            if offset != current {
                // Bisect to the second: the new offset holds from `hi` on.
                let (mut lo, mut hi) = (previous, sample);
                while hi - lo > 1 {
                    let mid = lo + (hi - lo) / 2;
                    if chrono_offset(tz, mid) as i32 == current {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
                starts.push(hi);
                offsets.push(offset);
                current = offset;
            }
            previous = sample;
            sample += SAMPLE_STEP;
        }
        Self { starts, offsets }
    }
}

fn table(tz: Tz) -> &'static PeriodTable {
    static TABLES: OnceLock<Vec<OnceLock<PeriodTable>>> = OnceLock::new();
    let tables = TABLES.get_or_init(|| (0..chrono_tz::TZ_VARIANTS.len()).map(|_| OnceLock::new()).collect());
    tables[tz as usize].get_or_init(|| PeriodTable::build(tz))
}

/// One zone's clock arithmetic, remembering the last period it looked up.
pub struct Zone {
    table: &'static PeriodTable,
    last: Period,
}

impl Zone {
    pub fn new(tz: Tz) -> Self {
        Self { table: table(tz), last: Period { offset: 0, start: 0, end: 0 } }
    }

    /// The offset period holding the instant `unix`.
    pub fn period(&mut self, unix: i64) -> Period {
        if self.last.start <= unix && unix < self.last.end {
            return self.last;
        }
        let starts = &self.table.starts;
        let i = starts.partition_point(|&s| s <= unix).saturating_sub(1);
        let period = Period {
            offset: i64::from(self.table.offsets[i]),
            start: if i == 0 { i64::MIN } else { starts[i] },
            end: starts.get(i + 1).copied().unwrap_or(i64::MAX),
        };
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

/// Days since 1970-01-01 of a proleptic Gregorian date (month 1..=12; day 1).
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Wall-clock fields of `local` seconds since 1970-01-01T00:00 wall time.
fn civil_from_local(local: i64) -> Civil {
    let days = local.div_euclid(SECONDS_PER_DAY);
    let secs = local.rem_euclid(SECONDS_PER_DAY) as u32;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    Civil {
        year,
        month,
        day,
        hour: secs / 3600,
        minute: secs / 60 % 60,
        second: secs % 60,
        weekday: (days + 4).rem_euclid(7) as u32,
    }
}

/// Days in `month` (1..=12) of `year`.
pub fn days_in_month(year: i64, month: u32) -> u32 {
    let next = if month == 12 { days_from_civil(year + 1, 1, 1) } else { days_from_civil(year, month + 1, 1) };
    (next - days_from_civil(year, month, 1)) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::{America::New_York, Australia::Lord_Howe, Europe::London};

    fn unix(rfc3339: &str) -> i64 {
        DateTime::parse_from_rfc3339(rfc3339).unwrap().timestamp()
    }

    #[test]
    fn civil_fields_match_chrono() {
        let mut zone = Zone::new(New_York);
        let c = zone.civil(unix("2024-03-10T03:30:00-04:00"));
        assert_eq!((c.year, c.month, c.day, c.hour, c.minute, c.second, c.weekday), (2024, 3, 10, 3, 30, 0, 0));
        let c = zone.civil(unix("1600-02-29T12:00:00Z"));
        assert_eq!((c.year, c.month, c.day), (1600, 2, 29));
        assert_eq!(days_in_month(2024, 2), 29);
        assert_eq!(days_in_month(2100, 2), 28);
    }

    #[test]
    fn periods_are_found_to_the_second() {
        let mut zone = Zone::new(New_York);
        let p = zone.period(unix("2024-06-01T00:00:00Z"));
        assert_eq!(p.offset, -4 * 3600);
        assert_eq!(p.start, unix("2024-03-10T03:00:00-04:00"));
        assert_eq!(p.end, unix("2024-11-03T01:00:00-05:00"));
    }

    #[test]
    fn the_table_holds_every_transition_chrono_tz_knows() {
        const CENTURIES: i64 = 3 * 3_155_760_000;
        for &tz in chrono_tz::TZ_VARIANTS.iter() {
            assert_eq!(chrono_offset(tz, TABLE_START), chrono_offset(tz, TABLE_START - CENTURIES), "{tz}");
            assert_eq!(chrono_offset(tz, TABLE_END), chrono_offset(tz, TABLE_END + CENTURIES), "{tz}");
        }
        let mut london = Zone::new(London);
        assert_eq!(london.period(unix("1700-01-01T00:00:00Z")).offset, -75);
        assert_eq!(london.period(unix("2500-07-01T00:00:00Z")), Period { offset: 0, start: unix("2099-10-25T01:00:00Z"), end: i64::MAX });
    }

    #[test]
    fn date_follows_go_in_gaps_and_overlaps() {
        let mut ny = Zone::new(New_York);
        // Gap west of UTC: before the gap. Overlap west of UTC: the first 01:30.
        assert_eq!(ny.date(2024, 3, 10, 2, 30, 0), unix("2024-03-10T01:30:00-05:00"));
        assert_eq!(ny.date(2024, 11, 3, 1, 30, 0), unix("2024-11-03T01:30:00-04:00"));
        // Normalisation: month 13 and day 32 carry over.
        assert_eq!(ny.date(2024, 13, 32, 0, 0, 0), unix("2025-02-01T00:00:00-05:00"));
        let mut london = Zone::new(London);
        // East of (or at) UTC: after the gap, the second 01:30.
        assert_eq!(london.date(2024, 3, 31, 1, 30, 0), unix("2024-03-31T02:30:00+01:00"));
        assert_eq!(london.date(2024, 10, 27, 1, 30, 0), unix("2024-10-27T01:30:00+00:00"));
        let mut lord_howe = Zone::new(Lord_Howe);
        assert_eq!(lord_howe.date(2024, 4, 7, 1, 45, 0), unix("2024-04-07T01:45:00+10:30"));
    }
}
