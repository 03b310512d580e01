//! Turns a simulation trace into lanes, bars and markers with explanations; shared by the page
//! and the CLI's `--output timeline`. Plain Rust, tested natively: the page only draws what this
//! layer computes.
//!
//! - [`axis`]: the time axis's ticks on calendar boundaries and their labels.
//! - [`lanes`]: the trace (and the scenario) as per-CronJob slot, job and pod lanes, bands, markers.
//! - [`playback`]: the virtual clock's speeds, and the one each horizon opens with.
//! - [`viewport`]: time ↔ pixels, zoom and pan, culling and aggregation of what is visible.
//! - [`explain`]: the inspector's facts and the controller's reasons for any item.
//! - [`explain_text`]: those facts and reasons as data, rendered in the reader's language.
//! - [`legend`]: the kinds of glyph a run's timeline draws.
//! - [`nav`]: the keyboard's walk along and across lanes; [`names`]: each item's accessible
//!   name, from the data the inspector explains.
//! - [`kubectl`]: `kubectl get`/`describe`-style tables and log lines at an instant.
//! - [`rows`], [`index`]: the lanes in drawing order, and an index of what they hold;
//!   [`overlap`]: overlapping bars on separate rows (Jobs in a lane, Pods under a Job).
//! - [`order`]: the one stable sort these lists and the page's share.

pub mod axis;
pub mod explain;
pub mod explain_text;
pub mod index;
pub mod item;
pub mod kubectl;
pub mod lanes;
pub mod legend;
pub mod names;
pub mod nav;
pub mod order;
pub mod overlap;
pub mod playback;
pub mod pod_lanes;
pub mod rows;
pub mod viewport;

#[cfg(test)]
pub(crate) mod fixture;

pub use item::{ItemRef, UnknownItem};
pub use lanes::{Glyph, Timeline};
