//! The trace a simulation records: every Event, Job, Pod, controller sync and nominal schedule slot
//! of the horizon, serialized exactly as `docs/contracts.md` §4 fixes it (the JSON the
//! CLI prints, the JS API returns and the timeline reads).
//!
//! Every field is always present; absent values are `null`, never omitted, so consumers can rely on
//! the shape. Instants are UTC, RFC 3339, with as many fractional digits as the virtual clock needs
//! (`2025-01-15T10:47:00Z`, `2025-01-15T10:47:00.100Z`).

use crate::api::KubernetesVersion;
use chrono::{DateTime, SecondsFormat, Utc};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::{Borrow, Cow};
use std::fmt;
use std::rc::Rc;

/// An instant on the virtual clock, as the trace writes it.
pub type Time = DateTime<Utc>;

/// An instant as the trace writes it: `2025-01-15T10:47:00Z`, `2025-01-15T10:47:00.100Z`.
pub fn format_time(t: &Time) -> String {
    t.to_rfc3339_opts(SecondsFormat::AutoSi, true)
}

/// Serde for trace instants: `Z`-suffixed RFC 3339 with 0, 3, 6 or 9 fractional digits.
pub(crate) mod rfc3339 {
    use super::*;

    pub fn serialize<S: Serializer>(t: &Time, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format_time(t))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Time, D::Error> {
        let text = String::deserialize(d)?;
        DateTime::parse_from_rfc3339(&text)
            .map(|t| t.with_timezone(&Utc))
            .map_err(|e| serde::de::Error::custom(format!("invalid time {text:?}: {e}")))
    }

    /// The same for optional instants (`null` when absent).
    pub mod option {
        use super::*;

        pub fn serialize<S: Serializer>(t: &Option<Time>, s: S) -> Result<S::Ok, S::Error> {
            match t {
                Some(t) => super::serialize(t, s),
                None => s.serialize_none(),
            }
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Time>, D::Error> {
            #[derive(Deserialize)]
            struct Wrap(#[serde(with = "super")] Time);
            Ok(Option::<Wrap>::deserialize(d)?.map(|Wrap(t)| t))
        }
    }
}

/// Serde for durations in seconds: whole numbers are written without a fraction (`60`, `60.1`),
/// the way JavaScript's `JSON.stringify` writes numbers, so the CLI's JSON and the JS API's
/// objects serialize to the same bytes.
pub(crate) mod js_number {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(n: &f64, s: S) -> Result<S::Ok, S::Error> {
        if n.fract() == 0.0 && n.abs() < 9e15 {
            s.serialize_i64(*n as i64)
        } else {
            s.serialize_f64(*n)
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
        f64::deserialize(d)
    }

    /// The same for optional numbers.
    pub mod option {
        use serde::{Deserialize, Deserializer, Serializer};

