//! Wording shared by the decision explanations: instants and durations as a person reads them.

use chrono::{DateTime, SecondsFormat, TimeDelta, Utc};

/// An instant in RFC 3339, UTC, with fractions only when present (`2016-05-19T10:00:00Z`).
pub(crate) fn at(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::AutoSi, true)
}

/// A duration in seconds with up to three decimals (`3540.1 s`).
pub(crate) fn secs(d: TimeDelta) -> String {
    let ms = d.num_milliseconds();
    let text = format!("{}.{:03}", ms / 1000, (ms % 1000).abs());
    let text = text.trim_end_matches('0').trim_end_matches('.');
    let sign = if ms < 0 && !text.starts_with('-') { "-" } else { "" };
    format!("{sign}{text} s")
}

/// How late a job starts relative to its slot: `on time` within a second, else `N s after the slot`.
pub(crate) fn lateness(d: TimeDelta) -> String {
    if d < TimeDelta::seconds(1) {
        "on time".to_owned()
    } else {
        format!("{} after the slot", secs(d))
    }
}

/// The tail of "the slot still runs when …": bounded by the deadline, or not at all.
pub(crate) fn still_within(sds: Option<i64>) -> String {
    match sds {
        Some(s) => format!("if that is still within startingDeadlineSeconds ({s} s) of the slot"),
        None => "however late that is, since there is no startingDeadlineSeconds".to_owned(),
    }
}

/// `the deadline of N s`, or `no startingDeadlineSeconds` when unset.
pub(crate) fn deadline(sds: Option<i64>) -> String {
    match sds {
        Some(s) => format!("startingDeadlineSeconds ({s} s)"),
        None => "no startingDeadlineSeconds".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_well() {
        assert_eq!(secs(TimeDelta::milliseconds(3_540_100)), "3540.1 s");
        assert_eq!(secs(TimeDelta::seconds(60)), "60 s");
        assert_eq!(secs(TimeDelta::milliseconds(-500)), "-0.5 s");
    }
}
