//! The interface language on the page: chosen from the browser's `navigator.languages` the first
//! time, switchable in the header, kept in `localStorage`, and given to every component through a
//! Yew context (`use_lang`). The words themselves are in `crate::i18n`.

use super::storage::{save, saved};
use crate::app::protocol::Request;
use crate::i18n::{pack, Lang, Msg};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// `localStorage` key of the chosen language.
pub const LANG_KEY: &str = "cronjob-playground.lang";

/// The language this browser's user chose in the switcher, if any (a share link's language does
/// not override it).
pub fn chosen_lang() -> Option<Lang> {
    saved(LANG_KEY)?.parse().ok()
}

/// The stored choice, else the browser's preference, else English.
fn initial_lang() -> Lang {
    chosen_lang().unwrap_or_else(|| {
        let preferred: Vec<String> = web_sys::window()
            .map(|w| w.navigator().languages().iter().filter_map(|v| v.as_string()).collect())
            .unwrap_or_default();
        Lang::from_browser(preferred)
    })
}

/// Sets `<html lang>` to the language the page speaks (fonts and screen readers follow it): the
/// one chosen once its words are here (`i18n::pack`), English until then.
fn apply_lang(lang: Lang) {
    if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = root.set_attribute("lang", lang.code());
    }
}

/// Remembers the user's choice of language in this browser.
fn remember_lang(lang: Lang) {
    save(LANG_KEY, lang.code());
}

/// The language asked for and the one the page speaks (English until the asked one's words are
/// here), and the switcher's choice.
pub struct Language {
    pub lang: UseStateHandle<Lang>,
    pub shown: Lang,
    pub on_lang: Callback<Lang>,
}

/// The page's language: the stored or browser's choice, then the switcher's; `ask` fetches the
/// words of the languages besides English from the engine (their arrival redraws the page).
#[hook]
pub fn use_language(ask: &Callback<Request>) -> Language {
    let lang = use_state(initial_lang);
    let on_lang = {
        let lang = lang.clone();
        Callback::from(move |l: Lang| {
            remember_lang(l);
            lang.set(l);
        })
    };
    // The page speaks the language asked for once its words are here.
    let shown = if pack::speaks(*lang) { *lang } else { Lang::En };
    use_effect_with(shown, |l| apply_lang(*l));
    // The words of the languages besides English, from the engine after the first paint (the
    // page's module carries English only): the language asked for first, then the others, so
    // that switching later is instant and works offline.
    {
        let (ask, first) = (ask.clone(), *lang);
        use_effect_with((), move |_| {
            let others = Lang::ALL.into_iter().filter(|l| *l != first);
            for l in std::iter::once(first).chain(others).filter(|l| !pack::speaks(*l)) {
                ask.emit(Request::Words { lang: l.code().to_owned() });
            }
        });
    }
    Language { lang, shown, on_lang }
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
