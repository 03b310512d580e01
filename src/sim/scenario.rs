//! The `Simulation` document (`playground.cronjob.dev/v1alpha1`, `docs/contracts.md` §4):
//! the Kubernetes version, the horizon, kube-controller-manager's time zone, how containers behave
//! and what happens to the cluster (spec patches, Job deletions, controller outages, manual
//! triggers) at virtual times.

use super::trace::{format_time, rfc3339, Time};
use crate::api::decode::decode_json;
use crate::api::{KubernetesVersion, Release};
use crate::controller::kubelet::{BackOffBounds, RetryTiming};
use crate::controller::{gates::FeatureGates, patches};
use chrono::TimeDelta;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The `apiVersion` of a Simulation document.
pub const API_VERSION: &str = "playground.cronjob.dev/v1alpha1";
/// The `kind` of a Simulation document.
pub const KIND: &str = "Simulation";
/// The horizon when the document gives neither `end` nor `duration`.
pub const DEFAULT_DURATION: TimeDelta = TimeDelta::days(1);

/// A whole `Simulation` document.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Simulation {
    #[serde(default)]
    pub api_version: Option<String>,
    #[serde(default)]
    pub kind: Option<String>,
    #[serde(default)]
    pub metadata: Option<serde_json::Value>,
    #[serde(default)]
    pub spec: SimulationSpec,
}

/// The scenario: what the world is and what happens in it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SimulationSpec {
    /// Selects controller, kubelet and validation behaviour; default: the newest supported. A patch
    /// release (`"1.26.0"`) is honoured where the model knows a patch-level change.
    #[serde(default)]
    pub kubernetes_version: Option<Release>,
    /// Feature gates switched from the release's defaults (`{SidecarContainers: true}`), for
    /// kube-controller-manager and the kubelet alike.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub feature_gates: BTreeMap<String, bool>,
    /// Virtual clock start; default: the earliest `creationTimestamp`, else now.
    #[serde(default, with = "rfc3339::option")]
    pub start: Option<Time>,
    /// Horizon end; exclusive with `duration`.
    #[serde(default, with = "rfc3339::option")]
    pub end: Option<Time>,
    /// Horizon length (`24h`, `90m`, `7d`); exclusive with `end`.
    #[serde(default)]
    pub duration: Option<HorizonDuration>,
    /// kube-controller-manager's local zone (IANA name); default UTC.
    #[serde(default)]
    pub controller_time_zone: Option<String>,
    /// How containers behave; the first matching rule wins; default: run 10 s, exit 0.
    #[serde(default)]
    pub pods: Vec<PodRule>,
    /// Things that happen to the cluster, at virtual times.
    #[serde(default)]
    pub events: Vec<ClusterEvent>,
    /// What the trace records (a playground extension; default: everything).
    #[serde(default)]
    pub trace: TraceOptions,
    /// How the simulated kubelet times its retries (default: exactly at the back-off's expiry).
    #[serde(default, skip_serializing_if = "KubeletOptions::is_default")]
    pub kubelet: KubeletOptions,
}

/// What the trace records. Long horizons run with millions of syncs; leaving them out keeps a
/// year of a minutely CronJob within memory while slots, Jobs, Pods and Events stay complete.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TraceOptions {
    #[serde(default)]
    pub syncs: SyncDetail,
}

/// The kubelet's knobs: `retryTiming: backOffExpiry` (the reference timelines) or `podWorker`
/// (the pod worker's own re-checks: every 10 s up to 1.33, at the expiry re-checked at least once
/// a minute from 1.34, PR #133066; jitter left out).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct KubeletOptions {
    #[serde(default)]
    pub retry_timing: RetryTimingName,
    /// The kubelet configuration's `crashLoopBackOff.maxContainerRestartPeriod` (KEP-4603, read
    /// with gate KubeletCrashLoopBackOffMax): the cap of the container restart back-off, `1s` to
    /// `300s`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_container_restart_period: Option<HorizonDuration>,
}

