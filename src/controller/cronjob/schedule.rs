//! How the controller turns `spec.schedule` and `spec.timeZone` into something it can ask for
//! slots: `formatSchedule` (prefix `TZ=<timeZone> ` unless the schedule already mentions `TZ`)
//! and `cron.ParseStandard`, from `utils.go` / `cronjob_controllerv2.go`.

use super::behaviour::Behaviour;
use super::events::Event;
use super::slots::{ScheduleHang, Slots};
use crate::api::CronJob;
use crate::cron::{parse_standard, parse_standard_v1, with_time_zone, ParseError, Schedule, V1ParseError};
use crate::go::zero_time;
use crate::go::Tz;
use crate::go::{load_location, Location, LocationError};
use chrono::{DateTime, TimeDelta, Utc};
use std::borrow::Cow;
use std::cell::Cell;
use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::fmt;
use std::hash::BuildHasher;
use std::rc::Rc;

/// The CronJob's `spec.timeZone` as this release's controller sees it: the field reaches the
/// controller from 1.25 (1.24's alpha gate was off by default and the API server dropped it).
pub fn effective_time_zone<'a>(cron_job: &'a CronJob, behaviour: &Behaviour) -> Option<&'a str> {
    cron_job.spec.time_zone.as_deref().filter(|_| behaviour.time_zone_field)
}

/// `time.LoadLocation(timeZone)` for the `UnknownTimeZone` check; the error displays as Go's text.
pub fn check_time_zone(zone: &str) -> Result<(), LocationError> {
    load_location(zone).map(|_| ())
}

/// The zone the scheduled-timestamp annotation is written in: `spec.timeZone`, else UTC
/// (`time.LoadLocation("")`); `Local` is the controller's own zone.
pub fn annotation_zone(time_zone: Option<&str>, controller_zone: Tz) -> Tz {
    match time_zone.map(load_location) {
        Some(Ok(Location::Zone(tz))) => tz,
        Some(Ok(Location::Local)) => controller_zone,
        _ => Tz::UTC,
    }
}

/// `formatSchedule`: the text handed to `cron.ParseStandard` ([`with_time_zone`], fed the
/// `timeZone` this release sees), plus the `UnsupportedSchedule` warning (1.23+) when the
/// schedule itself carries `TZ`. An inline `TZ=` wins over `timeZone`. Releases before 1.25
/// (the legacy controller included) see no `timeZone`, so the text is `spec.schedule` as is.
pub fn format_schedule<'c>(cron_job: &'c CronJob, behaviour: &Behaviour) -> (Cow<'c, str>, Option<Event>) {
    let schedule = &cron_job.spec.schedule;
    (with_time_zone(schedule, effective_time_zone(cron_job, behaviour)), schedule_warning(cron_job, behaviour))
}

/// The `UnsupportedSchedule` warning [`format_schedule`] gives (1.23+, a schedule carrying
/// `TZ`), without formatting the text.
pub fn schedule_warning(cron_job: &CronJob, behaviour: &Behaviour) -> Option<Event> {
    let schedule = &cron_job.spec.schedule;
    // `strings.Contains(schedule, "TZ")`, byte by byte: a substring search costs more to set up
    // than a schedule is long, and every sync asks.
    let mentions_tz = schedule.as_bytes().windows(2).any(|w| w == b"TZ");
    (behaviour.tz_prefix_warning && mentions_tz).then(|| Event::unsupported_schedule(schedule))
}

/// Why the controller's `cron.ParseStandard` refused a schedule; [`fmt::Display`] gives the
/// text of the robfig/cron release the controller was built with.
///
/// ```
/// use cronjob_playground::controller::cronjob::{Behaviour, BoundSchedule};
/// let zone = cronjob_playground::go::Tz::UTC;
/// let err = BoundSchedule::parse("* * *", &Behaviour::of("1.21".parse().unwrap()), zone).unwrap_err();
/// assert_eq!(err.to_string(), "Expected exactly 5 fields, found 3: * * *");
/// let err = BoundSchedule::parse("* * *", &Behaviour::of("1.22".parse().unwrap()), zone).unwrap_err();
/// assert_eq!(err.to_string(), "expected exactly 5 fields, found 3: [* * *]");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScheduleError {
    /// robfig/cron v3 (Kubernetes 1.22+).
    V3(ParseError),
    /// robfig/cron v1.1.0 (Kubernetes ≤1.21).
    V1(V1ParseError),
}

