//! The Event every controller records (`corev1.Event`'s `type`, `reason` and `message`; the
//! runtime adds the time, the object and the reporting component). One type for the CronJob and
//! Job controllers and the kubelet, so a runtime records them all alike.
//!
//! Reasons and fixed messages are `&'static str` in the controllers; borrowing them keeps a sync
//! that records such an Event free of allocation.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;

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
/// assert_eq!(serde_json::to_string(&e).unwrap(), r#"{"type":"Normal","reason":"Completed","message":"Job completed"}"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// `Normal` or `Warning`.
    #[serde(rename = "type")]
    pub event_type: EventType,
    /// The machine-readable reason, e.g. `SuccessfulCreate`.
    pub reason: Cow<'static, str>,
    /// The human message, verbatim.
    pub message: Cow<'static, str>,
}

impl Event {
    /// An Event of `event_type`.
    pub fn new(
        event_type: EventType,
        reason: impl Into<Cow<'static, str>>,
        message: impl Into<Cow<'static, str>>,
    ) -> Event {
        Event { event_type, reason: reason.into(), message: message.into() }
    }

    /// A `Normal` Event.
    pub fn normal(reason: impl Into<Cow<'static, str>>, message: impl Into<Cow<'static, str>>) -> Event {
        Event::new(EventType::Normal, reason, message)
    }

    /// A `Warning` Event.
    pub fn warning(reason: impl Into<Cow<'static, str>>, message: impl Into<Cow<'static, str>>) -> Event {
        Event::new(EventType::Warning, reason, message)
    }
}
