//! `manageJob`: how many pods a running Job should have and which to create or delete
//! (`job_controller.go:manageJob`, `activePodsForRemoval`, `indexed_job_utils.go:firstPendingIndexes`).

use super::backoff::{
    backoff_for_failures, remaining_backoff, BackoffRecord, INITIAL_POD_FAILURE_BACKOFF, MAX_POD_FAILURE_BACKOFF,
};
use super::conditions::{Event, EventType};
use super::context::{is_indexed, suspended, Ctx, PodDeletion};
use super::indexes::Intervals;
use super::pod_failure_policy::match_pod_failure_policy;
use super::pods::{
    self, completion_index, has_tracking_finalizer, index_failure_count, index_ignored_failure_count, is_ready,
    is_terminating, JOB_COMPLETION_INDEX_ANNOTATION, JOB_INDEX_FAILURE_COUNT_ANNOTATION,
    JOB_INDEX_IGNORED_FAILURE_COUNT_ANNOTATION, JOB_TRACKING_FINALIZER,
};
use super::{JobFeatures, Why};
use crate::api::{Job, ObjectMeta, OwnerReference, Pod, PodStatus, Word};
use crate::controller::{Message, Words};
use chrono::{DateTime, TimeDelta, Utc};
use std::collections::BTreeMap;

/// At most this many pods are created or deleted in one sync (`MaxPodCreateDeletePerSync`, 1.27+).
pub const MAX_POD_CREATE_DELETE_PER_SYNC: usize = 500;

/// How many pods the Job wants running: `parallelism`, limited by the completions still missing;
/// for a work-queue Job (no completions) keep what runs once anything succeeded.
pub(crate) fn want_active(job: &Job, active: i32, succeeded: i32) -> i32 {
    let parallelism = job.spec.parallelism.unwrap_or(1);
    match job.spec.completions {
        None if succeeded > 0 => active,
        None => parallelism,
        Some(c) => (c - succeeded).clamp(0, parallelism.max(0)),
    }
}

/// Pods to delete when more run than wanted; Indexed Jobs first lose pods with a duplicate, missing
/// or out-of-range index. Returns indexes into `active`.
pub(crate) fn pods_for_removal(job: &Job, active: &[&Pod], rm_at_least: usize) -> Vec<usize> {
    let mut rm = Vec::new();
    if rm_at_least == 0 && job.spec.completion_mode != Some(crate::api::CompletionMode::Indexed) {
        // The usual sync: nothing in excess, and no index to check, so no list of candidates.
        return rm;
    }
    let mut left: Vec<usize> = (0..active.len()).collect();
    if let (Some(crate::api::CompletionMode::Indexed), Some(completions)) =
        (job.spec.completion_mode, job.spec.completions)
    {
        left.clear();
        let mut by_index: std::collections::BTreeMap<u32, Vec<usize>> = Default::default();
        for (i, p) in active.iter().enumerate() {
            match completion_index(p) {
                Some(ix) if (ix as i64) < completions as i64 => by_index.entry(ix).or_default().push(i),
                _ => rm.push(i),
            }
        }
        for (_, mut same) in by_index {
            // Keep the most advanced pod of a repeated index (the last in deletion order).
            same.sort_by_key(|&i| pods::removal_rank(active[i]));
            let keep = same.pop().expect("non-empty group");
            rm.extend(same);
            left.push(keep);
        }
    }
    if rm.len() < rm_at_least {
        left.sort_by_key(|&i| pods::removal_rank(active[i]));
        let more = rm_at_least - rm.len();
        rm.extend(left.into_iter().take(more));
    }
    rm
}

