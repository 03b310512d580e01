//! What replaces the editor's text besides typing: a scenario from the header menu, a lint
//! finding's probe, a paste over the whole text. Opening a scenario or a probe over the user's own
//! text asks first and keeps that text (`localStorage`), so it can come back; a text that
//! replaces a scenario's closes its notes, which describe the text that was there.

use super::scenario_menu::{self, is_own_text, Library, OWN_TEXT_KEY, SCENARIO_KEY};
use super::share::PendingLink;
use super::storage::{forget, save, saved};
use super::text::{Text, STORAGE_KEY};
use crate::i18n::{Lang, Msg};
use crate::scenarios::Entry;
use std::rc::Rc;
use yew::prelude::*;

/// The example's scenario, whose notes a first visit opens.
const EXAMPLE_ID: &str = "retroactive-schedule-edit";

/// The scenario whose notes are open, the user's own text kept aside, and what changes them.
pub struct Opening {
    pub scenario: UseStateHandle<Option<&'static Entry>>,
    pub own_text: UseStateHandle<Option<String>>,
    /// A change from the editor, a share link or the lint view.
    pub on_change: Callback<String>,
    pub open_scenario: Callback<&'static str>,
    pub open_probe: Callback<String>,
    pub close_notes: Callback<MouseEvent>,
    pub restore_own_text: Callback<MouseEvent>,
}

/// Whether the user's `text` may be replaced: it is not their own, or they say yes to `question`
/// (then it is kept in `own_text`).
fn keep_own_text(text: &str, own_text: &UseStateHandle<Option<String>>, question: &str) -> bool {
    if is_own_text(text) {
        let yes = web_sys::window().and_then(|w| w.confirm_with_message(question).ok()).unwrap_or(false);
        if !yes {
            return false;
        }
        save(OWN_TEXT_KEY, text);
        own_text.set(Some(text.to_string()));
    }
    true
}

/// Closes the scenario's notes, also for the next visit.
fn close(scenario: &UseStateHandle<Option<&'static Entry>>) {
    forget(SCENARIO_KEY);
    scenario.set(None);
}

/// The opening of scenarios and probes over `text`, asking in `lang`. `initial_text` (tests) and
/// a share link in `pending` are not a first visit: they bring their own text.
#[hook]
pub fn use_opening(
    text: &Text,
    library: Option<Rc<Library>>,
    lang: Lang,
    initial_text: bool,
    pending: PendingLink,
) -> Opening {
    // The scenario whose notes are open: the stored one, or the example's for a first visit.
    // Looked at on the first render only (storage and the address are not read again per
    // keystroke).
    let scenario = use_state(move || {
        let first_visit = !initial_text && saved(STORAGE_KEY).is_none() && !pending.borrow().waiting;
        let id = saved(SCENARIO_KEY).or_else(|| first_visit.then(|| EXAMPLE_ID.to_string()));
        id.as_deref().and_then(scenario_menu::find)
    });
    let own_text = use_state(|| saved(OWN_TEXT_KEY));
    // A change that replaces the text (a paste over it, a link) closes the scenario's notes.
    let on_change = {
        let (set_text, latest, scenario) = (text.set_text.clone(), text.latest.clone(), scenario.clone());
        Callback::from(move |value: String| {
            if scenario.is_some() && crate::scenarios::replaces(&latest.borrow(), &value) {
                close(&scenario);
            }
            set_text.emit(value);
        })
    };
    // Opening a scenario keeps the user's own text (asking first), so it can come back.
    let open_scenario = {
        let (text, set_text, scenario, own_text) =
            (text.text.clone(), text.set_text.clone(), scenario.clone(), own_text.clone());
        Callback::from(move |id: &'static str| {
            let Some(s) = scenario_menu::find(id) else { return };
            let Some(texts) = library.as_ref().and_then(|lib| lib.get(id)) else { return };
            if !keep_own_text(&text, &own_text, &lang.format(Msg::ScenarioReplaceConfirm, &[&s.title(lang)])) {
                return;
            }
            save(SCENARIO_KEY, s.id);
            scenario.set(Some(s));
            set_text.emit(texts.manifest.clone());
        })
    };
    // Opening a lint finding's probe asks first too, and keeps the user's text the same way.
    let open_probe = {
        let (text, on_change, own_text) = (text.text.clone(), on_change.clone(), own_text.clone());
        Callback::from(move |probe: String| {
            if keep_own_text(&text, &own_text, lang.text(Msg::ProbeReplaceConfirm)) {
                on_change.emit(probe);
            }
        })
    };
    let close_notes = {
        let scenario = scenario.clone();
        Callback::from(move |_: MouseEvent| close(&scenario))
    };
    let restore_own_text = {
        let (set_text, scenario, own_text) = (text.set_text.clone(), scenario.clone(), own_text.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(own) = (*own_text).clone() {
                forget(OWN_TEXT_KEY);
                forget(SCENARIO_KEY);
                own_text.set(None);
                scenario.set(None);
                set_text.emit(own);
            }
        })
    };
    Opening { scenario, own_text, on_change, open_scenario, open_probe, close_notes, restore_own_text }
}
