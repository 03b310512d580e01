//! The JS API in headless Chromium (wasm32 only; `cargo test --target wasm32-unknown-unknown
//! --tests`): `JSON.stringify` of what `simulate` returns is byte-identical to the CLI's
//! `simulate --output json` (the golden traces `tests/sim_golden.rs` checks the CLI against), and
//! `SimulationRun` steps in slices to the same trace.

#![cfg(target_arch = "wasm32")]

use cronjob_playground::app::js_api::{simulate, simulate_json, validate, SimulationRun};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const SCENARIOS: [(&str, &str, &str); 6] = [
    (
        "seed002_retroactive_delete",
        include_str!("data/sim/seed002_retroactive_delete.yaml"),
        include_str!("data/sim/golden/seed002_retroactive_delete.json"),
    ),
    (
        "hand01_schedule_edit",
        include_str!("data/sim/hand01_schedule_edit.yaml"),
        include_str!("data/sim/golden/hand01_schedule_edit.json"),
    ),
    (
        "job_backoff_on_failure",
        include_str!("data/sim/job_backoff_on_failure.yaml"),
        include_str!("data/sim/golden/job_backoff_on_failure.json"),
    ),
    (
        "job_backoff_legacy",
        include_str!("data/sim/job_backoff_legacy.yaml"),
        include_str!("data/sim/golden/job_backoff_legacy.json"),
    ),
    (
        "replace_and_history",
        include_str!("../scenarios/replace/scenario.yaml"),
        include_str!("data/sim/golden/replace_and_history.json"),
    ),
    (
        "ttl_vs_history",
        include_str!("../scenarios/history-limits-vs-ttl/scenario.yaml"),
        include_str!("data/sim/golden/ttl_vs_history.json"),
    ),
];

fn stringify(value: &JsValue) -> String {
    js_sys::JSON::stringify(value).unwrap().as_string().unwrap()
}

#[wasm_bindgen_test]
fn simulate_objects_stringify_to_the_clis_json() {
    for (name, manifest, golden) in SCENARIOS {
        let trace = simulate(manifest, JsValue::UNDEFINED).unwrap();
        assert!(stringify(&trace) == golden.trim_end(), "{name}: JSON.stringify(simulate(...)) differs from the CLI");
        assert!(simulate_json(manifest, JsValue::NULL).unwrap() == golden.trim_end(), "{name}: simulateJson differs");
    }
}

#[wasm_bindgen_test]
fn a_stepped_run_reports_progress_and_ends_with_the_same_trace() {
    let (_, manifest, golden) = SCENARIOS[4];
    let mut run = SimulationRun::new(manifest, JsValue::UNDEFINED).unwrap();
    let mut fractions = Vec::new();
    loop {
        let p = run.step(20).unwrap();
        let fraction = js_sys::Reflect::get(&p, &"fraction".into()).unwrap().as_f64().unwrap();
        fractions.push(fraction);
        if js_sys::Reflect::get(&p, &"done".into()).unwrap().as_bool().unwrap() {
            break;
        }
    }
    assert!(fractions.len() > 2 && fractions.windows(2).all(|w| w[0] <= w[1]), "{fractions:?}");
    assert_eq!(stringify(&run.finish().unwrap()), golden.trim_end());
    assert!(run.step(1).is_err(), "a finished run cannot be stepped");
}

#[wasm_bindgen_test]
fn bad_input_throws_an_error_with_the_reason_and_validate_answers_like_the_cli() {
    // The API server's refusal, at the first error's line and column, as the CLI prints it.
    let bad = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: x}\nspec: {schedule: \"61 * * * *\"}\n";
    let err = simulate(bad, JsValue::UNDEFINED).unwrap_err();
    let message = js_sys::Reflect::get(&err, &"message".into()).unwrap().as_string().unwrap();
    assert!(
        message.starts_with(
            "4:18: CronJob.batch \"x\" is invalid: [spec.schedule: Invalid value: \"61 * * * *\": \
            end of range (61) above maximum (59): 61, "
        ),
        "{message}"
    );
    // Other kinds are left out, not refused: a ConfigMap alone simulates nothing.
    let trace = simulate("kind: ConfigMap\napiVersion: v1\nmetadata: {name: x}\n", JsValue::UNDEFINED).unwrap();
    let cron_jobs = js_sys::Reflect::get(&trace, &"cronJobs".into()).unwrap();
    assert_eq!(js_sys::Array::from(&cron_jobs).length(), 0);
    let report = validate(
        "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: x}\nspec: {schedule: '61 * * * *'}\n",
        Some("1.28".into()),
    )
    .unwrap();
    let objects = js_sys::Reflect::get(&report, &"objects".into()).unwrap();
    let first = js_sys::Reflect::get(&objects, &0.into()).unwrap();
    assert_eq!(js_sys::Reflect::get(&first, &"valid".into()).unwrap().as_bool(), Some(false));
}

#[path = "generated/mod.rs"]
mod generated;

/// Every built-in scenario and the generated runs: `JSON.stringify(simulate(...))` has the
/// fingerprint `tests/sim_golden.rs` proves the CLI's answer has (an input the engine refuses
/// answers as the CLI's `{"error": ...}` line does), and so has `simulateJson` (checked on every
/// scenario and every tenth generated run: the two share their serializer). The test yields
/// between runs so that the runner's polls of the page are answered.
#[wasm_bindgen_test]
async fn every_scenario_and_generated_run_gives_the_clis_bytes() {
    let golden = include_str!("data/sim/golden/fingerprints.txt");
    let inputs = generated::inputs();
    assert_eq!(inputs.len(), golden.lines().count());
    for (i, ((name, text), want)) in inputs.iter().zip(golden.lines()).enumerate() {
        let answer = match simulate(text, JsValue::UNDEFINED) {
            Ok(trace) => stringify(&trace),
            Err(error) => {
                let message = js_sys::Reflect::get(&error, &"message".into()).unwrap().as_string().unwrap();
                serde_json::json!({ "error": message }).to_string()
            }
        };
        assert_eq!(
            format!("{name} {}", generated::fingerprint(answer.as_bytes())),
            want,
            "{name}: the browser's bytes differ from the CLI's"
        );
        if !name.starts_with("generated-") || i % 10 == 0 {
            if let Ok(json) = simulate_json(text, JsValue::NULL) {
                assert!(json == answer, "{name}: simulateJson differs from JSON.stringify(simulate(...))");
            }
        }
        gloo_timers::future::TimeoutFuture::new(0).await;
    }
}
