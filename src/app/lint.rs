//! The lint view's analysis: for every CronJob of a manifest (typically `kubectl get cronjobs -A
//! -o yaml`), run the real engine on short probing scenarios and report the risks they reveal,
//! with the concrete times and the controller's reasons from the trace:
//!
//! - `retroactive-edit`: a schedule edit starts a Job for a time already past (nothing resets
//!   `status.lastScheduleTime` on an edit; kubernetes#63371).
//! - `too-many-missed`: a controller outage of at most a day that misses more than 100 start times
//!   — the v1 controller (≤1.20) then never starts the CronJob again
//!   (`getRecentUnmetScheduleTimes`). From 1.21 passing 100 changes nothing but an Event (v2
//!   runs the latest missed time after any outage), so there is no finding.
//! - `forbid-starves`: `concurrencyPolicy: Forbid` with an `activeDeadlineSeconds` of at least the
//!   interval: Jobs that run until their deadline skip the next start times.
//! - `forbid-no-deadline`: Forbid without `activeDeadlineSeconds`: one hung Job skips every later
//!   run.
//! - `every-minute-of-hour`: `* 9 * * *` runs 60 times in hour 9, not once.
//! - `day-or-weekday`: day-of-month and day-of-week both restricted run when either matches.
//! - `failed-history-zero`: `failedJobsHistoryLimit: 0` deletes a failed Job (and its pods'
//!   logs) as it fails.
//! - `on-failure-logs-lost`: `restartPolicy: OnFailure` restarts in one pod, which the Job
//!   controller deletes when the backoff limit is reached: every attempt's logs go with it.
//! - `same-minute`: many CronJobs start at the same instant.
//! - `deadline-shorter-than-latency`: `startingDeadlineSeconds` below the controller's reaction
//!   time (v1 polls every 10 s; v2 wakes 100 ms after the slot).
//! - `dst-double-run` / `dst-skipped-run`: a daylight-saving change repeats or removes a run
//!   (robfig/cron steps in absolute time; kubernetes#121594).
//!
//! A finding is kept only when its probe shows runs lost, doubled or their record gone under the
//! condition its sentence states (an outage, a hung Job, a failing run).
//!
//! Each finding carries the playground text (the CronJob and the probe's Simulation document)
//! that reproduces it, so the page can open it on the timeline.
//!
//! The work is bounded: at most [`MAX_CRON_JOBS`] CronJobs per lint, and [`Linting`] probes one
//! CronJob per [`step`](Linting::step), so the page's worker can look at its messages between
//! CronJobs (a newer lint or a cancel wins) and report progress.

use super::document::to_yaml;
use super::finding_text::FindingText;
use crate::api::{admit, Admitted, ConcurrencyPolicy, CronJob, KubernetesVersion, RestartPolicy};
use crate::controller::cronjob::{format_schedule, Behaviour, BoundSchedule};
use crate::go::Tz;
use crate::i18n::Lang;
use crate::sim::trace::{format_time, EventRecord, JobCondition, SlotFate, Time, Trace};
use chrono::{TimeDelta, Timelike};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::VecDeque;
use std::fmt;

/// The most CronJobs one lint probes. Its probes are simulations of up to a year: a daily
/// schedule takes milliseconds, but a minutely one under Forbid with a short deadline about half a
/// second in a browser, and a yearly one under the v1 controller's 10 s poll longer still. So 200
/// is at most a few minutes of work, with progress shown and a stop: a big cluster's `kubectl get
/// cronjobs -A` fits, and anything larger is better split (by namespace) than left running for
/// a quarter of an hour.
pub const MAX_CRON_JOBS: usize = 200;

/// The rules' names, as [`Finding::rule`] carries them.
pub const RULES: [&str; 12] = [
    "retroactive-edit",
    "too-many-missed",
    "forbid-starves",
    "deadline-shorter-than-latency",
    "dst-double-run",
    "dst-skipped-run",
    "forbid-no-deadline",
    "every-minute-of-hour",
    "day-or-weekday",
    "failed-history-zero",
    "on-failure-logs-lost",
    "same-minute",
];

/// How many CronJobs starting at one instant make a `same-minute` finding.
pub const SAME_MINUTE: usize = 5;

/// The longest controller outage a `too-many-missed` probe assumes: kube-controller-manager down
/// for hours happens (a stuck upgrade, a lost control-plane node); for weeks, not unnoticed.
const REALISTIC_OUTAGE: TimeDelta = TimeDelta::days(1);

/// What to probe with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LintOptions {
    /// The release whose controller runs the probes.
    pub version: KubernetesVersion,
    /// When the probes start (the CronJobs are taken as created then).
    pub at: Time,
    /// kube-controller-manager's zone, for CronJobs without `spec.timeZone` (by name on the wire).
    #[serde(with = "zone_name")]
    pub controller_time_zone: Tz,
}

mod zone_name {
    use crate::go::Tz;
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(zone: &Tz, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(zone.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Tz, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(|_| D::Error::custom(format!("unknown time zone {name:?}")))
    }
}

/// A rule's name (an alias, so that serde reads it with [`rule_name`] instead of borrowing it).
pub type Rule = &'static str;

/// A rule's name read back (one of [`RULES`]), so findings can cross to the page.
fn rule_name<'de, D: serde::Deserializer<'de>>(d: D) -> Result<&'static str, D::Error> {
    let name = String::deserialize(d)?;
    RULES
        .into_iter()
        .find(|r| *r == name)
        .ok_or_else(|| serde::de::Error::custom(format!("unknown lint rule {name:?}")))
}

/// The input holds more CronJobs than one lint probes ([`MAX_CRON_JOBS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TooManyCronJobs {
    pub count: usize,
    pub cap: usize,
}

impl fmt::Display for TooManyCronJobs {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "{} CronJobs: a lint probes at most {} at once; split the list (by namespace, say)",
            self.count, self.cap
        )
    }
}

impl std::error::Error for TooManyCronJobs {}

/// How bad a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Runs are lost for good.
    Error,
    /// Runs happen at the wrong time or are skipped.
    Warning,
    /// Worth knowing; nothing lost in the probe.
    Info,
}

/// One risk of one CronJob.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Finding {
    /// Stable kebab-case name, one of [`RULES`].
    #[serde(deserialize_with = "rule_name")]
    pub rule: Rule,
    pub severity: Severity,
    /// What the probe showed, with its times and the controller's reasons.
    pub message: String,
    /// The same sentence as data, for the page to say in the reader's language.
    #[serde(default)]
    pub text: FindingText,
    /// The key instants (RFC 3339), for tools.
    pub times: Vec<String>,
    /// Manifest + Simulation document that reproduce it in the playground.
    pub playground: String,
}

impl Finding {
    /// A finding whose `message` is its `text` as the CLI prints it (in English).
    fn new(rule: Rule, severity: Severity, text: FindingText, times: Vec<String>, playground: String) -> Finding {
        let message = text.render(Lang::En).unwrap_or_default();
        Finding { rule, severity, message, text, times, playground }
    }
}

