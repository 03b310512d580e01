//! The page's engine, apart from how it is reached: compare mode's run B and its comparison with
//! run A, the lint the page asks for, and [`InPage`], which answers every [`Request`] at once
//! (the page's component tests). The simulation worker (`ui::worker`) answers the same requests
//! in slices with the same parts: [`prepare`](super::run::prepare), [`Session`], [`Comparer`],
//! [`Linting`].

use super::cluster::open::opened;
use super::cluster::Cluster;
use super::compare::{compare, variant};
use super::lint::{LintOptions, Linting};
use super::protocol::{Answer, CompareWith, ComparisonView, LintAsk, LintRefused, PageAnswer, Request};
use super::run::{run, RunResult};
use super::session::Session;
use crate::api::yaml::SyntaxError;
use crate::sim::Simulation;

/// Run B's text in compare mode: run A's text `a` changed as `b` says.
pub fn compare_text(a: &str, b: &CompareWith) -> Result<String, SyntaxError> {
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

/// An engine that answers each request at once, in the caller's thread.
#[derive(Default)]
pub struct InPage {
    session: Session,
    comparer: Comparer,
    /// The last cluster run with its id, for the questions about it (`Request::ClusterAsk`).
    kept: Option<(u64, Cluster)>,
    /// The Simulation of the last cluster run's text, for the rows opened from it (`Request::Open`).
    simulation: Simulation,
}

impl InPage {
    /// The answers to `request`; `now` (milliseconds) times the runs.
    pub fn answer(&mut self, request: Request, now: impl Fn() -> f64) -> Vec<PageAnswer> {
        let timed = |text: &str| {
            let t0 = now();
            let result = run(text);
            (now() - t0, result)
        };
        match request {
            Request::Run { id, text } => {
                self.kept = None;
                let (ms, result) = timed(&text);
                vec![Answer::Ran { id, ms, result: self.session.keep(id, result) }]
            }
            Request::Compare { id, a, b } => match compare_text(&a, &b) {
                Ok(b_text) => {
                    self.kept = None;
                    let (ms, result) = timed(&b_text);
                    let comparison = self.comparer.compare(&a, &result);
                    let mut answers = vec![Answer::Ran { id, ms, result: self.session.keep(id, result) }];
                    answers.extend(comparison.map(|comparison| Answer::Compared { id, comparison }));
                    answers
                }
                Err(e) => {
                    let result = RunResult { error: Some(e.to_string()), ..RunResult::default() };
                    vec![Answer::Ran { id, ms: 0.0, result }]
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
            Request::Cluster { id, text } => {
                let input = crate::sim::Input::read(&text);
                self.kept = None;
                self.simulation = input.simulation().cloned().unwrap_or_default();
                let outcome = match super::cluster::run_with(&input, &super::cluster::view::page_scope(), |_, _| false)
                {
                    Ok(c) => {
                        let view = (&c).into();
                        self.kept = Some((id, c));
                        Ok(view)
                    }
                    Err(e) => Err(e.into()),
                };
                vec![Answer::Clustered { id, done: 1, total: 1, outcome: Some(outcome) }]
            }
            Request::Open { id, cluster, namespace, name } => {
                let result = opened(self.kept.as_ref(), cluster, (&namespace, &name), &self.simulation);
                vec![Answer::Ran { id, ms: 0.0, result: self.session.keep(id, result) }]
            }
            Request::ClusterAsk { run, ask } => match self.kept.as_ref().filter(|(id, _)| *id == run) {
                Some((_, cluster)) => vec![Answer::ClusterAnswered { run, answer: cluster.ask(&ask), ask }],
                None => vec![],
            },
            // Answered at once, nothing here is ever still going.
            Request::CancelLint { .. } | Request::Cancel { .. } => vec![],
            question => self.session.answer(&question).into_iter().collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::compare::Variant;
    use crate::app::protocol::{decode, encode_answer, encode_ran, ExportKind};
    use crate::sim::trace::{ObjectKind, Time};

    fn parse_time(text: &str) -> Option<Time> {
        text.parse().ok()
    }

    const HOURLY: &str = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: hourly, creationTimestamp: \
        '2025-01-15T10:00:00Z'}\nspec:\n  schedule: '0 * * * *'\n  jobTemplate:\n    spec:\n      template:\n        \
        spec:\n          restartPolicy: OnFailure\n          containers: [{name: c, image: busybox}]\n---\nkind: \
        Simulation\napiVersion: playground.cronjob.dev/v1alpha1\nspec: {duration: 3h}\n";

    /// The engine's answers, each checked to cross the page's wire unchanged.
    fn ask(engine: &mut InPage, request: Request) -> Vec<PageAnswer> {
        let answers = engine.answer(request, || 0.0);
        for answer in &answers {
            let bytes = match answer {
                Answer::Ran { id, ms, result } => {
                    let mut bytes = vec![];
                    encode_ran(*id, *ms, result, &mut bytes);
                    bytes
                }
                other => encode_answer(other),
            };
            assert_eq!(decode(&bytes).as_ref(), Ok(answer));
        }
        answers
    }

    #[test]
    fn a_run_is_answered_without_its_history_and_questions_from_the_kept_run() {
        let mut engine = InPage::default();
        let [Answer::Ran { id: 1, result, .. }] = &ask(&mut engine, Request::Run { id: 1, text: HOURLY.into() })[..]
        else {
            panic!("one run answer")
        };
        let trace = result.trace.as_ref().unwrap();
        assert_eq!((trace.jobs.len(), trace.syncs.len(), trace.events.len()), (2, 0, 0));
        assert_eq!(result.event_times.len(), 4);

        let at = parse_time("2025-01-15T12:30:00Z").unwrap();
        let object = Some((ObjectKind::CronJob, "hourly".to_string()));
        let [Answer::Events { run: 1, table, .. }] = &ask(&mut engine, Request::Events { run: 1, at, object })[..]
        else {
            panic!("an Events table")
        };
        assert_eq!(table.headers, ["TYPE", "REASON", "AGE", "OBJECT", "FROM", "MESSAGE"]);
        assert_eq!(
            table.rows.iter().map(|(_, cells)| cells[1].as_str()).collect::<Vec<_>>(),
            ["SuccessfulCreate", "SawCompletedJob", "SuccessfulCreate", "SawCompletedJob"]
        );
        let [Answer::Download { name, mime, text }] =
            &ask(&mut engine, Request::Export { run: 1, what: ExportKind::Trace })[..]
        else {
            panic!("a download")
        };
        assert_eq!((name.as_str(), mime.as_str()), ("trace-20250115-100000.json", "application/json"));
        assert!(text.contains("\"syncs\":[{") && text.ends_with("}\n"), "the export has the kept history");
        // A question about a run the engine no longer keeps has no answer.
        assert_eq!(ask(&mut engine, Request::Logs { run: 2, at, limit: 5 }), []);
    }

    #[test]
    fn an_opened_cluster_row_is_answered_as_a_run_and_questioned_as_one() {
        let mut engine = InPage::default();
        // Two namespaces of the same hourly CronJob (a List of two items of HOURLY's CronJob).
        let item = |ns: &str| {
            format!(
                "- apiVersion: batch/v1\n  kind: CronJob\n  metadata: {{name: hourly, namespace: {ns}, \
                creationTimestamp: '2025-01-15T10:00:00Z'}}\n  spec:\n    schedule: '0 * * * *'\n    jobTemplate:\n      \
                spec:\n        template:\n          spec:\n            restartPolicy: OnFailure\n            \
                containers: [{{name: c, image: busybox}}]\n"
            )
        };
        let text = format!(
            "apiVersion: v1\nkind: List\nitems:\n{}{}---\nkind: Simulation\napiVersion: \
            playground.cronjob.dev/v1alpha1\nspec: {{duration: 3h}}\n",
            item("web"),
            item("billing")
        );
        let [Answer::Clustered { id: 1, outcome: Some(Ok(view)), .. }] =
            &ask(&mut engine, Request::Cluster { id: 1, text })[..]
        else {
            panic!("a cluster view")
        };
        assert_eq!(view.rows.len(), 2);
        let open = |id, cluster| Request::Open { id, cluster, namespace: "billing".into(), name: "hourly".into() };
        let [Answer::Ran { id: 2, result, .. }] = &ask(&mut engine, open(2, 1))[..] else { panic!("a run") };
        let trace = result.trace.as_ref().unwrap();
        // As the run of HOURLY alone: the 11:00 and 12:00 slots, without the history.
        assert_eq!((trace.jobs.len(), trace.slots.len(), trace.syncs.len()), (2, 2, 0));
        assert_eq!(result.event_times.len(), 4);
        let at = parse_time("2025-01-15T12:30:00Z").unwrap();
        let [Answer::Events { run: 2, table, .. }] =
            &ask(&mut engine, Request::Events { run: 2, at, object: None })[..]
        else {
            panic!("an Events table")
        };
        assert_eq!(table.rows.len(), 8, "two Jobs' SuccessfulCreate, Pod, Completed, SawCompletedJob");
        // A cluster run the engine does not keep: an error where the run's result would be.
        let [Answer::Ran { id: 3, result, .. }] = &ask(&mut engine, open(3, 7))[..] else { panic!("a run") };
        assert_eq!(result.error.as_deref(), Some("billing/hourly: not in the last cluster run"));
    }

    #[test]
    fn compare_mode_runs_b_then_says_what_differs() {
        let mut engine = InPage::default();
        let b = CompareWith::Variant(Variant::Version("1.20".parse().unwrap()));
        let answers = ask(&mut engine, Request::Compare { id: 3, a: HOURLY.into(), b });
        let [Answer::Ran { id: 3, result, .. }, Answer::Compared { id: 3, comparison }] = &answers[..] else {
            panic!("run B and its comparison")
        };
        assert_eq!(result.trace.as_ref().map(|t| t.kubernetes_version.to_string()), Some("1.20".into()));
        assert_eq!((comparison.a.jobs, comparison.b.jobs), (2, 2));

        let broken = CompareWith::Variant(Variant::Version("1.20".parse().unwrap()));
        let answers = ask(&mut engine, Request::Compare { id: 4, a: "kind: [".into(), b: broken });
        let [Answer::Ran { id: 4, result, .. }] = &answers[..] else { panic!("one run answer") };
        assert_eq!(result.error.as_deref(), Some("2:1: while parsing a node, did not find expected node content"));
    }

    #[test]
    fn a_lint_reports_each_cron_job_then_the_outcome_and_an_unknown_zone_refuses() {
        let at = parse_time("2025-01-15T10:00:00Z").unwrap();
        let options = |zone: &str| LintAsk { version: "1.30".parse().unwrap(), at, controller_time_zone: zone.into() };
        assert_eq!(lint_options(options("Mars/Olympus")).err(), Some(LintRefused::UnknownZone("Mars/Olympus".into())));
        let mut engine = InPage::default();
        let answers = ask(&mut engine, Request::Lint { id: 5, text: HOURLY.into(), options: options("Asia/Tokyo") });
        let [Answer::Linted { id: 5, done: 1, total: 1, probed: None, outcome: Some(Ok(report)) }] = &answers[..]
        else {
            panic!("the outcome: {answers:?}")
        };
        assert_eq!(report.cron_jobs.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["hourly"]);
        assert_eq!(report.kubernetes_version.to_string(), "1.30");
    }

    #[test]
    fn a_cluster_s_filter_is_answered_from_the_kept_cluster_run_and_a_newer_run_drops_it() {
        use crate::app::cluster::ask::{ClusterAnswer, ClusterAsk};
        use crate::app::cluster::Only;
        let cj = |name: &str, policy: &str| {
            format!(
                "- apiVersion: batch/v1\n  kind: CronJob\n  metadata: {{name: {name}, namespace: web, \
                creationTimestamp: '2026-11-22T23:59:00Z'}}\n  spec:\n    schedule: '0 2 * * *'\n    \
                concurrencyPolicy: {policy}\n    jobTemplate: {{spec: {{template: {{spec: {{restartPolicy: \
                OnFailure, containers: [{{name: c, image: busybox}}]}}}}}}}}\n"
            )
        };
        let text = format!(
            "apiVersion: v1\nkind: List\nitems:\n{}{}{}---\napiVersion: playground.cronjob.dev/v1alpha1\n\
            kind: Simulation\nspec: {{start: '2026-11-23T00:00:00Z', duration: 1d}}\n",
            cj("backup", "Forbid"),
            cj("report", "Allow"),
            cj("index", "Forbid")
        );
        let mut engine = InPage::default();
        assert_eq!(ask(&mut engine, Request::Cluster { id: 4, text: text.clone() }).len(), 1);
        let forbid = ClusterAsk { only: vec![Only::Forbid], ..ClusterAsk::default() };
        let answers = ask(&mut engine, Request::ClusterAsk { run: 4, ask: forbid.clone() });
        let answer = ClusterAnswer { rows: vec![0, 2], window: None, more: 0 };
        assert_eq!(answers, [Answer::ClusterAnswered { run: 4, ask: forbid.clone(), answer }]);
        // Another run's question, or any once a run has replaced the cluster run, has no answer.
        assert!(ask(&mut engine, Request::ClusterAsk { run: 3, ask: forbid.clone() }).is_empty());
        ask(&mut engine, Request::Run { id: 5, text: HOURLY.into() });
        assert!(ask(&mut engine, Request::ClusterAsk { run: 4, ask: forbid }).is_empty());
    }
}
