//! The decision explanations: the facts a sync's decision rests on, and their wording — instants
//! and durations as a person reads them — rendered only when asked.

use chrono::{DateTime, SecondsFormat, TimeDelta, Utc};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Cow;
use std::fmt;

/// Why a sync decided what it did: the facts, kept as data and put into words only when
/// displayed (a runtime that records no syncs never pays for the sentences). Serializes as the
/// text; deserializes from it.
///
/// ```
/// use cronjob_playground::controller::cronjob::Reasoning;
/// let why = Reasoning::text("spec.suspend is true.");
/// assert_eq!(why.to_string(), "spec.suspend is true.");
/// assert_eq!(serde_json::to_string(&why).unwrap(), r#""spec.suspend is true.""#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reasoning {
    /// Sentences, joined by a space.
    sentences: Vec<Sentence>,
}

impl Reasoning {
    /// An explanation that is already words.
    pub fn text(text: impl Into<Cow<'static, str>>) -> Self {
        Reasoning::of(Sentence::Text(text.into()))
    }

    pub(crate) fn of(sentence: Sentence) -> Self {
        let mut sentences = Vec::with_capacity(3);
        sentences.push(sentence);
        Reasoning { sentences }
    }

    /// This explanation with one more sentence.
    pub(crate) fn and(mut self, sentence: Sentence) -> Self {
        self.sentences.push(sentence);
        self
    }
}

impl From<String> for Reasoning {
    fn from(text: String) -> Self {
        Reasoning::text(text)
    }
}

impl From<&'static str> for Reasoning {
    fn from(text: &'static str) -> Self {
        Reasoning::text(text)
    }
}

impl fmt::Display for Reasoning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, sentence) in self.sentences.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            sentence.fmt(f)?;
        }
        Ok(())
    }
}

impl Serialize for Reasoning {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Reasoning {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(Reasoning::text)
    }
}

/// One sentence (or a few) of an [`Reasoning`], with the values it names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Sentence {
    Text(Cow<'static, str>),
    /// The requeue: when the controller looks again.
    Wake {
        at: DateTime<Utc>,
        after: TimeDelta,
    },
    NotDue {
        schedule: String,
        since: DateTime<Utc>,
        upcoming: Option<DateTime<Utc>>,
    },
    /// startingDeadlineSeconds 0.
    NeverOnTime {
        slot: DateTime<Utc>,
    },
    /// The unclamped search found a slot older than the deadline.
    SkippedSilently {
        slot: DateTime<Utc>,
        sds: i64,
        search_from: DateTime<Utc>,
    },
    NotFoundBySearch {
        schedule: String,
        since: DateTime<Utc>,
    },
    /// An `@every` schedule whose count restarts at `now − deadline` at every sync.
    EveryBeyondDeadline {
        delay: TimeDelta,
        sds: i64,
        search_from: DateTime<Utc>,
        next: DateTime<Utc>,
    },
    MissSchedule {
        slot: DateTime<Utc>,
        sds: i64,
    },
    /// `active_job`: handled because the Job is in `status.active`, else by lastScheduleTime.
    AlreadyProcessed {
        slot: DateTime<Utc>,
        active_job: Option<String>,
    },
    ForbidActive {
        running: Vec<String>,
        slot: DateTime<Utc>,
        sds: Option<i64>,
    },
    Created {
        job: String,
        slot: DateTime<Utc>,
        schedule: String,
        late: TimeDelta,
    },
    Adopted {
        job: String,
        slot: DateTime<Utc>,
    },
    Phantom {
        job: String,
        err: String,
        slot: DateTime<Utc>,
    },
    /// A slot the pre-1.28 estimate made up: `Next` would not stop there.
    NotASlot,
    /// How an `@every` schedule's slots are counted.
    Every {
        delay: TimeDelta,
        from: DateTime<Utc>,
        anchor: Anchor,
    },
    Missed {
        since: DateTime<Utc>,
        many: bool,
    },
    Replaced(Vec<String>),
    /// What happened to the Jobs besides the decision.
    Also(Vec<Note>),
    StatusWriteFailed(String),
}

/// Where the controller's slot search started (`mostRecentScheduleTime`'s `earliestTime`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Anchor {
    LastScheduleTime,
    CreationTimestamp,
    /// `now − startingDeadlineSeconds`, later than both.
    Deadline(i64),
}

/// Something that happened to a Job during the sync, for the `Also:` sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Note {
    Unexpected(String),
    Missing(String),
    Completed { job: String, condition: &'static str },
    HistoryDeleted { successful_limit: Option<i32>, failed_limit: Option<i32>, jobs: Vec<String> },
}

