//! Counting finished pods through the tracking finalizer and declaring the Job finished
//! (`job_controller.go:trackJobStatusAndRemoveFinalizers`, `flushUncountedAndRemoveFinalizers`,
//! `enactJobFinished`, `recordJobFinished`; finalizer tracking GA in 1.26).

use super::backoff::BackoffRecord;
use super::conditions::{ensure_condition_status, has_true, new_condition, Event, EventType};
use super::context::{is_indexed, Ctx};
use super::indexes::Intervals;
use super::pod_failure_policy::match_pod_failure_policy;
use super::pods::{self, completion_index, has_tracking_finalizer, is_pod_failed};
use crate::api::{ConditionStatus, JobCondition, JobConditionType, JobStatus, Pod, PodPhase, UncountedTerminatedPods};
use chrono::{DateTime, Utc};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// At most this many pods enter `uncountedTerminatedPods` per sync (`MaxUncountedPods`).
pub const MAX_UNCOUNTED_PODS: usize = 500;

pub(super) struct Tracking<'a> {
    pub(super) pods: &'a [&'a Pod],
    pub(super) new_backoff: BackoffRecord,
    pub(super) finished: Option<JobCondition>,
    pub(super) needs_flush: bool,
    pub(super) prev_succeeded_indexes: Intervals,
    pub(super) succeeded_indexes: Intervals,
    pub(super) failed_indexes: Option<Intervals>,
    pub(super) delayed_per_index: &'a BTreeMap<u32, &'a Pod>,
    pub(super) only_failed: bool,
    pub(super) terminating: i32,
}

/// `trackJobStatusAndRemoveFinalizers`: move finished pods into `uncountedTerminatedPods`, remove
/// their finalizers, fold them into the counters, then add the terminal condition if due.
pub(super) fn track_and_remove_finalizers(ctx: &mut Ctx<'_>, mut status: JobStatus, t: Tracking<'_>) {
    let job = ctx.input.job;
    let mut needs_flush = t.needs_flush;
    // Indexed Jobs' pods are handled in index order; the others' as listed, without a copy.
    let pods: Cow<'_, [&Pod]> = if is_indexed(job) {
        let mut sorted = t.pods.to_vec();
        sorted.sort_by_key(|p| completion_index(p).map_or(-1, i64::from));
        Cow::Owned(sorted)
    } else {
        Cow::Borrowed(t.pods)
    };
    // Taken, not copied: the status gets the updated lists back before anything reads them.
    let mut unc = status.uncounted_terminated_pods.take().unwrap_or_default();
    needs_flush |= clean_uncounted(&mut status, &mut unc, &pods, &[]);
    let counted = count_finished(ctx, &t, &pods, &mut unc);
    needs_flush |= counted.changed;
    if is_indexed(job) {
        needs_flush |= record_indexes(&mut status, &t, counted.new_succeeded_indexes);
    }
    status.uncounted_terminated_pods = Some(unc);
    // The condition is moved, not copied: nothing reads it from `t` any more.
    let finished = t.finished.map(|c| interim_condition(&mut status, c, ctx.now, &mut needs_flush));
    let Some(Flushed { mut needs_flush, written }) =
        flush_and_remove_finalizers(ctx, &mut status, needs_flush, &pods, &counted.remove, t.new_backoff)
    else {
        return;
    };
    if let Some(c) = finished.filter(|_| !counted.reached_max_uncounted) {
        let unc = status.uncounted_terminated_pods.as_ref();
        let pending = unc.map_or(0, |u| u.succeeded.len() + u.failed.len());
        if pending > 0 {
            ctx.out.decision.explanation.push_str(&format!("; {pending} finished pod(s) are still being counted"));
        } else if ctx.f.delay_terminal_condition() && t.terminating > 0 {
            ctx.out.decision.explanation.push_str(&format!(
                "; {:?} waits until the {} terminating pod(s) are gone",
                c.condition_type, t.terminating
            ));
        } else {
            enact_finished(ctx, &mut status, c);
            needs_flush = true;
        }
    }
    if needs_flush {
        let _ = ctx.write_status(status);
    } else if written {
        ctx.keep_written(status);
    }
}

/// What the pass over the finished pods found.
struct Counted<'a> {
    /// Pods whose tracking finalizer goes.
    remove: Vec<&'a Pod>,
    /// Indexes newly succeeded (Indexed Jobs count indexes, not pod UIDs).
    new_succeeded_indexes: Vec<u32>,
    /// `MaxUncountedPods` reached: the rest wait for the next sync.
    reached_max_uncounted: bool,
    /// Whether `uncountedTerminatedPods` gained a UID or an index was newly counted.
    changed: bool,
}

