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

// The shapes of docs/contracts.md, for TypeScript users of the package (`wasm-pack build js`).
// wasm-bindgen copies this text into the generated `.d.ts`; the functions below name these types
// through `unchecked_param_type` / `unchecked_return_type` instead of `any`.
#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** An instant: RFC 3339 in UTC, e.g. `2025-01-15T10:00:00Z` (fractions of a second when not whole). */
export type Instant = string;

/** A Simulation document (`apiVersion: playground.cronjob.dev/v1alpha1`, `kind: Simulation`) or its `spec`. */
export type SimulationInput = { apiVersion?: string; kind?: "Simulation"; metadata?: object; spec: SimulationSpec } | SimulationSpec;

/** The Simulation document's `spec` (docs/contracts.md §4). Unknown fields are refused. */
export interface SimulationSpec {
  /** `"1.28"`, or a patch release `"1.26.0"`; default: the newest modelled. */
  kubernetesVersion?: string;
  /** Feature gates switched from the release's defaults, e.g. `{ SidecarContainers: true }`. */
  featureGates?: Record<string, boolean>;
  /** Default: the earliest `creationTimestamp`, else now. */
  start?: Instant;
  /** Exclusive with `duration`. */
  end?: Instant;
  /** `24h`, `90m`, `7d`; exclusive with `end`. */
  duration?: string;
  /** kube-controller-manager's local zone (IANA name); default `UTC`. */
  controllerTimeZone?: string;
  /** How containers behave (the first matching rule wins); default: run 10 s, exit 0. */
  pods?: object[];
  /** Things that happen to the cluster at virtual times: patches, deletions, outages. */
  events?: object[];
  /** `none` leaves the syncs out of the trace (long horizons). */
  trace?: { syncs?: "all" | "none" };
  kubelet?: { retryTiming?: "backOffExpiry" | "podWorker" };
}

/** The trace of a run (docs/contracts.md §4): `JSON.stringify` of it is what `simulate -o json` prints. */
export interface Trace {
  kubernetesVersion: string;
  /** Present only when the run honours a feature gate or patch release in part or not at all. */
  notices?: string[];
  start: Instant;
  end: Instant;
  events: TraceEvent[];
  jobs: TraceJob[];
  pods: TracePod[];
  syncs: TraceSync[];
  slots: TraceSlot[];
  cronJobs: { name: string; status: Record<string, unknown> }[];
}

export interface TraceEvent {
  time: Instant;
  object: { kind: string; name: string };
  type: "Normal" | "Warning";
  reason: string;
  message: string;
  source: "cronjob-controller" | "job-controller" | "kubelet" | "kubectl";
}

export interface TraceJob {
  name: string;
  /** The owning CronJob; `null` for a Job of its own. */
  cronJob: string | null;
  scheduledTime: Instant | null;
  createdAt: Instant;
  finishedAt: Instant | null;
  condition: "Complete" | "Failed" | null;
  /** The terminal condition's reason (`BackoffLimitExceeded`, `DeadlineExceeded`, …). */
  reason: string | null;
  deletedAt: Instant | null;
  deletedBy: "history-limit" | "ttl" | "replace" | "user" | null;
}

export interface TracePod {
  name: string;
  job: string;
  createdAt: Instant;
  startedAt: Instant | null;
  finishedAt: Instant | null;
  phase: "Pending" | "Running" | "Succeeded" | "Failed";
  restarts: { at: Instant; afterBackoffSeconds: number }[];
  exitCodes: number[];
  deletedAt: Instant | null;
  deletedBecause: string | null;
  /** Present only when an init container ran: native sidecars, and regular init containers the Simulation describes. */
  initContainers?: TraceInitContainer[];
}

export interface TraceInitContainer {
  name: string;
  /** `restartPolicy: Always`, honoured by the release and its gates. */
  sidecar: boolean;
  startedAt: Instant | null;
  /** When the next container could start (a sidecar running or its startup probe passed; a regular one exited 0). */
  initializedAt: Instant | null;
  restarts: { at: Instant; afterBackoffSeconds: number }[];
  exitCodes: number[];
  /** When the kubelet began stopping a sidecar because the app containers were done. */
  stoppingAt: Instant | null;
  finishedAt: Instant | null;
}

export interface TraceSync {
  controller: "cronjob" | "job" | "ttl" | "kubelet";
  at: Instant;
  object: string;
  trigger: string;
  decision: { code: string; explanation: string };
  requeueAfterSeconds: number | null;
}

/** What became of a nominal schedule time — the answer to "why didn't my CronJob run?". */
export type SlotFate =
  | "ran-on-time" | "ran-late" | "skipped-forbid" | "missed-deadline" | "superseded" | "suspended"
  | "controller-down" | "not-found-by-search" | "too-many-missed" | "create-failed" | "pending";