/// The findings for one CronJob.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CronJobLint {
    pub namespace: String,
    pub name: String,
    pub schedule: String,
    pub findings: Vec<Finding>,
}

/// The whole lint.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LintReport {
    pub kubernetes_version: KubernetesVersion,
    pub at: String,
    pub cron_jobs: Vec<CronJobLint>,
    /// Objects that could not be read, as `line:column: message`.
    pub errors: Vec<String>,
}

/// The lint of every CronJob in `text` (at most [`MAX_CRON_JOBS`]).
///
/// ```
/// use cronjob_playground::app::lint::{lint, LintOptions};
/// let text = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: report}\nspec:\n  schedule: '0 * * * *'\n  \
///     concurrencyPolicy: Forbid\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          \
///     restartPolicy: OnFailure\n          containers: [{name: c, image: busybox}]\n";
/// let options = LintOptions { version: "1.28".parse().unwrap(), at: "2025-01-15T10:30:00Z".parse().unwrap(), controller_time_zone: cronjob_playground::go::Tz::UTC };
/// let report = lint(text, &options).unwrap();
/// let rules: Vec<_> = report.cron_jobs[0].findings.iter().map(|f| f.rule).collect();
/// assert_eq!(rules, ["retroactive-edit", "forbid-no-deadline", "on-failure-logs-lost"]);
/// ```
pub fn lint(text: &str, options: &LintOptions) -> Result<LintReport, TooManyCronJobs> {
    let mut linting = Linting::new(text, options.clone())?;
    while !linting.step() {}
    Ok(linting.into_report())
}

/// A lint in progress: the input read, the CronJobs probed one per [`step`](Self::step).
///
/// ```
/// use cronjob_playground::app::lint::{Linting, LintOptions};
/// let cj = |name: &str| format!("apiVersion: batch/v1\nkind: CronJob\nmetadata: {{name: {name}}}\nspec:\n  schedule: '0 3 * * *'\n  \
///     jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          \
///     containers: [{{name: c, image: busybox}}]\n");
/// let options = LintOptions { version: "1.28".parse().unwrap(), at: "2025-01-15T10:30:00Z".parse().unwrap(), controller_time_zone: cronjob_playground::go::Tz::UTC };
/// let mut linting = Linting::new(&format!("{}---\n{}", cj("a"), cj("b")), options).unwrap();
/// assert_eq!((linting.done(), linting.total()), (0, 2));
/// assert!(!linting.step());
/// assert_eq!(linting.done(), 1);
/// assert!(linting.step());
/// assert_eq!(linting.report().cron_jobs.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["a", "b"]);
/// ```
pub struct Linting {
    options: LintOptions,
    pending: VecDeque<CronJob>,
    total: usize,
    report: LintReport,
    /// `same-minute` findings, by CronJob (namespace, name), found when the input was read.
    crowded: Vec<((String, String), Finding)>,
}

impl Linting {
    /// Reads `text`; refuses it when it holds more than [`MAX_CRON_JOBS`] CronJobs.
    pub fn new(text: &str, options: LintOptions) -> Result<Linting, TooManyCronJobs> {
        let mut report = LintReport {
            kubernetes_version: options.version,
            at: format_time(&options.at),
            cron_jobs: vec![],
            errors: vec![],
        };
        // `kubectl get` output of a newer cluster (batch/v1) still lints under an older release, and
        // v1beta1 output of an old one under a newer release: read with both, prefer the asked one.
        let asked = admit(text, None, options.version);
        let newest =
            (options.version != KubernetesVersion::NEWEST).then(|| admit(text, None, KubernetesVersion::NEWEST));
        for e in &asked.parse_errors {
            report.errors.push(format!("{}:{}: {}", e.line, e.column, e.message));
        }
        let mut pending = VecDeque::new();
        for (i, o) in asked.objects.iter().enumerate() {
            let fallback = newest.as_ref().and_then(|n| n.objects.get(i)).and_then(|n| n.object.as_ref());
            match (&o.object, fallback) {
                (Some(Admitted::CronJob(cj)), _) | (_, Some(Admitted::CronJob(cj))) => pending.push_back(cj.clone()),
                (Some(_), _) => {}
                (None, _) if o.report.kind == "CronJob" => {
                    let why = o.report.message.clone().unwrap_or_else(|| "invalid".into());
                    let (line, column) = o.report.position();
                    report.errors.push(format!("{line}:{column}: {why}"));
                }
                (None, _) => {}
            }
        }
        if pending.len() > MAX_CRON_JOBS {
            return Err(TooManyCronJobs { count: pending.len(), cap: MAX_CRON_JOBS });
        }
        let crowded = same_minute(pending.make_contiguous(), &options);
        Ok(Linting { options, total: pending.len(), pending, report, crowded })
    }

    /// Probes the next CronJob; `true` when every CronJob has been probed.
    pub fn step(&mut self) -> bool {
        if let Some(cj) = self.pending.pop_front() {
            let mut lint = lint_cron_job(&cj, &self.options);
            let key = (cj.metadata.namespace.clone(), cj.metadata.name.clone());
            lint.findings.extend(self.crowded.iter().filter(|(k, _)| *k == key).map(|(_, f)| f.clone()));
            self.report.cron_jobs.push(lint);
        }
        self.pending.is_empty()
    }

    /// The CronJobs probed so far.
    pub fn done(&self) -> usize {
        self.total - self.pending.len()
    }

    /// The CronJobs to probe in all.
    pub fn total(&self) -> usize {
        self.total
    }

    /// The report so far (whole once [`step`](Self::step) has said so).
    pub fn report(&self) -> &LintReport {
        &self.report
    }

    /// The report, taken.
    pub fn into_report(self) -> LintReport {
        self.report
    }
}

/// A probe: the CronJob as created at the probe's start, plus the scenario.
struct Probe<'a> {
    cron_job: &'a CronJob,
    options: &'a LintOptions,
}

impl Probe<'_> {
    fn manifest(&self, created: Time) -> Value {
        let mut cj = self.cron_job.clone();
        cj.api_version = if self.options.version.at_least(21) { "batch/v1" } else { "batch/v1beta1" }.into();
        cj.metadata = crate::api::ObjectMeta {
            name: cj.metadata.name.clone(),
            creation_timestamp: Some(created),
            ..Default::default()
        };
        cj.status = Default::default();
        serde_json::to_value(&cj).expect("CronJobs serialize")
    }

    fn simulation(&self, start: Time, end: Time, pods: Option<(f64, i32)>, events: Value) -> Value {
        let mut spec = json!({
            "kubernetesVersion": self.options.version.to_string(),
            "start": format_time(&start),
            "end": format_time(&end),
        });
        if self.options.controller_time_zone != Tz::UTC {
            spec["controllerTimeZone"] = json!(self.options.controller_time_zone.name());
        }
        if let Some((seconds, code)) = pods {
            let attempt = match code {
                0 => json!({"durationSeconds": seconds}),
                code => json!({"durationSeconds": seconds, "exitCode": code}),
            };
            spec["pods"] = json!([{"attempts": [attempt]}]);
        }
        if events.as_array().is_some_and(|a| !a.is_empty()) {
            spec["events"] = events;
        }
        json!({"apiVersion": crate::sim::scenario::API_VERSION, "kind": "Simulation", "spec": spec})
    }

    /// Runs it; the text is what the page opens.
    fn run(&self, start: Time, end: Time, pods: Option<(f64, i32)>, events: Value) -> Option<(Trace, String)> {
        let manifest = to_yaml(&self.manifest(start));
        let simulation = self.simulation(start, end, pods, events);
        let text = format!("{manifest}---\n{}", to_yaml(&simulation));
        crate::sim::simulate(&text, None).ok().map(|t| (t, text))
    }
}

