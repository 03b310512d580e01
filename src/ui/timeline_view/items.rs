//! What a slot lane or a row of a Job lane draws, as plain values: a lane whose items are
//! unchanged (a keystroke that changes nothing drawn, or nothing but names the clusters do not
//! show) compares equal and is not rendered again.

use crate::sim::trace::{Name, SlotFate, SlotWhy, Time};
use crate::timeline::lanes::{Glyph, JobOutcome};
use std::rc::Rc;

/// One thing drawn on a slot lane, with everything its elements show.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum SlotItem {
    One {
        item: usize,
        x: f64,
        glyph: Glyph,
        fate: SlotFate,
        at: Time,
        job: Option<Name>,
        explanation: SlotWhy,
        selected: bool,
        /// Its accessible name (`timeline::names`).
        name: String,
        /// Whether it is the timeline's tab stop.
        stop: bool,
    },
    Cluster {
        x0: f64,
        x1: f64,
        count: usize,
        skipped: usize,
        late: usize,
    },
}

/// One thing drawn on a row of a job lane (see [`SlotItem`]).
#[derive(Clone, Debug, PartialEq)]
pub(super) enum JobItem {
    One {
        item: usize,
        name: String,
        outcome: JobOutcome,
        late: bool,
        from: Time,
        to: Time,
        scheduled: Option<Time>,
        x0: f64,
        x1: f64,
        selected: bool,
        expanded: bool,
        /// Its accessible name (`timeline::names`).
        label: String,
        /// Whether it is the timeline's tab stop.
        stop: bool,
    },
    Cluster {
        x0: f64,
        x1: f64,
        count: usize,
        failed: usize,
    },
}

/// What a lane draws: its slots, or one row of its Jobs.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Items {
    Slots(Rc<Vec<SlotItem>>),
    Jobs(Rc<Vec<JobItem>>),
}