impl KubeletOptions {
    fn is_default(&self) -> bool {
        *self == Self::default()
    }

    /// The back-off bounds of a kubelet with `gates` and this configuration, or the kubelet's
    /// refusal to start (`pkg/kubelet/apis/config/validation`).
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use chrono::TimeDelta;
    /// use cronjob_playground::api::KubernetesVersion;
    /// use cronjob_playground::controller::gates::FeatureGates;
    /// use cronjob_playground::sim::scenario::{HorizonDuration, KubeletOptions};
    /// let v35 = FeatureGates::defaults(KubernetesVersion::new(35).unwrap());
    /// let mut k = KubeletOptions::default();
    /// k.max_container_restart_period = Some(HorizonDuration(TimeDelta::seconds(30)));
    /// assert_eq!(k.backoff_bounds(&v35).unwrap().max, TimeDelta::seconds(30));
    /// let v34 = FeatureGates::defaults(KubernetesVersion::new(34).unwrap());
    /// assert_eq!(k.backoff_bounds(&v34).unwrap_err(), "invalid configuration: FeatureGate KubeletCrashLoopBackOffMax not enabled, CrashLoopBackOff.MaxContainerRestartPeriod must not be set");
    /// ```
    pub fn backoff_bounds(&self, gates: &FeatureGates) -> Result<BackOffBounds, String> {
        let configurable = gates.enabled("KubeletCrashLoopBackOffMax");
        let period = self.max_container_restart_period.map(|d| d.0);
        match period {
            Some(_) if !configurable => {
                return Err("invalid configuration: FeatureGate KubeletCrashLoopBackOffMax not enabled, CrashLoopBackOff.MaxContainerRestartPeriod must not be set".into())
            }
            Some(d) if d < TimeDelta::seconds(1) || d > TimeDelta::seconds(300) => {
                return Err(format!(
                    "invalid configuration: CrashLoopBackOff.MaxContainerRestartPeriod (got: {} seconds) must be set between 1s and 300s",
                    d.num_milliseconds() as f64 / 1000.0
                ))
            }
            _ => {}
        }
        Ok(BackOffBounds::for_kubelet(gates.enabled("ReduceDefaultCrashLoopBackOffDecay"), configurable, period))
    }

    /// The kubelet library's timing for these options.
    pub fn retry_timing(&self) -> RetryTiming {
        match self.retry_timing {
            RetryTimingName::BackOffExpiry => RetryTiming::Ideal,
            RetryTimingName::PodWorker => RetryTiming::PodWorker,
        }
    }
}

/// `retryTiming`'s values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum RetryTimingName {
    #[default]
    BackOffExpiry,
    PodWorker,
}

// Read as text, for the same reason as `SyncDetail`.
impl<'de> Deserialize<'de> for RetryTimingName {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match String::deserialize(d)?.as_str() {
            "backOffExpiry" => Ok(RetryTimingName::BackOffExpiry),
            "podWorker" => Ok(RetryTimingName::PodWorker),
            other => Err(serde::de::Error::unknown_variant(other, &["backOffExpiry", "podWorker"])),
        }
    }
}

/// Which controller syncs the trace lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SyncDetail {
    /// Every sync of every controller.
    #[default]
    All,
    /// None (`syncs` is empty).
    None,
}

// Read as text, not as an enum: the API decoder takes enum values outside their set for
// validation to report, where this document has nothing to validate them later.
impl<'de> Deserialize<'de> for SyncDetail {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match String::deserialize(d)?.as_str() {
            "all" => Ok(SyncDetail::All),
            "none" => Ok(SyncDetail::None),
            other => Err(serde::de::Error::unknown_variant(other, &["all", "none"])),
        }
    }
}

/// A horizon length in Go duration syntax, plus `d` for days (`1d12h`, `90m`, `1.5h`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HorizonDuration(pub TimeDelta);

