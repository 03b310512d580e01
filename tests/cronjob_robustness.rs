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

/// Found by the `whole_run` fuzz target: a Forbid CronJob under the 1.13 (v1) controller in the
/// year 1009. Judging its slots sliced the syncs between a slot and its Job's creation with the
/// ends reversed and panicked; the run now ends with its trace.
#[test]
fn a_run_in_the_year_1009_under_the_v1_controller_ends_with_its_trace() {
    let text = "apiVersion: batch/v1beta1\nkind: CronJob\nmetadata:\n  name: hourly\nspec:\n  schedule: \"0 * * * \
        *\"\n  concurrencyPolicy: Forbid\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          \
        restartPolicy: OnFailure\n          containers:\n          - name: main\n            image: busybox\n---\n\
        apiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec:\n  kubernetesVersion: \"1.13\"\n  start: \
        \"1009-12-05T08:30:00Z\"\n  duration: 4h\n  pods:\n  - selector: {cronJob: hourly}\n    jobs:\n    - attempts: \
        [{durationSeconds: 0900, exitCode: 0}]\n    - attempts: [{durationSeconds: 5400, exitCode: 0}]\n    - \
        attempts: [{durationSeconds: 1800, exitCode: 0}]\n";
    let trace = cronjob_playground::sim::simulate(text, None).expect("the run is accepted");
    assert!(!trace.slots.is_empty());
    assert!(trace.slots.iter().all(|s| s.cron_job == "hourly"));
}
