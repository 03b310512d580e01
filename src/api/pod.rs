//! The Pod subset the Job controller and the kubelet model read: the template a Job stamps out
//! (`restartPolicy`, containers with `command`/`args`, `terminationGracePeriodSeconds`) and the
//! status a running Pod reports (phase, conditions, container restart counts and exit codes).
//! Mirrors `k8s.io/api/core/v1/types.go`.
//!
//! The many PodSpec and Container fields that do not change what the controllers do (image pull
//! policy, volumes, affinity…) are not modelled: the loader accepts them, keeps them in
//! the document it echoes back, and nothing reads them.

use super::meta::{null_as_default, zero, ConditionStatus, ObjectMeta, Word};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::rc::Rc;

/// `corev1.PodTemplateSpec`: a Job's `spec.template`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PodTemplateSpec {
    #[serde(default = "zero", deserialize_with = "null_as_default")]
    pub metadata: ObjectMeta,
    /// Shared, not copied, by the Jobs built from one template and the Pods built from a Job's:
    /// the controllers never change it (`Rc::make_mut` copies it for the one that would).
    #[serde(default = "zero", deserialize_with = "null_as_default")]
    pub spec: Rc<PodSpec>,
}

/// `corev1.PodSpec`, the part the Job controller and kubelet model read.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PodSpec {
    /// Defaulted to `Always` by the API server (which Job validation then rejects).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restart_policy: Option<RestartPolicy>,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "Vec::is_empty")]
    pub init_containers: Vec<Container>,
    #[serde(default, deserialize_with = "null_as_default")]
    pub containers: Vec<Container>,
    /// How long a deleted Pod stays terminating before it is killed; defaulted to 30.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub termination_grace_period_seconds: Option<i64>,
}

/// `corev1.Container`: name, image and what it runs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Container {
    #[serde(default, deserialize_with = "null_as_default")]
    pub name: String,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "String::is_empty")]
    pub image: String,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "Vec::is_empty")]
    pub command: Vec<String>,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
    /// The container's own restart policy: `Always` makes an init container a sidecar
    /// (SidecarContainers, 1.28+); on an app container, with `restartPolicyRules`, it overrides
    /// the pod's (ContainerRestartRules, 1.34+).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restart_policy: Option<RestartPolicy>,
    /// Rules checked when the container exits, first match wins (ContainerRestartRules, 1.34+).
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "Vec::is_empty")]
    pub restart_policy_rules: Vec<ContainerRestartRule>,
    /// Read for sidecars: the kubelet counts a sidecar as started, and starts the next container,
    /// when its startup probe first succeeds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub startup_probe: Option<Probe>,
    /// What it asks the scheduler for (`requests`) and may use (`limits`): read for the pod's
    /// effective request ([`pod_requests`](super::pod_requests)), which the cluster view sums.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resources: Option<super::ResourceRequirements>,
}

impl Container {
    /// Whether this container, listed among a pod's `initContainers`, is a sidecar: its own
    /// `restartPolicy` is `Always` (`types.IsRestartableInitContainer`). The API server drops
    /// the field while SidecarContainers is off, so an admitted spec says it only when honoured.
    ///
    /// ```
    /// use cronjob_playground::api::{Container, RestartPolicy};
    /// assert!(Container { restart_policy: Some(RestartPolicy::Always), ..Container::default() }.is_restartable());
    /// assert!(!Container::default().is_restartable());
    /// ```
    pub fn is_restartable(&self) -> bool {
        self.restart_policy == Some(RestartPolicy::Always)
    }
}

/// `corev1.Probe`: the timing fields the kubelet's prober worker reads (`prober/worker.go`); the
/// handler (`exec`, `httpGet`, `tcpSocket`, `grpc`) is kept but not run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Probe {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_delay_seconds: Option<i32>,
    /// Defaulted to 10.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub period_seconds: Option<i32>,
    /// Defaulted to 3.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure_threshold: Option<i32>,
}

impl Probe {
    /// `initialDelaySeconds` (default 0).
    pub fn initial_delay(&self) -> i32 {
        self.initial_delay_seconds.unwrap_or(0).max(0)
    }

    /// `periodSeconds` (API default 10; at least 1).
    pub fn period(&self) -> i32 {
        self.period_seconds.unwrap_or(10).max(1)
    }

    /// `failureThreshold` (API default 3; at least 1).
    pub fn failure_threshold(&self) -> i32 {
        self.failure_threshold.unwrap_or(3).max(1)
    }
}

/// `corev1.ContainerRestartRule`: restart the container in place when its exit code matches.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContainerRestartRule {
    /// `Restart` (the only action).
    #[serde(default, deserialize_with = "null_as_default")]
    pub action: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit_codes: Option<ContainerRestartRuleOnExitCodes>,
}

/// `corev1.ContainerRestartRuleOnExitCodes`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContainerRestartRuleOnExitCodes {
    /// `In` or `NotIn`.
    #[serde(default, deserialize_with = "null_as_default")]
    pub operator: String,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<i32>,
}

