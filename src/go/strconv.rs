//! The pieces of Go's `strconv` and `strings` packages whose exact behaviour shows through
//! robfig/cron's error texts and name matching: `strconv.Atoi` (sign, digits, overflow order),
//! `strconv.Quote` (which runes are escaped) and `strings.ToLower` (simple, per-rune case mapping).

use std::fmt::{self, Write};

/// Why `strconv.Atoi` rejected a string; [`fmt::Display`] gives Go's `NumError` text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AtoiError {
    input: String,
    out_of_range: bool,
}

impl fmt::Display for AtoiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reason = if self.out_of_range { "value out of range" } else { "invalid syntax" };
        write!(f, "strconv.Atoi: parsing {}: {reason}", Quoted(&self.input))
    }
}

/// Go `strconv.Atoi` on a 64-bit platform: an optional `+`/`-`, then ASCII decimal digits only.
/// Overflow is noticed while scanning, so digits that overflow before a bad character make a
/// range error (`99999999999999999999x`), as in Go.
pub fn atoi(s: &str) -> Result<i64, AtoiError> {
    let error = |out_of_range| AtoiError { input: s.to_owned(), out_of_range };
    let (negative, digits) = match s.as_bytes().first() {
        Some(b'+') => (false, &s[1..]),
        Some(b'-') => (true, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() {
        return Err(error(false));
    }
    let mut magnitude: u64 = 0;
    for byte in digits.bytes() {
        if !byte.is_ascii_digit() {
            return Err(error(false));
        }
        magnitude =
            magnitude.checked_mul(10).and_then(|m| m.checked_add(u64::from(byte - b'0'))).ok_or_else(|| error(true))?;
    }
    let limit = 1u64 << 63;
    match (negative, magnitude) {
        (false, m) if m >= limit => Err(error(true)),
        (true, m) if m > limit => Err(error(true)),
        (true, m) => Ok(0i64.wrapping_sub_unsigned(m)),
        (false, m) => Ok(m as i64),
    }
}

/// Go `strings.ToLower`: each rune mapped on its own by the simple lower-case mapping, so that
/// `İ` (U+0130) becomes a plain `i` rather than `i` + combining dot.
pub fn to_lower(s: &str) -> String {
    s.chars()
        .map(|c| {
            let mut lower = c.to_lowercase();
            match (lower.next(), lower.next()) {
                (Some(single), None) => single,
                _ if c == '\u{130}' => 'i',
                _ => c,
            }
        })
        .collect()
}

/// Displays a string the way Go's `strconv.Quote` (and so `%q`) writes it.
///
/// ```
/// use cronjob_playground::go::Quoted;
/// assert_eq!(Quoted("a\"b\u{200b}\t").to_string(), r#""a\"b\u200b\t""#);
/// ```
pub struct Quoted<'a>(pub &'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('"')?;
        for c in self.0.chars() {
            match c {
                '"' | '\\' => write!(f, "\\{c}")?,
                _ if is_print(c) => f.write_char(c)?,
                '\u{7}' => f.write_str("\\a")?,
                '\u{8}' => f.write_str("\\b")?,
                '\u{c}' => f.write_str("\\f")?,
                '\n' => f.write_str("\\n")?,
                '\r' => f.write_str("\\r")?,
                '\t' => f.write_str("\\t")?,
                '\u{b}' => f.write_str("\\v")?,
                _ if (c as u32) < 0x20 || c == '\u{7f}' => write!(f, "\\x{:02x}", c as u32)?,
                _ if (c as u32) < 0x10000 => write!(f, "\\u{:04x}", c as u32)?,
                _ => write!(f, "\\U{:08x}", c as u32)?,
            }
        }
        f.write_char('"')
    }
}

/// Go `strconv.IsPrint`: letters, marks, numbers, punctuation, symbols and the ASCII space.
/// Rust has no general-category table, so this rejects the categories that are not printable
/// — controls, other spaces, format characters (Unicode 13, Go 1.19's version), private use and
/// noncharacters. Unassigned code points are treated as printable (Go escapes them).
fn is_print(c: char) -> bool {
    let u = c as u32;
    if c == ' ' {
        return true;
    }
    if c.is_control() || c.is_whitespace() {
        return false;
    }
    let format = matches!(u,
        0xAD | 0x600..=0x605 | 0x61C | 0x6DD | 0x70F | 0x8E2 | 0x180E | 0x200B..=0x200F
        | 0x202A..=0x202E | 0x2060..=0x2064 | 0x2066..=0x206F | 0xFEFF | 0xFFF9..=0xFFFB
        | 0x110BD | 0x110CD | 0x13430..=0x13438 | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A
        | 0xE0001 | 0xE0020..=0xE007F);
    let private_use = matches!(u, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD);
    let noncharacter = matches!(u, 0xFDD0..=0xFDEF) || (u & 0xFFFE) == 0xFFFE;
    !(format || private_use || noncharacter)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atoi_accepts_what_go_accepts() {
        assert_eq!(atoi("5"), Ok(5));
        assert_eq!(atoi("+5"), Ok(5));
        assert_eq!(atoi("-5"), Ok(-5));
        assert_eq!(atoi("007"), Ok(7));
        assert_eq!(atoi("9223372036854775807"), Ok(i64::MAX));
        assert_eq!(atoi("-9223372036854775808"), Ok(i64::MIN));
    }

    #[test]
    fn atoi_errors_read_like_go() {
        let text = |s: &str| atoi(s).unwrap_err().to_string();
        assert_eq!(text(""), r#"strconv.Atoi: parsing "": invalid syntax"#);
        assert_eq!(text("+"), r#"strconv.Atoi: parsing "+": invalid syntax"#);
        assert_eq!(text("1_000"), r#"strconv.Atoi: parsing "1_000": invalid syntax"#);
        assert_eq!(text("0x10"), r#"strconv.Atoi: parsing "0x10": invalid syntax"#);
        assert_eq!(text("9223372036854775808"), r#"strconv.Atoi: parsing "9223372036854775808": value out of range"#);
        // Overflow is found before the bad character, as Go scans left to right.
        assert_eq!(
            text("99999999999999999999x"),
            r#"strconv.Atoi: parsing "99999999999999999999x": value out of range"#
        );
        assert_eq!(text("9x9999999999999999999"), r#"strconv.Atoi: parsing "9x9999999999999999999": invalid syntax"#);
    }

    #[test]
    fn quote_escapes_like_strconv_quote() {
        let q = |s: &str| Quoted(s).to_string();
        assert_eq!(q(r#"a"b\c"#), r#""a\"b\\c""#);
        assert_eq!(q("\u{1}\u{7f}\t"), r#""\x01\x7f\t""#);
        assert_eq!(q("\u{200b}x\u{feff}"), r#""\u200bx\ufeff""#);
        assert_eq!(q("Ｍon５é"), "\"Ｍon５é\"");
        assert_eq!(q("\u{e0001}"), r#""\U000e0001""#);
    }

    #[test]
    fn lower_maps_each_rune_simply() {
        assert_eq!(to_lower("FRİ"), "fri");
        assert_eq!(to_lower("MoN"), "mon");
        assert_eq!(to_lower("\u{212a}"), "k");
    }
}
