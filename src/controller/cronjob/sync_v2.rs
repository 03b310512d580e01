//! The v2 controller's `sync(key)` and `syncCronJob` (`cronjob_controllerv2.go`, v1.28.7, with the
//! switches of [`Behaviour`] for 1.21–1.27 and 1.29+): reconcile Jobs into status, the gates
//! (deleting, timeZone, suspend, schedule), the slot decision, Replace, create, requeue.

use super::api_server::{namespace_of, ApiError, FaultReason};
use super::behaviour::ReconcileBy;
use super::decision::{Decision, DecisionCode};
use super::effects::{Effects, ReplaceFailed};
use super::events::Event;
use super::explain::{at, Anchor, Reasoning, Sentence};
use super::job_template::{job_name, job_reference, named_job_from_template};
use super::outcome::{SyncInput, SyncOutcome};
use super::reconcile::{reconcile_jobs, Target};
use super::schedule::{
    annotation_zone, effective_time_zone, schedule_warning, BoundSchedule, ParsedSchedule, ScheduleOf,
};
use super::slots::{
    due, most_recent_schedule_time, next_schedule_time, next_schedule_time_duration, requeue_after_search, Missed,
    MostRecent, SlotError, SlotInput, Slots,
};
use super::working::Working;
use crate::api::{ConcurrencyPolicy, CronJob, Job, ObjectReference, OwnerReference};
use crate::i18n::decisions::{Arg, DecisionWords, DecisionWords as W, Worded};
use chrono::{DateTime, TimeDelta, Utc};
use std::borrow::Cow;
use std::cell::OnceCell;
use std::rc::Rc;

/// `getJobsToBeReconciled`: the Jobs in the CronJob's namespace whose controller reference
/// points at it, in cache order. Up to 1.36 the reference's name is all that is compared, so a
/// Job controlled by another kind of object of the same name is reconciled too (an unfinished
/// one reported `UnexpectedJob`, a finished one counted in the history); from 1.37 (#133313) the
/// reference is resolved as the Job handlers do: kind `CronJob`, and the UID of this CronJob.
///
/// ```
/// use cronjob_playground::api::{CronJob, Job};
/// use cronjob_playground::controller::cronjob::{jobs_to_be_reconciled, ReconcileBy};
/// use serde_json::json;
/// let cj: CronJob = serde_json::from_value(json!({"apiVersion": "batch/v1", "kind": "CronJob",
///     "metadata": {"name": "fooer", "uid": "cj-uid"}})).unwrap();
/// let owned = |name: &str, kind: &str, uid: &str| -> Job { serde_json::from_value(json!({"apiVersion": "batch/v1",
///     "kind": "Job", "metadata": {"name": name,
///     "ownerReferences": [{"apiVersion": "v1", "kind": kind, "name": "fooer", "uid": uid,
///         "controller": true}]}})).unwrap() };
/// let jobs = [owned("ours", "CronJob", "cj-uid"), owned("custom", "CustomController", "other")];
/// let jobs: Vec<&Job> = jobs.iter().collect();
/// let names = |by| jobs_to_be_reconciled(&cj, &jobs, by).iter().map(|j| j.metadata.name.clone()).collect::<Vec<_>>();
/// assert_eq!(names(ReconcileBy::ControllerName), ["ours", "custom"]);
/// assert_eq!(names(ReconcileBy::ResolvedControllerRef), ["ours"]);
/// ```
pub fn jobs_to_be_reconciled<'j, 'a>(cron_job: &CronJob, jobs: &'j [&'a Job], by: ReconcileBy) -> Cow<'j, [&'a Job]> {
    let namespace = namespace_of(&cron_job.metadata.namespace);
    let points_here = |r: &OwnerReference| match by {
        ReconcileBy::ControllerName => r.name == cron_job.metadata.name,
        ReconcileBy::ResolvedControllerRef => {
            r.kind == "CronJob" && r.name == cron_job.metadata.name && r.uid == cron_job.metadata.uid
        }
    };
    let wanted = |j: &&Job| {
        namespace_of(&j.metadata.namespace) == namespace && j.metadata.controller_of().is_some_and(points_here)
    };
    // A runtime that keeps owner indexes hands over only these Jobs: no copy then.
    if jobs.iter().all(wanted) {
        return Cow::Borrowed(jobs);
    }
    Cow::Owned(jobs.iter().copied().filter(wanted).collect())
}

