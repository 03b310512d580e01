//! The elements of a lane's items: a slot's glyph, a Job's bar, a cluster of either. Every item
//! carries its `data-item` (what a click selects) or `data-zoom` (a cluster), a `<title>` and a
//! hit area. `LaneItems` draws a lane's items (`items`) with them.

use super::item_attr;
use super::items::{Items, JobItem, SlotItem};
use crate::i18n::{Lang, Msg};
use crate::sim::trace::format_time;
use crate::timeline::lanes::Glyph;
use crate::timeline::ItemRef;
use yew::prelude::*;

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

/// A slot lane's items, on a lane whose top is `y` and height `h`, right of a label column
/// `label` wide: each slot's glyph; for slots too close to draw apart, a rounded box (a click
/// zooms into it) with a strip for the share skipped.
fn slot_items(l: Lang, y: f64, h: f64, label: f64, items: &[SlotItem]) -> Html {
    let cy = y + h / 2.0;
    items.iter().map(|d| match d {
        SlotItem::One { item, x, glyph, fate, at, job, explanation, selected, name, stop } => {
            let sel = if *selected { " selected" } else { "" };
            html! { <g class={format!("slot glyph-{}{sel}", glyph.name())} data-testid="slot"
                role="button" aria-label={name.clone()} tabindex={tabindex(*stop)} aria-current={selected.then_some("true")}
                data-fate={crate::timeline::lanes::fate_name(*fate)} data-glyph={glyph.name()}
                data-time={format_time(at)} data-job={job.as_deref().unwrap_or_default().to_string()} data-item={item_attr(ItemRef::Slot(*item))}>
                <title>{ format!("{} {} — {}", glyph.symbol(), format_time(at), explanation) }</title>
                <rect class="hit" x={(x - 7.0).to_string()} y={y.to_string()} width="14" height={h.to_string()} />
                { glyph_shape(*glyph, *x, cy) }
            </g> }
        }
        SlotItem::Cluster { x0, x1, count, skipped, late } => {
            let (a, b) = (label + x0 - 4.0, label + x1 + 4.0);
            let class = if *skipped > 0 { "cluster has-skipped" } else if *late > 0 { "cluster has-late" } else { "cluster" };
            html! { <g class={class} data-testid="slot-cluster" data-count={count.to_string()}
                data-skipped={skipped.to_string()} data-late={late.to_string()} data-zoom={format!("{x0}:{x1}")}>
                <title>{ l.format(Msg::SlotCluster, &[count, skipped, late]) }</title>
                <rect x={a.to_string()} y={(cy - 5.0).to_string()} width={(b - a).to_string()} height="10" rx="3" />
                if *skipped > 0 { <rect class="skipped-share" x={a.to_string()} y={(cy + 3.0).to_string()}
                    width={((b - a) * *skipped as f64 / *count as f64).to_string()} height="2" /> }
            </g> }
        }
    }).collect()
}

/// An item's `tabindex`: `0` for the timeline's one tab stop, `-1` (focusable by the arrow keys
/// only) for the others.
pub(super) fn tabindex(stop: bool) -> &'static str {
    if stop {
        "0"
    } else {
        "-1"
    }
}

/// A slot's shape: a dot on time, a diamond late, a cross skipped, a ring still to come.
fn glyph_shape(glyph: Glyph, x: f64, cy: f64) -> Html {
    let d = match glyph {
        Glyph::OnTime | Glyph::Pending => {
            let r = if glyph == Glyph::OnTime { "5" } else { "4.5" };
            return html! { <circle class="shape" cx={x.to_string()} cy={cy.to_string()} {r} /> };
        }
        Glyph::Late => format!("M{x},{} l6,6 l-6,6 l-6,-6 z", cy - 6.0),
        Glyph::Skipped => format!("M{},{} l9,9 m0,-9 l-9,9", x - 4.5, cy - 4.5),
    };
    html! { <path class="shape" {d} /> }
}

/// A row of a Job lane's items (see [`slot_items`]): each Job's bar from its creation to its
/// end, its name inside when it fits, `↶` before it when it ran late; for Jobs too close to
/// draw apart, one bar with a strip for the share that failed.
fn job_items(l: Lang, y: f64, h: f64, label: f64, items: &[JobItem]) -> Html {
    items.iter().map(|d| match d {
        JobItem::One { item, name, outcome, late, from, to, scheduled, x0, x1, selected, expanded, label: aria, stop } => {
            let (a, b) = (label + x0.max(-10.0), label + x1.min(1e6));
            let w = (b - a).max(3.0);
            let sel = if *selected { " selected" } else { "" };
            let late_class = if *late { " late" } else { "" };
            let open = if *expanded { " expanded" } else { "" };
            let text = (w > name.len() as f64 * 6.5 + 8.0).then(|| name.clone());
            html! {
                <g class={format!("job outcome-{}{late_class}{sel}{open}", outcome.name())} data-testid="job" data-job={name.clone()}
                    role="button" aria-label={aria.clone()} tabindex={tabindex(*stop)} aria-current={selected.then_some("true")}
                    aria-expanded={expanded.to_string()}
                    data-outcome={outcome.name()} data-late={late.to_string()}
                    data-from={format_time(from)} data-to={format_time(to)}
                    data-scheduled={scheduled.map(|s| format_time(&s)).unwrap_or_default()} data-item={item_attr(ItemRef::Job(*item))}>
                    <title>{ format!("{} — {}{}", name, Msg::outcome(outcome.name()).map_or(outcome.name(), |m| l.text(m)), if *late { l.text(Msg::LateRun) } else { "" }) }</title>
                    <rect x={a.to_string()} y={(y + 3.0).to_string()} width={w.to_string()} height={(h - 6.0).to_string()} rx="2" />
                    if *late { <text class="late-mark" x={(a - 2.0).to_string()} y={(y + 12.0).to_string()} text-anchor="end">{ "↶" }</text> }
                    if let Some(t) = text { <text class="job-label" x={(a + 4.0).to_string()} y={(y + 12.5).to_string()}>{ t }</text> }
                </g>
            }
        }
        JobItem::Cluster { x0, x1, count, failed } => {
            let (a, b) = (label + x0, label + x1.max(x0 + 2.0));
            html! { <g class={if *failed > 0 { "job-cluster has-failed" } else { "job-cluster" }} data-testid="job-cluster"
                data-count={count.to_string()} data-failed={failed.to_string()} data-zoom={format!("{x0}:{x1}")}>
                <title>{ l.format(Msg::JobCluster, &[count, failed]) }</title>
                <rect x={a.to_string()} y={(y + 3.0).to_string()} width={(b - a).to_string()} height={(h - 6.0).to_string()} rx="2" />
                if *failed > 0 { <rect class="failed-share" x={a.to_string()} y={(y + h - 5.0).to_string()}
                    width={((b - a) * *failed as f64 / *count as f64).max(1.0).to_string()} height="2" /> }
            </g> }
        }
    }).collect()
}
