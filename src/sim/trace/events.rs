//! The trace's Events, kept compact: each occurrence is a fixed-size record of codes (its instant,
//! the numbers of its object's name and of the name or text its message is about, and the number
//! of its heading: the object's kind, the Event's type, reason and source and a message's fixed
//! words, the same for every Event of one sort), put back together as an [`EventRecord`] only when
//! read or serialized. A year of a minutely CronJob records 2.6 million Events of a handful of
//! sorts: 20 bytes each here (the instant a [`Stamp`]), where an `EventRecord` takes 120.

use super::{EventRecord, EventType, Name, ObjectKind, ObjectRef, Stamp, Stamps, Time};
use crate::controller::{Message, Words};
use crate::sim::fast_hash::FastMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::{Borrow, Cow};
use std::fmt;
use std::hash::Hash;

/// One Event, as numbers: `object` and (for a message about a name) `about` index the names,
/// (for a message in words of its own) `about` the texts, `head` the headings.
#[derive(Clone, Copy, Debug)]
struct Packed {
    time: Stamp,
    object: u32,
    about: u32,
    head: u32,
}

/// What Events of one sort share: `reason` and `source` index the texts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Head {
    reason: u32,
    source: u32,
    /// The fixed words of a message about the name `about`; `None`: the message is text `about`.
    words: Option<Words>,
    kind: ObjectKind,
    /// The Event's type: `Warning` (`true`) or `Normal`.
    warning: bool,
}

/// Every Event occurrence of a run, in time order. Reads as [`EventRecord`]s (by value: each is
/// put together from the codes when asked for); serializes as their JSON array.
///
/// ```
/// use cronjob_playground::controller::{EventType, Message, Words};
/// use cronjob_playground::sim::trace::{Events, ObjectKind};
/// let at = "2025-01-15T11:00:00Z".parse().unwrap();
/// let mut events = Events::default();
/// let about = Message::About(Words::CreatedJob, "backup-29014860".to_string());
/// events.record(at, (ObjectKind::CronJob, "backup"), EventType::Normal, "SuccessfulCreate", about,
///     "cronjob-controller");
/// let e = events.iter().next().unwrap();
/// assert_eq!((&*e.object.name, &*e.reason, e.message.to_string()), ("backup", "SuccessfulCreate", "Created job \
///     backup-29014860".into()));
/// assert!(serde_json::to_string(&events).unwrap().contains(r#""message":"Created job backup-29014860""#));
/// ```
#[derive(Clone, Default)]
pub struct Events {
    records: Vec<Packed>,
    /// What the records' instants count from.
    stamps: Stamps,
    names: Numbered<Name>,
    texts: Numbered<Cow<'static, str>>,
    heads: Numbered<Head>,
}

/// Values numbered in the order they were first met, and where the values met lately are.
/// That lookup is bounded: when it holds [`RECENT`] values it starts over, and a value met again
/// after that is numbered once more (it reads the same), so a long run does not keep a map entry
/// for every name it ever saw. A number, once given, reads the same value for good.
#[derive(Clone)]
struct Numbered<T> {
    list: Vec<T>,
    recent: FastMap<T, u32>,
}

/// How many values (names, texts, headings) a table's lookup holds before it starts over: far
/// more than the objects alive at once, far fewer than a year's Jobs and Pods.
const RECENT: usize = 1 << 14;

impl<T> Default for Numbered<T> {
    fn default() -> Self {
        Numbered { list: Vec::new(), recent: FastMap::default() }
    }
}

impl<T: Clone + Eq + Hash> Numbered<T> {
    /// The number of `value`, if it was met lately.
    fn find<Q: Hash + Eq + ?Sized>(&self, value: &Q) -> Option<u32>
    where
        T: Borrow<Q>,
    {
        self.recent.get(value).copied()
    }

    /// The number of a value not met lately.
    fn append(&mut self, value: T) -> u32 {
        if self.recent.len() >= RECENT {
            self.recent.clear();
        }
        let id = u32::try_from(self.list.len()).expect("fewer than 2^32 values in a table");
        self.list.push(value.clone());
        self.recent.insert(value, id);
        id
    }

