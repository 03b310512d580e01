//! The JS API (`docs/contracts.md` §7), compiled for wasm32 only: `simulate`,
//! `validate` and `next` take and return the same JSON shapes as the CLI, as plain JS objects
//! (serde-wasm-bindgen's JSON-compatible serializer: maps as objects, `null` for absent values),
//! so `JSON.stringify(simulate(m, s))` is byte for byte what `cronjob-playground simulate -o json`
//! prints. `SimulationRun` is the bounded, cancellable form for a Web Worker: step it in slices,
//! report `fraction`, stop (and `free()`) when the page cancels.
//!
//! ```js
//! const run = new SimulationRun(manifest, { duration: "30d" });
//! let p;
//! do { p = run.step(20000); postMessage({ progress: p.fraction }); } while (!p.done && !cancelled);
//! const trace = p.done ? run.finish() : (run.free(), null);
//! ```

use crate::api::{validate_manifest, KubernetesVersion};
use crate::cron::{answer_next, NextRequest};
use crate::sim::{simulate as run_to_end, trace::format_time, Run};
use serde::Serialize;
use wasm_bindgen::prelude::*;

fn error(message: impl std::fmt::Display) -> JsValue {
    JsError::new(&message.to_string()).into()
}

/// A value as a plain JS object, the way `JSON.parse` of the CLI's JSON would give it.
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(error)
}

/// The optional `simulation` argument: a Simulation document or its `spec`, or nothing.
fn simulation_arg(simulation: JsValue) -> Result<Option<serde_json::Value>, JsValue> {
    if simulation.is_undefined() || simulation.is_null() {
        return Ok(None);
    }
    serde_wasm_bindgen::from_value(simulation).map(Some).map_err(error)
}

/// Runs manifests on the virtual clock; returns the trace (throws an `Error` with the reason).
#[wasm_bindgen]
pub fn simulate(manifest: &str, simulation: JsValue) -> Result<JsValue, JsValue> {
    let trace = run_to_end(manifest, simulation_arg(simulation)?).map_err(error)?;
    to_js(&trace)
}

/// The trace as the CLI's JSON text (for saving or diffing without a round trip).
#[wasm_bindgen(js_name = simulateJson)]
pub fn simulate_json(manifest: &str, simulation: JsValue) -> Result<String, JsValue> {
    let trace = run_to_end(manifest, simulation_arg(simulation)?).map_err(error)?;
    serde_json::to_string(&trace).map_err(error)
}

/// Defaults and validates manifests as the API server of `kubernetesVersion` (default: newest).
#[wasm_bindgen]
pub fn validate(manifest: &str, kubernetes_version: Option<String>) -> Result<JsValue, JsValue> {
    let version = match kubernetes_version {
        Some(v) => v.parse::<KubernetesVersion>().map_err(error)?,
        None => KubernetesVersion::default(),
    };
    to_js(&validate_manifest(manifest, None, version))
}

/// The next run times of a schedule (`{schedule, timeZone, localZone, after, count}`).
#[wasm_bindgen]
pub fn next(request: JsValue) -> Result<JsValue, JsValue> {
    let request: NextRequest = serde_wasm_bindgen::from_value(request).map_err(error)?;
    to_js(&answer_next(request, chrono::Utc::now()))
}

/// How far a [`SimulationRun`] is.
#[derive(Serialize)]
struct StepResult {
    now: String,
    fraction: f64,
    done: bool,
}

/// A simulation stepped in slices (for a Web Worker that reports progress and can cancel).
#[wasm_bindgen]
pub struct SimulationRun {
    run: Option<Run>,
}

#[wasm_bindgen]
impl SimulationRun {
    /// Reads the input and sets up the world (throws on bad input or a too-large horizon).
    #[wasm_bindgen(constructor)]
    pub fn new(manifest: &str, simulation: JsValue) -> Result<SimulationRun, JsValue> {
        Ok(SimulationRun { run: Some(Run::new(manifest, simulation_arg(simulation)?).map_err(error)?) })
    }

    /// Runs at most `max_steps` more steps; returns `{now, fraction, done}`.
    pub fn step(&mut self, max_steps: u32) -> Result<JsValue, JsValue> {
        let run = self.run.as_mut().ok_or_else(|| error("the run is finished"))?;
        let p = run.step(u64::from(max_steps)).map_err(error)?;
        to_js(&StepResult { now: format_time(&p.now), fraction: p.fraction, done: p.done })
    }

    /// The trace (of the whole horizon once `step` said `done`). The run cannot be stepped after.
    pub fn finish(&mut self) -> Result<JsValue, JsValue> {
        let run = self.run.take().ok_or_else(|| error("the run is finished"))?;
        to_js(&run.finish())
    }
}
