//! Go's `time.Duration` where its exact behaviour shows through:
//!
//! * `time.ParseDuration`, which robfig/cron uses for `@every <duration>`: units
//!   `ns us µs μs ms s m h`, decimal fractions, a sign, a lone `0`, and Go's exact error texts
//!   (with the `time` package's own quoting, which writes every non-ASCII byte as `\xNN`);
//! * `Duration.String()`, which the kubelet's CrashLoopBackOff messages print;
//! * the CronJob controller's slot arithmetic on nanoseconds: `Time.Sub` saturating at ±292
//!   years, `Duration.Round(time.Second)`, the float round trip of `int64(d.Seconds())`, and
//!   `Time.Add`.

use chrono::{DateTime, TimeDelta, Utc};
use std::fmt;

/// Why `time.ParseDuration` rejected a string; [`fmt::Display`] gives Go's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DurationError {
    /// `time: invalid duration "<input>"` (bad syntax or overflow).
    Invalid { input: String },
    /// `time: missing unit in duration "<input>"`.
    MissingUnit { input: String },
    /// `time: unknown unit "<unit>" in duration "<input>"`.
    UnknownUnit { unit: String, input: String },
}

impl fmt::Display for DurationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Invalid { input } => write!(f, "time: invalid duration {}", TimeQuoted(input)),
            Self::MissingUnit { input } => write!(f, "time: missing unit in duration {}", TimeQuoted(input)),
            Self::UnknownUnit { unit, input } => {
                write!(f, "time: unknown unit {} in duration {}", TimeQuoted(unit), TimeQuoted(input))
            }
        }
    }
}

/// The `time` package's private `quote`: ASCII printable kept (`"` and `\` escaped), every
/// byte of a control or non-ASCII character written as `\xNN`.
struct TimeQuoted<'a>(&'a str);

impl fmt::Display for TimeQuoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"")?;
        for c in self.0.chars() {
            if c.is_ascii() && c >= ' ' {
                if c == '"' || c == '\\' {
                    f.write_str("\\")?;
                }
                write!(f, "{c}")?;
            } else {
                let mut buf = [0u8; 4];
                for byte in c.encode_utf8(&mut buf).bytes() {
                    write!(f, "\\x{byte:02x}")?;
                }
            }
        }
        f.write_str("\"")
    }
}

const NANOS_PER: &[(&str, u64)] = &[
    ("ns", 1),
    ("us", 1_000),
    ("µs", 1_000),
    ("μs", 1_000),
    ("ms", 1_000_000),
    ("s", 1_000_000_000),
    ("m", 60_000_000_000),
    ("h", 3_600_000_000_000),
];

