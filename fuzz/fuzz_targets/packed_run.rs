//! Fuzzes the page protocol's packed decoder (`app::packed`, the bytes a run's answer
//! carries from the engine's worker to the page; the envelope around it is wasm-only and JSON).
//! Arbitrary bytes must unpack or give an error, never panic or reserve memory they do not
//! hold; whatever unpacks must pack to bytes that unpack to the same bytes again.
#![no_main]

use cronjob_playground::app::packed::{pack, unpack, Reader};
use cronjob_playground::sim::trace::Trace;
use libfuzzer_sys::fuzz_target;

thread_local! {
    /// An empty trace to unpack into (its header fields are not part of the packed bytes).
    static EMPTY: Trace = serde_json::from_value(serde_json::json!({
        "kubernetesVersion": "1.35", "start": "2025-01-15T10:00:00Z", "end": "2025-01-16T10:00:00Z",
        "events": [], "jobs": [], "pods": [], "syncs": [], "slots": [], "cronJobs": []
    }))
    .unwrap();
}

fn empty() -> Trace {
    EMPTY.with(Trace::clone)
}

fuzz_target!(|data: &[u8]| {
    let mut trace = empty();
    let mut reader = Reader::new(data);
    if let Err(error) = unpack(&mut reader, &mut trace) {
        assert!(error.at <= data.len(), "{error}");
        assert!(!error.to_string().is_empty());
        return;
    }
    let mut packed = Vec::new();
    pack(&trace, &mut packed);
    let mut back = empty();
    let mut reader = Reader::new(&packed);
    unpack(&mut reader, &mut back).expect("packed bytes unpack");
    assert!(reader.is_empty());
    let mut repacked = Vec::new();
    pack(&back, &mut repacked);
    assert_eq!(repacked, packed);
});
