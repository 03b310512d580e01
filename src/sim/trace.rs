//! The trace a simulation records: every Event, Job, Pod, controller sync and nominal schedule slot
//! of the horizon, serialized exactly as `docs/contracts.md` §4 fixes it (the JSON the
//! CLI prints, the JS API returns and the timeline reads).
//!
//! Every field is always present; absent values are `null`, never omitted, so consumers can rely on
//! the shape. Instants are UTC, RFC 3339, with as many fractional digits as the virtual clock needs
//! (`2025-01-15T10:47:00Z`, `2025-01-15T10:47:00.100Z`).

mod cut;
mod events;
mod few;
mod name;
mod slot;
mod stamps;
mod sync;

pub use super::time::{format_time, Time};
pub(crate) use super::time::{js_number, rfc3339};
pub use events::Events;
pub use few::{ExitCodes, Few};
pub use name::Name;
pub use slot::{RanAfter, SlotFate, SlotRecord, SlotWhy};
pub use stamps::{Stamp, Stamps};
pub use sync::{ControllerName, Explanation, Ruling, SyncRecord, SyncTrigger};

use crate::api::KubernetesVersion;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// What happened in one simulation, from `start` to `end`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Trace {
    pub kubernetes_version: KubernetesVersion,
    /// What the run could not honour as the input asked (a feature gate the release or the model
    /// does not have) or honours only in part (a patch release): one sentence each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notices: Vec<String>,
    #[serde(with = "rfc3339")]
    pub start: Time,
    #[serde(with = "rfc3339")]
    pub end: Time,
    /// Every Event occurrence, in time order (not aggregated).
    pub events: Events,
    /// Every Job that existed during the horizon, in creation order.
    pub jobs: Vec<JobRecord>,
    /// Every Pod that existed during the horizon, in creation order.
    pub pods: Vec<PodRecord>,
    /// Every controller sync, in the order they ran.
    pub syncs: Vec<SyncRecord>,
    /// Every nominal schedule time in the horizon, per CronJob, with its fate.
    pub slots: Vec<SlotRecord>,
    /// Each CronJob's state at the end of the horizon.
    pub cron_jobs: Vec<CronJobRecord>,
    /// What was done to the cluster: each CronJob's spec over time, the scenario's events with
    /// their outcomes, the controller manager's outages. Not part of the JSON (whose shape
    /// `interfaces.md` §4 fixes): a trace read back from JSON has none.
    #[serde(skip)]
    pub cluster: ClusterRecord,
}

/// What was done to the cluster during a run, as the simulator applied it — the record the
/// timeline's bands and flags and the `kubectl get cronjob` columns are read from.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterRecord {
    /// Every CronJob of the input, in manifest order.
    pub cron_jobs: Vec<CronJobLife>,
    /// Every scenario event that came due, in the order it was applied, with its outcome.
    pub events: Vec<ClusterEventRecord>,
    /// kube-controller-manager outages `[from, to)`, `to` clipped to the horizon's end.
    pub outages: Vec<Outage>,
}

/// One CronJob's spec over time.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CronJobLife {
    pub name: String,
    /// The spec in force from each instant on: the spec as created (at its creationTimestamp, or
    /// the start), then the spec after each patch the API server accepted.
    pub specs: Vec<CronJobSpecRecord>,
    /// When it was deleted (`kubectl delete cronjob`).
    #[serde(with = "rfc3339::option")]
    pub deleted_at: Option<Time>,
}

impl CronJobLife {
    /// The spec in force at `t` (the first one before it was created).
    pub fn spec_at(&self, t: Time) -> Option<&CronJobSpecRecord> {
        let i = self.specs.partition_point(|s| s.at <= t);
        self.specs.get(i.saturating_sub(1))
    }
}

/// A CronJob's own spec fields from an instant on (the Job template is the Jobs' business).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CronJobSpecRecord {
    #[serde(with = "rfc3339")]
    pub at: Time,
    pub schedule: String,
    pub time_zone: Option<String>,
    pub suspend: bool,
    pub concurrency_policy: String,
    /// `startingDeadlineSeconds`: how late a start may still be.
    pub starting_deadline_seconds: Option<i64>,
    /// The CronJob's `metadata.labels` (the cluster view's search matches them).
    #[serde(default)]
    pub labels: BTreeMap<String, String>,
    /// What each pod of its Jobs asks the scheduler for (`api::pod_requests` of the Job
    /// template's pod spec; the cluster view's density strip sums it per minute).
    #[serde(default)]
    pub requests: crate::api::PodRequests,
}

/// A scenario event and what came of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterEventRecord {
    pub event: crate::sim::scenario::ClusterEvent,
    /// The API server's refusal (`Error from server: ...`), when it refused; `None`: applied.
    pub refused: Option<String>,
}

/// A kube-controller-manager outage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outage {
    #[serde(with = "rfc3339")]
    pub from: Time,
    #[serde(with = "rfc3339")]
    pub to: Time,
}

