//! What a Job's spec and the release's gates make of one sync: the fixed facts every step of
//! `syncJob` reads (`job_controller.go`: the locals at the top of `syncJob`).

use super::super::pod_failure_policy::{match_pod_failure_policy, PolicyMatch};
use super::super::pods::completion_index;
use super::super::JobFeatures;
use super::{is_indexed, only_replace_failed, suspended, JobMemory};
use crate::api::{Job, Pod, PodFailurePolicy};

pub(super) struct Shape<'a> {
    pub(super) job: &'a Job,
    pub(super) f: JobFeatures,
    /// `spec.backoffLimit` (default 6).
    pub(super) limit: i32,
    pub(super) parallelism: i32,
    pub(super) indexed: bool,
    pub(super) completions: u32,
    /// Finished pods are counted through the tracking finalizer (1.25+ by default).
    pub(super) tracking: bool,
    /// The work-queue back-off era (up to 1.26).
    pub(super) legacy: bool,
    pub(super) only_failed: bool,
    pub(super) pfp: Option<&'a PodFailurePolicy>,
    pub(super) per_index: bool,
    /// The informer has seen every pod creation and deletion the controller issued.
    pub(super) satisfied: bool,
    pub(super) suspended: bool,
}

impl<'a> Shape<'a> {
    pub(super) fn new(job: &'a Job, f: JobFeatures, memory: &JobMemory) -> Self {
        let indexed = is_indexed(job);
        Shape {
            job,
            f,
            limit: job.spec.backoff_limit.unwrap_or(6),
            parallelism: job.spec.parallelism.unwrap_or(1),
            indexed,
            completions: job.spec.completions.unwrap_or(0).max(0) as u32,
            tracking: f.tracking_with_finalizers,
            legacy: !f.pod_failure_backoff_record,
            only_failed: only_replace_failed(job, &f),
            pfp: job.spec.pod_failure_policy.as_ref().filter(|_| f.pod_failure_policy),
            per_index: f.backoff_limit_per_index && indexed && job.spec.backoff_limit_per_index.is_some(),
            satisfied: !memory.unsatisfied_expectations,
            suspended: suspended(job, &f),
        }
    }

    /// The pod failure policy's verdict on a failed pod.
    pub(super) fn policy(&self, p: &Pod) -> PolicyMatch {
        match_pod_failure_policy(self.pfp, p, self.f.backoff_limit_per_index)
    }

    /// Pods of an Indexed Job count only with an index below `completions`.
    pub(super) fn valid_index(&self, p: &Pod) -> bool {
        !self.indexed || completion_index(p).is_some_and(|ix| ix < self.completions)
    }
}
