//! The page's end of its protocol with the engine (`protocol.rs`): runs the engine for the latest
//! text without blocking the page — in a web worker running the engine's own wasm module
//! (`playground-engine`, see `worker.rs`; index.html starts the first one while the page's module
//! still downloads), or in the page when the component tests ask for it — and carries the
//! inspector's questions. The page's module links none of the engine: everything it knows of a
//! run comes in the engine's answers.
//! A keystroke's text goes to the worker at once, even while a run is going: the worker drops the
//! older run at its next slice, so runs never queue and no debounce delays an idle engine.
//! The worker's progress answers (`Answer::Progress`: run id, fraction of the horizon simulated) go to
//! [`Runner::on_progress`]; [`Runner::cancel`] stops a run, and no answer of a cancelled run is
//! reported.

use super::perf::{self, RunStages, WorkerStages};
use crate::app::protocol::{
    encode_request, start_decoding, Answer, CompareWith, Decoding, GarbledAnswer, LintAsk, PageAnswer, Request,
    RunDecoding, READY,
};
use crate::app::run::RunResult;
use gloo_timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};
use yew::Callback;

/// How the engine is reached.
#[derive(Clone, Copy)]
pub enum Engine {
    /// In a web worker (the page).
    Worker,
    /// In the page's own thread (component tests, which have no worker script), made by the
    /// function (`engine::in_page`).
    InPage(fn() -> Box<dyn InPageEngine>),
}

/// An engine in the page's thread: the answers to a request, at once.
pub trait InPageEngine {
    fn answer(&mut self, request: Request) -> Vec<PageAnswer>;
}

impl PartialEq for Engine {
    /// Only the kind matters: the page never switches engines while it runs.
    fn eq(&self, other: &Self) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }
}

/// An answer, with the stages of the run when it is a run's.
pub type Report = (PageAnswer, RunStages);

#[derive(Default)]
struct Inner {
    ready: bool,
    worker: Option<Worker>,
    on_message: Option<Closure<dyn Fn(MessageEvent)>>,
    /// Requests for the engine not yet handed over (until the worker is ready; in the page,
    /// until the next turn of the event loop). Only the newest run is kept.
    outbox: Vec<Request>,
    next_id: u64,
    /// The stages of the runs asked for and not yet answered, oldest first.
    stages: Vec<(u64, RunStages)>,
    /// The in-page engine and its turn.
    in_page: Option<Box<dyn InPageEngine>>,
    timer: Option<Timeout>,
    /// The last run cancelled (its answer, should it come, is dropped).
    cancelled: u64,
    /// The run whose answer is being read (a newer answer stops the reading of an older one).
    decoding: u64,
}

impl Inner {
    fn queue(&mut self, request: Request) {
        match &request {
            Request::Run { .. } | Request::Compare { .. } | Request::Cluster { .. } => self
                .outbox
                .retain(|r| !matches!(r, Request::Run { .. } | Request::Compare { .. } | Request::Cluster { .. })),
            Request::Lint { .. } => self.outbox.retain(|r| !matches!(r, Request::Lint { .. })),
            Request::CancelLint { id } => {
                let id = *id;
                self.outbox.retain(|r| !matches!(r, Request::Lint { id: queued, .. } if *queued == id));
            }
            _ => {}
        }
        self.outbox.push(request);
    }

    fn posted(&mut self, request: &Request) {
        if let Request::Run { id, .. } | Request::Compare { id, .. } | Request::Open { id, .. } = request {
            self.posted_run(*id);
        }
    }

    fn posted_run(&mut self, id: u64) {
        if let Some((_, s)) = self.stages.iter_mut().find(|(i, _)| *i == id) {
            s.post = perf::mark("post");
        }
    }

    /// The stages of run `id` (runs before it were cancelled or answered).
    fn take_stages(&mut self, id: u64) -> RunStages {
        let stages = self.stages.iter().find(|(i, _)| *i == id).map(|(_, s)| *s).unwrap_or_default();
        self.stages.retain(|(i, _)| *i > id);
        stages
    }
}

/// Hands requests to the engine and reports its answers.
pub struct Runner {
    engine: Engine,
    on_answer: Callback<Report>,
    on_progress: Option<Callback<(u64, f64)>>,
    inner: Rc<RefCell<Inner>>,
}

impl Runner {
    pub fn new(engine: Engine, on_answer: Callback<Report>) -> Runner {
        Runner { engine, on_answer, on_progress: None, inner: Rc::new(RefCell::new(Inner::default())) }
    }

    /// Reports the worker's progress messages to `cb`: a run's id and the fraction of its horizon
    /// simulated (the in-page engine has none: its answers come at once).
    pub fn on_progress(self, cb: Callback<(u64, f64)>) -> Runner {
        Runner { on_progress: Some(cb), ..self }
    }

    /// Asks for a run of `text` (edited at `edited`, page ms); it supersedes any earlier run.
    /// Returns its id.
    pub fn request(&mut self, text: String, edited: f64) -> u64 {
        let id = self.next_run(edited);
        self.send(Request::Run { id, text });
        id
    }