        pub fn serialize<S: Serializer>(n: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
            match n {
                Some(n) => super::serialize(n, s),
                None => s.serialize_none(),
            }
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
            Option::<f64>::deserialize(d)
        }
    }
}

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
    pub events: Vec<EventRecord>,
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

/// An object's name, shared: the controllers' work queues hold it, and the syncs and Events the
/// trace records about the object point to the same text instead of each keeping a copy.
/// Reads and compares as the `str` it is; serializes as a string.
///
/// ```
/// use cronjob_playground::sim::trace::Name;
/// let name = Name::from("backup");
/// assert!(name == "backup" && name.len() == 6);
/// assert_eq!(serde_json::to_string(&name).unwrap(), r#""backup""#);
/// ```
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Name(Rc<str>);

impl Name {
    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::ops::Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for Name {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Name {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl From<&Name> for Name {
    fn from(name: &Name) -> Self {
        name.clone()
    }
}

impl From<&str> for Name {
    fn from(name: &str) -> Self {
        Name(Rc::from(name))
    }
}

impl From<&String> for Name {
    fn from(name: &String) -> Self {
        Name(Rc::from(name.as_str()))
    }
}

impl From<String> for Name {
    fn from(name: String) -> Self {
        Name(Rc::from(name))
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        *self.0 == *other
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<String> for Name {
    fn eq(&self, other: &String) -> bool {
        *self.0 == **other
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for Name {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Name {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(Name::from)
    }
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
    /// The Event's `message`, verbatim.
    pub message: Cow<'static, str>,
    /// The reporting component (`cronjob-controller`, `job-controller`, `kubelet`, ...).
    pub source: Cow<'static, str>,
}

/// A Job's terminal condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum JobCondition {
    Complete,
    Failed,
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
    pub name: String,
    /// The owning CronJob (controller ownerReference), if any.
    pub cron_job: Option<String>,
    /// The schedule slot the CronJob controller created it for (`null` for manual Jobs).
    #[serde(with = "rfc3339::option")]
    pub scheduled_time: Option<Time>,
    #[serde(with = "rfc3339")]
    pub created_at: Time,
    #[serde(with = "rfc3339::option")]
    pub finished_at: Option<Time>,
    pub condition: Option<JobCondition>,
    /// The terminal condition's reason (`BackoffLimitExceeded`, `DeadlineExceeded`, ...).
    pub reason: Option<String>,
    #[serde(with = "rfc3339::option")]
    pub deleted_at: Option<Time>,
    pub deleted_by: Option<DeletedBy>,
    /// The controller named in `spec.managedBy` when the built-in Job controller leaves the Job
    /// to it (JobManagedBy: alpha 1.30, beta on 1.32, GA 1.35): no pods, no status from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub managed_by: Option<String>,
}

/// A Pod's phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PodPhase {
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
    pub name: String,
    pub job: String,
    #[serde(with = "rfc3339")]
    pub created_at: Time,
    /// When its first container started (`null` while Pending).
    #[serde(with = "rfc3339::option")]
    pub started_at: Option<Time>,
    #[serde(with = "rfc3339::option")]
    pub finished_at: Option<Time>,
    /// The phase at the end of the horizon (or when deleted).
    pub phase: PodPhase,
    pub restarts: Vec<Restart>,
    /// Exit codes of its container instances, in order.
    pub exit_codes: Vec<i32>,
    #[serde(with = "rfc3339::option")]
    pub deleted_at: Option<Time>,
    pub deleted_because: Option<String>,
}

/// Which controller ran a sync.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ControllerName {
    Cronjob,
    Job,
    Ttl,
    Kubelet,
}

/// What made a controller sync run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SyncTrigger {
    /// A waiting `AddAfter` entry fired.
    Requeue,
    /// The informer delivered an Add for the object (creation, or the initial list).
    CronjobAdded,
    /// The informer delivered an Update of the CronJob (including the controller's own writes).
    CronjobUpdated,
    /// An Add, Update or Delete of a Job the CronJob owns (or of the Job itself).
    JobEvent,
    /// An Add, Update or Delete of one of the Job's Pods.
    PodEvent,
    /// The initial list when the controller manager (re)starts.
    Startup,
    /// The v1 CronJob controller's 10-second poll.
    Poll,
    /// A rate-limited retry after a sync returned an error.
    RateLimited,
    /// A container exited or its restart back-off expired (kubelet).
    Container,
}

/// A controller's ruling on one sync (the trace's `decision`) and the rule behind it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruling {
    /// A stable kebab-case code (`created`, `not-due`, `forbid-active`, ...).
    pub code: Cow<'static, str>,
    /// One or two sentences naming the rule and the values.
    pub explanation: Explanation,
}

/// The words of a [`Ruling`]: text, or the facts of a sync still to be put into words. A run
/// records some fourteen syncs per schedule slot and a reader looks at a handful of them (the
/// page re-simulates on every keystroke), so the sentences are written only when the trace is
/// serialized or an explanation is read. Serializes as the text; reads back as [`Explanation::Text`];
/// two explanations are equal when their words are.
///
/// ```
/// use cronjob_playground::sim::trace::Explanation;
/// let why = Explanation::from("spec.suspend is true.");
/// assert_eq!(why.to_string(), "spec.suspend is true.");
/// assert_eq!(serde_json::to_string(&why).unwrap(), r#""spec.suspend is true.""#);
/// ```
#[derive(Clone, Debug)]
pub enum Explanation {
    /// Words already.
    Text(Cow<'static, str>),
    /// A CronJob sync's facts.
    CronJob(crate::controller::cronjob::Reasoning),
    /// A Job sync's facts.
    Job(crate::controller::job::Why),
    /// The synced object was gone from the informer cache (deleted), so the sync did nothing.
    Gone(ControllerName, Name),
}

impl Explanation {
    /// The words (borrowed when they are text already).
    pub fn text(&self) -> Cow<'_, str> {
        match self {
            Explanation::Text(t) => Cow::Borrowed(t),
            other => Cow::Owned(other.to_string()),
        }
    }

    /// Whether the words contain `needle`.
    pub fn contains(&self, needle: &str) -> bool {
        self.text().contains(needle)
    }
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Explanation::Text(t) => f.write_str(t),
            Explanation::CronJob(why) => why.fmt(f),
            Explanation::Job(why) => why.fmt(f),
            Explanation::Gone(ControllerName::Cronjob, name) => {
                write!(f, "CronJob {name} is not in the informer cache (it was deleted), so the sync does nothing.")
            }
            Explanation::Gone(ControllerName::Ttl, name) => write!(f, "Job {name} is already gone."),
            Explanation::Gone(_, name) => write!(f, "Job {name} is gone, so the controller forgets it."),
        }
    }
}

impl PartialEq for Explanation {
    fn eq(&self, other: &Self) -> bool {
        self.text() == other.text()
    }
}

impl Eq for Explanation {}

impl From<&'static str> for Explanation {
    fn from(text: &'static str) -> Self {
        Explanation::Text(Cow::Borrowed(text))
    }
}

impl From<String> for Explanation {
    fn from(text: String) -> Self {
        Explanation::Text(Cow::Owned(text))
    }
}

impl Serialize for Explanation {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Explanation::Text(t) => serializer.serialize_str(t),
            other => serializer.collect_str(other),
        }
    }
}

