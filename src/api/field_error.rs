//! Validation errors as apimachinery renders them: `field.Error.Error()`
//! (`k8s.io/apimachinery/pkg/util/validation/field/errors.go`) and the API server's
//! `<Kind>.batch "<name>" is invalid: …` message (`errors.NewInvalid` with `ErrorList.ToAggregate`).

use crate::go::Quoted;
use serde::Serialize;
use std::fmt;

/// `field.ErrorType`, rendered with its Go text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ErrorType {
    #[serde(rename = "Required value")]
    Required,
    #[serde(rename = "Invalid value")]
    Invalid,
    #[serde(rename = "Unsupported value")]
    NotSupported,
    #[serde(rename = "Duplicate value")]
    Duplicate,
    #[serde(rename = "Too many")]
    TooMany,
    #[serde(rename = "Too long")]
    TooLong,
    #[serde(rename = "Forbidden")]
    Forbidden,
}

impl ErrorType {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Required => "Required value",
            Self::Invalid => "Invalid value",
            Self::NotSupported => "Unsupported value",
            Self::Duplicate => "Duplicate value",
            Self::TooMany => "Too many",
            Self::TooLong => "Too long",
            Self::Forbidden => "Forbidden",
        }
    }
}

/// A field error's bad value, printed the way `ErrorBody` prints it.
#[derive(Clone, Debug, PartialEq)]
pub enum BadValue {
    /// `field.OmitValueType{}` and Required errors: no value printed.
    Omit,
    /// A nil pointer: `null`.
    Null,
    /// Strings and named string types: `%q`.
    Str(String),
    Int(i64),
    Bool(bool),
    /// Anything else, already rendered (Go's `%#v` of a struct or slice).
    Raw(String),
}

impl BadValue {
    pub fn str(s: impl Into<String>) -> Self {
        BadValue::Str(s.into())
    }
}

impl fmt::Display for BadValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadValue::Omit => Ok(()),
            BadValue::Null => f.write_str("null"),
            BadValue::Str(s) => write!(f, "{}", Quoted(s)),
            BadValue::Int(n) => write!(f, "{n}"),
            BadValue::Bool(b) => write!(f, "{b}"),
            BadValue::Raw(s) => f.write_str(s),
        }
    }
}

/// One `field.Error`.
///
/// ```
/// use cronjob_playground::api::{BadValue, FieldError};
/// let e = FieldError::invalid("spec.startingDeadlineSeconds", BadValue::Int(-1),
///     "must be greater than or equal to 0");
/// assert_eq!(e.to_string(), "spec.startingDeadlineSeconds: Invalid value: -1: must be greater than or equal to 0");
/// let e = FieldError::not_supported("spec.concurrencyPolicy", "X", &["Allow", "Forbid", "Replace"]);
/// assert_eq!(e.to_string(),
///     r#"spec.concurrencyPolicy: Unsupported value: "X": supported values: "Allow", "Forbid", "Replace""#);
/// // Go's `%q` escapes format characters: a pasted zero-width space becomes visible.
/// let e = FieldError::not_supported("spec.concurrencyPolicy", "Allow\u{200b}", &["Allow", "Forbid", "Replace"]);
/// assert_eq!(e.to_string(),
///     r#"spec.concurrencyPolicy: Unsupported value: "Allow\u200b": supported values: "Allow", "Forbid", "Replace""#);
/// assert_eq!(FieldError::required("spec.schedule", "").to_string(), "spec.schedule: Required value");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct FieldError {
    pub error_type: ErrorType,
    pub field: String,
    pub bad_value: BadValue,
    pub detail: String,
}

impl FieldError {
    pub fn required(field: impl Into<String>, detail: impl Into<String>) -> Self {
        FieldError {
            error_type: ErrorType::Required,
            field: field.into(),
            bad_value: BadValue::Omit,
            detail: detail.into(),
        }
    }

