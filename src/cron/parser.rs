//! robfig/cron v3.0.1 `ParseStandard` (parser.go): `TZ=`/`CRON_TZ=` prefix, descriptors,
//! `@every`, five whitespace-separated fields, and every error in the order and words robfig
//! reports it — those texts are what the API server answers for a bad `.spec.schedule`.

use super::every::ConstantDelaySchedule;
use super::spec::{Masks, SpecSchedule, STAR_BIT};
use super::Schedule;
use crate::go::{atoi, load_location, parse_duration, to_lower, AtoiError, DurationError, Location, LocationError};
use std::fmt;

/// Why a schedule was rejected. [`fmt::Display`] is exactly robfig's `err.Error()` text,
/// except for [`ParseError::MissingSpaceAfterTimeZone`], where robfig panics.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseError {
    /// `empty spec string`.
    EmptySpec,
    /// A `TZ=`/`CRON_TZ=` prefix with no ASCII space after it anywhere. robfig panics here
    /// (`slice bounds out of range [:-1]`); Kubernetes would fail the request with an
    /// internal error.
    MissingSpaceAfterTimeZone { spec: String },
    /// `provided bad location <name>: <LoadLocation error>`.
    BadLocation { name: String, source: LocationError },
    /// `unrecognized descriptor: <spec>`.
    UnrecognizedDescriptor { spec: String },
    /// `failed to parse duration <descriptor>: <ParseDuration error>`.
    BadDuration { descriptor: String, source: DurationError },
    /// `expected exactly 5 fields, found <n>: [<fields>]`.
    FieldCount { expected: &'static str, fields: Vec<String> },
    /// `too many hyphens: <expr>`.
    TooManyHyphens { expr: String },
    /// `too many slashes: <expr>`.
    TooManySlashes { expr: String },
    /// `failed to parse int from <token>: strconv.Atoi: ...`.
    NotAnInteger { token: String, source: AtoiError },
    /// `negative number (<n>) not allowed: <token>` (only a step can be negative).
    Negative { value: i64, token: String },
    /// `beginning of range (<start>) below minimum (<min>): <expr>`.
    BelowMinimum { start: u64, min: u64, expr: String },
    /// `end of range (<end>) above maximum (<max>): <expr>`.
    AboveMaximum { end: u64, max: u64, expr: String },
    /// `beginning of range (<start>) beyond end of range (<end>): <expr>`.
    Reversed { start: u64, end: u64, expr: String },
    /// `step of range should be a positive number: <expr>`.
    ZeroStep { expr: String },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::EmptySpec => f.write_str("empty spec string"),
            Self::MissingSpaceAfterTimeZone { spec } => write!(
                f,
                "time zone prefix needs a space before the schedule: {spec} (robfig/cron panics on this: \
                runtime error: slice bounds out of range [:-1])"
            ),
            Self::BadLocation { name, source } => write!(f, "provided bad location {name}: {source}"),
            Self::UnrecognizedDescriptor { spec } => write!(f, "unrecognized descriptor: {spec}"),
            Self::BadDuration { descriptor, source } => write!(f, "failed to parse duration {descriptor}: {source}"),
            Self::FieldCount { expected, fields } => {
                write!(f, "expected {expected} fields, found {}: [{}]", fields.len(), fields.join(" "))
            }
            Self::TooManyHyphens { expr } => write!(f, "too many hyphens: {expr}"),
            Self::TooManySlashes { expr } => write!(f, "too many slashes: {expr}"),
            Self::NotAnInteger { token, source } => write!(f, "failed to parse int from {token}: {source}"),
            Self::Negative { value, token } => write!(f, "negative number ({value}) not allowed: {token}"),
            Self::BelowMinimum { start, min, expr } => {
                write!(f, "beginning of range ({start}) below minimum ({min}): {expr}")
            }
            Self::AboveMaximum { end, max, expr } => write!(f, "end of range ({end}) above maximum ({max}): {expr}"),
            Self::Reversed { start, end, expr } => {
                write!(f, "beginning of range ({start}) beyond end of range ({end}): {expr}")
            }
            Self::ZeroStep { expr } => write!(f, "step of range should be a positive number: {expr}"),
        }
    }
}

impl std::error::Error for ParseError {}

