//! The application: what every face of the playground (the page, its worker, the CLI, the JS API)
//! does with a run, above the timeline and below the shells. Plain Rust, tested natively.
//!
//! - [`run`]: the page's one *text → run* entry: the text read once, its diagnostics, the run.
//! - [`protocol`], [`session`], [`engine`]: what the page and its engine say to each other, the
//!   run the engine keeps for the inspector's questions, and the engine's answers (the worker in
//!   `ui` steps the same parts in slices).
//! - [`lint`], [`finding_text`]: per-CronJob risks found by probing simulations (the lint view,
//!   the `lint` command), and their findings as data rendered in each language.
//! - [`notices`]: the quiet notices about the text (objects left out, Jobs whose CronJob is not in
//!   it, what reading it did quietly, pod behaviour read from the command), in every language;
//!   `said`: a text put into words in every language (`protocol::Said`), below the protocol;
//!   [`dialect_notes`]: a schedule written for another cron (Quartz, EventBridge, Jenkins,
//!   crontab) and where crontab.guru reads a valid one differently.
//! - [`compare`]: a second run of the same text under another release, policy or snapshot, and
//!   what differs (compare mode).
//! - [`share`]: the page's state in a link's fragment (format, caps, damaged-link messages).
//! - [`packed`], [`packed_scenario`]: the trace's Jobs, Pods and slots, the Simulation document and
//!   the cluster record as bytes for the page (its worker's answer).
//! - [`schedule_card`]: each CronJob's schedule in words, its zone's offsets and clock changes,
//!   and its runs after the horizon (the page's schedule card).
//! - [`axis_zone`]: the zone the page reads instants in (UTC, a CronJob's, the viewer's) and the
//!   clock changes the axis marks.
//! - [`snapshot`]: the objects at an instant as a `kubectl get -o yaml` List (the YAML export).
//! - [`document`]: the form controls' edits of the `Simulation` document inside the text.
//! - `js_api` (wasm32, feature `js-api`): the JS API's exports (`docs/contracts.md` §7).

pub mod axis_zone;
pub mod cluster;
pub mod compare;
pub mod dialect_notes;
pub mod document;
pub mod engine;
pub mod finding_text;
#[cfg(all(target_arch = "wasm32", feature = "js-api"))]
pub mod js_api;
pub mod lint;
pub mod notices;
pub mod packed;
pub mod packed_scenario;
pub mod protocol;
pub mod run;
mod said;
pub mod schedule_card;
pub mod session;
pub mod share;
pub mod snapshot;
