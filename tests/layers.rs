//! The layer rule of ARCHITECTURE.md, checked on the source: a module of `src/` may name
//! (`crate::…`, in `use` or in a path) only its own layer and the layers below it.
//!
//! Layers, bottom up (the table [`LAYERS`]): the ground (`go`: Go's standard library as
//! Kubernetes shows it; `i18n`: the interface's words, usable by any layer that speaks), then
//! `cron` → `api` → `controller` → `sim` → `timeline` → the application (`app`, `scenarios`) →
//! the shells (`ui`, `cli`). Modules of one layer may use each other. Comments are not code: a doc
//! comment may point anywhere.
//!
//! A top-level module missing from the table fails the test, so a new module is placed on
//! purpose. The controllers are also held to their purity: no clock, no I/O, no randomness.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// Each top-level module of `src/` with its layer; higher numbers are higher layers.
const LAYERS: &[(&str, u8)] = &[
    ("go", 0),
    ("i18n", 0),
    ("cron", 1),
    ("api", 2),
    ("controller", 3),
    ("sim", 4),
    ("timeline", 5),
    ("app", 6),
    ("scenarios", 6),
    ("ui", 7),
    ("cli", 7),
];

fn layer(module: &str) -> Option<u8> {
    LAYERS.iter().find(|(m, _)| *m == module).map(|&(_, l)| l)
}

/// The top-level module a file of `src/` belongs to (`src/sim/trace.rs` → `sim`); `None` for the
/// crate root and the binaries, which sit above everything.
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).ok()?;
    let first = rel.components().next()?.as_os_str().to_str()?;
    match first {
        "lib.rs" | "bin" => None,
        f => Some(f.trim_end_matches(".rs").to_string()),
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The file's text without comments: line comments (`//`, `///`, `//!`) and block comments.
/// String literals are kept as they are; none of the crate's spells a `crate::` path.
fn code_of(text: &str) -> String {
    let mut code = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |i| &after[i..]);
        } else if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |i| &after[i + 2..]);
        } else {
            let c = rest.chars().next().unwrap();
            code.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    code
}

/// The top-level modules a piece of code names through `crate::`: `crate::sim::Trace` names
/// `sim`; `crate::{api::Kind, cron}` names `api` and `cron`.
fn crate_paths(code: &str) -> Vec<String> {
    fn ident(s: &str) -> String {
        s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect()
    }
    let mut named = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue; // `my_crate::…` is another crate
        }
        let rest = code[at + "crate::".len()..].trim_start();
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0usize;
            let mut item_start = true;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => item_start = true,
                    c if item_start && !c.is_whitespace() => {
                        item_start = false;
                        named.push(ident(&group[i..]));
                    }
                    _ => {}
                }
            }
        } else {
            named.push(ident(rest));
        }
    }
    named.retain(|n| !n.is_empty() && n != "self");
    named
}

#[test]
fn no_module_names_a_layer_above_its_own() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    assert!(files.len() > 100, "found only {} files under {}", files.len(), src.display());

    let mut upward: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut unplaced = Vec::new();
    for file in &files {
        let Some(module) = module_of(&src, file) else { continue };
        let Some(own) = layer(&module) else {
            unplaced.push(module);
            continue;
        };
        let code = code_of(&fs::read_to_string(file).unwrap());
        for named in crate_paths(&code) {
            match layer(&named) {
                Some(theirs) if theirs > own => {
                    let shown = file.strip_prefix(&src).unwrap().display().to_string();
                    upward.entry(shown).or_default().push(named);
                }
                Some(_) => {}
                None => unplaced.push(named),
            }
        }
    }
    unplaced.sort();
    unplaced.dedup();
    assert!(unplaced.is_empty(), "modules without a layer in tests/layers.rs's LAYERS: {unplaced:?}");
    let report: Vec<String> = upward
        .iter()
        .map(|(file, named)| {
            let mut named = named.clone();
            named.dedup();
            format!("src/{file} names {}", named.join(", "))
        })
        .collect();
    assert!(report.is_empty(), "imports of a higher layer:\n{}", report.join("\n"));
}

#[test]
fn every_top_level_module_of_lib_rs_has_a_layer() {
    let lib = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    let modules: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod ").or_else(|| l.trim().strip_prefix("mod ")))
        .map(|m| m.trim_end_matches(';'))
        .collect();
    assert!(modules.contains(&"sim"), "{modules:?}");
    for m in modules {
        assert!(layer(m).is_some(), "src/lib.rs declares `{m}`, which tests/layers.rs's LAYERS does not place");
    }
}

#[test]
fn the_controllers_read_no_clock_and_do_no_io() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/controller");
    let mut files = Vec::new();
    rust_files(&dir, &mut files);
    assert!(files.len() > 20, "found only {} files under {}", files.len(), dir.display());
    let forbidden =
        ["Utc::now", "Local::now", "SystemTime", "Instant::now", "std::fs", "std::io", "std::env", "std::net"];
    let mut found = Vec::new();
    for file in &files {
        let code = code_of(&fs::read_to_string(file).unwrap());
        for f in forbidden.iter().filter(|f| code.contains(**f)) {
            found.push(format!("{} uses {f}", file.display()));
        }
    }
    assert!(
        found.is_empty(),
        "a controller decides from its input alone (`now` is a parameter):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scanner_sees_paths_groups_and_skips_comments() {
    let code = code_of(
        "use crate::{api::Kind, cron,\n  sim::{self, Trace}};\n// crate::ui::x\n/* crate::cli */ let t = \
        crate::timeline::lanes::f();\nlet o = other_crate::ui::x;",
    );
    assert_eq!(crate_paths(&code), ["api", "cron", "sim", "timeline"]);
    assert_eq!(crate_paths("use crate::{\n    self as c,\n    i18n::Lang,\n};"), ["i18n"]);
}
