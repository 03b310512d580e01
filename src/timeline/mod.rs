//! Turns a simulation trace into lanes, bars and markers with explanations; shared by the page
//! and the CLI's `--output timeline`. Plain Rust, tested natively: the page only draws what this
//! layer computes.
//!
//! - [`lanes`]: the trace (and the scenario) as per-CronJob slot, job and pod lanes, bands, markers.
//! - [`viewport`]: time ↔ pixels, zoom and pan, culling and aggregation of what is visible.
//! - [`explain`]: the inspector's facts and the controller's reasons for any item.
//! - [`explain_text`]: those facts and reasons as data, rendered in the reader's language.
//! - [`kubectl`]: `kubectl get`/`describe`-style tables and log lines at an instant.
//! - [`compare`]: two runs on one axis and what differs (compare mode).
//! - [`lint`]: per-CronJob risks found by probing simulations (the lint view, `lint` command).
//! - [`snapshot`]: the objects at an instant as a `kubectl get -o yaml` List (the YAML export).
//! - [`packed`]: the trace's Jobs, Pods and slots as bytes for the page (its worker's answer).
//! - [`share`]: the page's state in a link's fragment (format, caps, damaged-link messages).

pub mod compare;
pub mod document;
pub mod explain;
pub mod explain_text;
pub mod finding_text;
pub mod index;
pub mod kubectl;
pub mod lanes;
pub mod lint;
pub mod packed;
pub mod rows;
pub mod share;
pub mod snapshot;
pub mod viewport;

#[cfg(test)]
mod fixture;

pub use lanes::{Glyph, ItemRef, Timeline};
