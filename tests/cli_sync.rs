//! `cronjob-playground sync`: the `--jsonl` contract of `docs/contracts.md` §3 and the
//! text form, run through the real binary.

use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], input: &str) -> (bool, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cronjob-playground"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    (output.status.success(), String::from_utf8(output.stdout).unwrap())
}

const REQUEST: &str = r#"{"kubernetesVersion": "1.28", "now": "2016-05-19T10:01:00Z", "cronJob": {"apiVersion": "batch/v1", "kind": "CronJob", "metadata": {"name": "mycronjob", "namespace": "snazzycats", "uid": "1a2b3c", "creationTimestamp": "2016-05-19T09:59:00Z"}, "spec": {"schedule": "0 * * * ?", "jobTemplate": {"metadata": {"labels": {"a": "b"}}}}}}"#;

#[test]
fn jsonl_answers_each_line_in_order_with_the_contract_fields() {
    let input = format!("{REQUEST}\nnot json\n{}\n", REQUEST.replace("\"1.28\"", "\"1.20\""));
    let (ok, out) = run(&["sync", "--jsonl"], &input);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(
        lines[0].starts_with(
            r#"{"createdJobs":[{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"mycronjob-24394200","#
        ),
        "{}",
        lines[0]
    );
    let first: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(first["requeueAfterSeconds"], 3540.1);
    assert_eq!(first["events"][0]["message"], "Created job mycronjob-24394200");
    assert_eq!(first["statusUpdate"]["lastScheduleTime"], "2016-05-19T10:00:00Z");
    assert_eq!(first["decision"]["code"], "created");
    assert_eq!(first["error"], serde_json::Value::Null);
    assert!(lines[1].starts_with(r#"{"error":"#));
    let legacy: serde_json::Value = serde_json::from_str(lines[2]).unwrap();
    assert_eq!(legacy["createdJobs"][0]["metadata"]["name"], "mycronjob-1463652000");
    assert_eq!(legacy["requeueAfterSeconds"], serde_json::Value::Null);
}

#[test]
fn text_form_leads_with_the_decision() {
    let (ok, out) = run(&["sync"], REQUEST);
    assert!(ok);
    assert!(
        out.starts_with("decision: created\n  Created job mycronjob-24394200 for the 2016-05-19T10:00:00Z slot"),
        "{out}"
    );
    assert!(out.contains("event: Normal SuccessfulCreate: Created job mycronjob-24394200\n"));
    assert!(out.ends_with("requeue after: 3540.1 s\n"));
}
