//! `cronjob-playground cluster` through the real binary, on `tests/data/cluster-200.yaml` (a
//! `kubectl get cronjobs -A -o yaml` dump of 200 CronJobs in ten namespaces, written by
//! `scripts/cluster-fixture.py`), two of its namespaces over one day, to keep the debug build quick.

// The CLI is native; the wasm32 build of the tests has no binary to run.
#![cfg(not(target_arch = "wasm32"))]

use serde_json::Value;
use std::process::Command;

const DUMP: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/cluster-200.yaml");

fn cluster(args: &[&str]) -> (bool, String, String) {
    let out =
        Command::new(env!("CARGO_BIN_EXE_cronjob-playground")).arg("cluster").arg(DUMP).args(args).output().unwrap();
    (out.status.success(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn json(args: &[&str]) -> Value {
    let (ok, out, err) = cluster(
        &[args, &["--namespace", "payments", "--namespace", "search", "--duration", "1d", "-o", "json"]].concat(),
    );
    assert!(ok, "{err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn the_window_starts_at_the_dumps_present() {
    let d = json(&[]);
    // The newest status.lastScheduleTime of the whole dump (a `*/5` CronJob's 23:55) is the present.
    assert_eq!((d["start"].as_str(), d["end"].as_str()), (Some("2026-11-22T23:55:00Z"), Some("2026-11-23T23:55:00Z")));
    assert_eq!(d["namespaces"], serde_json::json!(["payments", "search"]));
    assert_eq!(d["rows"].as_array().unwrap().len(), 40);
    // `30 * * * *`, last run 23:30: every half past the hour of the day, 00:30 first.
    let invoice = d["rows"].as_array().unwrap().iter().find(|r| r["name"] == "invoice-000").unwrap();
    assert_eq!((invoice["runs"].as_u64(), invoice["nextRun"].as_str()), (Some(24), Some("2026-11-23T00:30:00Z")));
    assert_eq!(d["density"]["starts"].as_array().unwrap().len(), 24 * 60);
}

#[test]
fn midnight_is_the_pile_up_and_staggering_flattens_it() {
    let d = json(&["--stagger"]);
    let peaks = d["peaks"].as_array().unwrap();
    assert_eq!(peaks[0]["text"], "00:00 Mon 23 Nov: 15 Jobs start within 1 minute");
    assert_eq!(peaks[0]["cronJobs"].as_array().unwrap().len(), 15);
    let stagger = &d["stagger"];
    assert!(stagger["suggestions"]
        .as_array()
        .unwrap()
        .iter()
        .all(|s| s["shiftMinutes"].as_u64() <= s["toleranceMinutes"].as_u64()));
    // The same window run again with the staggered schedules: no minute starts 5 Jobs.
    assert_eq!(stagger["peaksAfter"], serde_json::json!([]));
    assert!(stagger["mostStartsAfter"].as_u64().unwrap() < 5, "{}", stagger["mostStartsAfter"]);
}

#[test]
fn a_berlin_window_lists_what_starts_in_it() {
    let d = json(&["--window", "01:00-01:05", "--zone", "Europe/Berlin"]);
    let hits = d["window"]["hits"].as_array().unwrap();
    // 01:00 Berlin is 00:00 UTC in November: the 15 Jobs of the midnight pile-up start in the first span.
    let first: Vec<&Value> =
        hits.iter().filter(|h| h["span"] == "2026-11-23T00:00:00Z..2026-11-23T00:05:00Z").collect();
    assert_eq!(first.len(), 15);
    assert!(first.iter().all(|h| h["started"] == "2026-11-23T00:00:00.100Z" && h["stillRunning"] == false));
}

#[test]
fn text_filters_and_refusals() {
    let (ok, out, _) = cluster(&["--namespace", "search", "--duration", "2h", "--only", "forbid", "--sort", "runs"]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().skip(2).take_while(|l| !l.is_empty()).collect();
    assert!(!lines.is_empty() && lines.iter().all(|l| l.contains("Forbid")), "{out}");
    let (ok, _, err) = cluster(&["--window", "2-3"]);
    assert!(!ok);
    assert_eq!(
        err,
        "cronjob-playground cluster: window \"2-3\": write HH:MM-HH:MM (each day, in the zone) or <RFC \
        3339>..<RFC 3339>\n"
    );
    let (ok, _, err) = cluster(&["--zone", "Mars/Olympus"]);
    assert!(!ok);
    assert_eq!(err, "cronjob-playground cluster: --zone: unknown time zone Mars/Olympus\n");
}
