//! Step A of v2 `syncCronJob`: fold the Jobs the controller sees into `status.active` and
//! `status.lastSuccessfulTime` (UnexpectedJob, SawCompletedJob, MissingJob), re-reading the
//! CronJob or a Job from the API server where the cache may be stale.

use super::api_server::{ApiError, FaultReason};
use super::behaviour::LastSuccessfulRule;
use super::effects::{condition_name, Effects};
use super::events::{CompletedWording, Event};
use super::outcome::SyncInput;
use super::working::Working;
use crate::api::{Job, JobConditionType};

/// The object `syncCronJob` mutates: the caller's copy until an unexpected Job makes it re-read
/// the CronJob and switch to the live object. From 1.27 the caller then writes its own copy,
/// losing the changes made to the live one; earlier releases write the live object.
pub(crate) struct Target<'c, 'a> {
    pub own: &'c mut Working<'a>,
    pub live: Option<Working<'a>>,
}

impl<'a> Target<'_, 'a> {
    /// The object mutations go to now.
    pub fn get(&mut self) -> &mut Working<'a> {
        match &mut self.live {
            Some(live) => live,
            None => self.own,
        }
    }
}

fn finished_type(job: &Job) -> Option<JobConditionType> {
    job.status.finished_condition().map(|c| c.condition_type)
}

/// Step A: fold the Jobs into `status.active` / `lastSuccessfulTime`.
pub(crate) fn reconcile_jobs<'a>(
    input: &SyncInput<'a>,
    target: &mut Target<'_, 'a>,
    jobs: &[&Job],
    effects: &mut Effects,
    update_status: &mut bool,
) -> Result<(), ApiError> {
    let rule = input.behaviour.last_successful;
    let wording = input.behaviour.completed_wording.unwrap_or(CompletedWording::Status);
    // Unfinished Jobs found in `status.active`, and whether the list changed (or was switched)
    // since they were looked for: see the orphans below.
    let mut running = 0;
    let mut list_changed = false;
    for job in jobs {
        let uid = &job.metadata.uid;
        let cj = target.get();
        let found = cj.status.active.iter().any(|r| &r.uid == uid);
        let finished = finished_type(job);
        match (found, finished) {
            (false, None) => {
                let live = input.api.get_cron_job()?;
                if live.status.active.iter().any(|r| &r.uid == uid) {
                    target.live = Some(Working::of(live));
                    list_changed = true;
                    continue;
                }
                effects.note_unexpected(&job.metadata.name);
            }
            (true, Some(kind)) => {
                cj.remove_active(uid);
                list_changed = true;
                let event = Event::saw_completed_job(&job.metadata.name, condition_name(kind), wording);
                effects.note_completed(event, &job.metadata.name, condition_name(kind));
                *update_status = true;
                if rule == LastSuccessfulRule::Succeeded && kind == JobConditionType::Complete {
                    note_success(cj, job);
                }
            }
            (false, Some(kind)) => {
                let counts = match rule {
                    LastSuccessfulRule::Never => false,
                    LastSuccessfulRule::FinishedNotActive => true,
                    LastSuccessfulRule::SucceededNotActive | LastSuccessfulRule::Succeeded => {
                        kind == JobConditionType::Complete
                    }
                };
                if counts && note_success(cj, job) {
                    *update_status = true;
                }
            }
            (true, None) => running += 1,
        }
    }
    // Active references without a cached Job: ask the API server before dropping them.
    let cached = |uid: &str| jobs.iter().any(|j| j.metadata.uid == uid);
    // Nearly always every one is cached: then nothing is copied to be asked about. Most often
    // the list is one reference, which the one running Job found above is the Job of.
    let active = &target.get().status.active;
    if (!list_changed && running == 1 && active.len() == 1) || active.iter().all(|r| cached(&r.uid)) {
        return Ok(());
    }
    let orphans: Vec<_> = target.get().status.active.iter().filter(|r| !cached(&r.uid)).cloned().collect();
    for r in orphans {
        match input.api.get_job(&r.namespace, &r.name) {
            Err(err) if err.reason == FaultReason::NotFound => {
                effects.note_missing(&r.name);
                target.get().remove_active(&r.uid);
                *update_status = true;
            }
            Err(err) => return Err(err),
            Ok(_) => {}
        }
    }
    Ok(())
}

/// `lastSuccessfulTime`: set when unset (even to nothing), else moved to a later completion.
/// Returns whether the status needs writing (always when it was unset).
fn note_success(cj: &mut Working<'_>, job: &Job) -> bool {
    let completion = job.status.completion_time;
    match cj.status.last_successful_time {
        None => {
            cj.status.to_mut().last_successful_time = completion;
            true
        }
        Some(current) if completion.is_some_and(|c| c > current) => {
            cj.status.to_mut().last_successful_time = completion;
            true
        }
        Some(_) => false,
    }
}
