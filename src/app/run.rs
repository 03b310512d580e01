//! The one *text → run* entry of the page's engine: the editor's text read once
//! ([`sim::Input`](crate::sim::Input): the Simulation document picks the release, the objects are
//! admitted under it), that admission said as the editor's inline diagnostics, then handed to the
//! run itself — nothing is parsed twice between the diagnostics and the trace. The text may also
//! be a trace (`cronjob-playground simulate --output json`), which is shown as it is.

use super::notices::{inferred, notices};
use super::said::Said;
use super::schedule_card::{cards, ScheduleCard};
use crate::api::Admitted;
use crate::sim::trace::Trace;
use crate::sim::{Input, Run, Simulation};
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

impl Diagnostic {
    fn error(line: u32, column: u32, message: String) -> Diagnostic {
        Diagnostic { line, column, severity: "error".into(), message }
    }

    fn warning(line: u32, column: u32, message: String) -> Diagnostic {
        Diagnostic { line, column, severity: "warning".into(), message }
    }
}

/// A CronJob or Job of the manifest (the pod-behaviour controls list them).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Workload {
    /// `CronJob` or `Job`.
    pub kind: String,
    pub name: String,
    /// What its pods do by their command when no pod rule says (`app::notices::inferred`): run
    /// time in seconds, exit code, and the sentence naming the parts of the command read.
    pub inferred: Option<(f64, i32, Said)>,
}

/// Everything one run produces; crosses the worker boundary (see [`protocol`](super::protocol)).
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
    /// Not JSON: it crosses packed (`protocol::encode_ran`).
    #[serde(skip)]
    pub simulation: Simulation,
    pub diagnostics: Vec<Diagnostic>,
    /// The quiet notices about the text (`app::notices`): each with its kind.
    pub notices: Vec<(String, Said)>,
    /// Why there is no trace, when there is none.
    pub error: Option<String>,
    /// Each CronJob's schedule card (`app::schedule_card`), once the run is complete.
    pub schedules: Vec<ScheduleCard>,
}

impl RunResult {
    /// The diagnostic that already says the run's error at its line and column, if one does:
    /// the page then points at it rather than saying the message a second time.
    pub fn error_listed(&self) -> Option<&Diagnostic> {
        let error = self.error.as_deref()?;
        self.diagnostics.iter().find(|d| {
            d.severity == "error"
                && error.strip_prefix(&format!("{}:{}: ", d.line, d.column)).is_some_and(|m| m == d.message)
        })
    }
}

/// Runs `text` to the end of its horizon.
///
/// ```
/// use cronjob_playground::app::run::run;
/// let text = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: hello, creationTimestamp: \
///     '2025-01-15T10:00:00Z'}\n\
///     spec:\n  schedule: '*/30 * * * *'\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          \
///     restartPolicy: OnFailure\n          containers: [{name: c, image: busybox}]\n\
///     ---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec: {duration: 2h}\n";
/// let result = run(text);
/// assert_eq!(result.trace.unwrap().jobs.len(), 3);
/// assert_eq!((result.workloads[0].kind.as_str(), result.workloads[0].name.as_str()), ("CronJob", "hello"));
/// assert_eq!(result.simulation.spec.duration.unwrap().0.num_hours(), 2);
/// ```
pub fn run(text: &str) -> RunResult {
    let mut run = prepare(text);
    while !run.step(u64::MAX) {}
    run.result
}

/// A run set up from the text: what admission found, and the simulation still to step (none
/// when the text was a trace or could not be simulated).
pub struct Prepared {
    pub result: RunResult,
    sim: Option<Run>,
}

impl Prepared {
    /// Runs at most `max_steps` more steps of the simulation; true once the result is complete.
    pub fn step(&mut self, max_steps: u64) -> bool {
        let Some(sim) = &mut self.sim else { return true };
        match sim.step(max_steps) {
            Ok(p) if !p.done => return false,
            Ok(_) => {
                let trace = self.sim.take().map(Run::finish);
                let controller = self.result.simulation.spec.controller_time_zone.as_deref();
                self.result.schedules = trace.as_ref().map(|t| cards(t, controller)).unwrap_or_default();
                self.result.trace = trace;
            }
            Err(e) => {
                self.result.error = Some(e.to_string());
                self.sim = None;
            }
        }
        true
    }

    /// The fraction of the horizon simulated so far, 0..=1 (1 once there is nothing left to step).
    pub fn progress(&self) -> f64 {
        self.sim.as_ref().map_or(1.0, |s| s.progress().fraction)
    }
}

/// Reads `text` once and sets up its simulation (see [`Prepared::step`]).
pub fn prepare(text: &str) -> Prepared {
    if text.trim_start().starts_with('{') {
        if let Ok(trace) = serde_json::from_str::<Trace>(text) {
            return Prepared { result: RunResult { trace: Some(trace), ..RunResult::default() }, sim: None };
        }
    }
    let input = Input::read(text);
    let mut result = said(&input);
    match Run::from_input(input) {
        Ok(sim) => Prepared { result, sim: Some(sim) },
        Err(e) => {
            result.error = Some(e.to_string());
            Prepared { result, sim: None }
        }
    }
}