    /// Stops run `id`: the engine drops it, and its answer, should one be on its way, is not
    /// reported.
    pub fn cancel(&mut self, id: u64) {
        let mut i = self.inner.borrow_mut();
        i.cancelled = i.cancelled.max(id);
        i.outbox.retain(|r| !matches!(r, Request::Run { id: queued, .. } if *queued == id));
        if i.ready {
            post(i.worker.as_ref(), &Request::Cancel { id });
        }
    }

    /// Asks for compare mode's run B of text `a` changed as `b` says, and its comparison with
    /// `a`'s run; it supersedes any earlier run.
    pub fn compare(&mut self, a: String, b: CompareWith) {
        let id = self.next_run(perf::now());
        self.send(Request::Compare { id, a, b });
    }

    fn next_run(&mut self, edited: f64) -> u64 {
        let mut i = self.inner.borrow_mut();
        i.next_id += 1;
        let id = i.next_id;
        i.stages.push((id, RunStages { edit: edited, ..RunStages::default() }));
        id
    }

    /// Asks for a cluster run of `text` (`app::cluster`) instead of a run: it supersedes any
    /// earlier run, whose answer, should one be on its way, is not reported. Returns its id.
    pub fn cluster(&mut self, text: String) -> u64 {
        let id = {
            let mut i = self.inner.borrow_mut();
            i.cancelled = i.next_id;
            i.decoding = i.next_id + 1;
            i.next_id += 1;
            i.next_id
        };
        self.send(Request::Cluster { id, text });
        id
    }

    /// Asks for row `namespace`/`name` of cluster run `cluster` opened as a run of its own
    /// (answered like a run, with no simulation: the engine cuts it from the cluster run it keeps).
    /// Returns its id.
    pub fn open(&mut self, cluster: u64, namespace: String, name: String) -> u64 {
        let id = self.next_run(perf::now());
        self.send(Request::Open { id, cluster, namespace, name });
        id
    }

    /// Asks for a lint of the CronJobs in `text`; it supersedes any earlier lint. Returns its id.
    pub fn lint(&mut self, text: String, options: LintAsk) -> u64 {
        let id = {
            let mut i = self.inner.borrow_mut();
            i.next_id += 1;
            i.next_id
        };
        self.send(Request::Lint { id, text, options });
        id
    }

    /// Asks the engine one of the inspector's questions.
    pub fn ask(&mut self, question: Request) {
        self.send(question);
    }

    fn send(&mut self, request: Request) {
        match self.engine {
            Engine::InPage(make) => self.send_in_page(request, make),
            Engine::Worker => {
                let mut i = self.inner.borrow_mut();
                if i.worker.is_none() {
                    if let Err(why) = self.spawn(&mut i) {
                        drop(i);
                        if let Request::Run { id, .. } | Request::Compare { id, .. } | Request::Lint { id, .. } =
                            request
                        {
                            let result = RunResult {
                                error: Some(format!("cannot start the simulation worker: {why}")),
                                ..RunResult::default()
                            };
                            self.on_answer.emit((Answer::Ran { id, ms: 0.0, result }, RunStages::default()));
                        }
                        return;
                    }
                }
                if !i.ready {
                    i.queue(request);
                    return;
                }
                i.posted(&request);
                post(i.worker.as_ref(), &request);
            }
        }
    }

    /// The engine in this thread, one turn of the event loop later (as a worker's answer would come).
    fn send_in_page(&self, request: Request, make: fn() -> Box<dyn InPageEngine>) {
        let mut inner = self.inner.borrow_mut();
        inner.queue(request);
        if inner.timer.is_some() {
            return;
        }
        let (shared, cb) = (self.inner.clone(), self.on_answer.clone());
        inner.timer = Some(Timeout::new(0, move || {
            let requests = {
                let mut i = shared.borrow_mut();
                i.timer = None;
                std::mem::take(&mut i.outbox)
            };
            for request in requests {
                let answers = {
                    let mut i = shared.borrow_mut();
                    i.posted(&request);
                    let answers = i.in_page.get_or_insert_with(make).answer(request);
                    answers
                        .into_iter()
                        .map(|a| {
                            let stages = match &a {
                                Answer::Ran { id, .. } => i.take_stages(*id),
                                _ => RunStages::default(),
                            };
                            (a, stages)
                        })
                        .collect::<Vec<_>>()
                };
                let cancelled = shared.borrow().cancelled;
                for answer in answers {
                    if !matches!(answer.0, Answer::Ran { id, .. } if id == cancelled) {
                        cb.emit(answer);
                    }
                }
            }
        }));
    }

