//! robfig/cron v3.0.1 `SpecSchedule` (spec.go): six bitmasks and a location, and its `Next`
//! search — ported loop for loop, so that its DST behaviour (gap days skipped, overlap times run
//! twice, Lord Howe and midnight-gap days lost) comes out exactly as in Kubernetes. Where the
//! offset cannot change, the hour, minute and day loops jump straight to the step robfig's loop
//! would stop at; the steps in between could not have stopped it.

use crate::go::{days_in_month, Civil, Location, Tz, Zone};
use chrono::{DateTime, TimeZone, Utc};
use std::fmt;

/// Bit 63 of a mask: the field was `*` or `?` (with no step above 1). It decides the
/// day-of-month / day-of-week rule.
pub const STAR_BIT: u64 = 1 << 63;

/// The fields of a schedule as robfig stores them: bit *n* set = value *n* allowed, plus
/// [`STAR_BIT`]. Day-of-week 0 is Sunday. `second` is always `1` (second 0) for `ParseStandard`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Masks {
    pub second: u64,
    pub minute: u64,
    pub hour: u64,
    pub dom: u64,
    pub month: u64,
    pub dow: u64,
}

impl Masks {
    /// Whether every field allows this wall clock: where [`SpecSchedule`]'s search stops.
    fn allow(&self, c: &Civil) -> bool {
        self.month & (1 << c.month) != 0
            && self.day_matches(c.day, c.weekday)
            && self.hour & (1 << c.hour) != 0
            && self.minute & (1 << c.minute) != 0
            && self.second & (1 << c.second) != 0
    }

    /// robfig's `dayMatches`: if either day field is starred both must match, otherwise either.
    pub fn day_matches(&self, day: u32, weekday: u32) -> bool {
        let dom = self.dom & (1 << day) != 0;
        let dow = self.dow & (1 << weekday) != 0;
        if (self.dom | self.dow) & STAR_BIT != 0 {
            dom && dow
        } else {
            dom || dow
        }
    }
}

/// A cron-expression schedule (robfig's `SpecSchedule`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SpecSchedule {
    masks: Masks,
    location: Location,
}

/// robfig/cron would never return from `Next`: its day search cannot get past a calendar day
/// that does not exist in the zone (Pacific/Apia skipped 2011-12-30). Kubernetes'
/// controller would hang on such a schedule; the port stops at once instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndlessSearch {
    /// The zone whose calendar is missing a day.
    pub zone: Tz,
    /// Where robfig's search gets stuck, in that zone.
    pub stuck_at: DateTime<Tz>,
}

impl fmt::Display for EndlessSearch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "robfig/cron would search forever for the next time: in {} the day after {} does not exist, \
            and its day-by-day search cannot step past it",
            self.zone.name(),
            self.stuck_at.format("%Y-%m-%d")
        )
    }
}

impl std::error::Error for EndlessSearch {}

/// Whether the search may jump over steps that cannot stop it. Tests turn jumps off to check
/// them against robfig's plain step-by-step loops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Jumps {
    Allowed,
    #[cfg(test)]
    Off,
}

/// A day search that steps this often is stuck, not slow: a real search needs at most about
/// 31 days × 12 months × 6 years steps.
const DAY_STEP_LIMIT: u32 = 200_000;
/// Steps far enough from the end of an offset period that a wall time on the way cannot be
/// one Go resolves to the other side of a repeated hour.
const DAY_JUMP_MARGIN: i64 = 2 * 86_400;

impl SpecSchedule {
    pub(crate) fn new(masks: Masks, location: Location) -> Self {
        Self { masks, location }
    }

    /// The field masks.
    pub fn masks(&self) -> &Masks {
        &self.masks
    }

    /// The schedule's own zone (`TZ=` prefix), or [`Location::Local`].
    pub fn location(&self) -> Location {
        self.location
    }

