//! Slot fates: every nominal schedule time of every CronJob in the horizon, and what became of
//! it — the answer to "why didn't my CronJob run?". The nominal times come from the schedule in
//! force at each moment (edits start a new schedule); the fate is read off what the controllers
//! actually did: the Jobs created (and for which slot), each sync's decision, suspensions,
//! outages. Slots the controller ran that were never nominal in the horizon (the retroactive run
//! after a schedule edit, a catch-up for a slot before the horizon) are listed too.

use super::history::{CronJobHistory, CronSync, History};
use super::nominal_slots::{bound_schedule, slots_between};
use super::trace::{JobRecord, Name, RanAfter, SlotFate, SlotRecord, SlotWhy, Time};
use super::world::World;
use crate::api::{ConcurrencyPolicy, CronJob, CronJobSpec};
use crate::controller::cronjob::DecisionCode;
use crate::i18n::slot_why::SlotWords;
use chrono::TimeDelta;
use std::collections::BTreeMap;

impl World {
    /// The most recent nominal slot of `cj`'s schedule at or before `now` (what a Forbid refusal
    /// was about).
    pub(crate) fn latest_slot_at(&self, cj: &CronJob, now: Time) -> Option<Time> {
        let schedule = bound_schedule(&cj.spec, &self.behaviour, self.controller_zone)?;
        let from = cj.status.last_schedule_time.or(cj.metadata.creation_timestamp)?;
        let mut latest = None;
        let mut t = from;
        for _ in 0..1000 {
            match schedule.next(t) {
                Ok(n) if n > t && n <= now => {
                    latest = Some(n);
                    t = n;
                }
                _ => break,
            }
        }
        latest
    }

    /// Every slot of the horizon with its fate, in time order.
    pub(crate) fn slot_fates(&self) -> Vec<SlotRecord> {
        let mut jobs_by_cron: BTreeMap<&str, Vec<&JobRecord>> = BTreeMap::new();
        for j in &self.recorder.jobs {
            if let (Some(cj), Some(_)) = (&j.cron_job, j.scheduled_time) {
                jobs_by_cron.entry(cj.as_str()).or_default().push(j);
            }
        }
        let mut out = Vec::new();
        for (name, h) in &self.history.cron_jobs {
            let nominal = self.nominal_slots(h);
            // The Jobs by slot, in order (of two for one slot, the later one).
            let mut ran = jobs_by_cron.remove(name.as_str()).unwrap_or_default();
            ran.sort_by_key(|j| j.scheduled_time);
            let slot_of = |j: &JobRecord| j.scheduled_time.expect("filtered");
            let judge =
                Judge { name: Name::from(name.as_str()), h, history: &self.history, nominal: &nominal, end: self.end };
            let mut edited = self.edited_schedule_slots(h);
            edited.sort();
            // The slots are the nominal ones, the Jobs' and the edited schedule's, each sorted:
            // merged as they are read rather than gathered and sorted.
            out.reserve(nominal.len().max(ran.len()) + edited.len());
            let times = merged(merged(nominal.iter().copied(), ran.iter().map(|j| slot_of(j))), edited);
            let mut last = None;
            for at in times {
                if last.replace(at) == Some(at) {
                    continue;
                }
                let i = ran.partition_point(|j| slot_of(j) <= at);
                out.push(match i.checked_sub(1).map(|i| ran[i]) {
                    Some(job) if slot_of(job) == at => judge.ran(at, job),
                    _ => judge.missed(at),
                });
            }
        }
        // No two slots share a CronJob and a time: an unstable sort orders them the same, and
        // needs no copy of a year's slots to do it.
        out.sort_unstable_by(|a, b| (a.scheduled_time, &a.cron_job).cmp(&(b.scheduled_time, &b.cron_job)));
        out.shrink_to_fit();
        out
    }

    /// The slots an edited schedule has between where the controller's search for unmet times
    /// starts (`status.lastScheduleTime` at the edit) and the edit: never nominal (the old
    /// schedule was in force), yet the controller counts them as unmet from the edit on — the
    /// most recent one runs retroactively, the others are superseded or missed.
    fn edited_schedule_slots(&self, h: &CronJobHistory) -> Vec<Time> {
        let mut out = Vec::new();
        for (from, spec) in h.specs.iter().skip(1) {
            let Some(&(_, reference)) = h.edit_references.iter().find(|(at, _)| at == from) else {
                continue;
            };
            let Some(schedule) = bound_schedule(spec, &self.behaviour, self.controller_zone) else {
                continue;
            };
            out.extend(slots_between(&schedule, reference, self.start, (*from).min(self.end), self.budget.max_slots));
        }
        out
    }

