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
use crate::go::Tz;
use chrono::{DateTime, TimeDelta, Utc};

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
/// let (enqueue, event) = on_cron_job_updated(&old, &new, now, &b, cronjob_playground::go::Tz::UTC);
/// assert_eq!(enqueue, Enqueue::After(TimeDelta::milliseconds(1100)));
/// assert!(event.is_none());
/// ```
pub fn on_cron_job_updated(
    old: &CronJob,
    new: &CronJob,
    now: DateTime<Utc>,
    behaviour: &Behaviour,
    controller_zone: Tz,
) -> (Enqueue, Option<Event>) {
    let schedule_changed = old.spec.schedule != new.spec.schedule;
    let zone_changed = effective_time_zone(old, behaviour) != effective_time_zone(new, behaviour);
    if !schedule_changed && !zone_changed {
        return (on_cron_job_status_updated(), None);
    }
    // Before 1.25 the handler parsed `spec.schedule` as is; `format_schedule` does the same there
    // because the timeZone field does not reach the controller.
    let (text, _) = format_schedule(new, behaviour);
    let schedule = match BoundSchedule::parse(&text, behaviour, controller_zone) {
        Ok(s) => s,
        Err(_) => return (Enqueue::Nothing, Some(Event::unparseable_cron_job_schedule(&new.spec.schedule))),
    };
    let input = SlotInput::of(new);
    match next_schedule_time_duration(behaviour.requeue, behaviour.slot_search, &input, now, &schedule) {
        Ok(d) => (Enqueue::After(d), None),
        // The real handler would hang; enqueue nothing rather than hang the simulation.
        Err(_) => (Enqueue::Nothing, None),
    }
}

