//! `cronjob-playground share`: a link made with `--lang` opens (`--open`) to the same text with
//! the language, and a link without it holds text only, as links made before `lang` existed.

use std::process::Command;

fn share(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_cronjob-playground")).arg("share").args(args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().trim_end().to_owned()
}

#[test]
fn a_link_carries_the_language_it_was_made_with() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/forbid-catch-up/scenario.yaml");
    let text = std::fs::read_to_string(file).unwrap();
    let link = share(&[file, "--lang", "ko", "--base", "https://example.test/play/"]);
    assert!(link.starts_with("https://example.test/play/#s=1."), "{link}");
    let state: serde_json::Value = serde_json::from_str(&share(&["--open", &link])).unwrap();
    assert_eq!(state, serde_json::json!({ "text": text, "lang": "ko" }));
    let plain: serde_json::Value = serde_json::from_str(&share(&["--open", &share(&[file])])).unwrap();
    assert_eq!(plain, serde_json::json!({ "text": text }));
    let refused =
        Command::new(env!("CARGO_BIN_EXE_cronjob-playground")).args(["share", file, "--lang", "fr"]).output().unwrap();
    assert!(!refused.status.success());
}
