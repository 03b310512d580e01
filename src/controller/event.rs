//! The Event every controller records (`corev1.Event`'s `type`, `reason` and `message`; the
//! runtime adds the time, the object and the reporting component). One type for the CronJob and
//! Job controllers and the kubelet, so a runtime records them all alike.
//!
//! Reasons and fixed messages are `&'static str` in the controllers; borrowing them keeps a sync
//! that records such an Event free of allocation. The messages a Job's every run records (`Created
//! job <name>`, `Created pod: <name>`, `Saw completed job: <name>, status: Complete`, `Deleted job
//! <name>`) are kept as their words and the object's name ([`Message::About`]), put into words only
//! when read or serialized, so that a runtime can keep one copy of each name for all of them.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Cow;
use std::fmt;

/// `Normal` or `Warning`, as in `corev1.EventTypeNormal` / `EventTypeWarning`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventType {
    /// A routine step (an object created, deleted or seen finishing).
    Normal,
    /// Something the user probably has to fix or should know about.
    Warning,
}

/// One Event a controller records on the object it is syncing.
///
/// ```
/// use cronjob_playground::controller::{Event, EventType};
/// let e = Event::normal("Completed", "Job completed");
/// assert_eq!(e.event_type, EventType::Normal);
/// assert_eq!(serde_json::to_string(&e).unwrap(),
///     r#"{"type":"Normal","reason":"Completed","message":"Job completed"}"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// `Normal` or `Warning`.
    #[serde(rename = "type")]
    pub event_type: EventType,
    /// The machine-readable reason, e.g. `SuccessfulCreate`.
    pub reason: Cow<'static, str>,
    /// The human message, verbatim.
    pub message: Message,
}

impl Event {
    /// An Event of `event_type`.
    pub fn new(event_type: EventType, reason: impl Into<Cow<'static, str>>, message: impl Into<Message>) -> Event {
        Event { event_type, reason: reason.into(), message: message.into() }
    }

    /// A `Normal` Event.
    pub fn normal(reason: impl Into<Cow<'static, str>>, message: impl Into<Message>) -> Event {
        Event::new(EventType::Normal, reason, message)
    }

    /// A `Warning` Event.
    pub fn warning(reason: impl Into<Cow<'static, str>>, message: impl Into<Message>) -> Event {
        Event::new(EventType::Warning, reason, message)
    }
}

/// An Event's message: its text, or fixed words about one object kept apart from the object's
/// name (`N`: the controllers hand a `String`, the trace keeps a shared name). Reads, compares and
/// serializes as the text it stands for.
///
/// ```
/// use cronjob_playground::controller::{Message, Words};
/// let m: Message = Message::About(Words::CreatedJob, "backup-29014860".to_string());
/// assert_eq!(m, "Created job backup-29014860");
/// assert_eq!(serde_json::to_string(&m).unwrap(), r#""Created job backup-29014860""#);
/// let back: Message = serde_json::from_str(r#""Created job backup-29014860""#).unwrap();
/// assert_eq!(back, m);
/// ```
#[derive(Clone, Debug)]
pub enum Message<N = String> {
    /// The text as it is.
    Text(Cow<'static, str>),
    /// The words said about the object named `N`.
    About(Words, N),
}

/// The fixed words of a [`Message::About`], with the place of the object's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Words {
    /// `Created job <name>` (the CronJob controller's `SuccessfulCreate`).
    CreatedJob,
    /// `Deleted job <name>` (the CronJob controller's `SuccessfulDelete`).
    DeletedJob,
    /// `Created pod: <name>` (the Job controller's `SuccessfulCreate`).
    CreatedPod,
    /// `Saw completed job: <name>, status: Complete` (`condition:` from 1.31; `Failed` when the
    /// Job failed).
    SawCompletedJob(CompletedWording, Finished),
    /// `Saw completed job: <name>` (the legacy controller before 1.19).
    SawCompletedJobUnqualified,
    /// `garbage collector: owner Job <name> was deleted`: why the runtime deleted a Pod (not an
    /// Event's message, but the same kind of words about a name).
    OwnerJobDeleted,
    /// `garbage collector: foreground deletion of Job <name>`: the same, for a foreground deletion.
    ForegroundDeletionOfJob,
}

