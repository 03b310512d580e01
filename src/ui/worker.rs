//! The simulation's web worker: the engine's own wasm module (`playground-engine`, which the
//! page's module does not link; see `runner.rs`), so the page never blocks while a long horizon
//! simulates. It answers the page's
//! [`Request`]s (`protocol.rs`): a run is simulated in slices of [`SLICE_MS`], looking at its
//! message queue in between, so a newer text cancels a run that is still going and typing never
//! queues runs; the finished run's answer (the trace without its decision history) crosses as
//! bytes in a transferred buffer (`protocol::encode_ran`), and the inspector's questions are answered from the run
//! the worker keeps (`session.rs`). A lint probes one CronJob per slice (after any run's slice),
//! saying how far it got after each, so a newer lint or a cancel is honoured between CronJobs.
//! Compare mode's run B is a run like any other, followed by its comparison with run A (whose
//! run this worker keeps while A's text stays the same). While a run steps, it says how far it
//! is at most every [`PROGRESS_MS`] (`Answer::Progress`: the run's id and the fraction of the
//! horizon simulated), and a `Cancel` drops the run at its next slice. A cluster run
//! (`app::cluster`, for a cluster dump, which the page does not run otherwise) steps the same way,
//! a slice at a time, saying how many namespaces are done; a newer run or cluster run drops it.
//! The finished cluster stays here (`kept`) until a newer run or cluster run, so questions about
//! it are answered without simulating again: an `Open` of one of its rows is answered as a run,
//! the CronJob's part of its namespace's trace (`app::cluster::open`); a what-if of it
//! (`app::cluster::whatif`) runs the changed text as a cluster run under the kept run's id and is
//! compared with it. It says `ready` once it listens.

use super::perf::{self, epoch_now, WorkerStages};
use crate::app::cluster::open::opened;
use crate::app::cluster::view::{page_scope, ClusterView};
use crate::app::cluster::whatif::{self, variant_text, view::WhatIfView, WhatIf};
use crate::app::cluster::{Cluster, ClusterError, Clustering};
use crate::app::engine::{compare_text, lint_options, Comparer};
use crate::app::lint::{CronJobLint, LintOptions, LintReport, Linting};
use crate::app::protocol::{decode_request, encode_answer, Answer, LintRefused, Request, READY};
use crate::app::run::{prepare, Prepared, RunResult};
use crate::app::session::Session;
use crate::go::Tz;
use crate::sim::Simulation;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageChannel, MessageEvent, MessagePort};

/// Engine time between looks at the message queue: how late a cancellation can come.
pub const SLICE_MS: f64 = 8.0;
/// Simulation steps between looks at the clock.
const STEPS: u64 = 128;
/// Engine time between two progress messages of a run (the page shows them after 200 ms).
pub const PROGRESS_MS: f64 = 50.0;

/// The run being simulated.
struct Busy {
    id: u64,
    run: Prepared,
    stages: WorkerStages,
    /// Engine milliseconds so far (admission and steps, not the pauses between slices).
    engine_ms: f64,
    /// Run A's text, when this is compare mode's run B.
    compare: Option<String>,
    /// When its progress was last posted (this thread's ms).
    told: f64,
}

struct State {
    scope: DedicatedWorkerGlobalScope,
    session: Session,
    /// The newest run asked for and not started, with when it arrived (epoch ms) and, for
    /// compare mode's run B, run A's text.
    queued: Option<(u64, String, f64, Option<String>)>,
    comparer: Comparer,
    busy: Option<Busy>,
    /// The newest lint asked for and not started.
    lint_queued: Option<(u64, String, LintOptions)>,
    /// The lint in progress.
    linting: Option<(u64, Linting)>,
    /// The cluster run in progress, with when its progress was last posted (this thread's ms).
    clustering: Option<(u64, Clustering, f64)>,
    /// The last finished cluster run with its id, kept so questions about it (filters, a time
    /// window) are answered without simulating again; a newer run or cluster run drops it.
    kept: Option<(u64, Cluster)>,
    /// Whether the cluster run in progress is a what-if of the kept one (under its id).
    what_if: bool,
    /// The Simulation of the cluster run's text (an opened row's schedule card reads its zone).
    kept_simulation: Simulation,
    /// Posting here wakes the worker for its next slice, after the messages that wait.
    wake: MessagePort,
    woken: bool,
}

