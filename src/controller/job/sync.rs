//! `syncJob`: one reconciliation of a Job with its pods at `now` (`job_controller.go`, v1.28.7 and
//! master of 2025 for 1.27+; v1.23.13 for the work-queue era up to 1.26). The function is pure: the
//! caller applies the pod creations, deletions and finalizer removals, writes the status, records the
//! events and re-queues the Job as told.

use super::backoff::{api_error_delay, legacy_rate_limited_delay, BackoffRecord};
use super::conditions::*;
use super::indexes::Intervals;
use super::manage::{delete_pods, manage_job, ManageState};
use super::pod_failure_policy::match_pod_failure_policy;
use super::pods::{
    self, completion_index, finished_time, has_tracking_finalizer, index_failure_count, index_ignored_failure_count,
    is_active, is_pod_failed, is_ready, is_terminating,
};
use super::success_policy::match_success_policy;
use super::tracking::{enact_finished, track_and_remove_finalizers, Tracking};
use super::{JobFeatures, Why};
use crate::api::{
    CompletionMode, ConditionStatus, Job, JobCondition, JobConditionType, JobStatus, Pod, PodFailurePolicyAction,
    PodPhase, PodReplacementPolicy, RestartPolicy, UncountedTerminatedPods,
};
use chrono::{DateTime, TimeDelta, Utc};
use std::collections::{BTreeMap, BTreeSet};

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
                e.message = format!("Created pod: {name}").into();
            }
            pod.metadata.name = name;
        }
    }
}