/// The object an Event is about (`involvedObject`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObjectRef {
    pub kind: ObjectKind,
    pub name: Name,
}

/// Kinds of objects the world holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ObjectKind {
    CronJob,
    Job,
    Pod,
}

/// `Normal` or `Warning`, as on a Kubernetes Event: the controllers' own type.
pub use crate::controller::EventType;
use crate::controller::Message;

/// One Event occurrence.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EventRecord {
    #[serde(with = "rfc3339")]
    pub time: Time,
    pub object: ObjectRef,
    #[serde(rename = "type")]
    pub event_type: EventType,
    /// The Event's `reason`, verbatim (`SuccessfulCreate`, `BackoffLimitExceeded`, ...).
    pub reason: Cow<'static, str>,
    /// The Event's `message`, verbatim (the messages about one object keep its shared name).
    pub message: Message<Name>,
    /// The reporting component (`cronjob-controller`, `job-controller`, `kubelet`, ...).
    pub source: Cow<'static, str>,
}

/// The type of a Job's finished condition (`Complete` or `Failed`, the conditions
/// `job.status.finished_condition()` finds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FinishedCondition {
    Complete,
    Failed,
}

impl FinishedCondition {
    /// The finished condition a condition type records: `Complete`, else `Failed`.
    pub fn of(condition_type: crate::api::JobConditionType) -> Self {
        match condition_type {
            crate::api::JobConditionType::Complete => FinishedCondition::Complete,
            _ => FinishedCondition::Failed,
        }
    }
}

/// Who deleted a Job.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeletedBy {
    /// The CronJob controller's `successfulJobsHistoryLimit` / `failedJobsHistoryLimit` cleanup.
    HistoryLimit,
    /// The TTL-after-finished controller.
    Ttl,
    /// The CronJob controller, for `concurrencyPolicy: Replace`.
    Replace,
    /// A `delete` cluster event of the scenario.
    User,
}

/// The life of one Job.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JobRecord {
    pub name: Name,
    /// The owning CronJob (controller ownerReference), if any.
    pub cron_job: Option<Name>,
    /// The schedule slot the CronJob controller created it for (`null` for manual Jobs).
    #[serde(with = "rfc3339::option")]
    pub scheduled_time: Option<Time>,
    #[serde(with = "rfc3339")]
    pub created_at: Time,
    #[serde(with = "rfc3339::option")]
    pub finished_at: Option<Time>,
    pub condition: Option<FinishedCondition>,
    /// The terminal condition's reason (`BackoffLimitExceeded`, `DeadlineExceeded`, ...), shared
    /// by every Job that ends for it.
    pub reason: Option<Name>,
    #[serde(with = "rfc3339::option")]
    pub deleted_at: Option<Time>,
    pub deleted_by: Option<DeletedBy>,
    /// The controller named in `spec.managedBy` when the built-in Job controller leaves the Job
    /// to it (JobManagedBy: alpha 1.30, beta on 1.32, GA 1.35): no pods, no status from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub managed_by: Option<Name>,
}

/// A Pod's phase as a trace records it: `api::PodPhase` without `Unknown`, which the simulated
/// kubelet never reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RecordedPodPhase {
    Pending,
    Running,
    Succeeded,
    Failed,
}

/// One container restart by the kubelet.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Restart {
    /// When the new container instance started.
    #[serde(with = "rfc3339")]
    pub at: Time,
    /// The CrashLoopBackOff wait before it (0 for the immediate first restart).
    #[serde(with = "js_number")]
    pub after_backoff_seconds: f64,
}

/// The life of one Pod.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PodRecord {
    pub name: Name,
    pub job: Name,
    #[serde(with = "rfc3339")]
    pub created_at: Time,
    /// When its first container started (`null` while Pending).
    #[serde(with = "rfc3339::option")]
    pub started_at: Option<Time>,
    #[serde(with = "rfc3339::option")]
    pub finished_at: Option<Time>,
    /// The phase at the end of the horizon (or when deleted).
    pub phase: RecordedPodPhase,
    pub restarts: Few<Restart>,
    /// Exit codes of its container instances, in order.
    pub exit_codes: ExitCodes,
    #[serde(with = "rfc3339::option")]
    pub deleted_at: Option<Time>,
    /// Why it was deleted (`garbage collector: owner Job <name> was deleted`, ...).
    pub deleted_because: Option<Message<Name>>,
    /// The init containers the kubelet ran, in spec order: native sidecars, and regular init
    /// containers the Simulation gives a behaviour (one without finishes at once and is not
    /// listed). Left out of the JSON when empty, so traces without them keep their shape.
    #[serde(default, skip_serializing_if = "Few::is_empty")]
    pub init_containers: Few<InitContainerRecord>,
}

