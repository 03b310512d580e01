//! The API server as one CronJob sync sees it: the Jobs a GET returns (which may differ from the
//! informer cache), the CronJob a GET returns, and injected failures. Each call the controller
//! makes (`GetJob`, `CreateJob`, `DeleteJob`, `GetCronJob`, `UpdateStatus`) is answered from
//! here, with the error texts the real API server gives (`k8s.io/apimachinery/pkg/api/errors`).

use crate::api::{CronJob, Job};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A `StatusError` reason an injected fault can carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FaultReason {
    /// `409 AlreadyExists`.
    AlreadyExists,
    /// `403 Forbidden` with cause `NamespaceTerminating`: the namespace is being deleted.
    NamespaceTerminating,
    /// `500 InternalError` (also what quota admission failures look like in the upstream tests).
    InternalError,
    /// `400 BadRequest`.
    BadRequest,
    /// `404 NotFound`.
    NotFound,
    /// `409 Conflict`.
    Conflict,
    /// `403 Forbidden` (e.g. exceeded quota).
    Forbidden,
    /// `504 Timeout` / `ServerTimeout`.
    Timeout,
}

/// An error the API server answers with. `Display` is Go's `err.Error()`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ApiError {
    /// Why.
    pub reason: FaultReason,
    /// The error text; when a fault is injected without one, the API server's usual text.
    pub message: String,
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl ApiError {
    fn new(reason: FaultReason, message: String) -> Self {
        ApiError { reason, message }
    }

    /// `jobs.batch "<name>" not found`.
    pub fn job_not_found(name: &str) -> Self {
        Self::new(FaultReason::NotFound, format!("jobs.batch {name:?} not found"))
    }

    /// `jobs.batch "<name>" already exists`.
    pub fn job_already_exists(name: &str) -> Self {
        Self::new(FaultReason::AlreadyExists, format!("jobs.batch {name:?} already exists"))
    }
}

/// An injected failure: the reason and, optionally, the exact message.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Fault {
    /// Why the call fails.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<FaultReason>,
    /// The message; omitted ⇒ the API server's usual text for the reason.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// `getJob` only: answer every GET with this Job (from the API Jobs) whatever name is asked —
    /// the upstream unit tests' fake client behaves like that.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer_with: Option<String>,
}

impl Fault {
    fn error(&self, resource: &str, name: &str, namespace: &str) -> Option<ApiError> {
        let reason = self.reason?;
        let message = self.message.clone().unwrap_or_else(|| match reason {
            FaultReason::AlreadyExists => format!("{resource} {name:?} already exists"),
            FaultReason::NamespaceTerminating => format!(
                "{resource} {name:?} is forbidden: unable to create new content in namespace {namespace} because it is \
                being terminated"
            ),
            FaultReason::InternalError => "Internal error occurred: injected fault".to_owned(),
            FaultReason::BadRequest => "the server rejected our request for an unknown reason".to_owned(),
            FaultReason::NotFound => format!("{resource} {name:?} not found"),
            FaultReason::Conflict => format!(
                "Operation cannot be fulfilled on {resource} {name:?}: the object has been modified; please apply your \
                changes to the latest version and try again"
            ),
            FaultReason::Forbidden => format!("{resource} {name:?} is forbidden: injected fault"),
            FaultReason::Timeout => "Timeout: request did not complete within requested timeout".to_owned(),
        });
        Some(ApiError::new(reason, message))
    }
}

/// Failures to inject into the controller's API calls, by call.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Faults {
    /// `CreateJob`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub create_job: Option<Fault>,
    /// `GetJob` (Replace, the missing-job check, and AlreadyExists handling).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub get_job: Option<Fault>,
    /// `DeleteJob` (Replace and history cleanup).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delete_job: Option<Fault>,
    /// `GetCronJob` (the re-read when an unexpected Job is seen).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub get_cron_job: Option<Fault>,
    /// `UpdateStatus`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub update_status: Option<Fault>,
}