/// `podGenerateNameWithIndex`: `<job>-<index>-`, shortened to fit `MaxGeneratedNameLength` (58).
pub fn pod_generate_name(job_name: &str, index: Option<u32>) -> String {
    let Some(ix) = index else {
        let mut prefix = String::with_capacity(job_name.len() + 1);
        prefix.push_str(job_name);
        prefix.push('-');
        return prefix;
    };
    let suffix = format!("-{ix}-");
    let prefix = format!("{job_name}{suffix}");
    if prefix.len() > 58 {
        let keep = 58 - suffix.len();
        format!("{}{suffix}", &job_name[..keep.min(job_name.len())])
    } else {
        prefix
    }
}

/// The pod the controller creates from the Job's template: generateName, owner reference
/// (controller), the tracking finalizer, and for Indexed Jobs the index annotation/label and the
/// per-index failure counts.
pub fn new_pod(job: &Job, index: Option<u32>, failure_counts: Option<(u32, u32)>, features: &JobFeatures) -> Pod {
    let template = &job.spec.template;
    // Room for the tracking finalizer, which is added to the template's.
    let mut finalizers = Vec::with_capacity(template.metadata.finalizers.len() + 1);
    finalizers.extend_from_slice(&template.metadata.finalizers);
    // Every field spelled out, here and in the pod: a `..Default::default()` would build a whole
    // empty object (the pod's with a spec of its own) only to drop what is given.
    let mut meta = ObjectMeta {
        name: String::new(),
        generate_name: pod_generate_name(&job.metadata.name, index),
        namespace: job.metadata.namespace.clone(),
        uid: String::new(),
        generation: None,
        creation_timestamp: None,
        deletion_timestamp: None,
        deletion_grace_period_seconds: None,
        labels: template.metadata.labels.clone(),
        annotations: template.metadata.annotations.clone(),
        owner_references: vec![OwnerReference {
            api_version: "batch/v1".into(),
            kind: "Job".into(),
            name: job.metadata.name.clone(),
            uid: job.metadata.uid.clone(),
            controller: Some(true),
            block_owner_deletion: Some(true),
        }],
        finalizers,
    };
    if features.tracking_with_finalizers && !meta.finalizers.iter().any(|f| f == JOB_TRACKING_FINALIZER) {
        meta.finalizers.push(JOB_TRACKING_FINALIZER.into());
    }
    if let Some(ix) = index {
        meta.annotations.insert(JOB_COMPLETION_INDEX_ANNOTATION.into(), ix.to_string());
        if features.pod_index_label {
            meta.labels.insert(JOB_COMPLETION_INDEX_ANNOTATION.into(), ix.to_string());
        }
        if let Some((counted, ignored)) = failure_counts {
            meta.annotations.insert(JOB_INDEX_FAILURE_COUNT_ANNOTATION.into(), counted.to_string());
            if ignored > 0 {
                meta.annotations.insert(JOB_INDEX_IGNORED_FAILURE_COUNT_ANNOTATION.into(), ignored.to_string());
            }
        }
    }
    Pod {
        api_version: Word::default(),
        kind: Word::default(),
        metadata: meta,
        spec: template.spec.clone(),
        status: PodStatus::default(),
    }
}

/// The failure counts a replacement of `replaced` carries (`getNewIndexFailureCounts`).
pub(crate) fn new_index_failure_counts(replaced: Option<&Pod>, counted: impl Fn(&Pod) -> bool) -> (u32, u32) {
    let Some(p) = replaced else { return (0, 0) };
    let (c, i) = (index_failure_count(p), index_ignored_failure_count(p));
    if counted(p) {
        (c + 1, i)
    } else {
        (c, i + 1)
    }
}

/// With `backoffLimitPerIndex`: how long index creation must still wait after `last_failed` (the
/// index's last failed pod): 10 s × 2^(n−1) ≤ 600 s from its finish time, n = its counted + ignored
/// failure annotations + 1 (`getRemainingTimePerIndex`).
pub fn remaining_index_backoff(now: DateTime<Utc>, last_failed: Option<&Pod>) -> TimeDelta {
    let Some(p) = last_failed else { return TimeDelta::zero() };
    let n = index_failure_count(p) + index_ignored_failure_count(p) + 1;
    remaining_backoff(now, INITIAL_POD_FAILURE_BACKOFF, MAX_POD_FAILURE_BACKOFF, n, Some(pods::finished_time(p)))
}

