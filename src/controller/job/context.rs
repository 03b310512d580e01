//! What one `syncJob` reads and produces — the Job and its pods, the controller's memory of the
//! Job, the injected API faults; the pods created and deleted, the status written, the events,
//! the re-queue and the rule that decided — and the context its steps share. Apart from
//! [`sync`](super::sync) so that the steps below the sync (`manageJob` in
//! [`manage`](super::manage), finalizer tracking in [`tracking`](super::tracking)) use it
//! without importing the sync that calls them (`job_controller.go` keeps them in one file).

use super::backoff::BackoffRecord;
use super::conditions::Event;
use super::{JobFeatures, Why};
use crate::api::{CompletionMode, Job, JobStatus, Pod, PodReplacementPolicy};
use crate::controller::{Message, Words};
use chrono::{DateTime, TimeDelta, Utc};

/// The decision code of a sync that leaves the Job to the controller its `spec.managedBy` names.
pub const MANAGED_ELSEWHERE: &str = "managed-elsewhere";

/// What the controller remembers about one Job between syncs (in kube-controller-manager's memory;
/// lost on restart).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JobMemory {
    /// 1.27+: the pod-failure back-off record.
    pub backoff: BackoffRecord,
    /// The work queue's requeue counter for the Job: up to 1.26 it is the pod-failure back-off
    /// itself; from 1.27 it only counts sync errors (1 s → 60 s).
    pub requeues: u32,
    /// Pod creations/deletions issued but not yet seen by the informer (`expectations`). The
    /// simulation applies them at once, so this is only set to port tests that model informer lag.
    pub unsatisfied_expectations: bool,
}

/// Injected API failures for pod calls (tests and "what if" runs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PodApiFaults {
    /// Every pod create, delete and patch fails with this error.
    pub error: Option<String>,
    /// Pod creations beyond this many in one sync fail (quota).
    pub create_limit: Option<usize>,
}

/// The input of one sync.
#[derive(Clone, Debug)]
pub struct JobSyncInput<'a> {
    pub job: &'a Job,
    /// The Job's pods as the informer has them (owned by the Job).
    pub pods: &'a [&'a Pod],
    pub now: DateTime<Utc>,
    pub features: JobFeatures,
    pub memory: &'a JobMemory,
    pub faults: &'a PodApiFaults,
}

/// A pod the controller deletes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PodDeletion {
    pub name: String,
    pub uid: String,
    /// The tracking finalizer is removed first, so the pod is not counted as failed (suspend,
    /// scale-down); pods killed because the Job ended keep it until they are counted.
    pub remove_finalizer_first: bool,
}

/// The rule that decided a sync, for the inspector: a stable code and a sentence with the values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyncDecision {
    pub code: &'static str,
    pub explanation: Why,
}

/// Everything one sync decided.
#[derive(Clone, Debug, PartialEq)]
pub struct JobSyncResult {
    /// Pods created (from the template; the API server assigns names from `generateName`).
    pub created: Vec<Pod>,
    /// Pod creations that failed (injected faults).
    pub failed_creations: usize,
    pub deleted: Vec<PodDeletion>,
    pub failed_deletions: usize,
    /// Tracking-finalizer removals that failed (injected faults).
    pub failed_finalizer_removals: usize,
    /// Names of pods whose tracking finalizer is removed (they are now counted in the status).
    pub finalizers_removed: Vec<String>,
    /// The Job status as last written, when the sync wrote it.
    pub status: Option<JobStatus>,
    /// How many status writes the sync made.
    pub status_writes: u32,
    pub events: Vec<Event>,
    /// Sync this Job again after this delay: the earliest of all the re-queues of this sync —
    /// `activeDeadlineSeconds`, the pod-failure back-off, and, when `error` is set, the work
    /// queue's rate-limited re-queue (1 s doubling to 60 s from 1.27; 10 s doubling to 360 s up to
    /// 1.26, where it *is* the pod-failure back-off). The rate limiter's counter lives in
    /// [`JobMemory::requeues`], so the caller only does `AddAfter(requeue_after)` — a second
    /// `AddRateLimited` would put an earlier entry in the delaying queue and shift the timeline.
    pub requeue_after: Option<TimeDelta>,
    /// The controller's memory for the Job after the sync.
    pub memory: JobMemory,
    /// The error `syncJob` returned, if any (its rate-limited re-queue is already in
    /// `requeue_after`; without an error the counter was reset or kept as the release did).
    pub error: Option<String>,
    pub decision: SyncDecision,
}

