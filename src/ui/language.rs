//! The interface language on the page: chosen from the browser's `navigator.languages` the first
//! time, switchable in the header, kept in `localStorage`, and given to every component through a
//! Yew context (`use_lang`). The words themselves are in `crate::i18n`.

use crate::i18n::{Lang, Msg};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// `localStorage` key of the chosen language.
pub const LANG_KEY: &str = "cronjob-playground.lang";

/// The language this browser's user chose in the switcher, if any (a share link's language does
/// not override it).
pub fn chosen_lang() -> Option<Lang> {
    let storage = web_sys::window()?.local_storage().ok().flatten()?;
    storage.get_item(LANG_KEY).ok().flatten()?.parse().ok()
}

/// The stored choice, else the browser's preference, else English.
pub fn initial_lang() -> Lang {
    chosen_lang().unwrap_or_else(|| {
        let preferred: Vec<String> = web_sys::window()
            .map(|w| w.navigator().languages().iter().filter_map(|v| v.as_string()).collect())
            .unwrap_or_default();
        Lang::from_browser(preferred)
    })
}

/// Sets `<html lang>` to the language the page speaks (fonts and screen readers follow it): the
/// one chosen once its words are here (`i18n::pack`), English until then.
pub fn apply_lang(lang: Lang) {
    if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = root.set_attribute("lang", lang.code());
    }
}

/// Remembers the user's choice of language in this browser.
pub fn remember_lang(lang: Lang) {
    if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = storage.set_item(LANG_KEY, lang.code());
    }
}

/// The page's language (English outside a provider, e.g. a component mounted alone in a test).
#[hook]
pub fn use_lang() -> Lang {
    use_context::<Lang>().unwrap_or_default()
}

#[derive(Properties, PartialEq)]
pub struct LanguagePickerProps {
    pub lang: Lang,
    pub on_change: Callback<Lang>,
}

/// The header's language switcher, each language named in itself.
#[function_component(LanguagePicker)]
pub fn language_picker(props: &LanguagePickerProps) -> Html {
    let onchange = {
        let cb = props.on_change.clone();
        Callback::from(move |e: Event| {
            if let Ok(lang) = e.target_unchecked_into::<HtmlSelectElement>().value().parse::<Lang>() {
                cb.emit(lang);
            }
        })
    };
    html! {
        <select class="lang" data-testid="language" aria-label={props.lang.text(Msg::LanguageLabel)} title={props.lang.text(Msg::LanguageLabel)} {onchange}>
            { for Lang::ALL.iter().map(|l| html! {
                <option value={l.code()} lang={l.code()} selected={*l == props.lang}>{ l.native_name() }</option>
            }) }
        </select>
    }
}
