//! The runtime's cost: a `* * * * *` CronJob whose pods run 30 s, over 1, 7, 30 and 365 days
//! (the 365-day run is 525,600 Jobs with their pods and events). Prints wall time, work per
//! Job, trace size and peak memory (VmHWM). Targets: 365 days under 1 s natively, memory under
//! 300 MB. Run with `cargo bench --bench sim_year` (optionally `-- 30` for fewer days).

use cronjob_playground::sim::{Run, Trace};
use std::time::Instant;

const MANIFEST: &str = r#"
apiVersion: batch/v1
kind: CronJob
metadata: {name: every-minute, creationTimestamp: "2025-01-01T00:00:00Z"}
spec:
  schedule: "* * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers: [{name: work, image: busybox}]
"#;

fn peak_rss_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn run(days: u32, syncs: &str) -> (Trace, f64, f64) {
    let simulation = serde_json::json!({
        "kubernetesVersion": "1.28",
        "duration": format!("{days}d"),
        "pods": [{"attempts": [{"durationSeconds": 30, "exitCode": 0}]}],
        "trace": {"syncs": syncs}
    });
    let t0 = Instant::now();
    let mut run = Run::new(MANIFEST, Some(simulation)).expect("valid input");
    while !run.step(1_000_000).expect("within budget").done {}
    let simulated = t0.elapsed().as_secs_f64();
    let trace = run.finish();
    let total = t0.elapsed().as_secs_f64();
    (trace, simulated, total)
}

fn main() {
    let days: Vec<u32> = match std::env::args().skip(1).find_map(|a| a.parse().ok()) {
        Some(d) => vec![d],
        None => vec![1, 7, 30, 365],
    };
    // Syncs are left out for the long runs (`trace.syncs: none`): millions of them would not fit
    // the memory target; `--all-syncs` keeps them.
    let syncs = if std::env::args().any(|a| a == "--all-syncs") { "all" } else { "none" };
    println!("trace.syncs: {syncs}");
    println!("{:>6} {:>9} {:>9} {:>9} {:>10} {:>9} {:>9} {:>10} {:>9}", "days", "jobs", "pods", "events", "syncs", "sim s", "total s", "µs/job", "json MB");
    for d in days {
        let (trace, simulated, total) = run(d, syncs);
        let t1 = Instant::now();
        let json = serde_json::to_string(&trace).expect("serializes");
        let json_s = t1.elapsed().as_secs_f64();
        println!(
            "{:>6} {:>9} {:>9} {:>9} {:>10} {:>9.3} {:>9.3} {:>10.2} {:>9.1}   (json {:.3} s)",
            d,
            trace.jobs.len(),
            trace.pods.len(),
            trace.events.len(),
            trace.syncs.len(),
            simulated,
            total,
            total * 1e6 / trace.jobs.len().max(1) as f64,
            json.len() as f64 / 1e6,
            json_s
        );
    }
    if let Some(mb) = peak_rss_mb() {
        println!("peak memory (VmHWM): {mb:.0} MB");
    }
}
