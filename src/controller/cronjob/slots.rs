//! Which schedule slot is due: `mostRecentScheduleTime`, `nextScheduleTime` and
//! `nextScheduleTimeDuration` of `pkg/controller/cronjob/utils.go`, in the form each release used,
//! and the legacy controller's `getRecentUnmetScheduleTimes`.
//!
//! * 1.28+ (#118724): the approximate Next-chain search. It only looks back about two "first gaps"
//!   from `now`, so for irregular schedules it can find no slot although slots were missed
//!   (upstream test `another complex schedule`). That is reproduced, not fixed.
//! * 1.21–1.27: `t1 + (n−1)·I` arithmetic, which can return an instant that is not a slot at all.
//! * ≤1.20 (legacy v1): exact enumeration of every unmet slot, failing beyond 100.
//!
//! `startingDeadlineSeconds` moves the search start to `now − deadline`, so a slot older than
//! the deadline is never found (which is why `MissSchedule` is practically never recorded).

use crate::api::{CronJob, CronJobStatus};
use crate::cron::EndlessSearch;
use crate::go::{add_nanos, round_to_second, seconds_nanos, sub_nanos, whole_seconds, zero_time};
use chrono::{DateTime, NaiveDate, TimeDelta, Utc};
use std::fmt;

/// A schedule as the slot search asks it for slots.
pub trait Slots {
    /// robfig's `Next`: the first slot strictly after `after`, or Go's zero time when robfig finds
    /// none within five years. An `Err` is a schedule on which robfig's `Next` never returns.
    fn next(&self, after: DateTime<Utc>) -> Result<DateTime<Utc>, ScheduleHang>;

    /// `next(after)` and the `next` of that: the two slots every search starts with.
    fn next_two(&self, after: DateTime<Utc>) -> Result<[DateTime<Utc>; 2], ScheduleHang> {
        let first = self.next(after)?;
        Ok([first, self.next(first)?])
    }

    /// `Some(delay)` for `@every` schedules, whose slots are `delay` apart counted from wherever
    /// a chain of `next` calls starts; `None` for cron expressions, whose slots are a fixed set.
    fn constant_delay(&self) -> Option<TimeDelta>;
}

/// How many `Next` calls a chain walks before switching to a shortcut (the Go loop would go on;
/// it only gets that long from absurd inputs such as a missing creationTimestamp).
const CHAIN_WALK_LIMIT: u32 = 1_000;