impl State {
    fn schedule(&mut self) {
        if !self.woken {
            self.woken = true;
            let _ = self.wake.post_message(&JsValue::NULL);
        }
    }

    /// Posts an encoded answer (transferring its buffer) with a run's stages, if any.
    fn post(&self, encoded: &[u8], stages: Option<WorkerStages>) {
        let bytes = js_sys::Uint8Array::from(encoded);
        let stages: JsValue = match stages {
            Some(s) => js_sys::Float64Array::from(&[s.start, s.admitted, s.simulated, epoch_now()][..]).into(),
            None => JsValue::NULL,
        };
        let _ = self
            .scope
            .post_message_with_transfer(&js_sys::Array::of2(&bytes, &stages), &js_sys::Array::of1(&bytes.buffer()));
    }

    /// One slice: start the newest queued run or lint (dropping the one in progress), then step
    /// the current run for up to [`SLICE_MS`] (posting it when it is done) or, with no run going,
    /// probe the current lint's next CronJob.
    fn slice(&mut self) {
        self.woken = false;
        if let Some((id, text, options)) = self.lint_queued.take() {
            self.linting = None;
            match Linting::new(&text, options) {
                Ok(linting) => {
                    self.post_lint(id, linting.done(), linting.total(), None, None);
                    self.linting = Some((id, linting));
                }
                Err(too_many) => self.post_lint(id, 0, too_many.count, None, Some(Err(LintRefused::TooMany(too_many)))),
            }
        }
        let running = self.queued.is_some() || self.busy.is_some();
        if running {
            self.run_slice();
        } else if self.clustering.is_some() {
            self.cluster_slice();
        } else if let Some((id, mut linting)) = self.linting.take() {
            let finished = linting.step();
            let (done, total) = (linting.done(), linting.total());
            if finished {
                self.post_lint(id, done, total, None, Some(Ok(linting.into_report())));
            } else {
                self.post_lint(id, done, total, linting.report().cron_jobs.last().cloned(), None);
                self.linting = Some((id, linting));
            }
        }
        if self.busy.is_some() || self.linting.is_some() || self.clustering.is_some() {
            self.schedule();
        }
    }

    /// Posts lint `id`'s progress with the CronJob just probed, and its outcome once there is one.
    fn post_lint(
        &self,
        id: u64,
        done: usize,
        total: usize,
        probed: Option<CronJobLint>,
        outcome: Option<Result<LintReport, LintRefused>>,
    ) {
        self.post_answer(&Answer::Linted {
            id,
            done,
            total,
            probed: probed.map(Into::into),
            outcome: outcome.map(|o| o.map(Into::into)),
        });
    }

    /// Steps the current run for up to [`SLICE_MS`], posting it when it is done.
    fn run_slice(&mut self) {
        let t0 = perf::now();
        if let Some((id, text, arrived, compare)) = self.queued.take() {
            let run = prepare(&text);
            let stages = WorkerStages { start: arrived, admitted: epoch_now(), ..WorkerStages::default() };
            self.busy = Some(Busy { id, run, stages, engine_ms: perf::now() - t0, compare, told: t0 });
        }
        let Some(mut busy) = self.busy.take() else { return };
        let t1 = perf::now();
        let done = loop {
            if busy.run.step(STEPS) {
                break true;
            }
            if perf::now() - t0 > SLICE_MS {
                break false;
            }
        };
        let now = perf::now();
        busy.engine_ms += now - t1;
        if !done {
            if now - busy.told >= PROGRESS_MS {
                busy.told = now;
                self.post_answer(&Answer::Progress { id: busy.id, fraction: busy.run.progress() });
            }
            self.busy = Some(busy);
            return;
        }
        busy.stages.simulated = epoch_now();
        let comparison = busy.compare.and_then(|a| self.comparer.compare(&a, &busy.run.result));
        let (bytes, retired) = self.session.keep_encoded(busy.id, busy.engine_ms, busy.run.result);
        self.post(&bytes, Some(busy.stages));
        if let Some(comparison) = comparison {
            self.post_answer(&Answer::Compared { id: busy.id, comparison });
        }
        drop(retired);
    }