impl std::str::FromStr for HorizonDuration {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let bad = |why: &str| format!("invalid duration {text:?}: {why}");
        if text.is_empty() {
            return Err(bad("empty"));
        }
        let mut rest = text;
        let mut total_ms: f64 = 0.0;
        while !rest.is_empty() {
            let digits = rest.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(rest.len());
            if digits == 0 {
                return Err(bad("expected a number"));
            }
            let number = decimal(&rest[..digits]).ok_or_else(|| bad("expected a number"))?;
            rest = &rest[digits..];
            let unit_len = rest.find(|c: char| c.is_ascii_digit() || c == '.').unwrap_or(rest.len());
            let unit_ms = match &rest[..unit_len] {
                "ms" => 1.0,
                "s" => 1e3,
                "m" => 60e3,
                "h" => 3600e3,
                "d" => 86400e3,
                "" => return Err(bad("missing unit (use ms, s, m, h or d)")),
                other => return Err(bad(&format!("unknown unit {other:?} (use ms, s, m, h or d)"))),
            };
            rest = &rest[unit_len..];
            total_ms += number * unit_ms;
        }
        if total_ms <= 0.0 || total_ms > 1e15 {
            return Err(bad("must be positive and at most a few thousand years"));
        }
        Ok(HorizonDuration(TimeDelta::milliseconds(total_ms.round() as i64)))
    }
}

/// Digits with at most one `.` (`90`, `1.5`, `.5`, `2.`) as a number, as `str::parse::<f64>`
/// reads them (`None` where it fails). By hand: the exact float parser's tables (10 KB) would be
/// the largest thing the page's module carries for reading a horizon. Exact — the same correctly
/// rounded value — up to 15 significant digits and 22 decimals.
fn decimal(text: &str) -> Option<f64> {
    let (int, frac) = text.split_once('.').unwrap_or((text, ""));
    if frac.contains('.') || (int.is_empty() && frac.is_empty()) {
        return None;
    }
    let mantissa = int.bytes().chain(frac.bytes()).fold(0.0, |m, c| m * 10.0 + f64::from(c - b'0'));
    Some(mantissa / 10f64.powi(frac.len() as i32))
}

impl fmt::Display for HorizonDuration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.0.num_milliseconds();
        if ms % 1000 == 0 {
            write!(f, "{}s", ms / 1000)
        } else {
            write!(f, "{ms}ms")
        }
    }
}

impl Serialize for HorizonDuration {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for HorizonDuration {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

/// Which Pods a [`PodRule`] applies to: those of a CronJob's Jobs, of one Job, or (empty) all.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PodSelector {
    #[serde(default)]
    pub cron_job: Option<String>,
    #[serde(default)]
    pub job: Option<String>,
}

impl PodSelector {
    /// Whether a Pod of Job `job` (owned by CronJob `cron_job`, if any) matches.
    pub fn matches(&self, job: &str, cron_job: Option<&str>) -> bool {
        self.job.as_deref().is_none_or(|j| j == job) && self.cron_job.as_deref().is_none_or(|c| Some(c) == cron_job)
    }
}

/// One container attempt: how long it runs and how it exits.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Attempt {
    pub duration_seconds: f64,
    #[serde(default)]
    pub exit_code: i32,
}

impl Attempt {
    /// The container's run time on the virtual clock (millisecond resolution).
    pub fn duration(&self) -> TimeDelta {
        TimeDelta::milliseconds((self.duration_seconds * 1000.0).round() as i64)
    }
}

/// The default behaviour: run 10 s, exit 0.
pub const DEFAULT_ATTEMPT: Attempt = Attempt { duration_seconds: 10.0, exit_code: 0 };

/// Per-Job override of the attempts, for the n-th Job of a CronJob.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct JobBehaviour {
    pub attempts: Vec<Attempt>,
}

