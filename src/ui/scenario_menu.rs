//! The built-in scenarios on the page: a header menu that opens one (grouped into the seed
//! documents' stories and the common pitfalls, titled in the page's language) and the notes
//! panel that says what to look at and why Kubernetes does it. Opening a scenario never loses the
//! user's own text: it asks first, and keeps that text to come back to.

use super::language::use_lang;
use crate::i18n::Msg;
use crate::scenarios::{Scenario, Source, LIBRARY};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// `localStorage` key of the user's own text, kept when a scenario replaced it.
pub const OWN_TEXT_KEY: &str = "cronjob-playground.manifest.own";
/// `localStorage` key of the scenario whose notes are open.
pub const SCENARIO_KEY: &str = "cronjob-playground.scenario";

/// Whether `text` is the user's own (not, byte for byte, one of the library's manifests).
pub fn is_own_text(text: &str) -> bool {
    !text.trim().is_empty() && LIBRARY.iter().all(|s| s.manifest != text)
}

#[derive(Properties, PartialEq)]
pub struct ScenarioMenuProps {
    /// Called with the chosen scenario's id.
    pub on_open: Callback<&'static str>,
}

#[function_component(ScenarioMenu)]
pub fn scenario_menu(props: &ScenarioMenuProps) -> Html {
    let l = use_lang();
    let onchange = {
        let cb = props.on_open.clone();
        Callback::from(move |e: Event| {
            let select = e.target_unchecked_into::<HtmlSelectElement>();
            let id = select.value();
            // The menu is an action, not a setting: it always shows its prompt again.
            select.set_value("");
            if let Some(s) = crate::scenarios::find(&id) {
                cb.emit(s.id);
            }
        })
    };
    let group = |source: Source, label: Msg| {
        html! {
            <optgroup label={l.text(label)}>
                { for LIBRARY.iter().filter(|s| s.source == source).map(|s| html! {
                    <option value={s.id} data-scenario={s.id}>{ s.notes(l).title }</option>
                }) }
            </optgroup>
        }
    };
    html! {
        <select class="scenario-menu" data-testid="scenario-menu" aria-label={l.text(Msg::ScenarioMenuLabel)}
            title={l.text(Msg::ScenariosTitle)} {onchange}>
            <option value="" selected=true>{ l.text(Msg::ScenariosButton) }</option>
            { group(Source::Seed, Msg::ScenarioGroupSeeds) }
            { group(Source::Pain, Msg::ScenarioGroupPains) }
        </select>
    }
}

/// A notes paragraph with its `code` spans.
fn paragraph(text: &str) -> Html {
    html! {
        <p>{ for text.split('`').enumerate().map(|(i, part)| if i % 2 == 1 {
            html! { <code>{ part.to_string() }</code> }
        } else {
            html! { { part.to_string() } }
        }) }</p>
    }
}

fn paragraphs(text: &str) -> Html {
    html! { { for text.split("\n\n").map(|p| paragraph(&p.replace('\n', " "))) } }
}

#[derive(Properties, PartialEq)]
pub struct ScenarioNotesProps {
    pub scenario: &'static Scenario,
    /// Whether the user's own text is kept and can be restored.
    pub can_restore: bool,
    pub on_close: Callback<MouseEvent>,
    pub on_restore: Callback<MouseEvent>,
}

#[function_component(ScenarioNotes)]
pub fn scenario_notes(props: &ScenarioNotesProps) -> Html {
    let l = use_lang();
    let notes = props.scenario.notes(l);
    html! {
        <section class="scenario-notes" data-testid="scenario-notes" data-scenario={props.scenario.id} aria-label={l.text(Msg::ScenarioShowNotes)}>
            <header>
                <h2 data-testid="scenario-title">{ notes.title }</h2>
                if props.can_restore {
                    <button type="button" data-testid="restore-own-text" onclick={props.on_restore.clone()}>{ l.text(Msg::ScenarioRestore) }</button>
                }
                <button type="button" class="close" data-testid="close-notes" onclick={props.on_close.clone()}
                    aria-label={l.text(Msg::ScenarioClose)} title={l.text(Msg::ScenarioClose)}>{ "×" }</button>
            </header>
            <h3>{ l.text(Msg::ScenarioLookAt) }</h3>
            <div data-testid="scenario-look">{ paragraphs(notes.look) }</div>
            <h3>{ l.text(Msg::ScenarioWhy) }</h3>
            <div data-testid="scenario-why">{ paragraphs(notes.why) }</div>
        </section>
    }
}
