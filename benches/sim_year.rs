//! The runtime's cost: a `* * * * *` CronJob whose pods run 30 s, over 1, 7, 30 and 365 days
//! (the 365-day run is 525,599 Jobs with their pods and 2.6 million Events). Prints, per horizon,
//! the wall time to step the run to its end (`sim s`) and to build the trace (`total s`), the CPU
//! time of the same (`cpu s`, steadier than wall time on a shared machine) and CPU µs per Job, the
//! size of the trace's JSON (counted, not kept: a year is about a gigabyte), the heap bytes per Job
//! the finished trace holds (`trace B/job`: a Job, its pod, its Events, its slot) and the most the
//! run held at once per Job (`peak B/job`: the trace while it grows, the world, the history) and, at the end, the
//! process's peak memory (VmHWM: the largest horizon's world and trace). Targets: 365
//! days under 1 s natively, memory under 300 MB. Run with `cargo bench --bench sim_year`
//! (optionally `-- 30` for one horizon, `--all-syncs` to keep every controller sync in the trace).
//! The same runs through the release wasm build in headless Chromium: `e2e/sim-year.test.mjs`.
//!
//! `-- page [rounds]` runs (also part of the default run) the page's engine on every keystroke for the
//! speed case, e2e/seeds/perf-30d-hourly.yaml (an hourly CronJob over 30 days, syncs
//! kept): what `app::run::prepare` and the worker do — reading the text once (`sim::Input::read`:
//! the Simulation document picks the release, the objects are admitted under it),
//! `sim::Run::from_input`, stepping to the end and `finish()` —
//! with the median wall µs and the heap allocations (count and bytes) of each stage.
//!
//! `-- cronjobs` runs one day of 100, 200 and 400 CronJobs (7 namespaces; hourly, daily and
//! every-5-to-30-minute schedules) and prints the CPU of each and its ratio to 100's: the cost
//! must grow linearly with the number of CronJobs. `-- manifest <n>` prints that manifest for
//! `n` CronJobs, to time the CLI on it (`docs/performance.md`).
//!
//! `-- cluster` runs the cluster view's case, `tests/data/cluster-200.yaml` (200 CronJobs in ten
//! namespaces, mixed schedules, zones and policies) over its default week, through
//! `app::cluster::run`, and prints its CPU seconds, Jobs and peak (target: under 0.8 s).

use cronjob_playground::sim::{Input, Run, Trace};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Instant;

/// Counts heap allocations (calls and bytes) and the bytes live now and at most: on a shared
/// machine counts are steadier than times.
struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
static ALLOCATED: AtomicU64 = AtomicU64::new(0);
static LIVE: AtomicU64 = AtomicU64::new(0);
static PEAK: AtomicU64 = AtomicU64::new(0);

fn grew(bytes: u64) {
    let live = LIVE.fetch_add(bytes, Relaxed) + bytes;
    PEAK.fetch_max(live, Relaxed);
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        ALLOCATED.fetch_add(layout.size() as u64, Relaxed);
        grew(layout.size() as u64);
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as u64, Relaxed);
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        ALLOCATED.fetch_add(new_size.saturating_sub(layout.size()) as u64, Relaxed);
        // A moving realloc holds both blocks for a moment; counted as the larger one.
        LIVE.fetch_sub(layout.size() as u64, Relaxed);
        grew(new_size as u64);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The page's speed case (e2e/perf.test.mjs types into it).
const PAGE_SEED: &str = include_str!("../e2e/seeds/perf-30d-hourly.yaml");

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

/// A run's trace, the wall seconds to step it (`sim`) and to finish it (`total`), its CPU seconds,
/// and the heap bytes the trace holds and the most the run held at once.
fn run(days: u32, syncs: &str) -> (Trace, f64, f64, f64, u64, u64) {
    let simulation = serde_json::json!({
        "kubernetesVersion": "1.28",
        "duration": format!("{days}d"),
        "pods": [{"attempts": [{"durationSeconds": 30, "exitCode": 0}]}],
        "trace": {"syncs": syncs}
    });
    let base = LIVE.load(Relaxed);
    PEAK.store(base, Relaxed);
    let (t0, c0) = (Instant::now(), cpu_seconds());
    let mut run = Run::new(MANIFEST, Some(simulation)).expect("valid input");
    while !run.step(1_000_000).expect("within budget").done {}
    let simulated = t0.elapsed().as_secs_f64();
    let trace = run.finish();
    let total = t0.elapsed().as_secs_f64();
    let cpu = cpu_seconds().zip(c0).map_or(f64::NAN, |(c1, c0)| c1 - c0);
    let (held, peak) = (LIVE.load(Relaxed) - base, PEAK.load(Relaxed) - base);
    (trace, simulated, total, cpu, held, peak)
}