    /// robfig's `Next(t)`: the first matching whole second strictly after `t`, in `t`'s zone.
    /// The search runs in the schedule's zone, or in `t`'s zone for [`Location::Local`].
    /// `Ok(None)` is robfig's zero time: nothing within its five-year search.
    pub fn next(&self, t: DateTime<Tz>) -> Result<Option<DateTime<Tz>>, EndlessSearch> {
        let local = t.timezone();
        let found = self.next_unix(t.timestamp(), local).map_err(|(tz, stuck)| EndlessSearch {
            zone: tz,
            stuck_at: tz.timestamp_opt(stuck, 0).single().unwrap_or_else(|| t.with_timezone(&tz)),
        })?;
        Ok(found.and_then(|unix| local.timestamp_opt(unix, 0).single()))
    }

    /// [`next`](Self::next) for an instant given in UTC and evaluated in `local` (the zone of a
    /// schedule without `TZ=`), answered in UTC: the same instants, without converting `after`
    /// and the answer between zones.
    pub fn next_utc(&self, after: DateTime<Utc>, local: Tz) -> Result<Option<DateTime<Utc>>, EndlessSearch> {
        let found = self.next_unix(after.timestamp(), local).map_err(|(tz, stuck)| EndlessSearch {
            zone: tz,
            stuck_at: tz.timestamp_opt(stuck, 0).single().unwrap_or_else(|| after.with_timezone(&tz)),
        })?;
        Ok(found.and_then(|unix| DateTime::from_timestamp(unix, 0)))
    }

    /// Whether `Next(t − 1 s)` is `t`, told without a search: `t` is a whole second whose wall
    /// clock (in the schedule's zone or `local`) every field allows. The search from `t` then
    /// stops at `t` before moving, so this is the search's own answer.
    pub(crate) fn is_slot(&self, t: DateTime<Utc>, local: Tz) -> bool {
        let tz = match self.location {
            Location::Local => local,
            Location::Zone(tz) => tz,
        };
        t.timestamp_subsec_nanos() == 0 && self.masks.allow(&Zone::new(tz).civil(t.timestamp()))
    }

    /// The search from the whole second `after`, in the schedule's zone or `local`; `Err` is the
    /// zone and the instant an endless day search is stuck at.
    fn next_unix(&self, after: i64, local: Tz) -> Result<Option<i64>, (Tz, i64)> {
        let tz = match self.location {
            Location::Local => local,
            Location::Zone(tz) => tz,
        };
        let mut zone = Zone::new(tz);
        self.search(&mut zone, after + 1, Jumps::Allowed).map_err(|stuck| (tz, stuck))
    }