impl fmt::Display for ScheduleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::V3(e) => e.fmt(f),
            Self::V1(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ScheduleError {}

/// How many recent `Next` answers a [`BoundSchedule`] remembers. A CronJob's syncs between two
/// slots keep asking for the slot after `lastScheduleTime` and the one after that.
const RECENT_ANSWERS: usize = 4;

/// `Next(asked) = answer` pairs, most recent last written, each in a cell of its own so that a
/// lookup reads only the pairs it compares.
type RecentAnswers = [Cell<Option<(DateTime<Utc>, DateTime<Utc>)>>; RECENT_ANSWERS];

/// `(after, [Next(after), Next(Next(after))])`.
type FirstTwo = (DateTime<Utc>, [DateTime<Utc>; 2]);

/// A parsed schedule bound to the controller's zone, answering `Next` the way the controller
/// calls it (instants in the controller's local zone, Go's zero time for "never").
///
/// It remembers its last few answers, so the repeated questions of successive syncs cost a
/// comparison, not a search (the answers are the same either way: `Next` is a pure function).
#[derive(Clone, Debug)]
pub struct BoundSchedule {
    schedule: Schedule,
    controller_zone: Tz,
    recent: RecentAnswers,
    /// Where the next answer is remembered (round robin).
    oldest: Cell<usize>,
    /// The last [`Slots::next_two`] question and its answer. Every search starts with it, and
    /// between two slots every sync of a CronJob asks it from the same instant
    /// (`lastScheduleTime`): one comparison answers it until a Job starts.
    first_two: Cell<Option<FirstTwo>>,
}

impl BoundSchedule {
    /// `cron.ParseStandard(text)`: robfig/cron v3 from 1.22, v1.1.0 ([`parse_standard_v1`], which
    /// knows no `TZ=` prefix) before.
    pub fn parse(text: &str, behaviour: &Behaviour, controller_zone: Tz) -> Result<Self, ScheduleError> {
        let schedule = if behaviour.tz_prefix_parses {
            parse_standard(text).map_err(ScheduleError::V3)?
        } else {
            parse_standard_v1(text).map_err(ScheduleError::V1)?
        };
        Ok(BoundSchedule {
            schedule,
            controller_zone,
            recent: Default::default(),
            oldest: Cell::new(0),
            first_two: Cell::new(None),
        })
    }

    /// robfig's `Next(t)` with `t` in the controller's zone; Go's zero time (year 1) for "none".
    pub fn next(&self, after: DateTime<Utc>) -> Result<DateTime<Utc>, ScheduleHang> {
        for pair in &self.recent {
            if let Some((asked, answer)) = pair.get() {
                if asked == after {
                    return Ok(answer);
                }
            }
        }
        let answer = match self.schedule.next_utc(after, self.controller_zone) {
            Ok(Some(t)) => t,
            Ok(None) => zero_time(),
            Err(hang) => return Err(ScheduleHang(hang)),
        };
        let slot = self.oldest.get();
        self.recent[slot].set(Some((after, answer)));
        self.oldest.set((slot + 1) % RECENT_ANSWERS);
        Ok(answer)
    }

    /// Whether `next(t − 1 s)` is `t` — `t` is one of a cron expression's slots — when that shows
    /// without a search; `false` says nothing (and `@every` slots, which depend on where a chain
    /// starts, are never told this way).
    pub(crate) fn is_slot(&self, t: DateTime<Utc>) -> bool {
        match &self.schedule {
            Schedule::Spec(spec) => spec.is_slot(t, self.controller_zone),
            Schedule::Every(_) => false,
        }
    }
}

/// A CronJob's schedule parsed once, for the syncs that follow: the text the release's
/// controller parses ([`format_schedule`]) with the parse's outcome, error included. A sync
/// handed one ([`SyncInput::schedule`](super::SyncInput::schedule)) uses it only while the text,
/// the release's parser and the controller's zone are the ones it was parsed with, so a stale one
/// is never wrong, only not used.
///
/// ```
/// use cronjob_playground::api::CronJob;
/// use cronjob_playground::controller::cronjob::{Behaviour, ParsedSchedule};
/// let mut cj = CronJob::default();
/// cj.spec.schedule = "61 * * * *".into();
/// let parsed = ParsedSchedule::of(&cj, &Behaviour::of("1.28".parse().unwrap()), cronjob_playground::go::Tz::UTC);
/// assert_eq!(parsed.bound().unwrap_err().to_string(), "end of range (61) above maximum (59): 61");
/// ```
#[derive(Clone, Debug)]
pub struct ParsedSchedule {
    text: String,
    /// What the text was formatted from when it was parsed for a CronJob ([`Self::of`]): its
    /// `spec.schedule` and the `timeZone` the release saw. The text is a function of these, so a
    /// sync compares them rather than formatting the text again.
    /// The schedule is shared with the explanations of the syncs that read it.
    source: Option<(Rc<str>, Option<String>)>,
    /// [`check_time_zone`] of that `timeZone`: every sync checks it first, and the answer is a
    /// function of the name.
    zone_check: Result<(), LocationError>,
    tz_prefix_parses: bool,
    controller_zone: Tz,
    parsed: Result<BoundSchedule, ScheduleError>,
}

/// The parse a sync wants: of a CronJob's schedule ([`ParsedSchedule::of`], the v2 controller,
/// which formats the `timeZone` in) or of a schedule text as it stands ([`ParsedSchedule::parse`],
/// the legacy controller).
#[derive(Clone, Copy, Debug)]
pub(crate) enum ScheduleOf<'a> {
    CronJob(&'a CronJob),
    Text(&'a str),
}

impl ParsedSchedule {
    /// Parses `text` as this release's controller does.
    pub fn parse(text: &str, behaviour: &Behaviour, controller_zone: Tz) -> Self {
        ParsedSchedule {
            text: text.to_owned(),
            source: None,
            zone_check: Ok(()),
            tz_prefix_parses: behaviour.tz_prefix_parses,
            controller_zone,
            parsed: BoundSchedule::parse(text, behaviour, controller_zone),
        }
    }

    /// Parses the CronJob's schedule as this release's controller does.
    pub fn of(cron_job: &CronJob, behaviour: &Behaviour, controller_zone: Tz) -> Self {
        let mut parsed = Self::parse(&format_schedule(cron_job, behaviour).0, behaviour, controller_zone);
        let zone = effective_time_zone(cron_job, behaviour);
        parsed.zone_check = zone.map_or(Ok(()), check_time_zone);
        parsed.source = Some((cron_job.spec.schedule.as_str().into(), zone.map(str::to_owned)));
        parsed
    }

    /// `cached` when it is the parse `wanted` by this release in this zone (see [`Self::is_of`]
    /// and [`Self::is_for`]), else a parse made now and kept in `fresh`.
    #[inline]
    pub(crate) fn reuse_or_parse<'p>(
        cached: Option<&'p ParsedSchedule>,
        wanted: ScheduleOf<'_>,
        behaviour: &Behaviour,
        controller_zone: Tz,
        fresh: &'p mut Option<ParsedSchedule>,
    ) -> &'p ParsedSchedule {
        let fits = |p: &&ParsedSchedule| match wanted {
            ScheduleOf::CronJob(cron_job) => p.is_of(cron_job, behaviour, controller_zone),
            ScheduleOf::Text(text) => p.is_for(text, behaviour, controller_zone),
        };
        match cached.filter(fits) {
            Some(parsed) => parsed,
            None => fresh.insert(match wanted {
                ScheduleOf::CronJob(cron_job) => Self::of(cron_job, behaviour, controller_zone),
                ScheduleOf::Text(text) => Self::parse(text, behaviour, controller_zone),
            }),
        }
    }

    /// Whether this is [`Self::of`] the CronJob's schedule by this release in this zone: the
    /// same `spec.schedule` and visible `timeZone` give the same formatted text, so nothing is
    /// formatted or allocated to tell.
    pub fn is_of(&self, cron_job: &CronJob, behaviour: &Behaviour, controller_zone: Tz) -> bool {
        self.tz_prefix_parses == behaviour.tz_prefix_parses
            && self.controller_zone == controller_zone
            && self.source.as_ref().is_some_and(|(schedule, zone)| {
                **schedule == *cron_job.spec.schedule && zone.as_deref() == effective_time_zone(cron_job, behaviour)
            })
    }

    /// Whether this is the parse of `text` by this release in this zone.
    pub fn is_for(&self, text: &str, behaviour: &Behaviour, controller_zone: Tz) -> bool {
        self.text == text
            && self.tz_prefix_parses == behaviour.tz_prefix_parses
            && self.controller_zone == controller_zone
    }

    /// [`check_time_zone`] of the `timeZone` this was parsed with ([`Self::of`]; `Ok` for none).
    pub(crate) fn zone_check(&self) -> Result<(), &LocationError> {
        self.zone_check.as_ref().map(|_| ())
    }

    /// The `spec.schedule` this was parsed from ([`Self::of`]), shared.
    pub(crate) fn spec_schedule(&self) -> Option<&Rc<str>> {
        self.source.as_ref().map(|(schedule, _)| schedule)
    }

    /// The schedule, or why robfig refused it.
    pub fn bound(&self) -> Result<&BoundSchedule, &ScheduleError> {
        self.parsed.as_ref()
    }
}

