//! The simulation's web worker: the page's own wasm module, loaded again in a module worker (see
//! `runner.rs`), receives the editor's text, runs the engine, and posts the result back as JSON,
//! so the page never blocks while a long horizon simulates. It says `ready` once it listens.

use super::engine::run_staged;
use super::perf::{epoch_now, WorkerStages};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// Starts answering the page's messages.
pub fn start() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply = scope.clone();
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |e: MessageEvent| {
        let Some(text) = e.data().as_string() else { return };
        let now = || reply.performance().map_or(0.0, |p| p.now());
        let t0 = now();
        let mut stages = WorkerStages { start: epoch_now(), ..WorkerStages::default() };
        let result = run_staged(&text, || stages.admitted = epoch_now());
        stages.simulated = epoch_now();
        let ms = now() - t0;
        // Straight to text (not through a `serde_json::Value` tree): the trace can be megabytes.
        #[derive(serde::Serialize)]
        struct Reply<'a> {
            ms: f64,
            result: &'a super::engine::RunResult,
        }
        let json = serde_json::to_vec(&Reply { ms, result: &result }).unwrap_or_default();
        let bytes = js_sys::Uint8Array::from(json.as_slice());
        stages.posted = epoch_now();
        let message = js_sys::Array::of2(&bytes, &serde_wasm_bindgen::to_value(&stages).unwrap_or_default());
        let _ = reply.post_message_with_transfer(&message, &js_sys::Array::of1(&bytes.buffer()));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget(); // lives as long as the worker
    let _ = scope.post_message(&JsValue::from_str(READY));
}

/// The worker's first message.
pub const READY: &str = "ready";