/// Which fields the text holds. Kubernetes uses only `Standard`; robfig's own tests use a
/// seconds-first layout, kept for porting them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layout {
    /// minute hour dom month dow (`ParseStandard`).
    Standard,
    /// second minute hour dom month [dow] (robfig's test parser).
    #[cfg(test)]
    SecondsOptionalDow,
}

struct Bounds {
    min: u64,
    max: u64,
    names: &'static [(&'static str, u64)],
}

const SECONDS: Bounds = Bounds { min: 0, max: 59, names: &[] };
const MINUTES: Bounds = Bounds { min: 0, max: 59, names: &[] };
const HOURS: Bounds = Bounds { min: 0, max: 23, names: &[] };
const DOM: Bounds = Bounds { min: 1, max: 31, names: &[] };
const MONTHS: Bounds = Bounds {
    min: 1,
    max: 12,
    names: &[
        ("jan", 1),
        ("feb", 2),
        ("mar", 3),
        ("apr", 4),
        ("may", 5),
        ("jun", 6),
        ("jul", 7),
        ("aug", 8),
        ("sep", 9),
        ("oct", 10),
        ("nov", 11),
        ("dec", 12),
    ],
};
const DOW: Bounds = Bounds {
    min: 0,
    max: 6,
    names: &[("sun", 0), ("mon", 1), ("tue", 2), ("wed", 3), ("thu", 4), ("fri", 5), ("sat", 6)],
};

impl Bounds {
    /// robfig's `all(r)`: every value, starred.
    const fn all(&self) -> u64 {
        bits(self.min, self.max, 1) | STAR_BIT
    }
    const fn only_min(&self) -> u64 {
        1 << self.min
    }
}

pub(crate) fn parse(spec: &str, layout: Layout) -> Result<Schedule, ParseError> {
    if spec.is_empty() {
        return Err(ParseError::EmptySpec);
    }
    let mut location = Location::Local;
    let mut rest = spec;
    if spec.starts_with("TZ=") || spec.starts_with("CRON_TZ=") {
        let Some(space) = spec.find(' ') else {
            return Err(ParseError::MissingSpaceAfterTimeZone { spec: spec.to_owned() });
        };
        let name = &spec[spec.find('=').map_or(0, |eq| eq + 1)..space];
        location = load_location(name).map_err(|source| ParseError::BadLocation { name: name.to_owned(), source })?;
        rest = spec[space..].trim();
    }
    if rest.starts_with('@') {
        return descriptor(rest, location);
    }
    let fields: Vec<&str> = rest.split(char::is_whitespace).filter(|f| !f.is_empty()).collect();
    let fields = normalize(fields, layout)?;
    let masks = Masks {
        second: field(fields[0], &SECONDS)?,
        minute: field(fields[1], &MINUTES)?,
        hour: field(fields[2], &HOURS)?,
        dom: field(fields[3], &DOM)?,
        month: field(fields[4], &MONTHS)?,
        dow: field(fields[5], &DOW)?,
    };
    Ok(Schedule::Spec(SpecSchedule::new(masks, location)))
}

/// robfig's `normalizeFields`: checks the count and fills in the fields the layout leaves out.
fn normalize(fields: Vec<&str>, layout: Layout) -> Result<[&str; 6], ParseError> {
    let count_error =
        |expected| ParseError::FieldCount { expected, fields: fields.iter().map(|f| f.to_string()).collect() };
    match layout {
        Layout::Standard => match fields[..] {
            [minute, hour, dom, month, dow] => Ok(["0", minute, hour, dom, month, dow]),
            _ => Err(count_error("exactly 5")),
        },
        #[cfg(test)]
        Layout::SecondsOptionalDow => match fields[..] {
            [second, minute, hour, dom, month] => Ok([second, minute, hour, dom, month, "*"]),
            [second, minute, hour, dom, month, dow] => Ok([second, minute, hour, dom, month, dow]),
            _ => Err(count_error("5 to 6")),
        },
    }
}

