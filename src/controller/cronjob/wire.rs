//! The JSON contract of `cronjob-playground sync` (`docs/contracts.md` §3): one request
//! describes the informer cache, what the API server would answer where it differs, injected
//! faults and the controller's clock; the response is the sync's [`SyncOutcome`].
//!
//! Beyond the sync request of kube-controller-manager itself (all optional): `faults.getJob`, `faults.deleteJob`,
//! `faults.getCronJob`, `faults.updateStatus` (same shape as `faults.createJob`),
//! `faults.getJob.answerWith` (answer every GET with one named Job, as the upstream unit tests'
//! fake does), `controllerTimeZone` (default `UTC`), `newJobUid`; and in the response
//! `statusUpdates` (how many `UpdateStatus` calls were made).

use super::{sync, ApiServer, Behaviour, Decision, Event, Faults, JobsView, SyncInput, SyncOutcome};
use crate::api::{CronJob, CronJobStatus, Job, Release};
use crate::controller::gates::FeatureGates;
use crate::go::Tz;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// One `sync` request.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SyncRequest {
    /// The release to model (a patch release where the model knows a patch-level change);
    /// default: the newest.
    #[serde(default)]
    pub kubernetes_version: Release,
    /// The controller's clock.
    pub now: DateTime<Utc>,
    /// The CronJob in the informer cache.
    pub cron_job: CronJob,
    /// Jobs in the informer cache.
    #[serde(default)]
    pub jobs: Vec<Job>,
    /// Jobs a GET returns, when they differ from the cache (default: `jobs`).
    #[serde(default)]
    pub api_jobs: Option<Vec<Job>>,
    /// The CronJob a GET returns, when it differs from the cache.
    #[serde(default)]
    pub live_cron_job: Option<CronJob>,
    /// Failures to inject into API calls.
    #[serde(default)]
    pub faults: Faults,
    /// kube-controller-manager's local zone (IANA name); default `UTC`.
    #[serde(default)]
    pub controller_time_zone: Option<String>,
    /// UID the API server gives a created Job; default `<namespace>/<name>`.
    #[serde(default)]
    pub new_job_uid: Option<String>,
}

/// One `sync` response.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SyncResponse {
    /// Jobs created, as the controller built them.
    pub created_jobs: Vec<Job>,
    /// Names of Jobs deleted.
    pub deleted_jobs: Vec<String>,
    /// Events recorded.
    pub events: Vec<Event>,
    /// The status sent with `UpdateStatus` (the last one, for the legacy controller), or null.
    pub status_update: Option<CronJobStatus>,
    /// Number of `UpdateStatus` calls.
    pub status_updates: u32,
    /// The requeue delay, or null.
    pub requeue_after_seconds: Option<f64>,
    /// The error `sync` returned, or null.
    pub error: Option<String>,
    /// The deciding rule and its explanation.
    pub decision: Decision,
}

impl From<SyncOutcome> for SyncResponse {
    fn from(o: SyncOutcome) -> Self {
        SyncResponse {
            requeue_after_seconds: o.requeue_after_seconds(),
            created_jobs: o.created_jobs,
            deleted_jobs: o.deleted_jobs,
            events: o.events,
            status_update: o.status_update,
            status_updates: o.status_updates,
            error: o.error,
            decision: o.decision,
        }
    }
}

/// Why a `sync` request cannot be served (its text is the JSONL answer's `error`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// `controllerTimeZone` names no zone of the tz database.
    UnknownControllerZone(String),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::UnknownControllerZone(name) => write!(f, "unknown controllerTimeZone {name:?}"),
        }
    }
}

impl std::error::Error for Refusal {}

/// Serves one request: `Err` is a request that cannot be served, and why.
///
/// ```
/// use cronjob_playground::controller::cronjob::wire::{answer, SyncRequest};
/// let request: SyncRequest = serde_json::from_str(r#"{"kubernetesVersion": "1.28",
///   "now": "2016-05-19T10:01:00Z",
///   "cronJob": {"metadata": {"name": "mycronjob", "namespace": "snazzycats", "uid": "1a2b3c",
///     "creationTimestamp": "2016-05-19T09:59:00Z"}, "spec": {"schedule": "0 * * * ?"}}}"#).unwrap();
/// let response = answer(&request).unwrap();
/// assert_eq!(response.created_jobs[0].metadata.name, "mycronjob-24394200");
/// assert_eq!(response.requeue_after_seconds, Some(3540.1));
/// assert_eq!(response.events[0].message, "Created job mycronjob-24394200");
/// ```
pub fn answer(request: &SyncRequest) -> Result<SyncResponse, Refusal> {
    let request = &in_request_namespace(request.clone());
    let controller_zone = match request.controller_time_zone.as_deref() {
        None => Tz::UTC,
        Some(name) => name.parse::<Tz>().map_err(|_| Refusal::UnknownControllerZone(name.to_string()))?,
    };
    let cache: Vec<&Job> = request.jobs.iter().collect();
    let api_jobs: Vec<&Job> = request.api_jobs.as_ref().map_or_else(|| cache.clone(), |jobs| jobs.iter().collect());
    let api = ApiServer {
        jobs: JobsView::List(&api_jobs),
        cron_job: request.live_cron_job.as_ref().unwrap_or(&request.cron_job),
        faults: &request.faults,
    };
    let input = SyncInput {
        behaviour: Behaviour::for_release(
            request.kubernetes_version,
            &FeatureGates::defaults(request.kubernetes_version.version),
        ),
        now: request.now,
        controller_zone,
        cron_job: &request.cron_job,
        jobs: &cache,
        api,
        new_job_uid: request.new_job_uid.as_deref(),
        schedule: None,
    };
    Ok(sync(&input).into())
}

/// Objects written without a namespace live in the request's namespace: the CronJob's, else
/// `default` (as `kubectl apply` without `-n` would put them).
fn in_request_namespace(mut request: SyncRequest) -> SyncRequest {
    let namespace = match request.cron_job.metadata.namespace.as_str() {
        "" => "default".to_owned(),
        ns => ns.to_owned(),
    };
    let fill = |ns: &mut String| {
        if ns.is_empty() {
            ns.clone_from(&namespace);
        }
    };
    let cron_jobs = std::iter::once(&mut request.cron_job).chain(request.live_cron_job.as_mut());
    for cj in cron_jobs {
        fill(&mut cj.metadata.namespace);
        cj.status.active.iter_mut().for_each(|r| fill(&mut r.namespace));
    }
    let jobs = request.jobs.iter_mut().chain(request.api_jobs.iter_mut().flatten());
    jobs.for_each(|j| fill(&mut j.metadata.namespace));
    request
}

/// What one JSONL line answers: the response, or `{"error": reason}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum SyncAnswer {
    /// The request was served.
    Response(Box<SyncResponse>),
    /// It could not be served.
    Refused {
        /// Why.
        error: String,
    },
}

/// The JSONL answer for one request line.
pub fn answer_line(request: SyncRequest) -> SyncAnswer {
    match answer(&request) {
        Ok(response) => SyncAnswer::Response(Box::new(response)),
        Err(refusal) => SyncAnswer::Refused { error: refusal.to_string() },
    }
}
