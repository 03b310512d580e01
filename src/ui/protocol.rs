//! The page's internal protocol with its engine (the simulation worker, or the page itself in the
//! component tests): runs, and the inspector's questions about the last run. A run's answer is
//! everything the timeline and the `kubectl get` tables need at once — the trace without its
//! decision history (`syncs`) and its Events (together nine tenths of a long run's JSON; the
//! Event times come along for the clock); the engine keeps them and answers from them when the
//! inspector explains an item or shows the Events or the controllers' log.
//! A run's answer crosses as bytes of its own shape ([`encode_ran`]): its small parts as JSON, the
//! trace's Jobs, Pods and slots packed (`timeline::packed`) and the Event times as numbers, so
//! neither side spends a keystroke's time writing and parsing instants as text; every other
//! answer is JSON.
//! This is not the JS API: `simulate` there still returns the whole trace.

use super::engine::RunResult;
use crate::sim::trace::{ObjectKind, Time};
use crate::timeline::explain::{Explanation, Reason};
use crate::timeline::kubectl::Table;
use crate::timeline::lint::{LintOptions, LintReport, TooManyCronJobs};
use crate::timeline::packed::{pack, unpack, PackError, Reader, Writer};
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
    /// The Events of run `run` up to `at` (about `object` only, when given), aggregated.
    Events { run: u64, at: Time, object: Option<(ObjectKind, String)> },
    /// Lint the CronJobs in `text`, one per slice; a newer `Lint` or a `CancelLint` drops it.
    Lint { id: u64, text: String, options: LintOptions },
    /// Stop lint `id` (a no-op when it has finished).
    CancelLint { id: u64 },
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
    /// The Events table of run `run` at `at` for `object`.
    Events { run: u64, at: Time, object: Option<(ObjectKind, String)>, table: TableView },
    /// Lint `id` has probed `done` of `total` CronJobs; `outcome` comes with the last message
    /// (at once, and with no progress, when the input holds too many CronJobs).
    Linted { id: u64, done: usize, total: usize, outcome: Option<Result<LintReport, TooManyCronJobs>> },
}

/// A `kubectl`-style table as it crosses to the page (rows name their item in `data-item` form).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TableView {
    pub headers: Vec<String>,
    pub rows: Vec<(Option<String>, Vec<String>)>,
}

impl From<Table> for TableView {
    fn from(t: Table) -> Self {
        TableView {
            headers: t.headers.into_iter().map(str::to_owned).collect(),
            rows: t.rows.into_iter().map(|(item, cells)| (item.map(|i| i.to_string()), cells)).collect(),
        }
    }
}

/// What the page decodes.
pub type PageAnswer = Answer<RunResult>;

/// The first byte of a run's answer (JSON answers start with `{`).
const RAN: u8 = 0;

/// Encodes `Answer::Ran { id, ms, result }` (the result's trace without `syncs` and `events`,
/// which are not sent) into `out`: the tag, that answer as JSON without the trace's Jobs, Pods
/// and slots and without the Event times (the same JSON code as every other answer), then the
/// Event times and those records packed. `result` is lent, not changed: what is taken out for
/// the JSON is put back.
pub fn encode_ran(id: u64, ms: f64, result: &mut RunResult, out: &mut Vec<u8>) {
    out.push(RAN);
    let event_times = std::mem::take(&mut result.event_times);
    let records = result.trace.as_mut().map(|t| (std::mem::take(&mut t.jobs), std::mem::take(&mut t.pods), std::mem::take(&mut t.slots)));
    let json = serde_json::to_vec(&Answer::Ran { id, ms, result: &*result }).unwrap_or_default();
    if let (Some(t), Some((jobs, pods, slots))) = (result.trace.as_mut(), records) {
        (t.jobs, t.pods, t.slots) = (jobs, pods, slots);
    }
    result.event_times = event_times;
    let mut w = Writer::new(out);
    w.bytes(&json);
    w.len(result.event_times.len());
    for t in &result.event_times {
        w.i64(*t);
    }
    if let Some(t) = &result.trace {
        pack(t, out);
    }
}

/// JSON bytes as an answer. `from_str`, not `from_slice`: the engine already parses `&str`
/// traces, and a second reader type would duplicate every Deserialize impl in the module.
fn json(bytes: &[u8]) -> Result<PageAnswer, String> {
    let text = std::str::from_utf8(bytes).map_err(|e| e.to_string())?;
    serde_json::from_str(text).map_err(|e| e.to_string())
}

/// Decodes an answer: a run's (see [`encode_ran`]) or any other (JSON).
pub fn decode(bytes: &[u8]) -> Result<PageAnswer, String> {
    if bytes.first() != Some(&RAN) {
        return json(bytes);
    }
    let read = || -> Result<PageAnswer, PackError> {
        let mut r = Reader::new(&bytes[1..]);
        let Ok(mut answer) = json(r.bytes()?) else { return Err(PackError { what: "JSON", at: 1 }) };
        if let Answer::Ran { result, .. } = &mut answer {
            result.event_times = (0..r.len()?).map(|_| r.i64()).collect::<Result<_, _>>()?;
            if let Some(t) = result.trace.as_mut() {
                unpack(&mut r, t)?;
            }
        }
        Ok(answer)
    };
    read().map_err(|e| e.to_string())
}

/// An explanation the page was given: run, item, explanation.
pub type Explained = (u64, String, Option<ExplanationView>);
/// Log lines the page was given: run, instant, lines.
pub type Logged = (u64, Time, Vec<String>);
/// An Events table the page was given: run, instant, object, table.
pub type EventsShown = (u64, Time, Option<(ObjectKind, String)>, TableView);

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
