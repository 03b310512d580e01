//! `batch/v1` Job: spec, status and conditions, as in `k8s.io/api/batch/v1/types.go` (1.35),
//! with every field the Job controller reads. Fields added in later releases are optional; the
//! loader rejects or drops them for older `kubernetesVersion`s the way those API servers did.

use super::meta::{is_zero, null_as_default, zero, ConditionStatus, LabelSelector, ObjectMeta, Word};
use super::pod::PodTemplateSpec;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// A `batch/v1` Job.
///
/// ```
/// use cronjob_playground::api::{Job, RestartPolicy};
/// let job: Job = serde_json::from_str(r#"{
///   "apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "pi"},
///   "spec": {"backoffLimit": 4, "template": {"spec": {"restartPolicy": "Never",
///     "containers": [{"name": "pi", "image": "perl", "command": ["perl", "-e", "print 1"]}]}}}
/// }"#).unwrap();
/// assert_eq!(job.spec.backoff_limit, Some(4));
/// assert_eq!(job.spec.template.spec.restart_policy, Some(RestartPolicy::Never));
/// assert!(job.status.conditions.is_empty());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Job {
    #[serde(default = "batch_v1")]
    pub api_version: Word,
    #[serde(default = "job_kind")]
    pub kind: Word,
    #[serde(default = "zero", deserialize_with = "null_as_default")]
    pub metadata: ObjectMeta,
    #[serde(default = "zero", deserialize_with = "null_as_default")]
    pub spec: JobSpec,
    #[serde(default = "zero", deserialize_with = "null_as_default")]
    pub status: JobStatus,
}

pub(crate) fn batch_v1() -> Word {
    Word::Borrowed("batch/v1")
}

fn job_kind() -> Word {
    Word::Borrowed("Job")
}

/// `batchv1.JobSpec`. `None` means the field was not set (before defaulting) — the same as a nil
/// pointer in Go.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JobSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parallelism: Option<i32>,
    /// `None` after defaulting means "work queue": any success completes the Job.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub completions: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active_deadline_seconds: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pod_failure_policy: Option<PodFailurePolicy>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub success_policy: Option<SuccessPolicy>,
    /// Defaulted to 6 (or `i32::MAX` with `backoffLimitPerIndex`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backoff_limit: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backoff_limit_per_index: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_failed_indexes: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<LabelSelector>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub manual_selector: Option<bool>,
    #[serde(default = "zero", deserialize_with = "null_as_default")]
    pub template: PodTemplateSpec,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ttl_seconds_after_finished: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub completion_mode: Option<CompletionMode>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suspend: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pod_replacement_policy: Option<PodReplacementPolicy>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub managed_by: Option<String>,
}

/// `batchv1.CompletionMode`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CompletionMode {
    #[default]
    NonIndexed,
    Indexed,
}

/// `batchv1.PodReplacementPolicy`: when a replacement Pod may be created.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PodReplacementPolicy {
    /// Replace as soon as a Pod is terminating (has a deletionTimestamp) or failed.
    #[default]
    TerminatingOrFailed,
    /// Replace only once a Pod reached phase Failed.
    Failed,
}

/// `batchv1.PodFailurePolicy`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PodFailurePolicy {
    #[serde(default, deserialize_with = "null_as_default")]
    pub rules: Vec<PodFailurePolicyRule>,
}

/// One rule of a [`PodFailurePolicy`]; exactly one of `on_exit_codes` / `on_pod_conditions` is set.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PodFailurePolicyRule {
    pub action: PodFailurePolicyAction,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_exit_codes: Option<PodFailurePolicyOnExitCodesRequirement>,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "Vec::is_empty")]
    pub on_pod_conditions: Vec<PodFailurePolicyOnPodConditionsPattern>,
}

/// `batchv1.PodFailurePolicyAction`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PodFailurePolicyAction {
    FailJob,
    FailIndex,
    Ignore,
    #[default]
    Count,
}

/// `batchv1.PodFailurePolicyOnExitCodesRequirement`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PodFailurePolicyOnExitCodesRequirement {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub container_name: Option<String>,
    pub operator: PodFailurePolicyOnExitCodesOperator,
    #[serde(default, deserialize_with = "null_as_default")]
    pub values: Vec<i32>,
}

/// `batchv1.PodFailurePolicyOnExitCodesOperator`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PodFailurePolicyOnExitCodesOperator {
    #[default]
    In,
    NotIn,
}

/// `batchv1.PodFailurePolicyOnPodConditionsPattern`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PodFailurePolicyOnPodConditionsPattern {
    #[serde(rename = "type")]
    pub condition_type: String,
    /// Defaulted to `True`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<ConditionStatus>,
}

/// `batchv1.SuccessPolicy` (Indexed Jobs).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SuccessPolicy {
    #[serde(default, deserialize_with = "null_as_default")]
    pub rules: Vec<SuccessPolicyRule>,
}

/// `batchv1.SuccessPolicyRule`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SuccessPolicyRule {
    /// Interval list like `"0,2-4"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub succeeded_indexes: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub succeeded_count: Option<i32>,
}

/// `batchv1.JobStatus`. Counters are plain numbers that serialise only when non-zero, as in Go.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JobStatus {
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<JobCondition>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_time: Option<DateTime<Utc>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub completion_time: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "is_zero")]
    pub active: i32,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "is_zero")]
    pub succeeded: i32,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "is_zero")]
    pub failed: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terminating: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub completed_indexes: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed_indexes: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uncounted_terminated_pods: Option<UncountedTerminatedPods>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ready: Option<i32>,
}

impl JobStatus {
    /// The condition of the given type, if present.
    pub fn condition(&self, condition_type: JobConditionType) -> Option<&JobCondition> {
        self.conditions.iter().find(|c| c.condition_type == condition_type)
    }

    /// The `Complete` or `Failed` condition with status `True`, as `jobutil.FinishedCondition`
    /// finds it: the Job is finished and this is how.
    pub fn finished_condition(&self) -> Option<&JobCondition> {
        self.conditions.iter().find(|c| {
            matches!(c.condition_type, JobConditionType::Complete | JobConditionType::Failed)
                && c.status == ConditionStatus::True
        })
    }
}

/// `batchv1.UncountedTerminatedPods`: UIDs of finished Pods not yet counted in the status.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UncountedTerminatedPods {
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "Vec::is_empty")]
    pub succeeded: Vec<String>,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "Vec::is_empty")]
    pub failed: Vec<String>,
}

/// `batchv1.JobCondition`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JobCondition {
    #[serde(rename = "type")]
    pub condition_type: JobConditionType,
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

/// `batchv1.JobConditionType`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum JobConditionType {
    Suspended,
    Complete,
    Failed,
    FailureTarget,
    SuccessCriteriaMet,
}
