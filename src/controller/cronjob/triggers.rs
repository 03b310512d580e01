//! What the v2 controller's informer handlers put on its work queue (`cronjob_controllerv2.go`:
//! `addJob`/`updateJob`/`deleteJob`, the CronJob Add/Update/Delete handlers and
//! `updateCronJob`), as pure functions for the runtime. The legacy v1 controller has no
//! handlers: it polls every [`POLL_INTERVAL`](super::POLL_INTERVAL).
//!
//! Queue semantics the runtime must model (client-go delaying queue): `Add` makes the key ready
//! now (deduplicated while queued); `AddAfter(d)` with `d ≤ 0` is an `Add`; otherwise one waiting
//! entry per key, replaced only by an earlier one, firing even if the key was synced meanwhile.

use super::behaviour::Behaviour;
use super::events::Event;
use super::schedule::{effective_time_zone, format_schedule, BoundSchedule};
use super::slots::{next_schedule_time_duration, SlotInput};
use crate::api::{CronJob, Job, OwnerReference};
use chrono::{DateTime, TimeDelta, Utc};
use chrono_tz::Tz;

/// What a handler does with the CronJob's key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Enqueue {
    /// `queue.Add(key)`: sync as soon as a worker is free.
    Now,
    /// `queue.AddAfter(key, d)` (a delay ≤ 0 behaves as [`Enqueue::Now`]).
    After(TimeDelta),
    /// Nothing is enqueued.
    Nothing,
}

/// A CronJob was added to (or deleted from) the cache: `enqueueController`.
pub fn on_cron_job_added_or_deleted() -> Enqueue {
    Enqueue::Now
}

/// `updateCronJob(old, new)`: a changed `schedule` (or, 1.25+, `timeZone`) requeues at the new
/// schedule's next slot — or, if the new schedule does not parse, records
/// `UnParseableCronJobSchedule` and enqueues nothing. Any other change (including the controller's
/// own status writes) enqueues at once.
///
/// ```
/// use chrono::{TimeDelta, TimeZone, Utc};
/// use cronjob_playground::api::CronJob;
/// use cronjob_playground::controller::cronjob::{on_cron_job_updated, Behaviour, Enqueue};
/// let mut old = CronJob::default();
/// old.spec.schedule = "30 * * * *".into();
/// old.status.last_schedule_time = Some(Utc.with_ymd_and_hms(2016, 5, 19, 9, 59, 0).unwrap());
/// let mut new = old.clone();
/// new.spec.schedule = "*/1 * * * *".into();
/// let now = Utc.with_ymd_and_hms(2016, 5, 19, 9, 59, 59).unwrap();
/// let b = Behaviour::of("1.28".parse().unwrap());
/// let (enqueue, event) = on_cron_job_updated(&old, &new, now, &b, chrono_tz::UTC);
/// assert_eq!(enqueue, Enqueue::After(TimeDelta::milliseconds(1100)));
/// assert!(event.is_none());
/// ```
pub fn on_cron_job_updated(old: &CronJob, new: &CronJob, now: DateTime<Utc>, behaviour: &Behaviour, controller_zone: Tz) -> (Enqueue, Option<Event>) {
    let schedule_changed = old.spec.schedule != new.spec.schedule;
    let zone_changed = effective_time_zone(old, behaviour) != effective_time_zone(new, behaviour);
    if !schedule_changed && !zone_changed {
        return (Enqueue::Now, None);
    }
    // Before 1.25 the handler parsed `spec.schedule` as is; `format_schedule` does the same there
    // because the timeZone field does not reach the controller.
    let (text, _) = format_schedule(new, behaviour);
    let schedule = match BoundSchedule::parse(&text, behaviour, controller_zone) {
        Ok(s) => s,
        Err(_) => return (Enqueue::Nothing, Some(Event::unparseable_cron_job_schedule(&new.spec.schedule))),
    };
    let input = SlotInput {
        created: new.metadata.creation_timestamp.unwrap_or_else(super::go_time::zero_time),
        last_scheduled: new.status.last_schedule_time,
        starting_deadline_seconds: new.spec.starting_deadline_seconds,
    };
    match next_schedule_time_duration(behaviour.requeue, behaviour.slot_search, &input, now, &|t| schedule.next(t)) {
        Ok(d) => (Enqueue::After(d), None),
        // The real handler would hang; enqueue nothing rather than hang the simulation.
        Err(_) => (Enqueue::Nothing, None),
    }
}

/// A Job event as the Job informer delivers it.
#[derive(Clone, Copy, Debug)]
pub enum JobEvent<'a> {
    /// `addJob` (a Job already carrying a deletionTimestamp is handled as a delete).
    Added(&'a Job),
    /// `updateJob(old, new)`; identical objects are a periodic resync and ignored.
    Updated {
        /// The cached version before.
        old: &'a Job,
        /// The new version.
        new: &'a Job,
    },
    /// `deleteJob`.
    Deleted(&'a Job),
}

/// `resolveControllerRef`: the CronJob a Job's controller reference points to, if the kind is
/// `CronJob`, one of that name exists in the Job's namespace and its UID matches.
pub fn resolve_controller_ref<'c>(namespace: &str, reference: &OwnerReference, cron_jobs: &'c [CronJob]) -> Option<&'c CronJob> {
    if reference.kind != "CronJob" {
        return None;
    }
    let ns = super::api_server::namespace_of(namespace);
    cron_jobs
        .iter()
        .find(|c| c.metadata.name == reference.name && super::api_server::namespace_of(&c.metadata.namespace) == ns)
        .filter(|c| c.metadata.uid == reference.uid)
}

/// Which CronJobs a Job event wakes (each with an immediate `Add`): the Job's controller, and on
/// an update that changed the controller reference, the old controller too. Orphans wake nobody.
pub fn on_job_event<'c>(event: JobEvent<'_>, cron_jobs: &'c [CronJob]) -> Vec<&'c CronJob> {
    let owner = |job: &Job| job.metadata.controller_of().and_then(|r| resolve_controller_ref(&job.metadata.namespace, r, cron_jobs));
    match event {
        JobEvent::Added(job) | JobEvent::Deleted(job) => owner(job).into_iter().collect(),
        JobEvent::Updated { old, new } => {
            if old == new {
                return Vec::new();
            }
            let mut woken = Vec::new();
            let (old_ref, new_ref) = (old.metadata.controller_of(), new.metadata.controller_of());
            if old_ref.is_some() && old_ref != new_ref {
                woken.extend(owner(old));
            }
            woken.extend(owner(new));
            woken
        }
    }
}
