//! What the timeline draws across every lane: the time axis with its ticks, the controller's
//! outages as bands, and the virtual clock's cursor.

use super::{item_attr, Frame};
use crate::i18n::{Lang, Msg};
use crate::sim::trace::{format_time, Time};
use crate::timeline::axis::ticks;
use crate::timeline::rows::AXIS_HEIGHT;
use crate::timeline::viewport::ms;
use crate::timeline::{ItemRef, Timeline};
use yew::prelude::*;

/// The time axis: a tick every ~90 pixels or more on calendar boundaries, with its label, lines
/// down through every lane.
pub(super) fn axis(l: Lang, frame: &Frame) -> Html {
    let tick_list = ticks(&frame.view, 90.0, l);
    html! {
        <g class="axis" data-testid="axis">
            <rect class="axis-bg" x={frame.label.to_string()} y="0" width={frame.view.width.to_string()} height={AXIS_HEIGHT.to_string()} />
            { for tick_list.iter().map(|t| {
                let x = frame.x(t.at);
                html! { <g>
                    <line class="tick" x1={x.to_string()} x2={x.to_string()} y1={(AXIS_HEIGHT - 6.0).to_string()} y2={frame.height.to_string()} />
                    if let Some(label) = &t.label { <text class="tick-label" x={(x + 3.0).to_string()} y="15">{ label }</text> }
                </g> }
            }) }
            <text class="axis-zone" x="8" y="16">{ "UTC" }</text>
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
