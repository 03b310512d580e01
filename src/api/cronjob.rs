//! CronJob (`batch/v1`, and `batch/v1beta1` which has the same shape) as in
//! `k8s.io/api/batch/v1/types.go`: spec, status, and the Job template it stamps out.

use super::job::{batch_v1, JobSpec};
use super::meta::{null_as_default, zero, ObjectMeta, ObjectReference, Word};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// A CronJob.
///
/// ```
/// use cronjob_playground::api::{ConcurrencyPolicy, CronJob};
/// let cj: CronJob = serde_json::from_str(r#"{
///   "apiVersion": "batch/v1", "kind": "CronJob", "metadata": {"name": "hello"},
///   "spec": {"schedule": "*/5 * * * *", "concurrencyPolicy": "Forbid",
///     "jobTemplate": {"spec": {"template": {"spec": {"restartPolicy": "OnFailure",
///       "containers": [{"name": "hello", "image": "busybox"}]}}}}},
///   "status": {"lastScheduleTime": "2016-05-19T10:00:00Z"}
/// }"#).unwrap();
/// assert_eq!(cj.spec.concurrency_policy, Some(ConcurrencyPolicy::Forbid));
/// let back = serde_json::to_value(&cj).unwrap();
/// assert_eq!(back["status"]["lastScheduleTime"], "2016-05-19T10:00:00Z");
/// assert!(back["spec"].get("suspend").is_none());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CronJob {
    #[serde(default = "batch_v1")]
    pub api_version: Word,
    #[serde(default = "cronjob_kind")]
    pub kind: Word,
    #[serde(default = "zero", deserialize_with = "null_as_default")]
    pub metadata: ObjectMeta,
    #[serde(default = "zero", deserialize_with = "null_as_default")]
    pub spec: CronJobSpec,
    #[serde(default = "zero", deserialize_with = "null_as_default")]
    pub status: CronJobStatus,
}

fn cronjob_kind() -> Word {
    Word::Borrowed("CronJob")
}

/// `batchv1.CronJobSpec`. `None` means not set (before defaulting).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CronJobSpec {
    #[serde(default, deserialize_with = "null_as_default")]
    pub schedule: String,
    /// IANA zone name the schedule is read in (1.24+; `None` = the controller's local zone).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starting_deadline_seconds: Option<i64>,
    /// Defaulted to `Allow`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub concurrency_policy: Option<ConcurrencyPolicy>,
    /// Defaulted to `false`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suspend: Option<bool>,
    #[serde(default = "zero", deserialize_with = "null_as_default")]
    pub job_template: JobTemplateSpec,
    /// Defaulted to 3.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub successful_jobs_history_limit: Option<i32>,
    /// Defaulted to 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed_jobs_history_limit: Option<i32>,
}

/// `batchv1.ConcurrencyPolicy`: what to do when a run is due while an earlier Job is active.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ConcurrencyPolicy {
    #[default]
    Allow,
    Forbid,
    Replace,
}

/// `batchv1.JobTemplateSpec`: the metadata and spec of each Job a CronJob creates.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JobTemplateSpec {
    #[serde(default = "zero", deserialize_with = "null_as_default")]
    pub metadata: ObjectMeta,
    #[serde(default = "zero", deserialize_with = "null_as_default")]
    pub spec: JobSpec,
}

/// `batchv1.CronJobStatus`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CronJobStatus {
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "Vec::is_empty")]
    pub active: Vec<ObjectReference>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_schedule_time: Option<DateTime<Utc>>,
    /// `batch/v1` only, 1.21+.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_successful_time: Option<DateTime<Utc>>,
}
