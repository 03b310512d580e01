//! The page's header: the title and tagline, and its actions in keyboard order — the scenario
//! menu, the share button, the language switcher, the help button and the theme switch.
//!
//! A function the page's component calls, not a component of its own: the share button's
//! component stays the page's direct child, so its effects (which open a share link before the
//! saved text runs) keep their place among the page's.

use super::language::{Language, LanguagePicker};
use super::opening::Opening;
use super::scenario_menu::ScenarioMenu;
use super::share::{Opened, PanelsHandle, PendingLink, Share};
use super::state::ViewState;
use super::text::Text;
use super::theme::Theme;
use crate::i18n::Msg;
use yew::prelude::*;

/// What the header shows and what its actions change.
pub struct Header<'a> {
    pub language: &'a Language,
    pub text: &'a Text,
    pub opening: &'a Opening,
    pub theme: &'a Theme,
    /// Whether the help panel is open.
    pub help: &'a UseStateHandle<bool>,
    /// Whether the scenarios' texts have arrived.
    pub library_ready: bool,
    pub state: ViewState,
    pub pending: PendingLink,
    pub panels: PanelsHandle,
    pub on_opened: Callback<Opened>,
}

impl Header<'_> {
    pub fn view(self) -> Html {
        let Header { language, text, opening, theme, help, library_ready, state, pending, panels, on_opened } = self;
        let l = language.shown;
        let toggle_theme = theme.switch.reform(|_: MouseEvent| ());
        let toggle_help = {
            let help = help.clone();
            Callback::from(move |_: MouseEvent| help.set(!*help))
        };
        html! {
            <header class="app-header">
                <h1 data-testid="title">{ "CronJob Playground" }</h1>
                <p class="tagline">{ l.text(Msg::Tagline) }</p>
                <div class="header-actions">
                    <ScenarioMenu on_open={opening.open_scenario.clone()} ready={library_ready} />
                    <Share text={(*text.text).clone()} saved={text.saved_at_open.clone()} {state} {pending}
                        on_text={opening.on_change.clone()} on_release={text.on_release.clone()} {panels} {on_opened} />
                    <LanguagePicker lang={*language.lang} on_change={language.on_lang.clone()} />
                    <button type="button" onclick={toggle_help} aria-expanded={help.to_string()} data-testid="help-button" title={l.text(Msg::HelpButtonTitle)}>{ "?" }</button>
                    <button type="button" onclick={toggle_theme} data-testid="theme" aria-label={l.text(Msg::ThemeToggleLabel)}
                        title={l.text(Msg::ThemeToggleTitle)}>{ if *theme.theme == "dark" { "☀" } else { "☾" } }</button>
                </div>
            </header>
        }
    }
}
