//! robfig/cron v3.0.1's own test tables (parser_test.go, spec_test.go, constantdelay_test.go),
//! with the outputs the real library gave, run against the port: acceptance, exact error text,
//! bitmasks, location, and chained `Next` results.

use crate::cron::parser::{parse, Layout};
use crate::cron::{ParseError, Schedule};
use crate::go::Location;
use crate::go::{format_rfc3339, Tz};
use chrono::DateTime;
use serde_json::Value;

const VECTORS: &str = include_str!("../../../tests/data/cron_robfig_tests.json");

fn hex(mask: u64) -> String {
    format!("{mask:#x}")
}

/// Checks one vector; returns a description of the first mismatch.
fn check(vector: &Value) -> Result<(), String> {
    let spec = vector["spec"].as_str().unwrap();
    let layout = match vector["parser"].as_str() {
        Some("robfig-second") => Layout::SecondsOptionalDow,
        None => Layout::Standard,
        Some(other) => return Err(format!("unknown parser {other}")),
    };
    let parsed = parse(spec, layout);
    if vector.get("panic").is_some() {
        return match parsed {
            Err(ParseError::MissingSpaceAfterTimeZone { .. }) => Ok(()),
            other => Err(format!("robfig panics, port gave {other:?}")),
        };
    }
    if vector["ok"] == false {
        let expected = vector["error"].as_str().unwrap();
        return match parsed {
            Err(e) if e.to_string() == expected => Ok(()),
            other => Err(format!("expected error {expected:?}, got {other:?}")),
        };
    }
    let schedule = parsed.map_err(|e| format!("expected success, got {e}"))?;
    match (&schedule, vector["kind"].as_str().unwrap()) {
        (Schedule::Spec(s), "spec") => {
            let m = s.masks();
            let got = [m.second, m.minute, m.hour, m.dom, m.month, m.dow].map(hex);
            let bits = &vector["bits"];
            let want =
                ["second", "minute", "hour", "dom", "month", "dow"].map(|k| bits[k].as_str().unwrap().to_owned());
            if got != want {
                return Err(format!("bits {got:?} != {want:?}"));
            }
            let location = match s.location() {
                Location::Local => "Local".to_owned(),
                Location::Zone(Tz::UTC) => "UTC".to_owned(),
                Location::Zone(tz) => tz.name().to_owned(),
            };
            if location != vector["location"] {
                return Err(format!("location {location} != {}", vector["location"]));
            }
        }
        (Schedule::Every(e), "every") => {
            if e.delay().num_nanoseconds() != vector["every_delay_ns"].as_i64() {
                return Err(format!("delay {:?} != {}", e.delay(), vector["every_delay_ns"]));
            }
        }
        (_, kind) => return Err(format!("kind {kind} expected, got {schedule:?}")),
    }
    for run in vector["runs"].as_array().unwrap() {
        let tz: Tz = run["tz"].as_str().unwrap().parse().unwrap();
        let mut t = DateTime::parse_from_rfc3339(run["start"].as_str().unwrap()).unwrap().with_timezone(&tz);
        for expected in run["next"].as_array().unwrap() {
            let got = schedule.next(t).map_err(|e| format!("run {run}: unexpected endless search: {e}"))?;
            match (got, expected.as_str()) {
                (None, None) => break,
                (Some(got), Some(want)) if format_rfc3339(&got) == want => t = got,
                (got, _) => {
                    return Err(format!("run {run}: got {:?}, want {expected}", got.as_ref().map(format_rfc3339)))
                }
            }
        }
        if run["hang"] == true && schedule.next(t).is_ok() {
            return Err(format!("run {run}: robfig hangs, port returned"));
        }
    }
    Ok(())
}

#[test]
fn robfig_test_tables_pass() {
    let doc: Value = serde_json::from_str(VECTORS).unwrap();
    let vectors = doc["vectors"].as_array().unwrap();
    assert_eq!(vectors.len(), 112);
    let failures: Vec<String> =
        vectors.iter().filter_map(|v| check(v).err().map(|e| format!("{} {:?}: {e}", v["id"], v["spec"]))).collect();
    assert!(failures.is_empty(), "{} of {} vectors fail:\n{}", failures.len(), vectors.len(), failures.join("\n"));
}