/// The last slot `≤ now` of the chain `Next(start), Next(Next(start)), …` — what Go's loop
/// `for t := Next(start); !t.After(now); t = Next(t)` ends with — without walking millions of
/// slots when `start` is far in the past.
fn last_of_chain(
    schedule: &dyn Slots,
    start: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<Option<DateTime<Utc>>, ScheduleHang> {
    let mut found = None;
    let mut t = schedule.next(start)?;
    let mut steps = 0;
    // Go loops forever if `Next` yields the zero time here; stop instead.
    while t <= now && t != zero_time() {
        found = Some(t);
        steps += 1;
        if steps == CHAIN_WALK_LIMIT {
            return last_slot_at_or_before(schedule, t, now);
        }
        t = schedule.next(t)?;
    }
    Ok(found)
}

/// The chain's last slot `≤ now`, knowing the chain has reached `reached ≤ now`.
fn last_slot_at_or_before(
    schedule: &dyn Slots,
    reached: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<Option<DateTime<Utc>>, ScheduleHang> {
    if let Some(delay) = schedule.constant_delay() {
        // Every later step adds exactly `delay` (the chain is on whole seconds by now).
        let step = delay.num_nanoseconds().unwrap_or(i64::MAX).max(1);
        let k = sub_nanos(now, reached) / step;
        return Ok(Some(add_nanos(reached, k.saturating_mul(step))));
    }
    // A cron expression's slots are a fixed set, so a chain started later — but still after
    // `reached` — ends on the same slot. Look back from `now` in doubling windows.
    let mut window = TimeDelta::minutes(2);
    loop {
        let from = (now - window).max(reached);
        let mut last = None;
        let mut t = schedule.next(from)?;
        while t <= now && t != zero_time() {
            last = Some(t);
            t = schedule.next(t)?;
        }
        if last.is_some() || from == reached {
            return Ok(last.or(Some(reached)));
        }
        window = window * 2;
    }
}

/// robfig's `Next` would loop forever on this schedule; the controller worker would hang.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScheduleHang(pub EndlessSearch);

impl fmt::Display for ScheduleHang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for ScheduleHang {}

/// The scheduling facts of a CronJob the slot search reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlotInput {
    /// `metadata.creationTimestamp`.
    pub created: DateTime<Utc>,
    /// `status.lastScheduleTime`.
    pub last_scheduled: Option<DateTime<Utc>>,
    /// `spec.startingDeadlineSeconds`.
    pub starting_deadline_seconds: Option<i64>,
}

impl SlotInput {
    /// The scheduling facts of a CronJob (a missing creationTimestamp is Go's zero time).
    pub fn of(cron_job: &CronJob) -> Self {
        Self::with_status(cron_job, &cron_job.status)
    }

    /// The scheduling facts of a CronJob whose status is `status`.
    pub(crate) fn with_status(cron_job: &CronJob, status: &CronJobStatus) -> Self {
        SlotInput {
            created: cron_job.metadata.creation_timestamp.unwrap_or_else(zero_time),
            last_scheduled: status.last_schedule_time,
            starting_deadline_seconds: cron_job.spec.starting_deadline_seconds,
        }
    }

    /// Whether `scheduled + startingDeadlineSeconds` is before `now` (the `tooLate` check).
    pub fn too_late(&self, scheduled: DateTime<Utc>, now: DateTime<Utc>) -> bool {
        self.starting_deadline_seconds.is_some_and(|sds| add_nanos(scheduled, seconds_nanos(sds)) < now)
    }

    /// `lastScheduleTime`, else `creationTimestamp`, moved up to `now − startingDeadlineSeconds`
    /// when `include_deadline` and that is later.
    pub fn earliest(&self, now: DateTime<Utc>, include_deadline: bool) -> DateTime<Utc> {
        let mut earliest = self.last_scheduled.unwrap_or(self.created);
        if let (true, Some(sds)) = (include_deadline, self.starting_deadline_seconds) {
            let deadline = add_nanos(now, seconds_nanos(sds).wrapping_neg());
            if deadline > earliest {
                earliest = deadline;
            }
        }
        earliest
    }
}

/// How many slots the search counted as missed (`missedSchedulesType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missed {
    /// At most the one slot that is due now.
    None,
    /// Some, up to 100.
    Few,
    /// More than 100: the controller warns `TooManyMissedTimes`.
    Many,
}

/// The answer of `mostRecentScheduleTime`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MostRecent {
    /// Where the search started.
    pub earliest: DateTime<Utc>,
    /// The slot to run, if the search found one.
    pub most_recent: Option<DateTime<Utc>>,
    /// The none/few/many classification.
    pub missed: Missed,
    /// The estimated number of missed slots (`numberOfMissedSchedules`; 0 or 1 when none).
    pub count: i64,
    /// `Next(earliest)` and the `Next` of that, which the search asked for first: the requeue
    /// delay usually asks for one of them again.
    first_two: [DateTime<Utc>; 2],
}

impl MostRecent {
    /// `Next(t)` when the search already asked it.
    pub(crate) fn known_next(&self, t: DateTime<Utc>) -> Option<DateTime<Utc>> {
        let [t1, t2] = self.first_two;
        if t == self.earliest {
            Some(t1)
        } else if t == t1 {
            Some(t2)
        } else {
            None
        }
    }
}

/// Which `mostRecentScheduleTime` a release uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlotSearch {
    /// 1.21–1.27: `t1 + (n−1)·I` arithmetic.
    Arithmetic,
    /// 1.28+: walk `Next` from `t1 + (n−2)·I`.
    NextChain,
}

/// Why the slots of a schedule cannot be computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SlotError {
    /// Two consecutive slots less than a second apart (in practice: a schedule that never fires,
    /// so both are Go's zero time). Carries the release's error text.
    TooClose(&'static str),
    /// robfig would never return.
    Hang(ScheduleHang),
}

impl fmt::Display for SlotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SlotError::TooClose(text) => f.write_str(text),
            SlotError::Hang(h) => h.fmt(f),
        }
    }
}

impl From<ScheduleHang> for SlotError {
    fn from(h: ScheduleHang) -> Self {
        SlotError::Hang(h)
    }
}