/// Go `time.ParseDuration` (Go 1.15+ semantics): `[-+]?([0-9]*(\.[0-9]*)?[a-z]+)+`, at most
/// 2^63−1 ns (2^63 when negative).
pub fn parse_duration(input: &str) -> Result<TimeDelta, DurationError> {
    let invalid = || DurationError::Invalid { input: input.to_owned() };
    let mut s = input.as_bytes();
    let mut negative = false;
    if let Some(&sign @ (b'-' | b'+')) = s.first() {
        negative = sign == b'-';
        s = &s[1..];
    }
    if s == b"0" {
        return Ok(TimeDelta::zero());
    }
    if s.is_empty() {
        return Err(invalid());
    }
    const LIMIT: u64 = 1 << 63;
    let mut total: u64 = 0;
    while !s.is_empty() {
        if !(s[0] == b'.' || s[0].is_ascii_digit()) {
            return Err(invalid());
        }
        let (whole, rest) = leading_int(s).ok_or_else(invalid)?;
        let had_whole = rest.len() != s.len();
        s = rest;
        let (mut fraction, mut scale, mut had_fraction) = (0u64, 1f64, false);
        if s.first() == Some(&b'.') {
            s = &s[1..];
            let (f, sc, rest) = leading_fraction(s);
            had_fraction = rest.len() != s.len();
            (fraction, scale, s) = (f, sc, rest);
        }
        if !had_whole && !had_fraction {
            return Err(invalid());
        }
        let unit_len = s.iter().position(|&c| c == b'.' || c.is_ascii_digit()).unwrap_or(s.len());
        if unit_len == 0 {
            return Err(DurationError::MissingUnit { input: input.to_owned() });
        }
        // The unit ends at an ASCII byte (or the end), so this is a char boundary.
        let unit = std::str::from_utf8(&s[..unit_len]).unwrap_or_default();
        s = &s[unit_len..];
        let Some(&(_, nanos)) = NANOS_PER.iter().find(|(name, _)| *name == unit) else {
            return Err(DurationError::UnknownUnit { unit: unit.to_owned(), input: input.to_owned() });
        };
        if whole > LIMIT / nanos {
            return Err(invalid());
        }
        let mut value = whole * nanos;
        if fraction > 0 {
            // Go uses float64 here too; the truncating conversion is part of its behaviour.
            value += (fraction as f64 * (nanos as f64 / scale)) as u64;
            if value > LIMIT {
                return Err(invalid());
            }
        }
        // Go's uint64 addition wraps (2^63 + 2^63 = 0); keep that.
        total = total.wrapping_add(value);
        if total > LIMIT {
            return Err(invalid());
        }
    }
    let nanos = if negative {
        0i64.wrapping_sub_unsigned(total)
    } else if total > LIMIT - 1 {
        return Err(invalid());
    } else {
        total as i64
    };
    Ok(TimeDelta::nanoseconds(nanos))
}

/// Go's `leadingInt`: the leading digits, or `None` on overflow past 2^63.
fn leading_int(s: &[u8]) -> Option<(u64, &[u8])> {
    let digits = s.iter().take_while(|c| c.is_ascii_digit()).count();
    let mut x: u64 = 0;
    for &c in &s[..digits] {
        if x > (1 << 63) / 10 {
            return None;
        }
        x = x * 10 + u64::from(c - b'0');
        if x > 1 << 63 {
            return None;
        }
    }
    Some((x, &s[digits..]))
}

/// Go's `leadingFraction`: the leading digits of a fraction, with the scale they imply; digits
/// past the point of overflow are consumed but ignored.
fn leading_fraction(s: &[u8]) -> (u64, f64, &[u8]) {
    let digits = s.iter().take_while(|c| c.is_ascii_digit()).count();
    let (mut x, mut scale, mut overflow) = (0u64, 1f64, false);
    for &c in &s[..digits] {
        if overflow {
            continue;
        }
        if x > ((1 << 63) - 1) / 10 {
            overflow = true;
            continue;
        }
        let y = x * 10 + u64::from(c - b'0');
        if y > 1 << 63 {
            overflow = true;
            continue;
        }
        x = y;
        scale *= 10.0;
    }
    (x, scale, &s[digits..])
}

/// Go's `time.Duration.String()` for the whole-millisecond durations used here: `10s`, `2m40s`, `5m0s`, `1.5s`.
///
/// ```
/// use chrono::TimeDelta;
/// use cronjob_playground::go::duration_string;
/// assert_eq!(duration_string(TimeDelta::seconds(160)), "2m40s");
/// assert_eq!(duration_string(TimeDelta::seconds(300)), "5m0s");
/// assert_eq!(duration_string(TimeDelta::seconds(3600)), "1h0m0s");
/// assert_eq!(duration_string(TimeDelta::milliseconds(1500)), "1.5s");
/// assert_eq!(duration_string(TimeDelta::zero()), "0s");
/// ```
pub fn duration_string(d: TimeDelta) -> String {
    let ms = d.num_milliseconds();
    if ms == 0 {
        return "0s".into();
    }
    let sign = if ms < 0 { "-" } else { "" };
    let ms = ms.unsigned_abs();
    if ms < 1000 {
        return format!("{sign}{ms}ms");
    }
    let (h, m, s, frac) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    let secs = if frac == 0 { format!("{s}s") } else { format!("{s}.{}s", format!("{frac:03}").trim_end_matches('0')) };
    match (h, m) {
        (0, 0) => format!("{sign}{secs}"),
        (0, m) => format!("{sign}{m}m{secs}"),
        (h, m) => format!("{sign}{h}h{m}m{secs}"),
    }
}