/// What `syncCronJob` returns, plus the decision.
struct Verdict {
    requeue: Option<TimeDelta>,
    error: Option<String>,
    decision: Decision,
}

fn verdict(requeue: Option<TimeDelta>, code: DecisionCode, explanation: impl Into<Reasoning>) -> Verdict {
    Verdict { requeue, error: None, decision: Decision::because(code, explanation.into()) }
}

fn failure(err: impl ToString, code: DecisionCode, explanation: impl Into<Reasoning>) -> Verdict {
    Verdict { requeue: None, error: Some(err.to_string()), decision: Decision::because(code, explanation.into()) }
}

/// One v2 `sync(key)`.
pub(crate) fn sync(input: &SyncInput<'_>) -> SyncOutcome {
    let b = input.behaviour;
    let mut jobs = jobs_to_be_reconciled(input.cron_job, input.jobs, b.reconcile_by);
    if b.lists_by_template_labels {
        let wanted = &input.cron_job.spec.job_template.metadata.labels;
        jobs.to_mut().retain(|j| wanted.iter().all(|(k, v)| j.metadata.labels.get(k) == Some(v)));
    }
    let mut copy = Working::of(input.cron_job);
    let mut effects = Effects::new();
    let mut cleaned = b.cleanup_before_sync && effects.cleanup_finished_jobs(input, &mut copy, &jobs);
    let mut update_status = false;
    let mut target = Target { own: &mut copy, live: None };
    let verdict = sync_cron_job(input, &mut target, &jobs, &mut effects, &mut update_status);
    if let (true, Some(live)) = (b.writes_switched_object, target.live) {
        copy = live;
    }
    if !b.cleanup_before_sync && verdict.error.is_none() {
        cleaned = effects.cleanup_finished_jobs(input, &mut copy, &jobs);
    }
    let decision = effects.annotate(verdict.decision);
    let mut outcome = SyncOutcome {
        created_jobs: effects.created,
        deleted_jobs: effects.deleted,
        events: effects.events,
        status_update: None,
        status_updates: 0,
        requeue_after: verdict.requeue,
        error: verdict.error,
        decision,
    };
    let writes = if b.status_write_per_step {
        // After reconciling (unless reading the API failed first), after creating, and after
        // cleanup whenever a history limit is set.
        let reconciled = u32::from(outcome.decision.code != DecisionCode::ApiError);
        let created = u32::from(!outcome.created_jobs.is_empty());
        let spec = &copy.object.spec;
        let limits = spec.successful_jobs_history_limit.is_some() || spec.failed_jobs_history_limit.is_some();
        reconciled + created + u32::from(limits && outcome.error.is_none())
    } else {
        u32::from(cleaned || update_status)
    };
    if writes > 0 {
        outcome.status_update = Some(copy.status.into_owned());
        outcome.status_updates = writes;
        if let Err(err) = input.api.update_status() {
            let explanation = std::mem::replace(&mut outcome.decision.explanation, Reasoning::text(""));
            outcome.decision = Decision::because(
                DecisionCode::StatusUpdateFailed,
                explanation.and(Sentence::StatusWriteFailed(err.message.clone())),
            );
            outcome.error = Some(err.message);
            outcome.requeue_after = None;
        }
    }
    if outcome.requeue_after.is_some() {
        // `sync` returns the requeue and drops the error; syncCronJob never returns both.
        outcome.error = None;
    }
    outcome
}