/// `mostRecentScheduleTime(cj, now, schedule, includeStartingDeadlineSeconds)`.
pub fn most_recent_schedule_time(
    search: SlotSearch,
    input: &SlotInput,
    now: DateTime<Utc>,
    include_deadline: bool,
    schedule: &dyn Slots,
) -> Result<MostRecent, SlotError> {
    let earliest = input.earliest(now, include_deadline);
    let first_two = schedule.next_two(earliest)?;
    let [t1, t2] = first_two;
    let none = |most_recent, count| MostRecent { earliest, most_recent, missed: Missed::None, count, first_two };
    if now < t1 {
        return Ok(none(None, 0));
    }
    if now < t2 {
        return Ok(none(Some(t1), 1));
    }
    let interval = round_to_second(sub_nanos(t2, t1)) / 1_000_000_000;
    if interval < 1 {
        return Err(SlotError::TooClose(match search {
            SlotSearch::Arithmetic => "time difference between two schedules less than 1 second",
            SlotSearch::NextChain => "time difference between two schedules is less than 1 second",
        }));
    }
    let elapsed = whole_seconds(sub_nanos(now, t1));
    let count = elapsed / interval + 1;
    let missed = if count > 100 { Missed::Many } else { Missed::Few };
    let most_recent = match search {
        SlotSearch::Arithmetic => {
            let secs = t1.timestamp().wrapping_add((count - 1).wrapping_mul(interval));
            DateTime::from_timestamp(secs, 0)
        }
        SlotSearch::NextChain => {
            // Go's Duration arithmetic wraps on overflow; so does this.
            let back = (count - 2).wrapping_mul(interval).wrapping_mul(1_000_000_000);
            last_of_chain(schedule, add_nanos(t1, back), now)?
        }
    };
    Ok(MostRecent { earliest, most_recent, missed, count, first_two })
}

/// `nextScheduleTime`: the slot to start now, if any, honouring `startingDeadlineSeconds`.
/// Returns the search result too, so the caller can warn `TooManyMissedTimes`.
pub fn next_schedule_time(
    search: SlotSearch,
    input: &SlotInput,
    now: DateTime<Utc>,
    schedule: &dyn Slots,
) -> Result<MostRecent, SlotError> {
    most_recent_schedule_time(search, input, now, true, schedule).map(|found| due(search, found, now))
}

/// What `nextScheduleTime` makes of `mostRecentScheduleTime`'s answer: 1.21–1.27 return nothing
/// when the (deadline-moved) search start is in the future, and no release starts a slot after
/// `now`. Without `startingDeadlineSeconds` the search `nextScheduleTime` runs is the one
/// `nextScheduleTimeDuration` runs, so a sync can run it once and hand its answer to both.
pub(crate) fn due(search: SlotSearch, mut found: MostRecent, now: DateTime<Utc>) -> MostRecent {
    if found.most_recent.is_some_and(|t| t > now) || (search == SlotSearch::Arithmetic && found.earliest > now) {
        found.most_recent = None;
    }
    found
}

/// How a release computes the requeue delay after a sync (`nextScheduleTimeDuration`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequeueRule {
    /// ≤1.24: `Next(now) + 100ms − now`.
    FromNow,
    /// 1.25–1.27 (#109250): from the most recent slot, else the search start.
    FromLastSlot,
    /// 1.28+ (#121327): as above, but from `now` when slots were missed and none was found.
    FromLastSlotOrNow,
}

/// The 100 ms the controller adds so that it wakes just after the slot (`nextScheduleDelta`).
pub const NEXT_SCHEDULE_DELTA: TimeDelta = TimeDelta::milliseconds(100);

/// `nextScheduleTimeDuration`: how long until the controller should look at the CronJob again.
/// Saturates like Go's `Time.Sub` (a schedule that never fires yields about −292 years).
pub fn next_schedule_time_duration(
    rule: RequeueRule,
    search: SlotSearch,
    input: &SlotInput,
    now: DateTime<Utc>,
    schedule: &dyn Slots,
) -> Result<TimeDelta, ScheduleHang> {
    requeue_after_search(rule, || most_recent_schedule_time(search, input, now, false, schedule), now, schedule)
}

