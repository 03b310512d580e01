//! Any text through the whole `validate` path (parse, decode, default, validate, report) for
//! the oldest and newest release, as a create and as an update of itself: it must answer
//! without panicking, and promptly (libFuzzer's `-timeout` catches hangs).
#![no_main]

use cronjob_playground::api::{validate_manifest, KubernetesVersion};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for version in [KubernetesVersion::OLDEST, KubernetesVersion::NEWEST] {
        let report = validate_manifest(&text, None, version);
        let _ = serde_json::to_string(&report);
        validate_manifest(&text, Some(&text), version);
    }
});