impl ContainerRestartRule {
    /// Whether the rule applies to a container that exited with `exit_code`.
    ///
    /// ```
    /// use cronjob_playground::api::{ContainerRestartRule, ContainerRestartRuleOnExitCodes};
    /// let on = |op: &str| ContainerRestartRule { action: "Restart".into(),
    ///     exit_codes: Some(ContainerRestartRuleOnExitCodes { operator: op.into(), values: vec![42] }) };
    /// assert!(on("In").matches(42) && !on("In").matches(1));
    /// assert!(on("NotIn").matches(1) && !on("NotIn").matches(42));
    /// ```
    pub fn matches(&self, exit_code: i32) -> bool {
        self.exit_codes.as_ref().is_some_and(|e| match e.operator.as_str() {
            "In" => e.values.contains(&exit_code),
            "NotIn" => !e.values.contains(&exit_code),
            _ => false,
        })
    }
}

/// `corev1.RestartPolicy`. Jobs accept only `OnFailure` and `Never`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RestartPolicy {
    #[default]
    Always,
    OnFailure,
    Never,
}

/// `corev1.Pod`: what the Job controller lists and the kubelet model drives.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Pod {
    #[serde(default = "pod_api_version")]
    pub api_version: Word,
    #[serde(default = "pod_kind")]
    pub kind: Word,
    #[serde(default = "zero", deserialize_with = "null_as_default")]
    pub metadata: ObjectMeta,
    /// The template's spec, shared with the Job's `spec.template` it was built from.
    #[serde(default = "zero", deserialize_with = "null_as_default")]
    pub spec: Rc<PodSpec>,
    #[serde(default = "zero", deserialize_with = "null_as_default")]
    pub status: PodStatus,
}

fn pod_api_version() -> Word {
    Word::Borrowed("v1")
}

fn pod_kind() -> Word {
    Word::Borrowed("Pod")
}

/// `corev1.PodStatus`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PodStatus {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<PodPhase>,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<PodCondition>,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "String::is_empty")]
    pub reason: String,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "String::is_empty")]
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_time: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "Vec::is_empty")]
    pub init_container_statuses: Vec<ContainerStatus>,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "Vec::is_empty")]
    pub container_statuses: Vec<ContainerStatus>,
}

impl PodStatus {
    /// The condition of the given type, if present.
    pub fn condition(&self, condition_type: &str) -> Option<&PodCondition> {
        self.conditions.iter().find(|c| c.condition_type == condition_type)
    }
}

/// `corev1.PodPhase`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PodPhase {
    #[default]
    Pending,
    Running,
    Succeeded,
    Failed,
    Unknown,
}

/// `corev1.PodCondition`. The type is open-ended in the API (pod failure policies may name any
/// condition); the well-known ones are the `POD_*` constants.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PodCondition {
    /// Mostly `Ready`, which the kubelet writes borrowed, not allocated for each status.
    #[serde(rename = "type")]
    pub condition_type: Word,
    pub status: ConditionStatus,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_probe_time: Option<DateTime<Utc>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_transition_time: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "String::is_empty")]
    pub reason: String,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "String::is_empty")]
    pub message: String,
}

/// Pod condition `Ready`: counted in `JobStatus.ready`.
pub const POD_READY: &str = "Ready";
/// Pod condition `DisruptionTarget`: set on preemption/eviction; matched by pod failure policies.
pub const POD_DISRUPTION_TARGET: &str = "DisruptionTarget";

/// `corev1.ContainerStatus`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContainerStatus {
    pub name: String,
    #[serde(default = "zero", deserialize_with = "null_as_default")]
    pub state: ContainerState,
    #[serde(default = "zero", deserialize_with = "null_as_default")]
    pub last_state: ContainerState,
    #[serde(default, deserialize_with = "null_as_default")]
    pub ready: bool,
    #[serde(default, deserialize_with = "null_as_default")]
    pub restart_count: i32,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "String::is_empty")]
    pub image: String,
}

/// `corev1.ContainerState`: at most one of the three is set.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContainerState {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub waiting: Option<ContainerStateWaiting>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub running: Option<ContainerStateRunning>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terminated: Option<ContainerStateTerminated>,
}

/// `corev1.ContainerStateWaiting` (e.g. reason `CrashLoopBackOff`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContainerStateWaiting {
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "String::is_empty")]
    pub reason: String,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "String::is_empty")]
    pub message: String,
}

/// `corev1.ContainerStateRunning`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContainerStateRunning {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started_at: Option<DateTime<Utc>>,
}

/// `corev1.ContainerStateTerminated`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContainerStateTerminated {
    pub exit_code: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signal: Option<i32>,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "String::is_empty")]
    pub reason: String,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "String::is_empty")]
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started_at: Option<DateTime<Utc>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finished_at: Option<DateTime<Utc>>,
}
