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

use super::go_time::{add_nanos, round_to_second, sub_nanos, whole_seconds, zero_time};
use chrono::{DateTime, TimeDelta, Utc};
use std::fmt;

/// The schedule's `Next`: the first slot strictly after an instant, or Go's zero time when robfig
/// finds none within five years. An `Err` is a schedule on which robfig's `Next` never returns.
pub type NextFn<'a> = &'a dyn Fn(DateTime<Utc>) -> Result<DateTime<Utc>, ScheduleHang>;

/// robfig's `Next` would loop forever on this schedule; the controller worker would hang.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScheduleHang(pub String);

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
    /// `lastScheduleTime`, else `creationTimestamp`, moved up to `now − startingDeadlineSeconds`
    /// when `include_deadline` and that is later.
    pub fn earliest(&self, now: DateTime<Utc>, include_deadline: bool) -> DateTime<Utc> {
        let mut earliest = self.last_scheduled.unwrap_or(self.created);
        if let (true, Some(sds)) = (include_deadline, self.starting_deadline_seconds) {
            let deadline = add_nanos(now, sds.saturating_mul(-1_000_000_000));
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
            SlotError::Hang(h) => f.write_str(&h.0),
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
    next: NextFn<'_>,
) -> Result<MostRecent, SlotError> {
    let earliest = input.earliest(now, include_deadline);
    let none = |most_recent, count| MostRecent { earliest, most_recent, missed: Missed::None, count };
    let t1 = next(earliest)?;
    let t2 = next(t1)?;
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
            let back = (count - 2).wrapping_mul(interval).wrapping_mul(1_000_000_000);
            let mut found = None;
            let mut t = next(add_nanos(t1, back))?;
            // Go loops forever if `Next` yields the zero time here; stop instead.
            while t <= now && t != zero_time() {
                found = Some(t);
                t = next(t)?;
            }
            found
        }
    };
    Ok(MostRecent { earliest, most_recent, missed, count })
}

/// `nextScheduleTime`: the slot to start now, if any, honouring `startingDeadlineSeconds`.
/// Returns the search result too, so the caller can warn `TooManyMissedTimes`.
pub fn next_schedule_time(
    search: SlotSearch,
    input: &SlotInput,
    now: DateTime<Utc>,
    next: NextFn<'_>,
) -> Result<MostRecent, SlotError> {
    let mut found = most_recent_schedule_time(search, input, now, true, next)?;
    // 1.21–1.27 return nothing when the (deadline-moved) search start is in the future.
    if found.most_recent.is_some_and(|t| t > now) || (search == SlotSearch::Arithmetic && found.earliest > now) {
        found.most_recent = None;
    }
    Ok(found)
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
    next: NextFn<'_>,
) -> Result<TimeDelta, ScheduleHang> {
    let base = match rule {
        RequeueRule::FromNow => now,
        RequeueRule::FromLastSlot | RequeueRule::FromLastSlotOrNow => match most_recent_schedule_time(search, input, now, false, next) {
            Err(SlotError::Hang(h)) => return Err(h),
            Err(SlotError::TooClose(_)) => now,
            Ok(MostRecent { most_recent: Some(t), .. }) => t,
            Ok(found) if found.missed == Missed::None || rule == RequeueRule::FromLastSlot => found.earliest,
            Ok(_) => now,
        },
    };
    let wake = add_nanos(next(base)?, NEXT_SCHEDULE_DELTA.num_nanoseconds().unwrap_or(0));
    Ok(TimeDelta::nanoseconds(sub_nanos(wake, now)))
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
            UnmetError::TooMany => {
                f.write_str("Too many missed start time (> 100). Set or decrease .spec.startingDeadlineSeconds or check clock skew.")
            }
            UnmetError::Hang(h) => f.write_str(&h.0),
        }
    }
}

/// The legacy controller's `getRecentUnmetScheduleTimes` (≤1.20): every slot in
/// `(earliest, now]`, oldest first. A schedule that never fires yields Go's zero time over and
/// over, which this loop (like Go's) counts until it gives up with [`UnmetError::TooMany`].
pub fn recent_unmet_schedule_times(input: &SlotInput, now: DateTime<Utc>, next: NextFn<'_>) -> Result<Vec<DateTime<Utc>>, UnmetError> {
    let earliest = input.earliest(now, true);
    let mut starts = Vec::new();
    if earliest > now {
        return Ok(starts);
    }
    let mut t = next(earliest).map_err(UnmetError::Hang)?;
    while t <= now {
        starts.push(t);
        if starts.len() > 100 {
            return Err(UnmetError::TooMany);
        }
        t = next(t).map_err(UnmetError::Hang)?;
    }
    Ok(starts)
}