/// The loop of `trackJobStatusAndRemoveFinalizers`: which finished pods lose their finalizer
/// and how each is counted (succeeded, failed unless the pod failure policy ignores it).
fn count_finished<'a>(
    ctx: &Ctx<'_>,
    t: &Tracking<'_>,
    pods: &[&'a Pod],
    unc: &mut UncountedTerminatedPods,
) -> Counted<'a> {
    let (job, f) = (ctx.input.job, ctx.f);
    let indexed = is_indexed(job);
    let completions = job.spec.completions.unwrap_or(0).max(0) as u32;
    let pfp = job.spec.pod_failure_policy.as_ref().filter(|_| f.pod_failure_policy);
    let finished = &t.finished;
    // The lists as they were are set aside and read in place; the UIDs this pass adds go into the
    // emptied lists and join the old ones after it.
    let (orig_succ, orig_fail) = (std::mem::take(&mut unc.succeeded), std::mem::take(&mut unc.failed));
    let (orig_unc_failed, orig_unc_succ) = (UidSet::of(&orig_fail), UidSet::of(&orig_succ));
    let is_success_target = finished.as_ref().is_some_and(|c| c.condition_type == JobConditionType::SuccessCriteriaMet);
    let mut counted =
        Counted { remove: vec![], new_succeeded_indexes: vec![], reached_max_uncounted: false, changed: false };
    for p in pods.iter().copied() {
        if !has_tracking_finalizer(p) {
            continue;
        }
        let failed = is_pod_failed(p, t.only_failed);
        let can_remove = job.metadata.deletion_timestamp.is_some()
            || finished.is_some()
            || pods::phase(p) == PodPhase::Succeeded
            // The last failed pod of an index keeps its finalizer until its replacement exists.
            || (failed
                && completion_index(p)
                    .and_then(|ix| t.delayed_per_index.get(&ix))
                    .is_none_or(|d| d.metadata.uid != p.metadata.uid));
        if !can_remove {
            continue;
        }
        counted.remove.push(p);
        let uid = p.metadata.uid.as_str();
        if pods::phase(p) == PodPhase::Succeeded && !orig_unc_failed.contains(uid) {
            if indexed {
                if let Some(ix) =
                    completion_index(p).filter(|&ix| ix < completions && !t.prev_succeeded_indexes.has(ix))
                {
                    counted.new_succeeded_indexes.push(ix);
                    counted.changed = true;
                }
            } else if !orig_unc_succ.contains(uid) {
                unc.succeeded.push(uid.to_owned());
                counted.changed = true;
            }
        } else if failed || (finished.is_some() && !is_success_target) {
            let valid = !indexed || completion_index(p).is_some_and(|ix| ix < completions);
            if !orig_unc_failed.contains(uid)
                && valid
                && match_pod_failure_policy(pfp, p, f.backoff_limit_per_index).count_failed
            {
                unc.failed.push(uid.to_owned());
                counted.changed = true;
            }
        }
        let uncounted = orig_succ.len() + unc.succeeded.len() + orig_fail.len() + unc.failed.len();
        if counted.new_succeeded_indexes.len() + uncounted >= MAX_UNCOUNTED_PODS {
            // Keeps the status small and big Jobs from starving others; the next sync goes on.
            counted.reached_max_uncounted = true;
            break;
        }
    }
    drop((orig_unc_succ, orig_unc_failed));
    unc.succeeded = joined(orig_succ, std::mem::take(&mut unc.succeeded));
    unc.failed = joined(orig_fail, std::mem::take(&mut unc.failed));
    counted
}

/// The UIDs that were uncounted followed by those this sync added (the added list itself when
/// none were).
fn joined(mut orig: Vec<String>, added: Vec<String>) -> Vec<String> {
    if orig.is_empty() {
        return added;
    }
    orig.extend(added);
    orig
}

/// UIDs to look pods up in: sorted, searched by halves (the usual empty list allocates nothing).
pub(super) struct UidSet<'a>(Vec<&'a str>);

impl<'a> UidSet<'a> {
    /// The UIDs of an uncounted list.
    pub(super) fn of(uids: &'a [String]) -> Self {
        UidSet::sorted(uids.iter().map(String::as_str).collect())
    }

    fn sorted(mut uids: Vec<&'a str>) -> Self {
        uids.sort_unstable();
        UidSet(uids)
    }

    pub(super) fn contains(&self, uid: &str) -> bool {
        self.0.binary_search(&uid).is_ok()
    }
}

/// An Indexed Job's `completedIndexes`, `succeeded` and `failedIndexes`; whether they changed.
fn record_indexes(status: &mut JobStatus, t: &Tracking<'_>, new_succeeded: Vec<u32>) -> bool {
    let mut changed = false;
    let si = t.succeeded_indexes.with_indexes(new_succeeded);
    let text = si.to_string();
    if status.completed_indexes.as_deref().unwrap_or("") != text {
        changed = true;
    }
    status.succeeded = si.total() as i32;
    // A Go string with omitempty: "" is absent.
    status.completed_indexes = Some(text).filter(|s| !s.is_empty());
    let fi = t.failed_indexes.as_ref().map(|fi| fi.to_string());
    if status.failed_indexes != fi {
        status.failed_indexes = fi;
        changed = true;
    }
    changed
}

