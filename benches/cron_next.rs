//! Speed of the schedule engine on a mixed workload: robfig `ParseStandard` and `Next` on
//! 2,400 (spec, start, zone) items — common schedules and seeded grammar-generated ones, in
//! UTC, New York, London, Lord Howe and Kolkata. Targets: ≤ 350 ns per `Next`, ≤ 1 µs per
//! parse (Go's robfig needs about 3.5 µs per `Next` on such a workload).
//!
//! Run: `cargo bench --bench cron_next`. Prints the median and the best of many short timed
//! chunks (the median is robust to other processes preempting a few of them).

use chrono::{DateTime, TimeZone};
use cronjob_playground::cron::{parse_standard, Schedule};
use cronjob_playground::go::Tz;
use std::hint::black_box;
use std::time::Instant;

const ITEMS: usize = 2_400;
const ROUNDS: usize = 15;
const CHUNK: usize = 100;

const COMMON: &[&str] = &[
    "* * * * *",
    "*/5 * * * *",
    "0 * * * *",
    "0 0 * * *",
    "0 5 * * *",
    "30 2 * * *",
    "0 9-17 * * 1-5",
    "*/15 9-17 * * mon-fri",
    "0 0 1 * *",
    "0 0 * * 0",
    "@daily",
    "@hourly",
    "@weekly",
    "@monthly",
    "@yearly",
    "0 0 13 * 5",
    "15 3 */2 * *",
    "0 12 * * 5,6,0",
    "45 23 * * 6",
    "0 0 29 2 *",
    "5 4 * * sun",
    "0 22 * * 1-5",
    "23 0-20/2 * * *",
    "0 0,12 1 */2 *",
];
const ZONES: &[&str] = &["UTC", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata"];

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
    fn field(&mut self, min: u64, max: u64) -> String {
        let span = max - min + 1;
        let a = min + self.below(span);
        let b = a + self.below(max - a + 1);
        match self.below(7) {
            0 | 1 => "*".to_owned(),
            2 => a.to_string(),
            3 => format!("{a}-{b}"),
            4 => format!("*/{}", 1 + self.below(span / 2 + 1)),
            5 => format!("{a}-{b}/{}", 1 + self.below(4)),
            _ => format!("{a},{b}"),
        }
    }
}

fn workload() -> Vec<(String, DateTime<Tz>)> {
    let mut rng = Rng(0x00c0_ffee_1234_5678);
    (0..ITEMS)
        .map(|i| {
            let spec = if i % 3 == 0 {
                COMMON[rng.below(COMMON.len() as u64) as usize].to_owned()
            } else {
                let (m, h, dom, mon, dow) =
                    (rng.field(0, 59), rng.field(0, 23), rng.field(1, 28), rng.field(1, 12), rng.field(0, 6));
                // Keep a day field starred, as most real schedules do.
                if rng.below(2) == 0 {
                    format!("{m} {h} * {mon} {dow}")
                } else {
                    format!("{m} {h} {dom} {mon} *")
                }
            };
            let tz: Tz = ZONES[rng.below(ZONES.len() as u64) as usize].parse().unwrap();
            let start = tz.timestamp_opt(1_577_836_800 + rng.below(10 * 365 * 86_400) as i64, 0).unwrap();
            (spec, start)
        })
        .collect()
}

/// (median, best) of the per-round figures.
fn summary(mut samples: Vec<f64>) -> (f64, f64) {
    samples.sort_by(|a, b| a.total_cmp(b));
    (samples[samples.len() / 2], samples[0])
}

fn main() {
    let items = workload();
    let schedules: Vec<(Schedule, DateTime<Tz>)> =
        items.iter().map(|(spec, start)| (parse_standard(spec).unwrap(), *start)).collect();
    // Warm the per-zone tables (built once per process) before timing.
    for (schedule, start) in &schedules {
        let _ = schedule.next(*start);
    }

    // Timed in chunks of 100 items, short enough that most chunks run without being preempted
    // on a busy machine; the median over all chunks and rounds is then the undisturbed speed.
    let mut parse_ns = Vec::new();
    let mut next_ns = Vec::new();
    for _ in 0..ROUNDS {
        for chunk in items.chunks(CHUNK) {
            let begin = Instant::now();
            for (spec, _) in chunk {
                black_box(parse_standard(black_box(spec)).ok());
            }
            parse_ns.push(begin.elapsed().as_nanos() as f64 / chunk.len() as f64);
        }
        for chunk in schedules.chunks(CHUNK) {
            let begin = Instant::now();
            let mut calls = 0usize;
            for (schedule, start) in chunk {
                // Five chained calls per item, as the controller walks a schedule.
                let mut t = *start;
                for _ in 0..5 {
                    calls += 1;
                    match black_box(schedule).next(t) {
                        Ok(Some(next)) => t = next,
                        _ => break,
                    }
                }
            }
            next_ns.push(begin.elapsed().as_nanos() as f64 / calls as f64);
        }
    }
    let (parse_median, parse_best) = summary(parse_ns);
    let (next_median, next_best) = summary(next_ns);
    println!("cron_next: {} items, {ROUNDS} rounds in chunks of {CHUNK}", items.len());
    println!("  parse_standard: median {parse_median:>5.0} ns, best {parse_best:>5.0} ns per parse (target <= 1000)");
    println!(
        "  Schedule::next: median {next_median:>5.0} ns, best {next_best:>5.0} ns per call  (target <= 350; Go \
        robfig ~3500)"
    );
}