    /// The number of `value`, given now if it was not met lately.
    fn number(&mut self, value: T) -> u32 {
        self.find(&value).unwrap_or_else(|| self.append(value))
    }

    /// The value numbered `id`.
    fn get(&self, id: u32) -> &T {
        &self.list[id as usize]
    }

    /// Done numbering: the lookup is let go and the list keeps no room to grow.
    fn seal(&mut self) {
        self.recent = FastMap::default();
        self.list.shrink_to_fit();
    }
}

impl Events {
    /// The shared copy of `name` (every record that names it points to the same text) and its
    /// number.
    pub fn intern(&mut self, name: &str) -> (u32, Name) {
        let id = self.name_id(name);
        (id, self.names.get(id).clone())
    }

    /// The number of `name`, which is kept if new.
    fn name_id(&mut self, name: &str) -> u32 {
        self.names.find(name).unwrap_or_else(|| self.names.append(Name::from(name)))
    }

    /// `name` (an object's own shared name) as the copy every record that names it points to
    /// from now on, also when the text was recorded before (the Event of a sync that created the
    /// object), so the trace and the store keep one copy.
    pub fn adopt(&mut self, name: &Name) -> Name {
        match self.names.find(name.as_str()) {
            // The list's copy reads the same: records that have its number read `name` now.
            Some(id) => self.names.list[id as usize] = name.clone(),
            None => {
                self.names.append(name.clone());
            }
        }
        name.clone()
    }

    /// Records an Event about `object` (`kind`, `name`) at `time`.
    pub fn record<N: AsRef<str>>(
        &mut self,
        time: Time,
        object: (ObjectKind, &str),
        event_type: EventType,
        reason: impl Into<Cow<'static, str>>,
        message: Message<N>,
        source: impl Into<Cow<'static, str>>,
    ) {
        let object_id = self.name_id(object.1);
        let (words, about) = match message {
            Message::About(words, name) => (Some(words), self.name_id(name.as_ref())),
            Message::Text(text) => (None, self.texts.number(text)),
        };
        let (reason, source) = (self.texts.number(reason.into()), self.texts.number(source.into()));
        let warning = event_type == EventType::Warning;
        // After the texts' lookup starts over, a sort met again has new text numbers, and so a
        // new heading.
        let head = self.heads.number(Head { reason, source, words, kind: object.0, warning });
        let time = self.stamps.stamp(self.records.len(), time);
        self.records.push(Packed { time, object: object_id, about, head });
    }

    /// Appends `event` as it reads.
    pub fn push(&mut self, event: EventRecord) {
        let EventRecord { time, object, event_type, reason, message, source } = event;
        self.record(time, (object.kind, &object.name), event_type, reason, message, source);
    }

    /// Done recording: the tables that find a name's or a text's number are let go (recording
    /// more after this keeps new copies of the names and texts it meets).
    pub fn seal(&mut self) {
        self.records.shrink_to_fit();
        self.names.seal();
        self.texts.seal();
        self.heads.seal();
    }

    /// How many Events.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// No Events.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// Forgets every Event.
    pub fn clear(&mut self) {
        *self = Events::default();
    }

    /// The Events in order, each put together as it reads.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = EventRecord> + ExactSizeIterator + Clone + '_ {
        self.records.iter().enumerate().map(|(i, p)| self.read(i, p))
    }

    /// Event `i` (`None` past the last).
    pub fn get(&self, i: usize) -> Option<EventRecord> {
        self.records.get(i).map(|p| self.read(i, p))
    }

    /// The instants of the Events, in order, without putting them together.
    pub fn times(&self) -> impl DoubleEndedIterator<Item = Time> + ExactSizeIterator + '_ {
        self.records.iter().enumerate().map(|(i, p)| self.stamps.time(i, p.time))
    }

    /// Event `i`, `p`, put together.
    fn read(&self, i: usize, p: &Packed) -> EventRecord {
        let head = self.heads.get(p.head);
        let message = match head.words {
            Some(words) => Message::About(words, self.names.get(p.about).clone()),
            None => Message::Text(self.texts.get(p.about).clone()),
        };
        EventRecord {
            time: self.stamps.time(i, p.time),
            object: ObjectRef { kind: head.kind, name: self.names.get(p.object).clone() },
            event_type: if head.warning { EventType::Warning } else { EventType::Normal },
            reason: self.texts.get(head.reason).clone(),
            message,
            source: self.texts.get(head.source).clone(),
        }
    }
}

