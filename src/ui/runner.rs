//! The page's end of its protocol with the engine (`protocol.rs`): runs the engine for the latest
//! text without blocking the page — in a web worker that loads the page's own wasm module (found
//! through the `modulepreload`/`preload` links Trunk writes into index.html; see `worker.rs`), or
//! in the page when the component tests ask for it — and carries the inspector's questions.
//! A keystroke's text goes to the worker at once, even while a run is going: the worker drops the
//! older run at its next slice, so runs never queue and no debounce delays an idle engine.

use super::engine::RunResult;
use super::perf::{self, RunStages, WorkerStages};
use super::protocol::{decode, Answer, PageAnswer, Request};
use super::session::Session;
use crate::timeline::lint::{lint, LintOptions};
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
    /// In the page's own thread (component tests, which have no worker script).
    InPage(fn(&str) -> RunResult),
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
    /// The in-page engine's session and its turn.
    session: Session,
    timer: Option<Timeout>,
}

impl Inner {
    fn queue(&mut self, request: Request) {
        match &request {
            Request::Run { .. } => self.outbox.retain(|r| !matches!(r, Request::Run { .. })),
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
        if let Request::Run { id, .. } = request {
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
    inner: Rc<RefCell<Inner>>,
}

impl Runner {
    pub fn new(engine: Engine, on_answer: Callback<Report>) -> Runner {
        Runner { engine, on_answer, inner: Rc::new(RefCell::new(Inner::default())) }
    }

    /// Asks for a run of `text` (edited at `edited`, page ms); it supersedes any earlier run.
    pub fn request(&mut self, text: String, edited: f64) {
        let id = {
            let mut i = self.inner.borrow_mut();
            i.next_id += 1;
            let id = i.next_id;
            i.stages.push((id, RunStages { edit: edited, ..RunStages::default() }));
            id
        };
        self.send(Request::Run { id, text });
    }

    /// Asks for a lint of the CronJobs in `text`; it supersedes any earlier lint. Returns its id.
    pub fn lint(&mut self, text: String, options: LintOptions) -> u64 {
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
            Engine::InPage(run) => self.send_in_page(request, run),
            Engine::Worker => {
                let mut i = self.inner.borrow_mut();
                if i.worker.is_none() {
                    if let Err(why) = self.spawn(&mut i) {
                        drop(i);
                        if let Request::Run { id, .. } | Request::Lint { id, .. } = request {
                            let result = RunResult { error: Some(format!("cannot start the simulation worker: {why}")), ..RunResult::default() };
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
    fn send_in_page(&self, request: Request, run: fn(&str) -> RunResult) {
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
                let answer = {
                    let mut i = shared.borrow_mut();
                    match request {
                        Request::Run { id, text } => {
                            i.posted_run(id);
                            let t0 = perf::now();
                            let result = run(&text);
                            let ms = perf::now() - t0;
                            let result = i.session.keep(id, result);
                            Some((Answer::Ran { id, ms, result }, i.take_stages(id)))
                        }
                        Request::Lint { id, text, options } => {
                            let outcome = lint(&text, &options);
                            let (done, total) = outcome.as_ref().map_or((0, 0), |r| (r.cron_jobs.len(), r.cron_jobs.len()));
                            Some((Answer::Linted { id, done, total, outcome: Some(outcome) }, RunStages::default()))
                        }
                        Request::CancelLint { .. } => None,
                        question => i.session.answer(&question).map(|a| (a, RunStages::default())),
                    }
                };
                if let Some(answer) = answer {
                    cb.emit(answer);
                }
            }
        }));
    }

    /// Starts the worker and listens to it.
    fn spawn(&self, i: &mut Inner) -> Result<(), String> {
        let w = spawn()?;
        let (weak, cb) = (Rc::downgrade(&self.inner), self.on_answer.clone());
        let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |e: MessageEvent| {
            let Some(shared) = weak.upgrade() else { return };
            let data = e.data();
            if data.as_string().as_deref() == Some(super::worker::READY) {
                let mut i = shared.borrow_mut();
                i.ready = true;
                for request in std::mem::take(&mut i.outbox) {
                    i.posted(&request);
                    post(i.worker.as_ref(), &request);
                }
            } else if let Some(message) = data.dyn_ref::<js_sys::Array>() {
                let recv = perf::mark("recv");
                let bytes: js_sys::Uint8Array = message.get(0).unchecked_into();
                let answer = decode(&bytes.to_vec());
                let parsed = perf::mark("parsed");
                match answer {
                    Ok(answer) => {
                        let stages = match &answer {
                            Answer::Ran { id, .. } => {
                                let w: Vec<f64> = message.get(1).dyn_into::<js_sys::Float64Array>().map(|a| a.to_vec()).unwrap_or_default();
                                let worker = match w[..] {
                                    [start, admitted, simulated, posted] => WorkerStages { start, admitted, simulated, posted },
                                    _ => WorkerStages::default(),
                                };
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
        });
        w.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        i.on_message = Some(on_message);
        i.worker = Some(w);
        Ok(())
    }
}

fn post(worker: Option<&Worker>, request: &Request) {
    if let (Some(w), Ok(json)) = (worker, serde_json::to_string(request)) {
        let _ = w.post_message(&JsValue::from_str(&json));
    }
}

/// Starts a module worker that imports the page's wasm-bindgen glue and initialises the same wasm
/// (whose `main` then becomes the worker, see `src/bin/playground-web.rs`).
fn spawn() -> Result<Worker, String> {
    let document = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let href = |selector: &str| -> Result<String, String> {
        let el = document.query_selector(selector).ok().flatten().ok_or_else(|| format!("no {selector} in the page"))?;
        let raw = el.get_attribute("href").ok_or("a link without href")?;
        web_sys::Url::new_with_base(&raw, &document.url().map_err(|_| "no page URL")?).map(|u| u.href()).map_err(|_| format!("bad URL {raw}"))
    };
    let glue = href("link[rel=modulepreload]")?;
    let wasm = href("link[rel=preload][as=fetch]")?;
    let script = format!("import init from {glue:?};\nawait init({{ module_or_path: {wasm:?} }});\n");
    let parts = js_sys::Array::of1(&JsValue::from_str(&script));
    let bag = web_sys::BlobPropertyBag::new();
    bag.set_type("text/javascript");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &bag).map_err(|_| "cannot make the worker script")?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|_| "cannot make the worker URL")?;
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    options.set_name("simulation");
    Worker::new_with_options(&url, &options).map_err(|e| format!("{e:?}"))
}