/// `syncCronJob`: reconcile the Jobs into status, then the gates in the controller's order
/// (deleting, timeZone, suspend, schedule), then the slot.
fn sync_cron_job<'a>(
    input: &SyncInput<'a>,
    target: &mut Target<'_, 'a>,
    jobs: &[&Job],
    effects: &mut Effects,
    update_status: &mut bool,
) -> Verdict {
    let b = input.behaviour;
    if let Err(err) = reconcile_jobs(input, target, jobs, effects, update_status) {
        let why = Worded::new(W::V2ApiError, [Arg::from(&err)]);
        return failure(&err, DecisionCode::ApiError, why);
    }
    let cj = target.get();
    // The parse also knows whether the `timeZone` loads, which the gates ask first.
    let mut fresh = None;
    let parsed = ParsedSchedule::reuse_or_parse(
        input.schedule,
        ScheduleOf::CronJob(cj.object),
        &b,
        input.controller_zone,
        &mut fresh,
    );
    if let Some(stopped) = gate(input, cj.object, parsed, effects) {
        return stopped;
    }
    effects.events.extend(schedule_warning(cj.object, &b));
    match parsed.bound() {
        Ok(schedule) => {
            let text = parsed.spec_schedule().cloned().unwrap_or_else(|| cj.object.spec.schedule.as_str().into());
            sync_slot(input, target, (schedule, &text), effects, update_status)
        }
        Err(err) => {
            effects.events.push(Event::unparseable_schedule(&cj.object.spec.schedule, err));
            let why = Worded::new(W::V2Unparseable, [format!("{:?}", cj.object.spec.schedule).into(), err.into()]);
            verdict(None, DecisionCode::InvalidSchedule, why)
        }
    }
}

/// The gates before the schedule: a CronJob being deleted, an unknown `timeZone`, `suspend`.
fn gate(input: &SyncInput<'_>, cj: &CronJob, parsed: &ParsedSchedule, effects: &mut Effects) -> Option<Verdict> {
    if cj.metadata.deletion_timestamp.is_some() {
        return Some(verdict(None, DecisionCode::Deleting, Worded::new(W::V2Deleting, [])));
    }
    if let Some(zone) = effective_time_zone(cj, &input.behaviour) {
        // `parsed` is the parse of this CronJob's schedule in this `timeZone`: its check is this one.
        if let Err(err) = parsed.zone_check() {
            effects.events.push(Event::unknown_time_zone(zone, err));
            let why = Worded::new(W::V2UnknownZone, [format!("{zone:?}").into(), err.into()]);
            return Some(verdict(None, DecisionCode::UnknownTimeZone, why));
        }
    }
    if cj.spec.suspend == Some(true) {
        return Some(verdict(None, DecisionCode::Suspended, Reasoning::of(Sentence::Said(DecisionWords::Suspended))));
    }
    None
}