fn job_key(job: &Job) -> String {
    let ns = if job.metadata.namespace.is_empty() { "default" } else { &job.metadata.namespace };
    format!("{ns}/{}", job.metadata.name)
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
    fn validate_status(&mut self, status: &JobStatus) -> Result<(), ()> {
        // `RejectMoreReadyThanActivePods` (1.32+): reachable through the active=0 back-off bug.
        if self.f.rejects_more_ready_than_active && status.ready.is_some_and(|r| r > status.active) {
            let name = &self.input.job.metadata.name;
            let err = format!(
                "Job.batch {name:?} is invalid: status.ready: Invalid value: {}: cannot set more ready pods than active",
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

/// Runs one `syncJob`.
///
/// ```
/// use chrono::{TimeZone, Utc};
/// use cronjob_playground::api::{Job, KubernetesVersion, RestartPolicy};
/// use cronjob_playground::controller::job::{sync_job, JobFeatures, JobMemory, JobSyncInput, PodApiFaults};
/// let mut job = Job::default();
/// job.metadata.name = "pi".into();
/// job.spec.parallelism = Some(1);
/// job.spec.completions = Some(1);
/// job.spec.backoff_limit = Some(6);
/// job.spec.template.spec.restart_policy = Some(RestartPolicy::Never);
/// let now = Utc.with_ymd_and_hms(2025, 1, 15, 10, 0, 0).unwrap();
/// let r = sync_job(&JobSyncInput {
///     job: &job, pods: &[], now,
///     features: JobFeatures::for_version(KubernetesVersion::new(28).unwrap(), None),
///     memory: &JobMemory::default(), faults: &PodApiFaults::default(),
/// });
/// assert_eq!(r.created.len(), 1);
/// assert_eq!(r.created[0].metadata.generate_name, "pi-");
/// assert_eq!(r.events[0].message, "Created pod: pi-");
/// let status = r.status.unwrap();
/// assert_eq!((status.active, status.start_time), (1, Some(now)));
/// assert_eq!(r.decision.code, "creating-pods");
/// ```
pub fn sync_job(input: &JobSyncInput<'_>) -> JobSyncResult {
    let f = input.features;
    let job = input.job;
    let mut ctx = Ctx {
        input,
        f,
        now: input.now,
        out: JobSyncResult {
            created: vec![],
            failed_creations: 0,
            deleted: vec![],
            failed_deletions: 0,
            failed_finalizer_removals: 0,
            finalizers_removed: vec![],
            status: None,
            status_writes: 0,
            events: vec![],
            requeue_after: None,
            memory: input.memory.clone(),
            error: None,
            decision: SyncDecision { code: "no-change", explanation: Why::default() },
        },
        creates_ok: 0,
    };
    if f.managed_by {
        if let Some(m) = job.spec.managed_by.as_deref().filter(|m| *m != "kubernetes.io/job-controller") {
            ctx.decide(
                "managed-elsewhere",
                format!("spec.managedBy is {m:?}, so the built-in Job controller leaves this Job alone"),
            );
            return ctx.out;
        }
    }
    if let Some(c) = job.status.finished_condition() {
        // Finished Jobs are never synced again; the 1.27+ back-off record is dropped.
        if f.pod_failure_backoff_record {
            ctx.out.memory = JobMemory::default();
        }
        ctx.decide("finished", Why::Finished(c.condition_type));
        return ctx.out;
    }
    sync_running(&mut ctx);
    ctx.out
}

fn sync_running(ctx: &mut Ctx<'_>) {
    let input = ctx.input;
    let (job, f, now) = (input.job, ctx.f, ctx.now);
    let key = job_key(job);
    let limit = job.spec.backoff_limit.unwrap_or(6);
    let parallelism = job.spec.parallelism.unwrap_or(1);
    let indexed = is_indexed(job);
    let completions = job.spec.completions.unwrap_or(0).max(0) as u32;
    let tracking = f.tracking_with_finalizers;
    let legacy = !f.pod_failure_backoff_record;
    let only_failed = only_replace_failed(job, &f);
    let pfp = job.spec.pod_failure_policy.as_ref().filter(|_| f.pod_failure_policy);
    let per_index = f.backoff_limit_per_index && indexed && job.spec.backoff_limit_per_index.is_some();
    let policy = |p: &Pod| match_pod_failure_policy(pfp, p, f.backoff_limit_per_index);
    let satisfied = !input.memory.unsatisfied_expectations;
    let is_suspended = suspended(job, &f);

    let mut status = job.status.clone();
    let no_uncounted = UncountedTerminatedPods::default();
    let uncounted = job.status.uncounted_terminated_pods.as_ref().unwrap_or(&no_uncounted);
    if tracking && status.uncounted_terminated_pods.is_none() {
        status.uncounted_terminated_pods = Some(UncountedTerminatedPods::default());
    }
    let unc_succ: BTreeSet<&str> = uncounted.succeeded.iter().map(String::as_str).collect();
    let unc_fail: BTreeSet<&str> = uncounted.failed.iter().map(String::as_str).collect();

    let pods = input.pods;
    let active_pods: Vec<&Pod> = pods.iter().copied().filter(|p| is_active(p)).collect();
    let mut active = active_pods.len() as i32;
    let mut ready = active_pods.iter().filter(|p| is_ready(p)).count() as i32;
    let track_terminating = f.track_terminating(pfp.is_some());
    let mut terminating = track_terminating.then(|| pods.iter().filter(|p| is_terminating(p)).count() as i32);

    let valid_index = |p: &Pod| !indexed || completion_index(p).is_some_and(|ix| ix < completions);
    let uncounted_valid = |p: &Pod, unc: &BTreeSet<&str>| {
        has_tracking_finalizer(p) && !unc.contains(p.metadata.uid.as_str()) && valid_index(p)
    };
    let (new_succeeded, new_failed): (Vec<&Pod>, Vec<&Pod>) = if tracking {
        (
            pods.iter()
                .copied()
                .filter(|p| uncounted_valid(p, &unc_succ) && pods::phase(p) == PodPhase::Succeeded)
                .collect(),
            pods.iter().copied().filter(|p| uncounted_valid(p, &unc_fail) && is_pod_failed(p, only_failed)).collect(),
        )
    } else {
        (vec![], vec![])
    };
    let (mut succeeded, mut failed) = if tracking {
        let counted_new_failed = new_failed.iter().filter(|p| policy(p).count_failed).count() as i32;
        (
            status.succeeded + new_succeeded.len() as i32 + uncounted.succeeded.len() as i32,
            status.failed + counted_new_failed + uncounted.failed.len() as i32,
        )
    } else {
        // Up to 1.24 (finalizer tracking off): the counters are recomputed from the pods present.
        let count = |ph: PodPhase| pods.iter().filter(|p| pods::phase(p) == ph && valid_index(p)).count() as i32;
        (count(PodPhase::Succeeded), count(PodPhase::Failed))
    };

    if status.start_time.is_none() && !is_suspended {
        status.start_time = Some(now);
    }
    let new_backoff = input.memory.backoff.with_new_pods(
        &new_succeeded.iter().map(|p| finished_time(p)).collect::<Vec<_>>(),
        &new_failed.iter().map(|p| finished_time(p)).collect::<Vec<_>>(),
    );

    let delay_terminal = f.delay_terminal_condition();
    let knows_interim = f.success_policy || delay_terminal;
    let failure_cond = |reason: &str, message: &str| {
        let t = if delay_terminal { JobConditionType::FailureTarget } else { JobConditionType::Failed };
        new_condition(t, ConditionStatus::True, reason, message, now)
    };
    let job_has_new_failure = failed > job.status.failed;
    let mut finished: Option<JobCondition> = None;
    let mut why = String::new();
    if knows_interim {
        finished = has_true(&status.conditions, JobConditionType::SuccessCriteriaMet).cloned();
        if finished.is_some() {
            why = "the Job already met its success criteria; waiting for its pods to finish".into();
        }
    }
    if finished.is_none() && (f.pod_failure_policy || delay_terminal) {
        if let Some(ft) = has_true(&status.conditions, JobConditionType::FailureTarget) {
            why =
                format!("the Job already has FailureTarget ({}); it becomes Failed once its pods are gone", ft.reason);
            finished = Some(new_condition(
                JobConditionType::Failed,
                ConditionStatus::True,
                &ft.reason.clone(),
                &ft.message.clone(),
                now,
            ));
        } else if pfp.is_some() {
            let msg = pods.iter().filter(|p| is_pod_failed(p, only_failed)).find_map(|p| policy(p).fail_job_message);
            if let Some(msg) = msg {
                let t = if tracking { JobConditionType::FailureTarget } else { JobConditionType::Failed };
                why = format!("pod failure policy: {msg}");
                finished = Some(new_condition(t, ConditionStatus::True, REASON_POD_FAILURE_POLICY, &msg, now));
            }
        }
    }
    if finished.is_none() {
        let restarts = on_failure_restarts(job, pods);
        let past_on_failure = restarts.is_some_and(|r| if limit == 0 { r > 0 } else { r >= limit as i64 });
        let exceeds = if !f.count_failed_pods {
            job_has_new_failure && active != parallelism && input.memory.requeues as i64 + 1 > limit as i64
        } else if f.new_failure_handled_in_sync {
            job_has_new_failure && active != parallelism && failed > limit
        } else {
            failed > limit
        };
        if exceeds || past_on_failure {
            why = if past_on_failure {
                format!(
                    "restartPolicy OnFailure: the running pods' containers restarted {} time(s), and {} ≥ backoffLimit {limit}{}: the Job fails and its pods are killed",
                    restarts.unwrap_or(0),
                    restarts.unwrap_or(0),
                    if limit == 0 { " (with backoffLimit 0 any restart counts)" } else { "" }
                )
            } else if !f.count_failed_pods {
                format!(
                    "before 1.20 the limit counts work-queue retries: retry {} > backoffLimit {limit}",
                    input.memory.requeues + 1
                )
            } else {
                format!("{failed} failed pod(s) > backoffLimit {limit}: the Job fails")
            };
            finished = Some(failure_cond(REASON_BACKOFF_LIMIT_EXCEEDED, MESSAGE_BACKOFF_LIMIT_EXCEEDED));
        } else if let Some(remaining) = active_deadline_remaining(job, &status, is_suspended, now) {
            if remaining <= TimeDelta::zero() {
                why = format!(
                    "activeDeadlineSeconds {} has passed since startTime {}: the Job fails and its pods are killed",
                    job.spec.active_deadline_seconds.unwrap_or(0),
                    status.start_time.map(|t| t.to_rfc3339()).unwrap_or_default()
                );
                finished = Some(failure_cond(REASON_DEADLINE_EXCEEDED, MESSAGE_DEADLINE_EXCEEDED));
            } else {
                ctx.requeue(remaining);
            }
        }
    }

    let mut succeeded_indexes = Intervals::default();
    let mut prev_succeeded_indexes = Intervals::default();
    let mut failed_indexes: Option<Intervals> = None;
    let mut delayed_per_index: BTreeMap<u32, &Pod> = BTreeMap::new();
    if indexed {
        prev_succeeded_indexes = Intervals::parse(status.completed_indexes.as_deref().unwrap_or(""), completions);
        succeeded_indexes = prev_succeeded_indexes.with_indexes(pods.iter().filter_map(|p| {
            let ix = completion_index(p)?;
            (pods::phase(p) == PodPhase::Succeeded && ix < completions && (!tracking || has_tracking_finalizer(p)))
                .then_some(ix)
        }));
        succeeded = succeeded_indexes.total() as i32;
        if per_index {
            let bl_per_index = job.spec.backoff_limit_per_index.unwrap_or(0).max(0) as u32;
            let prev = Intervals::parse(status.failed_indexes.as_deref().unwrap_or(""), completions);
            let fi = prev.with_indexes(pods.iter().filter_map(|p| {
                let ix = completion_index(p)?;
                let index_failed = is_pod_failed(p, only_failed) && {
                    let m = policy(p);
                    m.action == Some(PodFailurePolicyAction::FailIndex)
                        || (m.count_failed && index_failure_count(p) >= bl_per_index)
                };
                (ix < completions && has_tracking_finalizer(p) && index_failed).then_some(ix)
            }));
            if finished.is_none() {
                let max_failed = job.spec.max_failed_indexes;
                if max_failed.is_some_and(|m| fi.total() as i64 > m as i64) {
                    why = format!("{} failed index(es) > maxFailedIndexes {}", fi.total(), max_failed.unwrap_or(0));
                    finished =
                        Some(failure_cond(REASON_MAX_FAILED_INDEXES_EXCEEDED, MESSAGE_MAX_FAILED_INDEXES_EXCEEDED));
                } else if fi.total() > 0 && fi.total() + succeeded_indexes.total() >= completions {
                    why = format!("every index finished and {} of them failed", fi.total());
                    finished = Some(failure_cond(REASON_FAILED_INDEXES, MESSAGE_FAILED_INDEXES));
                }
            }
            let active_ix: BTreeSet<u32> = active_pods.iter().filter_map(|p| completion_index(p)).collect();
            for p in pods.iter().copied().filter(|p| has_tracking_finalizer(p) && is_pod_failed(p, only_failed)) {
                let Some(ix) = completion_index(p).filter(|&ix| ix < completions) else { continue };
                if succeeded_indexes.has(ix) || fi.has(ix) || active_ix.contains(&ix) {
                    continue;
                }
                let abs = |p: &Pod| index_failure_count(p) + index_ignored_failure_count(p);
                match delayed_per_index.get(&ix) {
                    Some(prev) if !(abs(prev) <= abs(p) && finished_time(p) >= finished_time(prev)) => {}
                    _ => {
                        delayed_per_index.insert(ix, p);
                    }
                }
            }
            failed_indexes = Some(fi);
        }
        if finished.is_none() && f.success_policy {
            if let Some(msg) = job
                .spec
                .success_policy
                .as_ref()
                .and_then(|sp| match_success_policy(sp, completions, &succeeded_indexes))
            {
                why = format!("success policy: {msg}; the remaining pods are killed");
                finished = Some(new_condition(
                    JobConditionType::SuccessCriteriaMet,
                    ConditionStatus::True,
                    REASON_SUCCESS_POLICY,
                    &msg,
                    now,
                ));
            }
        }
    }

    let mut suspend_changed = false;
    let mut decision: Option<(&'static str, Why)>;
    if let Some(cond) = finished.clone() {
        let (deleted_ready, deleted) = delete_pods(ctx, &active_pods, false);
        if (deleted != active && tracking) || !satisfied {
            finished = None;
        }
        if !tracking {
            // Up to 1.24: act as if every active pod was deleted, and count them as failed.
            failed += active;
            active = 0;
        } else {
            active -= deleted;
        }
        // Counting the pods just deleted as terminating (and no longer ready) came with the
        // delayed terminal conditions (1.31); 1.28 kept the old values (v1.28.7).
        if f.terminal_condition_after_pods_gone {
            if let Some(t) = terminating.as_mut() {
                *t += deleted;
            }
            ready -= deleted_ready;
        }
        let code = match cond.reason.as_str() {
            REASON_BACKOFF_LIMIT_EXCEEDED => "backoff-limit-exceeded",
            REASON_DEADLINE_EXCEEDED => "deadline-exceeded",
            REASON_POD_FAILURE_POLICY => "pod-failure-policy",
            REASON_MAX_FAILED_INDEXES_EXCEEDED => "max-failed-indexes",
            REASON_FAILED_INDEXES => "failed-indexes",
            REASON_SUCCESS_POLICY => "success-policy",
            _ => "finishing",
        };
        decision = Some((code, why.clone().into()));
    } else {
        let mut manage_called = false;
        if satisfied && job.metadata.deletion_timestamp.is_none() {
            let state = ManageState {
                active_pods: &active_pods,
                pods,
                succeeded,
                terminating: terminating.unwrap_or(0),
                only_failed,
                per_index,
                new_backoff,
                succeeded_indexes: &succeeded_indexes,
                failed_indexes: failed_indexes.as_ref(),
                delayed_per_index: &delayed_per_index,
            };
            let (a, removed_ready, removed, d) = manage_job(ctx, &state);
            active = a;
            if f.terminal_condition_after_pods_gone {
                ready -= removed_ready;
                if let Some(t) = terminating.as_mut() {
                    *t += removed;
                }
            }
            decision = Some(d);
            manage_called = true;
        } else if !satisfied {
            decision = Some((
                "waiting-informer",
                "pod creations or deletions issued earlier are not yet observed; the controller waits".into(),
            ));
        } else {
            decision = Some(("job-deleting", "the Job is being deleted: no pods are created".into()));
        }
        let complete = match job.spec.completions {
            None => succeeded > 0 && active == 0,
            Some(c) => succeeded >= c && active == 0,
        };
        if complete {
            let (t, reason, msg) = if delay_terminal {
                let (r, m) =
                    if f.success_policy { (REASON_COMPLETIONS_REACHED, MESSAGE_COMPLETIONS_REACHED) } else { ("", "") };
                (JobConditionType::SuccessCriteriaMet, r, m)
            } else {
                (JobConditionType::Complete, "", "")
            };
            finished = Some(new_condition(t, ConditionStatus::True, reason, msg, now));
            decision = Some((
                "complete",
                match job.spec.completions {
                    None => Why::CompleteWorkQueue { succeeded },
                    Some(completions) => Why::Complete { succeeded, completions },
                },
            ));
        } else if manage_called {
            if job.spec.suspend == Some(true) && f.suspend_job {
                if ensure_condition_status(
                    &mut status.conditions,
                    JobConditionType::Suspended,
                    ConditionStatus::True,
                    "JobSuspended",
                    "Job suspended",
                    now,
                ) {
                    suspend_changed = true;
                    ctx.out.events.push(Event::new(EventType::Normal, "Suspended", "Job suspended"));
                }
            } else if ensure_condition_status(
                &mut status.conditions,
                JobConditionType::Suspended,
                ConditionStatus::False,
                "JobResumed",
                "Job resumed",
                now,
            ) {
                suspend_changed = true;
                ctx.out.events.push(Event::new(EventType::Normal, "Resumed", "Job resumed"));
                // Resuming restarts the activeDeadlineSeconds clock.
                status.start_time = Some(now);
            }
        }
    }
    if let Some((code, why)) = decision {
        ctx.decide(code, why);
    }

    let shown_terminating = if f.pod_replacement_policy { terminating } else { None };
    let shown_ready = f.job_ready_pods.then_some(ready);
    let needs_update = suspend_changed
        || active != job.status.active
        || shown_ready != job.status.ready
        || shown_terminating != job.status.terminating;
    status.active = active;
    status.ready = shown_ready;
    status.terminating = shown_terminating;

    if tracking {
        let t = Tracking {
            pods,
            new_backoff,
            finished,
            needs_flush: needs_update,
            prev_succeeded_indexes,
            succeeded_indexes,
            failed_indexes,
            delayed_per_index: &delayed_per_index,
            only_failed,
            terminating: terminating.unwrap_or(0),
        };
        track_and_remove_finalizers(ctx, status, t);
    } else {
        // Up to 1.24: counters recomputed and written whenever something changed.
        if job.status.active != active
            || job.status.succeeded != succeeded
            || job.status.failed != failed
            || job.status.ready != shown_ready
            || suspend_changed
            || finished.is_some()
        {
            status.succeeded = succeeded;
            status.failed = failed;
            if indexed {
                status.completed_indexes = Some(succeeded_indexes.to_string()).filter(|s| !s.is_empty());
            }
            status.uncounted_terminated_pods = None;
            if let Some(c) = finished.clone() {
                enact_finished(ctx, &mut status, c);
            }
            let _ = ctx.write_status(status);
        }
    }

    // Work-queue bookkeeping: an error re-queues the Job rate-limited; success `Forget`s it.
    let finished_now = ctx.out.status.as_ref().is_some_and(|s| s.finished_condition().is_some());
    let mut forget = true;
    let status_changed = ctx.out.status_writes > 0;
    if f.new_failure_handled_in_sync && job_has_new_failure && !finished_now && (status_changed || tracking) {
        // Up to 1.27 a sync that saw a new failure returned an error on purpose; up to 1.26 its
        // rate-limited re-queue was the pod-failure back-off itself.
        ctx.out.error = Some(format!("failed pod(s) detected for job key {key:?}"));
    }
    if legacy {
        // Up to 1.26 the counter was reset (`forget`) when pods succeeded, when the untracked
        // status changed, or — the 1.25.0–1.25.5/1.26.0 regression — on every tracked sync.
        forget = job.status.succeeded < succeeded
            || (tracking && f.legacy_backoff_reset_regression)
            || (!tracking && status_changed);
    }
    let memory = &mut ctx.out.memory;
    if ctx.out.error.is_some() {
        let delay = if legacy { legacy_rate_limited_delay(memory.requeues) } else { api_error_delay(memory.requeues) };
        memory.requeues += 1;
        ctx.requeue(delay);
    } else if forget {
        memory.requeues = 0;
    }
    if finished_now && !legacy {
        // The back-off record is dropped once the Job has finished.
        ctx.out.memory = JobMemory::default();
    }
}

/// Σ restartCount of the init and app containers of pods still Pending or Running, for
/// `restartPolicy: OnFailure` Jobs (`pastBackoffLimitOnFailure`); `None` for other policies.
fn on_failure_restarts(job: &Job, pods: &[&Pod]) -> Option<i64> {
    if job.spec.template.spec.restart_policy != Some(RestartPolicy::OnFailure) {
        return None;
    }
    Some(
        pods.iter()
            .filter(|p| matches!(pods::phase(p), PodPhase::Running | PodPhase::Pending))
            .flat_map(|p| p.status.init_container_statuses.iter().chain(p.status.container_statuses.iter()))
            .map(|s| s.restart_count as i64)
            .sum(),
    )
}

/// Time left before `activeDeadlineSeconds` (`None` when there is no deadline or it does not run:
/// unset, suspended, not started).
fn active_deadline_remaining(job: &Job, status: &JobStatus, suspended: bool, now: DateTime<Utc>) -> Option<TimeDelta> {
    let ads = job.spec.active_deadline_seconds?;
    let start = status.start_time?;
    if suspended {
        return None;
    }
    Some(TimeDelta::seconds(ads) - (now - start))
}