impl From<Vec<EventRecord>> for Events {
    fn from(events: Vec<EventRecord>) -> Self {
        events.into_iter().collect()
    }
}

impl FromIterator<EventRecord> for Events {
    fn from_iter<I: IntoIterator<Item = EventRecord>>(events: I) -> Self {
        let mut all = Events::default();
        events.into_iter().for_each(|e| all.push(e));
        all
    }
}

/// Equal when they read the same, Event by Event.
impl PartialEq for Events {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl fmt::Debug for Events {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for Events {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Events {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Vec::<EventRecord>::deserialize(deserializer).map(Events::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controller::{CompletedWording, Finished};

    fn t(text: &str) -> Time {
        text.parse().unwrap()
    }

    #[test]
    fn events_read_back_as_recorded_and_share_each_name_and_text() {
        let mut events = Events::default();
        let done = Words::SawCompletedJob(CompletedWording::Condition, Finished::Failed);
        events.record(
            t("2025-01-15T11:00:00.1Z"),
            (ObjectKind::CronJob, "backup"),
            EventType::Normal,
            "SawCompletedJob",
            Message::About(done, "backup-29014860"),
            "cronjob-controller",
        );
        events.record(
            t("2025-01-15T11:00:01Z"),
            (ObjectKind::Job, "backup-29014860"),
            EventType::Warning,
            "BackoffLimitExceeded",
            Message::<&str>::Text("Job has reached the specified backoff limit".into()),
            "job-controller",
        );
        assert_eq!(
            (events.len(), events.names.list.len(), events.texts.list.len(), events.heads.list.len()),
            (2, 2, 5, 2)
        );
        assert_eq!(std::mem::size_of::<Packed>(), 20);
        let read: Vec<EventRecord> = events.iter().collect();
        assert_eq!(read[0].message, "Saw completed job: backup-29014860, condition: Failed");
        assert_eq!(
            (read[1].event_type, &*read[1].object.name, &*read[1].source),
            (EventType::Warning, "backup-29014860", "job-controller")
        );
        assert_eq!(read[1].time, t("2025-01-15T11:00:01Z"));
        let json = serde_json::to_string(&events).unwrap();
        assert_eq!(serde_json::to_string(&read).unwrap(), json);
        let mut back: Events = serde_json::from_str(&json).unwrap();
        assert_eq!(back, events);
        // Recording resumes after sealing, with new copies of the names and texts it meets.
        events.seal();
        back.seal();
        events.push(read[0].clone());
        assert_eq!(
            (events.len(), events.names.list.len(), events.get(2), events.get(3)),
            (3, 4, Some(read[0].clone()), None)
        );
    }

    #[test]
    fn the_lookup_tables_start_over_and_a_name_met_again_reads_the_same() {
        let mut events = Events::default();
        let at = t("2025-01-15T11:00:00Z");
        let completed = |events: &mut Events, job: &str| {
            let message = Message::<&str>::Text("Job completed".into());
            events.record(at, (ObjectKind::Job, job), EventType::Normal, "Completed", message, "job-controller");
        };
        for i in 0..RECENT + 10 {
            completed(&mut events, &format!("backup-{i}"));
        }
        assert_eq!(events.names.recent.len(), 10);
        completed(&mut events, "backup-0");
        assert_eq!((events.names.list.len(), events.texts.list.len()), (RECENT + 11, 3));
        assert_eq!(events.get(0), events.iter().next_back());
    }
}
