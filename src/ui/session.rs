//! The engine's side of the page's protocol (`protocol.rs`): it keeps the last run whole, hands
//! the page that run without its decision history, and answers the inspector's questions — an
//! item's explanation, the controllers' log — from the history it kept.

use super::engine::RunResult;
use super::protocol::{Answer, Request};
use crate::timeline::explain::explain;
use crate::timeline::kubectl::log_lines;
use crate::timeline::{ItemRef, Timeline};

/// The last run, kept whole.
#[derive(Default)]
pub struct Session {
    last: Option<Kept>,
}

struct Kept {
    id: u64,
    result: RunResult,
    /// Built on the first question (explanations need the lanes).
    timeline: Option<Timeline>,
}

impl Session {
    /// Keeps run `id` and encodes its answer for the page: JSON of the result without `syncs`.
    pub fn keep_encoded(&mut self, id: u64, ms: f64, result: RunResult) -> Vec<u8> {
        let kept = self.last.insert(Kept { id, result, timeline: None });
        let syncs = kept.result.trace.as_mut().map(|t| std::mem::take(&mut t.syncs));
        let json = serde_json::to_vec(&Answer::Ran { id, ms, result: &kept.result }).unwrap_or_default();
        if let (Some(trace), Some(syncs)) = (kept.result.trace.as_mut(), syncs) {
            trace.syncs = syncs;
        }
        json
    }

    /// Keeps run `id` and gives the page its copy: the result without `syncs`.
    pub fn keep(&mut self, id: u64, result: RunResult) -> RunResult {
        let mut page = result.clone();
        if let Some(trace) = &mut page.trace {
            trace.syncs = Vec::new();
        }
        self.last = Some(Kept { id, result, timeline: None });
        page
    }

    /// Answers an inspector's question about the kept run (`None` for any other run, or a `Run`).
    pub fn answer<R>(&mut self, request: &Request) -> Option<Answer<R>> {
        let kept = self.last.as_mut()?;
        let trace = kept.result.trace.as_ref()?;
        match request {
            Request::Explain { run, item } if *run == kept.id => {
                let timeline = kept
                    .timeline
                    .get_or_insert_with(|| Timeline::build(trace, &kept.result.starts, &kept.result.simulation.spec.events));
                let explanation = item.parse::<ItemRef>().ok().and_then(|i| explain(trace, timeline, i)).map(Into::into);
                Some(Answer::Explained { run: *run, item: item.clone(), explanation })
            }
            Request::Logs { run, at, limit } if *run == kept.id => {
                Some(Answer::Logs { run: *run, at: *at, lines: log_lines(trace, *at, *limit) })
            }
            _ => None,
        }
    }
}