/// The Jobs a GET can return (all namespaces): a list, or a look-up by name (a simulated
/// cluster's store, which need not list every Job for each call).
#[derive(Clone, Copy)]
pub enum JobsView<'a> {
    List(&'a [&'a Job]),
    ByName(&'a dyn Fn(&str) -> Option<&'a Job>),
}

impl<'a> JobsView<'a> {
    /// The Job named `name`, if any (whatever its namespace).
    fn named(&self, name: &str) -> Option<&'a Job> {
        match self {
            JobsView::List(jobs) => jobs.iter().copied().find(|j| j.metadata.name == name),
            JobsView::ByName(get) => get(name),
        }
    }
}

impl fmt::Debug for JobsView<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JobsView::List(jobs) => f.debug_tuple("List").field(&jobs.len()).finish(),
            JobsView::ByName(_) => f.write_str("ByName"),
        }
    }
}

/// The API server state one sync talks to.
#[derive(Clone, Copy, Debug)]
pub struct ApiServer<'a> {
    /// The Jobs a GET can return (all namespaces).
    pub jobs: JobsView<'a>,
    /// The CronJob a GET returns.
    pub cron_job: &'a CronJob,
    /// Injected failures.
    pub faults: &'a Faults,
}

/// Namespace of an object, with `default` for the empty string (the request's namespace).
pub(crate) fn namespace_of(ns: &str) -> &str {
    if ns.is_empty() {
        "default"
    } else {
        ns
    }
}

impl<'a> ApiServer<'a> {
    fn find(&self, namespace: &str, name: &str) -> Option<&'a Job> {
        let here = |j: &&Job| namespace_of(&j.metadata.namespace) == namespace_of(namespace);
        match self.jobs {
            JobsView::List(jobs) => jobs.iter().copied().find(|j| j.metadata.name == name && here(j)),
            JobsView::ByName(get) => get(name).filter(here),
        }
    }

    /// `GetJob(namespace, name)`.
    pub fn get_job(&self, namespace: &str, name: &str) -> Result<&'a Job, ApiError> {
        if let Some(fault) = &self.faults.get_job {
            if let Some(err) = fault.error("jobs.batch", name, namespace) {
                return Err(err);
            }
            if let Some(other) = &fault.answer_with {
                return self.jobs.named(other).ok_or_else(|| ApiError::job_not_found(name));
            }
        }
        self.find(namespace, name).ok_or_else(|| ApiError::job_not_found(name))
    }

    /// `CreateJob(namespace, job)`: an injected fault, else `AlreadyExists` when the name is taken.
    pub fn create_job(&self, namespace: &str, name: &str) -> Result<(), ApiError> {
        if let Some(err) = self.faults.create_job.as_ref().and_then(|f| f.error("jobs.batch", name, namespace)) {
            return Err(err);
        }
        match self.find(namespace, name) {
            Some(_) => Err(ApiError::job_already_exists(name)),
            None => Ok(()),
        }
    }

    /// `DeleteJob(namespace, name)` with background propagation.
    pub fn delete_job(&self, namespace: &str, name: &str) -> Result<(), ApiError> {
        if let Some(err) = self.faults.delete_job.as_ref().and_then(|f| f.error("jobs.batch", name, namespace)) {
            return Err(err);
        }
        self.find(namespace, name).map(|_| ()).ok_or_else(|| ApiError::job_not_found(name))
    }

    /// `GetCronJob(namespace, name)`.
    pub fn get_cron_job(&self) -> Result<&'a CronJob, ApiError> {
        let meta = &self.cron_job.metadata;
        match self.faults.get_cron_job.as_ref().and_then(|f| f.error("cronjobs.batch", &meta.name, &meta.namespace)) {
            Some(err) => Err(err),
            None => Ok(self.cron_job),
        }
    }

    /// `UpdateStatus(cronJob)`.
    pub fn update_status(&self) -> Result<(), ApiError> {
        let meta = &self.cron_job.metadata;
        match self.faults.update_status.as_ref().and_then(|f| f.error("cronjobs.batch", &meta.name, &meta.namespace)) {
            Some(err) => Err(err),
            None => Ok(()),
        }
    }
}
