//! The page builds its DOM only from elements and text (Yew's `html!`, `textContent`,
//! `setAttribute`): no source of the page — the Rust of `src/` with its inline JavaScript, the
//! scripts of `www/` and `index.html` — uses an API that parses a string as HTML, so no text from
//! the editor or a share link can become markup. `e2e/security.test.mjs` checks the same in the
//! browser with hostile input.

#![cfg(not(target_arch = "wasm32"))]

use std::path::{Path, PathBuf};

/// The APIs that turn a string into markup or code.
const SINKS: [&str; 12] = [
    "innerHTML",
    "outerHTML",
    "insertAdjacentHTML",
    "document.write",
    "createContextualFragment",
    "DOMParser",
    "srcdoc",
    "set_inner_html",
    "set_outer_html",
    "from_html_unchecked",
    "new Function(",
    "eval(",
];

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| ["rs", "js", "mjs", "html"].contains(&e.to_str().unwrap())) {
            out.push(path);
        }
    }
}

#[test]
fn no_page_source_parses_text_as_html() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = vec![root.join("index.html")];
    files(&root.join("src"), &mut all);
    files(&root.join("www"), &mut all);
    assert!(all.len() > 50, "{} files", all.len());
    let mut found = Vec::new();
    for path in &all {
        let text = std::fs::read_to_string(path).unwrap();
        for (n, line) in text.lines().enumerate() {
            for sink in SINKS.iter().filter(|s| line.contains(*s)) {
                found.push(format!("{}:{}: {sink}", path.strip_prefix(root).unwrap().display(), n + 1));
            }
        }
    }
    assert!(found.is_empty(), "HTML or code from strings in the page's sources:\n{}", found.join("\n"));
}
