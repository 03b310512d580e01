//! Go's `time.ParseDuration`, which robfig/cron uses for `@every <duration>`: units
//! `ns us µs μs ms s m h`, decimal fractions, a sign, a lone `0`, and Go's exact error texts
//! (with the `time` package's own quoting, which writes every non-ASCII byte as `\xNN`).

use chrono::TimeDelta;
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
}
