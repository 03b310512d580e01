//! The legend: one entry for each kind of glyph the run's timeline can put on screen
//! (`timeline::legend`), each drawn with the timeline's own shapes and classes.

use super::super::language::use_lang;
use super::super::state::ViewState;
use crate::i18n::Msg;
use crate::timeline::legend::{keys, Key};
use crate::timeline::Glyph;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct LegendProps {
    pub state: ViewState,
}

/// The words for a key.
fn words(key: Key) -> Msg {
    match key {
        Key::Slot(Glyph::OnTime) => Msg::LegendOnTime,
        Key::Slot(Glyph::Late) => Msg::LegendLate,
        Key::Slot(Glyph::Skipped) => Msg::LegendSkipped,
        Key::Slot(Glyph::Pending) => Msg::LegendPending,
        Key::Cluster => Msg::LegendCluster,
        Key::Job => Msg::LegendJob,
        Key::FailedJob => Msg::LegendFailedJob,
        Key::LateJob => Msg::LegendLateMark,
        Key::PodPending => Msg::LegendPodPending,
        Key::PodRunning => Msg::LegendPodRunning,
        Key::ExitNonZero => Msg::LegendExitNonZero,
        Key::KubeletBackOff => Msg::LegendBackOff,
        Key::JobBackOff => Msg::LegendJobBackOff,
        Key::PodEnd => Msg::LegendPodEnd,
        Key::Marker => Msg::LegendMarker,
        Key::ControllerDown => Msg::LegendControllerDown,
        Key::Suspended => Msg::LegendSuspended,
        Key::Cursor => Msg::LegendCursor,
    }
}

/// A key's sample, 18 × 14 px, with the timeline's classes.
fn sample(key: Key) -> Html {
    match key {
        Key::Slot(Glyph::OnTime) => {
            html! { <g class="slot glyph-on-time"><circle class="shape" cx="9" cy="7" r="5" /></g> }
        }
        Key::Slot(Glyph::Late) => {
            html! { <g class="slot glyph-late"><path class="shape" d="M9,1 l6,6 l-6,6 l-6,-6 z" /></g> }
        }
        Key::Slot(Glyph::Skipped) => {
            html! { <g class="slot glyph-skipped"><path class="shape" d="M4.5,2.5 l9,9 m0,-9 l-9,9" /></g> }
        }
        Key::Slot(Glyph::Pending) => {
            html! { <g class="slot glyph-pending"><circle class="shape" cx="9" cy="7" r="4.5" /></g> }
        }
        Key::Cluster => html! { <g class="cluster"><rect x="1" y="2" width="16" height="10" rx="3" /></g> },
        Key::Job => html! { <g class="job"><rect x="1" y="2" width="16" height="10" rx="2" /></g> },
        Key::FailedJob => {
            html! { <g class="job outcome-failed"><rect x="1" y="2" width="16" height="10" rx="2" /></g> }
        }
        Key::LateJob => html! { <text class="late-mark" x="9" y="12" text-anchor="middle">{ "↶" }</text> },
        Key::PodPending => html! { <rect class="seg pending" x="1" y="2" width="16" height="10" /> },
        Key::PodRunning => html! { <rect class="seg running" x="1" y="2" width="16" height="10" /> },
        Key::ExitNonZero => html! { <rect class="seg running exit-nonzero" x="1" y="2" width="16" height="10" /> },
        Key::KubeletBackOff => html! { <line class="backoff" x1="0" x2="18" y1="7" y2="7" /> },
        Key::JobBackOff => html! { <line class="recreate" x1="0" x2="18" y1="7" y2="7" /> },
        Key::PodEnd => html! { <path class="end-mark" d="M6,4 l6,6 m0,-6 l-6,6" /> },
        Key::Marker => {
            html! { <g class="marker"><line x1="4" x2="4" y1="1" y2="14" /><path d="M4,1 l9,4 l-9,4 z" /></g> }
        }
        Key::ControllerDown => html! { <rect class="outage" x="1" y="1" width="16" height="12" /> },
        Key::Suspended => html! { <rect class="suspended" x="1" y="1" width="16" height="12" /> },
        Key::Cursor => {
            html! { <g class="cursor"><line x1="9" x2="9" y1="0" y2="14" /><path d="M9,0 l5,0 l-5,7 l-5,-7 z" /></g> }
        }
    }
}

/// The legend of the run's timeline (every glyph when no run is drawn yet).
#[function_component(Legend)]
pub fn legend(props: &LegendProps) -> Html {
    let l = use_lang();
    let model = props.state.model.clone();
    let shown = use_memo(model.as_ref().map(|m| m.generation), move |_| {
        model.as_ref().and_then(|m| m.timeline.as_ref()).map(keys).unwrap_or_default()
    });
    html! {
        <ul class="legend" aria-label={l.text(Msg::Legend)} data-testid="legend">
            { for shown.iter().map(|&key| html! {
                <li data-legend={key.name()}>
                    <svg class="legend-sample" width="18" height="14" aria-hidden="true">{ sample(key) }</svg>
                    { l.text(words(key)) }
                </li>
            }) }
        </ul>
    }
}
