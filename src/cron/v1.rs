//! robfig/cron v1.1.0's `ParseStandard`, which Kubernetes vendored before 1.22 (for the API
//! server's `validateScheduleFormat` and the CronJob controller alike): v3's grammar without the
//! `TZ=`/`CRON_TZ=` prefix, and v3's errors capitalised, the field-count one naming the whole
//! spec rather than the split fields.

use super::{parse_standard, ParseError, Schedule};
use crate::go::atoi;
use std::fmt;

/// Why robfig/cron v1.1.0 refused a schedule: the reason as v3 would word it, and the spec.
/// [`fmt::Display`] gives v1's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct V1ParseError {
    pub reason: ParseError,
    pub spec: String,
}

impl fmt::Display for V1ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.reason {
            ParseError::FieldCount { expected, fields } => {
                write!(f, "Expected {expected} fields, found {}: {}", fields.len(), self.spec)
            }
            reason => {
                let text = reason.to_string();
                let mut chars = text.chars();
                match chars.next() {
                    Some(first) => first.to_uppercase().chain(chars).try_for_each(|c| fmt::Write::write_char(f, c)),
                    None => Ok(()),
                }
            }
        }
    }
}

impl std::error::Error for V1ParseError {}

/// robfig/cron v1.1.0 `ParseStandard(spec)`.
///
/// ```
/// use cronjob_playground::cron::parse_standard_v1;
/// let text = |s| parse_standard_v1(s).unwrap_err().to_string();
/// assert_eq!(text("* * *"), "Expected exactly 5 fields, found 3: * * *");
/// assert_eq!(text("0 0 * * 7"), "End of range (7) above maximum (6): 7");
/// // v1 knows no zone prefix: `TZ=UTC` is read as the minute.
/// assert_eq!(text("TZ=UTC 0 * * *"),
///     r#"Failed to parse int from TZ=UTC: strconv.Atoi: parsing "TZ=UTC": invalid syntax"#);
/// assert_eq!(text("TZ=UTC 0 * * * *"), "Expected exactly 5 fields, found 6: TZ=UTC 0 * * * *");
/// assert!(parse_standard_v1("@hourly").is_ok());
/// ```
pub fn parse_standard_v1(spec: &str) -> Result<Schedule, V1ParseError> {
    let error = |reason| V1ParseError { reason, spec: spec.to_owned() };
    // An empty spec and a descriptor are refused or read as v3 does.
    if !spec.is_empty() && !spec.starts_with('@') {
        let fields: Vec<&str> = spec.split_whitespace().collect();
        if fields.len() != 5 {
            let fields = fields.into_iter().map(str::to_owned).collect();
            return Err(error(ParseError::FieldCount { expected: "exactly 5", fields }));
        }
        // v3 would read a leading `TZ=` field as a zone; v1 reads it as the minute.
        if fields[0].starts_with("TZ=") || fields[0].starts_with("CRON_TZ=") {
            let token = fields[0].split([',', '/', '-']).next().unwrap_or(fields[0]);
            if let Err(source) = atoi(token) {
                return Err(error(ParseError::NotAnInteger { token: token.to_owned(), source }));
            }
        }
    }
    parse_standard(spec).map_err(error)
}