/// Wall seconds, allocations and allocated bytes of `f`, and its result. (Wall, not CPU, time:
/// the thread's CPU clock in /proc advances in scheduler ticks, too coarse for a stage of
/// microseconds; the median of many rounds keeps other processes' preemptions out.)
fn stage<T>(f: impl FnOnce() -> T) -> (T, [f64; 3]) {
    let (t0, n0, b0) = (Instant::now(), ALLOCATIONS.load(Relaxed), ALLOCATED.load(Relaxed));
    let out = f();
    let wall = t0.elapsed().as_secs_f64();
    (out, [wall, (ALLOCATIONS.load(Relaxed) - n0) as f64, (ALLOCATED.load(Relaxed) - b0) as f64])
}

/// The page's engine on the speed seed, `rounds` times: per stage the median wall µs, allocations
/// and allocated KB.
fn page_engine(rounds: usize) {
    const STAGES: [&str; 5] = ["Input::read", "Run::from_input", "step to end", "finish()", "total"];
    let mut figures: Vec<[[f64; 3]; 5]> = Vec::new();
    let mut shape = (0, 0, 0, 0);
    for _ in 0..rounds {
        let (input, admit) = stage(|| Input::read(PAGE_SEED));
        let (mut run, new) = stage(|| Run::from_input(input).expect("the seed simulates"));
        let (_, step) = stage(|| while !run.step(128).expect("within budget").done {});
        let (trace, finish) = stage(|| run.finish());
        shape = (trace.jobs.len(), trace.pods.len(), trace.events.len(), trace.syncs.len());
        let mut total = [0.0; 3];
        for s in [admit, new, step, finish] {
            for (t, v) in total.iter_mut().zip(s) {
                *t += v;
            }
        }
        figures.push([admit, new, step, finish, total]);
    }
    let (jobs, pods, events, syncs) = shape;
    println!(
        "page engine, e2e/seeds/perf-30d-hourly.yaml: {jobs} jobs, {pods} pods, {events} events, {syncs} syncs; \
        median of {rounds}"
    );
    println!("{:<20} {:>10} {:>10} {:>12} {:>10}", "stage", "µs", "µs/job", "allocations", "alloc KB");
    for (i, name) in STAGES.iter().enumerate() {
        let median = |k: usize| {
            let mut v: Vec<f64> = figures.iter().map(|f| f[i][k]).collect();
            v.sort_by(f64::total_cmp);
            v[v.len() / 2]
        };
        let us = median(0) * 1e6;
        println!(
            "{name:<20} {us:>10.0} {:>10.2} {:>12.0} {:>10.0}",
            us / jobs.max(1) as f64,
            median(1),
            median(2) / 1024.0
        );
    }
}

/// `n` CronJobs in 7 namespaces with mixed schedules, and a Simulation document for one day.
fn many_cron_jobs(n: usize) -> String {
    let mut text = String::new();
    for i in 0..n {
        let schedule = match i % 4 {
            0 => format!("{} * * * *", i % 60),
            1 => format!("{} {} * * *", i % 60, i % 24),
            _ => format!("*/{} * * * *", 5 + i % 26),
        };
        text.push_str(&format!(
            "apiVersion: batch/v1\nkind: CronJob\nmetadata: {{name: job-{i}, namespace: ns-{}, creationTimestamp: \
            \"2025-01-01T00:00:00Z\"}}\nspec:\n  schedule: \"{schedule}\"\n  jobTemplate:\n    spec:\n      \
            template:\n        spec:\n          restartPolicy: OnFailure\n          containers: [{{name: c, image: \
            busybox}}]\n---\n",
            i % 7
        ));
    }
    text.push_str(
        "apiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec:\n  kubernetesVersion: \"1.28\"\n  \
        duration: 1d\n  trace: {syncs: none}\n",
    );
    text
}

