//! What the timeline draws across every lane: the time axis with its ticks on the wall clock of
//! the zone the page reads times in, the clock changes of the CronJobs' zones (a spring change's
//! skipped hour, an autumn change's repeated one) with their labels, the controller's outages as
//! bands, and the virtual clock's cursor.

use super::{item_attr, Frame};
use crate::app::axis_zone::ClockMark;
use crate::i18n::{Lang, Msg};
use crate::sim::trace::{format_time, Time};
use crate::timeline::axis::{label_px, ticks_in};
use crate::timeline::rows::AXIS_HEIGHT;
use crate::timeline::viewport::ms;
use crate::timeline::{ItemRef, Timeline};
use yew::prelude::*;

/// The time axis: a tick every ~90 pixels or more on calendar boundaries of `zone`'s wall clock
/// (`offset` seconds east of UTC at an instant), with its label, lines down through every lane.
pub(super) fn axis(l: Lang, frame: &Frame, zone: &str, offset: impl Fn(f64) -> i32) -> Html {
    let tick_list = ticks_in(&frame.view, 90.0, l, offset);
    html! {
        <g class="axis" data-testid="axis">
            <rect class="axis-bg" x={frame.label.to_string()} y="0" width={frame.view.width.to_string()} height={AXIS_HEIGHT.to_string()} />
            { for tick_list.iter().map(|t| {
                let x = frame.x(t.at);
                html! { <g data-at={t.at.to_string()}>
                    <line class="tick" x1={x.to_string()} x2={x.to_string()} y1={(AXIS_HEIGHT - 6.0).to_string()} y2={frame.height.to_string()} />
                    if let Some(label) = &t.label { <text class="tick-label" x={(x + 3.0).to_string()} y="15">{ label }</text> }
                </g> }
            }) }
            <text class="axis-zone" data-testid="axis-zone" x="8" y="16">{ zone }</text>
        </g>
    }
}

/// The clock changes: a line down through every lane at the instant, and a flag in their row
/// under the axis (clear of the tick labels) with its label (`02:00→03:00 skipped (Europe/Berlin)`), right of the line unless it would
/// run past the lanes' edge; its title says what it does to each CronJob's schedule.
pub(super) fn clock_changes(l: Lang, frame: &Frame, marks: &[ClockMark]) -> Html {
    html! {
        <g class="axis-clock-changes">
            { for marks.iter().filter_map(|m| {
                let x = frame.x(m.at);
                if x < frame.label || x > frame.width {
                    return None;
                }
                let label = m.label.render(l);
                let w = label_px(&label) + 8.0;
                let left = if x + w > frame.width { (x - w).max(frame.label) } else { x };
                let title: Vec<String> = m.notes.iter().map(|(cj, note)| format!("{cj}: {}", note.render(l))).collect();
                Some(html! {
                    <g class={if m.gap { "clock-change gap" } else { "clock-change overlap" }} data-testid="clock-change"
                        data-at={m.at.to_string()} data-gap={m.gap.to_string()}>
                        <title>{ title.join("\n") }</title>
                        <line x1={x.to_string()} x2={x.to_string()} y1="0" y2={frame.height.to_string()} />
                        <rect class="flag" x={left.to_string()} y={(AXIS_HEIGHT + 1.0).to_string()} width={w.to_string()} height="18" rx="3" />
                        <text data-testid="clock-change-label" x={(left + 4.0).to_string()} y={(AXIS_HEIGHT + 14.0).to_string()}>{ label }</text>
                    </g>
                })
            }) }
        </g>
    }
}

/// The controller outages, as bands over every lane.
pub(super) fn bands(l: Lang, timeline: &Timeline, frame: &Frame) -> Html {
    let width = frame.width;
    html! {
        <g class="bands">
            { for timeline.outages.iter().enumerate().map(|(i, o)| {
                let (x0, x1) = (frame.x(ms(o.from)).max(frame.label), frame.x(ms(o.to)).min(width));
                if x1 < frame.label || x0 > width { return html! {} }
                html! { <rect class="outage" data-testid="outage" data-item={item_attr(ItemRef::Outage(i))}
                    data-from={format_time(&o.from)} data-to={format_time(&o.to)}
                    x={x0.to_string()} y={AXIS_HEIGHT.to_string()} width={(x1 - x0).max(1.0).to_string()} height={(frame.height - AXIS_HEIGHT).to_string()}>
                    <title>{ l.format(Msg::ControllerDownBand, &[&format_time(&o.from), &format_time(&o.to)]) }</title>
                </rect> }
            }) }
        </g>
    }
}

/// The virtual clock's cursor, when it is inside the visible window.
pub(super) fn cursor(frame: &Frame, at: f64, time: Time) -> Option<Html> {
    let x = frame.x(at);
    (x >= frame.label && x <= frame.width).then(|| {
        html! {
            <g class="cursor" data-testid="cursor" data-time={format_time(&time)}>
                <line x1={x.to_string()} x2={x.to_string()} y1="0" y2={frame.height.to_string()} />
                <path d={format!("M{},0 l5,0 l-5,7 l-5,-7 z", x)} />
            </g>
        }
    })
}