/// The interim conditions `FailureTarget` and `SuccessCriteriaMet` are written first; the
/// terminal `Failed` / `Complete` they announce follows once the pods are counted.
fn interim_condition(
    status: &mut JobStatus,
    c: JobCondition,
    now: DateTime<Utc>,
    needs_flush: &mut bool,
) -> JobCondition {
    match c.condition_type {
        JobConditionType::FailureTarget => {
            status.conditions.push(c.clone());
            *needs_flush = true;
            new_condition(JobConditionType::Failed, ConditionStatus::True, &c.reason, &c.message, now)
        }
        JobConditionType::SuccessCriteriaMet => {
            if has_true(&status.conditions, JobConditionType::SuccessCriteriaMet).is_none() {
                status.conditions.push(c.clone());
                *needs_flush = true;
            }
            new_condition(JobConditionType::Complete, ConditionStatus::True, &c.reason, &c.message, now)
        }
        _ => c,
    }
}

/// `flushUncountedAndRemoveFinalizers`: write the status (nothing is counted and no finalizer
/// removed until a write succeeds), remove the finalizers, and move the UIDs whose finalizer is
/// gone into the counters. `None` when the sync ends here (a failed write or removal). The status
/// is changed where it is rather than moved in and out (it is large).
fn flush_and_remove_finalizers(
    ctx: &mut Ctx<'_>,
    status: &mut JobStatus,
    needs_flush: bool,
    pods: &[&Pod],
    remove: &[&Pod],
    backoff: BackoffRecord,
) -> Option<Flushed> {
    let written = needs_flush;
    if written {
        ctx.write_status_kept(status).ok()?;
        ctx.out.memory.backoff = backoff;
    }
    let mut rm_err = None;
    let mut removed = Vec::with_capacity(remove.len());
    for p in remove {
        if let Some(err) = ctx.pod_call_fails() {
            ctx.out.failed_finalizer_removals += 1;
            rm_err.get_or_insert(err);
            continue;
        }
        removed.push(p.metadata.uid.as_str());
        ctx.out.finalizers_removed.push(p.metadata.name.clone());
    }
    removed.sort_unstable();
    let mut unc = status.uncounted_terminated_pods.take().unwrap_or_default();
    let needs_flush = clean_uncounted(status, &mut unc, pods, &removed);
    status.uncounted_terminated_pods = Some(unc);
    if let Some(err) = rm_err {
        if needs_flush {
            let _ = ctx.write_status(std::mem::take(status));
        } else if written {
            ctx.keep_written(std::mem::take(status));
        }
        ctx.out.error.get_or_insert(err);
        return None;
    }
    Some(Flushed { needs_flush, written })
}

/// Whether the status after the flush still needs writing, and whether the flush wrote it (then
/// it is kept, not copied: [`Ctx::write_status_kept`]).
struct Flushed {
    needs_flush: bool,
    written: bool,
}

/// `cleanUncountedPodsWithoutFinalizers`: UIDs whose finalizer is gone (no pod of `pods` carries
/// it, or it was `removed` in this sync; sorted) move into the counters.
fn clean_uncounted(status: &mut JobStatus, unc: &mut UncountedTerminatedPods, pods: &[&Pod], removed: &[&str]) -> bool {
    if unc.succeeded.is_empty() && unc.failed.is_empty() {
        // The usual case: nothing uncounted, so the pods' finalizers need not be gathered.
        return false;
    }
    // A UID whose finalizer was just removed goes without a look at the pods; the pods that keep
    // theirs are gathered only for a UID that was not.
    let mut with_finalizer = None;
    let mut keeps = |uid: &String| {
        removed.binary_search(&uid.as_str()).is_err()
            && with_finalizer
                .get_or_insert_with(|| {
                    UidSet::sorted(
                        pods.iter().filter(|p| has_tracking_finalizer(p)).map(|p| p.metadata.uid.as_str()).collect(),
                    )
                })
                .contains(uid)
    };
    let before = (unc.succeeded.len(), unc.failed.len());
    unc.succeeded.retain(&mut keeps);
    unc.failed.retain(&mut keeps);
    status.succeeded += (before.0 - unc.succeeded.len()) as i32;
    status.failed += (before.1 - unc.failed.len()) as i32;
    before != (unc.succeeded.len(), unc.failed.len())
}

/// `enactJobFinished` + `recordJobFinished`: add the terminal condition, set completionTime for
/// success, record the event.
pub(super) fn enact_finished(ctx: &mut Ctx<'_>, status: &mut JobStatus, c: JobCondition) {
    let now = ctx.now;
    ensure_condition_status(&mut status.conditions, c.condition_type, c.status, &c.reason, &c.message, now);
    if c.condition_type == JobConditionType::Complete {
        status.completion_time = Some(now);
        if ctx.input.job.spec.completions.is_some_and(|n| status.succeeded > n) {
            ctx.out.events.push(Event::new(
                EventType::Warning,
                "TooManySucceededPods",
                "Too many succeeded pods running after completion count reached",
            ));
        }
        ctx.out.events.push(Event::new(EventType::Normal, "Completed", "Job completed"));
    } else {
        ctx.out.events.push(Event::new(EventType::Warning, c.reason, c.message));
    }
}
