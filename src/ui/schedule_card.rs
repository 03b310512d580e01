//! The schedule cards above the timeline: each CronJob's schedule in words, the zone its times are
//! read in, the run it last would have made and its next runs relative to the virtual clock —
//! each in that zone and in the viewer's — and what the zone's clock changes do to it. The engine
//! sends the words, the zone's offsets and the clock changes (`app::schedule_card`); the runs
//! within the horizon are the trace's slots. The viewer's own zone is the browser's (`Intl`).

use super::language::use_lang;
use super::state::ViewState;
use super::viewer_zone::viewer_zone;
use crate::app::axis_zone::wall_clock;
use crate::app::schedule_card::{offset_at, ScheduleCard};
use crate::i18n::Msg;
use crate::timeline::kubectl::human_duration;
use crate::timeline::viewport::ms;
use chrono::TimeDelta;
use wasm_bindgen::prelude::*;
use yew::prelude::*;

/// The viewer's clock in the browser's words for a language (`Intl.DateTimeFormat`), made once
/// per drawing of the cards: a `Date.toLocaleString` with options builds a formatter per call, a
/// cost that thousands of runs would multiply. Through js-sys rather than a JS snippet of its
/// own: the page keeps its module count small.
struct ViewerClock(js_sys::Function);

impl ViewerClock {
    fn new(lang: &str) -> ViewerClock {
        let options = js_sys::Object::new();
        for (key, value) in [
            ("weekday", "short"),
            ("month", "short"),
            ("day", "numeric"),
            ("hour", "2-digit"),
            ("minute", "2-digit"),
            ("timeZoneName", "short"),
        ] {
            let _ = js_sys::Reflect::set(&options, &key.into(), &value.into());
        }
        let locales = js_sys::Array::of1(&lang.into());
        ViewerClock(js_sys::Intl::DateTimeFormat::new(&locales, &options).format())
    }

    /// `ms` on the viewer's clock.
    fn time(&self, ms: f64) -> String {
        let date = js_sys::Date::new(&JsValue::from_f64(ms));
        self.0.call1(&JsValue::NULL, &date).ok().and_then(|t| t.as_string()).unwrap_or_default()
    }
}

/// How many of the next runs a card lists.
const NEXT: usize = 3;
/// How many cards are drawn at most, in the input's order: a list of thousands of CronJobs would
/// otherwise be thousands of cards, nearly all off screen in the strip, drawn in one long task.
const MAX_CARDS: usize = 12;

/// `at` on the wall clock of the zone of the card's schedule in force then: `2026-03-30 02:00
/// UTC+02:00`.
fn zone_time(card: &ScheduleCard, at: f64) -> String {
    wall_clock(at, offset_at(&card.part_at(at).offsets, at), false)
}

#[derive(Properties, PartialEq)]
pub struct ScheduleCardsProps {
    pub state: ViewState,
}

#[function_component(ScheduleCards)]
pub fn schedule_cards(props: &ScheduleCardsProps) -> Html {
    let l = use_lang();
    let Some(model) = props.state.model.as_ref() else { return Html::default() };
    let cards = &model.result.schedules;
    if cards.is_empty() {
        return Html::default();
    }
    let slots = model.result.trace.as_ref().map_or(&[][..], |t| &t.slots[..]);
    let cursor = props.state.cursor;
    let zone = viewer_zone();
    let clock = ViewerClock::new(l.code());
    html! {
        <section class="schedule-cards" aria-label={l.text(Msg::ScheduleCards)} data-testid="schedule-cards">
            { for cards.iter().take(MAX_CARDS).map(|card| {
                let mut runs: Vec<f64> =
                    slots.iter().filter(|s| *s.cron_job == *card.cron_job).map(|s| ms(s.scheduled_time)).collect();
                let in_horizon = runs.len();
                let last_slot = runs.last().copied().unwrap_or(f64::NEG_INFINITY);
                runs.extend(card.after.iter().filter(|at| **at > last_slot));
                let next_at = runs.partition_point(|at| *at <= cursor);
                let last = next_at.checked_sub(1).map(|i| runs[i]);
                let run = |at: f64, i: usize| {
                    let ahead = at > cursor;
                    let gap = TimeDelta::milliseconds((at - cursor).abs() as i64);
                    let relative = l.format(if ahead { Msg::ScheduleIn } else { Msg::ScheduleAgo }, &[&human_duration(gap)]);
                    html! {
                        <li data-at={at.to_string()}>
                            <span class="zone-time" data-testid="zone-time">{ zone_time(card, at) }</span>
                            <span class="viewer-time" data-testid="viewer-time">{ clock.time(at) }</span>
                            <span class="relative">{ relative }</span>
                            if i >= in_horizon { <span class="after">{ l.text(Msg::ScheduleAfterHorizon) }</span> }
                        </li>
                    }
                };
                // The schedule in force at the clock, and each patch that changed it.
                let part = card.part_at(cursor);
                let history = card.parts.windows(2).map(|w| {
                    let now = std::ptr::eq(&w[1], part);
                    html! {
                        <li data-at={w[1].from.to_string()} aria-current={now.then_some("true")}>
                            { l.format(Msg::ScheduleChangedAt, &[&props.state.wall_time(w[1].from), &w[0].schedule, &w[1].schedule]) }
                        </li>
                    }
                });
                html! {
                    <article class="schedule-card" data-testid="schedule-card" data-cronjob={card.cron_job.clone()} data-schedule={part.schedule.clone()}>
                        <h3><span class="name">{ &card.cron_job }</span><code data-testid="schedule-text">{ &part.schedule }</code></h3>
                        <p class="schedule-words" data-testid="schedule-words">{ part.words.render(l) }</p>
                        if card.changed() {
                            <ul class="schedule-history" data-testid="schedule-history">{ for history }</ul>
                        }
                        <p class="hint" data-testid="schedule-zone">{ l.format(Msg::ScheduleZone, &[&part.zone, &zone]) }</p>
                        <h4>{ l.text(Msg::ScheduleLast) }</h4>
                        <ul class="runs" data-testid="schedule-last">
                            { match last { Some(at) => run(at, next_at - 1), None => html! { <li>{ l.text(Msg::ScheduleNone) }</li> } } }
                        </ul>
                        <h4>{ l.text(Msg::ScheduleNext) }</h4>
                        <ol class="runs" data-testid="schedule-next">
                            { for runs.iter().enumerate().skip(next_at).take(NEXT).map(|(i, at)| run(*at, i)) }
                        </ol>
                        if card.parts.iter().any(|p| !p.changes.is_empty()) {
                            <ul class="clock-changes" data-testid="schedule-changes">
                                { for card.parts.iter().flat_map(|p| &p.changes).map(|c| html! {
                                    <li data-at={c.at.to_string()} data-gap={c.gap.to_string()}>{ c.note.render(l) }</li>
                                }) }
                            </ul>
                        }
                    </article>
                }
            }) }
            if cards.len() > MAX_CARDS {
                <p class="hint" data-testid="schedule-cards-shown">{ l.format(Msg::WorkloadsShown, &[&MAX_CARDS, &cards.len()]) }</p>
            }
        </section>
    }
}