/// `updateCronJob` for an update that changed only the status (the controller's own writes):
/// neither the schedule nor the time zone changed, so the key is enqueued at once.
pub fn on_cron_job_status_updated() -> Enqueue {
    Enqueue::Now
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
    /// `updateJob(old, new)` where only the status changed (a runtime that knows it need not
    /// keep the old version): the controller reference is the same, so only its owner wakes.
    StatusUpdated(&'a Job),
    /// `deleteJob`.
    Deleted(&'a Job),
}

/// `resolveControllerRef`: the CronJob a Job's controller reference points to, if the kind is
/// `CronJob`, one of that name exists in the Job's namespace and its UID matches.
pub fn resolve_controller_ref<'c>(
    namespace: &str,
    reference: &OwnerReference,
    cron_jobs: &[&'c CronJob],
) -> Option<&'c CronJob> {
    if reference.kind != "CronJob" {
        return None;
    }
    let ns = super::api_server::namespace_of(namespace);
    cron_jobs
        .iter()
        .copied()
        .find(|c| c.metadata.name == reference.name && super::api_server::namespace_of(&c.metadata.namespace) == ns)
        .filter(|c| c.metadata.uid == reference.uid)
}

/// Which CronJobs a Job event wakes (each with an immediate `Add`): the Job's controller, and on
/// an update that changed the controller reference, the old controller too. Orphans wake nobody.
pub fn on_job_event<'c>(event: JobEvent<'_>, cron_jobs: &[&'c CronJob]) -> Vec<&'c CronJob> {
    let owner = |job: &Job| {
        job.metadata.controller_of().and_then(|r| resolve_controller_ref(&job.metadata.namespace, r, cron_jobs))
    };
    match event {
        JobEvent::Added(job) | JobEvent::StatusUpdated(job) | JobEvent::Deleted(job) => {
            owner(job).into_iter().collect()
        }
        JobEvent::Updated { old, new } => {
            // Statuses differ most often: comparing them first keeps the full comparison rare.
            if old.status == new.status && old == new {
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn cron_job(name: &str, uid: &str) -> CronJob {
        serde_json::from_value(
            json!({"metadata": {"name": name, "namespace": "ns", "uid": uid}, "spec": {"schedule": "0 * * * *"}}),
        )
        .unwrap()
    }

    fn job(owner: Option<(&str, &str, &str)>, phase: &str) -> Job {
        let refs = owner.map_or(json!([]), |(kind, name, uid)| {
            json!([{"apiVersion": "batch/v1", "kind": kind,
            "name": name, "uid": uid, "controller": true}])
        });
        serde_json::from_value(
            json!({"metadata": {"name": "j", "namespace": "ns", "ownerReferences": refs, "labels": {"phase": phase}}}),
        )
        .unwrap()
    }

    fn names(woken: Vec<&CronJob>) -> Vec<&str> {
        woken.into_iter().map(|c| c.metadata.name.as_str()).collect()
    }

    #[test]
    fn job_events_wake_the_controlling_cron_job_only_when_kind_name_and_uid_match() {
        let (a, b) = (cron_job("a", "ua"), cron_job("b", "ub"));
        let cron_jobs = [&a, &b];
        assert_eq!(names(on_job_event(JobEvent::Added(&job(Some(("CronJob", "a", "ua")), "x")), &cron_jobs)), ["a"]);
        assert!(
            on_job_event(JobEvent::Added(&job(Some(("CronJob", "a", "stale")), "x")), &cron_jobs).is_empty(),
            "UID mismatch"
        );
        assert!(
            on_job_event(JobEvent::Deleted(&job(Some(("Deployment", "a", "ua")), "x")), &cron_jobs).is_empty(),
            "wrong kind"
        );
        assert!(on_job_event(JobEvent::Added(&job(None, "x")), &cron_jobs).is_empty(), "orphan");
        let (before, after) = (job(Some(("CronJob", "a", "ua")), "x"), job(Some(("CronJob", "b", "ub")), "x"));
        assert_eq!(
            names(on_job_event(JobEvent::Updated { old: &before, new: &after }, &cron_jobs)),
            ["a", "b"],
            "both owners"
        );
        assert!(on_job_event(JobEvent::Updated { old: &before, new: &before }, &cron_jobs).is_empty(), "resync");
        let progressed = job(Some(("CronJob", "a", "ua")), "y");
        assert_eq!(names(on_job_event(JobEvent::Updated { old: &before, new: &progressed }, &cron_jobs)), ["a"]);
    }

    #[test]
    fn cron_job_updates_requeue_at_the_new_schedule_or_at_once() {
        let b = Behaviour::of("1.28".parse().unwrap());
        let now = DateTime::parse_from_rfc3339("2016-05-19T09:59:59Z").unwrap().to_utc();
        let old = cron_job("a", "ua");
        let mut status_only = old.clone();
        status_only.status.last_schedule_time = Some(now);
        assert_eq!(on_cron_job_updated(&old, &status_only, now, &b, Tz::UTC), (Enqueue::Now, None));
        let mut broken = old.clone();
        broken.spec.schedule = "61 * * * *".into();
        let (enqueue, event) = on_cron_job_updated(&old, &broken, now, &b, Tz::UTC);
        assert_eq!(enqueue, Enqueue::Nothing);
        assert_eq!(event.unwrap().message, "unparseable schedule for cronjob: 61 * * * *");
        // A schedule that never fires: the requeue base is `now`, `Next` is Go's zero time, and
        // the delay saturates at Go's minimum duration — an immediate sync.
        let mut never = old.clone();
        never.spec.schedule = "0 0 30 2 *".into();
        let (enqueue, _) = on_cron_job_updated(&old, &never, now, &b, Tz::UTC);
        assert_eq!(enqueue, Enqueue::After(TimeDelta::nanoseconds(i64::MIN)));
        // Before 1.25 a timeZone edit is invisible (the field does not reach the controller).
        let mut zoned = old.clone();
        zoned.spec.time_zone = Some("Europe/Rome".into());
        let b24 = Behaviour::of("1.24".parse().unwrap());
        assert_eq!(on_cron_job_updated(&old, &zoned, now, &b24, Tz::UTC).0, Enqueue::Now);
        assert!(matches!(on_cron_job_updated(&old, &zoned, now, &b, Tz::UTC).0, Enqueue::After(_)));
    }
}
