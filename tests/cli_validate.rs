//! `cronjob-playground validate` against the contract of `docs/contracts.md` §2:
//! JSONL requests answered line by line (bad lines get `{"error": …}`), `--output json`, and
//! the kubectl-like text with `file:line:column`.

use std::io::Write;
use std::process::{Command, Stdio};

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_cronjob-playground"))
}

fn run_with_stdin(args: &[&str], stdin: &str) -> (String, bool) {
    let mut child =
        binary().args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (String::from_utf8(out.stdout).unwrap(), out.status.success())
}

const BAD: &str = "apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: x\nspec:\n  schedule: \"61 * * * *\"\n  \
    jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: Never\n          containers: \
    [{name: c, image: busybox}]\n";

#[test]
fn jsonl_answers_each_request_in_order() {
    let requests = [
        serde_json::json!({"manifest": BAD, "kubernetesVersion": "1.28"}).to_string(),
        "not json".to_string(),
        serde_json::json!({"manifest": BAD, "kubernetesVersion": "1.99"}).to_string(),
        serde_json::json!({"manifest": BAD.replace("61 *", "0 *"), "old": BAD}).to_string(),
    ];
    let (out, ok) = run_with_stdin(&["validate", "--jsonl"], &(requests.join("\n") + "\n"));
    assert!(ok);
    let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 4);
    let object = &lines[0]["objects"][0];
    assert_eq!(object["kind"], "CronJob");
    assert_eq!(object["name"], "x");
    assert_eq!(object["valid"], false);
    assert_eq!(
        object["message"],
        r#"CronJob.batch "x" is invalid: spec.schedule: Invalid value: "61 * * * *": end of range (61) above maximum (59): 61"#
    );
    assert_eq!(object["errors"][0]["field"], "spec.schedule");
    assert_eq!(object["errors"][0]["type"], "Invalid value");
    assert_eq!(object["errors"][0]["detail"], "end of range (61) above maximum (59): 61");
    assert_eq!(
        object["errors"][0]["text"],
        r#"spec.schedule: Invalid value: "61 * * * *": end of range (61) above maximum (59): 61"#
    );
    assert_eq!((object["errors"][0]["line"].as_u64(), object["errors"][0]["column"].as_u64()), (Some(6), Some(13)));
    assert_eq!(lines[0]["parseErrors"], serde_json::json!([]));
    assert!(lines[1]["error"].is_string());
    assert!(lines[2]["error"].as_str().unwrap().contains("unsupported kubernetesVersion \"1.99\""));
    let update = &lines[3]["objects"][0];
    assert_eq!(update["valid"], true);
    assert_eq!(update["message"], serde_json::Value::Null);
    assert_eq!(update["defaulted"]["spec"]["concurrencyPolicy"], "Allow");
}

#[test]
fn text_output_reads_like_kubectl_with_positions() {
    let (out, ok) = run_with_stdin(&["validate", "--kubernetes-version", "1.28"], BAD);
    assert!(!ok);
    assert_eq!(
        out,
        "The CronJob \"x\" is invalid:\n* STDIN:6:13: spec.schedule: Invalid value: \"61 * * * *\": end of \
        range (61) above maximum (59): 61\n"
    );
    let (out, ok) = run_with_stdin(&["validate", "-"], &BAD.replace("61 *", "0 *"));
    assert!(ok);
    assert_eq!(out, "cronjob.batch/x created (server dry run)\n");
    let (out, ok) = run_with_stdin(&["validate"], "spec:\n  schedule: */5 * * * *\n");
    assert!(!ok);
    assert!(out.starts_with("error: error parsing STDIN: 2:13: "), "{out}");
}

#[test]
fn json_output_is_the_report() {
    let (out, ok) = run_with_stdin(&["validate", "--output", "json"], BAD);
    assert!(!ok);
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["objects"][0]["errors"][0]["field"], "spec.schedule");
}

/// The newest releases are chosen like any other, on the command line and per JSONL request; one
/// past the newest is refused with the range in the message.
#[test]
fn releases_1_36_and_1_37_are_accepted_and_1_38_is_refused() {
    let good = BAD.replace("61 *", "0 *");
    for version in ["1.36", "v1.36.1", "1.37", "1.37.0"] {
        let (out, ok) = run_with_stdin(&["validate", "--output", "json", "--kubernetes-version", version], &good);
        assert!(ok, "{version}: {out}");
        let report: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(report["objects"][0]["valid"], true, "{version}");
    }
    let out = binary().args(["validate", "--kubernetes-version", "1.38"]).stdin(Stdio::null()).output().unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains(r#"unsupported kubernetesVersion "1.38": expected "1.<minor>" from 1.13 to 1.37"#),
        "{stderr}"
    );
    let requests = [
        serde_json::json!({"manifest": good, "kubernetesVersion": "1.37"}).to_string(),
        serde_json::json!({"manifest": good, "kubernetesVersion": "1.38"}).to_string(),
    ];
    let (out, ok) = run_with_stdin(&["validate", "--jsonl"], &(requests.join("\n") + "\n"));
    assert!(ok);
    let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0]["objects"][0]["valid"], true);
    assert_eq!(
        lines[1]["error"].as_str().unwrap(),
        r#"unsupported kubernetesVersion "1.38": expected "1.<minor>" from 1.13 to 1.37 at line 1 column 27"#
    );
}