export interface TraceSlot {
  cronJob: string;
  scheduledTime: Instant;
  fate: SlotFate;
  job: string | null;
  explanation: string;
}

/** `validate`'s answer (docs/contracts.md §2). */
export interface ValidationReport {
  objects: {
    apiVersion: string;
    kind: string;
    name: string;
    valid: boolean;
    /** Exactly what the API server answers; `null` when valid. */
    message: string | null;
    errors: { field: string; type: string; detail: string; text: string; line: number; column: number }[];
    warnings: string[];
    defaulted: Record<string, unknown> | null;
    line: number;
    column: number;
  }[];
  parseErrors: { message: string; line: number; column: number }[];
}

/** `next`'s request (docs/contracts.md §1). */
export interface NextRequest {
  schedule: string;
  timeZone?: string | null;
  localZone?: string | null;
  after?: Instant | null;
  count?: number | null;
}

/** `next`'s answer: `times` in `localZone`, `null` where robfig/cron finds no time within five years. */
export interface NextResponse {
  ok: boolean;
  times?: (string | null)[];
  description?: string;
  notes?: string[];
  parsedSchedule?: string;
  scheduleZone?: string;
  error?: string;
}

/** How far a `SimulationRun` is. */
export interface StepResult {
  now: Instant;
  fraction: number;
  done: boolean;
}
"#;

/// The optional `simulation` argument: a Simulation document or its `spec`, or nothing.
fn simulation_arg(simulation: JsValue) -> Result<Option<serde_json::Value>, JsValue> {
    if simulation.is_undefined() || simulation.is_null() {
        return Ok(None);
    }
    serde_wasm_bindgen::from_value(simulation).map(Some).map_err(error)
}

/// Runs manifests on the virtual clock; returns the trace (throws an `Error` with the reason).
#[wasm_bindgen(unchecked_return_type = "Trace")]
pub fn simulate(
    manifest: &str,
    #[wasm_bindgen(unchecked_param_type = "SimulationInput | null")] simulation: JsValue,
) -> Result<JsValue, JsValue> {
    let trace = run_to_end(manifest, simulation_arg(simulation)?).map_err(error)?;
    to_js(&trace)
}

/// The trace as the CLI's JSON text (for saving or diffing without a round trip).
#[wasm_bindgen(js_name = simulateJson)]
pub fn simulate_json(
    manifest: &str,
    #[wasm_bindgen(unchecked_param_type = "SimulationInput | null")] simulation: JsValue,
) -> Result<String, JsValue> {
    let trace = run_to_end(manifest, simulation_arg(simulation)?).map_err(error)?;
    serde_json::to_string(&trace).map_err(error)
}

/// Defaults and validates manifests as the API server of `kubernetesVersion` (default: newest).
#[wasm_bindgen(unchecked_return_type = "ValidationReport")]
pub fn validate(manifest: &str, kubernetes_version: Option<String>) -> Result<JsValue, JsValue> {
    let version = match kubernetes_version {
        Some(v) => v.parse::<KubernetesVersion>().map_err(error)?,
        None => KubernetesVersion::default(),
    };
    to_js(&validate_manifest(manifest, None, version))
}

/// The next run times of a schedule (`{schedule, timeZone, localZone, after, count}`).
#[wasm_bindgen(unchecked_return_type = "NextResponse")]
pub fn next(#[wasm_bindgen(unchecked_param_type = "NextRequest")] request: JsValue) -> Result<JsValue, JsValue> {
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
    pub fn new(
        manifest: &str,
        #[wasm_bindgen(unchecked_param_type = "SimulationInput | null")] simulation: JsValue,
    ) -> Result<SimulationRun, JsValue> {
        Ok(SimulationRun { run: Some(Run::new(manifest, simulation_arg(simulation)?).map_err(error)?) })
    }

    /// Runs at most `max_steps` more steps; returns `{now, fraction, done}`.
    #[wasm_bindgen(unchecked_return_type = "StepResult")]
    pub fn step(&mut self, max_steps: u32) -> Result<JsValue, JsValue> {
        let run = self.run.as_mut().ok_or_else(|| error("the run is finished"))?;
        let p = run.step(u64::from(max_steps)).map_err(error)?;
        to_js(&StepResult { now: format_time(&p.now), fraction: p.fraction, done: p.done })
    }

    /// The trace (of the whole horizon once `step` said `done`). The run cannot be stepped after.
    #[wasm_bindgen(unchecked_return_type = "Trace")]
    pub fn finish(&mut self) -> Result<JsValue, JsValue> {
        let run = self.run.take().ok_or_else(|| error("the run is finished"))?;
        to_js(&run.finish())
    }
}