fn lint_cron_job(cj: &CronJob, options: &LintOptions) -> CronJobLint {
    let mut out = CronJobLint {
        namespace: cj.metadata.namespace.clone(),
        name: cj.metadata.name.clone(),
        schedule: cj.spec.schedule.clone(),
        findings: vec![],
    };
    let behaviour = Behaviour::of(options.version);
    let (text, _) = format_schedule(cj, &behaviour);
    let Ok(schedule) = BoundSchedule::parse(&text, &behaviour, options.controller_time_zone) else {
        return out;
    };
    let next = |t: Time| schedule.next(t).ok().filter(|n| *n > t);
    let Some(first) = next(options.at) else {
        return out;
    };
    let Some(second) = next(first) else {
        return out;
    };
    let probe = Probe { cron_job: cj, options };
    let zone = zone_of(cj, &behaviour, options.controller_time_zone);
    out.findings.extend(retroactive_edit(&probe, first, second, zone));
    out.findings.extend(too_many_missed(&probe, first, &next));
    out.findings.extend(forbid_starves(&probe, first, second));
    out.findings.extend(deadline_vs_latency(&probe, first, second));
    out.findings.extend(dst(&probe, zone, &next));
    out.findings.extend(every_minute_of_hour(&probe, zone, &next));
    out.findings.extend(day_or_weekday(&probe, zone));
    out.findings.extend(failed_history_zero(&probe, first, second));
    out.findings.extend(on_failure_logs_lost(&probe, first, second));
    out
}

/// A CronJob's first start time after `at`, as the controller reads its schedule.
fn first_run(cj: &CronJob, options: &LintOptions) -> Option<Time> {
    let behaviour = Behaviour::of(options.version);
    let (text, _) = format_schedule(cj, &behaviour);
    let schedule = BoundSchedule::parse(&text, &behaviour, options.controller_time_zone).ok()?;
    schedule.next(options.at).ok().filter(|n| *n > options.at)
}

/// `same-minute`: [`SAME_MINUTE`] or more CronJobs whose next start is the same instant create
/// their Jobs, and the pods' image pulls and start-up, all at once. The probe runs them together.
fn same_minute(cron_jobs: &[CronJob], options: &LintOptions) -> Vec<((String, String), Finding)> {
    let mut by_instant: std::collections::BTreeMap<Time, Vec<&CronJob>> = Default::default();
    for cj in cron_jobs.iter().filter(|c| c.spec.suspend != Some(true)) {
        if let Some(t) = first_run(cj, options) {
            by_instant.entry(t).or_default().push(cj);
        }
    }
    let mut out = Vec::new();
    for (at, group) in by_instant.into_iter().filter(|(_, g)| g.len() >= SAME_MINUTE) {
        let start = at - TimeDelta::minutes(1);
        let manifests: Vec<String> =
            group.iter().map(|cj| to_yaml(&Probe { cron_job: cj, options }.manifest(start))).collect();
        let simulation =
            Probe { cron_job: group[0], options }.simulation(start, at + TimeDelta::minutes(10), None, json!([]));
        let playground = format!("{}---\n{}", manifests.join("---\n"), to_yaml(&simulation));
        let created = crate::sim::simulate(&playground, None)
            .ok()
            .map_or(0, |t| t.jobs.iter().filter(|j| j.created_at < at + TimeDelta::seconds(1)).count());
        if created < SAME_MINUTE {
            continue;
        }
        for cj in &group {
            let others: Vec<&str> = group
                .iter()
                .filter(|o| o.metadata.name != cj.metadata.name)
                .map(|o| o.metadata.name.as_str())
                .collect();
            let text = FindingText::SameMinute { at: format_time(&at), count: created, others: others.join(", ") };
            let finding = Finding::new("same-minute", Severity::Info, text, vec![format_time(&at)], playground.clone());
            out.push(((cj.metadata.namespace.clone(), cj.metadata.name.clone()), finding));
        }
    }
    out
}

/// The zone the schedule is read in.
fn zone_of(cj: &CronJob, behaviour: &Behaviour, controller: Tz) -> Tz {
    cj.spec
        .time_zone
        .as_deref()
        .filter(|_| behaviour.time_zone_field)
        .and_then(|z| z.parse().ok())
        .unwrap_or(controller)
}

/// `1h41m`, `30s`, `2d3h`: exact, largest units first.
fn exact(d: TimeDelta) -> String {
    let mut s = d.num_seconds();
    let mut out = String::new();
    for (unit, len) in [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)] {
        if s >= len {
            out.push_str(&format!("{}{unit}", s / len));
            s %= len;
        }
    }
    if out.is_empty() {
        format!("{}ms", d.num_milliseconds())
    } else {
        out
    }
}

fn deadline(cj: &CronJob) -> Option<i64> {
    cj.spec.starting_deadline_seconds
}

/// S1: edit the schedule half-way to the next run, to a daily time that has just passed.
fn retroactive_edit(p: &Probe, first: Time, second: Time, zone: Tz) -> Option<Finding> {
    let interval = second - first;
    if interval < TimeDelta::minutes(4) {
        return None;
    }
    let minute = |t: Time| t - TimeDelta::seconds(t.timestamp().rem_euclid(60));
    let edit_at = minute(first + interval / 2);
    let new_slot = minute(first + interval / 4).max(first + TimeDelta::minutes(1));
    let local = new_slot.with_timezone(&zone);
    let new_schedule = format!("{} {} * * *", local.minute(), local.hour());
    let events = json!([{"at": format_time(&edit_at), "patch": {"cronJob": p.cron_job.metadata.name, "spec": {"schedule": new_schedule}}}]);
    // v1 sees the edit within a poll; v2 at its next sync, at the latest the old schedule's next time.
    let (trace, playground) = p.run(p.options.at, second + TimeDelta::minutes(10), None, events)?;
    let job = trace
        .jobs
        .iter()
        .find(|j| j.scheduled_time.is_some_and(|s| s > first && s <= edit_at) && j.created_at >= edit_at)?;
    let scheduled = job.scheduled_time?;
    let text = FindingText::RetroactiveEdit {
        last_run: format_time(&first),
        schedule: new_schedule,
        edited_at: format_time(&edit_at),
        job: job.name.clone(),
        created_at: format_time(&job.created_at),
        scheduled: format_time(&scheduled),
        deadline: deadline(p.cron_job),
    };
    Some(Finding::new(
        "retroactive-edit",
        Severity::Warning,
        text,
        vec![format_time(&first), format_time(&edit_at), format_time(&scheduled), format_time(&job.created_at)],
        playground,
    ))
}

