//! Fuzzes the `Simulation` document decoder: arbitrary JSON, and arbitrary YAML through the
//! manifest loader, into `Simulation::from_value`. It must answer without panicking; a document
//! it accepts must give a horizon (or an error saying why not), and must read back as itself
//! from its own JSON, so that what the page shows and shares is what it ran.
#![no_main]

use cronjob_playground::api::load::load_manifest;
use cronjob_playground::sim::scenario::{Simulation, KIND};
use libfuzzer_sys::fuzz_target;

/// 2025-01-15T10:00:00Z, a default start for documents without one.
const DEFAULT_START: i64 = 1_736_935_200;

fn check(value: serde_json::Value) {
    match Simulation::from_value(value) {
        Err(error) => assert!(!error.to_string().is_empty()),
        Ok(sim) => {
            let start = chrono::DateTime::from_timestamp(DEFAULT_START, 0).unwrap();
            if let Err(error) = sim.horizon(start) {
                assert!(!error.to_string().is_empty());
            }
            let _ = sim.pod_rule("job-1", Some("cron"));
            let json = serde_json::to_value(&sim).expect("an accepted Simulation serializes");
            let again =
                Simulation::from_value(json.clone()).unwrap_or_else(|e| panic!("{json}: does not read back: {e}"));
            assert_eq!(again, sim, "{json}: reads back as something else");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(value) = serde_json::from_slice::<serde_json::Value>(data) {
        check(value);
    }
    let text = String::from_utf8_lossy(data);
    let loaded = load_manifest(&text);
    for raw in loaded.objects.iter().filter(|o| o.kind == KIND).take(4) {
        check(raw.json());
    }
});