/// The slot `nextScheduleTime` finds, and what becomes of it: too late, already processed,
/// forbidden by a running Job, or started (after Replace's deletions).
fn sync_slot<'a>(
    input: &SyncInput<'a>,
    target: &mut Target<'_, 'a>,
    (schedule, text): (&BoundSchedule, &Rc<str>),
    effects: &mut Effects,
    update_status: &mut bool,
) -> Verdict {
    let b = input.behaviour;
    let now = input.now;
    let cj = target.get();
    let slots = cj.slots();
    // `mostRecentScheduleTime` without the deadline: what the requeue delay and the
    // explanation read, and, when no deadline moves the search start, `nextScheduleTime`'s own
    // search. Searched once, and only if asked for.
    let unclamped = OnceCell::new();
    let unclamped = || unclamped.get_or_init(|| most_recent_schedule_time(b.slot_search, &slots, now, false, schedule));
    let searched = match slots.starting_deadline_seconds {
        None => unclamped().clone().map(|found| due(b.slot_search, found, now)),
        Some(_) => next_schedule_time(b.slot_search, &slots, now, schedule),
    };
    let found = match searched {
        Ok(found) => found,
        Err(SlotError::Hang(h)) => {
            return failure(&h, DecisionCode::ScheduleHangs, Worded::new(W::V2Hangs, [Arg::from(&h)]));
        }
        Err(SlotError::TooClose(err)) => {
            effects.events.push(Event::invalid_schedule(&cj.object.spec.schedule, err));
            let why = Worded::new(W::V2NeverFires, [format!("{:?}", cj.object.spec.schedule).into(), err.into()]);
            return verdict(None, DecisionCode::InvalidSchedule, why);
        }
    };
    let requeue = match requeue_after_search(b.requeue, || unclamped().clone(), now, schedule) {
        Ok(r) => r,
        Err(h) => return failure(&h, DecisionCode::ScheduleHangs, h.to_string()),
    };
    let Some(scheduled) = found.most_recent else {
        let (code, why) = explain_nothing_due(input, cj.object, &slots, unclamped().as_ref().ok(), (schedule, text));
        return verdict(Some(requeue), code, Reasoning::of(why).and(wake(now, requeue)));
    };
    if found.missed == Missed::Many {
        effects.events.push(Event::too_many_missed_times(b.too_many_missed_with_count.then_some(found.count)));
    }
    if let Some(sds) = cj.object.spec.starting_deadline_seconds.filter(|_| slots.too_late(scheduled, now)) {
        effects.events.push(Event::miss_schedule(scheduled));
        let why = Sentence::MissSchedule { slot: scheduled, sds };
        return verdict(Some(requeue), DecisionCode::TooLate, Reasoning::of(why).and(wake(now, requeue)));
    }
    let name = job_name(&cj.object.metadata.name, scheduled, b.algorithm);
    let object: &'a CronJob = cj.object;
    let namespace = namespace_of(&object.metadata.namespace);
    let in_active = cj.status.active.iter().any(|r| r.name == name && namespace_of(&r.namespace) == namespace);
    if in_active || cj.status.last_schedule_time == Some(scheduled) {
        let why = Sentence::AlreadyProcessed { slot: scheduled, active_job: in_active.then_some(name) };
        return verdict(Some(requeue), DecisionCode::AlreadyProcessed, Reasoning::of(why).and(wake(now, requeue)));
    }
    let policy = cj.object.spec.concurrency_policy.unwrap_or_default();
    if policy == ConcurrencyPolicy::Forbid && !cj.status.active.is_empty() {
        effects.events.push(Event::job_already_active());
        let running = cj.status.active.iter().map(|r| r.name.clone()).collect();
        let why = Sentence::ForbidActive { running, slot: scheduled, sds: cj.object.spec.starting_deadline_seconds };
        return verdict(Some(requeue), DecisionCode::ForbidActive, Reasoning::of(why).and(wake(now, requeue)));
    }
    let mut replaced = Vec::new();
    if policy == ConcurrencyPolicy::Replace {
        let result = effects.replace_active_jobs(input, target.get(), &mut replaced);
        *update_status |= !replaced.is_empty();
        if let Err(stopped) = result {
            return replace_failed(stopped, scheduled);
        }
    }
    let cj = target.get();
    let (start, reference) = match start_job(input, cj, &name, namespace, scheduled, effects) {
        Ok(started) => started,
        Err(stopped) => return stopped,
    };
    let adopted_name = matches!(start, Start::Adopted).then(|| reference.name.clone()).unwrap_or_default();
    cj.status.to_mut().active.push(reference);
    cj.status.to_mut().last_schedule_time = Some(scheduled);
    *update_status = true;
    // The status now names the new slot: the requeue searches from it.
    let requeue = match next_schedule_time_duration(b.requeue, b.slot_search, &cj.slots(), now, schedule) {
        Ok(r) => r,
        Err(h) => return failure(&h, DecisionCode::ScheduleHangs, h.to_string()),
    };
    let (code, mut why) = match start {
        Start::Adopted => {
            (DecisionCode::Created, Reasoning::of(Sentence::Adopted { job: adopted_name, slot: scheduled }))
        }
        Start::Phantom(err) => (
            DecisionCode::CreateFailed,
            Reasoning::of(Sentence::Phantom { job: name, err: err.message, slot: scheduled }),
        ),
        Start::Created => {
            (DecisionCode::Created, created(input, cj.object, &slots, (schedule, text), &found, name, scheduled))
        }
    };
    if found.missed != Missed::None {
        why = why.and(Sentence::Missed { since: found.earliest, many: found.missed == Missed::Many });
    }
    if !replaced.is_empty() {
        why = why.and(Sentence::Replaced(replaced));
    }
    verdict(Some(requeue), code, why.and(wake(now, requeue)))
}

/// When the controller looks again: `requeue` from `now`.
fn wake(now: DateTime<Utc>, requeue: TimeDelta) -> Sentence {
    Sentence::Wake { at: now.checked_add_signed(requeue).unwrap_or(now), after: requeue }
}

