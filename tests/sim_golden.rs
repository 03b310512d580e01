//! The CLI's `simulate --output json` against the golden traces in `tests/data/sim/golden/`, which
//! the browser tests (`tests/sim_js.rs`) compare the JS API's output with: together they show the
//! CLI and the JS API give byte-identical JSON for the same input. After a deliberate change of
//! behaviour, regenerate with `UPDATE_GOLDEN=1 cargo test --test sim_golden`.

#![cfg(not(target_arch = "wasm32"))]

use std::process::Command;

/// Each golden trace's name and its input, relative to the crate (two are library scenarios).
const SCENARIOS: [(&str, &str); 6] = [
    ("seed002_retroactive_delete", "tests/data/sim/seed002_retroactive_delete.yaml"),
    ("hand01_schedule_edit", "tests/data/sim/hand01_schedule_edit.yaml"),
    ("job_backoff_on_failure", "tests/data/sim/job_backoff_on_failure.yaml"),
    ("job_backoff_legacy", "tests/data/sim/job_backoff_legacy.yaml"),
    ("replace_and_history", "scenarios/replace/scenario.yaml"),
    ("ttl_vs_history", "scenarios/history-limits-vs-ttl/scenario.yaml"),
];

#[test]
fn cli_json_matches_the_golden_traces() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/sim");
    for (name, input) in SCENARIOS {
        let out = Command::new(env!("CARGO_BIN_EXE_cronjob-playground"))
            .args(["simulate", "--output", "json", &format!("{}/{input}", env!("CARGO_MANIFEST_DIR"))])
            .output()
            .unwrap();
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let got = String::from_utf8(out.stdout).unwrap();
        let golden_path = format!("{dir}/golden/{name}.json");
        if std::env::var_os("UPDATE_GOLDEN").is_some() {
            std::fs::write(&golden_path, &got).unwrap();
        }
        let golden = std::fs::read_to_string(&golden_path).unwrap();
        assert!(got == golden, "{name}: the CLI's trace differs from {golden_path} (UPDATE_GOLDEN=1 to accept)");
    }
}

#[test]
fn jsonl_answers_each_request_with_the_same_trace_and_errors_in_place() {
    use std::io::Write;
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/sim");
    let manifest = std::fs::read_to_string(format!("{dir}/job_backoff_on_failure.yaml")).unwrap();
    let request = serde_json::json!({"manifest": manifest}).to_string();
    let mut child = simulate_jsonl();
    write!(child.stdin.take().unwrap(), "{request}\n{{\"manifest\": \"kind: Job\"}}\n{request}\n").unwrap();
    let out = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    let golden = std::fs::read_to_string(format!("{dir}/golden/job_backoff_on_failure.json")).unwrap();
    assert_eq!(lines.len(), 3);
    assert!(lines[0] == golden.trim_end(), "the JSONL trace differs from the golden one");
    assert_eq!(lines[1], r#"{"error":"1:1: error validating data: apiVersion not set"}"#);
    assert_eq!(lines[2], lines[0]);
}

/// A `simulate --jsonl` process with its stdin and stdout piped.
fn simulate_jsonl() -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_cronjob-playground"))
        .args(["simulate", "--jsonl"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

#[path = "generated/mod.rs"]
mod generated;

/// Every built-in scenario and the generated runs, through one `simulate --jsonl` process: each
/// answer's fingerprint (length and FNV-1a of its bytes) against `golden/fingerprints.txt`, which
/// `tests/sim_js.rs` checks the JS API's JSON in headless Chromium against.
#[test]
fn every_scenario_and_generated_run_matches_the_golden_fingerprints() {
    use std::io::Write;
    let inputs = generated::inputs();
    assert!(inputs.len() >= 100 + cronjob_playground::scenarios::LIBRARY.len());
    let mut child = simulate_jsonl();
    let mut stdin = child.stdin.take().unwrap();
    let requests: String =
        inputs.iter().map(|(_, text)| serde_json::json!({ "manifest": text }).to_string() + "\n").collect();
    let writer = std::thread::spawn(move || stdin.write_all(requests.as_bytes()).unwrap());
    let out = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    writer.join().unwrap();
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers.len(), inputs.len());
    let got: String = inputs
        .iter()
        .zip(&answers)
        .map(|((name, _), answer)| format!("{name} {}\n", generated::fingerprint(answer.as_bytes())))
        .collect();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/sim/golden/fingerprints.txt");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(path, &got).unwrap();
    }
    let errors = answers.iter().filter(|a| a.starts_with(r#"{"error""#)).count();
    // Most generated runs are valid; an error answer is compared as bytes all the same.
    assert!(errors <= 10, "{errors} of {} answers are errors", answers.len());
    let golden = std::fs::read_to_string(path).unwrap();
    for (line, want) in got.lines().zip(golden.lines()) {
        assert_eq!(line, want, "the CLI's answer differs from {path} (UPDATE_GOLDEN=1 to accept)");
    }
    assert_eq!(got.lines().count(), golden.lines().count());
}
