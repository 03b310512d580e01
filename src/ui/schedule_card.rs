//! The schedule cards above the timeline: each CronJob's schedule in words, the zone its times are
//! read in, the run it last would have made and its next runs relative to the virtual clock —
//! each in that zone and in the viewer's — and what the zone's clock changes do to it. The engine
//! sends the words, the zone's offsets and the clock changes (`app::schedule_card`); the runs
//! within the horizon are the trace's slots. The viewer's own zone is the browser's (`Intl`).

use super::language::use_lang;
use super::state::ViewState;
use crate::app::schedule_card::ScheduleCard;
use crate::i18n::Msg;
use crate::timeline::kubectl::human_duration;
use crate::timeline::viewport::{ms, time_of_ms};
use chrono::{Datelike, TimeDelta, Timelike};
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

/// The browser's zone (`Europe/Berlin`), or `UTC` when it names none.
fn viewer_zone() -> String {
    let format = js_sys::Intl::DateTimeFormat::new(&js_sys::Array::new(), &js_sys::Object::new());
    js_sys::Reflect::get(&format.resolved_options(), &"timeZone".into())
        .ok()
        .and_then(|zone| zone.as_string())
        .filter(|zone| !zone.is_empty())
        .unwrap_or_else(|| "UTC".to_owned())
}

/// How many of the next runs a card lists.
const NEXT: usize = 3;
/// How many cards are drawn at most, in the input's order: a list of thousands of CronJobs would
/// otherwise be thousands of cards, nearly all off screen in the strip, drawn in one long task.
const MAX_CARDS: usize = 12;

/// `at` on the wall clock of the card's zone: `2026-03-30 02:00 UTC+02:00`.
fn zone_time(card: &ScheduleCard, at: f64) -> String {
    let i = card.offsets.partition_point(|(from, _)| *from <= at);
    let offset = card.offsets.get(i.saturating_sub(1)).map_or(0, |(_, o)| *o);
    let t = time_of_ms(at + f64::from(offset) * 1000.0);
    let (sign, abs) = if offset < 0 { ('-', -offset) } else { ('+', offset) };
    format!(
        "{}-{:02}-{:02} {:02}:{:02} UTC{sign}{:02}:{:02}",
        t.year(),
        t.month(),
        t.day(),
        t.hour(),
        t.minute(),
        abs / 3600,
        abs / 60 % 60
    )
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
                html! {
                    <article class="schedule-card" data-testid="schedule-card" data-cronjob={card.cron_job.clone()}>
                        <h3><span class="name">{ &card.cron_job }</span><code>{ &card.schedule }</code></h3>
                        <p class="schedule-words" data-testid="schedule-words">{ card.words.render(l) }</p>
                        <p class="hint" data-testid="schedule-zone">{ l.format(Msg::ScheduleZone, &[&card.zone, &zone]) }</p>
                        <h4>{ l.text(Msg::ScheduleLast) }</h4>
                        <ul class="runs" data-testid="schedule-last">
                            { match last { Some(at) => run(at, next_at - 1), None => html! { <li>{ l.text(Msg::ScheduleNone) }</li> } } }
                        </ul>
                        <h4>{ l.text(Msg::ScheduleNext) }</h4>
                        <ol class="runs" data-testid="schedule-next">
                            { for runs.iter().enumerate().skip(next_at).take(NEXT).map(|(i, at)| run(*at, i)) }
                        </ol>
                        if !card.changes.is_empty() {
                            <ul class="clock-changes" data-testid="schedule-changes">
                                { for card.changes.iter().map(|c| html! {
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
