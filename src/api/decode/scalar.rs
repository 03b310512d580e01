//! YAML 1.1 scalars as `sigs.k8s.io/yaml` converts them before `encoding/json` sees them: which
//! plain scalars are integers, floats, booleans or null, and a scalar's text for a string field.

/// A plain scalar read with the YAML 1.1 rules of go-yaml v2.
#[derive(Clone, Debug, PartialEq)]
pub enum Scalar<'a> {
    Null,
    Bool(bool),
    Int(i128),
    Float(f64),
    Str(&'a str),
}

/// How go-yaml v2 resolves a scalar (quoted scalars are always strings).
pub fn resolve(text: &str, plain: bool) -> Scalar<'_> {
    if !plain {
        return Scalar::Str(text);
    }
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return Scalar::Null,
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => return Scalar::Bool(true),
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            return Scalar::Bool(false)
        }
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => return Scalar::Float(f64::INFINITY),
        "-.inf" | "-.Inf" | "-.INF" => return Scalar::Float(f64::NEG_INFINITY),
        ".nan" | ".NaN" | ".NAN" => return Scalar::Float(f64::NAN),
        _ => {}
    }
    if let Some(n) = resolve_int(text) {
        return Scalar::Int(n);
    }
    if is_float(text) {
        if let Ok(f) = text.parse::<f64>() {
            return Scalar::Float(f);
        }
    }
    Scalar::Str(text)
}

fn resolve_int(text: &str) -> Option<i128> {
    let cleaned: String = text.chars().filter(|&c| c != '_').collect();
    let (negative, body) = match cleaned.as_bytes().first() {
        Some(b'-') => (true, &cleaned[1..]),
        Some(b'+') => (false, &cleaned[1..]),
        _ => (false, &cleaned[..]),
    };
    let (radix, digits) = if let Some(d) = body.strip_prefix("0x") {
        (16, d)
    } else if let Some(d) = body.strip_prefix("0b") {
        (2, d)
    } else if let Some(d) = body.strip_prefix("0o") {
        (8, d)
    } else if body.len() > 1 && body.starts_with('0') {
        (8, &body[1..])
    } else {
        (10, body)
    };
    if digits.is_empty() || digits.len() > 40 || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let n = i128::from_str_radix(digits, radix).ok()?;
    Some(if negative { -n } else { n })
}

/// `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`, go-yaml v2's float pattern.
fn is_float(text: &str) -> bool {
    let s = text.strip_prefix(['-', '+']).unwrap_or(text);
    let (mantissa, exponent) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    let mantissa_ok = match mantissa.split_once('.') {
        Some(("", frac)) => digits(frac),
        Some((int, frac)) => digits(int) && (frac.is_empty() || digits(frac)),
        None => digits(mantissa),
    };
    let exponent_ok = exponent.is_none_or(|e| digits(e.strip_prefix(['-', '+']).unwrap_or(e)));
    mantissa_ok && exponent_ok
}

/// The text a scalar becomes when the target is a string, as `sigs.k8s.io/yaml` converts it.
pub(super) fn as_string(text: &str, plain: bool) -> Option<String> {
    match resolve(text, plain) {
        Scalar::Null => None,
        Scalar::Bool(b) => Some(b.to_string()),
        Scalar::Int(n) => Some(n.to_string()),
        Scalar::Float(f) if f.is_finite() => Some(f.to_string()),
        Scalar::Float(_) | Scalar::Str(_) => Some(text.to_string()),
    }
}
