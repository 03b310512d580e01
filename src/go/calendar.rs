//! The proleptic Gregorian calendar on whole seconds, with no zone: days since the Unix epoch
//! of a date and the wall-clock fields of a count of local seconds — what Go's `time` package
//! computes in `absDate` and `daysSinceEpoch`. The zone code below it (`zone.rs`, `posix_tz.rs`)
//! and the zone arithmetic above it (`time.rs`) both count days with it.

pub const SECONDS_PER_DAY: i64 = 86_400;

/// Wall-clock fields: a date, a time of day and the weekday.
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

/// Days since 1970-01-01 of a proleptic Gregorian date (month 1..=12; day 1).
pub fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Wall-clock fields of `local` seconds since 1970-01-01T00:00 wall time, for any `i64`.
///
/// Neri and Schneider's Euclidean affine functions ("Euclidean affine functions and their
/// application to calendar algorithms", 2022): the day count, moved by whole 400-year eras to be
/// non-negative over the whole `i64` range, is split into century, year, month and day by
/// unsigned divisions by constants, which compile to multiplications and shifts — a schedule
/// search reads the wall clock at every step.
pub fn civil_from_local(local: i64) -> Civil {
    /// Eras added so that the day count of `i64::MIN` seconds is not negative.
    const ERAS: i64 = 800_000_000;
    let days = local.div_euclid(SECONDS_PER_DAY);
    let secs = local.rem_euclid(SECONDS_PER_DAY) as u32;
    // Days since 0000-03-01 (years begin in March, so leap days end them), plus the eras.
    let n = (days + 719_468 + ERAS * 146_097) as u64;
    let n1 = 4 * n + 3;
    let century = n1 / 146_097;
    let day_of_century = n1 % 146_097 / 4;
    let p2 = 2_939_745 * (4 * day_of_century + 3);
    let year_of_century = p2 >> 32;
    let day_of_year = (p2 & 0xFFFF_FFFF) / 2_939_745 / 4;
    let n3 = 2_141 * day_of_year + 197_913;
    let january_or_february = day_of_year >= 306;
    let month = (n3 >> 16) as u32 - if january_or_february { 12 } else { 0 };
    let day = ((n3 & 0xFFFF) / 2_141) as u32 + 1;
    let year = (100 * century + year_of_century) as i64 - ERAS * 400 + i64::from(january_or_february);
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
    use chrono::{Datelike, NaiveDate};

    fn check(local: i64) {
        let (days, second_of_day) = (local.div_euclid(SECONDS_PER_DAY), local.rem_euclid(SECONDS_PER_DAY));
        let c = civil_from_local(local);
        assert_eq!(days_from_civil(c.year, c.month, c.day), days, "{local}");
        assert_eq!(i64::from(c.hour * 3600 + c.minute * 60 + c.second), second_of_day, "{local}");
        assert_eq!(i64::from(c.weekday), (days + 4).rem_euclid(7), "{local}");
        if let Some(date) = i32::try_from(days + 719_163).ok().and_then(NaiveDate::from_num_days_from_ce_opt) {
            assert_eq!((c.year, c.month, c.day), (i64::from(date.year()), date.month(), date.day()), "{local}");
        }
    }

    #[test]
    fn wall_clocks_are_chrono_dates_across_the_whole_range() {
        // Every day of ±2,700 years around 1970, at varying times of day.
        for days in -1_000_000..1_000_000 {
            check(days * SECONDS_PER_DAY + (days * 7_919).rem_euclid(SECONDS_PER_DAY));
        }
        // chrono's own ends, and the ends of i64 seconds.
        let ends = [NaiveDate::MIN, NaiveDate::MAX].map(|d| i64::from(d.num_days_from_ce()) - 719_163);
        for end in ends {
            for days in end - 1_000..end + 1_000 {
                check(days * SECONDS_PER_DAY);
            }
        }
        for local in [i64::MIN, i64::MIN + 86_399, i64::MAX, i64::MAX - 86_399, 0, -1] {
            check(local);
        }
    }
}
