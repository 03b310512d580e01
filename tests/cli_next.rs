//! `cronjob-playground next`: the text form and the `--jsonl` contract of
//! `docs/contracts.md` §1, run through the real binary.

use std::io::Write;
use std::process::{Command, Stdio};

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_cronjob-playground"))
}

#[test]
fn jsonl_answers_each_line_in_order() {
    let mut child = binary().args(["next", "--jsonl"]).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(
            concat!(
                r#"{"schedule": "30 1 * * *", "timeZone": null, "localZone": "America/New_York", "after": "2024-11-03T00:00:00-04:00", "count": 2}"#,
                "\n",
                r#"{"schedule": "0 0 * * 7", "count": 1}"#,
                "\n",
                "not json\n",
                r#"{"schedule": "0 0 30 2 *", "after": "2012-07-09T23:35:00Z"}"#,
                "\n"
            )
            .as_bytes(),
        )
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let lines: Vec<serde_json::Value> =
        String::from_utf8(output.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["ok"], true);
    assert_eq!(lines[0]["times"], serde_json::json!(["2024-11-03T01:30:00-04:00", "2024-11-03T01:30:00-05:00"]));
    assert_eq!(lines[0]["description"], "At 01:30");
    assert_eq!(lines[1], serde_json::json!({"ok": false, "error": "end of range (7) above maximum (6): 7"}));
    assert!(lines[2]["error"].is_string());
    assert_eq!(lines[3]["times"], serde_json::json!([null]));
}

#[test]
fn text_form_prints_description_and_times() {
    let output = binary()
        .args([
            "next",
            "0 5 * * 1-5",
            "--local-zone",
            "Europe/Berlin",
            "--after",
            "2025-01-15T13:47:31Z",
            "--count",
            "2",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.starts_with("At 05:00 on every day-of-week from Monday through Friday\n"), "{text}");
    assert!(text.contains("  2025-01-16T05:00:00+01:00\n  2025-01-17T05:00:00+01:00\n"), "{text}");
    let failed = binary().args(["next", "61 * * * *"]).output().unwrap();
    assert!(!failed.status.success());
    assert_eq!(String::from_utf8(failed.stderr).unwrap(), "error: end of range (61) above maximum (59): 61\n");
}

#[test]
fn text_form_reads_a_refused_schedule_as_its_dialect() {
    let args = ["next", "cron(0 12 ? * MON-FRI 2027)", "--after", "2026-11-26T00:00:00Z", "--count", "2"];
    let output = binary().args(args).output().unwrap();
    assert!(!output.status.success());
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "error: expected exactly 5 fields, found 6: [cron(0 12 ? * MON-FRI 2027)]\n"
    );
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "Reads as AWS EventBridge (a year last):\n\
        \x20 Year `2027`: Kubernetes has no year; suspend or delete the CronJob when those years are over.\n\
        \x20 `?` (no specific value): Kubernetes reads it as `*`.\n\
        Its runs there (UTC):\n\
        \x20 2027-01-01T12:00:00Z\n\
        \x20 2027-01-04T12:00:00Z\n\
        Nearest Kubernetes schedule: 0 12 * * MON-FRI\n"
    );
    let json = binary().args(args).args(["--output", "json", "--dialects"]).output().unwrap();
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(json["dialect"]["dialect"], "event-bridge");
}

/// robfig's test tables (the ParseStandard ones) through `next --jsonl`, the way a conformance
/// harness drives it: one request per run, `localZone` = the run's zone, `after` = its start.
#[test]
fn jsonl_reproduces_the_robfig_vectors_byte_for_byte() {
    let doc: serde_json::Value = serde_json::from_str(include_str!("data/cron_robfig_tests.json")).unwrap();
    let mut requests = String::new();
    let mut expected = Vec::new();
    for v in doc["vectors"].as_array().unwrap().iter().filter(|v| v.get("parser").is_none()) {
        let runs = v["runs"].as_array().cloned().unwrap_or_default();
        if v["ok"] == false {
            requests += &serde_json::json!({"schedule": v["spec"], "after": "2025-01-01T00:00:00Z"}).to_string();
            requests += "\n";
            expected.push((v["spec"].clone(), v["error"].clone(), serde_json::Value::Null));
        }
        for run in runs {
            let count = run["next"].as_array().unwrap().len();
            requests += &serde_json::json!({"schedule": v["spec"], "localZone": run["tz"], "after": run["start"], "count": count})
                .to_string();
            requests += "\n";
            expected.push((v["spec"].clone(), serde_json::Value::Null, run["next"].clone()));
        }
    }
    let mut child = binary().args(["next", "--jsonl"]).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(requests.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    let answers: Vec<serde_json::Value> =
        String::from_utf8(output.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(answers.len(), expected.len());
    assert!(expected.len() > 80, "{}", expected.len());
    for (answer, (spec, error, times)) in answers.iter().zip(&expected) {
        if times.is_null() {
            assert_eq!(answer["ok"], false, "{spec}");
            if error.is_string() {
                assert_eq!(&answer["error"], error, "{spec}");
            }
        } else {
            assert_eq!((&answer["ok"], &answer["times"]), (&serde_json::json!(true), times), "{spec}");
        }
    }
}
