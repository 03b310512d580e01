//! Runs the CronJob controller (`controller::cronjob`) in the world: the v2 controller's informer
//! handlers and work-queue loop (`processNextWorkItem`: error ⇒ `AddRateLimited`; requeue ⇒
//! `Forget` + `AddAfter`), or, before 1.21, the legacy controller's 10-second `syncAll` poll.
//! Each sync's writes are applied to the store as the API server would, and its verdict is kept
//! for the trace and for judging slots.

use super::garbage_collector::Propagation;
use super::history::CronSync;
use super::store::{Change, Watch};
use super::trace::{ControllerName, DeletedBy, Explanation, Name, ObjectKind, Ruling, SyncTrigger, Time};
use super::world::{Happening, World};
use crate::api::{CronJob, Job};
use crate::controller::cronjob::{
    self as controller, on_cron_job_added_or_deleted, on_cron_job_status_updated, on_cron_job_updated, on_job_event,
    Algorithm, ApiServer, DecisionCode, Enqueue, Event, Faults, JobEvent, JobsView, SyncInput, POLL_INTERVAL,
};
use chrono::DateTime;

impl World {
    fn is_legacy(&self) -> bool {
        self.behaviour.algorithm == Algorithm::LegacyV1
    }

    /// The controller starts (at the beginning, or after an outage): v2 lists every CronJob into
    /// its queue; the legacy controller starts polling.
    pub(crate) fn start_cronjob_controller(&mut self, trigger: SyncTrigger) {
        if self.is_legacy() {
            self.agenda.schedule(self.now, Happening::Poll { epoch: self.kcm.epoch });
            return;
        }
        let names: Vec<Name> = self.store.all::<CronJob>().map(|c| Name::from(&c.metadata.name)).collect();
        for name in names {
            self.kcm.cronjob.add(name, trigger);
        }
    }

    /// The legacy controller's `syncAll`: every CronJob in name order, then again in 10 s.
    pub(crate) fn poll_v1(&mut self, epoch: u32) {
        if !self.kcm.up || epoch != self.kcm.epoch {
            return;
        }
        let names: Vec<Name> = self.store.all::<CronJob>().map(|c| Name::from(&c.metadata.name)).collect();
        for name in names {
            self.sync_cronjob(&name, SyncTrigger::Poll);
            self.deliver();
        }
        self.agenda.schedule(self.now + POLL_INTERVAL, Happening::Poll { epoch });
    }

    /// The v2 controller's informer handlers for a change (of the object `name`).
    pub(crate) fn inform_cronjob_controller(&mut self, name: &Name, change: &Change) {
        if self.is_legacy() {
            return;
        }
        match change {
            Change::CronJob(Watch::Added(_)) | Change::CronJob(Watch::Deleted(_)) => {
                let trigger = if matches!(change, Change::CronJob(Watch::Added(_))) {
                    SyncTrigger::CronjobAdded
                } else {
                    SyncTrigger::CronjobUpdated
                };
                self.enqueue_cron_job(name, on_cron_job_added_or_deleted(), trigger);
            }
            Change::CronJob(Watch::Updated { old, new }) => {
                let (enqueue, event) = on_cron_job_updated(old, new, self.now, &self.behaviour, self.controller_zone);
                if let Some(e) = event {
                    self.record_cronjob_event(name, e);
                }
                self.enqueue_cron_job(name, enqueue, SyncTrigger::CronjobUpdated);
            }
            // Neither changes the schedule or the time zone: `updateCronJob` enqueues at once.
            Change::CronJob(Watch::StatusUpdated { .. } | Watch::MetadataUpdated(_)) => {
                self.enqueue_cron_job(name, on_cron_job_status_updated(), SyncTrigger::CronjobUpdated);
            }
            Change::Job(watch) => {
                let event = match watch {
                    Watch::Added(j) => JobEvent::Added(j),
                    Watch::Updated { old, new } => JobEvent::Updated { old, new },
                    // The controller reference is the same: only its owner wakes.
                    Watch::StatusUpdated { new, .. } | Watch::MetadataUpdated(new) => JobEvent::StatusUpdated(new),
                    Watch::Deleted(j) => JobEvent::Deleted(j),
                };
                // The handlers resolve a Job's controller reference by name among the CronJobs:
                // only the CronJobs its versions name can answer. Each comes with its shared
                // name, the key a woken one is queued by.
                let named = |j: &Job| j.metadata.controller_of().and_then(|r| self.store.get_named::<CronJob>(&r.name));
                let (old, new) = match watch {
                    Watch::Updated { old, new } => (Some(&**old), &**new),
                    Watch::Added(j)
                    | Watch::Deleted(j)
                    | Watch::StatusUpdated { new: j, .. }
                    | Watch::MetadataUpdated(j) => (None, &**j),
                };
                // At most two (on the stack: this runs for every Job write).
                let before = old.and_then(named);
                let after = named(new).filter(|(_, c)| before.is_none_or(|(_, o)| !std::ptr::eq(o, *c)));
                let (both, one): ([&CronJob; 2], [&CronJob; 1]);
                let cron_jobs: &[&CronJob] = match (before, after) {
                    (Some(a), Some(b)) => {
                        both = [a.1, b.1];
                        &both
                    }
                    (Some(a), None) | (None, Some(a)) => {
                        one = [a.1];
                        &one
                    }
                    (None, None) => &[],
                };
                for woken in on_job_event(event, cron_jobs) {
                    let (name, _) = [before, after]
                        .into_iter()
                        .flatten()
                        .find(|(_, c)| std::ptr::eq(*c, woken))
                        .expect("a woken CronJob is one of those handed");
                    self.kcm.cronjob.add(name.clone(), SyncTrigger::JobEvent);
                }
            }
            Change::Pod(_) => {}
        }
    }

