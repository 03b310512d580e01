//! Where a keystroke's time goes: each re-simulation is timed stage by stage — the edit, the post
//! to the worker, the worker's own stages, the reply's arrival, its decoding, the model, the render
//! — with `performance.mark`/`measure` (so DevTools shows them) and one record per drawn run in
//! `globalThis.__cronjobPlaygroundTimings` (so the perf test can print the breakdown).
//! Stage times are milliseconds on the page's clock; the worker's, taken on its own clock, arrive
//! as epoch milliseconds and are moved onto the page's through the two `timeOrigin`s.

use std::cell::RefCell;
use wasm_bindgen::JsValue;

/// The global the records are pushed to.
const GLOBAL: &str = "__cronjobPlaygroundTimings";
/// Records kept (a long session does not grow the page).
const KEEP: u32 = 200;

/// The worker's stages of one run, in epoch milliseconds (`timeOrigin + now()` in the worker).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WorkerStages {
    /// The request arrived.
    pub start: f64,
    /// The manifests were admitted (parse, defaulting, validation).
    pub admitted: f64,
    /// The simulation reached the end of its horizon.
    pub simulated: f64,
    /// The reply was encoded and is being posted.
    pub posted: f64,
}

/// One run's stages on the page's clock (0 = not reached).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RunStages {
    pub edit: f64,
    pub post: f64,
    pub worker: WorkerStages,
    pub recv: f64,
    pub parsed: f64,
    pub model: f64,
}

thread_local! {
    /// The run being decoded and drawn (set on arrival, completed by the render).
    static CURRENT: RefCell<Option<(u64, RunStages)>> = const { RefCell::new(None) };
}

thread_local! {
    /// This thread's `performance` (looked up once: the page and its worker ask it often).
    static PERFORMANCE: Option<web_sys::Performance> = {
        let global = js_sys::global();
        js_sys::Reflect::get(&global, &JsValue::from_str("performance")).ok().and_then(|p| wasm_bindgen::JsCast::dyn_into(p).ok())
    };
}

fn performance() -> Option<web_sys::Performance> {
    PERFORMANCE.with(Clone::clone)
}

/// Milliseconds on this thread's clock.
pub fn now() -> f64 {
    performance().map_or(0.0, |p| p.now())
}

/// Epoch milliseconds (comparable across the page and its worker).
pub fn epoch_now() -> f64 {
    performance().map_or(0.0, |p| p.time_origin() + p.now())
}

/// A DevTools mark named `cronjob:<name>`; returns the time.
pub fn mark(name: &str) -> f64 {
    if let Some(p) = performance() {
        let _ = p.mark(&format!("cronjob:{name}"));
        p.now()
    } else {
        0.0
    }
}

/// Keeps `stages` of run `generation` until its render completes it.
pub fn arrived(generation: u64, stages: RunStages) {
    CURRENT.with(|c| *c.borrow_mut() = Some((generation, stages)));
}

/// Completes run `generation` (the timeline has rendered it): publishes its record.
pub fn rendered(generation: u64) {
    let Some((g, s)) = CURRENT.with(|c| c.borrow_mut().take_if(|(g, _)| *g == generation)) else { return };
    let rendered = mark("rendered");
    let Some(p) = performance() else { return };
    let origin = p.time_origin();
    let on_page = |epoch: f64| if epoch > 0.0 { epoch - origin } else { 0.0 };
    let stages = [
        ("edit", s.edit),
        ("post", s.post),
        ("workerStart", on_page(s.worker.start)),
        ("admitted", on_page(s.worker.admitted)),
        ("simulated", on_page(s.worker.simulated)),
        ("workerPosted", on_page(s.worker.posted)),
        ("recv", s.recv),
        ("parsed", s.parsed),
        ("model", s.model),
        ("rendered", rendered),
    ];
    let record = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&record, &"generation".into(), &JsValue::from_f64(g as f64));
    for (name, t) in stages {
        let _ = js_sys::Reflect::set(&record, &name.into(), &JsValue::from_f64(t));
    }
    let global = js_sys::global();
    let list = js_sys::Reflect::get(&global, &GLOBAL.into()).ok().filter(|v| v.is_object()).unwrap_or_else(|| {
        let list: JsValue = js_sys::Array::new().into();
        let _ = js_sys::Reflect::set(&global, &GLOBAL.into(), &list);
        list
    });
    let list: js_sys::Array = wasm_bindgen::JsCast::unchecked_into(list);
    list.push(&record);
    if list.length() > KEEP {
        list.shift();
    }
}
