//! Runs the engine for the latest text without blocking the page: in a web worker that loads the
//! page's own wasm module (found through the `modulepreload`/`preload` links Trunk writes into
//! index.html; see `worker.rs`), or in the page when the component tests ask for it. Requests coalesce — only the
//! newest text waits while a run is busy — and a run that is still busy when newer text arrives
//! after [`CANCEL_AFTER_MS`] is cancelled by terminating its worker and starting a fresh one.

use super::engine::RunResult;
use super::perf::{self, now, RunStages, WorkerStages};
use gloo_timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};
use yew::Callback;

/// A busy run older than this is abandoned when newer text arrives.
pub const CANCEL_AFTER_MS: f64 = 400.0;

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

struct Inner {
    ready: bool,
    /// The newest text not yet sent, with when it was edited.
    pending: Option<(String, f64)>,
    busy_since: Option<f64>,
    /// The stages of the run in flight so far.
    stages: RunStages,
    worker: Option<Worker>,
    on_message: Option<Closure<dyn Fn(MessageEvent)>>,
    timer: Option<Timeout>,
}

/// What a run reports: its result, the milliseconds the engine took, and its stages.
pub type Report = (RunResult, f64, RunStages);

/// Runs requests one at a time and reports each run.
pub struct Runner {
    engine: Engine,
    on_result: Callback<Report>,
    inner: Rc<RefCell<Inner>>,
}

impl Runner {
    pub fn new(engine: Engine, on_result: Callback<Report>) -> Runner {
        let inner = Inner { ready: false, pending: None, busy_since: None, stages: RunStages::default(), worker: None, on_message: None, timer: None };
        Runner { engine, on_result, inner: Rc::new(RefCell::new(inner)) }
    }

    /// Asks for a run of `text` (edited at `edited`, page ms); replaces any request not yet started.
    pub fn request(&mut self, text: String, edited: f64) {
        self.inner.borrow_mut().pending = Some((text, edited));
        match self.engine {
            Engine::InPage(run) => self.schedule_in_page(run),
            Engine::Worker => {
                let stale = self.inner.borrow().busy_since.is_some_and(|t| now() - t > CANCEL_AFTER_MS);
                if stale {
                    let mut i = self.inner.borrow_mut();
                    if let Some(w) = i.worker.take() {
                        w.terminate();
                    }
                    i.busy_since = None;
                    i.ready = false;
                }
                Self::send(&self.inner, &self.on_result);
            }
        }
    }

    fn schedule_in_page(&self, run: fn(&str) -> RunResult) {
        let mut inner = self.inner.borrow_mut();
        if inner.timer.is_some() {
            return;
        }
        let (shared, cb) = (self.inner.clone(), self.on_result.clone());
        inner.timer = Some(Timeout::new(0, move || {
            let text = {
                let mut i = shared.borrow_mut();
                i.timer = None;
                i.pending.take()
            };
            if let Some((text, edit)) = text {
                let t0 = now();
                let result = run(&text);
                cb.emit((result, now() - t0, RunStages { edit, post: t0, ..RunStages::default() }));
            }
        }));
    }

    /// Sends the pending text to the worker when it is idle (spawning it if needed).
    fn send(shared: &Rc<RefCell<Inner>>, on_result: &Callback<Report>) {
        let mut i = shared.borrow_mut();
        if i.worker.is_none() {
            match spawn() {
                Ok(w) => {
                    let (weak, cb) = (Rc::downgrade(shared), on_result.clone());
                    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |e: MessageEvent| {
                        let Some(shared) = weak.upgrade() else { return };
                        let data = e.data();
                        if data.as_string().as_deref() == Some(super::worker::READY) {
                            shared.borrow_mut().ready = true;
                        } else if let Some(message) = data.dyn_ref::<js_sys::Array>() {
                            let recv = perf::mark("recv");
                            let bytes: js_sys::Uint8Array = message.get(0).unchecked_into();
                            let worker: WorkerStages = serde_wasm_bindgen::from_value(message.get(1)).unwrap_or_default();
                            let mut stages = {
                                let mut i = shared.borrow_mut();
                                i.busy_since = None;
                                i.stages
                            };
                            stages.worker = worker;
                            stages.recv = recv;
                            #[derive(serde::Deserialize)]
                            struct Reply {
                                ms: f64,
                                result: RunResult,
                            }
                            // `from_str`, not `from_slice`: the engine already parses `&str` traces, and a
                            // second reader type would duplicate every Deserialize impl in the module.
                            let text = String::from_utf8(bytes.to_vec()).unwrap_or_default();
                            let reply = serde_json::from_str::<Reply>(&text);
                            stages.parsed = perf::mark("parsed");
                            match reply {
                                Ok(r) => cb.emit((r.result, r.ms, stages)),
                                Err(err) => cb.emit((RunResult { error: Some(format!("worker reply: {err}")), ..RunResult::default() }, 0.0, stages)),
                            }
                        }
                        Runner::send(&shared, &cb);
                    });
                    w.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
                    i.on_message = Some(on_message);
                    i.worker = Some(w);
                }
                Err(why) => {
                    i.pending = None;
                    drop(i);
                    on_result.emit((RunResult { error: Some(format!("cannot start the simulation worker: {why}")), ..RunResult::default() }, 0.0, RunStages::default()));
                }
            }
            return;
        }
        if !i.ready || i.busy_since.is_some() {
            return;
        }
        let Some((text, edit)) = i.pending.take() else { return };
        i.busy_since = Some(now());
        i.stages = RunStages { edit, post: perf::mark("post"), ..RunStages::default() };
        if let Some(w) = &i.worker {
            let _ = w.post_message(&JsValue::from_str(&text));
        }
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
