//! The help panel the header's `?` button (or the `?` key) opens: the keyboard shortcuts that
//! `shortcuts.rs` and the timeline and editor handle.

use super::language::use_lang;
use crate::i18n::Msg;
use yew::prelude::*;

/// The list of keyboard shortcuts, in the page's language.
#[function_component(Help)]
pub fn help() -> Html {
    let l = use_lang();
    html! {
        <aside class="help" data-testid="help" aria-label={l.text(Msg::KeyboardShortcuts)}>
            <h2>{ l.text(Msg::KeyboardHeading) }</h2>
            <dl>
                <dt>{ "Space / k" }</dt><dd>{ l.text(Msg::KeyPlayPause) }</dd>
                <dt>{ ". / ," }</dt><dd>{ l.text(Msg::KeyStep) }</dd>
                <dt>{ l.text(Msg::KeyZoomKeys) }</dt><dd>{ l.text(Msg::KeyZoom) }{ " — " }{ l.text(Msg::KeyZoomSelection) }</dd>
                <dt>{ l.text(Msg::KeyPanKeys) }</dt><dd>{ l.text(Msg::KeyPan) }</dd>
                <dt>{ "Home / End" }</dt><dd>{ l.text(Msg::KeyStartEnd) }</dd>
                <dt>{ "0 / f" }</dt><dd>{ l.text(Msg::KeyFit) }</dd>
                <dt>{ l.text(Msg::KeyClickAxis) }</dt><dd>{ l.text(Msg::KeyMoveClock) }</dd>
                <dt>{ "Esc" }</dt><dd>{ l.text(Msg::KeyClearSelection) }</dd>
                <dt>{ "d" }</dt><dd>{ l.text(Msg::KeyTheme) }</dd>
                <dt>{ "Tab, ← → ↑ ↓, Home / End" }</dt><dd data-testid="help-timeline-keys">{ l.text(Msg::KeyTimelineNav) }</dd>
                <dt>{ "Enter / Space" }</dt><dd>{ l.text(Msg::KeyOpen) }</dd>
                <dt>{ l.text(Msg::KeyEditorEscapeKeys) }</dt><dd data-testid="help-editor-escape">{ l.text(Msg::KeyEditorEscape) }</dd>
                <dt>{ "Ctrl-M (macOS: Shift-Alt-M)" }</dt><dd>{ l.text(Msg::KeyEditorTabMode) }</dd>
            </dl>
        </aside>
    }
}
