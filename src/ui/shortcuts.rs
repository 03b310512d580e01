//! The page's clock and keys: playback advances the view's clock 25 times a second, and the
//! keyboard shortcuts (the help dialog lists them) drive the view unless the reader is typing in
//! a field or the editor.

use super::listen::{target_element, Listener};
use super::perf;
use super::state::{Action, ViewState};
use gloo_timers::callback::Interval;
use web_sys::KeyboardEvent;
use yew::prelude::*;

/// While `playing`, ticks the view's clock by the time that really passed, every 40 ms.
#[hook]
pub fn use_playback(dispatch: UseReducerDispatcher<ViewState>, playing: bool) {
    use_effect_with(playing, move |playing| {
        let interval = playing.then(|| {
            let mut last = perf::now();
            Interval::new(40, move || {
                let now = perf::now();
                dispatch.dispatch(Action::Tick(now - last));
                last = now;
            })
        });
        move || drop(interval)
    });
}

/// The view action a shortcut key asks for, given whether it plays and the timeline's width.
fn key_action(key: &str, playing: bool, width: f64) -> Option<Action> {
    Some(match key {
        " " | "k" => Action::Play(!playing),
        "." | "l" => Action::StepNext,
        "," | "j" => Action::StepPrevious,
        "+" | "=" => Action::ZoomStep(0.5),
        "-" | "_" => Action::ZoomStep(2.0),
        "ArrowLeft" => Action::Pan(width / 4.0),
        "ArrowRight" => Action::Pan(-width / 4.0),
        "Home" => Action::Seek(f64::MIN),
        "End" => Action::Seek(f64::MAX),
        "0" | "f" => Action::Fit,
        "Escape" => Action::Select(None),
        _ => return None,
    })
}

/// Whether `e` is typed into a field or the editor (not a shortcut).
pub fn typing(e: &KeyboardEvent) -> bool {
    target_element(e).is_some_and(|el| {
        matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
            || el.closest(".cm-editor").ok().flatten().is_some()
    })
}

/// Whether `e` is Space on a button (or a `<details>` summary), which the browser clicks when the
/// key is released unless the keydown's default is prevented: that Space is the button's, not
/// play/pause.
fn pressing(e: &KeyboardEvent) -> bool {
    e.key() == " " && target_element(e).is_some_and(|el| matches!(el.tag_name().as_str(), "BUTTON" | "SUMMARY"))
}

/// Listens for the shortcut keys on the window: the view's actions, `Escape` (also closes the
/// help), `d` (the theme) and `?` (the help). `view` is whether it plays, the timeline's width
/// and the theme: the listener is made again when they change.
#[hook]
pub fn use_shortcuts(
    dispatch: UseReducerDispatcher<ViewState>,
    view: (bool, f64, String),
    help: UseStateHandle<bool>,
    switch_theme: Callback<()>,
) {
    use_effect_with((view, *help), move |((playing, width, _), _)| {
        let (playing, width) = (*playing, *width);
        let listener = Listener::window("keydown", move |e: KeyboardEvent| {
            // A key the timeline's items took (an arrow moving between them) is theirs.
            if typing(&e) || pressing(&e) || e.default_prevented() || e.ctrl_key() || e.meta_key() || e.alt_key() {
                return;
            }
            let key = e.key();
            let handled = match key.as_str() {
                "d" => {
                    switch_theme.emit(());
                    true
                }
                "?" => {
                    help.set(!*help);
                    true
                }
                key => match key_action(key, playing, width) {
                    Some(action) => {
                        dispatch.dispatch(action);
                        if key == "Escape" {
                            help.set(false);
                        }
                        true
                    }
                    None => false,
                },
            };
            if handled {
                e.prevent_default();
            }
        });
        move || drop(listener)
    });
}
