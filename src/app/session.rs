//! The engine's side of the page's protocol ([`protocol`](super::protocol)): it keeps the last run whole, hands
//! the page that run without its decision history and Events, and answers the inspector's
//! questions — an item's explanation, the Events, the controllers' log — and the exports (the
//! whole trace, the world at an instant) from what it kept.

use super::document::to_yaml;
use super::protocol::{encode_ran, Answer, ExportKind, Request};
use super::run::RunResult;
use super::snapshot::state_at;
use crate::i18n::pack::Pack;
use crate::sim::trace::{format_time, Events, SyncRecord};
use crate::timeline::explain::explain;
use crate::timeline::kubectl::{events_at, log_lines};
use crate::timeline::{ItemRef, Timeline};

/// The last run, kept whole.
#[derive(Default)]
pub struct Session {
    last: Option<Kept>,
    /// The size of the last run's answer.
    last_len: usize,
}

/// A run the session no longer keeps, to be dropped when freeing it costs nobody a wait.
pub struct Retired(#[allow(dead_code)] Option<Kept>);

struct Kept {
    id: u64,
    result: RunResult,
    /// Built on the first question (explanations need the lanes).
    timeline: Option<Timeline>,
}

impl Session {
    /// Keeps run `id` and encodes its answer for the page (`protocol::encode_ran`): the result
    /// without `syncs` and `events` (with the Event times).
    /// The run it replaces comes back unfreed: freeing a long run's trace (every name, Event and
    /// sync its own allocation) takes milliseconds, which the caller spends after posting.
    pub fn keep_encoded(&mut self, id: u64, ms: f64, result: RunResult) -> (Vec<u8>, Retired) {
        let retired = Retired(self.last.take());
        let kept = self.last.insert(Kept { id, result, timeline: None });
        let held = hold_back(&mut kept.result);
        // Sized like the last answer, so a long trace is not copied over and over as it grows.
        let mut bytes = Vec::with_capacity(self.last_len + self.last_len / 8);
        encode_ran(id, ms, &kept.result, &mut bytes);
        self.last_len = bytes.len();
        if let (Some(trace), Some((syncs, events))) = (kept.result.trace.as_mut(), held) {
            trace.syncs = syncs;
            trace.events = events;
        }
        (bytes, retired)
    }

    /// Keeps run `id` and gives the page its copy: the result without `syncs` and `events`.
    pub fn keep(&mut self, id: u64, result: RunResult) -> RunResult {
        let mut page = result.clone();
        hold_back(&mut page);
        self.last = Some(Kept { id, result, timeline: None });
        page
    }

    /// Answers an inspector's question about the kept run (`None` for any other run, or a `Run`),
    /// or the page's request for a language's words (the engine carries every language's).
    pub fn answer<R>(&mut self, request: &Request) -> Option<Answer<R>> {
        if let Request::Words { lang } = request {
            return Some(Answer::Words(Pack::of(lang.parse().ok()?)));
        }
        let kept = self.last.as_mut()?;
        let trace = kept.result.trace.as_ref()?;
        match request {
            Request::Explain { run, item } if *run == kept.id => {
                let timeline = kept.timeline.get_or_insert_with(|| Timeline::build(trace));
                let explanation =
                    item.parse::<ItemRef>().ok().and_then(|i| explain(trace, timeline, i)).map(Into::into);
                Some(Answer::Explained { run: *run, item: item.clone(), explanation })
            }
            Request::Logs { run, at, limit } if *run == kept.id => {
                Some(Answer::Logs { run: *run, at: *at, lines: log_lines(trace, *at, *limit) })
            }
            Request::Events { run, at, object } if *run == kept.id => {
                let table = events_at(trace, *at, object.as_ref().map(|(kind, name)| (*kind, name.as_str()))).into();
                Some(Answer::Events { run: *run, at: *at, object: object.clone(), table })
            }
            Request::Export { run, what } if *run == kept.id => Some(match what {
                ExportKind::Trace => Answer::Download {
                    name: format!("trace-{}.json", trace.start.format("%Y%m%d-%H%M%S")),
                    mime: "application/json".into(),
                    text: serde_json::to_string(trace).unwrap_or_default() + "\n",
                },
                ExportKind::State { at } => Answer::Download {
                    name: format!("state-{}.yaml", format_time(at).replace(':', "")),
                    mime: "application/yaml".into(),
                    text: to_yaml(&state_at(trace, *at)),
                },
            }),
            _ => None,
        }
    }
}

/// Takes the syncs and Events out of `result`'s trace, leaving the Event times.
fn hold_back(result: &mut RunResult) -> Option<(Vec<SyncRecord>, Events)> {
    let trace = result.trace.as_mut()?;
    result.event_times = trace.events.times().filter_map(|t| t.timestamp_nanos_opt()).collect();
    result.event_times.dedup();
    Some((std::mem::take(&mut trace.syncs), std::mem::take(&mut trace.events)))
}