/// robfig's `parseDescriptor`.
fn descriptor(spec: &str, location: Location) -> Result<Schedule, ParseError> {
    let masks =
        |hour, dom, month, dow| Masks { second: SECONDS.only_min(), minute: MINUTES.only_min(), hour, dom, month, dow };
    let masks = match spec {
        "@yearly" | "@annually" => masks(HOURS.only_min(), DOM.only_min(), MONTHS.only_min(), DOW.all()),
        "@monthly" => masks(HOURS.only_min(), DOM.only_min(), MONTHS.all(), DOW.all()),
        "@weekly" => masks(HOURS.only_min(), DOM.all(), MONTHS.all(), DOW.only_min()),
        "@daily" | "@midnight" => masks(HOURS.only_min(), DOM.all(), MONTHS.all(), DOW.all()),
        "@hourly" => masks(HOURS.all(), DOM.all(), MONTHS.all(), DOW.all()),
        _ => {
            let Some(duration) = spec.strip_prefix("@every ") else {
                return Err(ParseError::UnrecognizedDescriptor { spec: spec.to_owned() });
            };
            let delay = parse_duration(duration)
                .map_err(|source| ParseError::BadDuration { descriptor: spec.to_owned(), source })?;
            return Ok(Schedule::Every(ConstantDelaySchedule::every(delay)));
        }
    };
    Ok(Schedule::Spec(SpecSchedule::new(masks, location)))
}

/// robfig's `getField`: comma-separated pieces (empty pieces dropped), OR-ed together.
fn field(text: &str, bounds: &Bounds) -> Result<u64, ParseError> {
    text.split(',').filter(|piece| !piece.is_empty()).try_fold(0, |acc, expr| Ok(acc | range(expr, bounds)?))
}

/// robfig's `getRange` for one piece: `*`, `?`, `N`, `N-M`, each with an optional `/step`.
fn range(expr: &str, bounds: &Bounds) -> Result<u64, ParseError> {
    let range_and_step: Vec<&str> = expr.split('/').collect();
    let low_and_high: Vec<&str> = range_and_step[0].split('-').collect();
    let (start, mut end, mut extra);
    if low_and_high[0] == "*" || low_and_high[0] == "?" {
        (start, end, extra) = (bounds.min, bounds.max, STAR_BIT);
    } else {
        start = int_or_name(low_and_high[0], bounds)?;
        end = match low_and_high.len() {
            1 => start,
            2 => int_or_name(low_and_high[1], bounds)?,
            _ => return Err(ParseError::TooManyHyphens { expr: expr.to_owned() }),
        };
        extra = 0;
    }
    let step = match range_and_step.len() {
        1 => 1,
        2 => {
            let step = non_negative_int(range_and_step[1])?;
            // "N/step" means "N-max/step".
            if low_and_high.len() == 1 {
                end = bounds.max;
            }
            if step > 1 {
                extra = 0;
            }
            step
        }
        _ => return Err(ParseError::TooManySlashes { expr: expr.to_owned() }),
    };
    let expr = || expr.to_owned();
    if start < bounds.min {
        return Err(ParseError::BelowMinimum { start, min: bounds.min, expr: expr() });
    }
    if end > bounds.max {
        return Err(ParseError::AboveMaximum { end, max: bounds.max, expr: expr() });
    }
    if start > end {
        return Err(ParseError::Reversed { start, end, expr: expr() });
    }
    if step == 0 {
        return Err(ParseError::ZeroStep { expr: expr() });
    }
    Ok(bits(start, end, step) | extra)
}

/// robfig's `getBits`: `start, start+step, … ≤ end` (all below 64).
const fn bits(start: u64, end: u64, step: u64) -> u64 {
    let mut bits = 0;
    let mut value = start;
    while value <= end {
        bits |= 1 << value;
        value = match value.checked_add(step) {
            Some(next) => next,
            None => break,
        };
    }
    bits
}

/// robfig's `parseIntOrName`: a three-letter month or weekday name (any case), else a number.
fn int_or_name(text: &str, bounds: &Bounds) -> Result<u64, ParseError> {
    if !bounds.names.is_empty() {
        let lower = to_lower(text);
        if let Some(&(_, value)) = bounds.names.iter().find(|(name, _)| *name == lower) {
            return Ok(value);
        }
    }
    non_negative_int(text)
}

/// robfig's `mustParseInt`.
fn non_negative_int(text: &str) -> Result<u64, ParseError> {
    let value = atoi(text).map_err(|source| ParseError::NotAnInteger { token: text.to_owned(), source })?;
    u64::try_from(value).map_err(|_| ParseError::Negative { value, token: text.to_owned() })
}
