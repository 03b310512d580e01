//! The `Simulation` document (`playground.cronjob.dev/v1alpha1`, `docs/contracts.md` §4):
//! the Kubernetes version, the horizon, kube-controller-manager's time zone, how containers behave
//! and what happens to the cluster (spec patches, Job deletions, controller outages, manual
//! triggers) at virtual times.

mod duration;
mod events;
mod options;
mod pods;

pub use duration::{DurationProblem, HorizonDuration, HorizonDurationError};
pub use events::{ClusterAction, ClusterEvent, ClusterEventError, ClusterEventProblem};
pub use options::{KubeletConfigError, KubeletOptions, RetryTimingName, SyncDetail, TraceOptions};
pub use pods::{Attempt, InitContainerRule, JobBehaviour, PodRule, PodSelector, DEFAULT_ATTEMPT};

use super::time::{rfc3339, Time};
use crate::api::decode::decode_json;
use crate::api::{KubernetesVersion, Release};
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
    /// assert_eq!((sim.spec.kubernetes_version.unwrap().patch, sim.spec.feature_gates["JobReadyPods"]), (Some(0),
    ///     false));
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
            (
                json!({"duration": "5x"}),
                "Simulation: invalid duration \"5x\": unknown unit \"x\" (use ms, s, m, h or \
                d)",
            ),
            (json!({"duration": "10"}), "Simulation: invalid duration \"10\": missing unit (use ms, s, m, h or d)"),
            (
                json!({"end": "2025-01-16T00:00:00Z", "duration": "1h"}),
                "Simulation: spec.end and spec.duration are \
                mutually exclusive",
            ),
            (json!({"kind": "Job", "spec": {}}), "Simulation: kind \"Job\" is not \"Simulation\""),
            (
                json!({"events": [{"at": "2025-01-15T12:00:00Z"}]}),
                "Simulation: event at 2025-01-15T12:00:00Z: needs \
                exactly one of patch, delete, controllerDown, trigger",
            ),
            (
                json!({"events": [{"at": "2025-01-15T12:00:00Z",
                    "controllerDown": {"until": "2025-01-15T11:00:00Z"}}]}),
                "Simulation: event at 2025-01-15T12:00:00Z: controllerDown.until must be after at",
            ),
            (
                json!({"pods": [{"attempts": [{"durationSeconds": -1}]}]}),
                "Simulation: spec.pods[0]: startupSeconds and \
                durationSeconds must be between 0 and 1e9",
            ),
            (
                json!({"events": [{"at": "2025-01-15T12:00:00Z", "patch": {"cronJob": "a", "spec": 1}}]}),
                "Simulation: \
                event at 2025-01-15T12:00:00Z: patch.spec must be an object",
            ),
            (
                json!({"events": [{"at": "2025-01-15T12:00:00Z", "delete": {}}]}),
                "Simulation: event at \
                2025-01-15T12:00:00Z: delete needs exactly one of job or cronJob",
            ),
            (
                json!({"duration": "0s"}),
                "Simulation: invalid duration \"0s\": must be positive and at most a few \
                thousand years",
            ),
            (json!({"duration": "h"}), "Simulation: invalid duration \"h\": expected a number"),
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
            (
                json!({"spec": {"pods": [{"selector": {"cronjob": "a"}}]}}),
                r#"Simulation: unknown field "spec.pods[0].selector.cronjob""#,
            ),
            (
                json!({"duration": 10}),
                "Simulation: json: cannot unmarshal number into Go struct field \
                SimulationSpec.spec.duration of type string",
            ),
            (
                json!({"pods": {"a": 1}}),
                "Simulation: json: cannot unmarshal object into Go struct field \
                SimulationSpec.spec.pods of type []v1alpha1.PodRule",
            ),
            (
                json!({"pods": [{"attempts": [{"durationSeconds": "30"}]}]}),
                "Simulation: json: cannot unmarshal string into Go struct field \
                Attempt.spec.pods.attempts.durationSeconds of type float64",
            ),
            (
                json!({"trace": "all"}),
                "Simulation: json: cannot unmarshal string into Go struct field \
                SimulationSpec.spec.trace of type v1alpha1.TraceOptions",
            ),
            (json!({"trace": {"syncs": "some"}}), "Simulation: unknown variant `some`, expected `all` or `none`"),
            (
                json!({"kubelet": {"retryTiming": "often"}}),
                "Simulation: unknown variant `often`, expected \
                `backOffExpiry` or `podWorker`",
            ),
            (
                json!({"events": [{"at": "noon", "trigger": {"cronJob": "a"}}]}),
                r#"Simulation: invalid time "noon": premature end of input"#,
            ),
            (
                json!({"kubernetesVersion": 1.28}),
                "Simulation: json: cannot unmarshal number into Go struct field \
                SimulationSpec.spec.kubernetesVersion of type string",
            ),
        ];
        for (doc, want) in cases {
            assert_eq!(Simulation::from_value(doc.clone()).unwrap_err().0, want, "{doc}");
        }
    }
}
