//! Seeded random inputs for the native-versus-browser determinism tests (`tests/sim_golden.rs`
//! natively, `tests/sim_js.rs` in headless Chromium): CronJobs with random schedules, policies,
//! deadlines, history limits, TTLs and back-off limits, a standalone Job now and then, and a
//! Simulation document with a random release, horizon, container behaviour and cluster events
//! (schedule and policy edits, suspensions, Job deletions, controller outages, manual triggers).
//! The same seed gives the same text on every target: only integer arithmetic, no std hashing.

/// How many generated runs the determinism tests compare.
pub const RUNS: u64 = 120;

/// splitmix64: small, fast and the same everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

const SCHEDULES: [&str; 12] = [
    "*/5 * * * *",
    "*/7 * * * *",
    "*/15 * * * *",
    "0 * * * *",
    "@hourly",
    "30 */2 * * *",
    "*/10 9-17 * * 1-5",
    "0 0 * * *",
    "15,45 * * * *",
    "0 */6 * * *",
    "5 4 * * sun",
    "@every 25m",
];
const VERSIONS: [&str; 9] = ["1.13", "1.19", "1.20", "1.21", "1.24", "1.27", "1.29", "1.32", "1.35"];
const ZONES: [&str; 4] = ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "Australia/Lord_Howe"];

/// An RFC 3339 UTC instant `secs` after the Unix epoch (civil-from-days, proleptic Gregorian).
fn rfc3339(secs: u64) -> String {
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", rem / 3600, rem % 3600 / 60, rem % 60)
}

/// The manifests and Simulation document of generated run `seed`.
pub fn input(seed: u64) -> String {
    let mut r = Rng(seed.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ 0x5eed);
    let version = r.pick(&VERSIONS);
    let minor: u32 = version[2..].parse().unwrap();
    // 2025-01-15T10:00:00Z plus up to a year, on a whole minute.
    let start = 1_736_935_200 + r.below(365 * 24 * 60) * 60;
    let hours = 1 + r.below(4);
    let mut out = String::new();
    let cron_jobs = 1 + r.below(3);
    let mut names = Vec::new();
    for i in 0..cron_jobs {
        let name = format!("gen{seed}-{i}");
        let restart = r.pick(&["OnFailure", "Never"]);
        out += &format!(
            "apiVersion: {}\nkind: CronJob\nmetadata:\n  name: {name}\n  creationTimestamp: \"{}\"\nspec:\n  schedule: \"{}\"\n",
            // batch/v1 CronJobs are served from 1.21 (before, batch/v1beta1).
            if minor >= 21 { "batch/v1" } else { "batch/v1beta1" },
            rfc3339(start),
            r.pick(&SCHEDULES)
        );
        if minor >= 27 && r.chance(25) {
            out += &format!("  timeZone: {}\n", r.pick(&ZONES));
        }
        out += &format!("  concurrencyPolicy: {}\n", r.pick(&["Allow", "Forbid", "Replace"]));
        if r.chance(40) {
            out += &format!("  startingDeadlineSeconds: {}\n", r.pick(&["10", "100", "200", "3600"]));
        }
        if r.chance(10) {
            out += "  suspend: true\n";
        }
        if r.chance(50) {
            out += &format!("  successfulJobsHistoryLimit: {}\n  failedJobsHistoryLimit: {}\n", r.below(4), r.below(3));
        }
        out += "  jobTemplate:\n    spec:\n";
        out += &format!("      backoffLimit: {}\n", r.below(7));
        if r.chance(20) {
            out += &format!("      activeDeadlineSeconds: {}\n", 30 + r.below(600));
        }
        if r.chance(30) {
            out += &format!("      ttlSecondsAfterFinished: {}\n", r.below(900));
        }
        out += &format!(
            "      template:\n        spec:\n          restartPolicy: {restart}\n          containers: [{{name: c, image: busybox}}]\n---\n"
        );
        names.push(name);
    }
    if r.chance(25) {
        out += &format!(
            "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: once{seed}\n  creationTimestamp: \"{}\"\nspec:\n  backoffLimit: {}\n  template:\n    spec:\n      restartPolicy: {}\n      containers: [{{name: c, image: busybox}}]\n---\n",
            rfc3339(start + r.below(3600)),
            r.below(5),
            r.pick(&["OnFailure", "Never"])
        );
    }
    out += &format!(
        "apiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec:\n  kubernetesVersion: \"{version}\"\n  start: \"{}\"\n  duration: {hours}h\n",
        rfc3339(start)
    );
    out += "  pods:\n";
    for name in &names {
        out += &format!("  - selector: {{cronJob: {name}}}\n    startupSeconds: {}\n    attempts:\n", r.below(20));
        for _ in 0..1 + r.below(3) {
            let longest = if r.chance(10) { 3000 } else { 300 };
            out += &format!(
                "    - {{durationSeconds: {}, exitCode: {}}}\n",
                1 + r.below(longest),
                if r.chance(35) { 1 } else { 0 }
            );
        }
    }
    out += "  - attempts: [{durationSeconds: 20, exitCode: 1}, {durationSeconds: 15}]\n";
    let events = r.below(5);
    if events > 0 {
        out += "  events:\n";
    }
    for _ in 0..events {
        let at = start + r.below(hours * 3600);
        let name = &names[r.below(names.len() as u64) as usize];
        out += &format!("  - at: \"{}\"\n", rfc3339(at));
        out += &match r.below(6) {
            0 => format!("    patch: {{cronJob: {name}, spec: {{schedule: \"{}\"}}}}\n", r.pick(&SCHEDULES)),
            1 => format!("    patch: {{cronJob: {name}, spec: {{suspend: {}}}}}\n", r.chance(50)),
            2 => format!(
                "    patch: {{cronJob: {name}, spec: {{concurrencyPolicy: {}}}}}\n",
                r.pick(&["Allow", "Forbid", "Replace"])
            ),
            3 => format!("    controllerDown: {{until: \"{}\"}}\n", rfc3339(at + 600 + r.below(3 * 3600))),
            4 => format!("    trigger: {{cronJob: {name}}}\n"),
            // The Job of the last slot on a five-minute boundary before the event (present or not).
            _ => format!("    delete: {{job: {name}-{}}}\n", (at / 300) * 5),
        };
    }
    out
}

/// A fingerprint of an answer's bytes for the golden list: its length and 64-bit FNV-1a.
pub fn fingerprint(bytes: &[u8]) -> String {
    format!("{} {:016x}", bytes.len(), cronjob_playground::scenarios::fnv1a(bytes))
}

/// Every compared input: each built-in scenario by its id, then the generated runs.
pub fn inputs() -> Vec<(String, String)> {
    let library = cronjob_playground::scenarios::LIBRARY.iter().map(|s| (s.id.to_string(), s.manifest.to_string()));
    library.chain((0..RUNS).map(|seed| (format!("generated-{seed}"), input(seed)))).collect()
}