/// How the containers of matching Pods behave.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PodRule {
    #[serde(default)]
    pub selector: PodSelector,
    /// Pod created → container running.
    #[serde(default)]
    pub startup_seconds: f64,
    /// Container attempts within one Job, in order; the last entry repeats.
    #[serde(default)]
    pub attempts: Vec<Attempt>,
    /// Per Job of the CronJob, in creation order, cycling; overrides `attempts` for that Job.
    #[serde(default)]
    pub jobs: Vec<JobBehaviour>,
    /// The containers ignore SIGTERM: a deleted pod's container runs on until SIGKILL after
    /// `terminationGracePeriodSeconds` (default 30 s) and exits 137 instead of 143 at once.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ignores_sigterm: bool,
    /// How named init containers behave (sidecars included). An init container without a rule
    /// finishes at once if it is a regular one and runs until it is stopped if it is a sidecar.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub init_containers: Vec<InitContainerRule>,
}

/// How one init container of the matching Pods behaves, by name.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct InitContainerRule {
    pub name: String,
    /// Its runs, in order, per Pod; the last entry repeats. Empty: it runs until it is stopped
    /// (a log shipper, a proxy), which a regular init container never is.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attempts: Vec<Attempt>,
    /// Each start fails its first N startup probes (when the container has a `startupProbe`):
    /// with N at or above the probe's `failureThreshold`, the kubelet restarts it every time.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub startup_probe_failures: u32,
    /// It ignores SIGTERM: when the kubelet stops it, it runs on until SIGKILL (exit 137).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ignores_sigterm: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl InitContainerRule {
    /// Its `n`-th run (0-based) within one Pod; `None`: it runs until it is stopped.
    pub fn attempt(&self, n: usize) -> Option<Attempt> {
        self.attempts.get(n).or(self.attempts.last()).copied()
    }
}

impl PodRule {
    /// Pod created → container running.
    pub fn startup(&self) -> TimeDelta {
        TimeDelta::milliseconds((self.startup_seconds * 1000.0).round() as i64)
    }

    /// Whether the rule says how attempts go (a rule may set only the startup time; the
    /// attempts then come from the pod's command or the default).
    pub fn sets_attempts(&self) -> bool {
        !self.attempts.is_empty() || !self.jobs.is_empty()
    }

    /// The `attempt`-th container attempt (0-based, counted across the Job's pods and restarts)
    /// of the `job_index`-th Job (0-based, in creation order among the CronJob's Jobs).
    pub fn attempt(&self, job_index: usize, attempt: usize) -> Attempt {
        let attempts = match self.jobs.len() {
            0 => &self.attempts,
            n => &self.jobs[job_index % n].attempts,
        };
        attempts.get(attempt).or(attempts.last()).copied().unwrap_or(DEFAULT_ATTEMPT)
    }
}

/// Something that happens to the cluster at a virtual time.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "RawClusterEvent", into = "RawClusterEvent")]
pub struct ClusterEvent {
    pub at: Time,
    pub action: ClusterAction,
}

/// What a [`ClusterEvent`] does.
#[derive(Clone, Debug, PartialEq)]
pub enum ClusterAction {
    /// A JSON merge patch of a CronJob's `spec` (`kubectl patch --type=merge`).
    Patch { cron_job: String, spec: serde_json::Value },
    /// `kubectl delete job <name>` (background propagation).
    DeleteJob { job: String },
    /// `kubectl delete cronjob <name>`.
    DeleteCronJob { cron_job: String },
    /// kube-controller-manager is down from `at` until `until`.
    ControllerDown { until: Time },
    /// `kubectl create job --from=cronjob/<name>`.
    Trigger { cron_job: String },
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "ClusterEvent", rename_all = "camelCase", deny_unknown_fields)]
struct RawClusterEvent {
    #[serde(with = "rfc3339")]
    at: Time,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    patch: Option<RawPatch>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    delete: Option<PodSelector>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    controller_down: Option<RawDown>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    trigger: Option<RawTrigger>,
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "Patch", rename_all = "camelCase", deny_unknown_fields)]
struct RawPatch {
    cron_job: String,
    spec: serde_json::Value,
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "ControllerDown", deny_unknown_fields)]
struct RawDown {
    #[serde(with = "rfc3339")]
    until: Time,
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "Trigger", rename_all = "camelCase", deny_unknown_fields)]
struct RawTrigger {
    cron_job: String,
}

