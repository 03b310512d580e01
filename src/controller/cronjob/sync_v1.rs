//! The legacy v1 controller (`cronjob_controller.go`, default until 1.20): every 10 s
//! `syncAll` lists all Jobs and CronJobs and runs `syncOne` then `cleanupFinishedJobs` for each.
//! Differences from v2 that show: exact enumeration of unmet slots with a hard stop beyond 100
//! (`FailedNeedsStart`, nothing ever runs), seconds in Job names, a silent Forbid, no
//! `AlreadyExists` special case, `MissingJob` decided from the listed Jobs alone, no time zones,
//! and up to three unconditional status writes.

use super::api_server::{namespace_of, FaultReason};
use super::decision::{Decision, DecisionCode};
use super::effects::{condition_name, Effects, ReplaceFailed};
use super::events::Event;
use super::explain::{at, deadline, lateness_words, secs, still_within_words, Reasoning, Sentence};
use super::job_template::{job_from_template, job_name, job_reference};
use super::outcome::{SyncInput, SyncOutcome};
use super::schedule::{BoundSchedule, ParsedSchedule, ScheduleOf};
use super::slots::{recent_unmet_schedule_times, SlotInput, UnmetError};
use super::working::Working;
use crate::api::{ConcurrencyPolicy, CronJob, Job};
use crate::go::Tz;
use crate::i18n::decisions::{Arg, DecisionWords as W, Worded};
use chrono::{DateTime, TimeDelta, Utc};

/// How often the legacy controller looks at every CronJob (`wait.Until(syncAll, 10s)`).
pub const POLL_INTERVAL: TimeDelta = TimeDelta::seconds(10);

/// `groupJobsByParent`: the Jobs whose controller reference is a `CronJob` with this UID.
pub fn jobs_of_parent<'a>(cron_job: &CronJob, jobs: &[&'a Job]) -> Vec<&'a Job> {
    jobs.iter()
        .copied()
        .filter(|j| j.metadata.controller_of().is_some_and(|r| r.kind == "CronJob" && r.uid == cron_job.metadata.uid))
        .collect()
}

struct Run<'i, 'a> {
    input: &'i SyncInput<'a>,
    effects: Effects,
    status_update: Option<crate::api::CronJobStatus>,
    status_updates: u32,
}

impl Run<'_, '_> {
    /// An unconditional `UpdateStatus`; `false` when it failed.
    fn update_status(&mut self, cj: &Working<'_>) -> bool {
        self.status_updates += 1;
        self.status_update = Some(cj.status.clone().into_owned());
        self.input.api.update_status().is_ok()
    }

    fn finish(self, decision: Decision) -> SyncOutcome {
        SyncOutcome {
            created_jobs: self.effects.created,
            deleted_jobs: self.effects.deleted,
            events: self.effects.events,
            status_update: self.status_update,
            status_updates: self.status_updates,
            requeue_after: None,
            error: None,
            decision,
        }
    }
}

/// One poll of one CronJob: `syncOne` then `cleanupFinishedJobs`.
pub(crate) fn sync(input: &SyncInput<'_>) -> SyncOutcome {
    let jobs = jobs_of_parent(input.cron_job, input.jobs);
    let mut cj = Working::of(input.cron_job);
    let mut run = Run { input, effects: Effects::new(), status_update: None, status_updates: 0 };
    let decision = sync_one(&mut run, &mut cj, &jobs);
    if cj.object.spec.successful_jobs_history_limit.is_some() || cj.object.spec.failed_jobs_history_limit.is_some() {
        run.effects.cleanup_finished_jobs(input, &mut cj, &jobs);
        run.update_status(&cj);
    }
    let poll = Sentence::Worded(Worded::new(W::V1Poll, [Arg::from(secs(POLL_INTERVAL))]));
    let decision = run.effects.annotate(Decision::because(decision.code, decision.explanation.and(poll)));
    run.finish(decision)
}

fn decide(code: DecisionCode, explanation: impl Into<Reasoning>) -> Decision {
    Decision::because(code, explanation.into())
}

