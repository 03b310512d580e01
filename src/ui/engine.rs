//! From the editor's text to what the page shows: the API server's verdict on each object
//! (`api::admit`, whose errors become the editor's inline diagnostics), the Simulation document
//! the form controls edit, and the trace of the run (`sim::simulate`). The text may also be a
//! trace itself (`cronjob-playground simulate --output json`), which is shown as it is.

use super::perf;
use super::protocol::{Answer, CompareWith, ComparisonView, LintAsk, LintRefused, PageAnswer, Request};
use super::runner::InPageEngine;
use super::session::Session;
use crate::api::{admit, Admitted, KubernetesVersion};
use crate::app::compare::{compare, variant};
use crate::app::lint::{LintOptions, Linting};
use crate::sim::scenario::Simulation;
use crate::sim::trace::Trace;
use serde::{Deserialize, Serialize};

/// An inline diagnostic at a 1-based line and column.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Diagnostic {
    pub line: u32,
    pub column: u32,
    /// `error` or `warning` (CodeMirror's severities).
    pub severity: String,
    pub message: String,
}

/// A CronJob or Job of the manifest (the pod-behaviour controls list them).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Workload {
    /// `CronJob` or `Job`.
    pub kind: String,
    pub name: String,
}

/// Everything one run produces; crosses the worker boundary as JSON and packed bytes (see
/// `protocol.rs`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RunResult {
    /// The trace; the page's copy has neither `syncs` nor `events` (they stay with the engine).
    /// Not JSON: it crosses packed (`protocol::encode_ran`).
    #[serde(skip)]
    pub trace: Option<Trace>,
    /// The instants of the trace's Events (nanoseconds since the Unix epoch: plain numbers cross
    /// faster than RFC 3339 text), when the Events stayed with the engine; the clock steps to them.
    /// Not JSON: they cross packed (`protocol::encode_ran`).
    #[serde(skip)]
    pub event_times: Vec<i64>,
    pub workloads: Vec<Workload>,
    /// The manifest's Simulation document (default when there is none).
    pub simulation: Simulation,
    pub diagnostics: Vec<Diagnostic>,
    /// Why there is no trace, when there is none.
    pub error: Option<String>,
}

/// Runs `text` to the end of its horizon.
pub fn run(text: &str) -> RunResult {
    let mut run = prepare(text);
    while !run.step(u64::MAX) {}
    run.result
}

/// A run set up from the text: what admission found, and the simulation still to step (none
/// when the text was a trace or could not be simulated).
pub struct Prepared {
    pub result: RunResult,
    sim: Option<crate::sim::Run>,
}

impl Prepared {
    /// Runs at most `max_steps` more steps of the simulation; true once the result is complete.
    pub fn step(&mut self, max_steps: u64) -> bool {
        let Some(sim) = &mut self.sim else { return true };
        match sim.step(max_steps) {
            Ok(p) if !p.done => return false,
            Ok(_) => self.result.trace = self.sim.take().map(crate::sim::Run::finish),
            Err(e) => {
                self.result.error = Some(e.to_string());
                self.sim = None;
            }
        }
        true
    }
}

/// Admits `text` and sets up its simulation (see [`Prepared::step`]).
pub fn prepare(text: &str) -> Prepared {
    if text.trim_start().starts_with('{') {
        if let Ok(trace) = serde_json::from_str::<Trace>(text) {
            return Prepared { result: RunResult { trace: Some(trace), ..RunResult::default() }, sim: None };
        }
    }
    let mut result = RunResult::default();
    // The Simulation document chooses the release the objects are admitted under.
    let mut version = KubernetesVersion::NEWEST;
    let mut admission = admit(text, None, version);
    for o in &admission.objects {
        if let Some(Admitted::Other { kind, value, .. }) = &o.object {
            if kind == "Simulation" {
                match Simulation::from_value(value.clone()) {
                    Ok(sim) => {
                        for notice in sim.release().2 {
                            result.diagnostics.push(Diagnostic {
                                line: o.report.line,
                                column: o.report.column,
                                severity: "warning".into(),
                                message: notice,
                            });
                        }
                        result.simulation = sim;
                    }
                    Err(e) => result.diagnostics.push(Diagnostic {
                        line: o.report.line,
                        column: o.report.column,
                        severity: "error".into(),
                        message: e.0,
                    }),
                }
            }
        }
    }
    if let Some(v) = result.simulation.spec.kubernetes_version.map(|r| r.version).filter(|v| *v != version) {
        version = v;
        admission = admit(text, None, version);
    }
    for e in &admission.parse_errors {
        result.diagnostics.push(Diagnostic {
            line: e.line,
            column: e.column,
            severity: "error".into(),
            message: e.message.clone(),
        });
    }
    for o in &admission.objects {
        for e in &o.report.errors {
            result.diagnostics.push(Diagnostic {
                line: e.line,
                column: e.column,
                severity: "error".into(),
                message: e.text.clone(),
            });
        }
        if o.report.errors.is_empty() {
            if let Some(m) = &o.report.message {
                result.diagnostics.push(Diagnostic {
                    line: o.report.line,
                    column: o.report.column,
                    severity: "error".into(),
                    message: m.clone(),
                });
            }
        }
        for w in &o.report.warnings {
            result.diagnostics.push(Diagnostic {
                line: o.report.line,
                column: o.report.column,
                severity: "warning".into(),
                message: format!("Warning: {w}"),
            });
        }
        match &o.object {
            Some(Admitted::CronJob(cj)) => {
                result.workloads.push(Workload { kind: "CronJob".into(), name: cj.metadata.name.clone() });
            }
            Some(Admitted::Job(job)) => {
                result.workloads.push(Workload { kind: "Job".into(), name: job.metadata.name.clone() })
            }
            _ => {}
        }
    }
    match crate::sim::Run::with_admission(text, admission, version) {
        Ok(sim) => Prepared { result, sim: Some(sim) },
        Err(e) => {
            result.error = Some(e.to_string());
            Prepared { result, sim: None }
        }
    }
}

