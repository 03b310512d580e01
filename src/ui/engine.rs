//! From the editor's text to what the page shows: the API server's verdict on each object
//! (`api::admit`, whose errors become the editor's inline diagnostics), the Simulation document
//! the form controls edit, and the trace of the run (`sim::simulate`). The text may also be a
//! trace itself (`cronjob-playground simulate --output json`), which is shown as it is.

use crate::api::{admit, Admitted, KubernetesVersion};
use crate::sim::scenario::Simulation;
use crate::sim::trace::Trace;
use crate::timeline::CronJobStart;
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

/// Everything one run produces; crosses the worker boundary as JSON (see `protocol.rs`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RunResult {
    /// The trace; the page's copy has neither `syncs` nor `events` (they stay with the engine).
    pub trace: Option<Trace>,
    /// The instants of the trace's Events (nanoseconds since the Unix epoch: plain numbers cross
    /// faster than RFC 3339 text), when the Events stayed with the engine; the clock steps to them.
    pub event_times: Vec<i64>,
    pub starts: Vec<CronJobStart>,
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
                    Ok(sim) => result.simulation = sim,
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
    if let Some(v) = result.simulation.spec.kubernetes_version.filter(|v| *v != version) {
        version = v;
        admission = admit(text, None, version);
    }
    for e in &admission.parse_errors {
        result.diagnostics.push(Diagnostic { line: e.line, column: e.column, severity: "error".into(), message: e.message.clone() });
    }
    for o in &admission.objects {
        for e in &o.report.errors {
            result.diagnostics.push(Diagnostic { line: e.line, column: e.column, severity: "error".into(), message: e.text.clone() });
        }
        if o.report.errors.is_empty() {
            if let Some(m) = &o.report.message {
                result.diagnostics.push(Diagnostic { line: o.report.line, column: o.report.column, severity: "error".into(), message: m.clone() });
            }
        }
        for w in &o.report.warnings {
            result.diagnostics.push(Diagnostic { line: o.report.line, column: o.report.column, severity: "warning".into(), message: format!("Warning: {w}") });
        }
        match &o.object {
            Some(Admitted::CronJob(cj)) => {
                result.starts.push(CronJobStart {
                    name: cj.metadata.name.clone(),
                    schedule: cj.spec.schedule.clone(),
                    suspend: cj.spec.suspend.unwrap_or(false),
                });
                result.workloads.push(Workload { kind: "CronJob".into(), name: cj.metadata.name.clone() });
            }
            Some(Admitted::Job(job)) => result.workloads.push(Workload { kind: "Job".into(), name: job.metadata.name.clone() }),
            _ => {}
        }
    }
    match crate::sim::Run::new(text, None) {
        Ok(sim) => Prepared { result, sim: Some(sim) },
        Err(e) => {
            result.error = Some(e.to_string());
            Prepared { result, sim: None }
        }
    }
}
