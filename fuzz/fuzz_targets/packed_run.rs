//! Fuzzes the page protocol's packed decoder (`app::packed`, the bytes a run's answer
//! carries from the engine's worker to the page; the envelope around it is bincode, `app::protocol`).
//! Arbitrary bytes must unpack or give an error, never panic or reserve memory they do not
//! hold; whatever unpacks must pack to bytes that unpack to the same bytes again.
#![no_main]

use cronjob_playground::app::packed::{pack, unpack, Reader};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut reader = Reader::new(data);
    let trace = match unpack(&mut reader) {
        Ok(trace) => trace,
        Err(error) => {
            assert!(error.at <= data.len(), "{error}");
            assert!(!error.to_string().is_empty());
            return;
        }
    };
    let mut packed = Vec::new();
    pack(&trace, &mut packed);
    let mut reader = Reader::new(&packed);
    let back = unpack(&mut reader).expect("packed bytes unpack");
    assert!(reader.is_empty());
    let mut repacked = Vec::new();
    pack(&back, &mut repacked);
    assert_eq!(repacked, packed);
});