impl TryFrom<RawClusterEvent> for ClusterEvent {
    type Error = String;

    fn try_from(raw: RawClusterEvent) -> Result<Self, String> {
        let at = raw.at;
        let when = format_time(&at);
        let mut actions = Vec::new();
        if let Some(p) = raw.patch {
            if !p.spec.is_object() {
                return Err(format!("event at {when}: patch.spec must be an object"));
            }
            actions.push(ClusterAction::Patch { cron_job: p.cron_job, spec: p.spec });
        }
        if let Some(d) = raw.delete {
            actions.push(match (d.job, d.cron_job) {
                (Some(job), None) => ClusterAction::DeleteJob { job },
                (None, Some(cron_job)) => ClusterAction::DeleteCronJob { cron_job },
                _ => return Err(format!("event at {when}: delete needs exactly one of job or cronJob")),
            });
        }
        if let Some(d) = raw.controller_down {
            if d.until <= at {
                return Err(format!("event at {when}: controllerDown.until must be after at"));
            }
            actions.push(ClusterAction::ControllerDown { until: d.until });
        }
        if let Some(t) = raw.trigger {
            actions.push(ClusterAction::Trigger { cron_job: t.cron_job });
        }
        match actions.len() {
            1 => Ok(ClusterEvent { at, action: actions.pop().unwrap() }),
            _ => Err(format!("event at {when}: needs exactly one of patch, delete, controllerDown, trigger")),
        }
    }
}

impl From<ClusterEvent> for RawClusterEvent {
    fn from(e: ClusterEvent) -> Self {
        let mut raw = RawClusterEvent { at: e.at, patch: None, delete: None, controller_down: None, trigger: None };
        match e.action {
            ClusterAction::Patch { cron_job, spec } => raw.patch = Some(RawPatch { cron_job, spec }),
            ClusterAction::DeleteJob { job } => raw.delete = Some(PodSelector { job: Some(job), cron_job: None }),
            ClusterAction::DeleteCronJob { cron_job } => {
                raw.delete = Some(PodSelector { job: None, cron_job: Some(cron_job) })
            }
            ClusterAction::ControllerDown { until } => raw.controller_down = Some(RawDown { until }),
            ClusterAction::Trigger { cron_job } => raw.trigger = Some(RawTrigger { cron_job }),
        }
        raw
    }
}

/// Why a Simulation document cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimulationError(pub String);

impl fmt::Display for SimulationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SimulationError {}