    /// The search on Unix seconds, from the first candidate `t`. `Err` carries the instant the
    /// day search is stuck at.
    pub(crate) fn search(&self, zone: &mut Zone, mut t: i64, jumps: Jumps) -> Result<Option<i64>, i64> {
        let m = &self.masks;
        let mut added = false;
        let mut day_steps = 0u32;
        // `c` is always the wall clock of `t`: every step that moves `t` reads it again, so the
        // restart at WRAP (robfig's `goto WRAP`) starts from it without another lookup.
        let mut c = zone.civil(t);
        let year_limit = c.year + 5;
        'wrap: loop {
            if c.year > year_limit {
                return Ok(None);
            }

            while m.month & (1 << c.month) == 0 {
                if !added {
                    added = true;
                    t = zone.date(c.year, c.month.into(), 1, 0, 0, 0);
                    c = zone.civil(t);
                }
                t = zone.date(
                    c.year,
                    i64::from(c.month) + 1,
                    c.day.into(),
                    c.hour.into(),
                    c.minute.into(),
                    c.second.into(),
                );
                c = zone.civil(t);
                if c.month == 1 {
                    continue 'wrap;
                }
            }

            while !m.day_matches(c.day, c.weekday) {
                if !added {
                    added = true;
                    t = zone.date(c.year, c.month.into(), c.day.into(), 0, 0, 0);
                    c = zone.civil(t);
                }
                if let Some(target) = self.day_jump(zone, t, &c).filter(|_| jumps == Jumps::Allowed) {
                    t = target;
                    c = zone.civil(t);
                } else {
                    let before = t;
                    t = zone.date(
                        c.year,
                        c.month.into(),
                        i64::from(c.day) + 1,
                        c.hour.into(),
                        c.minute.into(),
                        c.second.into(),
                    );
                    c = zone.civil(t);
                    // robfig's fix-up for a midnight moved by DST.
                    if c.hour != 0 {
                        let hours = if c.hour > 12 { 24 - i64::from(c.hour) } else { -i64::from(c.hour) };
                        t += hours * 3600;
                        c = zone.civil(t);
                    }
                    day_steps += 1;
                    if t == before || day_steps > DAY_STEP_LIMIT {
                        return Err(before);
                    }
                }
                if c.day == 1 {
                    continue 'wrap;
                }
            }

            if m.hour & (1 << c.hour) == 0 {
                if !added {
                    added = true;
                    t = zone.date(c.year, c.month.into(), c.day.into(), c.hour.into(), 0, 0);
                    c = zone.civil(t);
                }
                if advance(zone, jumps, &mut t, &mut c, m.hour, &HOURS) {
                    continue 'wrap;
                }
            }

            if m.minute & (1 << c.minute) == 0 {
                if !added {
                    added = true;
                    t = t.div_euclid(60) * 60;
                    c = zone.civil(t);
                }
                if advance(zone, jumps, &mut t, &mut c, m.minute, &MINUTES) {
                    continue 'wrap;
                }
            }

            if m.second & (1 << c.second) == 0 {
                // robfig truncates to the second here; `t` is whole seconds already.
                added = true;
                if advance(zone, jumps, &mut t, &mut c, m.second, &SECONDS) {
                    continue 'wrap;
                }
            }

            return Ok(Some(t));
        }
    }

    /// Where robfig's day loop would stop, when it can be computed without stepping: the clock
    /// reads midnight and the UTC offset stays the same (well) past the target, so each
    /// `AddDate(0, 0, 1)` is exactly 24 hours. The target is the next matching day of the month,
    /// or the 1st of the next month (where robfig wraps).
    fn day_jump(&self, zone: &mut Zone, t: i64, c: &Civil) -> Option<i64> {
        if c.hour != 0 {
            return None;
        }
        let last = days_in_month(c.year, c.month);
        let days = (1..=last - c.day)
            .find(|&j| self.masks.day_matches(c.day + j, (c.weekday + j) % 7))
            .unwrap_or(last - c.day + 1);
        let target = t + i64::from(days) * 86_400;
        (target + DAY_JUMP_MARGIN < zone.period(t).end).then_some(target)
    }
}

/// A wall-clock field robfig's loops step through by adding a fixed number of seconds.
struct Stepped {
    value: fn(&Civil) -> u32,
    unit: i64,
    modulus: u32,
}

const HOURS: Stepped = Stepped { value: |c| c.hour, unit: 3600, modulus: 24 };
const MINUTES: Stepped = Stepped { value: |c| c.minute, unit: 60, modulus: 60 };
const SECONDS: Stepped = Stepped { value: |c| c.second, unit: 1, modulus: 60 };

/// robfig's hour, minute and second loops: add `field.unit` seconds until the field is in
/// `mask`. Returns true when the field wrapped to 0 (robfig then restarts at WRAP). While the
/// UTC offset stays the same the field counts up by one per step, so the loop jumps to the next
/// allowed value (or to the wrap) in one go.
fn advance(zone: &mut Zone, jumps: Jumps, t: &mut i64, c: &mut Civil, mask: u64, field: &Stepped) -> bool {
    loop {
        let value = (field.value)(c);
        if mask & (1 << value) != 0 {
            return false;
        }
        let above = mask & !STAR_BIT & ((1u64 << field.modulus) - 1) & (u64::MAX << (value + 1));
        let stop = if above == 0 { field.modulus } else { above.trailing_zeros() };
        let target = *t + i64::from(stop - value) * field.unit;
        *t = if jumps == Jumps::Allowed && target < zone.period(*t).end { target } else { *t + field.unit };
        *c = zone.civil(*t);
        if (field.value)(c) == 0 {
            return true;
        }
    }
}