/// What the page shows of an input before it runs: the diagnostics (the Simulation documents'
/// notices and errors, then each object's errors and warnings), the workloads with what their
/// commands say, the Simulation document the form controls edit (the first one that reads) and
/// the quiet notices (objects left out, Jobs whose CronJob is not in the text).
fn said(input: &Input) -> RunResult {
    let mut result = RunResult::default();
    for d in input.documents() {
        match &d.read {
            Ok(sim) => {
                let notices = sim.release().2;
                result.diagnostics.extend(notices.into_iter().map(|n| Diagnostic::warning(d.line, d.column, n)));
            }
            Err(e) => result.diagnostics.push(Diagnostic::error(d.line, d.column, e.0.clone())),
        }
    }
    if let Some(sim) = input.documents().iter().find_map(|d| d.read.as_ref().ok()) {
        result.simulation = sim.clone();
    }
    let admission = input.admission();
    for e in &admission.parse_errors {
        result.diagnostics.push(Diagnostic::error(e.line, e.column, e.message.clone()));
    }
    for o in &admission.objects {
        let r = &o.report;
        // A Job dumped from a cluster is refused as a create only for the selector generated for
        // its own UID; it runs as the Job that exists, so the refusal is a warning, not an error.
        let refusal = if o.existing.is_some() { Diagnostic::warning } else { Diagnostic::error };
        result.diagnostics.extend(r.errors.iter().map(|e| refusal(e.line, e.column, e.text.clone())));
        if let (true, Some(m)) = (r.errors.is_empty(), &r.message) {
            result.diagnostics.push(refusal(r.line, r.column, m.clone()));
        }
        // The reading's own notes (the first warnings) are said as notices, in the reader's language.
        let kubernetes_warnings = r.warnings.iter().skip(r.notes.len());
        result
            .diagnostics
            .extend(kubernetes_warnings.map(|w| Diagnostic::warning(r.line, r.column, format!("Warning: {w}"))));
        let (kind, name, template) = match o.object.as_ref().or(o.existing.as_ref()) {
            Some(Admitted::CronJob(cj)) => ("CronJob", &cj.metadata.name, &cj.spec.job_template.spec.template),
            Some(Admitted::Job(job)) => ("Job", &job.metadata.name, &job.spec.template),
            _ => continue,
        };
        result.workloads.push(Workload { kind: kind.into(), name: name.clone(), inferred: inferred(template) });
    }
    result.notices = notices(admission);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    const CRON_JOB: &str = "apiVersion: batch/v1beta1\nkind: CronJob\nmetadata: {name: nightly, creationTimestamp: \
        '2025-01-15T10:00:00Z'}\nspec:\n  schedule: '0 * * * *'\n  jobTemplate:\n    spec:\n      template:\n        \
        spec:\n          restartPolicy: OnFailure\n          containers: [{name: c, image: busybox}]\n";

    fn with_simulation(spec: &str) -> String {
        format!("{CRON_JOB}---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec: {spec}\n")
    }

    fn said(d: &Diagnostic) -> (u32, u32, &str, &str) {
        (d.line, d.column, d.severity.as_str(), d.message.as_str())
    }

    #[test]
    fn the_simulation_document_picks_the_release_the_objects_are_admitted_under() {
        // batch/v1beta1 CronJobs are served until 1.24: under 1.20 it runs, under the newest it is refused.
        let old = run(&with_simulation("{kubernetesVersion: '1.20', duration: 3h}"));
        assert_eq!(old.error, None);
        assert_eq!(old.simulation.spec.kubernetes_version.unwrap().to_string(), "1.20");
        let trace = old.trace.unwrap();
        assert_eq!(trace.kubernetes_version.to_string(), "1.20");
        assert_eq!(
            trace.jobs.iter().map(|j| j.name.as_str()).collect::<Vec<_>>(),
            ["nightly-1736938800", "nightly-1736942400"]
        );
        assert_eq!(old.workloads, [Workload { kind: "CronJob".into(), name: "nightly".into(), inferred: None }]);

        let new = run(&with_simulation("{duration: 3h}"));
        assert_eq!(new.trace, None);
        assert_eq!(
            new.diagnostics.iter().map(said).collect::<Vec<_>>(),
            [(
                1,
                13,
                "error",
                "no matches for kind \"CronJob\" in version \"batch/v1beta1\"\nensure CRDs are installed first"
            )]
        );
        assert_eq!(new.error.as_deref(), Some("1:13: no matches for kind \"CronJob\" in version \"batch/v1beta1\""));
        assert!(new.workloads.is_empty());
    }

    #[test]
    fn a_broken_simulation_document_is_an_error_at_its_start_and_stops_the_run() {
        let result = run(&with_simulation("{duration: soon}"));
        let simulation = result.diagnostics.iter().find(|d| d.line == 13).map(said);
        assert_eq!(simulation, Some((13, 1, "error", "Simulation: invalid duration \"soon\": expected a number")));
        assert_eq!(result.error.as_deref(), Some("13:1: Simulation: invalid duration \"soon\": expected a number"));
        assert_eq!(result.simulation, Simulation::default());
        // The diagnostic at 13:1 says it: the page points there instead of repeating it.
        assert_eq!(result.error_listed().map(said), simulation);
    }

    #[test]
    fn two_simulation_documents_are_refused_at_the_second() {
        let text = format!(
            "{}---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec: {{duration: 2h}}\n",
            with_simulation("{kubernetesVersion: '1.20', duration: 3h}")
        );
        let result = run(&text);
        assert_eq!(result.error.as_deref(), Some("17:1: at most one Simulation document is allowed"));
        // The first picks the release and is the one the form controls edit.
        assert_eq!(result.simulation.spec.kubernetes_version.unwrap().to_string(), "1.20");
    }

    #[test]
    fn a_field_error_is_at_its_value_and_the_release_notices_at_the_document() {
        let text = with_simulation("{kubernetesVersion: '1.20.0', featureGates: {NoSuchGate: true}, duration: 1h}")
            .replace("'0 * * * *'", "'61 * * * *'");
        let result = run(&text);
        assert_eq!(
            result.diagnostics.iter().map(said).collect::<Vec<_>>(),
            [
                (13, 1, "warning", "featureGates.NoSuchGate: the model does not know this feature gate; it is ignored"),
                (
                    13,
                    1,
                    "warning",
                    "kubernetesVersion 1.20.0: the model knows no difference between 1.20 patch releases; it simulates \
                    the latest 1.20 patch release"
                ),
                // 1.20 validates schedules with robfig/cron v1, whose words start with a capital.
                (5, 13, "error", "spec.schedule: Invalid value: \"61 * * * *\": End of range (61) above maximum (59): \
                    61"),
            ]
        );
        assert_eq!(
            result.error.as_deref(),
            Some(
                "5:13: CronJob.batch \"nightly\" is invalid: spec.schedule: Invalid value: \"61 * * * *\": End of \
                range (61) above maximum (59): 61"
            )
        );
    }

    #[test]
    fn a_jobs_dump_runs_as_the_jobs_that_exist_with_the_create_refusal_as_a_warning() {
        let result = run(include_str!("../../tests/data/manifests/orphaned-jobs.yaml"));
        assert_eq!(result.error, None);
        assert_eq!(result.trace.map(|t| t.jobs.len()), Some(1));
        let severities: Vec<&str> = result.diagnostics.iter().map(|d| d.severity.as_str()).collect();
        assert_eq!(severities, ["warning", "warning", "warning"]);
        assert!(result.diagnostics[2].message.ends_with("`selector` not auto-generated"), "{:?}", result.diagnostics);
        assert_eq!(
            result.workloads.iter().map(|w| (w.kind.as_str(), w.name.as_str())).collect::<Vec<_>>(),
            [("Job", "nightly-report-29110680")]
        );
        assert_eq!(result.notices.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(), ["owner-not-in-input"]);
    }

    #[test]
    fn an_install_file_runs_its_cronjob_and_says_what_it_left_out() {
        let result = run(include_str!("../../tests/data/manifests/install.yaml"));
        assert_eq!((result.error, result.diagnostics), (None, vec![]));
        assert_eq!(result.workloads.iter().map(|w| w.name.as_str()).collect::<Vec<_>>(), ["report-export"]);
        assert_eq!(result.notices.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(), ["not-simulated"]);
    }

    #[test]
    fn a_trace_is_shown_as_it_is() {
        let trace = run(&with_simulation("{duration: 3h}").replace("batch/v1beta1", "batch/v1")).trace.unwrap();
        let text = serde_json::to_string(&trace).unwrap();
        let shown = run(&text);
        assert_eq!(shown.trace.as_ref().map(|t| t.jobs.len()), Some(2));
        assert_eq!(shown.trace.map(|t| serde_json::to_string(&t).unwrap()), Some(text));
        assert!(shown.diagnostics.is_empty() && shown.error.is_none());
    }

    #[test]
    fn the_text_is_parsed_once_from_the_diagnostics_to_the_trace() {
        // A Simulation document naming another release than the newest: the objects are admitted
        // under it once, and that admission is what the run starts from.
        let text = with_simulation("{kubernetesVersion: '1.20', duration: 3h}");
        let before = crate::api::yaml::parses();
        let mut prepared = prepare(&text);
        while !prepared.step(1_000) {}
        assert_eq!(crate::api::yaml::parses() - before, 1);
        assert_eq!(prepared.result.trace.map(|t| t.jobs.len()), Some(2));
    }
}
