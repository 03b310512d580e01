//! The runtime's cost: a `* * * * *` CronJob whose pods run 30 s, over 1, 7, 30 and 365 days
//! (the 365-day run is 525,599 Jobs with their pods and 2.6 million Events). Prints, per horizon,
//! the wall time to step the run to its end (`sim s`) and to build the trace (`total s`), the CPU
//! time of the same (`cpu s`, steadier than wall time on a shared machine) and CPU µs per Job, the
//! size of the trace's JSON (counted, not kept: a year is about a gigabyte) and, at the end, the
//! process's peak memory (VmHWM: the largest horizon's world and trace). Targets (issue #7): 365
//! days under 1 s natively, memory under 300 MB. Run with `cargo bench --bench sim_year`
//! (optionally `-- 30` for one horizon, `--all-syncs` to keep every controller sync in the trace).
//! The same runs through the release wasm build in headless Chromium: `e2e/sim-year.test.mjs`.

use cronjob_playground::sim::{Run, Trace};
use std::time::Instant;

// The same CronJob as e2e/sim-year.test.mjs runs in Chromium.
const MANIFEST: &str = include_str!("../tests/data/sim/every_minute_year.yaml");

fn peak_rss_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// CPU time of this thread so far, in seconds (the machine is shared: wall time varies with load).
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(text.split_whitespace().next()?.parse::<f64>().ok()? / 1e9)
}

/// Counts the bytes of the JSON without keeping them (a year's trace is about a gigabyte).
#[derive(Default)]
struct ByteCount(usize);

impl std::io::Write for ByteCount {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn run(days: u32, syncs: &str) -> (Trace, f64, f64, f64) {
    let simulation = serde_json::json!({
        "kubernetesVersion": "1.28",
        "duration": format!("{days}d"),
        "pods": [{"attempts": [{"durationSeconds": 30, "exitCode": 0}]}],
        "trace": {"syncs": syncs}
    });
    let (t0, c0) = (Instant::now(), cpu_seconds());
    let mut run = Run::new(MANIFEST, Some(simulation)).expect("valid input");
    while !run.step(1_000_000).expect("within budget").done {}
    let simulated = t0.elapsed().as_secs_f64();
    let trace = run.finish();
    let total = t0.elapsed().as_secs_f64();
    let cpu = cpu_seconds().zip(c0).map_or(f64::NAN, |(c1, c0)| c1 - c0);
    (trace, simulated, total, cpu)
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
    println!("{:>6} {:>9} {:>9} {:>9} {:>10} {:>9} {:>9} {:>9} {:>10} {:>9}", "days", "jobs", "pods", "events", "syncs", "sim s", "total s", "cpu s", "µs/job", "json MB");
    for d in days {
        let (trace, simulated, total, cpu) = run(d, syncs);
        let t1 = Instant::now();
        let mut json = ByteCount::default();
        serde_json::to_writer(&mut json, &trace).expect("serializes");
        let json_s = t1.elapsed().as_secs_f64();
        println!(
            "{:>6} {:>9} {:>9} {:>9} {:>10} {:>9.3} {:>9.3} {:>9.3} {:>10.2} {:>9.1}   (json {:.3} s)",
            d,
            trace.jobs.len(),
            trace.pods.len(),
            trace.events.len(),
            trace.syncs.len(),
            simulated,
            total,
            cpu,
            cpu * 1e6 / trace.jobs.len().max(1) as f64,
            json.0 as f64 / 1e6,
            json_s
        );
    }
    if let Some(mb) = peak_rss_mb() {
        println!("peak memory (VmHWM): {mb:.0} MB");
    }
}