/// How `SawCompletedJob` names the finished condition: `status:` before 1.31, `condition:` after.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CompletedWording {
    /// `Saw completed job: x, status: Complete` (≤1.30).
    Status,
    /// `Saw completed job: x, condition: Complete` (1.31+).
    Condition,
}

/// The finished condition a `SawCompletedJob` message names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Finished {
    /// `Complete`.
    Complete,
    /// `Failed`.
    Failed,
}

impl Words {
    /// The words before the name and after it.
    fn around(self) -> (&'static str, &'static str) {
        use CompletedWording::{Condition, Status};
        use Finished::{Complete, Failed};
        match self {
            Words::CreatedJob => ("Created job ", ""),
            Words::DeletedJob => ("Deleted job ", ""),
            Words::CreatedPod => ("Created pod: ", ""),
            Words::SawCompletedJob(Status, Complete) => ("Saw completed job: ", ", status: Complete"),
            Words::SawCompletedJob(Status, Failed) => ("Saw completed job: ", ", status: Failed"),
            Words::SawCompletedJob(Condition, Complete) => ("Saw completed job: ", ", condition: Complete"),
            Words::SawCompletedJob(Condition, Failed) => ("Saw completed job: ", ", condition: Failed"),
            Words::SawCompletedJobUnqualified => ("Saw completed job: ", ""),
            Words::OwnerJobDeleted => ("garbage collector: owner Job ", " was deleted"),
            Words::ForegroundDeletionOfJob => ("garbage collector: foreground deletion of Job ", ""),
        }
    }
}

impl<N: AsRef<str>> Message<N> {
    /// The message's text.
    pub fn text(&self) -> Cow<'_, str> {
        match self {
            Message::Text(text) => Cow::Borrowed(text),
            Message::About(words, name) => {
                let (before, after) = words.around();
                Cow::Owned([before, name.as_ref(), after].concat())
            }
        }
    }

    /// The same message about a name of another type (a shared one, say).
    pub fn map_name<M>(self, f: impl FnOnce(N) -> M) -> Message<M> {
        match self {
            Message::Text(text) => Message::Text(text),
            Message::About(words, name) => Message::About(words, f(name)),
        }
    }

    /// Whether it reads `text`, without writing itself out.
    fn reads(&self, text: &str) -> bool {
        match self {
            Message::Text(t) => t == text,
            Message::About(words, name) => {
                let (before, after) = words.around();
                text.strip_prefix(before).and_then(|t| t.strip_suffix(after)) == Some(name.as_ref())
            }
        }
    }
}

impl<N: AsRef<str>> fmt::Display for Message<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::Text(text) => f.write_str(text),
            Message::About(words, name) => {
                let (before, after) = words.around();
                f.write_str(before)?;
                f.write_str(name.as_ref())?;
                f.write_str(after)
            }
        }
    }
}

/// Equal when they read the same: a message about a name equals its text (as read back from JSON).
impl<N: AsRef<str>> PartialEq for Message<N> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Message::About(a, x), Message::About(b, y)) => a == b && x.as_ref() == y.as_ref(),
            (Message::Text(text), about) | (about, Message::Text(text)) => about.reads(text),
        }
    }
}

impl<N: AsRef<str>> Eq for Message<N> {}

impl<N: AsRef<str>> PartialEq<str> for Message<N> {
    fn eq(&self, other: &str) -> bool {
        self.reads(other)
    }
}

impl<N: AsRef<str>> PartialEq<&str> for Message<N> {
    fn eq(&self, other: &&str) -> bool {
        self.reads(other)
    }
}

impl<N: AsRef<str>> PartialEq<String> for Message<N> {
    fn eq(&self, other: &String) -> bool {
        self.reads(other)
    }
}

impl<N> From<&'static str> for Message<N> {
    fn from(text: &'static str) -> Self {
        Message::Text(Cow::Borrowed(text))
    }
}

impl<N> From<String> for Message<N> {
    fn from(text: String) -> Self {
        Message::Text(Cow::Owned(text))
    }
}

impl<N> From<Cow<'static, str>> for Message<N> {
    fn from(text: Cow<'static, str>) -> Self {
        Message::Text(text)
    }
}

impl<N: AsRef<str>> Serialize for Message<N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Message::Text(text) => serializer.serialize_str(text),
            about => serializer.collect_str(about),
        }
    }
}

impl<'de, N> Deserialize<'de> for Message<N> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(Message::from)
    }
}