/// `a.Sub(b)` in nanoseconds, saturating like Go's `Time.Sub`.
pub fn sub_nanos(a: DateTime<Utc>, b: DateTime<Utc>) -> i64 {
    let d = a.signed_duration_since(b);
    d.num_nanoseconds().unwrap_or(if d > TimeDelta::zero() { i64::MAX } else { i64::MIN })
}

/// `Duration.Round(time.Second)`: halves away from zero, saturating.
pub fn round_to_second(d: i64) -> i64 {
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
pub fn whole_seconds(d: i64) -> i64 {
    let sec = d / 1_000_000_000;
    let nsec = d % 1_000_000_000;
    (sec as f64 + nsec as f64 / 1e9) as i64
}

/// `time.Second * time.Duration(seconds)` in nanoseconds, wrapping on overflow as Go does.
pub fn seconds_nanos(seconds: i64) -> i64 {
    seconds.wrapping_mul(1_000_000_000)
}

/// `t.Add(d)` for a nanosecond duration.
pub fn add_nanos(t: DateTime<Utc>, d: i64) -> DateTime<Utc> {
    t.checked_add_signed(TimeDelta::nanoseconds(d)).unwrap_or(if d > 0 {
        DateTime::<Utc>::MAX_UTC
    } else {
        DateTime::<Utc>::MIN_UTC
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ns(s: &str) -> i64 {
        parse_duration(s).unwrap().num_nanoseconds().unwrap()
    }

    fn err(s: &str) -> String {
        parse_duration(s).unwrap_err().to_string()
    }

    #[test]
    fn parses_units_fractions_and_signs() {
        assert_eq!(ns("0"), 0);
        assert_eq!(ns("-0"), 0);
        assert_eq!(ns("1h30m"), 5_400_000_000_000);
        assert_eq!(ns("1.5s"), 1_500_000_000);
        assert_eq!(ns(".5m"), 30_000_000_000);
        assert_eq!(ns("5.s"), 5_000_000_000);
        assert_eq!(ns("1µs1μs1us"), 3_000);
        assert_eq!(ns("-1.5h"), -5_400_000_000_000);
        assert_eq!(ns("2562047h47m16.854775807s"), i64::MAX);
        assert_eq!(ns("-2562047h47m16.854775808s"), i64::MIN);
        assert_eq!(ns("9223372036854775808ns9223372036854775808ns"), 0);
    }

    #[test]
    fn errors_read_like_go() {
        assert_eq!(err(""), r#"time: invalid duration """#);
        assert_eq!(err("Xm"), r#"time: invalid duration "Xm""#);
        assert_eq!(err("5"), r#"time: missing unit in duration "5""#);
        assert_eq!(err("5."), r#"time: missing unit in duration "5.""#);
        assert_eq!(err("1d"), r#"time: unknown unit "d" in duration "1d""#);
        assert_eq!(err(".s"), r#"time: invalid duration ".s""#);
        assert_eq!(err("1 h"), r#"time: unknown unit " h" in duration "1 h""#);
        assert_eq!(err("2562047h47m16.854775808s"), r#"time: invalid duration "2562047h47m16.854775808s""#);
        assert_eq!(err("5µ"), r#"time: unknown unit "\xc2\xb5" in duration "5\xc2\xb5""#);
        assert_eq!(err("9223372036854775808ns"), r#"time: invalid duration "9223372036854775808ns""#);
    }

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
        assert_eq!(sub_nanos(crate::go::zero_time(), now), i64::MIN);
        assert_eq!(sub_nanos(now, crate::go::zero_time()), i64::MAX);
    }
}