/// `nextScheduleTimeDuration` with the answer of `mostRecentScheduleTime(…, false)` it reads
/// (not asked for under [`RequeueRule::FromNow`]) coming from `unclamped`, so that a sync that
/// already has that answer does not search the schedule again.
pub(crate) fn requeue_after_search(
    rule: RequeueRule,
    unclamped: impl FnOnce() -> Result<MostRecent, SlotError>,
    now: DateTime<Utc>,
    schedule: &dyn Slots,
) -> Result<TimeDelta, ScheduleHang> {
    let (base, found) = match rule {
        RequeueRule::FromNow => (now, None),
        RequeueRule::FromLastSlot | RequeueRule::FromLastSlotOrNow => match unclamped() {
            Err(SlotError::Hang(h)) => return Err(h),
            Err(SlotError::TooClose(_)) => (now, None),
            Ok(found @ MostRecent { most_recent: Some(t), .. }) => (t, Some(found)),
            Ok(found) if found.missed == Missed::None || rule == RequeueRule::FromLastSlot => {
                (found.earliest, Some(found))
            }
            Ok(found) => (now, Some(found)),
        },
    };
    // `Next` is a pure function: an answer the search already has is the answer.
    let next = match found.and_then(|f| f.known_next(base)) {
        Some(next) => next,
        None => schedule.next(base)?,
    };
    Ok(until_wake(next, now))
}

/// `next.Add(nextScheduleDelta).Sub(now)`: one subtraction of instants, the 100 ms added to the
/// difference (the same nanoseconds, saturated the same way, unless `next` is on the last day
/// chrono can represent, where the addition itself would saturate first).
fn until_wake(next: DateTime<Utc>, now: DateTime<Utc>) -> TimeDelta {
    let delta = NEXT_SCHEDULE_DELTA.num_nanoseconds().unwrap_or(0);
    if next.naive_utc().date() == NaiveDate::MAX {
        return TimeDelta::nanoseconds(sub_nanos(add_nanos(next, delta), now));
    }
    let (a, b) = (next.timestamp_subsec_nanos(), now.timestamp_subsec_nanos());
    if a >= 1_000_000_000 || b >= 1_000_000_000 {
        // A leap second (chrono's second 60): its own subtraction knows how to count it.
        let d = next.signed_duration_since(now) + NEXT_SCHEDULE_DELTA;
        return TimeDelta::nanoseconds(d.num_nanoseconds().unwrap_or(if next > now { i64::MAX } else { i64::MIN }));
    }
    // Whole seconds and nanoseconds, in integers: chrono's instants span about ±262,000 years,
    // so the seconds apart fit easily; their nanoseconds saturate with the seconds' sign, which
    // the sub-second parts (less than 2 s in all) cannot turn.
    let secs = next.timestamp() - now.timestamp();
    let sub = i64::from(a) - i64::from(b) + delta;
    let d = secs.checked_mul(1_000_000_000).and_then(|n| n.checked_add(sub));
    TimeDelta::nanoseconds(d.unwrap_or(if secs > 0 { i64::MAX } else { i64::MIN }))
}

/// Why the legacy controller could not list the unmet slots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnmetError {
    /// More than 100 unmet slots: no Job is created until the deadline or status changes.
    TooMany,
    /// robfig would never return.
    Hang(ScheduleHang),
}

impl fmt::Display for UnmetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnmetError::TooMany => f.write_str(
                "Too many missed start time (> 100). Set or decrease .spec.startingDeadlineSeconds or \
                check clock skew.",
            ),
            UnmetError::Hang(h) => h.fmt(f),
        }
    }
}

