//! The interactive SVG timeline: lanes from `timeline::rows`, only what the viewport shows
//! (`timeline::viewport` culls and aggregates in time; only the groups near the scrolled-to part
//! of the lanes are drawn, so thousands of CronJobs cost the DOM what a screenful does), one
//! delegated click handler reading `data-item`, wheel/drag/keyboard zoom and pan, and the
//! virtual clock's cursor.
//!
//! Its parts: `axis` (the time axis, outage bands, the clock's cursor), `input` (wheel, drag and
//! click), `keys` (the keyboard's one tab stop and its moves), `legend` (every glyph drawn),
//! `group` (one CronJob's rows, suspensions and markers), `rows` (one row of each kind), `pods` (a
//! pod lane's attempts), `items` (what a slot or Job lane draws, compared to skip unchanged lanes)
//! and `glyphs` (one slot, Job or cluster).

mod axis;
mod glyphs;
mod group;
mod input;
mod items;
mod keys;
mod legend;
mod pods;
mod rows;

use super::language::use_lang;
use super::state::{Model, ViewState};
use crate::app::axis_zone::clock_marks;
use crate::i18n::{Lang, Msg};
use crate::timeline::rows::{groups_between, height, rows_below, AXIS_HEIGHT, CLOCK_CHANGE_ROW};
use crate::timeline::viewport::Viewport;
use crate::timeline::ItemRef;
use group::Lanes;
use input::{use_width_and_wheel, Drag, Pointer};
use keys::{key_handler, use_roving_focus};
pub use legend::Legend;
use std::rc::Rc;
use web_sys::Element;
use yew::prelude::*;

/// Items closer than this many pixels are aggregated.
const MIN_GAP: f64 = 4.0;
/// Groups are drawn when they come within this many pixels of the scrolled-to part of the lanes.
const OVERSCAN: f64 = 900.0;
/// The scroll position the drawing follows, in steps of this many pixels (scrolling within a
/// step draws nothing new).
const SCROLL_STEP: f64 = 300.0;

#[derive(Properties, PartialEq)]
pub struct TimelineProps {
    pub state: ViewState,
    pub dispatch: UseReducerDispatcher<ViewState>,
}

/// Parses a `data-item` value into an item (`ItemRef`'s text form: `slot:3`, `suspended:0:1`).
pub fn parse_item(text: &str) -> Option<ItemRef> {
    text.parse().ok()
}

fn item_attr(item: ItemRef) -> String {
    item.to_string()
}

#[function_component(TimelineView)]
pub fn timeline_view(props: &TimelineProps) -> Html {
    let l = use_lang();
    let container = use_node_ref();
    let drag = use_mut_ref(Drag::default);

    // The run's timing record completes once its timeline is in the DOM.
    use_effect_with(props.state.model.as_ref().map(|m| m.generation), |g| {
        if let Some(g) = g {
            super::perf::rendered(*g);
        }
    });
    use_width_and_wheel(container.clone(), props.dispatch.clone());
    use_roving_focus(container.clone(), props.state.focused.or(props.state.selected));
    // The lanes' scroll position (in whole steps) and visible height: which groups are drawn. The
    // container's height is bounded by the page's layout, and the first guess covers any of it.
    let scrolled = use_state_eq(|| (0.0_f64, 4.0 * SCROLL_STEP));

    let Some(model) = props.state.model.clone() else {
        return html! { <div class="timeline-scroll" ref={container}><p class="empty">{ l.text(Msg::Simulating) }</p></div> };
    };
    let Some(timeline) = model.timeline.as_ref() else {
        return no_timeline(l, &model, container);
    };
    let (view, label) = (props.state.view, props.state.label);
    let Pointer { onmousedown, onmousemove, onmouseup, onclick } =
        Pointer::new(&drag, &props.dispatch, &container, view, label);
    let expanded = Rc::new(props.state.expanded());
    let marks = clock_marks(&model.result.schedules);
    // The clock changes' labels get a row of their own under the axis.
    let top = if marks.is_empty() { AXIS_HEIGHT } else { AXIS_HEIGHT + CLOCK_CHANGE_ROW };
    let rows = rows_below(timeline, &expanded, top);
    let onkeydown = key_handler(&props.state, expanded.clone(), &props.dispatch);
    let frame = Frame { view, label, width: label + view.width, height: height(&rows) + 4.0 };
    let (top, seen) = *scrolled;
    let onscroll = Callback::from(move |e: Event| {
        let el: Element = e.target_unchecked_into();
        let top = (f64::from(el.scroll_top()) / SCROLL_STEP).floor() * SCROLL_STEP;
        scrolled.set((top, f64::from(el.client_height())));
    });
    let lanes = Lanes {
        l,
        model: &model,
        frame: &frame,
        selected: props.state.selected,
        expanded: &expanded,
        stop: props.state.focused.or(props.state.selected),
        dated: crate::timeline::names::dated(timeline.start, timeline.end),
        cursor: props.state.cursor_time(),
    };
    html! {
        <div class="timeline-scroll" ref={container} data-generation={model.generation.to_string()} {onscroll}>
            <svg class="timeline-svg" width={frame.width.to_string()} height={frame.height.to_string()} role="group"
                aria-label={l.text(Msg::TimelineLabel)} data-testid="timeline-svg"
                {onmousedown} {onmousemove} {onmouseup} {onclick} {onkeydown}>
                <defs>
                    <pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                        <line x1="0" y1="0" x2="0" y2="6" class="hatch-line" />
                    </pattern>
                </defs>
                { axis::axis(l, &frame, &props.state.zone_name(), |at| props.state.offset(at)) }
                { axis::bands(l, timeline, &frame) }
                { axis::clock_changes(l, &frame, &marks) }
                { for groups_between(&rows, top - OVERSCAN, top + seen + SCROLL_STEP + OVERSCAN)
                    .flat_map(|(g, group_rows)| lanes.group(g, &timeline.groups[g], group_rows)) }
                { axis::cursor(&frame, props.state.cursor, props.state.cursor_time()) }
            </svg>
        </div>
    }
}

/// A run without a timeline: the error that stopped it. An error the editor lists at its line is
/// pointed at, not said twice.
fn no_timeline(l: Lang, model: &Model, container: NodeRef) -> Html {
    let why = match model.result.error_listed() {
        Some(d) => l.format(Msg::SeeEditorError, &[&d.line, &d.column]),
        None => model.result.error.clone().unwrap_or_else(|| l.text(Msg::NothingToSimulate).into()),
    };
    html! {
        <div class="timeline-scroll" ref={container} data-generation={model.generation.to_string()}>
            <p class="empty" data-testid="timeline-error">{ why }</p>
        </div>
    }
}

/// The drawing's size and the time axis it is drawn on.
struct Frame {
    view: Viewport,
    /// The label column's width, in pixels.
    label: f64,
    /// Label column plus lanes, in pixels.
    width: f64,
    /// Every row plus a margin, in pixels.
    height: f64,
}

impl Frame {
    /// The x of an instant (ms) in the drawing, label column included.
    fn x(&self, t: f64) -> f64 {
        self.label + self.view.x(t)
    }
}