    fn nominal_slots(&self, h: &CronJobHistory) -> Vec<Time> {
        let mut out = Vec::new();
        let stop = h.deleted.unwrap_or(self.end).min(self.end);
        let created = h.created.unwrap_or(self.start);
        for (i, (from, spec)) in h.specs.iter().enumerate() {
            let to = h.specs.get(i + 1).map_or(stop, |(t, _)| (*t).min(stop));
            let Some(schedule) = bound_schedule(spec, &self.behaviour, self.controller_zone) else {
                continue;
            };
            let after = created.max(*from - TimeDelta::nanoseconds(1));
            out.extend(slots_between(&schedule, after, self.start, to, self.budget.max_slots));
        }
        out
    }
}

/// Judges the slots of one CronJob.
struct Judge<'a> {
    name: Name,
    h: &'a CronJobHistory,
    history: &'a History,
    nominal: &'a [Time],
    end: Time,
}

impl Judge<'_> {
    fn record(&self, at: Time, fate: SlotFate, job: Option<Name>, explanation: SlotWhy) -> SlotRecord {
        SlotRecord { cron_job: self.name.clone(), scheduled_time: at, fate, job, explanation }
    }

    /// The spec in force at `t`.
    fn spec_at(&self, t: Time) -> Option<&CronJobSpec> {
        self.h.specs.iter().take_while(|(from, _)| *from <= t).last().map(|(_, s)| s)
    }

    /// The syncs in `[from, to)` (none when `to` is not after `from`: a Job whose recorded
    /// scheduled time lies after its creation, as the v1 controller's name-derived times can in
    /// years before 1970).
    fn syncs(&self, from: Time, to: Time) -> Vec<CronSync> {
        let (first, count) = self.sync_range(from, to);
        self.h.syncs.since(first).take(count).collect()
    }

    /// Where the syncs in `[from, to)` begin and how many there are, without listing them.
    fn sync_range(&self, from: Time, to: Time) -> (usize, usize) {
        let first = self.h.syncs.before(from);
        (first, self.h.syncs.before(to).saturating_sub(first))
    }

    /// The next nominal slot after `at`.
    fn next_nominal(&self, at: Time) -> Option<Time> {
        let i = self.nominal.partition_point(|n| *n <= at);
        self.nominal.get(i).copied()
    }

    fn ran(&self, at: Time, job: &JobRecord) -> SlotRecord {
        let created = job.created_at;
        let (first, synced) = self.sync_range(at, created);
        let forbidden =
            synced > 0 && self.h.syncs.since(first).take(synced).any(|s| s.code == DecisionCode::ForbidActive);
        let (fate, after) = if forbidden {
            (SlotFate::RanLate, RanAfter::Forbid)
        } else if self.spec_at(at).is_some_and(|s| s.suspend == Some(true)) {
            (SlotFate::RanLate, RanAfter::Suspend)
        } else if self.history.down_between(at, created) {
            (SlotFate::RanLate, RanAfter::Outage)
        } else if self.h.specs.iter().any(|(edit, _)| *edit > at && *edit <= created)
            && self.nominal.binary_search(&at).is_err()
        {
            (SlotFate::RanLate, RanAfter::ScheduleEdit)
        } else if synced == 0 {
            (SlotFate::RanOnTime, RanAfter::FirstSync)
        } else {
            (SlotFate::RanLate, RanAfter::Syncs(u32::try_from(synced).unwrap_or(u32::MAX)))
        };
        let job = job.name.clone();
        let why = SlotWhy::Ran { job: job.clone(), created, late: created - at, after };
        self.record(at, fate, Some(job), why)
    }

    fn missed(&self, at: Time) -> SlotRecord {
        let spec = self.spec_at(at);
        if spec.is_some_and(|s| s.suspend == Some(true)) {
            return self.record(at, SlotFate::Suspended, None, SlotWhy::Said(SlotWords::SuspendedNothingStarted));
        }
        if let Some(back) = self.history.outage_end(at) {
            // The first sync after the restart looks for the most recent missed slot; if this is
            // that slot and the approximate search did not find it, that is why it never ran.
            let first = self.h.syncs.since(self.h.syncs.before(back)).next();
            let latest = first.is_some_and(|f| self.next_nominal(at).is_none_or(|n| n > f.at));
            if latest && first.is_some_and(|f| f.code == DecisionCode::NotFoundBySearch) {
                return self.record(at, SlotFate::NotFoundBySearch, None, SlotWhy::NotFoundAfterOutage { back });
            }
            return self.record(at, SlotFate::ControllerDown, None, SlotWhy::Said(SlotWords::DownAtSlot));
        }
        // A slot of an edited schedule from before the edit is acted on no earlier than the
        // first nominal slot after it (the edit requeues the CronJob there), whose sync then
        // decides between them: the window reaches up to the nominal slot after that one.
        let edited = self.nominal.binary_search(&at).is_err();
        let window_end = match self.next_nominal(at) {
            Some(next) if edited => self.next_nominal(next),
            next => next,
        }
        .unwrap_or(self.end);
        let deadline = spec.and_then(|s| s.starting_deadline_seconds);
        let window = self.syncs(at, window_end);
        for (i, s) in window.iter().enumerate() {
            let fate = match s.code {
                DecisionCode::Created if s.slot == Some(at) => {
                    Some((SlotFate::CreateFailed, SlotWhy::NameTaken { at: s.at }))
                }
                DecisionCode::Created => Some((SlotFate::Superseded, SlotWhy::Superseded { slot: s.slot, at: s.at })),
                DecisionCode::ForbidActive if s.slot == Some(at) => {
                    Some(match (deadline, window[i..].iter().find(|w| w.code != DecisionCode::ForbidActive)) {
                        (Some(d), Some(released)) if released.at - at >= TimeDelta::seconds(d) => (
                            SlotFate::MissedDeadline,
                            SlotWhy::ForbidPastDeadline { released: released.at, age: released.at - at, deadline: d },
                        ),
                        _ => (
                            SlotFate::SkippedForbid,
                            SlotWhy::Forbidden {
                                policy: spec.and_then(|s| s.concurrency_policy).map_or("Forbid", policy_name),
                                at: s.at,
                            },
                        ),
                    })
                }
                DecisionCode::Suspended => Some((SlotFate::Suspended, SlotWhy::SuspendedAt { at: s.at })),
                DecisionCode::TooManyMissed => {
                    Some((SlotFate::TooManyMissed, SlotWhy::Said(SlotWords::TooManyMissedLegacy)))
                }
                DecisionCode::NotFoundBySearch => Some((SlotFate::NotFoundBySearch, SlotWhy::NotFoundAt { at: s.at })),
                DecisionCode::TooLate | DecisionCode::NotDue
                    if deadline.is_some_and(|d| s.at - at >= TimeDelta::seconds(d)) =>
                {
                    Some((
                        SlotFate::MissedDeadline,
                        SlotWhy::PastDeadline {
                            edited,
                            at: s.at,
                            late: s.at - at,
                            deadline: deadline.unwrap_or_default(),
                        },
                    ))
                }
                DecisionCode::CreateFailed
                | DecisionCode::AlreadyExists
                | DecisionCode::ReplaceFailed
                | DecisionCode::ApiError
                | DecisionCode::InvalidSchedule
                | DecisionCode::UnknownTimeZone
                | DecisionCode::ScheduleHangs => {
                    Some((SlotFate::CreateFailed, SlotWhy::SyncFailed { at: s.at, code: s.code }))
                }
                _ => None,
            };
            if let Some((fate, why)) = fate {
                return self.record(at, fate, None, why);
            }
        }
        if self.history.down_between(at, window_end) {
            return self.record(at, SlotFate::ControllerDown, None, SlotWhy::Said(SlotWords::DownBeforeStart));
        }
        if window_end >= self.end && self.sync_range(at, self.end).1 == 0 {
            return self.record(at, SlotFate::Pending, None, SlotWhy::Said(SlotWords::HorizonEnded));
        }
        match deadline {
            Some(d) => self.record(at, SlotFate::MissedDeadline, None, SlotWhy::NoSyncWithin { deadline: d }),
            None => self.record(at, SlotFate::NotFoundBySearch, None, SlotWhy::Said(SlotWords::NotMostRecent)),
        }
    }
}

fn policy_name(p: ConcurrencyPolicy) -> &'static str {
    match p {
        ConcurrencyPolicy::Allow => "Allow",
        ConcurrencyPolicy::Forbid => "Forbid",
        ConcurrencyPolicy::Replace => "Replace",
    }
}

/// The items of two sorted sequences, in order.
fn merged<T: Ord>(a: impl IntoIterator<Item = T>, b: impl IntoIterator<Item = T>) -> impl Iterator<Item = T> {
    let (mut a, mut b) = (a.into_iter().peekable(), b.into_iter().peekable());
    std::iter::from_fn(move || match (a.peek(), b.peek()) {
        (Some(x), Some(y)) if y < x => b.next(),
        (Some(_), _) => a.next(),
        _ => b.next(),
    })
}
