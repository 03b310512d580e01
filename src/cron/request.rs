//! The `next` request and response documents (`docs/contracts.md` §1), shared by the
//! CLI's `--jsonl`/`--output json` and the JS API: parse a schedule as the CronJob controller
//! would (with `.spec.timeZone` applied by `formatSchedule`) and chain robfig's `Next`.

use super::dialect::{recognise, Reading};
use super::{describe, notes, parse_standard, with_time_zone, Schedule};
use crate::go::{format_rfc3339, load_location, Location, Tz};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// Most `Next` results one request may ask for.
pub const MAX_COUNT: usize = 1000;

/// `{"schedule": "0 5 * * *", "timeZone": null, "localZone": "UTC", "after": "2025-01-15T13:47:31Z", "count": 5}`
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct NextRequest {
    /// `.spec.schedule`, given to the parser as is.
    pub schedule: String,
    /// `.spec.timeZone`.
    #[serde(default)]
    pub time_zone: Option<String>,
    /// kube-controller-manager's local zone (default UTC).
    #[serde(default)]
    pub local_zone: Option<String>,
    /// Where the chain starts (RFC 3339); default: now.
    #[serde(default)]
    pub after: Option<String>,
    /// How many chained `Next` results (default 5, at most [`MAX_COUNT`]).
    #[serde(default)]
    pub count: Option<usize>,
    /// Extension: read a refused schedule as the dialect it looks like (the response's
    /// `dialect`). Off by default, so a refusal's answer stays exactly `{ok, error}`.
    #[serde(default)]
    pub dialects: bool,
}

/// `{"ok": true, "times": [...], "description": "..."}` or `{"ok": false, "error": "..."}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NextResponse {
    pub ok: bool,
    /// Chained `Next` results in the local zone; `null` where robfig returns its zero time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub times: Option<Vec<Option<String>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Extension: robfig-specific notes (day rule, the schedule's zone, DST in the zone).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notes: Option<Vec<String>>,
    /// Extension: the text handed to the parser, after `timeZone` was applied.
    #[serde(skip_serializing_if = "Option::is_none", rename = "parsedSchedule")]
    pub parsed_schedule: Option<String>,
    /// Extension: the zone whose wall clock the schedule follows (its `TZ=` zone, else
    /// `localZone`); `null` for `@every`, which follows no wall clock.
    #[serde(skip_serializing_if = "Option::is_none", rename = "scheduleZone")]
    pub schedule_zone: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Extension: a refused schedule read as the dialect it looks like ([`dialect`](super::dialect)),
    /// with its own runs from `after` when they can be computed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dialect: Option<DialectAnswer>,
}

/// A refused schedule's reading in another dialect, and its next runs there (local zone).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DialectAnswer {
    #[serde(flatten)]
    pub reading: Reading,
    pub runs: Vec<String>,
}

impl NextResponse {
    fn failure(error: String) -> Self {
        Self {
            ok: false,
            times: None,
            description: None,
            notes: None,
            parsed_schedule: None,
            schedule_zone: None,
            error: Some(error),
            dialect: None,
        }
    }
}