impl fmt::Display for Sentence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sentence::Text(text) => f.write_str(text),
            // `{:#}` (the page's inspector) reads the wait as a person would: `23 h 54 m`.
            Sentence::Wake { at: wake, after } => {
                let after = if f.alternate() { span(*after) } else { secs(*after) };
                write!(f, "It requeues itself for {} (in {after}).", at(*wake))
            }
            Sentence::NotDue { schedule, since, upcoming } => {
                let when = upcoming.map_or_else(|| "never".to_owned(), at);
                write!(f, "No slot is due: the first slot of {schedule:?} after {} is {when}.", at(*since))
            }
            Sentence::NeverOnTime { slot } => write!(
                f,
                "startingDeadlineSeconds is 0: the controller always looks at a slot a little after it passes (here {} is already past), so this CronJob never starts a job.",
                at(*slot)
            ),
            Sentence::SkippedSilently { slot, sds, search_from } => write!(
                f,
                "The most recent slot, {}, is more than {} old: the controller only looks for slots after {} and skips this one silently (no Event).",
                at(*slot),
                deadline(Some(*sds)),
                at(*search_from)
            ),
            Sentence::NotFoundBySearch { schedule, since } => write!(
                f,
                "Slots of {schedule:?} were missed since {}, but the controller's approximate search (it steps back from now by the first gap after that time) found none of them, so nothing is started.",
                at(*since)
            ),
            Sentence::EveryBeyondDeadline { delay, sds, search_from, next } => {
                write!(
                    f,
                    "An @every schedule counts its slots from where the controller's search starts, and with startingDeadlineSeconds ({sds} s) that is now − {sds} s ({}), so its first slot is {}, still ahead: nothing starts.",
                    at(*search_from),
                    at(*next)
                )?;
                if *delay > TimeDelta::seconds(*sds) {
                    write!(
                        f,
                        " Every sync starts the count later again, and the delay ({}) is longer than the deadline, so this CronJob never starts a job.",
                        secs(*delay)
                    )?;
                }
                Ok(())
            }
            Sentence::MissSchedule { slot, sds } => {
                write!(f, "The {} slot is more than {} old, so it is not started (MissSchedule).", at(*slot), deadline(Some(*sds)))
            }
            Sentence::AlreadyProcessed { slot, active_job } => {
                let how = match active_job {
                    Some(name) => format!("job {name} is in status.active"),
                    None => "status.lastScheduleTime equals it".to_owned(),
                };
                write!(f, "The most recent slot, {}, was already handled ({how}); nothing to start.", at(*slot))
            }
            Sentence::ForbidActive { running, slot, sds } => write!(
                f,
                "Forbid: job {} is still active, so the {} slot is not started. lastScheduleTime is not advanced, so the slot stays unmet and starts when the job finishes (the Job update wakes the controller), {}.",
                running.join(", "),
                at(*slot),
                still_within(*sds)
            ),
            Sentence::Created { job, slot, schedule, late } => {
                let late = lateness(*late, f.alternate());
                write!(f, "Created job {job} for the {} slot of {schedule:?}, {late}.", at(*slot))
            }
            Sentence::Adopted { job, slot } => write!(
                f,
                "Job {job} for the {} slot already existed (an earlier sync created it but its status write was lost), so it is added back to status.active and lastScheduleTime moves to {}.",
                at(*slot),
                at(*slot)
            ),
            Sentence::Phantom { job, err, slot } => write!(
                f,
                "Creating job {job} failed because the namespace is being terminated ({err}), but before 1.28.3 the controller did not notice: it recorded SuccessfulCreate for an empty job name, added an empty reference to status.active and moved lastScheduleTime to {}.",
                at(*slot)
            ),
            Sentence::NotASlot => f.write_str(
                "That instant is not itself a slot of the schedule: before 1.28 the controller estimated the most recent slot as first-slot + n × first-gap, which is wrong for irregular schedules.",
            ),
            Sentence::Every { delay, from, anchor } => {
                let anchor = match anchor {
                    Anchor::LastScheduleTime => "status.lastScheduleTime".to_owned(),
                    Anchor::CreationTimestamp => "metadata.creationTimestamp".to_owned(),
                    Anchor::Deadline(sds) => format!("now − startingDeadlineSeconds ({sds} s), which is later than the last schedule time"),
                };
                write!(
                    f,
                    "An @every schedule has no fixed slots: robfig's ConstantDelaySchedule answers \"the instant asked about, rounded down to the second, plus {}\", and the controller counts from {anchor} ({}), so the slot is a whole number of {} steps after that.",
                    secs(*delay),
                    at(*from),
                    secs(*delay)
                )
            }
            Sentence::Missed { since, many } => write!(
                f,
                "Earlier slots since {} were missed; only the most recent one is started{}.",
                at(*since),
                if *many { " (more than 100 missed: TooManyMissedTimes)" } else { "" }
            ),
            Sentence::Replaced(jobs) => write!(f, "Replace: the still-running job {} was deleted first.", jobs.join(", ")),
            Sentence::Also(notes) => {
                f.write_str("Also:")?;
                for note in notes {
                    write!(f, " {note}")?;
                }
                Ok(())
            }
            Sentence::StatusWriteFailed(err) => write!(f, "But writing the status failed ({err}), so the sync is retried with back-off."),
        }
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::Unexpected(job) => write!(
                f,
                "job {job} names this CronJob as its controller but is not in status.active, so it is reported (UnexpectedJob) and not adopted."
            ),
            Note::Missing(job) => write!(f, "job {job} was in status.active but no longer exists, so it is dropped from it."),
            Note::Completed { job, condition } => write!(f, "job {job} finished ({condition}) and left status.active."),
            Note::HistoryDeleted { successful_limit, failed_limit, jobs } => {
                let limit = |l: Option<i32>| l.map_or_else(|| "unset".to_owned(), |n| n.to_string());
                write!(
                    f,
                    "the history limits (successfulJobsHistoryLimit {}, failedJobsHistoryLimit {}) deleted the oldest finished job(s) {}.",
                    limit(*successful_limit),
                    limit(*failed_limit),
                    jobs.join(", ")
                )
            }
        }
    }
}

