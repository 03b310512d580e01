//! Any text through the whole `validate` path (parse, decode, default, validate, report) for one
//! modelled release, as a create or as an update of itself: it must answer without panicking,
//! and promptly (libFuzzer's `-timeout` catches hangs).
//!
//! The input's length picks the release (1.13 … 1.37) and create or update, so each input runs
//! the path once — a quarter of the cost of running it for two releases both ways — while the
//! mutations, which change lengths all the time, still reach every release in both modes. The
//! seeds keep their text intact (nothing is taken from the input's bytes to choose).
#![no_main]

use cronjob_playground::api::{validate_manifest, KubernetesVersion};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let releases: Vec<_> = KubernetesVersion::all_newest_first().collect();
    let version = releases[data.len() % releases.len()];
    if data.len() / releases.len() % 2 == 0 {
        let report = validate_manifest(&text, None, version);
        let _ = serde_json::to_string(&report);
    } else {
        validate_manifest(&text, Some(&text), version);
    }
});