/// The indexes among `indexes` whose own back-off has passed; when none has, also the shortest
/// remaining wait (`getPodCreationInfoForIndependentIndexes`).
pub fn indexes_ready_to_create(
    now: DateTime<Utc>,
    indexes: &[u32],
    last_failed: &BTreeMap<u32, &Pod>,
) -> (Vec<u32>, TimeDelta) {
    let mut ready = vec![];
    let mut wait: Option<TimeDelta> = None;
    for &ix in indexes {
        let r = remaining_index_backoff(now, last_failed.get(&ix).copied());
        if r == TimeDelta::zero() {
            ready.push(ix);
        } else {
            wait = Some(wait.map_or(r, |w| w.min(r)));
        }
    }
    if ready.is_empty() {
        (ready, wait.unwrap_or_default())
    } else {
        (ready, TimeDelta::zero())
    }
}

/// Deletes pods (`deleteActivePods` / `deleteJobPods`); returns (deleted ready, deleted).
pub(super) fn delete_pods(ctx: &mut Ctx<'_>, victims: &[&Pod], remove_finalizer_first: bool) -> (i32, i32) {
    let mut deleted = 0;
    let mut deleted_ready = 0;
    for p in victims {
        if let Some(err) = ctx.pod_call_fails() {
            // deleteJobPods patches the finalizer away first; a failing patch means no DELETE.
            if remove_finalizer_first && has_tracking_finalizer(p) {
                ctx.out.failed_finalizer_removals += 1;
            } else {
                ctx.out.failed_deletions += 1;
                ctx.out.events.push(Event::new(EventType::Warning, "FailedDelete", format!("Error deleting: {err}")));
            }
            ctx.out.error.get_or_insert(err);
            continue;
        }
        deleted += 1;
        if is_ready(p) {
            deleted_ready += 1;
        }
        ctx.out.deleted.push(PodDeletion {
            name: p.metadata.name.clone(),
            uid: p.metadata.uid.clone(),
            remove_finalizer_first: remove_finalizer_first && has_tracking_finalizer(p),
        });
        ctx.out.events.push(Event::new(
            EventType::Normal,
            "SuccessfulDelete",
            format!("Deleted pod: {}", p.metadata.name),
        ));
    }
    (deleted_ready, deleted)
}

/// `status.active` while replacement pods wait for the back-off: 1.27–1.33 report 0 even with
/// pods running (issue #139428, fixed by PR #139457 in the 1.34 and 1.35 patch releases).
fn shown_active_during_backoff(f: &JobFeatures, active: i32) -> i32 {
    if f.backoff_reports_zero_active {
        0
    } else {
        active
    }
}

pub(super) struct ManageState<'a> {
    pub(super) active_pods: &'a [&'a Pod],
    pub(super) pods: &'a [&'a Pod],
    pub(super) succeeded: i32,
    pub(super) terminating: i32,
    pub(super) only_failed: bool,
    pub(super) per_index: bool,
    pub(super) new_backoff: BackoffRecord,
    pub(super) succeeded_indexes: &'a Intervals,
    pub(super) failed_indexes: Option<&'a Intervals>,
    pub(super) delayed_per_index: &'a BTreeMap<u32, &'a Pod>,
}