fn is_too_many(e: &EventRecord) -> bool {
    e.reason == "TooManyMissedTimes" || (e.reason == "FailedNeedsStart" && e.message.contains("Too many missed"))
}

/// S2: the controller is down from just after a run until 101 start times have passed.
fn too_many_missed(p: &Probe, first: Time, next: &dyn Fn(Time) -> Option<Time>) -> Option<Finding> {
    // v2 (1.21+) runs the latest missed time after any outage; passing 100 adds only an Event.
    if Behaviour::of(p.options.version).algorithm != crate::controller::cronjob::Algorithm::LegacyV1 {
        return None;
    }
    let mut slot = first;
    for _ in 0..101 {
        slot = next(slot)?;
    }
    let after = next(slot)?;
    let gap = TimeDelta::seconds(30).min((after - slot) / 2);
    let down = first + TimeDelta::seconds(30).min((next(first)? - first) / 2);
    let up = slot + gap;
    if up - down > REALISTIC_OUTAGE {
        return None;
    }
    let end = (up + TimeDelta::minutes(5)).max(after + gap);
    let events = json!([{"at": format_time(&down), "controllerDown": {"until": format_time(&up)}}]);
    let (trace, playground) = p.run(p.options.at, end, None, events)?;
    let event = trace.events.iter().find(|e| is_too_many(e))?;
    let missed = trace.slots.iter().filter(|s| s.fate == SlotFate::TooManyMissed).count();
    let resumed = trace.jobs.iter().find(|j| j.created_at >= up);
    let (outage, down_at, up_at) = (exact(up - down), format_time(&down), format_time(&up));
    let times = vec![down_at.clone(), up_at.clone(), format_time(&event.time)];
    let (reason, quoted, event_at) =
        (event.reason.to_string(), format!("{:?}", event.message), format_time(&event.time));
    let remedy = deadline(p.cron_job).is_none();
    let (severity, text) = match resumed {
        None => (
            Severity::Error,
            FindingText::TooManyMissedRefused {
                outage,
                down: down_at,
                up: up_at,
                reason,
                event: quoted,
                event_at,
                end: format_time(&trace.end),
                marked: missed,
                remedy,
            },
        ),
        Some(j) => (
            Severity::Warning,
            FindingText::TooManyMissedLatest {
                outage,
                down: down_at,
                up: up_at,
                reason,
                event: quoted,
                event_at,
                job: j.name.clone(),
                scheduled: j.scheduled_time.map(|t| format_time(&t)).unwrap_or_default(),
                lost: trace
                    .slots
                    .iter()
                    .filter(|s| s.scheduled_time > first && s.scheduled_time < up && s.job.is_none())
                    .count(),
                remedy,
            },
        ),
    };
    Some(Finding::new("too-many-missed", severity, text, times, playground))
}

/// S3: Forbid with Jobs as long as `activeDeadlineSeconds` lets them run, when that is at
/// least the interval (a Job that runs until its deadline); without a deadline, one hung Job.
fn forbid_starves(p: &Probe, first: Time, second: Time) -> Option<Finding> {
    if p.cron_job.spec.concurrency_policy != Some(ConcurrencyPolicy::Forbid) {
        return None;
    }
    let interval = second - first;
    let ads = p.cron_job.spec.job_template.spec.active_deadline_seconds;
    let seconds = match ads {
        Some(a) if TimeDelta::seconds(a) < interval => return None,
        Some(a) => a as f64,
        None => return forbid_no_deadline(p, first, second),
    };
    let end = first + interval * 10;
    let (trace, playground) = p.run(p.options.at, end, Some((seconds, 0)), json!([]))?;
    let skipped: Vec<_> = trace.slots.iter().filter(|s| s.fate == SlotFate::SkippedForbid).collect();
    let first_skip = skipped.first()?;
    let total = trace.slots.iter().filter(|s| s.fate != SlotFate::Pending).count();
    let late = trace.slots.iter().filter(|s| s.fate == SlotFate::RanLate).count();
    let text = FindingText::ForbidStarves {
        job_length: exact(TimeDelta::milliseconds((seconds * 1000.0) as i64)),
        active_deadline: ads,
        interval: exact(interval),
        skipped: skipped.len(),
        total,
        late,
        first_skipped: format_time(&first_skip.scheduled_time),
        explanation: first_skip.explanation.clone(),
    };
    Some(Finding::new(
        "forbid-starves",
        Severity::Warning,
        text,
        skipped.iter().map(|s| format_time(&s.scheduled_time)).collect(),
        playground,
    ))
}

/// Forbid without `activeDeadlineSeconds`: if one Job hangs, nothing bounds it and every later
/// start time is skipped. The probe's first Job never ends.
fn forbid_no_deadline(p: &Probe, first: Time, second: Time) -> Option<Finding> {
    let end = first + (second - first) * 10;
    let hung = (end - p.options.at).num_seconds() as f64 + 60.0;
    let (trace, playground) = p.run(p.options.at, end, Some((hung, 0)), json!([]))?;
    let job = trace.jobs.first()?;
    let skipped: Vec<_> = trace.slots.iter().filter(|s| s.fate == SlotFate::SkippedForbid).collect();
    let first_skip = skipped.first()?;
    let text = FindingText::ForbidHung {
        job: job.name.clone(),
        scheduled: job.scheduled_time.map(|t| format_time(&t)).unwrap_or_default(),
        skipped: skipped.len(),
        total: trace.slots.iter().filter(|s| s.fate != SlotFate::Pending).count(),
        end: format_time(&trace.end),
        explanation: first_skip.explanation.clone(),
    };
    let times = skipped.iter().map(|s| format_time(&s.scheduled_time)).collect();
    Some(Finding::new("forbid-no-deadline", Severity::Warning, text, times, playground))
}

/// A schedule's five fields (after a `TZ=` prefix), `None` for descriptors (`@daily`).
fn fields(schedule: &str) -> Option<[&str; 5]> {
    let mut words = schedule.split_whitespace().filter(|w| !w.starts_with("TZ=") && !w.starts_with("CRON_TZ="));
    let f = [words.next()?, words.next()?, words.next()?, words.next()?, words.next()?];
    (words.next().is_none() && !f[0].starts_with('@')).then_some(f)
}