    /// Starts cluster run `id` of `text` (dropping any run or cluster run going), or says at once
    /// why it cannot run.
    fn cluster(&mut self, id: u64, text: &str) {
        (self.queued, self.busy, self.clustering, self.kept) = (None, None, None, None);
        self.what_if = false;
        let input = crate::sim::Input::read(text);
        self.kept_simulation = input.simulation().cloned().unwrap_or_default();
        match Clustering::new(&input, &page_scope()) {
            Ok(clustering) => {
                self.post_answer(&Answer::Clustered { id, done: 0, total: clustering.total(), outcome: None });
                self.clustering = Some((id, clustering, perf::now()));
                self.schedule();
            }
            Err(e) => self.post_cluster(id, Err(e)),
        }
    }

    /// Steps the cluster run for up to [`SLICE_MS`], saying how far it is (at most every
    /// [`PROGRESS_MS`]), then posts its view or why there is none.
    fn cluster_slice(&mut self) {
        let Some((id, mut clustering, mut told)) = self.clustering.take() else { return };
        let t0 = perf::now();
        let finished = loop {
            match clustering.step(STEPS) {
                Ok(false) if perf::now() - t0 <= SLICE_MS => {}
                Ok(false) => break None,
                Ok(true) => break Some(Ok(())),
                Err(e) => break Some(Err(e)),
            }
        };
        match finished {
            None => {
                let now = perf::now();
                if now - told >= PROGRESS_MS {
                    told = now;
                    let (done, total) = (clustering.done(), clustering.total());
                    self.post_answer(&match self.what_if {
                        true => Answer::WhatIfRan { run: id, done, total, outcome: None },
                        false => Answer::Clustered { id, done, total, outcome: None },
                    });
                }
                self.clustering = Some((id, clustering, told));
            }
            Some(result) => {
                let outcome = result.and_then(|()| clustering.finish());
                match self.what_if {
                    true => self.post_what_if(id, outcome),
                    false => self.post_cluster(id, outcome),
                }
            }
        }
    }

    /// Posts cluster run `id`'s view (keeping its cluster for later questions) or why there is none.
    fn post_cluster(&mut self, id: u64, outcome: Result<Cluster, ClusterError>) {
        let outcome = match outcome {
            Ok(c) => {
                let view = ClusterView::from(&c);
                self.kept = Some((id, c));
                Ok(view)
            }
            Err(e) => Err(e.into()),
        };
        self.post_answer(&Answer::Clustered { id, done: 1, total: 1, outcome: Some(outcome) });
    }

    /// Starts what-if `what` of the kept cluster run `run` of `text` (dropping any run going), or
    /// says at once why it cannot run; nothing when that run is no longer kept.
    fn what_if(&mut self, run: u64, text: &str, what: &WhatIf) {
        let Some((_, baseline)) = self.kept.as_ref().filter(|(id, _)| *id == run) else { return };
        let started = variant_text(text, baseline, what)
            .map_err(|e| e.to_string())
            .and_then(|t| Clustering::new(&crate::sim::Input::read(&t), &page_scope()).map_err(|e| e.to_string()));
        (self.queued, self.busy, self.clustering) = (None, None, None);
        match started {
            Ok(clustering) => {
                self.post_answer(&Answer::WhatIfRan { run, done: 0, total: clustering.total(), outcome: None });
                (self.clustering, self.what_if) = (Some((run, clustering, perf::now())), true);
                self.schedule();
            }
            Err(e) => self.post_answer(&Answer::WhatIfRan { run, done: 1, total: 1, outcome: Some(Err(e)) }),
        }
    }

    /// Posts what-if `run`'s comparison with the kept cluster run, or why there is none.
    fn post_what_if(&mut self, run: u64, variant: Result<Cluster, ClusterError>) {
        self.what_if = false;
        let outcome = match (variant, &self.kept) {
            (Ok(variant), Some((_, baseline))) => Ok(WhatIfView::from(&whatif::compare(baseline, &variant, Tz::UTC))),
            (Ok(_), None) => return,
            (Err(e), _) => Err(e.to_string()),
        };
        self.post_answer(&Answer::WhatIfRan { run, done: 1, total: 1, outcome: Some(outcome) });
    }

