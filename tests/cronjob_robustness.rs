//! Hostile `sync` requests get an answer — never a panic or a hang: extreme deadlines, absurd
//! clocks, schedules that never fire, missing timestamps, every release.

use cronjob_playground::controller::cronjob::wire::{answer, answer_line, SyncAnswer, SyncRequest};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn request(version: &str, now: &str, spec: Value, status: Value, created: Value) -> SyncRequest {
    let mut s = json!({"schedule": "0 * * * *"});
    s.as_object_mut().unwrap().extend(spec.as_object().unwrap().clone());
    serde_json::from_value(json!({"kubernetesVersion": version, "now": now,
        "cronJob": {"metadata": {"name": "c", "uid": "u", "creationTimestamp": created}, "spec": s, "status": status}}))
    .unwrap()
}

#[test]
fn extreme_inputs_are_answered_promptly() {
    let specs = [
        json!({"startingDeadlineSeconds": i64::MAX}),
        json!({"startingDeadlineSeconds": i64::MIN}),
        json!({"startingDeadlineSeconds": 0, "schedule": "@every 1s"}),
        json!({"schedule": "@every 1s"}),
        json!({"schedule": "* * * * *", "timeZone": "Europe/Rome"}),
        json!({"schedule": "0 0 30 2 *"}),
        json!({"schedule": "0 0 29 2 *"}),
        json!({"schedule": "TZ=Pacific/Apia 0 0 * * *"}),
        json!({"schedule": "@every 2562047h"}),
        json!({"concurrencyPolicy": "Replace", "timeZone": "Local"}),
    ];
    let clocks = [
        ("1970-01-01T00:00:00Z", Value::Null),
        ("2016-05-19T10:00:00.1Z", json!("0001-01-01T00:00:00Z")),
        ("9999-12-31T23:59:59Z", json!("1970-01-01T00:00:00Z")),
    ];
    let statuses = [
        json!({}),
        json!({"lastScheduleTime": "2999-01-01T00:00:00Z"}),
        json!({"lastScheduleTime": "1900-01-01T00:00:00Z"}),
    ];
    for version in ["1.20", "1.27", "1.28"] {
        for spec in &specs {
            for (now, created) in &clocks {
                for status in &statuses {
                    let started = Instant::now();
                    let r = request(version, now, spec.clone(), status.clone(), created.clone());
                    let response = answer(&r);
                    assert!(response.is_ok(), "{version} {spec} {now}: {response:?}");
                    assert!(
                        started.elapsed() < Duration::from_secs(20),
                        "{version} {spec} {now} {status} took {:?}",
                        started.elapsed()
                    );
                }
            }
        }
    }
}

#[test]
fn a_bad_controller_zone_is_refused_with_its_reason() {
    let mut r = request("1.28", "2016-05-19T10:00:00Z", json!({}), json!({}), Value::Null);
    r.controller_time_zone = Some("Mars/Olympus".into());
    match answer_line(r) {
        SyncAnswer::Refused { error } => assert_eq!(error, "unknown controllerTimeZone \"Mars/Olympus\""),
        other => panic!("{other:?}"),
    }
}