/// One day of 100, 200 and 400 CronJobs: CPU seconds each, and the ratio to 100's.
fn scaling() {
    println!("{:>9} {:>9} {:>9} {:>10}", "cronjobs", "jobs", "cpu s", "× 100's");
    let mut base = None;
    for n in [100, 200, 400] {
        let text = many_cron_jobs(n);
        let c0 = cpu_seconds();
        let trace = cronjob_playground::sim::simulate(&text, None).expect("simulates");
        let cpu = cpu_seconds().zip(c0).map_or(f64::NAN, |(c1, c0)| c1 - c0);
        let ratio = cpu / *base.get_or_insert(cpu);
        println!("{n:>9} {:>9} {cpu:>9.3} {ratio:>10.2}", trace.jobs.len());
    }
}

/// The cluster view's case: 200 CronJobs over a week, CPU seconds of each of `rounds` runs.
fn cluster() {
    let text = include_str!("../tests/data/cluster-200.yaml");
    println!("{:>9} {:>9} {:>9} {:>10}", "cronjobs", "jobs", "cpu s", "most/min");
    for _ in 0..3 {
        let c0 = cpu_seconds();
        let run = cronjob_playground::app::cluster::run(text).expect("the dump runs");
        let cpu = cpu_seconds().zip(c0).map_or(f64::NAN, |(c1, c0)| c1 - c0);
        let jobs: usize = run.parts.iter().map(|p| p.trace.jobs.len()).sum();
        let most = run.density.starts.iter().max().copied().unwrap_or(0);
        println!("{:>9} {jobs:>9} {cpu:>9.3} {most:>10}", run.rows.len());
    }
    if let Some(mb) = peak_rss_mb() {
        println!("peak memory (VmHWM): {mb:.0} MB");
    }
}

fn main() {
    let number = std::env::args().skip(1).find_map(|a| a.parse().ok());
    if std::env::args().any(|a| a == "manifest") {
        return print!("{}", many_cron_jobs(number.map_or(400, |n| n as usize)));
    }
    if std::env::args().any(|a| a == "cronjobs") {
        return scaling();
    }
    if std::env::args().any(|a| a == "cluster") {
        return cluster();
    }
    if std::env::args().any(|a| a == "page") {
        return page_engine(number.map_or(41, |n| n as usize));
    }
    let days: Vec<u32> = match number {
        Some(d) => vec![d],
        None => vec![1, 7, 30, 365],
    };
    // Syncs are left out for the long runs (`trace.syncs: none`): millions of them would not fit
    // the memory target; `--all-syncs` keeps them.
    let syncs = if std::env::args().any(|a| a == "--all-syncs") { "all" } else { "none" };
    println!("trace.syncs: {syncs}");
    println!(
        "{:>6} {:>9} {:>9} {:>9} {:>10} {:>9} {:>9} {:>9} {:>10} {:>9} {:>11} {:>11}",
        "days",
        "jobs",
        "pods",
        "events",
        "syncs",
        "sim s",
        "total s",
        "cpu s",
        "µs/job",
        "json MB",
        "trace B/job",
        "peak B/job"
    );
    for d in days {
        let (trace, simulated, total, cpu, held, peak) = run(d, syncs);
        let per_job = |bytes: u64| bytes as f64 / trace.jobs.len().max(1) as f64;
        let t1 = Instant::now();
        let mut json = ByteCount::default();
        serde_json::to_writer(&mut json, &trace).expect("serializes");
        let json_s = t1.elapsed().as_secs_f64();
        println!(
            "{:>6} {:>9} {:>9} {:>9} {:>10} {:>9.3} {:>9.3} {:>9.3} {:>10.2} {:>9.1} {:>11.0} {:>11.0}   (json {:.3} \
            s)",
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
            per_job(held),
            per_job(peak),
            json_s
        );
    }
    if let Some(mb) = peak_rss_mb() {
        println!("peak memory (VmHWM): {mb:.0} MB");
    }
    page_engine(21);
}