/// Answers one request. `now` is used when the request has no `after`.
///
/// ```
/// use cronjob_playground::cron::{answer_next, NextRequest};
/// let request: NextRequest = serde_json::from_str(
///     r#"{"schedule": "0 5 * * *", "timeZone": "America/New_York", "after": "2025-01-15T13:47:31Z", "count": 2}"#,
/// ).unwrap();
/// let response = answer_next(request, chrono::Utc::now());
/// assert_eq!(response.times.unwrap(), [Some("2025-01-16T10:00:00Z".to_owned()),
///     Some("2025-01-17T10:00:00Z".to_owned())]);
/// assert_eq!(response.description.unwrap(), "At 05:00");
/// ```
pub fn answer_next(request: NextRequest, now: DateTime<Utc>) -> NextResponse {
    let local = match request.local_zone.as_deref().map(load_location) {
        None | Some(Ok(Location::Local)) => Tz::UTC,
        Some(Ok(Location::Zone(tz))) => tz,
        Some(Err(e)) => return NextResponse::failure(format!("localZone: {e}")),
    };
    let after = match request.after.as_deref().map(DateTime::parse_from_rfc3339) {
        None => now.with_timezone(&local),
        Some(Ok(t)) => t.with_timezone(&local),
        Some(Err(e)) => return NextResponse::failure(format!("after: not an RFC 3339 time: {e}")),
    };
    let count = request.count.unwrap_or(5);
    if count > MAX_COUNT {
        return NextResponse::failure(format!("count: at most {MAX_COUNT}, got {count}"));
    }
    let text = with_time_zone(&request.schedule, request.time_zone.as_deref());
    let schedule = match parse_standard(&text) {
        Ok(schedule) => schedule,
        Err(e) => {
            let dialect = request.dialects.then(|| recognise(&text, "")).flatten().map(|reading| {
                let runs = reading.runs(after, count).iter().map(format_rfc3339).collect();
                DialectAnswer { reading, runs }
            });
            return NextResponse { dialect, ..NextResponse::failure(e.to_string()) };
        }
    };
    let mut notes = notes(&schedule, after);
    if let Some(zone) = &request.time_zone {
        if let Err(e) = load_location(zone) {
            notes.insert(
                0,
                format!(
                    "timeZone {zone:?} does not load ({e}): the controller leaves the schedule as is \
                    and does not run the CronJob (UnknownTimeZone)"
                ),
            );
        }
    }
    let mut times = Vec::with_capacity(count);
    let mut error = None;
    for run in schedule.runs(after).take(count) {
        match run {
            Ok(next) => times.push(next.as_ref().map(format_rfc3339)),
            Err(endless) => error = Some(endless.to_string()),
        }
    }
    let schedule_zone = match schedule {
        Schedule::Spec(spec) => match spec.location() {
            Location::Zone(tz) => Some(tz.name().to_owned()),
            Location::Local => Some(local.name().to_owned()),
        },
        Schedule::Every(_) => None,
    };
    NextResponse {
        ok: error.is_none(),
        schedule_zone,
        times: Some(times),
        description: Some(describe(&schedule)),
        notes: Some(notes),
        parsed_schedule: Some(text.into_owned()),
        error,
        dialect: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(json: &str) -> serde_json::Value {
        let request: NextRequest = serde_json::from_str(json).unwrap();
        serde_json::to_value(answer_next(request, Utc::now())).unwrap()
    }

    #[test]
    fn times_are_in_the_local_zone_and_null_ends_the_chain() {
        let r = answer(r#"{"schedule": "0 0 29 2 *", "localZone": "Asia/Kolkata", "after": "2096-03-01T00:00:00Z"}"#);
        assert_eq!(r["ok"], true);
        assert_eq!(r["times"], serde_json::json!([null]));
        let r = answer(
            r#"{"schedule": "TZ=UTC 0 5 * * *", "localZone": "Asia/Kolkata", "after": "2025-01-15T00:00:00Z", "count": 1}"#,
        );
        assert_eq!(r["times"], serde_json::json!(["2025-01-15T10:30:00+05:30"]));
    }

    #[test]
    fn time_zone_is_applied_like_format_schedule() {
        let r = answer(
            r#"{"schedule": "0 5 * * *", "timeZone": "Asia/Tokyo", "after": "2025-01-15T00:00:00Z", "count": 1}"#,
        );
        assert_eq!(r["times"], serde_json::json!(["2025-01-15T20:00:00Z"]));
        assert_eq!(r["parsedSchedule"], "TZ=Asia/Tokyo 0 5 * * *");
        assert_eq!(r["scheduleZone"], "Asia/Tokyo");
        // A schedule mentioning TZ is left alone.
        let r = answer(
            r#"{"schedule": "CRON_TZ=UTC 0 5 * * *", "timeZone": "Asia/Tokyo", "after": "2025-01-15T00:00:00Z", "count": 1}"#,
        );
        assert_eq!(r["times"], serde_json::json!(["2025-01-15T05:00:00Z"]));
    }

    #[test]
    fn failures() {
        let r = answer(r#"{"schedule": "61 * * * *"}"#);
        assert_eq!(r, serde_json::json!({"ok": false, "error": "end of range (61) above maximum (59): 61"}));
        let r = answer(r#"{"schedule": "TZ=UTC"}"#);
        assert_eq!(r["ok"], false);
        let r = answer(r#"{"schedule": "@weekly", "localZone": "Pacific/Apia", "after": "2011-12-29T00:00:00-10:00"}"#);
        assert_eq!(r["ok"], false);
        assert_eq!(r["times"], serde_json::json!([]));
        assert!(r["error"].as_str().unwrap().contains("Pacific/Apia"));
        assert_eq!(answer(r#"{"schedule": "@daily", "count": 1001}"#)["error"], "count: at most 1000, got 1001");
    }

    #[test]
    fn a_refused_schedule_of_another_dialect_is_read_beside_the_error() {
        let r =
            answer(r#"{"schedule": "0 0 12 ? * 2-6", "after": "2026-11-26T00:00:00Z", "count": 2, "dialects": true}"#);
        assert_eq!(r["error"], "expected exactly 5 fields, found 6: [0 0 12 ? * 2-6]");
        assert_eq!(
            r["dialect"],
            serde_json::json!({"dialect": "quartz", "features": [{"feature": "no-specific-value"},
                {"feature": "weekday-from-one", "text": "2-6"}], "nearest": "0 12 * * 1-5", "exact": true,
                "runs": ["2026-11-26T12:00:00Z", "2026-11-27T12:00:00Z"]})
        );
        assert_eq!(answer(r#"{"schedule": "61 * * * *", "dialects": true}"#).get("dialect"), None);
        // Only when asked: a refusal's answer is otherwise exactly `{ok, error}`.
        let plain = answer(r#"{"schedule": "0 0 12 ? * 2-6"}"#);
        assert_eq!(
            plain,
            serde_json::json!({"ok": false, "error": "expected exactly 5 fields, found 6: [0 0 12 ? * 2-6]"})
        );
    }
}