    /// Starts the worker (or takes the one index.html started) and listens to it.
    fn spawn(&self, i: &mut Inner) -> Result<(), String> {
        let (weak, cb, progress) = (Rc::downgrade(&self.inner), self.on_answer.clone(), self.on_progress.clone());
        let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |e: MessageEvent| {
            let Some(shared) = weak.upgrade() else { return };
            let data = e.data();
            if data.as_string().as_deref() == Some(READY) {
                let mut i = shared.borrow_mut();
                i.ready = true;
                for request in std::mem::take(&mut i.outbox) {
                    i.posted(&request);
                    post(i.worker.as_ref(), &request);
                }
            } else if let Some(message) = data.dyn_ref::<js_sys::Array>() {
                let recv = perf::mark("recv");
                let bytes: js_sys::Uint8Array = message.get(0).unchecked_into();
                let worker = message
                    .get(1)
                    .dyn_into::<js_sys::Float64Array>()
                    .ok()
                    .and_then(|a| match a.to_vec()[..] {
                        [start, admitted, simulated, posted] => {
                            Some(WorkerStages { start, admitted, simulated, posted })
                        }
                        _ => None,
                    })
                    .unwrap_or_default();
                let arrived = Arrived { shared, cb: cb.clone(), worker, recv };
                match start_decoding(bytes.to_vec()) {
                    Ok(Decoding::Whole(answer)) => match *answer {
                        Answer::Progress { id, fraction } => {
                            if let Some(progress) = &progress {
                                progress.emit((id, fraction));
                            }
                        }
                        answer => arrived.deliver(Ok(answer)),
                    },
                    Ok(Decoding::Run(run)) => {
                        arrived.shared.borrow_mut().decoding = run.id();
                        arrived.read(run);
                    }
                    Err(err) => arrived.deliver(Err(err)),
                }
            }
        });
        let w = engine_worker(on_message.as_ref().unchecked_ref()).map_err(|e| format!("{e:?}"))?;
        i.on_message = Some(on_message);
        i.worker = Some(w);
        Ok(())
    }
}

/// Jobs, Pods and slots of a run's trace read per task: two years of an hourly CronJob (52,000 of
/// them) arrive in seven tasks of about 8 ms each rather than one of 60 ms, and a 30-day run
/// (2,157) in one.
const RECORDS_PER_TASK: usize = 8_000;

/// An answer from the worker on its way to the page: a run's is read in tasks of
/// [`RECORDS_PER_TASK`] records with the event loop free between them (input, paint, and a newer
/// answer, which ends the reading of this one).
struct Arrived {
    shared: Rc<RefCell<Inner>>,
    cb: Callback<Report>,
    worker: WorkerStages,
    recv: f64,
}

impl Arrived {
    /// Reads a slice of `run` now and the rest in tasks of their own.
    fn read(self, mut run: Box<RunDecoding>) {
        if self.shared.borrow().decoding != run.id() {
            return;
        }
        match run.step(RECORDS_PER_TASK) {
            Ok(true) => self.deliver(Ok(run.finish())),
            Ok(false) => {
                Timeout::new(0, move || self.read(run)).forget();
            }
            Err(err) => self.deliver(Err(err)),
        }
    }

    /// Reports a decoded answer (or says where the run's result would be that a reply was garbled).
    fn deliver(self, answer: Result<PageAnswer, GarbledAnswer>) {
        let parsed = perf::mark("parsed");
        let Arrived { shared, cb, worker, recv } = self;
        match answer {
            Ok(Answer::Ran { id, .. }) if id == shared.borrow().cancelled => {}
            Ok(answer) => {
                let stages = match &answer {
                    Answer::Ran { id, .. } => {
                        RunStages { worker, recv, parsed, ..shared.borrow_mut().take_stages(*id) }
                    }
                    _ => RunStages::default(),
                };
                cb.emit((answer, stages));
            }
            Err(err) => {
                // Only a broken build garbles a reply; say so where the run's result would be.
                let id = shared.borrow().next_id;
                let result = RunResult { error: Some(format!("worker reply: {err}")), ..RunResult::default() };
                cb.emit((Answer::Ran { id, ms: 0.0, result }, RunStages::default()));
            }
        }
    }
}

fn post(worker: Option<&Worker>, request: &Request) {
    if let Some(w) = worker {
        let _ = w.post_message(&js_sys::Uint8Array::from(&encode_request(request)[..]));
    }
}

#[wasm_bindgen(inline_js = r#"
export function engineWorker(onmessage) {
  const started = globalThis.__engine;
  let worker;
  if (started) {
    globalThis.__engine = undefined;
    worker = started.worker;
    queueMicrotask(() => { for (const m of started.early) onmessage(m); });
  } else {
    worker = new Worker(new URL('playground-engine_loader.js', document.baseURI), { type: 'module', name: 'simulation' });
  }
  worker.onmessage = onmessage;
  return worker;
}
"#)]
extern "C" {
    /// The engine's worker (`playground-engine`): the one index.html started while the page's
    /// module downloaded, with the messages it sent before this call (replayed after it
    /// returns), or a new one; `onmessage` hears it from now on.
    #[wasm_bindgen(js_name = engineWorker, catch)]
    fn engine_worker(onmessage: &js_sys::Function) -> Result<Worker, JsValue>;
}