impl Simulation {
    /// Reads a Simulation from its JSON form (a whole document or just its `spec`), checking
    /// `apiVersion`/`kind` when present. It is decoded as the API server decodes objects
    /// ([`decode_json`]), with Go's texts, and unknown fields are errors.
    ///
    /// ```
    /// use cronjob_playground::sim::scenario::Simulation;
    /// let doc = serde_json::json!({"apiVersion": "playground.cronjob.dev/v1alpha1", "kind": "Simulation",
    ///     "spec": {"kubernetesVersion": "1.20", "duration": "36h"}});
    /// let sim = Simulation::from_value(doc).unwrap();
    /// assert_eq!(sim.spec.kubernetes_version.unwrap().to_string(), "1.20");
    /// let doc = serde_json::json!({"kubernetesVersion": "1.26.0", "featureGates": {"JobReadyPods": false}});
    /// let sim = Simulation::from_value(doc).unwrap();
    /// assert_eq!((sim.spec.kubernetes_version.unwrap().patch, sim.spec.feature_gates["JobReadyPods"]), (Some(0), false));
    /// assert!(Simulation::from_value(serde_json::json!({"horizon": 3})).is_err());
    /// ```
    pub fn from_value(value: serde_json::Value) -> Result<Simulation, SimulationError> {
        let whole = value.get("spec").is_some() || value.get("kind").is_some() || value.get("apiVersion").is_some();
        let value = if whole { value } else { serde_json::json!({ "spec": value }) };
        let (sim, findings) = decode_json::<Simulation>(&value, KubernetesVersion::NEWEST);
        let sim = sim.map_err(|e| SimulationError(format!("Simulation: {e}")))?;
        if let Some(issue) = findings.strict.first() {
            return Err(SimulationError(format!("Simulation: {}", issue.message)));
        }
        if let Some(v) = sim.api_version.as_deref().filter(|v| *v != API_VERSION) {
            return Err(SimulationError(format!("Simulation: apiVersion {v:?} is not {API_VERSION:?}")));
        }
        if let Some(k) = sim.kind.as_deref().filter(|k| *k != KIND) {
            return Err(SimulationError(format!("Simulation: kind {k:?} is not {KIND:?}")));
        }
        if sim.spec.end.is_some() && sim.spec.duration.is_some() {
            return Err(SimulationError("Simulation: spec.end and spec.duration are mutually exclusive".into()));
        }
        for (i, rule) in sim.spec.pods.iter().enumerate() {
            let mut all = rule
                .attempts
                .iter()
                .chain(rule.jobs.iter().flat_map(|j| j.attempts.iter()))
                .chain(rule.init_containers.iter().flat_map(|c| c.attempts.iter()));
            if !(rule.startup_seconds >= 0.0 && rule.startup_seconds < 1e9)
                || all.any(|a| !(a.duration_seconds >= 0.0 && a.duration_seconds < 1e9))
            {
                return Err(SimulationError(format!(
                    "Simulation: spec.pods[{i}]: startupSeconds and durationSeconds must be between 0 and 1e9"
                )));
            }
            if rule.jobs.iter().any(|j| j.attempts.is_empty()) {
                return Err(SimulationError(format!("Simulation: spec.pods[{i}].jobs[]: attempts must not be empty")));
            }
        }
        Ok(sim)
    }

    /// The release and feature gates the run simulates, and a notice for each part of
    /// `kubernetesVersion`/`featureGates` it honours only in part or not at all.
    ///
    /// ```
    /// use cronjob_playground::sim::scenario::Simulation;
    /// let sim = Simulation::from_value(serde_json::json!({"kubernetesVersion": "1.26.0",
    ///     "featureGates": {"JobReadyPods": false, "NoSuchGate": true}})).unwrap();
    /// let (release, gates, notices) = sim.release();
    /// assert_eq!((release.patch, gates.enabled("JobReadyPods")), (Some(0), false));
    /// assert_eq!(notices.len(), 2);
    /// ```
    pub fn release(&self) -> (Release, FeatureGates, Vec<String>) {
        let release = self.spec.kubernetes_version.unwrap_or_default();
        let (gates, mut notices) = FeatureGates::resolve(release.version, &self.spec.feature_gates);
        notices.extend(patches::notice(release));
        (release, gates, notices)
    }

    /// The first pod rule matching a Pod of `job` (owned by `cron_job`), if any.
    pub fn pod_rule(&self, job: &str, cron_job: Option<&str>) -> Option<&PodRule> {
        self.spec.pods.iter().find(|r| r.selector.matches(job, cron_job))
    }

