//! The virtual clock's controls: play / pause, speed, step to the previous or next event, and a
//! scrubber over the horizon, the clock's time in the page's zone and the menu that picks that
//! zone. The cursor they move is what the inspector's tables show.

use super::language::use_lang;
use super::state::{Action, ViewState};
use super::zone_menu::ZoneMenu;
use crate::i18n::Msg;
use crate::sim::trace::format_time;
use crate::timeline::playback::{choices, speed_label};
use crate::timeline::viewport::time_of_ms;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ClockProps {
    pub state: ViewState,
    pub dispatch: UseReducerDispatcher<ViewState>,
}

#[function_component(Clock)]
pub fn clock(props: &ClockProps) -> Html {
    let l = use_lang();
    let s = &props.state;
    let Some((start, end)) = s.model.as_ref().and_then(|m| m.bounds()) else {
        return html! { <div class="clock" data-testid="clock" /> };
    };
    let d = props.dispatch.clone();
    let play = {
        let (d, playing) = (d.clone(), s.playing);
        Callback::from(move |_: MouseEvent| d.dispatch(Action::Play(!playing)))
    };
    let next = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::StepNext))
    };
    let prev = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::StepPrevious))
    };
    let to_start = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::Seek(start)))
    };
    let to_end = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::Seek(end)))
    };
    let scrub = {
        let d = d.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(v) = super::number(&e.target_unchecked_into::<HtmlInputElement>().value()) {
                d.dispatch(Action::Seek(start + v));
            }
        })
    };
    let speed = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            if let Some(v) = super::number(&e.target_unchecked_into::<HtmlSelectElement>().value()) {
                d.dispatch(Action::Speed(v));
            }
        })
    };
    let now = time_of_ms(s.cursor);
    html! {
        <div class="clock" data-testid="clock" role="group" aria-label={l.text(Msg::VirtualClock)}>
            <button type="button" onclick={to_start} data-testid="to-start" title={l.text(Msg::GoToStartTitle)} aria-label={l.text(Msg::GoToStart)}>{ "|◀" }</button>
            <button type="button" onclick={prev} data-testid="step-prev" title={l.text(Msg::PreviousEventTitle)} aria-label={l.text(Msg::PreviousEvent)}>{ "◀◀" }</button>
            <button type="button" class="play" onclick={play} data-testid="play" aria-pressed={s.playing.to_string()}
                title={l.text(Msg::PlayPauseTitle)} aria-label={l.text(if s.playing { Msg::Pause } else { Msg::Play })}>{ if s.playing { "⏸" } else { "▶︎" } }</button>
            <button type="button" onclick={next} data-testid="step-next" title={l.text(Msg::NextEventTitle)} aria-label={l.text(Msg::NextEvent)}>{ "▶▶" }</button>
            <button type="button" onclick={to_end} data-testid="to-end" title={l.text(Msg::GoToEndTitle)} aria-label={l.text(Msg::GoToEnd)}>{ "▶|" }</button>
            <select onchange={speed} data-testid="speed" aria-label={l.text(Msg::PlaybackSpeed)}>
                { for choices(s.speed).iter().map(|v| html! { <option value={v.to_string()} selected={*v == s.speed}>{ speed_label(l, *v) }</option> }) }
            </select>
            <input class="scrub" type="range" min="0" max={(end - start).to_string()} step="1000" value={(s.cursor - start).to_string()}
                oninput={scrub} data-testid="scrub" aria-label={l.text(Msg::ScrubClock)} />
            <output class="clock-time" data-testid="clock-time" data-time={format_time(&now)}>{ s.wall_time(s.cursor) }</output>
            <ZoneMenu state={s.clone()} dispatch={d} />
        </div>
    }
}
