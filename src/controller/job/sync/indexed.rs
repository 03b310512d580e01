//! An Indexed Job's progress in one sync: completed indexes, failed indexes with
//! `backoffLimitPerIndex` (1.28+), the failed pods each index waits on, and the success policy
//! (1.30+) (`job_controller.go:syncJob`, `indexed_job_utils.go`, `success_policy.go`).

use super::super::conditions::*;
use super::super::indexes::Intervals;
use super::super::pods::{
    self, completion_index, finished_time, has_tracking_finalizer, index_failure_count, index_ignored_failure_count,
    is_pod_failed,
};
use super::super::success_policy::match_success_policy;
use super::shape::Shape;
use super::tally::Tally;
use super::verdict::{failure_condition, Verdict};
use crate::api::{ConditionStatus, JobConditionType, Pod, PodFailurePolicyAction, PodPhase};
use crate::i18n::decisions::{Arg, DecisionWords as W, Worded};
use chrono::{DateTime, Utc};
use std::collections::{BTreeMap, BTreeSet};

/// What the indexes say (all empty for a `NonIndexed` Job).
#[derive(Default)]
pub(super) struct IndexProgress<'a> {
    /// `status.completedIndexes` before the sync.
    pub(super) prev_succeeded: Intervals,
    pub(super) succeeded: Intervals,
    /// `status.failedIndexes` with `backoffLimitPerIndex`.
    pub(super) failed: Option<Intervals>,
    /// Per index, the failed pod whose replacement waits for the back-off.
    pub(super) delayed_per_index: BTreeMap<u32, &'a Pod>,
}

impl<'a> IndexProgress<'a> {
    /// Folds the indexes into the tally (an Indexed Job's `succeeded` counts indexes) and the
    /// verdict (too many failed indexes, every index failed or done, a success policy met).
    pub(super) fn fold(
        shape: &Shape<'_>,
        pods: &'a [&'a Pod],
        tally: &mut Tally<'_>,
        verdict: &mut Verdict,
        now: DateTime<Utc>,
    ) -> Self {
        let mut progress = IndexProgress::default();
        if !shape.indexed {
            return progress;
        }
        let (completions, status) = (shape.completions, &tally.status);
        progress.prev_succeeded = Intervals::parse(status.completed_indexes.as_deref().unwrap_or(""), completions);
        progress.succeeded = progress.prev_succeeded.with_indexes(pods.iter().filter_map(|p| {
            let ix = completion_index(p)?;
            (pods::phase(p) == PodPhase::Succeeded
                && ix < completions
                && (!shape.tracking || has_tracking_finalizer(p)))
            .then_some(ix)
        }));
        tally.succeeded = progress.succeeded.total() as i32;
        if shape.per_index {
            progress.fold_failed_indexes(shape, pods, tally, verdict, now);
        }
        if verdict.finished.is_none() && shape.f.success_policy {
            if let Some(msg) = shape
                .job
                .spec
                .success_policy
                .as_ref()
                .and_then(|sp| match_success_policy(sp, completions, &progress.succeeded))
            {
                verdict.why = Worded::new(W::JobSuccessPolicy, [Arg::from(&msg)]).into();
                verdict.finished = Some(new_condition(
                    JobConditionType::SuccessCriteriaMet,
                    ConditionStatus::True,
                    REASON_SUCCESS_POLICY,
                    &msg,
                    now,
                ));
            }
        }
        progress
    }

    /// `backoffLimitPerIndex`: the indexes that failed for good, whether the Job fails for them,
    /// and per index the last failed pod a replacement waits on.
    fn fold_failed_indexes(
        &mut self,
        shape: &Shape<'_>,
        pods: &'a [&'a Pod],
        tally: &Tally<'_>,
        verdict: &mut Verdict,
        now: DateTime<Utc>,
    ) {
        let (job, completions) = (shape.job, shape.completions);
        let bl_per_index = job.spec.backoff_limit_per_index.unwrap_or(0).max(0) as u32;
        let prev = Intervals::parse(tally.status.failed_indexes.as_deref().unwrap_or(""), completions);
        let fi = prev.with_indexes(pods.iter().filter_map(|p| {
            let ix = completion_index(p)?;
            let index_failed = is_pod_failed(p, shape.only_failed) && {
                let m = shape.policy(p);
                m.action == Some(PodFailurePolicyAction::FailIndex)
                    || (m.count_failed && index_failure_count(p) >= bl_per_index)
            };
            (ix < completions && has_tracking_finalizer(p) && index_failed).then_some(ix)
        }));
        if verdict.finished.is_none() {
            let max_failed = job.spec.max_failed_indexes;
            if max_failed.is_some_and(|m| fi.total() as i64 > m as i64) {
                let why = Worded::new(W::JobFailedIndexesPastMax, [fi.total().into(), max_failed.unwrap_or(0).into()]);
                verdict.why = why.into();
                verdict.finished = Some(failure_condition(
                    shape,
                    REASON_MAX_FAILED_INDEXES_EXCEEDED,
                    MESSAGE_MAX_FAILED_INDEXES_EXCEEDED,
                    now,
                ));
            } else if fi.total() > 0 && fi.total() + self.succeeded.total() >= completions {
                verdict.why = Worded::new(W::JobIndexesFailed, [fi.total().into()]).into();
                verdict.finished = Some(failure_condition(shape, REASON_FAILED_INDEXES, MESSAGE_FAILED_INDEXES, now));
            }
        }
        let active_ix: BTreeSet<u32> = tally.active_pods.iter().filter_map(|p| completion_index(p)).collect();
        for p in pods.iter().copied().filter(|p| has_tracking_finalizer(p) && is_pod_failed(p, shape.only_failed)) {
            let Some(ix) = completion_index(p).filter(|&ix| ix < completions) else { continue };
            if self.succeeded.has(ix) || fi.has(ix) || active_ix.contains(&ix) {
                continue;
            }
            let abs = |p: &Pod| index_failure_count(p) + index_ignored_failure_count(p);
            match self.delayed_per_index.get(&ix) {
                Some(prev) if !(abs(prev) <= abs(p) && finished_time(p) >= finished_time(prev)) => {}
                _ => {
                    self.delayed_per_index.insert(ix, p);
                }
            }
        }
        self.failed = Some(fi);
    }
}