    /// The horizon `[start, end)` given the default start.
    pub fn horizon(&self, default_start: Time) -> Result<(Time, Time), SimulationError> {
        let start = self.spec.start.unwrap_or(default_start);
        let end = match (self.spec.end, self.spec.duration) {
            (Some(end), _) => end,
            (None, Some(d)) => start + d.0,
            (None, None) => start + DEFAULT_DURATION,
        };
        if end <= start {
            return Err(SimulationError("Simulation: spec.end must be after spec.start".into()));
        }
        Ok((start, end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_reads_what_str_parse_reads() {
        for text in [
            "0",
            "90",
            "1.5",
            ".5",
            "2.",
            "0.0005",
            "36.25",
            "123456789012345",
            "1.000000000000001",
            "0.1",
            "7.3",
            "99.99",
            ".",
        ] {
            assert_eq!(decimal(text), text.parse::<f64>().ok(), "{text}");
        }
        assert_eq!(decimal("1.2.3"), None);
        assert_eq!(decimal(""), None);
        assert_eq!("1.5h".parse::<HorizonDuration>().unwrap().0, TimeDelta::minutes(90));
        assert_eq!("0.0005s".parse::<HorizonDuration>().unwrap().0, TimeDelta::milliseconds(1));
    }
    use serde_json::json;

    #[test]
    fn reads_the_interface_example() {
        let sim = Simulation::from_value(json!({
            "apiVersion": "playground.cronjob.dev/v1alpha1", "kind": "Simulation", "metadata": {"name": "example"},
            "spec": {
                "kubernetesVersion": "1.28", "start": "2025-01-15T10:47:00Z", "end": "2025-01-16T10:47:00Z",
                "controllerTimeZone": "UTC",
                "pods": [{"selector": {"cronJob": "backup"}, "startupSeconds": 0,
                          "attempts": [{"durationSeconds": 30, "exitCode": 1}],
                          "jobs": [{"attempts": [{"durationSeconds": 600, "exitCode": 0}]},
                                   {"attempts": [{"durationSeconds": 600, "exitCode": 1}]}]}],
                "events": [
                    {"at": "2025-01-15T12:00:00Z", "patch": {"cronJob": "backup", "spec": {"schedule": "0 5 * * *"}}},
                    {"at": "2025-01-15T13:00:00Z", "delete": {"job": "backup-29014860"}},
                    {"at": "2025-01-15T14:00:00Z", "controllerDown": {"until": "2025-01-15T18:00:00Z"}},
                    {"at": "2025-01-15T19:00:00Z", "trigger": {"cronJob": "backup"}}
                ]}
        }))
        .unwrap();
        assert_eq!(sim.spec.events.len(), 4);
        assert_eq!(sim.spec.events[1].action, ClusterAction::DeleteJob { job: "backup-29014860".into() });
        let rule = sim.pod_rule("backup-1", Some("backup")).unwrap();
        assert_eq!(rule.attempt(0, 0).exit_code, 0);
        assert_eq!(rule.attempt(1, 5).exit_code, 1);
        assert_eq!(rule.attempt(2, 0).duration(), TimeDelta::seconds(600));
        assert!(sim.pod_rule("other", None).is_none());
        // Round trip through JSON keeps the document.
        let again = Simulation::from_value(serde_json::to_value(&sim).unwrap()).unwrap();
        assert_eq!(again, sim);
    }

    #[test]
    fn attempts_repeat_the_last_entry_and_default_to_ten_seconds_exit_zero() {
        let rule = PodRule {
            attempts: vec![
                Attempt { duration_seconds: 30.0, exit_code: 1 },
                Attempt { duration_seconds: 5.0, exit_code: 2 },
            ],
            ..PodRule::default()
        };
        assert_eq!(rule.attempt(0, 0).exit_code, 1);
        assert_eq!(rule.attempt(0, 7).exit_code, 2);
        assert_eq!(PodRule::default().attempt(3, 3), DEFAULT_ATTEMPT);
    }

    #[test]
    fn horizon_from_end_duration_or_default() {
        let start: Time = "2025-01-15T10:00:00Z".parse().unwrap();
        let sim = Simulation::from_value(json!({"duration": "1d12h"})).unwrap();
        assert_eq!(sim.horizon(start).unwrap().1, "2025-01-16T22:00:00Z".parse::<Time>().unwrap());
        let sim = Simulation::from_value(json!({})).unwrap();
        assert_eq!(sim.horizon(start).unwrap().1, "2025-01-16T10:00:00Z".parse::<Time>().unwrap());
        let sim = Simulation::from_value(json!({"end": "2025-01-15T09:00:00Z"})).unwrap();
        assert_eq!(sim.horizon(start).unwrap_err().0, "Simulation: spec.end must be after spec.start");
    }

    #[test]
    fn rejects_bad_documents_with_the_reason() {
        let cases = [
            (json!({"duration": "5x"}), "Simulation: invalid duration \"5x\": unknown unit \"x\" (use ms, s, m, h or d)"),
            (json!({"duration": "10"}), "Simulation: invalid duration \"10\": missing unit (use ms, s, m, h or d)"),
            (json!({"end": "2025-01-16T00:00:00Z", "duration": "1h"}), "Simulation: spec.end and spec.duration are mutually exclusive"),
            (json!({"kind": "Job", "spec": {}}), "Simulation: kind \"Job\" is not \"Simulation\""),
            (json!({"events": [{"at": "2025-01-15T12:00:00Z"}]}), "Simulation: event at 2025-01-15T12:00:00Z: needs exactly one of patch, delete, controllerDown, trigger"),
            (json!({"events": [{"at": "2025-01-15T12:00:00Z", "controllerDown": {"until": "2025-01-15T11:00:00Z"}}]}), "Simulation: event at 2025-01-15T12:00:00Z: controllerDown.until must be after at"),
            (json!({"pods": [{"attempts": [{"durationSeconds": -1}]}]}), "Simulation: spec.pods[0]: startupSeconds and durationSeconds must be between 0 and 1e9"),
        ];
        for (doc, want) in cases {
            let got = Simulation::from_value(doc.clone()).unwrap_err().0;
            assert!(got.starts_with(want), "{doc}: {got}");
        }
    }

    #[test]
    fn decodes_as_the_api_server_decodes_with_gos_texts() {
        let cases = [
            (json!({"horizon": 3}), r#"Simulation: unknown field "spec.horizon""#),
            (json!({"spec": {"pods": [{"selector": {"cronjob": "a"}}]}}), r#"Simulation: unknown field "spec.pods[0].selector.cronjob""#),
            (json!({"duration": 10}), "Simulation: json: cannot unmarshal number into Go struct field SimulationSpec.spec.duration of type string"),
            (json!({"pods": {"a": 1}}), "Simulation: json: cannot unmarshal object into Go struct field SimulationSpec.spec.pods of type []v1alpha1.PodRule"),
            (
                json!({"pods": [{"attempts": [{"durationSeconds": "30"}]}]}),
                "Simulation: json: cannot unmarshal string into Go struct field Attempt.spec.pods.attempts.durationSeconds of type float64",
            ),
            (json!({"trace": "all"}), "Simulation: json: cannot unmarshal string into Go struct field SimulationSpec.spec.trace of type v1alpha1.TraceOptions"),
            (json!({"trace": {"syncs": "some"}}), "Simulation: unknown variant `some`, expected `all` or `none`"),
            (json!({"events": [{"at": "noon", "trigger": {"cronJob": "a"}}]}), r#"Simulation: invalid time "noon": premature end of input"#),
            (json!({"kubernetesVersion": 1.28}), "Simulation: json: cannot unmarshal number into Go struct field SimulationSpec.spec.kubernetesVersion of type string"),
        ];
        for (doc, want) in cases {
            assert_eq!(Simulation::from_value(doc.clone()).unwrap_err().0, want, "{doc}");
        }
    }
}
