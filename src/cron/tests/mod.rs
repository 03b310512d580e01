//! Tests of the schedule engine: robfig's own tables, then one test (or more) per rule of
//! `docs/model.md` (Schedules), with the values the real library gives.

mod next_rules;
mod parse_rules;
mod robfig_vectors;
mod stepwise;

use crate::cron::{parse_standard, Schedule};
use crate::go::Tz;
use chrono::{DateTime, SecondsFormat};

/// Parses a schedule that must parse.
fn schedule(spec: &str) -> Schedule {
    parse_standard(spec).unwrap_or_else(|e| panic!("{spec:?}: {e}"))
}

/// The error text for a schedule that must fail.
fn error(spec: &str) -> String {
    match parse_standard(spec) {
        Ok(s) => panic!("{spec:?} parsed: {s:?}"),
        Err(e) => e.to_string(),
    }
}

/// Up to `count` chained `Next` results from `start` (RFC 3339) in zone `tz`, rendered as Go's
/// RFC3339Nano would; "zero" marks robfig's zero time.
fn chain(spec: &str, tz: &str, start: &str, count: usize) -> Vec<String> {
    let s = schedule(spec);
    let tz: Tz = tz.parse().unwrap();
    let mut t = DateTime::parse_from_rfc3339(start).unwrap().with_timezone(&tz);
    let mut out = Vec::new();
    for _ in 0..count {
        match s.next(t).unwrap() {
            Some(next) => {
                out.push(next.to_rfc3339_opts(SecondsFormat::AutoSi, true));
                t = next;
            }
            None => {
                out.push("zero".to_owned());
                break;
            }
        }
    }
    out
}
