//! A share link's JSON read by hand. The state has one fixed shape ([`ShareState`]); a strict
//! reader of that shape alone (RFC 8259 syntax, unknown and duplicate fields refused, serde's
//! wording for what is wrong) is a fraction of the code serde's derived decoders and serde_json's
//! parser would bring into the page's module, which decodes no other JSON.

use super::{SharePanel, ShareState, ShareView};
use std::fmt;

/// What is wrong with a link's JSON, in serde's words (`missing field `text``), and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct JsonError {
    /// serde's wording of the fault.
    pub reason: String,
    /// The character (counted from 1) the reader stood at, for a fault of the text itself; `None`
    /// for a fault of the shape (a field missing, unknown or given twice), as serde words them.
    pub character: Option<usize>,
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.character {
            Some(n) => write!(f, "{} at character {n}", self.reason),
            None => f.write_str(&self.reason),
        }
    }
}

impl std::error::Error for JsonError {}

impl From<String> for JsonError {
    fn from(reason: String) -> Self {
        JsonError { reason, character: None }
    }
}

impl From<&str> for JsonError {
    fn from(reason: &str) -> Self {
        reason.to_string().into()
    }
}

type Read<T> = Result<T, JsonError>;

/// The state in `json`: the whole text is one [`ShareState`] object.
pub(super) fn state(json: &str) -> Read<ShareState> {
    let mut r = Json { text: json.as_bytes(), at: 0 };
    let state = r.state()?;
    r.skip_space();
    if r.at < r.text.len() {
        return Err(r.error("trailing characters"));
    }
    Ok(state)
}

/// The number JSON text `text` holds, as this reader reads it (`None`: not one JSON number).
pub(super) fn number(text: &str) -> Option<f64> {
    let mut r = Json { text: text.as_bytes(), at: 0 };
    r.number().ok().filter(|_| r.at == text.len())
}

struct Json<'a> {
    text: &'a [u8],
    at: usize,
}

