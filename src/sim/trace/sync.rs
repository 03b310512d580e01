//! The record of one controller sync: which controller, what triggered it, what it decided and why
//! (the words written only when the trace is read or serialized).

use super::Name;
use crate::i18n::decisions::{DecisionWords as W, Worded};
use crate::i18n::Lang;
use crate::i18n::Sentences;
use crate::sim::time::{js_number, rfc3339, Time};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Cow;
use std::fmt;

/// Which controller ran a sync.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ControllerName {
    Cronjob,
    Job,
    Ttl,
    Kubelet,
}

/// What made a controller sync run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SyncTrigger {
    /// A waiting `AddAfter` entry fired.
    Requeue,
    /// The informer delivered an Add for the object (creation, or the initial list).
    CronjobAdded,
    /// The informer delivered an Update of the CronJob (including the controller's own writes).
    CronjobUpdated,
    /// An Add, Update or Delete of a Job the CronJob owns (or of the Job itself).
    JobEvent,
    /// An Add, Update or Delete of one of the Job's Pods.
    PodEvent,
    /// The initial list when the controller manager (re)starts.
    Startup,
    /// The v1 CronJob controller's 10-second poll.
    Poll,
    /// A rate-limited retry after a sync returned an error.
    RateLimited,
    /// A container exited or its restart back-off expired (kubelet).
    Container,
}

/// A controller's ruling on one sync (the trace's `decision`) and the rule behind it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruling {
    /// A stable kebab-case code (`created`, `not-due`, `forbid-active`, ...).
    pub code: Cow<'static, str>,
    /// One or two sentences naming the rule and the values.
    pub explanation: Explanation,
}

/// The words of a [`Ruling`]: text, or the facts of a sync still to be put into words. A run
/// records some fourteen syncs per schedule slot and a reader looks at a handful of them (the
/// page re-simulates on every keystroke), so the sentences are written only when the trace is
/// serialized or an explanation is read. Serializes as the text; reads back as [`Explanation::Text`];
/// two explanations are equal when their words are.
///
/// ```
/// use cronjob_playground::sim::trace::Explanation;
/// let why = Explanation::from("spec.suspend is true.");
/// assert_eq!(why.to_string(), "spec.suspend is true.");
/// assert_eq!(serde_json::to_string(&why).unwrap(), r#""spec.suspend is true.""#);
/// ```
#[derive(Clone, Debug)]
pub enum Explanation {
    /// Words already.
    Text(Cow<'static, str>),
    /// A CronJob sync's facts.
    CronJob(crate::controller::cronjob::Reasoning),
    /// A Job sync's facts.
    Job(crate::controller::job::Why),
    /// The synced object was gone from the informer cache (deleted), so the sync did nothing.
    Gone(ControllerName, Name),
    /// Words and their values (the TTL controller's and the kubelet's decisions).
    Worded(Worded),
}

impl From<Worded> for Explanation {
    fn from(words: Worded) -> Self {
        Explanation::Worded(words)
    }
}

impl Explanation {
    /// The words (borrowed when they are text already).
    pub fn text(&self) -> Cow<'_, str> {
        match self {
            Explanation::Text(t) => Cow::Borrowed(t),
            other => Cow::Owned(other.to_string()),
        }
    }

    /// Whether the words contain `needle`.
    pub fn contains(&self, needle: &str) -> bool {
        self.text().contains(needle)
    }
}

impl Explanation {
    /// The words in `lang`, durations as a person reads them (`23 h 54 m`), as the inspector shows
    /// them; the trace's own text is the English ([`Display`](fmt::Display), `{:#}` for this).
    ///
    /// ```
    /// use cronjob_playground::i18n::Lang;
    /// use cronjob_playground::sim::trace::{ControllerName, Explanation};
    /// let gone = Explanation::Gone(ControllerName::Ttl, "backup-1".into());
    /// assert_eq!(gone.render(Lang::En), "Job backup-1 is already gone.");
    /// assert_eq!(gone.render(Lang::Ja), "Job backup-1 はすでにありません。");
    /// ```
    pub fn render(&self, lang: Lang) -> String {
        self.words(lang, true)
    }

    fn words(&self, lang: Lang, readable: bool) -> String {
        match self {
            Explanation::Text(t) => t.to_string(),
            Explanation::CronJob(why) => why.render(lang, readable),
            Explanation::Job(why) => why.render(lang),
            Explanation::Gone(ControllerName::Cronjob, name) => W::GoneCronJob.format(lang, &[name]),
            Explanation::Gone(ControllerName::Ttl, name) => W::GoneTtl.format(lang, &[name]),
            Explanation::Gone(_, name) => W::GoneJob.format(lang, &[name]),
            Explanation::Worded(words) => words.render(lang),
        }
    }
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Explanation::Text(t) => f.write_str(t),
            other => f.write_str(&other.words(Lang::En, f.alternate())),
        }
    }
}

impl PartialEq for Explanation {
    fn eq(&self, other: &Self) -> bool {
        self.text() == other.text()
    }
}

impl Eq for Explanation {}

impl From<&'static str> for Explanation {
    fn from(text: &'static str) -> Self {
        Explanation::Text(Cow::Borrowed(text))
    }
}

impl From<String> for Explanation {
    fn from(text: String) -> Self {
        Explanation::Text(Cow::Owned(text))
    }
}

impl Serialize for Explanation {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Explanation::Text(t) => serializer.serialize_str(t),
            other => serializer.collect_str(other),
        }
    }
}

impl<'de> Deserialize<'de> for Explanation {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(Explanation::from)
    }
}

/// One controller sync.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SyncRecord {
    pub controller: ControllerName,
    #[serde(with = "rfc3339")]
    pub at: Time,
    /// The synced object's name.
    pub object: Name,
    pub trigger: SyncTrigger,
    pub decision: Ruling,
    #[serde(with = "js_number::option")]
    pub requeue_after_seconds: Option<f64>,
}