/// `* 9 * * *`: every minute of hour 9, where once at 09:00 was meant. The probe runs that hour.
fn every_minute_of_hour(p: &Probe, zone: Tz, next: &dyn Fn(Time) -> Option<Time>) -> Option<Finding> {
    let [minute, hour, dom, month, dow] = fields(&p.cron_job.spec.schedule)?;
    if !matches!(minute, "*" | "*/1") || hour.contains(['*', '/', '-', ',']) {
        return None;
    }
    // The first whole hour of runs (the lint may start inside one).
    let mut first = next(p.options.at)?;
    for _ in 0..60 {
        if first.with_timezone(&zone).minute() == 0 {
            break;
        }
        first = next(first)?;
    }
    let (trace, playground) =
        p.run(first - TimeDelta::seconds(30), first + TimeDelta::minutes(61), Some((1.0, 0)), json!([]))?;
    let hour_end = first + TimeDelta::hours(1);
    let runs = trace.jobs.iter().filter(|j| j.scheduled_time.is_some_and(|t| t >= first && t < hour_end)).count();
    if runs < 2 {
        return None;
    }
    let local = first.with_timezone(&zone);
    let text = FindingText::EveryMinuteOfHour {
        schedule: p.cron_job.spec.schedule.clone(),
        from: format_time(&first),
        runs,
        meant: format!("0 {hour} {dom} {month} {dow}"),
        hour: local.hour(),
    };
    Some(Finding::new("every-minute-of-hour", Severity::Warning, text, vec![format_time(&first)], playground))
}

/// Day-of-month and day-of-week both restricted: cron runs on a day matching either (robfig,
/// like Vixie cron), which reads as "and". The probe runs eight weeks and counts the runs on
/// days that match only one of the two.
fn day_or_weekday(p: &Probe, zone: Tz) -> Option<Finding> {
    let [minute, hour, dom, month, dow] = fields(&p.cron_job.spec.schedule)?;
    if matches!(dom, "*" | "?") || matches!(dow, "*" | "?") {
        return None;
    }
    let behaviour = Behaviour::of(p.options.version);
    let both = |t: Time| {
        let only = |spec: String| {
            BoundSchedule::parse(&spec, &behaviour, zone).ok().and_then(|s| s.next(t - TimeDelta::seconds(1)).ok())
                == Some(t)
        };
        only(format!("{minute} {hour} {dom} {month} *")) && only(format!("{minute} {hour} * {month} {dow}"))
    };
    let end = p.options.at + TimeDelta::weeks(8);
    let (trace, playground) = p.run(p.options.at, end, Some((1.0, 0)), json!([]))?;
    let runs: Vec<Time> = trace.jobs.iter().filter_map(|j| j.scheduled_time).collect();
    let extra: Vec<Time> = runs.iter().copied().filter(|t| !both(*t)).collect();
    let example = extra.first()?;
    let text = FindingText::DayOrWeekday {
        day_of_month: dom.to_string(),
        day_of_week: dow.to_string(),
        runs: runs.len(),
        both: runs.len() - extra.len(),
        example: format_time(example),
        weekday: example.with_timezone(&zone).format("%A").to_string(),
    };
    Some(Finding::new("day-or-weekday", Severity::Warning, text, extra.iter().map(format_time).collect(), playground))
}

/// The probe for a failing run: every attempt exits 1 after 10 s, until the Job fails.
fn failing_run(p: &Probe, first: Time, second: Time) -> Option<(Trace, String)> {
    let end = first + (second - first).max(TimeDelta::hours(1)).min(TimeDelta::days(2));
    p.run(p.options.at, end, Some((10.0, 1)), json!([]))
}

/// `failedJobsHistoryLimit: 0`: a failed Job is deleted as soon as the CronJob controller sees
/// it finished, and its pods (and their logs) with it: nothing shows the failure.
fn failed_history_zero(p: &Probe, first: Time, second: Time) -> Option<Finding> {
    if p.cron_job.spec.failed_jobs_history_limit != Some(0) {
        return None;
    }
    let (trace, playground) = failing_run(p, first, second)?;
    let job = trace.jobs.iter().find(|j| j.condition == Some(JobCondition::Failed) && j.deleted_at.is_some())?;
    let (failed, deleted) = (job.finished_at?, job.deleted_at?);
    let text = FindingText::FailedHistoryZero {
        job: job.name.clone(),
        failed: format_time(&failed),
        deleted: format_time(&deleted),
    };
    let times = vec![format_time(&failed), format_time(&deleted)];
    Some(Finding::new("failed-history-zero", Severity::Warning, text, times, playground))
}

/// `restartPolicy: OnFailure`: the kubelet restarts the container in the same pod, and when the
/// backoff limit is reached the Job controller deletes that pod: the logs of every attempt go.
fn on_failure_logs_lost(p: &Probe, first: Time, second: Time) -> Option<Finding> {
    let spec = &p.cron_job.spec.job_template.spec;
    if spec.template.spec.restart_policy != Some(RestartPolicy::OnFailure) {
        return None;
    }
    let (trace, playground) = failing_run(p, first, second)?;
    let job = trace.jobs.iter().find(|j| j.condition == Some(JobCondition::Failed))?;
    let pod = trace.pods.iter().find(|q| q.job == job.name && q.deleted_at.is_some())?;
    let text = FindingText::OnFailureLogsLost {
        backoff_limit: spec.backoff_limit.unwrap_or(6),
        pod: pod.name.clone(),
        attempts: pod.exit_codes.len(),
        deleted: pod.deleted_at.map(|t| format_time(&t)).unwrap_or_default(),
        reason: job.reason.clone().unwrap_or_default(),
    };
    let times = pod.deleted_at.iter().map(format_time).collect();
    // Nothing is lost but the evidence: worth knowing, not a defect of the schedule.
    Some(Finding::new("on-failure-logs-lost", Severity::Info, text, times, playground))
}

/// S5: startingDeadlineSeconds against the controller's reaction time.
fn deadline_vs_latency(p: &Probe, first: Time, second: Time) -> Option<Finding> {
    let sds = deadline(p.cron_job)?;
    let interval = second - first;
    let end = first + (interval * 20).min(TimeDelta::days(7)).max(interval * 2);
    // Started so that the v1 controller's 10-second poll comes 9.9 s after each whole-minute slot:
    // its worst case, which a real cluster meets sooner or later.
    let start = first - TimeDelta::milliseconds(50_100);
    let (trace, playground) = p.run(start, end, None, json!([]))?;
    let missed: Vec<_> = trace.slots.iter().filter(|s| s.fate == SlotFate::MissedDeadline).collect();
    let lateness = trace.jobs.iter().filter_map(|j| j.scheduled_time.map(|s| j.created_at - s)).max();
    let decided = trace.slots.iter().filter(|s| s.fate != SlotFate::Pending).count();
    let legacy_v1 = Behaviour::of(p.options.version).algorithm == crate::controller::cronjob::Algorithm::LegacyV1;
    if let Some(m) = missed.first() {
        let text = FindingText::DeadlineMissed {
            deadline: sds,
            legacy_v1,
            missed: missed.len(),
            decided,
            first: format_time(&m.scheduled_time),
            explanation: m.explanation.clone(),
        };
        return Some(Finding::new(
            "deadline-shorter-than-latency",
            Severity::Error,
            text,
            missed.iter().map(|s| format_time(&s.scheduled_time)).collect(),
            playground,
        ));
    }
    (sds < 10).then(|| {
        let text =
            FindingText::DeadlineTight { deadline: sds, legacy_v1, lateness: lateness.map(exact).unwrap_or_default() };
        Finding::new("deadline-shorter-than-latency", Severity::Info, text, vec![], playground)
    })
}

