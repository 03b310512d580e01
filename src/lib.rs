//! CronJob Playground: what Kubernetes would do with a CronJob or Job manifest, on a virtual clock.
//!
//! The crate is layered; each layer depends only on the layers listed before it (ARCHITECTURE.md
//! draws the map; `tests/layers.rs` checks it):
//!
//! 0. The ground: [`go`] — Go's standard library as Kubernetes' behaviour shows it (the tz
//!    database, `time`, `strconv`); [`i18n`] — the interface's words in English, Japanese and
//!    Korean.
//! 1. [`cron`] — robfig/cron v3 compatible schedule parsing, next times and descriptions.
//! 2. [`api`] — Kubernetes objects, YAML/JSON loading with positions, defaulting, validation.
//! 3. [`controller`] — the CronJob, Job, TTL and kubelet decisions as pure functions.
//! 4. [`sim`] — the virtual-clock runtime that drives the controllers and records a trace.
//! 5. [`timeline`] — turns a trace into lanes, bars and markers for the page and the CLI.
//! 6. [`app`] — what every face does with a run: the page's text → run entry, its protocol and
//!    session, lint, compare, share links, the page's packed
//!    answer, exports, form edits, the JS API; [`scenarios`] — the built-in teaching scenarios
//!    with their notes in three languages.
//! 7. `ui` (wasm32 only) and `cli` (native only) — thin shells over the layers above.
//!
//! Everything but `ui` builds and tests natively with `cargo test`.

pub mod api;
pub mod app;
pub mod controller;
pub mod cron;
pub mod go;
pub mod i18n;
pub mod scenarios;
pub mod sim;
pub mod timeline;

#[cfg(not(target_arch = "wasm32"))]
pub mod cli;

#[cfg(target_arch = "wasm32")]
pub mod ui;