/// Which of an object's fields have been read (serde refuses a field given twice).
struct Seen(Vec<&'static str>);

impl Seen {
    fn first(&mut self, field: &'static str) -> Read<()> {
        if self.0.contains(&field) {
            return Err(format!("duplicate field `{field}`").into());
        }
        self.0.push(field);
        Ok(())
    }
}

impl Json<'_> {
    fn error(&self, what: &str) -> JsonError {
        JsonError { reason: what.to_string(), character: Some(self.at + 1) }
    }

    fn skip_space(&mut self) {
        while matches!(self.text.get(self.at), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.text.get(self.at).copied()
    }

    fn eat(&mut self, byte: u8) -> bool {
        let next = self.peek() == Some(byte);
        self.at += usize::from(next);
        next
    }

    /// What the next value is, for an "invalid type" message.
    fn found(&mut self) -> String {
        match self.peek() {
            Some(b'"') => "a string".into(),
            Some(b'{') => "a map".into(),
            Some(b'[') => "a sequence".into(),
            Some(b't' | b'f') => "a boolean".into(),
            Some(b'n') => "null".into(),
            Some(b'-' | b'0'..=b'9') => {
                let end = self.text[self.at..]
                    .iter()
                    .position(|b| !matches!(b, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'))
                    .map_or(self.text.len(), |n| self.at + n);
                let token = String::from_utf8_lossy(&self.text[self.at..end]);
                let kind = if token.contains(['.', 'e', 'E']) { "floating point" } else { "integer" };
                format!("{kind} `{token}`")
            }
            _ => "nothing".into(),
        }
    }

    fn invalid(&mut self, expected: &str) -> JsonError {
        let found = self.found();
        self.error(&format!("invalid type: {found}, expected {expected}"))
    }

    /// `null` (consumed) or not.
    fn null(&mut self) -> bool {
        let is_null = self.peek() == Some(b'n') && self.text[self.at..].starts_with(b"null");
        self.at += if is_null { 4 } else { 0 };
        is_null
    }

    /// An object, each member handed to `member` with its key.
    fn object(&mut self, expected: &str, mut member: impl FnMut(&mut Self, String) -> Read<()>) -> Read<()> {
        if !self.eat(b'{') {
            return Err(self.invalid(expected));
        }
        if self.eat(b'}') {
            return Ok(());
        }
        loop {
            if self.peek() != Some(b'"') {
                return Err(self.error("key must be a string"));
            }
            let key = self.string()?;
            if !self.eat(b':') {
                return Err(self.error("expected `:`"));
            }
            member(self, key)?;
            if self.eat(b'}') {
                return Ok(());
            }
            if !self.eat(b',') {
                return Err(self.error("expected `,` or `}`"));
            }
        }
    }

    fn strings(&mut self) -> Read<Vec<String>> {
        if !self.eat(b'[') {
            return Err(self.invalid("a sequence"));
        }
        let mut items = Vec::new();
        if self.eat(b']') {
            return Ok(items);
        }
        loop {
            items.push(self.string()?);
            if self.eat(b']') {
                return Ok(items);
            }
            if !self.eat(b',') {
                return Err(self.error("expected `,` or `]`"));
            }
        }
    }

    fn string(&mut self) -> Read<String> {
        if !self.eat(b'"') {
            return Err(self.invalid("a string"));
        }
        let mut out = Vec::new();
        loop {
            let Some(&byte) = self.text.get(self.at) else { return Err(self.error("EOF while parsing a string")) };
            self.at += 1;
            match byte {
                b'"' => break,
                b'\\' => {
                    let escaped = self.text.get(self.at).copied();
                    self.at += 1;
                    let plain = match escaped {
                        Some(b'"') => b'"',
                        Some(b'\\') => b'\\',
                        Some(b'/') => b'/',
                        Some(b'b') => 8,
                        Some(b'f') => 12,
                        Some(b'n') => b'\n',
                        Some(b'r') => b'\r',
                        Some(b't') => b'\t',
                        Some(b'u') => {
                            let c = self.unicode_escape()?;
                            out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                            continue;
                        }
                        _ => return Err(self.error("invalid escape")),
                    };
                    out.push(plain);
                }
                0..=0x1f => return Err(self.error("control character (\\u0000-\\u001F) found while parsing a string")),
                _ => out.push(byte),
            }
        }
        // The input is a `&str` and escapes write whole characters: the bytes are UTF-8.
        String::from_utf8(out).map_err(|_| self.error("invalid unicode"))
    }

    fn hex4(&mut self) -> Read<u32> {
        let digits = self.text.get(self.at..self.at + 4).ok_or_else(|| self.error("EOF while parsing a string"))?;
        let text = std::str::from_utf8(digits).map_err(|_| self.error("invalid escape"))?;
        let value = u32::from_str_radix(text, 16).map_err(|_| self.error("invalid escape"))?;
        if !digits.iter().all(u8::is_ascii_hexdigit) {
            return Err(self.error("invalid escape"));
        }
        self.at += 4;
        Ok(value)
    }

    /// The character of a `\u` escape (after the `u`), joining a surrogate pair.
    fn unicode_escape(&mut self) -> Read<char> {
        let high = self.hex4()?;
        let code = if (0xd800..0xdc00).contains(&high) {
            if !self.text[self.at..].starts_with(b"\\u") {
                return Err(self.error("lone leading surrogate in hex escape"));
            }
            self.at += 2;
            let low = self.hex4()?;
            if !(0xdc00..0xe000).contains(&low) {
                return Err(self.error("lone leading surrogate in hex escape"));
            }
            0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00)
        } else {
            high
        };
        char::from_u32(code).ok_or_else(|| self.error("lone trailing surrogate in hex escape"))
    }

    /// A JSON number. Up to 19 significant digits are kept; digits of at most 2⁵³ with a power
    /// of ten up to 10²² read exactly (one correctly rounded multiplication or division, both
    /// factors exact), any other number within a rounding or two — the state's numbers that would
    /// not read back as themselves are rounded (`ShareState::from_json`).
    fn number(&mut self) -> Read<f64> {
        self.skip_space();
        let start = self.at;
        let negative = self.text.get(self.at) == Some(&b'-');
        self.at += usize::from(negative);
        let (mut mantissa, mut exponent, mut digits) = (0u64, 0i64, 0);
        let mut take_digits = |r: &mut Self, fraction: bool| {
            let first = r.at;
            while let Some(d @ b'0'..=b'9') = r.text.get(r.at).copied() {
                r.at += 1;
                if mantissa == 0 && d == b'0' {
                    exponent -= i64::from(fraction);
                } else if digits < 19 {
                    mantissa = mantissa * 10 + u64::from(d - b'0');
                    digits += 1;
                    exponent -= i64::from(fraction);
                } else {
                    exponent += i64::from(!fraction);
                }
            }
            r.at - first
        };
        let whole = take_digits(self, false);
        if whole == 0 || (whole > 1 && self.text[start + usize::from(negative)] == b'0') {
            self.at = start;
            return Err(self.invalid("a number"));
        }
        if self.text.get(self.at) == Some(&b'.') {
            self.at += 1;
            if take_digits(self, true) == 0 {
                return Err(self.error("invalid number"));
            }
        }
        if matches!(self.text.get(self.at), Some(b'e' | b'E')) {
            self.at += 1;
            let sign = match self.text.get(self.at) {
                Some(b'-') => -1,
                Some(b'+') => 1,
                _ => 0,
            };
            self.at += usize::from(sign != 0);
            let first = self.at;
            let mut e = 0i64;
            while let Some(d @ b'0'..=b'9') = self.text.get(self.at).copied() {
                e = (e * 10 + i64::from(d - b'0')).min(100_000);
                self.at += 1;
            }
            if self.at == first {
                return Err(self.error("invalid number"));
            }
            exponent += if sign < 0 { -e } else { e };
        }
        let m = mantissa as f64;
        let value = match exponent {
            _ if mantissa == 0 => 0.0,
            0..=22 => m * 10f64.powi(exponent as i32),
            -22..=-1 => m / 10f64.powi(-exponent as i32),
            _ => m * 10f64.powi(exponent.clamp(-400, 400) as i32),
        };
        if !value.is_finite() {
            return Err(self.error("number out of range"));
        }
        Ok(if negative { -value } else { value })
    }

    fn state(&mut self) -> Read<ShareState> {
        const FIELDS: &str = "`text`, `view`, `lang`, `panels`";
        let (mut text, mut view, mut lang, mut panels) = (None, None, None, Vec::new());
        let mut seen = Seen(Vec::new());
        self.object("struct ShareState", |r, key| match key.as_str() {
            "text" => {
                seen.first("text")?;
                text = Some(r.string()?);
                Ok(())
            }
            "view" => {
                seen.first("view")?;
                view = if r.null() { None } else { Some(r.view()?) };
                Ok(())
            }
            "lang" => {
                seen.first("lang")?;
                lang = if r.null() { None } else { Some(r.string()?) };
                Ok(())
            }
            "panels" => {
                seen.first("panels")?;
                panels = r.panels()?;
                Ok(())
            }
            other => Err(format!("unknown field `{other}`, expected one of {FIELDS}").into()),
        })?;
        let text = text.ok_or("missing field `text`")?;
        Ok(ShareState { text, view, lang, panels })
    }

    fn view(&mut self) -> Read<ShareView> {
        const FIELDS: &str = "`from`, `to`, `cursor`, `selected`, `pinned`, `speed`, `zone`";
        let (mut from, mut to, mut cursor) = (None, None, None);
        let mut view = ShareView::default();
        let mut seen = Seen(Vec::new());
        self.object("struct ShareView", |r, key| {
            match key.as_str() {
                "from" => (seen.first("from")?, from = Some(r.number()?)),
                "to" => (seen.first("to")?, to = Some(r.number()?)),
                "cursor" => (seen.first("cursor")?, cursor = Some(r.number()?)),
                "selected" => {
                    (seen.first("selected")?, view.selected = if r.null() { None } else { Some(r.string()?) })
                }
                "pinned" => (seen.first("pinned")?, view.pinned = r.strings()?),
                "speed" => (seen.first("speed")?, view.speed = if r.null() { None } else { Some(r.number()?) }),
                "zone" => (seen.first("zone")?, view.zone = if r.null() { None } else { Some(r.string()?) }),
                other => return Err(format!("unknown field `{other}`, expected one of {FIELDS}").into()),
            };
            Ok(())
        })?;
        view.from = from.ok_or("missing field `from`")?;
        view.to = to.ok_or("missing field `to`")?;
        view.cursor = cursor.ok_or("missing field `cursor`")?;
        Ok(view)
    }

    fn panels(&mut self) -> Read<Vec<SharePanel>> {
        if !self.eat(b'[') {
            return Err(self.invalid("a sequence"));
        }
        let mut panels = Vec::new();
        if self.eat(b']') {
            return Ok(panels);
        }
        loop {
            panels.push(self.panel()?);
            if self.eat(b']') {
                return Ok(panels);
            }
            if !self.eat(b',') {
                return Err(self.error("expected `,` or `]`"));
            }
        }
    }

    /// A panel: `"lint"`, or `{"compare": {"against": …, "kept": …}}`.
    fn panel(&mut self) -> Read<SharePanel> {
        const VARIANTS: &str = "expected `compare` or `lint`";
        if self.peek() == Some(b'"') {
            return match self.string()?.as_str() {
                "lint" => Ok(SharePanel::Lint),
                "compare" => Err("invalid type: unit variant, expected struct variant".into()),
                other => Err(format!("unknown variant `{other}`, {VARIANTS}").into()),
            };
        }
        let mut panel = None;
        self.object("enum SharePanel", |r, key| {
            if panel.is_some() {
                return Err(r.error("expected `}`"));
            }
            panel = Some(match key.as_str() {
                "compare" => r.compare()?,
                "lint" if r.null() => SharePanel::Lint,
                "lint" => return Err(r.invalid("unit variant")),
                other => return Err(format!("unknown variant `{other}`, {VARIANTS}").into()),
            });
            Ok(())
        })?;
        panel.ok_or_else(|| "expected a panel".into())
    }

    fn compare(&mut self) -> Read<SharePanel> {
        let (mut against, mut kept) = (None, None);
        let mut seen = Seen(Vec::new());
        self.object("struct variant SharePanel::Compare", |r, key| {
            match key.as_str() {
                "against" => (seen.first("against")?, against = Some(r.string()?)),
                "kept" => (seen.first("kept")?, kept = if r.null() { None } else { Some(r.string()?) }),
                other => return Err(format!("unknown field `{other}`, expected `against` or `kept`").into()),
            };
            Ok(())
        })?;
        Ok(SharePanel::Compare { against: against.ok_or("missing field `against`")?, kept })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_json_writes_them() {
        for (text, value) in [
            ("0", 0.0),
            ("-0", -0.0),
            ("60", 60.0),
            ("1736935200000.5", 1_736_935_200_000.5),
            ("3600.125", 3600.125),
            ("1e3", 1000.0),
            ("2.5E-3", 0.0025),
            ("-62135596800000.0", -62_135_596_800_000.0),
            ("0.001", 0.001),
            ("12345678901234567890123", 1.2345678901234568e22),
        ] {
            assert_eq!(number(text), Some(value), "{text}");
        }
        for text in ["", "-", "01", "1.", ".5", "1e", "+1", "1e99999", "0x10", "1 "] {
            assert_eq!(number(text), None, "{text}");
        }
        // Every whole millisecond and every speed in thousandths reads back exactly.
        for x in [1_736_935_200_000.0, 253_402_300_799_999.0, 0.001, 999_999_999.999, 3600.125] {
            assert_eq!(number(&serde_json::to_string(&x).unwrap()), Some(x));
        }
    }

    #[test]
    fn strings_take_every_escape_and_refuse_what_json_refuses() {
        let read = |json: &str| state(json).map(|s| s.text).map_err(|e| e.to_string());
        assert_eq!(
            read(r#"{"text":"a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00 漢"}"#).unwrap(),
            "a\"b\\c/d\u{8}\u{c}\n\r\té😀 漢"
        );
        assert!(read(r#"{"text":"\ud83d"}"#).unwrap_err().contains("lone leading surrogate"));
        assert!(read(r#"{"text":"\x"}"#).unwrap_err().contains("invalid escape"));
        assert!(read("{\"text\":\"a\nb\"}").unwrap_err().contains("control character"));
        assert!(read(r#"{"text":"abc"#).unwrap_err().contains("EOF"));
    }

    #[test]
    fn the_shape_is_checked_in_serdes_words() {
        let err = |json: &str| state(json).unwrap_err().to_string();
        assert_eq!(err(r#"{"view":null}"#), "missing field `text`");
        assert_eq!(
            state(r#"{"text":"x"} x"#).unwrap_err(),
            JsonError { reason: "trailing characters".into(), character: Some(14) }
        );
        assert!(err(r#"{"text": 5}"#).starts_with("invalid type: integer `5`, expected a string"));
        assert!(err(r#"{"text":"x","text":"y"}"#).starts_with("duplicate field `text`"));
        assert!(err(r#"{"text":"x","extra":1}"#).starts_with("unknown field `extra`"));
        assert!(err(r#"{"text":"x","panels":["timeline"]}"#).contains("unknown variant `timeline`"));
        assert!(err(r#"{"text":"x",}"#).contains("key must be a string"));
        assert!(err(r#"{"text":"x"} x"#).starts_with("trailing characters"));
        assert!(err(r#"{"text":"x","view":{"from":1,"to":2}}"#).contains("missing field `cursor`"));
        assert!(err(r#"[]"#).starts_with("invalid type: a sequence, expected struct ShareState"));
        let s = state(
            r#" { "text" : "x" , "view" : { "from" : 1 , "to" : 2.5 , "cursor" : 1 , "selected" : null, "pinned" : [ "a" , "b" ] } ,
                "lang" : "ko" , "panels" : [ "lint" , { "compare" : { "against" : "snapshot" , "kept" : "k" } } ] } "#,
        )
        .unwrap();
        assert_eq!(
            s,
            ShareState {
                text: "x".into(),
                view: Some(ShareView {
                    from: 1.0,
                    to: 2.5,
                    cursor: 1.0,
                    selected: None,
                    pinned: vec!["a".into(), "b".into()],
                    speed: None,
                    zone: None
                }),
                lang: Some("ko".into()),
                panels: vec![
                    SharePanel::Lint,
                    SharePanel::Compare { against: "snapshot".into(), kept: Some("k".into()) }
                ],
            }
        );
    }
}