/// The instants in `[from, to)` where `zone`'s UTC offset changes (to the hour).
fn transitions(zone: Tz, from: Time, to: Time) -> Vec<Time> {
    use chrono::Offset;
    let offset = |t: Time| t.with_timezone(&zone).offset().fix().local_minus_utc();
    let mut out = vec![];
    let mut t = from;
    while t < to {
        let n = t + TimeDelta::hours(1);
        if offset(t) != offset(n) {
            // Narrow to the minute.
            let mut m = t;
            while offset(m) == offset(t) {
                m += TimeDelta::minutes(1);
            }
            out.push(m);
        }
        t = n;
    }
    out
}

/// S7: within a year, a daylight-saving change that repeats a run (fall back) or drops one
/// (spring forward), relative to the schedule's own rhythm around it.
fn dst(p: &Probe, zone: Tz, next: &dyn Fn(Time) -> Option<Time>) -> Vec<Finding> {
    let mut out = vec![];
    for change in transitions(zone, p.options.at, p.options.at + TimeDelta::days(366)) {
        let mut slots = vec![];
        let mut t = change - TimeDelta::days(40);
        while let Some(n) = next(t).filter(|n| *n < change + TimeDelta::days(40)) {
            slots.push(n);
            t = n;
            if slots.len() > 20_000 {
                break;
            }
        }
        if slots.len() < 3 {
            continue;
        }
        let gaps: Vec<(usize, TimeDelta)> = slots.windows(2).enumerate().map(|(i, w)| (i, w[1] - w[0])).collect();
        let local = |t: &Time| t.with_timezone(&zone).naive_local();
        // Fall back: the same local time twice, closer together than the schedule ever runs otherwise.
        let doubles: Vec<(Time, Time)> = slots
            .iter()
            .enumerate()
            .filter_map(|(i, a)| slots[i + 1..].iter().take(200).find(|b| local(b) == local(a)).map(|b| (*a, *b)))
            .collect();
        for (a, b) in doubles {
            let normal = gaps.iter().filter(|(i, _)| slots[*i + 1] <= a || slots[*i] >= b).map(|(_, g)| *g).min();
            if normal.is_some_and(|n| b - a < n) {
                if let Some(f) = dst_finding(p, "dst-double-run", zone, a, b) {
                    out.push(f);
                }
            }
        }
        // Spring forward: the gap across the change is longer than any other.
        if let Some((i, g)) = gaps.iter().find(|(i, _)| slots[*i] < change && slots[*i + 1] >= change) {
            let others = gaps.iter().filter(|(j, _)| j != i).map(|(_, g)| *g).max();
            if others.is_some_and(|o| *g > o) {
                if let Some(f) = dst_finding(p, "dst-skipped-run", zone, slots[*i], slots[*i + 1]) {
                    out.push(f);
                }
            }
        }
    }
    out
}