/// The legacy controller's `getRecentUnmetScheduleTimes` (≤1.20): every slot in
/// `(earliest, now]`, oldest first. A schedule that never fires yields Go's zero time over and
/// over, which this loop (like Go's) counts until it gives up with [`UnmetError::TooMany`].
pub fn recent_unmet_schedule_times(
    input: &SlotInput,
    now: DateTime<Utc>,
    schedule: &dyn Slots,
) -> Result<Vec<DateTime<Utc>>, UnmetError> {
    let earliest = input.earliest(now, true);
    let mut starts = Vec::new();
    if earliest > now {
        return Ok(starts);
    }
    let mut t = schedule.next(earliest).map_err(UnmetError::Hang)?;
    while t <= now {
        starts.push(t);
        if starts.len() > 100 {
            return Err(UnmetError::TooMany);
        }
        t = schedule.next(t).map_err(UnmetError::Hang)?;
    }
    Ok(starts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controller::cronjob::schedule::BoundSchedule;
    use crate::controller::cronjob::Behaviour;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().to_utc()
    }

    fn bound(text: &str) -> BoundSchedule {
        BoundSchedule::parse(text, &Behaviour::of("1.28".parse().unwrap()), crate::go::Tz::UTC).unwrap()
    }

    fn input(last: &str, sds: Option<i64>) -> SlotInput {
        SlotInput {
            created: at("2016-05-01T00:00:00Z"),
            last_scheduled: Some(at(last)),
            starting_deadline_seconds: sds,
        }
    }

    #[test]
    fn legacy_enumeration_lists_every_unmet_slot_and_gives_up_beyond_100() {
        let s = bound("*/20 * * * *");
        let got =
            recent_unmet_schedule_times(&input("2016-05-19T09:00:00Z", None), at("2016-05-19T10:05:00Z"), &s).unwrap();
        assert_eq!(got, [at("2016-05-19T09:20:00Z"), at("2016-05-19T09:40:00Z"), at("2016-05-19T10:00:00Z")]);
        let with_deadline =
            recent_unmet_schedule_times(&input("2016-05-19T09:00:00Z", Some(600)), at("2016-05-19T10:05:00Z"), &s)
                .unwrap();
        assert_eq!(with_deadline, [at("2016-05-19T10:00:00Z")]);
        let too_many =
            recent_unmet_schedule_times(&input("2016-05-18T00:00:00Z", None), at("2016-05-19T10:05:00Z"), &s);
        assert_eq!(too_many, Err(UnmetError::TooMany));
        // A schedule that never fires yields the zero time again and again: also "too many".
        let never = bound("0 0 30 2 *");
        let stuck =
            recent_unmet_schedule_times(&input("2016-05-19T09:00:00Z", None), at("2016-05-19T10:05:00Z"), &never);
        assert_eq!(stuck, Err(UnmetError::TooMany));
    }

    #[test]
    fn arithmetic_search_before_1_28_can_return_a_non_slot() {
        let s = bound("30 10,11,12 * * 1-5");
        let found = most_recent_schedule_time(
            SlotSearch::Arithmetic,
            &input("2016-05-19T10:30:00Z", None),
            at("2016-05-20T16:30:00Z"),
            false,
            &s,
        )
        .unwrap();
        assert_eq!((found.most_recent, found.missed, found.count), (Some(at("2016-05-20T16:30:00Z")), Missed::Few, 30));
        let never = bound("59 23 31 2 *");
        let err = most_recent_schedule_time(
            SlotSearch::Arithmetic,
            &input("2016-05-19T10:30:00Z", None),
            at("2016-05-20T16:30:00Z"),
            false,
            &never,
        );
        assert_eq!(err.unwrap_err().to_string(), "time difference between two schedules less than 1 second");
    }

    #[test]
    fn requeue_rules_differ_when_the_last_schedule_is_ahead_of_the_clock() {
        let s = bound("0 * * * *");
        let skewed = input("2016-05-19T11:00:00Z", None);
        let now = at("2016-05-19T10:01:00Z");
        let d = |rule| next_schedule_time_duration(rule, SlotSearch::NextChain, &skewed, now, &s).unwrap();
        assert_eq!(d(RequeueRule::FromNow), TimeDelta::milliseconds(3_540_100));
        assert_eq!(d(RequeueRule::FromLastSlot), TimeDelta::milliseconds(7_140_100));
        assert_eq!(d(RequeueRule::FromLastSlotOrNow), TimeDelta::milliseconds(7_140_100));
    }

    #[test]
    fn long_chains_end_on_the_same_slot_as_a_full_walk() {
        let now = at("2016-05-19T10:05:30Z");
        let start = at("2016-05-01T00:00:20Z");
        let minutely = bound("*/1 * * * *");
        assert_eq!(last_of_chain(&minutely, start, now), Ok(Some(at("2016-05-19T10:05:00Z"))));
        let every = bound("@every 1m");
        assert_eq!(
            last_of_chain(&every, start, now),
            Ok(Some(at("2016-05-19T10:05:20Z"))),
            "anchored to the chain's start"
        );
        let yearly = bound("0 0 1 1 *");
        assert_eq!(last_of_chain(&yearly, start, now), Ok(None));
    }
}