    /// Answers `Open` `id` as a run: the row's CronJob cut from the kept cluster run `cluster`
    /// (the session keeps it, so the inspector's questions about `id` are answered as a run's).
    fn open(&mut self, id: u64, cluster: u64, namespace: &str, name: &str) {
        let result = opened(self.kept.as_ref(), cluster, (namespace, name), &self.kept_simulation);
        let (bytes, retired) = self.session.keep_encoded(id, 0.0, result);
        self.post(&bytes, None);
        drop(retired);
    }

    /// Posts an answer that is not a run's.
    fn post_answer(&self, answer: &Answer<&RunResult>) {
        self.post(&encode_answer(answer), None);
    }

    fn on_request(&mut self, request: Request) {
        match request {
            Request::Run { id, text } => {
                (self.clustering, self.kept) = (None, None);
                self.queued = Some((id, text, epoch_now(), None));
                self.schedule();
            }
            Request::Compare { id, a, b } => match compare_text(&a, &b) {
                Ok(text) => {
                    (self.clustering, self.kept) = (None, None);
                    self.queued = Some((id, text, epoch_now(), Some(a)));
                    self.schedule();
                }
                Err(error) => {
                    // Nothing to run: any run B still going is dropped.
                    (self.queued, self.busy) = (None, None);
                    let result = RunResult { error: Some(error.to_string()), ..RunResult::default() };
                    self.post_answer(&Answer::Ran { id, ms: 0.0, result: &result });
                }
            },
            Request::Lint { id, text, options } => match lint_options(options) {
                Ok(options) => {
                    self.lint_queued = Some((id, text, options));
                    self.schedule();
                }
                Err(refused) => {
                    (self.lint_queued, self.linting) = (None, None);
                    self.post_lint(id, 0, 0, None, Some(Err(refused)));
                }
            },
            Request::Cancel { id } => {
                self.queued = self.queued.take().filter(|(queued, ..)| *queued != id);
                self.busy = self.busy.take().filter(|busy| busy.id != id);
                self.clustering = self.clustering.take().filter(|(current, ..)| *current != id);
            }
            Request::Cluster { id, text } => self.cluster(id, &text),
            Request::Open { id, cluster, namespace, name } => self.open(id, cluster, &namespace, &name),
            Request::ClusterAsk { run, ask } => {
                if let Some((_, cluster)) = self.kept.as_ref().filter(|(id, _)| *id == run) {
                    let answer = cluster.ask(&ask);
                    self.post_answer(&Answer::ClusterAnswered { run, ask, answer });
                }
            }
            Request::ClusterWhatIf { run, text, what } => self.what_if(run, &text, &what),
            Request::CancelLint { id } => {
                self.lint_queued = self.lint_queued.take().filter(|(queued, ..)| *queued != id);
                self.linting = self.linting.take().filter(|(current, _)| *current != id);
            }
            question => {
                if let Some(answer) = self.session.answer::<&RunResult>(&question) {
                    self.post_answer(&answer);
                }
            }
        }
    }
}

/// Starts answering the page's messages (in a worker; loaded in a page for its JS API, it does
/// nothing).
pub fn start() {
    let Ok(scope) = js_sys::global().dyn_into::<DedicatedWorkerGlobalScope>() else { return };
    let Ok(channel) = MessageChannel::new() else { return };
    let state = Rc::new(RefCell::new(State {
        scope: scope.clone(),
        session: Session::default(),
        queued: None,
        comparer: Comparer::default(),
        busy: None,
        lint_queued: None,
        linting: None,
        clustering: None,
        kept: None,
        what_if: false,
        kept_simulation: Simulation::default(),
        wake: channel.port2(),
        woken: false,
    }));
    let on_wake = {
        let state = state.clone();
        Closure::<dyn Fn()>::new(move || state.borrow_mut().slice())
    };
    channel.port1().set_onmessage(Some(on_wake.as_ref().unchecked_ref()));
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |e: MessageEvent| {
        let bytes = e.data().dyn_into::<js_sys::Uint8Array>().map(|b| b.to_vec());
        if let Some(request) = bytes.ok().and_then(|b| decode_request(&b)) {
            state.borrow_mut().on_request(request);
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // Both live as long as the worker.
    on_wake.forget();
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str(READY));
}
