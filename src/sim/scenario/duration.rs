//! The Simulation document's horizon length (`spec.duration`, the kubelet's
//! `maxContainerRestartPeriod`): Go duration syntax plus `d` for days.

use crate::i18n::{Lang, Msg};
use chrono::TimeDelta;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A horizon length in Go duration syntax, plus `d` for days (`1d12h`, `90m`, `1.5h`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HorizonDuration(pub TimeDelta);

/// Why a text is not a [`HorizonDuration`]; [`fmt::Display`] names the text and the reason.
///
/// ```
/// use cronjob_playground::sim::scenario::HorizonDuration;
/// let err = "5x".parse::<HorizonDuration>().unwrap_err();
/// assert_eq!(err.to_string(), r#"invalid duration "5x": unknown unit "x" (use ms, s, m, h or d)"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HorizonDurationError {
    /// The text as given.
    pub text: String,
    pub reason: DurationProblem,
}

/// What is wrong with a horizon length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DurationProblem {
    Empty,
    ExpectedNumber,
    MissingUnit,
    UnknownUnit(String),
    OutOfRange,
}

impl fmt::Display for HorizonDurationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid duration {:?}: ", self.text)?;
        match &self.reason {
            DurationProblem::Empty => f.write_str("empty"),
            DurationProblem::ExpectedNumber => f.write_str("expected a number"),
            DurationProblem::MissingUnit => f.write_str("missing unit (use ms, s, m, h or d)"),
            DurationProblem::UnknownUnit(unit) => write!(f, "unknown unit {unit:?} (use ms, s, m, h or d)"),
            DurationProblem::OutOfRange => f.write_str("must be positive and at most a few thousand years"),
        }
    }
}

impl std::error::Error for HorizonDurationError {}

impl HorizonDurationError {
    /// What is wrong, in the reader's language, for a form field that takes a horizon.
    ///
    /// ```
    /// use cronjob_playground::i18n::Lang;
    /// use cronjob_playground::sim::scenario::HorizonDuration;
    /// let err = "10y".parse::<HorizonDuration>().unwrap_err();
    /// assert_eq!(err.say(Lang::En), "“10y”: unknown unit “y”: use ms, s, m, h or d (a year is 365d)");
    /// ```
    pub fn say(&self, l: Lang) -> String {
        let text: &str = &self.text;
        match &self.reason {
            DurationProblem::Empty | DurationProblem::ExpectedNumber => l.format(Msg::HorizonExpectedNumber, &[&text]),
            DurationProblem::MissingUnit => l.format(Msg::HorizonMissingUnit, &[&text]),
            DurationProblem::UnknownUnit(unit) => l.format(Msg::HorizonUnknownUnit, &[&text, unit]),
            DurationProblem::OutOfRange => l.format(Msg::HorizonOutOfRange, &[&text]),
        }
    }
}

impl std::str::FromStr for HorizonDuration {
    type Err = HorizonDurationError;

    fn from_str(text: &str) -> Result<Self, HorizonDurationError> {
        let bad = |reason| HorizonDurationError { text: text.to_owned(), reason };
        if text.is_empty() {
            return Err(bad(DurationProblem::Empty));
        }
        let mut rest = text;
        let mut total_ms: f64 = 0.0;
        while !rest.is_empty() {
            let digits = rest.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(rest.len());
            let number = decimal(&rest[..digits]).ok_or_else(|| bad(DurationProblem::ExpectedNumber))?;
            rest = &rest[digits..];
            let unit_len = rest.find(|c: char| c.is_ascii_digit() || c == '.').unwrap_or(rest.len());
            let unit_ms = match &rest[..unit_len] {
                "ms" => 1.0,
                "s" => 1e3,
                "m" => 60e3,
                "h" => 3600e3,
                "d" => 86400e3,
                "" => return Err(bad(DurationProblem::MissingUnit)),
                other => return Err(bad(DurationProblem::UnknownUnit(other.to_owned()))),
            };
            rest = &rest[unit_len..];
            total_ms += number * unit_ms;
        }
        if total_ms <= 0.0 || total_ms > 1e15 {
            return Err(bad(DurationProblem::OutOfRange));
        }
        Ok(HorizonDuration(TimeDelta::milliseconds(total_ms.round() as i64)))
    }
}

/// Digits with at most one `.` (`90`, `1.5`, `.5`, `2.`) as a number, as `str::parse::<f64>`
/// reads them (`None` where it fails). By hand: the exact float parser's tables (10 KB) would be
/// the largest thing the page's module carries for reading a horizon. Exact — the same correctly
/// rounded value — up to 15 significant digits and 22 decimals.
fn decimal(text: &str) -> Option<f64> {
    let (int, frac) = text.split_once('.').unwrap_or((text, ""));
    if frac.contains('.') || (int.is_empty() && frac.is_empty()) {
        return None;
    }
    let mantissa = int.bytes().chain(frac.bytes()).fold(0.0, |m, c| m * 10.0 + f64::from(c - b'0'));
    Some(mantissa / 10f64.powi(frac.len() as i32))
}

impl fmt::Display for HorizonDuration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.0.num_milliseconds();
        if ms % 1000 == 0 {
            write!(f, "{}s", ms / 1000)
        } else {
            write!(f, "{ms}ms")
        }
    }
}

impl Serialize for HorizonDuration {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for HorizonDuration {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_reads_what_str_parse_reads() {
        for text in [
            "0",
            "90",
            "1.5",
            ".5",
            "2.",
            "0.0005",
            "36.25",
            "123456789012345",
            "1.000000000000001",
            "0.1",
            "7.3",
            "99.99",
            ".",
        ] {
            assert_eq!(decimal(text), text.parse::<f64>().ok(), "{text}");
        }
        assert_eq!(decimal("1.2.3"), None);
        assert_eq!(decimal(""), None);
        assert_eq!("1.5h".parse::<HorizonDuration>().unwrap().0, TimeDelta::minutes(90));
        assert_eq!("0.0005s".parse::<HorizonDuration>().unwrap().0, TimeDelta::milliseconds(1));
    }

    #[test]
    fn each_problem_is_said_in_each_language() {
        let say = |text: &str, l: Lang| text.parse::<HorizonDuration>().unwrap_err().say(l);
        assert_eq!(say("36", Lang::En), "“36”: a number needs a unit: ms, s, m, h or d");
        assert_eq!(say("h", Lang::En), "“h”: expected a number before each unit, as in 36h or 1d12h");
        assert_eq!(say("0s", Lang::En), "“0s”: a horizon is longer than zero and at most a few thousand years");
        assert_eq!(
            say("2w", Lang::Ja),
            "「2w」: 単位「w」は使えません。ms, s, m, h, d のいずれかを使ってください（1 年は 365d）"
        );
        assert_eq!(
            say("2w", Lang::Ko),
            "“2w”: 알 수 없는 단위 “w”입니다. ms, s, m, h, d 중 하나를 쓰세요 (1년은 365d)"
        );
        for l in Lang::ALL {
            for text in ["36", "h", "0s", "10y", "1e9d"] {
                assert!(say(text, l).contains(text), "{text} {l:?}");
            }
        }
    }
}