/// Words with their values.
fn words<const N: usize>(words: W, args: [Arg; N]) -> Worded {
    Worded::new(words, args)
}

/// `syncOne`: reconcile `status.active` with the Jobs, write it, then the gates (deleting,
/// suspend, schedule) and the slot.
fn sync_one(run: &mut Run<'_, '_>, cj: &mut Working<'_>, jobs: &[&Job]) -> Decision {
    let input = run.input;
    let b = input.behaviour;
    reconcile_active(run, cj, jobs);
    if !run.update_status(cj) {
        return decide(DecisionCode::StatusUpdateFailed, words(W::V1StatusWriteFailed, []));
    }
    if cj.object.metadata.deletion_timestamp.is_some() {
        return decide(DecisionCode::Deleting, words(W::V1Deleting, []));
    }
    if cj.object.spec.suspend == Some(true) {
        return decide(DecisionCode::Suspended, words(W::V1Suspended, []));
    }
    // The legacy controller parses `spec.schedule` as is (no timeZone reaches it).
    let mut fresh = None;
    let parsed = ParsedSchedule::reuse_or_parse(
        input.schedule,
        ScheduleOf::Text(&cj.object.spec.schedule),
        &b,
        input.controller_zone,
        &mut fresh,
    );
    let schedule = match parsed.bound() {
        Ok(s) => s,
        Err(err) => {
            let text = format!("Unparseable schedule: {} : {err}", cj.object.spec.schedule);
            run.effects.events.push(Event::failed_needs_start(&text));
            return decide(
                DecisionCode::InvalidSchedule,
                words(W::V1Unparseable, [format!("{:?}", cj.object.spec.schedule).into(), err.into()]),
            );
        }
    };
    sync_slot(run, cj, schedule)
}

/// The first loops of `syncOne`: a finished Job leaves `status.active` (SawCompletedJob), an
/// unfinished one that is not in it is unexpected, an active reference whose Job is gone is
/// missing.
fn reconcile_active(run: &mut Run<'_, '_>, cj: &mut Working<'_>, jobs: &[&Job]) {
    let b = run.input.behaviour;
    for job in jobs {
        let uid = &job.metadata.uid;
        let found = cj.status.active.iter().any(|r| &r.uid == uid);
        match (found, job.status.finished_condition().map(|c| c.condition_type)) {
            (false, None) => run.effects.note_unexpected(&job.metadata.name),
            (true, Some(kind)) => {
                cj.remove_active(uid);
                let condition = condition_name(kind);
                let event = match b.completed_wording {
                    Some(wording) => Event::saw_completed_job(&job.metadata.name, condition, wording),
                    None => Event::saw_completed_job_unqualified(&job.metadata.name),
                };
                run.effects.note_completed(event, &job.metadata.name, condition);
            }
            _ => {}
        }
    }
    let children: Vec<&str> = jobs.iter().map(|j| j.metadata.uid.as_str()).collect();
    for r in cj.status.active.clone() {
        if !children.contains(&r.uid.as_str()) {
            run.effects.note_missing(&r.name);
            cj.remove_active(&r.uid);
        }
    }
}

