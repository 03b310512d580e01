//! What a slot lane or a row of a Job lane draws, as plain values: a lane whose items are
//! unchanged (a keystroke that changes nothing drawn, or nothing but names the clusters do not
//! show) compares equal and is not rendered again.

use super::glyphs::{job_items, slot_items};
use crate::i18n::Lang;
use crate::sim::trace::{Name, SlotFate, SlotWhy, Time};
use crate::timeline::lanes::{Glyph, JobOutcome};
use std::rc::Rc;
use yew::prelude::*;

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

#[derive(Properties, PartialEq)]
pub(super) struct LaneItemsProps {
    pub l: Lang,
    /// The lane's top and height.
    pub y: f64,
    pub h: f64,
    /// The label column's width.
    pub label: f64,
    pub items: Items,
}

/// A lane's items (one component for both kinds: each kind of component adds code to the page).
#[function_component(LaneItems)]
pub(super) fn lane_items(props: &LaneItemsProps) -> Html {
    match &props.items {
        Items::Slots(items) => slot_items(props.l, props.y, props.h, props.label, items),
        Items::Jobs(items) => job_items(props.l, props.y, props.h, props.label, items),
    }
}