/// Run B's text in compare mode: run A's text `a` changed as `b` says.
pub fn compare_text(a: &str, b: &CompareWith) -> Result<String, String> {
    match b {
        CompareWith::Variant(v) => variant(a, v),
        CompareWith::Text(t) => Ok(t.clone()),
    }
}

/// The options of the lint the page asked for (the zone looked up).
pub fn lint_options(ask: LintAsk) -> Result<LintOptions, LintRefused> {
    let controller_time_zone =
        ask.controller_time_zone.parse().map_err(|_| LintRefused::UnknownZone(ask.controller_time_zone))?;
    Ok(LintOptions { version: ask.version, at: ask.at, controller_time_zone })
}

/// Compares runs B with their run A, keeping the last run A (B changes more often than A).
#[derive(Default)]
pub struct Comparer {
    a: Option<(String, RunResult)>,
}

impl Comparer {
    /// The differences between the run of text `a` and run B (none when either has no trace).
    pub fn compare(&mut self, a: &str, b: &RunResult) -> Option<ComparisonView> {
        if self.a.as_ref().is_none_or(|(text, _)| text != a) {
            self.a = Some((a.to_string(), run(a)));
        }
        let a = self.a.as_ref().and_then(|(_, r)| r.trace.as_ref())?;
        Some(compare(a, b.trace.as_ref()?).into())
    }
}

/// The engine in the page's own thread (component tests): [`in_page`].
#[derive(Default)]
struct InPage {
    session: Session,
    comparer: Comparer,
}

/// An engine that answers in the page's thread, for `Engine::InPage` (the component tests; the
/// page itself never links it, so its module carries no engine).
pub fn in_page() -> Box<dyn InPageEngine> {
    Box::<InPage>::default()
}

impl InPageEngine for InPage {
    fn answer(&mut self, request: Request) -> Vec<PageAnswer> {
        let timed = |text: &str| {
            let t0 = perf::now();
            let result = run(text);
            (perf::now() - t0, result)
        };
        match request {
            Request::Run { id, text } => {
                let (ms, result) = timed(&text);
                vec![Answer::Ran { id, ms, result: self.session.keep(id, result) }]
            }
            Request::Compare { id, a, b } => match compare_text(&a, &b) {
                Ok(b_text) => {
                    let (ms, result) = timed(&b_text);
                    let comparison = self.comparer.compare(&a, &result);
                    let mut answers = vec![Answer::Ran { id, ms, result: self.session.keep(id, result) }];
                    answers.extend(comparison.map(|comparison| Answer::Compared { id, comparison }));
                    answers
                }
                Err(e) => {
                    vec![Answer::Ran { id, ms: 0.0, result: RunResult { error: Some(e), ..RunResult::default() } }]
                }
            },
            // All at once here, with the same per-CronJob progress the worker posts.
            Request::Lint { id, text, options } => {
                match lint_options(options).and_then(|o| Linting::new(&text, o).map_err(LintRefused::TooMany)) {
                    Ok(mut linting) => {
                        let mut answers = vec![];
                        while !linting.step() {
                            let probed = linting.report().cron_jobs.last().cloned().map(Into::into);
                            answers.push(Answer::Linted {
                                id,
                                done: linting.done(),
                                total: linting.total(),
                                probed,
                                outcome: None,
                            });
                        }
                        let (done, total) = (linting.done(), linting.total());
                        answers.push(Answer::Linted {
                            id,
                            done,
                            total,
                            probed: None,
                            outcome: Some(Ok(linting.into_report().into())),
                        });
                        answers
                    }
                    Err(refused) => {
                        let total = if let LintRefused::TooMany(t) = &refused { t.count } else { 0 };
                        vec![Answer::Linted { id, done: 0, total, probed: None, outcome: Some(Err(refused)) }]
                    }
                }
            }
            Request::CancelLint { .. } => vec![],
            question => self.session.answer(&question).into_iter().collect(),
        }
    }
}
