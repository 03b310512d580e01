//! The decision explanations: the facts a sync's decision rests on, and their wording — instants
//! and durations as a person reads them — rendered only when asked.

use crate::i18n::decisions::{Arg, DecisionWords as W, Worded};
use crate::i18n::Lang;
use crate::i18n::Sentences;
use chrono::{DateTime, SecondsFormat, TimeDelta, Utc};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Cow;
use std::fmt;
use std::rc::Rc;

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

impl From<Worded> for Reasoning {
    fn from(words: Worded) -> Self {
        Reasoning::of(Sentence::Worded(words))
    }
}

impl From<&'static str> for Reasoning {
    fn from(text: &'static str) -> Self {
        Reasoning::text(text)
    }
}

impl Reasoning {
    /// The explanation in `lang` (`readable`: durations as a person reads them, as `{:#}` does).
    ///
    /// ```
    /// use cronjob_playground::controller::cronjob::Reasoning;
    /// use cronjob_playground::i18n::Lang;
    /// let why = Reasoning::text("spec.suspend is true.");
    /// assert_eq!(why.render(Lang::Ja, true), "spec.suspend is true.");
    /// ```
    pub fn render(&self, lang: Lang, readable: bool) -> String {
        let separator = W::SentenceSeparator.text(lang);
        let mut text = String::new();
        for (i, sentence) in self.sentences.iter().enumerate() {
            if i > 0 {
                text.push_str(separator);
            }
            text.push_str(&sentence.render(lang, readable));
        }
        text
    }
}