    fn enqueue_cron_job(&mut self, name: &Name, enqueue: Enqueue, trigger: SyncTrigger) {
        match enqueue {
            Enqueue::Now => self.kcm.cronjob.add(name.clone(), trigger),
            Enqueue::After(d) => self.kcm.cronjob.add_after(name.clone(), trigger, self.now, d),
            Enqueue::Nothing => {}
        }
    }

    fn record_cronjob_event(&mut self, name: &Name, e: Event) {
        self.recorder.event(
            self.now,
            (ObjectKind::CronJob, name),
            e.event_type,
            e.reason,
            e.message,
            "cronjob-controller",
        );
    }

    /// One CronJob sync, its writes applied, its verdict recorded.
    pub(crate) fn sync_cronjob(&mut self, name: &Name, trigger: SyncTrigger) {
        let now = self.now;
        // The CronJob is found by name once: its sync deletes and creates Jobs, never removes
        // the CronJob, so the slot still holds it for the status write.
        let Some(cj_slot) = self.store.slot::<CronJob>(name) else {
            let decision = Ruling {
                code: "not-found".into(),
                explanation: Explanation::Gone(ControllerName::Cronjob, name.clone()),
            };
            self.recorder.sync(ControllerName::Cronjob, now, name, trigger, decision, None);
            return;
        };
        let cj = self.store.shared_at::<CronJob>(cj_slot);
        let uid = self.store.next_uid();
        // The controller lists every Job and keeps those it controls: v2 matches the controller
        // reference by name, v1 by UID. The store's owner indexes give each the same Jobs without
        // the scan.
        let held = if self.is_legacy() {
            Held::of(self.store.jobs_controlled_by_uid(&cj.metadata.uid))
        } else {
            Held::of(self.store.jobs_controlled_by_name(&cj.metadata.name))
        };
        let jobs = held.as_ref().map_or(&[][..], Held::as_slice);
        let store = &self.store;
        let by_name = |name: &str| store.get::<Job>(name);
        let out = controller::sync(&SyncInput {
            behaviour: self.behaviour,
            now,
            controller_zone: self.controller_zone,
            cron_job: &cj,
            jobs,
            api: ApiServer { jobs: JobsView::ByName(&by_name), cron_job: &cj, faults: &NO_FAULTS },
            new_job_uid: Some(&uid),
            schedule: Some(self.schedules.get(&cj, &self.behaviour, self.controller_zone)),
        });
        let legacy = self.is_legacy();
        let mut created_slot = None;
        for job in out.deleted_jobs.iter() {
            let finished = self.store.get::<Job>(job).is_some_and(|j| j.status.finished_condition().is_some());
            let by = if finished { DeletedBy::HistoryLimit } else { DeletedBy::Replace };
            self.delete_job(job, by, Propagation::Background);
        }
        for mut job in out.created_jobs {
            // `CreateJob(namespace, job)`: the namespace comes with the call, not in the object.
            if job.metadata.namespace.is_empty() {
                job.metadata.namespace = cj.metadata.namespace.clone();
            }
            let slot = scheduled_time_of(&job, legacy);
            if let Some(slot) = slot {
                self.history.will_create(&job.metadata.name, slot);
            }
            created_slot = created_slot.or(slot);
            let _ = self.store.create(job, now);
        }
        for e in out.events {
            self.record_cronjob_event(name, e);
        }
        let code = out.decision.code;
        // A "created" decision without a new Job adopted an existing one (AlreadyExists): its slot
        // is the lastScheduleTime it wrote.
        let adopted =
            out.status_update.as_ref().and_then(|s| s.last_schedule_time).filter(|_| code == DecisionCode::Created);
        let waiting = (code == DecisionCode::ForbidActive).then(|| self.latest_slot_at(&cj, now)).flatten();
        // The version synced is let go before the status write, so the write can change the
        // stored version in place (see `Store::replace_status`).
        drop(cj);
        if let Some(status) = out.status_update {
            self.store.replace_status_at::<CronJob>(cj_slot, status);
        }
        if !legacy {
            let key = name.clone();
            if out.error.is_some() {
                self.kcm.cronjob.add_rate_limited(key, SyncTrigger::RateLimited, now);
            } else if let Some(d) = out.requeue_after {
                self.kcm.cronjob.forget(&key);
                self.kcm.cronjob.add_after(key, SyncTrigger::Requeue, now, d);
            }
        }
        let slot = created_slot.or(adopted).or(waiting);
        self.history.cron_job(name, |h| h.syncs.push(CronSync { at: now, code, slot }));
        // The explanation is put into words only when the trace is read or serialized.
        if !self.recorder.skip_syncs {
            let decision =
                Ruling { code: code.as_str().into(), explanation: Explanation::CronJob(out.decision.explanation) };
            let requeue = if legacy { None } else { out.requeue_after.filter(|_| out.error.is_none()) };
            self.recorder.sync(ControllerName::Cronjob, now, name, trigger, decision, requeue);
        }
    }
}