/// Replace could not delete the running Jobs: the slot is not started and the sync is retried.
fn replace_failed(stopped: ReplaceFailed<'_>, scheduled: DateTime<Utc>) -> Verdict {
    match stopped {
        ReplaceFailed::Get { name, err } => {
            let why = Worded::new(W::V2ReplaceGetFailed, [name.into(), Arg::from(&err), at(scheduled).into()]);
            failure(&err, DecisionCode::ReplaceFailed, why)
        }
        ReplaceFailed::Delete { job, .. } => {
            let text = format!("could not replace job {}/{}", job.metadata.namespace, job.metadata.name);
            let why = Worded::new(W::V2ReplaceDeleteFailed, [Arg::from(&job.metadata.name), at(scheduled).into()]);
            failure(&text, DecisionCode::ReplaceFailed, why)
        }
    }
}

/// `CreateJob` for the slot and what its answer means in this release: the Job created, an
/// existing Job of ours adopted (1.28.3+), a phantom (NamespaceTerminating before 1.28.3), or
/// the sync stopped.
fn start_job(
    input: &SyncInput<'_>,
    cj: &Working<'_>,
    name: &str,
    namespace: &str,
    scheduled: DateTime<Utc>,
    effects: &mut Effects,
) -> Result<(Start, ObjectReference), Verdict> {
    let b = input.behaviour;
    match input.api.create_job(namespace, name) {
        Ok(()) => {
            let zone = annotation_zone(effective_time_zone(cj.object, &b), input.controller_zone);
            let job = named_job_from_template(cj.object, name.to_owned(), scheduled, zone, &b);
            effects.events.push(Event::successful_create(name));
            // The API server gives the created Job its UID; the Job handed back to the runtime
            // has none (the runtime's store assigns it), only the reference keeps it.
            let uid = input.new_job_uid.map_or_else(|| format!("{namespace}/{name}"), str::to_owned);
            let reference = ObjectReference { uid, ..job_reference(&job, namespace) };
            // One Job per sync: room for just it (a Vec's first growth would make room for four).
            effects.created.reserve_exact(1);
            effects.created.push(job);
            Ok((Start::Created, reference))
        }
        Err(err) if err.reason == FaultReason::NamespaceTerminating && !b.already_exists_adopts => {
            // Before 1.28.3 this case had an empty body: the controller carried on with the
            // empty Job the client returns, as if it had been created.
            effects.events.push(Event::successful_create(""));
            let empty = Job { api_version: "".into(), kind: "".into(), ..Job::default() };
            Ok((Start::Phantom(err), job_reference(&empty, "")))
        }
        Err(err) if err.reason == FaultReason::NamespaceTerminating => {
            let why = Worded::new(W::V2NamespaceTerminating, [name.into(), Arg::from(&err)]);
            Err(failure(&err, DecisionCode::CreateFailed, why))
        }
        Err(err) if err.reason == FaultReason::AlreadyExists && b.already_exists_adopts => {
            let existing = input.api.get_job(namespace, name).map_err(|err| {
                let why = Worded::new(W::V2ExistsUnreadable, [name.into(), Arg::from(&err)]);
                failure(&err, DecisionCode::ApiError, why)
            })?;
            let ours = existing.metadata.controller_of().is_some_and(|r| r.uid == cj.object.metadata.uid);
            if !ours {
                return Err(verdict(None, DecisionCode::AlreadyExists, Worded::new(W::V2ExistsNotOurs, [name.into()])));
            }
            if cj.status.active.iter().any(|r| r.uid == existing.metadata.uid) {
                let why = Worded::new(W::V2ExistsActive, [name.into(), at(scheduled).into()]);
                return Err(verdict(None, DecisionCode::AlreadyExists, why));
            }
            Ok((Start::Adopted, job_reference(existing, namespace_of(&existing.metadata.namespace))))
        }
        Err(err) if err.reason == FaultReason::AlreadyExists => {
            let why = Worded::new(W::V2ExistsBefore128, [name.into(), at(scheduled).into()]);
            Err(failure(&err, DecisionCode::AlreadyExists, why))
        }
        Err(err) => {
            effects.events.push(Event::failed_create(&err.message));
            let why = Worded::new(W::V2CreateFailed, [name.into(), at(scheduled).into(), Arg::from(&err)]);
            Err(failure(&err, DecisionCode::CreateFailed, why))
        }
    }
}

