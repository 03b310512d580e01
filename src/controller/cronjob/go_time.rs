//! Go `time` arithmetic the slot search depends on, reproduced exactly: the zero `time.Time`
//! robfig returns when a schedule never fires, `Time.Sub` saturating at ±292 years,
//! `Duration.Round` and the float round trip of `int64(d.Seconds())`.

use chrono::{DateTime, NaiveDate, TimeDelta, Utc};

/// Go's zero `time.Time` (`0001-01-01T00:00:00Z`), which robfig's `Next` returns for a schedule
/// with no slot in the next five years.
pub(crate) fn zero_time() -> DateTime<Utc> {
    NaiveDate::from_ymd_opt(1, 1, 1)
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .map(|t| t.and_utc())
        .unwrap_or(DateTime::<Utc>::MIN_UTC)
}

/// `a.Sub(b)` in nanoseconds, saturating like Go's `Time.Sub`.
pub(crate) fn sub_nanos(a: DateTime<Utc>, b: DateTime<Utc>) -> i64 {
    let d = a.signed_duration_since(b);
    d.num_nanoseconds().unwrap_or(if d > TimeDelta::zero() { i64::MAX } else { i64::MIN })
}

/// `Duration.Round(time.Second)`: halves away from zero, saturating.
pub(crate) fn round_to_second(d: i64) -> i64 {
    const M: i64 = 1_000_000_000;
    let r = d % M;
    if d < 0 {
        let r = -r;
        if r + r < M {
            return d + r;
        }
        d.checked_sub(M - r).unwrap_or(i64::MIN)
    } else {
        if r + r < M {
            return d - r;
        }
        d.checked_add(M - r).unwrap_or(i64::MAX)
    }
}

/// `int64(d.Seconds())`: Go computes the float `sec + nsec/1e9` and truncates it, which can round
/// up to the next second when `nsec` is close to a second.
pub(crate) fn whole_seconds(d: i64) -> i64 {
    let sec = d / 1_000_000_000;
    let nsec = d % 1_000_000_000;
    (sec as f64 + nsec as f64 / 1e9) as i64
}

/// `time.Second * time.Duration(seconds)` in nanoseconds, wrapping on overflow as Go does.
pub(crate) fn seconds_nanos(seconds: i64) -> i64 {
    seconds.wrapping_mul(1_000_000_000)
}

/// `t.Add(d)` for a nanosecond duration.
pub(crate) fn add_nanos(t: DateTime<Utc>, d: i64) -> DateTime<Utc> {
    t.checked_add_signed(TimeDelta::nanoseconds(d)).unwrap_or(if d > 0 {
        DateTime::<Utc>::MAX_UTC
    } else {
        DateTime::<Utc>::MIN_UTC
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_and_truncation_follow_go() {
        assert_eq!(round_to_second(1_499_999_999), 1_000_000_000);
        assert_eq!(round_to_second(1_500_000_000), 2_000_000_000);
        assert_eq!(round_to_second(-1_500_000_000), -2_000_000_000);
        assert_eq!(round_to_second(-1_400_000_000), -1_000_000_000);
        assert_eq!(whole_seconds(59_900_000_000), 59);
        assert_eq!(whole_seconds(-59_900_000_000), -59);
        // 1e9 s + 0.999999999 s is not representable: the float rounds up to the next second.
        assert_eq!(whole_seconds(1_000_000_000 * 1_000_000_000 + 999_999_999), 1_000_000_001);
    }

    #[test]
    fn sub_saturates_like_go() {
        let now = DateTime::parse_from_rfc3339("2016-05-19T10:00:00Z").unwrap().to_utc();
        assert_eq!(sub_nanos(zero_time(), now), i64::MIN);
        assert_eq!(sub_nanos(now, zero_time()), i64::MAX);
    }
}