/// How many of a CronJob's Jobs a sync holds without allocating: the history limits keep a
/// CronJob's finished Jobs to a few (three successful and one failed by default).
const FEW: usize = 8;

/// The Jobs a sync hands the controller, in order: on the stack while they are [`FEW`], else in
/// a vector.
struct Held<'a> {
    stack: [&'a Job; FEW],
    len: usize,
    spilled: Vec<&'a Job>,
}

impl<'a> Held<'a> {
    /// The Jobs of `jobs`; `None` when there are none.
    fn of(mut jobs: impl Iterator<Item = &'a Job>) -> Option<Self> {
        let first = jobs.next()?;
        let mut held = Held { stack: [first; FEW], len: 1, spilled: Vec::new() };
        for job in jobs.by_ref() {
            if held.len == FEW {
                held.spilled = held.stack.to_vec();
                held.spilled.push(job);
                held.spilled.extend(jobs);
                break;
            }
            held.stack[held.len] = job;
            held.len += 1;
        }
        Some(held)
    }

    fn as_slice(&self) -> &[&'a Job] {
        if self.spilled.is_empty() {
            &self.stack[..self.len]
        } else {
            &self.spilled
        }
    }
}

/// The simulated API server injects no faults into the CronJob controller's calls (shared, so a
/// sync neither builds nor drops a set of its own).
static NO_FAULTS: Faults =
    Faults { create_job: None, get_job: None, delete_job: None, get_cron_job: None, update_status: None };

/// The slot a Job was created for: v2 sets `creationTimestamp` to it; the legacy controller
/// names the Job `<cronjob>-<unix seconds>`.
fn scheduled_time_of(job: &Job, legacy: bool) -> Option<Time> {
    if legacy {
        let seconds = job.metadata.name.rsplit('-').next()?.parse::<i64>().ok()?;
        DateTime::from_timestamp(seconds, 0)
    } else {
        job.metadata.creation_timestamp
    }
}