/// Why a created Job's slot is the one it is: the schedule's slot, counted for `@every` from
/// where the search started, or an instant that is not a slot at all.
fn created(
    input: &SyncInput<'_>,
    cj: &CronJob,
    slots: &SlotInput,
    (schedule, text): (&BoundSchedule, &Rc<str>),
    found: &MostRecent,
    job: String,
    scheduled: DateTime<Utc>,
) -> Reasoning {
    let now = input.now;
    let why = Reasoning::of(Sentence::Created { job, slot: scheduled, schedule: text.clone(), late: now - scheduled });
    match schedule.constant_delay() {
        // `@every` slots are counted from where the search starts, so whatever the search
        // returns is one of them; `Next(t − 1 s)` is just `t − 1 s + delay`.
        Some(delay) => {
            let anchor = match (slots.earliest(now, false) == found.earliest, slots.last_scheduled) {
                (false, _) => Anchor::Deadline(cj.spec.starting_deadline_seconds.unwrap_or_default()),
                (true, Some(_)) => Anchor::LastScheduleTime,
                (true, None) => Anchor::CreationTimestamp,
            };
            why.and(Sentence::Every { delay, from: found.earliest, anchor })
        }
        // A slot found by a `Next` chain is one, which the fields of its wall clock tell at once.
        None if !schedule.is_slot(scheduled)
            && schedule.next(scheduled - TimeDelta::seconds(1)).is_ok_and(|t| t != scheduled) =>
        {
            why.and(Sentence::NotASlot)
        }
        None => why,
    }
}

/// How the Job for the slot came to be.
enum Start {
    /// `CreateJob` succeeded.
    Created,
    /// It already existed and is ours (1.28.3+).
    Adopted,
    /// `CreateJob` failed with NamespaceTerminating, which releases before 1.28.3 ignored.
    Phantom(ApiError),
}

/// Why `nextScheduleTime` found nothing: not due yet, outside the deadline, or (1.28+) missed
/// slots the approximate search did not find.
fn explain_nothing_due(
    input: &SyncInput<'_>,
    cj: &CronJob,
    slots: &SlotInput,
    unclamped: Option<&MostRecent>,
    (schedule, text): (&dyn Slots, &Rc<str>),
) -> (DecisionCode, Sentence) {
    let now = input.now;
    let since = slots.earliest(now, false);
    let every = schedule.constant_delay();
    match (unclamped, cj.spec.starting_deadline_seconds) {
        // `@every` counts from where the search starts: with a deadline that is `now − deadline`,
        // so the slot the unclamped search sees (counted from lastScheduleTime) is not the one
        // that was skipped, and it need not be old at all.
        (Some(found), Some(sds)) if every.is_some() && found.most_recent.is_some_and(|t| !slots.too_late(t, now)) => {
            let search_from = slots.earliest(now, true);
            let next = schedule.next(search_from).ok().filter(|t| *t != crate::go::zero_time()).unwrap_or(now);
            (
                DecisionCode::TooLate,
                Sentence::EveryBeyondDeadline { delay: every.unwrap_or_default(), sds, search_from, next },
            )
        }
        (Some(found), Some(0)) if found.most_recent.is_some() => {
            (DecisionCode::TooLate, Sentence::NeverOnTime { slot: found.most_recent.unwrap_or(now) })
        }
        (Some(found), Some(sds)) if found.most_recent.is_some() => (
            DecisionCode::TooLate,
            Sentence::SkippedSilently {
                slot: found.most_recent.unwrap_or(now),
                sds,
                search_from: slots.earliest(now, true),
            },
        ),
        (Some(found), _) if found.missed != Missed::None && found.most_recent.is_none() => {
            (DecisionCode::NotFoundBySearch, Sentence::NotFoundBySearch { schedule: text.clone(), since })
        }
        _ => {
            // The search asked for the slot after `since` first: no need to ask again.
            let known = unclamped.and_then(|found| found.known_next(since));
            let upcoming =
                known.map_or_else(|| schedule.next(since).ok(), Some).filter(|t| *t != crate::go::zero_time());
            (DecisionCode::NotDue, Sentence::NotDue { schedule: text.clone(), since, upcoming })
        }
    }
}