/// The trace's text: English (`{:#}`: durations as a person reads them).
impl fmt::Display for Reasoning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Lang::En, f.alternate()))
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
    /// Words and their values (the legacy controller's decisions, the rarer errors).
    Worded(Worded),
    /// A sentence with no values.
    Said(W),
    /// The requeue: when the controller looks again.
    Wake {
        at: DateTime<Utc>,
        after: TimeDelta,
    },
    NotDue {
        schedule: Rc<str>,
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
        schedule: Rc<str>,
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
        schedule: Rc<str>,
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

impl Sentence {
    /// The sentence in `lang`; `readable` (`{:#}`, the page's inspector) gives waits and delays
    /// as a person reads them (`23 h 54 m`) rather than in seconds.
    fn render(&self, lang: Lang, readable: bool) -> String {
        let l = lang;
        let duration = |d: TimeDelta| if readable { span(d) } else { secs(d) };
        match self {
            Sentence::Text(text) => text.to_string(),
            Sentence::Worded(words) => words.render(l),
            Sentence::Said(words) => words.text(l).to_owned(),
            Sentence::Wake { at: wake, after } => W::Wake.format(l, &[&at(*wake), &duration(*after)]),
            Sentence::NotDue { schedule, since, upcoming } => {
                let when = upcoming.map_or_else(|| W::Never.text(l).to_owned(), at);
                W::NotDue.format(l, &[&format!("{schedule:?}"), &at(*since), &when])
            }
            Sentence::NeverOnTime { slot } => W::NeverOnTime.format(l, &[&at(*slot)]),
            Sentence::SkippedSilently { slot, sds, search_from } => {
                W::SkippedSilently.format(l, &[&at(*slot), &deadline(Some(*sds)), &at(*search_from)])
            }
            Sentence::NotFoundBySearch { schedule, since } => {
                W::NotFoundBySearch.format(l, &[&format!("{schedule:?}"), &at(*since)])
            }
            Sentence::EveryBeyondDeadline { delay, sds, search_from, next } => {
                let mut text = W::EveryBeyondDeadline.format(l, &[sds, &at(*search_from), &at(*next)]);
                if *delay > TimeDelta::seconds(*sds) {
                    text.push_str(W::SentenceSeparator.text(l));
                    text.push_str(&W::EveryNeverStarts.format(l, &[&secs(*delay)]));
                }
                text
            }
            Sentence::MissSchedule { slot, sds } => W::MissSchedule.format(l, &[&at(*slot), &deadline(Some(*sds))]),
            Sentence::AlreadyProcessed { slot, active_job } => {
                let how = match active_job {
                    Some(name) => W::HandledActive.format(l, &[name]),
                    None => W::HandledLastScheduleTime.text(l).to_owned(),
                };
                W::AlreadyProcessed.format(l, &[&at(*slot), &how])
            }
            Sentence::ForbidActive { running, slot, sds } => {
                W::ForbidActive.format(l, &[&running.join(", "), &at(*slot), &still_within(l, *sds)])
            }
            Sentence::Created { job, slot, schedule, late } => {
                W::Created.format(l, &[job, &at(*slot), &format!("{schedule:?}"), &lateness(l, *late, readable)])
            }
            Sentence::Adopted { job, slot } => W::Adopted.format(l, &[job, &at(*slot)]),
            Sentence::Phantom { job, err, slot } => W::Phantom.format(l, &[job, err, &at(*slot)]),
            Sentence::NotASlot => W::NotASlot.text(l).to_owned(),
            Sentence::Every { delay, from, anchor } => {
                let anchor = match anchor {
                    Anchor::LastScheduleTime => "status.lastScheduleTime".to_owned(),
                    Anchor::CreationTimestamp => "metadata.creationTimestamp".to_owned(),
                    Anchor::Deadline(sds) => W::AnchorDeadline.format(l, &[sds]),
                };
                W::Every.format(l, &[&secs(*delay), &anchor, &at(*from)])
            }
            Sentence::Missed { since, many } => {
                let words = if *many { W::MissedMany } else { W::Missed };
                words.format(l, &[&at(*since)])
            }
            Sentence::Replaced(jobs) => W::Replaced.format(l, &[&jobs.join(", ")]),
            Sentence::Also(notes) => {
                let mut text = W::Also.text(l).to_owned();
                for note in notes {
                    text.push(' ');
                    text.push_str(&note.render(l));
                }
                text
            }
            Sentence::StatusWriteFailed(err) => W::StatusWriteFailed.format(l, &[err]),
        }
    }
}

impl Note {
    fn render(&self, l: Lang) -> String {
        match self {
            Note::Unexpected(job) => W::UnexpectedJob.format(l, &[job]),
            Note::Missing(job) => W::MissingJob.format(l, &[job]),
            Note::Completed { job, condition } => W::CompletedJob.format(l, &[job, condition]),
            Note::HistoryDeleted { successful_limit, failed_limit, jobs } => {
                let limit = |n: Option<i32>| n.map_or_else(|| W::LimitUnset.text(l).to_owned(), |n| n.to_string());
                W::HistoryDeleted.format(l, &[&limit(*successful_limit), &limit(*failed_limit), &jobs.join(", ")])
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
pub(crate) fn lateness(lang: Lang, d: TimeDelta, readable: bool) -> String {
    if d < TimeDelta::seconds(1) {
        W::OnTime.text(lang).to_owned()
    } else {
        W::AfterTheSlot.format(lang, &[&if readable { span(d) } else { secs(d) }])
    }
}

/// [`lateness`] as words with their value, in seconds.
pub(crate) fn lateness_words(d: TimeDelta) -> Arg {
    Arg::Words(if d < TimeDelta::seconds(1) {
        Worded::new(W::OnTime, [])
    } else {
        Worded::new(W::AfterTheSlot, [Arg::from(secs(d))])
    })
}

/// [`still_within`] as words with their value.
pub(crate) fn still_within_words(sds: Option<i64>) -> Arg {
    Arg::Words(match sds {
        Some(s) => Worded::new(W::StillWithin, [Arg::from(s)]),
        None => Worded::new(W::StillAnyTime, []),
    })
}

/// The tail of "the slot still runs when …": bounded by the deadline, or not at all.
pub(crate) fn still_within(lang: Lang, sds: Option<i64>) -> String {
    match sds {
        Some(s) => W::StillWithin.format(lang, &[&s]),
        None => W::StillAnyTime.text(lang).to_owned(),
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
