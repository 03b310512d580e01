//! `manageJob`: how many pods a running Job should have and which to create or delete
//! (`job_controller.go:manageJob`, `activePodsForRemoval`, `indexed_job_utils.go:firstPendingIndexes`).

use super::pods::{
    self, completion_index, index_failure_count, index_ignored_failure_count, JOB_COMPLETION_INDEX_ANNOTATION,
    JOB_INDEX_FAILURE_COUNT_ANNOTATION, JOB_INDEX_IGNORED_FAILURE_COUNT_ANNOTATION, JOB_TRACKING_FINALIZER,
};
use super::JobFeatures;
use super::backoff::{remaining_backoff, INITIAL_POD_FAILURE_BACKOFF, MAX_POD_FAILURE_BACKOFF};
use crate::api::{Job, ObjectMeta, OwnerReference, Pod};
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
    let mut left: Vec<usize> = (0..active.len()).collect();
    if let (Some(crate::api::CompletionMode::Indexed), Some(completions)) = (job.spec.completion_mode, job.spec.completions) {
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
    let Some(ix) = index else { return format!("{job_name}-") };
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
    let mut meta = ObjectMeta {
        generate_name: pod_generate_name(&job.metadata.name, index),
        namespace: job.metadata.namespace.clone(),
        labels: template.metadata.labels.clone(),
        annotations: template.metadata.annotations.clone(),
        finalizers: template.metadata.finalizers.clone(),
        owner_references: vec![OwnerReference {
            api_version: "batch/v1".into(),
            kind: "Job".into(),
            name: job.metadata.name.clone(),
            uid: job.metadata.uid.clone(),
            controller: Some(true),
            block_owner_deletion: Some(true),
        }],
        ..ObjectMeta::default()
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
    Pod { metadata: meta, spec: template.spec.clone(), ..Pod::default() }
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
pub fn indexes_ready_to_create(now: DateTime<Utc>, indexes: &[u32], last_failed: &BTreeMap<u32, &Pod>) -> (Vec<u32>, TimeDelta) {
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
