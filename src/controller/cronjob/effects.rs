//! What a sync accumulates besides its decision: created and deleted Jobs, Events, and notes for
//! the explanation; and the two Job-deleting steps both controllers share, `deleteJob` and
//! `cleanupFinishedJobs` (`cronjob_controllerv2.go` / `cronjob_controller.go`).

use super::api_server::ApiError;
use super::decision::Decision;
use super::events::Event;
use super::explain::{Note, Sentence};
use super::history::jobs_beyond_history_limits;
use super::outcome::SyncInput;
use super::working::Working;
use crate::api::{Job, JobConditionType};

/// Where [`Effects::replace_active_jobs`] stopped.
pub(crate) enum ReplaceFailed<'a> {
    /// Reading the active Job `name` failed.
    Get { name: String, err: ApiError },
    /// Deleting the Job read for the active entry `name` failed.
    Delete { name: String, job: &'a Job },
}

/// The effects a sync accumulates on the way.
pub(crate) struct Effects {
    pub created: Vec<Job>,
    pub deleted: Vec<String>,
    pub events: Vec<Event>,
    /// What happened to the Jobs besides the scheduling decision.
    pub notes: Vec<Note>,
}

impl Effects {
    pub(crate) fn new() -> Self {
        Effects { created: Vec::new(), deleted: Vec::new(), events: Vec::new(), notes: Vec::new() }
    }

    /// The decision with the notes about reconciled and deleted Jobs appended.
    pub(crate) fn annotate(&mut self, decision: Decision) -> Decision {
        let notes = std::mem::take(&mut self.notes);
        if notes.is_empty() {
            return decision;
        }
        Decision::because(decision.code, decision.explanation.and(Sentence::Also(notes)))
    }

    /// `deleteJob`: delete, then drop the Job from `active` and record the outcome.
    pub(crate) fn delete_job(
        &mut self,
        input: &SyncInput<'_>,
        cron_job: &mut Working<'_>,
        job: &Job,
    ) -> Result<(), ApiError> {
        match input.api.delete_job(&job.metadata.namespace, &job.metadata.name) {
            Err(err) => {
                self.events.push(Event::failed_delete(&err.message));
                Err(err)
            }
            Ok(()) => {
                cron_job.remove_active(&job.metadata.uid);
                self.deleted.push(job.metadata.name.clone());
                self.events.push(Event::successful_delete(&job.metadata.name));
                Ok(())
            }
        }
    }

    /// `ConcurrencyPolicy: Replace`, the loop both controllers run before creating the new Job:
    /// read each Job in `status.active` and [`delete_job`](Self::delete_job) it, in order. The
    /// first failure stops the loop (after its `FailedGet` / `FailedDelete` event); `replaced`
    /// then holds the Jobs already deleted.
    pub(crate) fn replace_active_jobs<'a>(
        &mut self,
        input: &SyncInput<'a>,
        cron_job: &mut Working<'_>,
        replaced: &mut Vec<String>,
    ) -> Result<(), ReplaceFailed<'a>> {
        for r in cron_job.status.active.clone() {
            let job = input.api.get_job(&r.namespace, &r.name).map_err(|err| {
                self.events.push(Event::failed_get(&err.message));
                ReplaceFailed::Get { name: r.name.clone(), err }
            })?;
            if self.delete_job(input, cron_job, job).is_err() {
                return Err(ReplaceFailed::Delete { name: r.name, job });
            }
            replaced.push(job.metadata.name.clone());
        }
        Ok(())
    }

    /// `cleanupFinishedJobs`: true when a delete succeeded (the status then needs writing).
    pub(crate) fn cleanup_finished_jobs(
        &mut self,
        input: &SyncInput<'_>,
        cron_job: &mut Working<'_>,
        jobs: &[&Job],
    ) -> bool {
        let doomed = jobs_beyond_history_limits(&cron_job.object.spec, jobs);
        let mut deleted = Vec::with_capacity(doomed.len());
        for job in doomed {
            if self.delete_job(input, cron_job, job).is_ok() {
                deleted.push(job.metadata.name.clone());
            }
        }
        if deleted.is_empty() {
            return false;
        }
        self.notes.push(Note::HistoryDeleted {
            successful_limit: cron_job.object.spec.successful_jobs_history_limit,
            failed_limit: cron_job.object.spec.failed_jobs_history_limit,
            jobs: deleted,
        });
        true
    }

    /// Notes the Job-reconciliation Events in plain words.
    pub(crate) fn note_unexpected(&mut self, job: &str) {
        self.events.push(Event::unexpected_job(job));
        self.notes.push(Note::Unexpected(job.to_owned()));
    }

    pub(crate) fn note_missing(&mut self, job: &str) {
        self.events.push(Event::missing_job(job));
        self.notes.push(Note::Missing(job.to_owned()));
    }

    pub(crate) fn note_completed(&mut self, event: Event, job: &str, condition: &'static str) {
        self.events.push(event);
        self.notes.push(Note::Completed { job: job.to_owned(), condition });
    }
}

/// `Complete` or `Failed`, as the controller prints a finished condition.
pub(crate) fn condition_name(kind: JobConditionType) -> &'static str {
    match kind {
        JobConditionType::Complete => "Complete",
        _ => "Failed",
    }
}