/// An instant in RFC 3339, UTC, with fractions only when present (`2016-05-19T10:00:00Z`).
pub(crate) fn at(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::AutoSi, true)
}

/// A duration in seconds with up to three decimals (`3540.1 s`).
pub(crate) fn secs(d: TimeDelta) -> String {
    let ms = d.num_milliseconds();
    let text = format!("{}.{:03}", ms / 1000, (ms % 1000).abs());
    let text = text.trim_end_matches('0').trim_end_matches('.');
    let sign = if ms < 0 && !text.starts_with('-') { "-" } else { "" };
    format!("{sign}{text} s")
}

/// A duration as a person reads it, in its two largest units (`23 h 54 m`, `6 m`, `2 d 3 h`);
/// under a minute as [`secs`] (`8 s`, `0.1 s`).
pub(crate) fn span(d: TimeDelta) -> String {
    let total = d.num_seconds();
    if total.abs() < 60 {
        return secs(d);
    }
    let sign = if total < 0 { "-" } else { "" };
    let s = total.abs();
    let (days, hours, minutes, seconds) = (s / 86_400, s % 86_400 / 3600, s % 3600 / 60, s % 60);
    let ((big, big_unit), (small, small_unit)) = if days > 0 {
        ((days, "d"), (hours, "h"))
    } else if hours > 0 {
        ((hours, "h"), (minutes, "m"))
    } else {
        ((minutes, "m"), (seconds, "s"))
    };
    if small == 0 {
        format!("{sign}{big} {big_unit}")
    } else {
        format!("{sign}{big} {big_unit} {small} {small_unit}")
    }
}

/// How late a job starts relative to its slot: `on time` within a second, else `N s after the
/// slot` (`readable`: in [`span`]'s units).
pub(crate) fn lateness(d: TimeDelta, readable: bool) -> String {
    if d < TimeDelta::seconds(1) {
        "on time".to_owned()
    } else {
        format!("{} after the slot", if readable { span(d) } else { secs(d) })
    }
}

/// The tail of "the slot still runs when …": bounded by the deadline, or not at all.
pub(crate) fn still_within(sds: Option<i64>) -> String {
    match sds {
        Some(s) => format!("if that is still within startingDeadlineSeconds ({s} s) of the slot"),
        None => "however late that is, since there is no startingDeadlineSeconds".to_owned(),
    }
}

/// `the deadline of N s`, or `no startingDeadlineSeconds` when unset.
pub(crate) fn deadline(sds: Option<i64>) -> String {
    match sds {
        Some(s) => format!("startingDeadlineSeconds ({s} s)"),
        None => "no startingDeadlineSeconds".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_well() {
        assert_eq!(secs(TimeDelta::milliseconds(3_540_100)), "3540.1 s");
        assert_eq!(secs(TimeDelta::seconds(60)), "60 s");
        assert_eq!(secs(TimeDelta::milliseconds(-500)), "-0.5 s");
        assert_eq!(span(TimeDelta::milliseconds(86_040_100)), "23 h 54 m");
        assert_eq!(span(TimeDelta::seconds(360)), "6 m");
        assert_eq!(span(TimeDelta::seconds(3 * 86_400 + 7200 + 5)), "3 d 2 h");
        assert_eq!(span(TimeDelta::seconds(125)), "2 m 5 s");
        assert_eq!(span(TimeDelta::milliseconds(8_500)), "8.5 s");
    }
}