/// The life of one init container of a Pod.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InitContainerRecord {
    pub name: String,
    /// A native sidecar (`restartPolicy: Always`, honoured by the release and its gates).
    pub sidecar: bool,
    /// When it first started.
    #[serde(with = "rfc3339::option")]
    pub started_at: Option<Time>,
    /// When the kubelet moved on to the next container: a sidecar once running (or once its
    /// startup probe succeeded), a regular init container once it exited 0.
    #[serde(with = "rfc3339::option")]
    pub initialized_at: Option<Time>,
    pub restarts: Few<Restart>,
    /// Exit codes of its instances, in order.
    pub exit_codes: ExitCodes,
    /// When the kubelet began stopping it (`Killing`) because the app containers were done.
    #[serde(with = "rfc3339::option")]
    pub stopping_at: Option<Time>,
    /// When its last instance exited.
    #[serde(with = "rfc3339::option")]
    pub finished_at: Option<Time>,
}

/// A CronJob's final state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CronJobRecord {
    pub name: String,
    /// The final `CronJobStatus`, in its API JSON form.
    pub status: serde_json::Value,
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{DateTime, Utc};

    fn t(text: &str) -> Time {
        DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn serializes_to_the_interface_shape_with_nulls_and_millisecond_instants() {
        let trace = Trace {
            kubernetes_version: "1.28".parse().unwrap(),
            notices: vec![],
            start: t("2025-01-15T10:47:00Z"),
            end: t("2025-01-16T10:47:00Z"),
            events: Events::from(vec![EventRecord {
                time: t("2025-01-15T11:00:00.1Z"),
                object: ObjectRef { kind: ObjectKind::CronJob, name: "backup".into() },
                event_type: EventType::Normal,
                reason: "SuccessfulCreate".into(),
                message: "Created job backup-29014860".into(),
                source: "cronjob-controller".into(),
            }]),
            jobs: vec![JobRecord {
                name: "backup-29014860".into(),
                cron_job: Some("backup".into()),
                scheduled_time: Some(t("2025-01-15T11:00:00Z")),
                created_at: t("2025-01-15T11:00:00.1Z"),
                finished_at: None,
                condition: None,
                reason: None,
                deleted_at: None,
                deleted_by: Some(DeletedBy::HistoryLimit),
                managed_by: None,
            }],
            pods: vec![],
            syncs: vec![SyncRecord {
                controller: ControllerName::Cronjob,
                at: t("2025-01-15T11:00:00.1Z"),
                object: "backup".into(),
                trigger: SyncTrigger::CronjobAdded,
                decision: Ruling { code: "created".into(), explanation: "x".into() },
                requeue_after_seconds: Some(3600.0),
            }],
            slots: vec![SlotRecord {
                cron_job: "backup".into(),
                scheduled_time: t("2025-01-15T11:00:00Z"),
                fate: SlotFate::NotFoundBySearch,
                job: None,
                explanation: "y".into(),
            }],
            cron_jobs: vec![],
            cluster: ClusterRecord::default(),
        };
        let json = serde_json::to_string(&trace).unwrap();
        assert_eq!(
            json,
            concat!(
                r#"{"kubernetesVersion":"1.28","start":"2025-01-15T10:47:00Z","end":"2025-01-16T10:47:00Z","#,
                r#""events":[{"time":"2025-01-15T11:00:00.100Z","object":{"kind":"CronJob","name":"backup"},"type":"Normal","reason":"SuccessfulCreate","message":"Created job backup-29014860","source":"cronjob-controller"}],"#,
                r#""jobs":[{"name":"backup-29014860","cronJob":"backup","scheduledTime":"2025-01-15T11:00:00Z","createdAt":"2025-01-15T11:00:00.100Z","finishedAt":null,"condition":null,"reason":null,"deletedAt":null,"deletedBy":"history-limit"}],"#,
                r#""pods":[],"#,
                r#""syncs":[{"controller":"cronjob","at":"2025-01-15T11:00:00.100Z","object":"backup","trigger":"cronjob-added","decision":{"code":"created","explanation":"x"},"requeueAfterSeconds":3600}],"#,
                r#""slots":[{"cronJob":"backup","scheduledTime":"2025-01-15T11:00:00Z","fate":"not-found-by-search","job":null,"explanation":"y"}],"#,
                r#""cronJobs":[]}"#
            )
        );
        let back: Trace = serde_json::from_str(&json).unwrap();
        assert_eq!(back, trace);
    }

    /// A year of a minutely CronJob keeps half a million of each: the Job's texts are shared
    /// names (8 bytes, not a 24-byte `String`), a ran slot's count of syncs 32 bits, a Pod's
    /// restarts and init containers one pointer each and its one exit code in place.
    #[test]
    fn a_job_a_pod_and_a_slot_keep_their_size() {
        use std::mem::size_of;
        assert_eq!((size_of::<JobRecord>(), size_of::<SlotRecord>(), size_of::<SlotWhy>()), (88, 80, 48));
        assert_eq!((size_of::<PodRecord>(), size_of::<Few<Restart>>(), size_of::<ExitCodes>()), (128, 8, 16));
    }
}
