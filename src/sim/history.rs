//! What the world remembers for judging schedule slots afterwards: each CronJob's spec over time,
//! kube-controller-manager outages, and every CronJob sync's verdict with the slot it considered.
//! Slot fates are computed from these facts — what the controllers actually did — not from a
//! second model of the controller.

use super::fast_hash::FastMap;
use super::trace::{Stamp, Stamps, Time};
use crate::api::CronJobSpec;
use crate::controller::cronjob::DecisionCode;
use std::collections::BTreeMap;

/// One CronJob controller sync, as the fate of a slot needs it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CronSync {
    pub at: Time,
    /// The controller's decision.
    pub code: DecisionCode,
    /// The slot the decision is about, when there is one (the created or refused slot).
    pub slot: Option<Time>,
}

/// A CronJob's syncs in order, kept in 9 bytes each: the instant as a [`Stamp`] and the
/// decision, in two columns, with the slots of the few that are about one (about one sync in
/// seven) in a table of their own. A minutely CronJob syncs seven times a slot: 3.7 million syncs
/// in a year.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Syncs {
    stamps: Stamps,
    at: Vec<Stamp>,
    codes: Vec<DecisionCode>,
    /// The slots of the syncs that have one, by the sync's place in `at`.
    slots: Vec<(u32, Time)>,
}

impl Syncs {
    pub fn push(&mut self, sync: CronSync) {
        let i = self.at.len();
        if let Some(slot) = sync.slot {
            self.slots.push((u32::try_from(i).expect("fewer than 2^32 syncs of one CronJob"), slot));
        }
        self.at.push(self.stamps.stamp(i, sync.at));
        self.codes.push(sync.code);
    }

    /// How many syncs there are before the first at or after `t`.
    pub fn before(&self, t: Time) -> usize {
        self.stamps.before(&self.at, t)
    }

    /// The syncs from the `i`th on, in order.
    pub fn since(&self, i: usize) -> impl Iterator<Item = CronSync> + '_ {
        let mut slots = self.slots[self.slots.partition_point(|&(j, _)| (j as usize) < i)..].iter().peekable();
        let at = self.at.get(i..).unwrap_or_default();
        let codes = self.codes.get(i..).unwrap_or_default();
        at.iter().zip(codes).zip(i..).map(move |((&at, &code), i)| {
            let slot = slots.next_if(|&&(j, _)| j as usize == i).map(|&(_, slot)| slot);
            CronSync { at: self.stamps.time(i, at), code, slot }
        })
    }
}

/// The facts of one CronJob.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CronJobHistory {
    /// The spec in force from each instant on (the first entry is the spec at creation or import).
    pub specs: Vec<(Time, CronJobSpec)>,
    pub created: Option<Time>,
    pub deleted: Option<Time>,
    /// Per schedule edit (its time), where the controller's search for unmet times starts from
    /// then on: `status.lastScheduleTime` at the edit, else the creation time.
    pub edit_references: Vec<(Time, Time)>,
    pub syncs: Syncs,
}

/// Everything remembered, per CronJob name.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct History {
    pub cron_jobs: BTreeMap<String, CronJobHistory>,
    /// kube-controller-manager outages `[from, until)`.
    pub outages: Vec<(Time, Time)>,
    /// How many manual Jobs the scenario created (names them).
    pub manual_triggers: u32,
    /// The slot a Job about to be created by the CronJob controller is for.
    scheduled: FastMap<String, Time>,
}

impl History {
    pub fn outage(&mut self, from: Time, until: Time) {
        self.outages.push((from, until));
    }

    /// When the outage covering `t` ends, if `t` is in one.
    pub fn outage_end(&self, t: Time) -> Option<Time> {
        self.outages.iter().filter(|&&(a, b)| a <= t && t < b).map(|&(_, b)| b).max()
    }

    /// Whether an outage overlaps `(from, to)`.
    pub fn down_between(&self, from: Time, to: Time) -> bool {
        self.outages.iter().any(|&(a, b)| a < to && from < b)
    }

    /// Notes that the Job `job` about to be created is for slot `at`.
    pub fn will_create(&mut self, job: &str, at: Time) {
        self.scheduled.insert(job.to_string(), at);
    }

    /// The slot noted for a Job being created, if any.
    pub fn take_scheduled(&mut self, job: &str) -> Option<Time> {
        self.scheduled.remove(job)
    }

    /// Runs `f` on the history of CronJob `name`, begun now if it has none: one lookup once it
    /// exists (every sync records into it). A closure rather than a returned borrow: a borrow
    /// returned from the found branch would hold the map for the insert in the other.
    pub fn cron_job<R>(&mut self, name: &str, f: impl FnOnce(&mut CronJobHistory) -> R) -> R {
        match self.cron_jobs.get_mut(name) {
            Some(h) => f(h),
            None => f(self.cron_jobs.entry(name.to_owned()).or_default()),
        }
    }

    /// Records a spec edit at `at` and the time the controller's search for unmet times starts
    /// from (`status.lastScheduleTime`, else the creation time).
    pub fn edit(&mut self, name: &str, at: Time, spec: &CronJobSpec, reference: Option<Time>) {
        self.cron_job(name, |h| {
            let edited = h.specs.last().is_some_and(|(_, s)| s != spec);
            h.spec(at, spec);
            if let (true, Some(reference)) = (edited, reference) {
                h.edit_references.push((at, reference));
            }
        });
    }
}

impl CronJobHistory {
    /// Records the spec in force from `at` on, if it differs from the last one.
    pub fn spec(&mut self, at: Time, spec: &CronJobSpec) {
        if self.specs.last().is_none_or(|(_, s)| s != spec) {
            self.specs.push((at, spec.clone()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(text: &str) -> Time {
        text.parse().unwrap()
    }

    #[test]
    fn syncs_read_back_in_order_with_the_slots_of_those_that_have_one() {
        let slot = |s: &str| Some(t(s));
        let all = [
            CronSync {
                at: t("2025-01-15T10:00:00.1Z"),
                code: DecisionCode::Created,
                slot: slot("2025-01-15T10:00:00Z"),
            },
            CronSync { at: t("2025-01-15T10:00:00.2Z"), code: DecisionCode::AlreadyProcessed, slot: None },
            CronSync {
                at: t("2025-01-15T10:01:00.1Z"),
                code: DecisionCode::ForbidActive,
                slot: slot("2025-01-15T10:01:00Z"),
            },
            CronSync { at: t("2025-01-15T10:01:30Z"), code: DecisionCode::NotDue, slot: None },
        ];
        let mut syncs = Syncs::default();
        all.iter().for_each(|&s| syncs.push(s));
        assert_eq!(syncs.since(0).collect::<Vec<_>>(), all);
        assert_eq!(syncs.since(1).collect::<Vec<_>>(), all[1..]);
        assert_eq!(syncs.since(3).collect::<Vec<_>>(), all[3..]);
        assert_eq!(syncs.since(4).count() + syncs.since(9).count(), 0);
        assert_eq!(syncs.before(t("2025-01-15T10:01:00.1Z")), 2);
        assert_eq!((syncs.before(t("2025-01-15T09:00:00Z")), syncs.before(t("2025-01-16T00:00:00Z"))), (0, 4));
        assert_eq!(std::mem::size_of::<DecisionCode>(), 1);
    }
}