/// The unmet slots `getRecentUnmetScheduleTimes` lists, and what becomes of the most recent:
/// too late, forbidden by a running Job, or started (after Replace's deletions).
fn sync_slot(run: &mut Run<'_, '_>, cj: &mut Working<'_>, schedule: &BoundSchedule) -> Decision {
    let input = run.input;
    let b = input.behaviour;
    let now = input.now;
    let slots = cj.slots();
    let times = match recent_unmet_schedule_times(&slots, now, schedule) {
        Ok(times) => times,
        Err(err @ UnmetError::TooMany) => {
            run.effects.events.push(Event::failed_needs_start(&err.to_string()));
            return decide(
                DecisionCode::TooManyMissed,
                words(
                    W::V1TooManyMissed,
                    [format!("{:?}", cj.object.spec.schedule).into(), at(slots.earliest(now, true)).into()],
                ),
            );
        }
        Err(UnmetError::Hang(h)) => return decide(DecisionCode::ScheduleHangs, words(W::V1Hangs, [h.into()])),
    };
    let Some(&scheduled) = times.last() else {
        return not_due(cj.object, &slots, now, schedule);
    };
    if let Some(sds) = cj.object.spec.starting_deadline_seconds.filter(|_| slots.too_late(scheduled, now)) {
        run.effects.events.push(Event::miss_schedule(scheduled));
        return decide(DecisionCode::TooLate, words(W::V1TooLate, [at(scheduled).into(), deadline(Some(sds)).into()]));
    }
    let policy = cj.object.spec.concurrency_policy.unwrap_or_default();
    if policy == ConcurrencyPolicy::Forbid && !cj.status.active.is_empty() {
        let running: Vec<&str> = cj.status.active.iter().map(|r| r.name.as_str()).collect();
        return decide(
            DecisionCode::ForbidActive,
            words(
                W::V1ForbidActive,
                [
                    running.join(", ").into(),
                    at(scheduled).into(),
                    still_within_words(cj.object.spec.starting_deadline_seconds),
                ],
            ),
        );
    }
    let mut replaced = Vec::new();
    if policy == ConcurrencyPolicy::Replace {
        match run.effects.replace_active_jobs(input, cj, &mut replaced) {
            Ok(()) => {}
            Err(ReplaceFailed::Get { name, err }) => {
                return decide(DecisionCode::ReplaceFailed, words(W::V1ReplaceGetFailed, [name.into(), err.into()]));
            }
            Err(ReplaceFailed::Delete { name, .. }) => {
                return decide(DecisionCode::ReplaceFailed, words(W::V1ReplaceDeleteFailed, [name.into()]));
            }
        }
    }
    let namespace = namespace_of(&cj.object.metadata.namespace).to_owned();
    let name = job_name(&cj.object.metadata.name, scheduled, b.algorithm);
    let mut job = job_from_template(cj.object, scheduled, Tz::UTC, &b);
    if let Err(err) = input.api.create_job(&namespace, &name) {
        if err.reason != FaultReason::NamespaceTerminating {
            run.effects.events.push(Event::failed_create(&err.message));
        }
        return decide(
            DecisionCode::CreateFailed,
            words(W::V1CreateFailed, [Arg::from(&name), at(scheduled).into(), err.into()]),
        );
    }
    run.effects.events.push(Event::successful_create(&name));
    job.metadata.uid = input.new_job_uid.map_or_else(|| format!("{namespace}/{name}"), str::to_owned);
    cj.status.to_mut().active.push(job_reference(&job, &namespace));
    job.metadata.uid.clear();
    run.effects.created.push(job);
    cj.status.to_mut().last_schedule_time = Some(scheduled);
    run.update_status(cj);
    let mut why = Reasoning::from(words(
        W::Created,
        [
            Arg::from(&name),
            at(scheduled).into(),
            format!("{:?}", cj.object.spec.schedule).into(),
            lateness_words(now - scheduled),
        ],
    ));
    if times.len() > 1 {
        why = why.and(Sentence::Worded(words(W::V1Unmet, [times.len().into()])));
    }
    if !replaced.is_empty() {
        why = why.and(Sentence::Worded(words(W::Replaced, [replaced.join(", ").into()])));
    }
    decide(DecisionCode::Created, why)
}

/// No unmet slot: when the next one is, and where the search started.
fn not_due(cj: &CronJob, slots: &SlotInput, now: DateTime<Utc>, schedule: &BoundSchedule) -> Decision {
    let since = slots.earliest(now, true);
    let upcoming = schedule
        .next(since)
        .ok()
        .filter(|t| *t != crate::go::zero_time())
        .map_or_else(|| Arg::Words(words(W::Never, [])), |t| at(t).into());
    let (schedule, since) = (format!("{:?}", cj.spec.schedule).into(), at(since).into());
    let why = if slots.earliest(now, true) > slots.earliest(now, false) {
        words(W::V1NotDueClamped, [schedule, since, upcoming, deadline(cj.spec.starting_deadline_seconds).into()])
    } else {
        words(W::NotDue, [schedule, since, upcoming])
    };
    decide(DecisionCode::NotDue, why)
}
