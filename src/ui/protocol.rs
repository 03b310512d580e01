//! The page's internal protocol with its engine (the simulation worker, or the page itself in the
//! component tests): runs, and the inspector's questions about the last run. A run's answer is
//! everything the timeline and the `kubectl` tables need at once — the trace without its decision
//! history (`syncs`, three quarters of a long run's JSON); the engine keeps that history and
//! answers from it when the inspector explains an item or shows the controllers' log.
//! This is not the JS API: `simulate` there still returns the whole trace.

use super::engine::RunResult;
use crate::sim::trace::Time;
use crate::timeline::explain::{Explanation, Reason};
use serde::{Deserialize, Serialize};

/// A question to the engine (JSON text on the wire).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// Simulate `text`; a newer `Run` cancels this one if it has not finished.
    Run { id: u64, text: String },
    /// Explain `item` (an [`ItemRef`](crate::timeline::ItemRef) in its `data-item` form) of run `run`.
    Explain { run: u64, item: String },
    /// The controllers' last `limit` log lines of run `run` up to `at`.
    Logs { run: u64, at: Time, limit: usize },
}

/// The engine's answer (JSON bytes on the wire). `R` is the run's result: borrowed when the
/// engine encodes it, owned when the page decodes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer<R> {
    /// Run `id` finished in `ms` milliseconds of engine time; `result` has no `syncs`.
    Ran { id: u64, ms: f64, result: R },
    /// The explanation of `item` in run `run` (`None` when the run has no such item).
    Explained { run: u64, item: String, explanation: Option<ExplanationView> },
    /// The log lines of run `run` up to `at`.
    Logs { run: u64, at: Time, lines: Vec<String> },
}

/// What the page decodes.
pub type PageAnswer = Answer<RunResult>;

/// An explanation the page was given: run, item, explanation.
pub type Explained = (u64, String, Option<ExplanationView>);
/// Log lines the page was given: run, instant, lines.
pub type Logged = (u64, Time, Vec<String>);

/// An [`Explanation`] as it crosses to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExplanationView {
    pub kind: String,
    pub title: String,
    pub facts: Vec<(String, String)>,
    pub why: Vec<ReasonView>,
}

/// A [`Reason`] as it crosses to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReasonView {
    pub source: String,
    pub code: String,
    pub at: Option<Time>,
    pub text: String,
}

impl From<Explanation> for ExplanationView {
    fn from(e: Explanation) -> Self {
        ExplanationView {
            kind: e.kind.to_string(),
            title: e.title,
            facts: e.facts.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
            why: e.why.into_iter().map(|Reason { source, code, at, text }| ReasonView { source, code, at, text }).collect(),
        }
    }
}