/// Runs the stretch around a DST change and says what the engine did.
fn dst_finding(p: &Probe, rule: &'static str, zone: Tz, a: Time, b: Time) -> Option<Finding> {
    let start = a - TimeDelta::minutes(1);
    let (trace, playground) = p.run(start, b + TimeDelta::minutes(1), None, json!([]))?;
    let show = |t: &Time| format!("{} ({})", format_time(t), t.with_timezone(&zone).format("%Y-%m-%d %H:%M %:z"));
    let runs: Vec<(String, String)> = trace.jobs.iter().map(|j| (j.name.clone(), format_time(&j.created_at))).collect();
    let (zone_name, first, second) = (zone.name().to_owned(), show(&a), show(&b));
    let text = if rule == "dst-double-run" {
        FindingText::DstDoubleRun { zone: zone_name, first, second, runs }
    } else {
        FindingText::DstSkippedRun { zone: zone_name, first, second, gap: exact(b - a), runs }
    };
    Some(Finding::new(rule, Severity::Warning, text, vec![format_time(&a), format_time(&b)], playground))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cronjob(name: &str, schedule: &str, extra: &str) -> String {
        format!(
            "apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: {name}\n  namespace: default\nspec:\n  schedule: \"{schedule}\"\n{extra}  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers: [{{name: c, image: busybox}}]\n"
        )
    }

    fn options(version: &str, at: &str) -> LintOptions {
        LintOptions { version: version.parse().unwrap(), at: at.parse().unwrap(), controller_time_zone: Tz::UTC }
    }

    fn finding<'a>(report: &'a LintReport, rule: &str) -> Option<&'a Finding> {
        report.cron_jobs[0].findings.iter().find(|f| f.rule == rule)
    }

    #[test]
    fn a_minutely_cronjob_stops_for_good_after_an_outage_on_1_20_and_not_on_1_28() {
        let text = cronjob("every-minute", "* * * * *", "");
        let old = lint(&text, &options("1.20", "2020-06-01T08:29:30Z")).unwrap();
        let f = finding(&old, "too-many-missed").expect("1.20 trips");
        assert_eq!(f.severity, Severity::Error);
        // Down from 30 s after the 08:30 run until 30 s after the 101st start time after it.
        assert_eq!(f.times[..2], ["2020-06-01T08:30:30Z", "2020-06-01T10:11:30Z"]);
        assert!(f.message.starts_with("A controller outage of 1h41m (from 2020-06-01T08:30:30Z to 2020-06-01T10:11:30Z) misses more than 100 start times: FailedNeedsStart \"Cannot determine if job needs to be started: Too many missed start time (> 100). Set or decrease .spec.startingDeadlineSeconds or check clock skew.\""), "{}", f.message);
        assert!(f.message.contains("no Job after 2020-06-01T10:11:30Z"), "{}", f.message);

        // From 1.21 the v2 controller runs the latest missed time after any outage: passing 100
        // adds only an Event, so there is nothing to report.
        let new = lint(&text, &options("1.28", "2020-06-01T08:29:30Z")).unwrap();
        assert_eq!(finding(&new, "too-many-missed"), None);
        // An hourly or weekly CronJob would need an outage of 101 hours or weeks: not a realistic
        // condition, not a finding.
        for schedule in ["0 * * * *", "0 3 * * 1"] {
            let report = lint(&cronjob("slow", schedule, ""), &options("1.20", "2020-06-01T08:29:30Z")).unwrap();
            assert_eq!(finding(&report, "too-many-missed"), None, "{schedule}");
        }
    }

    #[test]
    fn a_deadline_keeps_an_outage_from_tripping_the_limit() {
        let text = cronjob("every-minute", "* * * * *", "  startingDeadlineSeconds: 200\n");
        for v in ["1.20", "1.28"] {
            let report = lint(&text, &options(v, "2020-06-01T08:29:30Z")).unwrap();
            assert_eq!(finding(&report, "too-many-missed"), None, "{v}");
        }
    }

    #[test]
    fn a_daily_schedule_edit_runs_retroactively_unless_a_deadline_forbids_it() {
        let text = cronjob("cron-test", "5 13 * * *", "");
        let report = lint(&text, &options("1.26", "2023-03-22T13:01:51Z")).unwrap();
        let f = finding(&report, "retroactive-edit").unwrap();
        // Ran 13:05; edited 12 h later to 19:05 daily, which had passed 6 h before. The v2 controller
        // acts at its next sync — the old schedule's 13:05 — and runs the 19:05 of the day before.
        assert_eq!(
            f.times,
            ["2023-03-22T13:05:00Z", "2023-03-23T01:05:00Z", "2023-03-22T19:05:00Z", "2023-03-23T13:05:00.100Z"]
        );
        assert!(f.message.contains("editing the schedule to \"5 19 * * *\" at 2023-03-23T01:05:00Z created cron-test-27991865 at 2023-03-23T13:05:00.100Z for 2023-03-22T19:05:00Z"), "{}", f.message);
        // The v1 controller's poll sees it within 10 s of the edit.
        let old = lint(&text.replace("batch/v1", "batch/v1beta1"), &options("1.20", "2023-03-22T13:01:51Z")).unwrap();
        let f = finding(&old, "retroactive-edit").unwrap();
        assert_eq!(f.times[2], "2023-03-22T19:05:00Z");
        assert!(
            f.times[3].as_str() > "2023-03-23T01:05:00Z" && f.times[3].as_str() <= "2023-03-23T01:05:10Z",
            "{:?}",
            f.times
        );
        assert!(f.playground.contains("kind: Simulation"));
        // The playground text reproduces it.
        let trace = crate::sim::simulate(&f.playground, None).unwrap();
        assert!(trace.slots.iter().any(
            |s| s.fate == SlotFate::RanLate && s.scheduled_time == "2023-03-22T19:05:00Z".parse::<Time>().unwrap()
        ));

        let guarded = cronjob("cron-test", "5 13 * * *", "  startingDeadlineSeconds: 300\n");
        assert_eq!(
            finding(&lint(&guarded, &options("1.26", "2023-03-22T13:01:51Z")).unwrap(), "retroactive-edit"),
            None
        );
    }

    #[test]
    fn forbid_with_long_jobs_skips_start_times() {
        let text = cronjob("report", "*/10 * * * *", "  concurrencyPolicy: Forbid\n");
        let deadline = |seconds: u32| {
            text.replace(
                "    spec:\n      template:",
                &format!("    spec:\n      activeDeadlineSeconds: {seconds}\n      template:"),
            )
        };
        let at = options("1.28", "2025-01-15T10:01:00Z");
        // Jobs allowed to run 15 minutes against a 10-minute interval: the ones that use it skip.
        let report = lint(&deadline(900), &at).unwrap();
        let f = finding(&report, "forbid-starves").unwrap();
        assert!(f.message.starts_with("concurrencyPolicy Forbid skips runs while a Job is still active: with Jobs of 15m (activeDeadlineSeconds 900 lets a Job run that long) against a 10m interval, "), "{}", f.message);
        assert_eq!(f.times[0], "2025-01-15T10:30:00Z");
        // A deadline shorter than the interval rules it out.
        assert_eq!(finding(&lint(&deadline(300), &at).unwrap(), "forbid-starves"), None);
        assert_eq!(finding(&lint(&deadline(300), &at).unwrap(), "forbid-no-deadline"), None);
        // No deadline: one hung Job stops every later run.
        let report = lint(&text, &at).unwrap();
        assert_eq!(finding(&report, "forbid-starves"), None);
        let f = finding(&report, "forbid-no-deadline").unwrap();
        assert!(f.message.starts_with("concurrencyPolicy Forbid and no activeDeadlineSeconds: if one Job hangs, nothing ends it and every later start time is skipped. In the probe report-28948930 (for 2025-01-15T10:10:00Z) never finishes, and 9 of 10 start times until 2025-01-15T11:50:00Z were skipped: concurrencyPolicy is Forbid"), "{}", f.message);
        assert_eq!(f.times[0], "2025-01-15T10:20:00Z");
    }

    #[test]
    fn every_minute_of_hour_nine() {
        let report = lint(&cronjob("morning", "* 9 * * *", ""), &options("1.28", "2025-01-15T10:01:00Z")).unwrap();
        let f = finding(&report, "every-minute-of-hour").unwrap();
        assert_eq!(f.times, ["2025-01-16T09:00:00Z"]);
        assert!(f.message.starts_with("\"* 9 * * *\" runs every minute of hour 9, not once: the probe created 60 Jobs in the hour from 2025-01-16T09:00:00Z. For once at the top of the hour, write \"0 9 * * *\"."), "{}", f.message);
        for fine in ["0 9 * * *", "* * * * *", "*/5 9 * * *", "* 9-17 * * *"] {
            let report = lint(&cronjob("fine", fine, ""), &options("1.28", "2025-01-15T10:01:00Z")).unwrap();
            assert_eq!(finding(&report, "every-minute-of-hour"), None, "{fine}");
        }
    }

    #[test]
    fn day_of_month_and_weekday_together_run_on_either() {
        // "On Friday the 13th" runs every Friday and every 13th.
        let report = lint(&cronjob("friday13", "0 0 13 * 5", ""), &options("1.28", "2025-01-01T00:00:00Z")).unwrap();
        let f = finding(&report, "day-or-weekday").unwrap();
        assert!(f.message.starts_with("Day-of-month 13 and day-of-week 5 are both restricted, so cron runs on days matching either (OR, not AND): in eight weeks the probe ran 10 Jobs, only 0 of them on days matching both; e.g. 2025-01-03T00:00:00Z (Friday)."), "{}", f.message);
        let report = lint(&cronjob("monthly", "0 0 13 * *", ""), &options("1.28", "2025-01-01T00:00:00Z")).unwrap();
        assert_eq!(finding(&report, "day-or-weekday"), None);
    }

    #[test]
    fn a_failed_history_limit_of_zero_hides_failures() {
        let text = cronjob("nightly", "0 2 * * *", "  failedJobsHistoryLimit: 0\n");
        let report = lint(&text, &options("1.28", "2025-01-15T00:00:00Z")).unwrap();
        let f = finding(&report, "failed-history-zero").unwrap();
        assert!(
            f.message
                .starts_with("failedJobsHistoryLimit 0 deletes a failed Job as soon as the controller sees it finish"),
            "{}",
            f.message
        );
        assert!(f.message.contains("in the probe nightly-28948440 failed at 2025-01-15T02:06:11.100Z and was gone at 2025-01-15T02:06:11.100Z"), "{}", f.message);
        let kept = lint(&cronjob("nightly", "0 2 * * *", ""), &options("1.28", "2025-01-15T00:00:00Z")).unwrap();
        assert_eq!(finding(&kept, "failed-history-zero"), None);
    }

    #[test]
    fn on_failure_loses_every_attempts_logs_with_the_pod() {
        let report = lint(&cronjob("nightly", "0 2 * * *", ""), &options("1.28", "2025-01-15T00:00:00Z")).unwrap();
        let f = finding(&report, "on-failure-logs-lost").unwrap();
        assert_eq!(f.severity, Severity::Info);
        assert!(f.message.contains("(BackoffLimitExceeded, backoffLimit 6)"), "{}", f.message);
        assert!(f.message.contains("the logs of all 7 attempts go with it"), "{}", f.message);
        let never = cronjob("nightly", "0 2 * * *", "").replace("restartPolicy: OnFailure", "restartPolicy: Never");
        assert_eq!(
            finding(&lint(&never, &options("1.28", "2025-01-15T00:00:00Z")).unwrap(), "on-failure-logs-lost"),
            None
        );
    }

    #[test]
    fn many_cronjobs_at_midnight_are_noted() {
        let names = ["backup", "report", "cleanup", "rotate", "export", "vacuum"];
        let text: Vec<String> = names.iter().map(|n| cronjob(n, "0 0 * * *", "")).collect();
        let report = lint(&text.join("---\n"), &options("1.28", "2025-01-15T10:00:00Z")).unwrap();
        for c in &report.cron_jobs {
            let f = c.findings.iter().find(|f| f.rule == "same-minute").unwrap_or_else(|| panic!("{}", c.name));
            assert!(f.message.starts_with("6 CronJobs start together at 2025-01-16T00:00:00Z"), "{}", f.message);
        }
        let few = lint(&text[..4].join("---\n"), &options("1.28", "2025-01-15T10:00:00Z")).unwrap();
        assert!(few.cron_jobs.iter().all(|c| c.findings.iter().all(|f| f.rule != "same-minute")));
    }

    #[test]
    fn a_deadline_under_the_v1_poll_misses_runs() {
        let text = cronjob("tight", "*/5 * * * *", "  startingDeadlineSeconds: 5\n");
        let old = lint(&text, &options("1.20", "2025-01-15T10:01:03Z")).unwrap();
        let f = finding(&old, "deadline-shorter-than-latency").unwrap();
        assert_eq!(f.severity, Severity::Error);
        assert!(f.message.starts_with("startingDeadlineSeconds 5 is shorter than the controller's reaction (the v1 controller polls every 10 s): "), "{}", f.message);
        // v2 reacts in 100 ms: nothing lost, but the margin is worth a note.
        let new = lint(&text, &options("1.28", "2025-01-15T10:01:03Z")).unwrap();
        let f = finding(&new, "deadline-shorter-than-latency").unwrap();
        assert_eq!(f.severity, Severity::Info);
        assert!(f.message.contains("at most 100ms late"), "{}", f.message);
    }

    #[test]
    fn dst_repeats_and_skips_a_daily_run_in_berlin_but_not_an_hourly_one() {
        let text = cronjob("nightly", "30 2 * * *", "  timeZone: Europe/Berlin\n");
        let report = lint(&text, &options("1.28", "2024-01-10T00:00:00Z")).unwrap();
        let skipped = finding(&report, "dst-skipped-run").unwrap();
        // 2024-03-31 02:30 does not exist in Berlin: 03-30 02:30 CET, then 04-01 02:30 CEST.
        assert_eq!(skipped.times, ["2024-03-30T01:30:00Z", "2024-04-01T00:30:00Z"]);
        let double = finding(&report, "dst-double-run").unwrap();
        // 2024-10-27 02:30 happens twice: CEST (00:30Z) and CET (01:30Z), and both run.
        assert_eq!(double.times, ["2024-10-27T00:30:00Z", "2024-10-27T01:30:00Z"]);
        assert!(double.message.contains("2024-10-27T00:30:00Z (2024-10-27 02:30 +02:00) and 2024-10-27T01:30:00Z (2024-10-27 02:30 +01:00) are one hour apart"), "{}", double.message);
        assert!(
            double
                .message
                .contains("nightly-28833150 at 2024-10-27T00:30:00.100Z, nightly-28833210 at 2024-10-27T01:30:00.100Z"),
            "{}",
            double.message
        );

        let hourly = cronjob("hourly", "0 * * * *", "  timeZone: Europe/Berlin\n");
        let report = lint(&hourly, &options("1.28", "2024-01-10T00:00:00Z")).unwrap();
        assert!(
            report.cron_jobs[0].findings.iter().all(|f| !f.rule.starts_with("dst")),
            "{:?}",
            report.cron_jobs[0].findings
        );
    }

    #[test]
    fn a_kubectl_list_is_linted_per_cronjob() {
        let text = include_str!("../../tests/data/kubectl-get-list.yaml");
        let report = lint(text, &options("1.28", "2024-05-01T10:00:00Z")).unwrap();
        assert_eq!(report.errors, Vec::<String>::new());
        assert_eq!(
            report.cron_jobs.iter().map(|c| (c.namespace.as_str(), c.name.as_str())).collect::<Vec<_>>(),
            [("default", "hello")]
        );
        // Minutely, OnFailure, on 1.28: the pod that holds every attempt's logs is deleted when
        // the Job fails; an outage passing 100 start times changes nothing from 1.21.
        let rules: Vec<&str> = report.cron_jobs[0].findings.iter().map(|f| f.rule).collect();
        assert_eq!(rules, ["on-failure-logs-lost"]);
    }

    #[test]
    fn more_cronjobs_than_the_cap_are_refused_before_any_probe() {
        let list =
            |n: usize| (0..n).map(|i| cronjob(&format!("cj-{i}"), "0 3 * * *", "")).collect::<Vec<_>>().join("---\n");
        let at = options("1.28", "2025-01-15T10:30:00Z");
        let err = Linting::new(&list(MAX_CRON_JOBS + 1), at.clone()).err().expect("refused");
        assert_eq!(err, TooManyCronJobs { count: 201, cap: 200 });
        assert_eq!(
            err.to_string(),
            "201 CronJobs: a lint probes at most 200 at once; split the list (by namespace, say)"
        );
        assert_eq!(lint(&list(MAX_CRON_JOBS + 1), &at), Err(err));
        // At the cap it is read, and nothing is probed until asked.
        let linting = Linting::new(&list(MAX_CRON_JOBS), at).unwrap();
        assert_eq!((linting.done(), linting.total()), (0, 200));
        assert!(linting.report().cron_jobs.is_empty());
    }

    #[test]
    fn a_report_and_its_options_cross_to_the_page_and_back() {
        let text = cronjob("nightly", "30 2 * * *", "  timeZone: Europe/Berlin\n");
        let mut at = options("1.28", "2024-01-10T00:00:00Z");
        at.controller_time_zone = "Asia/Tokyo".parse().unwrap();
        let report = lint(&text, &at).unwrap();
        assert_eq!(report.cron_jobs[0].findings.len(), 4);
        let back: LintReport = serde_json::from_str(&serde_json::to_string(&report).unwrap()).unwrap();
        assert_eq!(back, report);
        let json = serde_json::to_string(&at).unwrap();
        assert!(json.contains("\"controller_time_zone\":\"Asia/Tokyo\""), "{json}");
        assert_eq!(serde_json::from_str::<LintOptions>(&json).unwrap(), at);
        assert!(serde_json::from_str::<Finding>(
            r#"{"rule":"no-such-rule","severity":"info","message":"","times":[],"playground":""}"#
        )
        .is_err());
    }
}