    pub fn invalid(field: impl Into<String>, value: BadValue, detail: impl Into<String>) -> Self {
        FieldError { error_type: ErrorType::Invalid, field: field.into(), bad_value: value, detail: detail.into() }
    }

    /// `field.NotSupported(path, value, validValues)`.
    pub fn not_supported(field: impl Into<String>, value: &str, valid: &[&str]) -> Self {
        Self::not_supported_value(field, BadValue::str(value), valid)
    }

    pub fn not_supported_value(field: impl Into<String>, value: BadValue, valid: &[&str]) -> Self {
        let detail = if valid.is_empty() {
            String::new()
        } else {
            format!("supported values: {}", valid.iter().map(|v| Quoted(v).to_string()).collect::<Vec<_>>().join(", "))
        };
        FieldError { error_type: ErrorType::NotSupported, field: field.into(), bad_value: value, detail }
    }

    /// `field.Forbidden(path, detail)`: `spec.x: Forbidden: detail`.
    pub fn forbidden(field: impl Into<String>, detail: impl Into<String>) -> Self {
        FieldError {
            error_type: ErrorType::Forbidden,
            field: field.into(),
            bad_value: BadValue::Omit,
            detail: detail.into(),
        }
    }

    pub fn duplicate(field: impl Into<String>, value: BadValue) -> Self {
        FieldError { error_type: ErrorType::Duplicate, field: field.into(), bad_value: value, detail: String::new() }
    }

    /// `field.TooMany(path, actual, max)`.
    pub fn too_many(field: impl Into<String>, actual: usize, max: usize) -> Self {
        FieldError {
            error_type: ErrorType::TooMany,
            field: field.into(),
            bad_value: BadValue::Int(actual as i64),
            detail: format!("must have at most {max} items"),
        }
    }

    /// `field.TooLong(path, value, max)` (the value is not printed).
    pub fn too_long(field: impl Into<String>, max: usize) -> Self {
        FieldError {
            error_type: ErrorType::TooLong,
            field: field.into(),
            bad_value: BadValue::Omit,
            detail: format!("may not be longer than {max}"),
        }
    }

    /// `ValidateNonnegativeField`.
    pub fn check_nonnegative(field: &str, value: i64, errors: &mut Vec<FieldError>) {
        if value < 0 {
            errors.push(FieldError::invalid(field, BadValue::Int(value), "must be greater than or equal to 0"));
        }
    }

    /// The message after the field path (`ErrorBody`).
    pub fn body(&self) -> String {
        let mut s = match (&self.error_type, &self.bad_value) {
            (ErrorType::Required | ErrorType::TooLong, _) | (_, BadValue::Omit) => self.error_type.as_str().to_string(),
            (t, v) => format!("{}: {v}", t.as_str()),
        };
        if !self.detail.is_empty() {
            s.push_str(": ");
            s.push_str(&self.detail);
        }
        s
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.body())
    }
}

/// The API server's answer to an invalid object: `CronJob.batch "x" is invalid: [e1, e2]`.
/// Repeated texts are listed once; a single distinct error stands without brackets.
///
/// ```
/// use cronjob_playground::api::{invalid_message, FieldError};
/// let errs = [FieldError::required("spec.schedule", ""), FieldError::required("spec.schedule", "")];
/// assert_eq!(invalid_message("CronJob", "x", &errs),
///     r#"CronJob.batch "x" is invalid: spec.schedule: Required value"#);
/// ```
pub fn invalid_message(kind: &str, name: &str, errors: &[FieldError]) -> String {
    let mut distinct = std::collections::HashSet::new();
    let mut seen: Vec<String> = Vec::new();
    for e in errors {
        let text = e.to_string();
        if distinct.insert(text.clone()) {
            seen.push(text);
        }
    }
    let list = if seen.len() == 1 { seen.remove(0) } else { format!("[{}]", seen.join(", ")) };
    format!("{kind}.batch {} is invalid: {list}", Quoted(name))
}
