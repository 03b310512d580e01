//! The editor's text: the saved text (or the example) at first, saved to `localStorage` on every
//! change (a reload never loses it) and handed to the runner as the user types: changes coalesce
//! while a run is pending, and a run's result is dropped if newer text exists (`wiring.rs`).

use super::later;
use super::perf;
use super::share::PendingLink;
use super::storage::{save, saved};
use super::wiring::Simulate;
use crate::app::document::replace_simulation;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// `localStorage` key under which the editor text is kept.
pub const STORAGE_KEY: &str = "cronjob-playground.manifest";
/// A text longer than this (bytes) is handed to the engine and saved in tasks of their own after
/// the edit's: the request copies and escapes it, localStorage copies it synchronously, and a
/// paste of megabytes would otherwise be one long task.
const SAVED_LATER: usize = 500_000;

/// The first text a newcomer sees (with its scenario's notes): seed 002's CronJob and a
/// Simulation document that edits its schedule after it ran and then deletes the Job — the
/// retroactive run appears.
pub const EXAMPLE: &str = include_str!("../../scenarios/retroactive-schedule-edit/scenario.yaml");

/// The text and the ways to change it.
pub struct Text {
    /// The text the page shows.
    pub text: UseStateHandle<Rc<str>>,
    /// The newest text, ahead of `text` while an edit has not rendered yet.
    pub latest: Rc<RefCell<Rc<str>>>,
    /// The text saved when the page opened (a share link compares against it).
    pub saved_at_open: Option<Rc<str>>,
    /// Replaces the text: saves it and runs it.
    pub set_text: Callback<String>,
    /// Runs the newest text again (a share link's view released, the run bar's "again").
    pub on_release: Callback<()>,
    /// Replaces the text's Simulation document (the Simulation controls).
    pub on_simulation: Callback<serde_json::Value>,
}

/// The editor's text: `initial` (tests) or the saved text or the example. It runs once a share
/// link in `pending` has been opened, not before.
#[hook]
pub fn use_text(initial: Option<AttrValue>, pending: PendingLink, simulate: Simulate) -> Text {
    let text: UseStateHandle<Rc<str>> = use_state(move || {
        initial.map(|t| t.to_string()).or_else(|| saved(STORAGE_KEY)).unwrap_or_else(|| EXAMPLE.to_string()).into()
    });
    // When the text last changed (page ms), for the run's timing record.
    let edited = use_mut_ref(|| 0.0f64);
    let saved_at_open = use_memo((), |_| saved(STORAGE_KEY).map(Rc::<str>::from));
    let latest = use_mut_ref(|| (*text).clone());
    *latest.borrow_mut() = (*text).clone();
    // The text last handed to the runner: an edit hands its text over at once, before the page
    // renders it, and the effect below runs only the texts that arrive otherwise.
    let requested = use_mut_ref(|| None::<Rc<str>>);
    {
        let (simulate, pending, edited, requested) =
            (simulate.clone(), pending.clone(), edited.clone(), requested.clone());
        use_effect_with((*text).clone(), move |t| {
            if !pending.borrow().waiting && requested.borrow().as_ref() != Some(t) {
                *requested.borrow_mut() = Some(t.clone());
                simulate(t, *edited.borrow());
            }
        });
    }

    let set_text = {
        let (text, latest, edited) = (text.clone(), latest.clone(), edited.clone());
        let simulate = simulate.clone();
        Callback::from(move |value: String| {
            let at = perf::mark("edit");
            *edited.borrow_mut() = at;
            let value: Rc<str> = value.into();
            let run = !pending.borrow().waiting;
            if run {
                *requested.borrow_mut() = Some(value.clone());
            }
            *latest.borrow_mut() = value.clone();
            if value.len() > SAVED_LATER {
                // Each in a task of its own, with the newest text when it runs (a later, smaller
                // edit may have been run and saved already).
                let (simulate, newest) = (simulate.clone(), latest.clone());
                if run {
                    later(move || {
                        if Rc::ptr_eq(&newest.borrow(), &value) {
                            simulate(&value, at)
                        }
                    });
                }
                let latest = latest.clone();
                later(move || save(STORAGE_KEY, &latest.borrow()));
            } else {
                if run {
                    simulate(&value, at);
                }
                save(STORAGE_KEY, &value);
            }
            text.set((*latest.borrow()).clone());
        })
    };
    let on_release = {
        let latest = latest.clone();
        Callback::from(move |()| simulate(&latest.borrow(), perf::now()))
    };
    let on_simulation = {
        let (text, set_text) = (text.clone(), set_text.clone());
        Callback::from(move |doc: serde_json::Value| set_text.emit(replace_simulation(&text, &doc)))
    };
    Text { text, latest, saved_at_open: (*saved_at_open).clone(), set_text, on_release, on_simulation }
}