/// What `manageJob` answers: active pods, ready pods removed, pods removed, and the decision.
type Managed = (i32, i32, i32, (&'static str, Why));

/// `manageJob`: delete the excess (or, suspended, every active pod), else wait out the back-off,
/// else create the missing pods in slow-start batches.
pub(super) fn manage_job(ctx: &mut Ctx<'_>, st: &ManageState<'_>) -> Managed {
    let input = ctx.input;
    let (job, f) = (input.job, ctx.f);
    let active = st.active_pods.len() as i32;
    let want = want_active(job, active, st.succeeded);
    if let Some(removed) = remove_excess(ctx, st, active, want) {
        return removed;
    }
    let terminating = if st.only_failed { st.terminating } else { 0 };
    let mut diff = want - terminating - active;
    if diff <= 0 {
        return (active, 0, 0, ("waiting-pods", Why::Waiting { active, want, terminating }));
    }
    if f.pod_failure_backoff_record && !st.per_index {
        if let Some(waiting) = wait_for_backoff(ctx, st, active) {
            return waiting;
        }
    }
    if f.pod_failure_backoff_record {
        diff = diff.min(MAX_POD_CREATE_DELETE_PER_SYNC as i32);
    }
    let indexes = if is_indexed(job) {
        match pending_indexes(ctx, st, diff as usize) {
            Ok(indexes) => indexes,
            Err(wait) => return (shown_active_during_backoff(&f, active), 0, 0, wait),
        }
    } else {
        vec![None; diff as usize]
    };
    let wanted = indexes.len() as i32;
    let (created, failed_creates, not_started) = create_pods(ctx, st, &indexes);
    let active = active + wanted - not_started;
    let why = if failed_creates > 0 {
        format!(
            "{wanted} pod(s) to create: {created} created, {failed_creates} failed (creation stops after a failing \
            batch)"
        )
        .into()
    } else if st.new_backoff.failures_after_last_success > 0 && f.pod_failure_backoff_record {
        format!(
            "the back-off after {} failure(s) has passed: creating {created} replacement pod(s)",
            st.new_backoff.failures_after_last_success
        )
        .into()
    } else {
        Why::Creating { active, want, created }
    };
    (active, 0, 0, ("creating-pods", why))
}

/// Suspended: every active pod goes; otherwise only the excess (at most 500 per sync since 1.27).
fn remove_excess(ctx: &mut Ctx<'_>, st: &ManageState<'_>, active: i32, want: i32) -> Option<Managed> {
    let (job, f) = (ctx.input.job, ctx.f);
    let is_suspended = suspended(job, &f);
    let rm_at_least = if is_suspended { st.active_pods.len() } else { (active - want).max(0) as usize };
    let mut remove = pods_for_removal(job, st.active_pods, rm_at_least);
    if f.pod_failure_backoff_record && !is_suspended {
        remove.truncate(MAX_POD_CREATE_DELETE_PER_SYNC);
    }
    if !is_suspended && remove.is_empty() {
        return None;
    }
    let victims: Vec<&Pod> = remove.into_iter().map(|i| st.active_pods[i]).collect();
    let (rr, removed) = delete_pods(ctx, &victims, true);
    let decision = if is_suspended {
        (
            "suspended",
            format!(
                "spec.suspend is true: {removed} running pod(s) deleted without counting them as failed, none created"
            )
            .into(),
        )
    } else {
        (
            "deleting-pods",
            format!("{active} pod(s) active but {want} wanted (parallelism/remaining completions): deleting {removed}")
                .into(),
        )
    };
    Some((active - removed, rr, removed, decision))
}

/// The Job-wide pod failure back-off (1.27+): no replacement until it has passed.
fn wait_for_backoff(ctx: &mut Ctx<'_>, st: &ManageState<'_>, active: i32) -> Option<Managed> {
    let remaining = st.new_backoff.remaining(ctx.now);
    if remaining <= TimeDelta::zero() {
        return None;
    }
    ctx.requeue(remaining.max(TimeDelta::seconds(1)));
    let n = st.new_backoff.failures_after_last_success;
    let why = format!(
        "{n} consecutive pod failure(s): the replacement waits {}s from the last failure at {} (10s doubling, max \
        600s), {}s left",
        backoff_for_failures(n, INITIAL_POD_FAILURE_BACKOFF, MAX_POD_FAILURE_BACKOFF).num_seconds(),
        st.new_backoff.last_failure_time.map(|t| t.to_rfc3339()).unwrap_or_default(),
        remaining.num_milliseconds() as f64 / 1000.0
    );
    Some((shown_active_during_backoff(&ctx.f, active), 0, 0, ("waiting-backoff", why.into())))
}

/// An Indexed Job's first `count` indexes neither succeeded, running nor (per-index back-off)
/// still waiting; `Err` when every pending index waits for its own back-off.
fn pending_indexes(
    ctx: &mut Ctx<'_>,
    st: &ManageState<'_>,
    count: usize,
) -> Result<Vec<Option<u32>>, (&'static str, Why)> {
    let job = ctx.input.job;
    let completions = job.spec.completions.unwrap_or(0).max(0) as u32;
    let mut taken = st.succeeded_indexes.with_indexes(st.active_pods.iter().filter_map(|p| completion_index(p)));
    if st.only_failed {
        taken = taken.with_indexes(st.pods.iter().filter(|p| is_terminating(p)).filter_map(|p| completion_index(p)));
    }
    if let Some(fi) = st.failed_indexes {
        taken = taken.merge(fi);
    }
    let mut ix = taken.first_missing(count, completions);
    if st.per_index {
        let (ready_now, wait) = indexes_ready_to_create(ctx.now, &ix, st.delayed_per_index);
        if ready_now.is_empty() && wait > TimeDelta::zero() {
            ctx.requeue(wait.max(TimeDelta::seconds(1)));
            let why = format!(
                "every pending index waits for its own back-off; the first may start in {}s",
                wait.num_seconds()
            );
            return Err(("waiting-backoff", why.into()));
        }
        ix = ready_now;
    }
    Ok(ix.into_iter().map(Some).collect())
}

/// `slowStartBatch`: creates one pod, then two, four, ... and stops after a batch with a
/// failure. Returns (created, failed, not started: the failed and the skipped).
fn create_pods(ctx: &mut Ctx<'_>, st: &ManageState<'_>, indexes: &[Option<u32>]) -> (i32, i32, i32) {
    let input = ctx.input;
    let (job, f) = (input.job, ctx.f);
    let mut batch = 1usize;
    let mut next = 0usize;
    let (mut created, mut failed_creates, mut not_started) = (0, 0, 0);
    ctx.out.created.reserve_exact(indexes.len());
    ctx.out.events.reserve(indexes.len());
    while next < indexes.len() {
        let end = (next + batch).min(indexes.len());
        let mut errors = 0;
        for ix in &indexes[next..end] {
            let allowed = input.faults.create_limit.is_none_or(|l| ctx.creates_ok < l);
            if let Some(err) =
                ctx.pod_call_fails().or_else(|| (!allowed).then(|| "pod creation failed: limit reached".to_string()))
            {
                errors += 1;
                failed_creates += 1;
                ctx.out.failed_creations += 1;
                ctx.out.events.push(Event::new(EventType::Warning, "FailedCreate", format!("Error creating: {err}")));
                ctx.out.error.get_or_insert(err);
                not_started += 1;
                continue;
            }
            ctx.creates_ok += 1;
            let counts = if st.per_index {
                let replaced = ix.and_then(|i| st.delayed_per_index.get(&i).copied());
                Some(new_index_failure_counts(replaced, |p| {
                    match_pod_failure_policy(job.spec.pod_failure_policy.as_ref(), p, true).count_failed
                }))
            } else {
                None
            };
            let pod = new_pod(job, *ix, counts, &f);
            let message = Message::About(Words::CreatedPod, pod.metadata.generate_name.clone());
            ctx.out.events.push(Event::new(EventType::Normal, "SuccessfulCreate", message));
            ctx.out.created.push(pod);
            created += 1;
        }
        let skipped = indexes.len() - end;
        if errors > 0 && skipped > 0 {
            not_started += skipped as i32;
            break;
        }
        next = end;
        batch = (batch * 2).min(indexes.len() - next.min(indexes.len())).max(1);
    }
    (created, failed_creates, not_started)
}
