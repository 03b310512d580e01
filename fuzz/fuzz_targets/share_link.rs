//! Fuzzes the share-link decoder (`#s=1.` fragments): base64url, raw deflate, the JSON state and
//! the size caps. The first byte picks what the rest is: a link as typed or pasted (0), the
//! state's JSON, deflated and wrapped as the page would (1), or deflated bytes, wrapped (2).
//! Nothing may panic, every refusal has a message, and an accepted state makes a link that opens
//! to the same state.
#![no_main]

use cronjob_playground::app::share::{
    base64url, decode_fragment, encode_fragment, from_base64url, link, open, ShareError, MAX_FRAGMENT,
};
use cronjob_playground::i18n::Lang;
use libfuzzer_sys::fuzz_target;

fn refused(error: &ShareError) {
    for lang in Lang::ALL {
        assert!(!error.message(lang).is_empty(), "{error:?}");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else { return };
    let text = match mode % 3 {
        0 => String::from_utf8_lossy(rest).into_owned(),
        1 => match encode_fragment(&miniz_oxide::deflate::compress_to_vec(rest, 1)) {
            Ok(fragment) => fragment,
            Err(error) => return refused(&error),
        },
        _ => format!("#s=1.{}", base64url(rest)),
    };
    if let Ok(bytes) = decode_fragment(&text) {
        assert!(text.len() <= MAX_FRAGMENT + 1);
        let payload = text.rsplit('.').next().unwrap();
        if let Ok(again) = from_base64url(payload) {
            assert_eq!(again, bytes);
        }
    }
    match open(&text) {
        Err(error) => refused(&error),
        Ok(state) => {
            let _ = state.language();
            match link("https://example.test/#old", &state) {
                Ok(made) => assert_eq!(open(&made).expect("a link made from an opened state opens"), state),
                Err(error) => refused(&error),
            }
        }
    }
});