impl JobSyncResult {
    /// Gives the created pods the names the API server generates from their `generateName`, in
    /// creation order, and puts them into the matching `SuccessfulCreate` events
    /// (`Created pod: <name>`).
    ///
    /// ```
    /// # use chrono::Utc;
    /// # use cronjob_playground::api::{Job, KubernetesVersion};
    /// # use cronjob_playground::controller::job::*;
    /// # let mut job = Job::default();
    /// # job.metadata.name = "pi".into();
    /// # let f = JobFeatures::for_version(KubernetesVersion::new(28).unwrap(), None);
    /// let mut r = sync_job(&JobSyncInput { job: &job, pods: &[], now: Utc::now(), features: f,
    ///     memory: &JobMemory::default(), faults: &PodApiFaults::default() });
    /// r.assign_pod_names(|generate_name| format!("{generate_name}x7kq2"));
    /// assert_eq!(r.created[0].metadata.name, "pi-x7kq2");
    /// assert_eq!(r.events[0].message, "Created pod: pi-x7kq2");
    /// ```
    pub fn assign_pod_names(&mut self, mut name_for: impl FnMut(&str) -> String) {
        let mut events = self.events.iter_mut().filter(|e| e.reason == "SuccessfulCreate");
        for pod in &mut self.created {
            let name = name_for(&pod.metadata.generate_name);
            if let Some(e) = events.next() {
                e.message = Message::About(Words::CreatedPod, name.clone());
            }
            pod.metadata.name = name;
        }
    }
}

pub(super) struct Ctx<'a> {
    pub(super) input: &'a JobSyncInput<'a>,
    pub(super) f: JobFeatures,
    pub(super) now: DateTime<Utc>,
    pub(super) out: JobSyncResult,
    /// creations + deletions allowed by the injected faults so far
    pub(super) creates_ok: usize,
}

impl Ctx<'_> {
    pub(super) fn requeue(&mut self, d: TimeDelta) {
        let d = d.max(TimeDelta::zero());
        self.out.requeue_after = Some(self.out.requeue_after.map_or(d, |r| r.min(d)));
    }
    pub(super) fn pod_call_fails(&self) -> Option<String> {
        self.input.faults.error.clone()
    }
    /// A status update; the API server's status validation may reject it (`Err`, recorded as the
    /// sync's error).
    pub(super) fn write_status(&mut self, status: JobStatus) -> Result<(), ()> {
        self.validate_status(&status)?;
        self.out.status = Some(status);
        self.out.status_writes += 1;
        Ok(())
    }
    /// A status update whose value the caller keeps working on (finalizer tracking writes, then
    /// counts the pods whose finalizers it removed): validated and counted as written now, and
    /// stored by [`keep_written`](Self::keep_written) or a later [`write_status`](Self::write_status),
    /// not copied. The caller changes it afterwards only to write it again, and a later write
    /// cannot be refused where this one was not (it changes neither `active` nor `ready`).
    pub(super) fn write_status_kept(&mut self, status: &JobStatus) -> Result<(), ()> {
        self.validate_status(status)?;
        self.out.status_writes += 1;
        Ok(())
    }
    /// Stores the status [`write_status_kept`](Self::write_status_kept) wrote, unchanged since.
    pub(super) fn keep_written(&mut self, status: JobStatus) {
        self.out.status = Some(status);
    }
    fn validate_status(&mut self, status: &JobStatus) -> Result<(), ()> {
        // `RejectMoreReadyThanActivePods` (1.32+): reachable through the active=0 back-off bug.
        if self.f.rejects_more_ready_than_active && status.ready.is_some_and(|r| r > status.active) {
            let name = &self.input.job.metadata.name;
            let err = format!(
                "Job.batch {name:?} is invalid: status.ready: Invalid value: {}: cannot set more ready pods than \
                active",
                status.ready.unwrap_or(0)
            );
            self.out.error.get_or_insert(err);
            return Err(());
        }
        Ok(())
    }
    pub(super) fn decide(&mut self, code: &'static str, explanation: impl Into<Why>) {
        let explanation = explanation.into();
        self.out.decision = SyncDecision { code, explanation };
    }
}

pub(super) fn only_replace_failed(job: &Job, f: &JobFeatures) -> bool {
    (f.pod_replacement_policy && job.spec.pod_replacement_policy == Some(PodReplacementPolicy::Failed))
        || (f.pod_failure_policy && job.spec.pod_failure_policy.is_some())
}

pub(super) fn is_indexed(job: &Job) -> bool {
    job.spec.completion_mode == Some(CompletionMode::Indexed)
}

pub(super) fn suspended(job: &Job, f: &JobFeatures) -> bool {
    f.suspend_job && job.spec.suspend == Some(true)
}
