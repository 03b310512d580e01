//! `cronjob-playground simulate`'s text and table output, run through the real binary: what it
//! draws comes from the trace alone — a patch the API server refused changes nothing, and the
//! CronJobs appear in manifest order, as on the page.

// The CLI is native; the wasm32 build of the tests has no binary to run.
#![cfg(not(target_arch = "wasm32"))]

use std::io::Write;
use std::process::{Command, Stdio};

/// `simulate --output <output>` of `manifest`.
fn simulate(manifest: &str, output: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cronjob-playground"))
        .args(["simulate", "--output", output])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(manifest.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn cron_job(name: &str) -> String {
    format!(
        "apiVersion: batch/v1\nkind: CronJob\nmetadata: {{name: {name}, creationTimestamp: '2025-01-15T09:00:00Z'}}\n\
        spec:\n  schedule: '0 * * * *'\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          \
        restartPolicy: OnFailure\n          containers: [{{name: c, image: busybox}}]\n"
    )
}

const REFUSED_PATCH: &str = "---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec:\n  start: \
    '2025-01-15T09:00:00Z'\n  duration: 6h\n  events:\n  - at: '2025-01-15T10:30:00Z'\n    patch: {cronJob: hourly, \
    spec: {suspend: true, schedule: '61 * * * *'}}\n";

#[test]
fn a_refused_patch_draws_no_suspension_and_leaves_the_cronjob_unsuspended() {
    let manifest = format!("{}{REFUSED_PATCH}", cron_job("hourly"));
    let text = simulate(&manifest, "timeline");
    assert!(!text.contains('▒'), "no suspension band:\n{text}");
    assert!(text.contains("✓ 5 ran-on-time"), "every slot runs on time:\n{text}");
    let table = simulate(&manifest, "table");
    let row = table.lines().find(|l| l.starts_with("hourly ")).unwrap();
    assert_eq!(row.split_whitespace().collect::<Vec<_>>()[1..8], ["0", "*", "*", "*", "*", "False", "0"], "{table}");
}

#[test]
fn an_accepted_suspension_draws_its_band() {
    let manifest = format!("{}{}", cron_job("hourly"), REFUSED_PATCH.replace(", schedule: '61 * * * *'", ""));
    let text = simulate(&manifest, "timeline");
    assert!(text.contains('▒'), "{text}");
    assert!(text.contains("suspended"), "{text}");
}

#[test]
fn cronjobs_appear_in_manifest_order() {
    let manifest = format!("{}---\n{}---\n{}", cron_job("zeta"), cron_job("alpha"), cron_job("mid"));
    let text = simulate(&manifest, "timeline");
    let order: Vec<_> =
        text.lines().filter_map(|l| l.strip_prefix("CronJob ")).map(|l| l.split_whitespace().next().unwrap()).collect();
    assert_eq!(order, ["zeta", "alpha", "mid"]);
    let table = simulate(&manifest, "table");
    let names: Vec<_> = table.lines().skip(3).take(3).map(|l| l.split_whitespace().next().unwrap()).collect();
    assert_eq!(names, ["zeta", "alpha", "mid"], "{table}");
}

/// `simulate --output json | head -c 100`: the reader goes away after a few bytes of a trace far
/// larger than a pipe's buffer. The command drops the rest and ends normally, with nothing on
/// stderr — `print!` used to panic with "failed printing to stdout: Broken pipe".
#[test]
fn a_reader_that_stops_early_ends_the_command_quietly() {
    let manifest = cron_job("hourly").replace("'0 * * * *'", "'* * * * *'")
        + "---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec: {start: '2025-01-15T09:00:00Z', \
            duration: 2d}\n";
    let mut child = Command::new(env!("CARGO_BIN_EXE_cronjob-playground"))
        .args(["simulate", "--output", "json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(manifest.as_bytes()).unwrap();
    let mut head = [0u8; 100];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut head).unwrap();
    // The reader stops early, as `| head` does: its end of the pipe closes.
    child.stdout = None;
    let out = child.wait_with_output().unwrap();
    assert!(head.starts_with(b"{"), "{}", String::from_utf8_lossy(&head));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert!(out.status.success(), "{:?}", out.status);
}
