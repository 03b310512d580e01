//! The lint view's analysis: for every CronJob of a manifest (typically `kubectl get cronjobs -A
//! -o yaml`), run the real engine on short probing scenarios and report the risks they reveal,
//! with the concrete times and the controller's reasons from the trace:
//!
//! - `retroactive-edit`: a schedule edit starts a Job for a time already past (nothing resets
//!   `status.lastScheduleTime` on an edit; kubernetes#63371). Said once for all the CronJobs
//!   without `startingDeadlineSeconds`, naming them.
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
use crate::sim::trace::{format_time, EventRecord, FinishedCondition, SlotFate, Time, Trace};
use chrono::{TimeDelta, Timelike};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::VecDeque;
use std::fmt;

mod concurrency;
mod deadline;
mod dst;
mod edits;
mod history;
mod outage;
mod schedule_shape;
#[cfg(test)]
mod tests;

use concurrency::forbid_starves;
use deadline::deadline_vs_latency;
use dst::dst;
use edits::{edit_group, retroactive_edit};
use history::{failed_history_zero, on_failure_logs_lost};
use outage::too_many_missed;
use schedule_shape::{day_or_weekday, every_minute_of_hour, same_minute};

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
/// let options = LintOptions { version: "1.28".parse().unwrap(), at: "2025-01-15T10:30:00Z".parse().unwrap(),
///     controller_time_zone: cronjob_playground::go::Tz::UTC };
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
/// let cj = |name: &str| format!("apiVersion: batch/v1\nkind: CronJob\nmetadata: {{name: {name}}}\nspec:\n  schedule: \
///     '0 3 * * *'\n  \
///     jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          \
///     containers: [{{name: c, image: busybox}}]\n");
/// let options = LintOptions { version: "1.28".parse().unwrap(), at: "2025-01-15T10:30:00Z".parse().unwrap(),
///     controller_time_zone: cronjob_playground::go::Tz::UTC };
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
    /// The CronJobs one `retroactive-edit` finding can speak for ([`edit_group`]), by qualified
    /// name, not yet probed: the next of them to be probed says it for the rest.
    edit_group: VecDeque<String>,
    /// The CronJobs a `retroactive-edit` finding already named.
    spoken_for: Vec<String>,
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
        let edit_group = edit_group(pending.make_contiguous(), &options).into();
        Ok(Linting { options, total: pending.len(), pending, report, crowded, edit_group, spoken_for: vec![] })
    }

    /// Probes the next CronJob; `true` when every CronJob has been probed.
    pub fn step(&mut self) -> bool {
        if let Some(cj) = self.pending.pop_front() {
            let name = qualified_name(&cj);
            // Probed alone, or for the group's members still to come; once its finding names
            // them, they are not probed for it again.
            let edit = if self.spoken_for.contains(&name) {
                None
            } else if self.edit_group.front() == Some(&name) {
                self.edit_group.pop_front();
                Some(self.edit_group.iter().cloned().collect())
            } else {
                Some(vec![])
            };
            let mut lint = lint_cron_job(&cj, &self.options, edit);
            if lint
                .findings
                .iter()
                .any(|f| matches!(&f.text, FindingText::RetroactiveEdit { others, .. } if !others.is_empty()))
            {
                self.spoken_for.extend(self.edit_group.drain(..));
            }
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

/// Probes one CronJob; `edit` names the other CronJobs its `retroactive-edit` finding speaks for,
/// `None` when another CronJob's finding already speaks for it.
fn lint_cron_job(cj: &CronJob, options: &LintOptions, edit: Option<Vec<String>>) -> CronJobLint {
    let mut out = CronJobLint {
        namespace: cj.metadata.namespace.clone(),
        name: cj.metadata.name.clone(),
        schedule: cj.spec.schedule.clone(),
        findings: vec![],
    };
    let Some((schedule, first, second)) = start_times(cj, options) else {
        return out;
    };
    let next = |t: Time| schedule.next(t).ok().filter(|n| *n > t);
    let probe = Probe { cron_job: cj, options };
    let behaviour = Behaviour::of(options.version);
    let zone = zone_of(cj, &behaviour, options.controller_time_zone);
    if let Some(others) = edit {
        out.findings.extend(retroactive_edit(&probe, first, second, zone, others));
    }
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

/// A CronJob's schedule as the controller reads it, and its first two start times after the
/// probes' start.
fn start_times(cj: &CronJob, options: &LintOptions) -> Option<(BoundSchedule, Time, Time)> {
    let behaviour = Behaviour::of(options.version);
    let (text, _) = format_schedule(cj, &behaviour);
    let schedule = BoundSchedule::parse(&text, &behaviour, options.controller_time_zone).ok()?;
    let next = |t: Time| schedule.next(t).ok().filter(|n| *n > t);
    let first = next(options.at)?;
    let second = next(first)?;
    Some((schedule, first, second))
}

/// A CronJob's first start time after `at`, as the controller reads its schedule.
fn first_run(cj: &CronJob, options: &LintOptions) -> Option<Time> {
    start_times(cj, options).map(|(_, first, _)| first)
}

/// `namespace/name`, or the name alone when the manifest gives no namespace.
fn qualified_name(cj: &CronJob) -> String {
    match cj.metadata.namespace.as_str() {
        "" => cj.metadata.name.clone(),
        ns => format!("{ns}/{}", cj.metadata.name),
    }
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