impl<'de> Deserialize<'de> for Explanation {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(Explanation::from)
    }
}

/// One controller sync.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SyncRecord {
    pub controller: ControllerName,
    #[serde(with = "rfc3339")]
    pub at: Time,
    /// The synced object's name.
    pub object: Name,
    pub trigger: SyncTrigger,
    pub decision: Ruling,
    #[serde(with = "js_number::option")]
    pub requeue_after_seconds: Option<f64>,
}

/// What became of a nominal schedule time — the answer to "why didn't my CronJob run?".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SlotFate {
    /// A Job was created for it on the first sync after it was due.
    RanOnTime,
    /// A Job was created for it, but later than its first chance (the explanation says why).
    RanLate,
    /// `concurrencyPolicy: Forbid` and a Job was still active; no Job ever ran for it.
    SkippedForbid,
    /// It fell outside `startingDeadlineSeconds` before the controller could start it.
    MissedDeadline,
    /// A later slot was started instead (only the most recent unmet time is ever started).
    Superseded,
    /// The CronJob was suspended.
    Suspended,
    /// kube-controller-manager was down.
    ControllerDown,
    /// The v2 controller's approximate search for the most recent unmet time did not find it.
    NotFoundBySearch,
    /// The v1 controller found more than 100 missed start times and started nothing.
    TooManyMissed,
    /// The controller could not create the Job (the explanation gives the error).
    CreateFailed,
    /// The horizon ended before the controller acted on it.
    Pending,
}

impl SlotFate {
    /// Every fate, in declaration order (a compact encoding numbers them by this order).
    pub const ALL: [SlotFate; 11] = [
        SlotFate::RanOnTime,
        SlotFate::RanLate,
        SlotFate::SkippedForbid,
        SlotFate::MissedDeadline,
        SlotFate::Superseded,
        SlotFate::Suspended,
        SlotFate::ControllerDown,
        SlotFate::NotFoundBySearch,
        SlotFate::TooManyMissed,
        SlotFate::CreateFailed,
        SlotFate::Pending,
    ];
}

/// One nominal schedule time and its fate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SlotRecord {
    pub cron_job: String,
    #[serde(with = "rfc3339")]
    pub scheduled_time: Time,
    pub fate: SlotFate,
    /// The Job created for this slot, if any.
    pub job: Option<String>,
    pub explanation: String,
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
            events: vec![EventRecord {
                time: t("2025-01-15T11:00:00.1Z"),
                object: ObjectRef { kind: ObjectKind::CronJob, name: "backup".into() },
                event_type: EventType::Normal,
                reason: "SuccessfulCreate".into(),
                message: "Created job backup-29014860".into(),
                source: "cronjob-controller".into(),
            }],
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
}