/// The parsed schedules of a runtime's CronJobs, by name, each parsed again only when its text
/// changes: what a runtime keeps to hand [`SyncInput::schedule`](super::SyncInput::schedule).
/// Names are hashed with `S` (a runtime whose keys are its own objects' names can pass a cheaper
/// hasher than std's).
#[derive(Clone, Debug, Default)]
pub struct ScheduleCache<S = RandomState> {
    /// Where each CronJob's parse is in `parsed`: one lookup answers a sync, whose parse is then
    /// read or replaced in place.
    index: HashMap<String, usize, S>,
    parsed: Vec<ParsedSchedule>,
}

impl<S: BuildHasher> ScheduleCache<S> {
    /// The parsed schedule of `cron_job`, parsed now if its text changed since the last call.
    pub fn get(&mut self, cron_job: &CronJob, behaviour: &Behaviour, controller_zone: Tz) -> &ParsedSchedule {
        let name = &cron_job.metadata.name;
        let i = match self.index.get(name.as_str()) {
            Some(&i) => {
                if !self.parsed[i].is_of(cron_job, behaviour, controller_zone) {
                    self.parsed[i] = ParsedSchedule::of(cron_job, behaviour, controller_zone);
                }
                i
            }
            None => {
                self.index.insert(name.clone(), self.parsed.len());
                self.parsed.push(ParsedSchedule::of(cron_job, behaviour, controller_zone));
                self.parsed.len() - 1
            }
        };
        &self.parsed[i]
    }
}

impl Slots for BoundSchedule {
    fn next(&self, after: DateTime<Utc>) -> Result<DateTime<Utc>, ScheduleHang> {
        BoundSchedule::next(self, after)
    }

    fn next_two(&self, after: DateTime<Utc>) -> Result<[DateTime<Utc>; 2], ScheduleHang> {
        if let Some((_, answer)) = self.first_two.get().filter(|&(asked, _)| asked == after) {
            return Ok(answer);
        }
        let first = self.next(after)?;
        let answer = [first, self.next(first)?];
        self.first_two.set(Some((after, answer)));
        Ok(answer)
    }

    fn constant_delay(&self) -> Option<TimeDelta> {
        match &self.schedule {
            Schedule::Every(every) => Some(every.delay()),
            Schedule::Spec(_) => None,
        }
    }
}
