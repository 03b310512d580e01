//! The built-in scenarios on the page: a header menu that opens one (grouped into the seed
//! documents' stories and the common pitfalls, titled in the page's language) and the notes
//! panel that says what to look at and why Kubernetes does it. Opening a scenario never loses the
//! user's own text: it asks first, and keeps that text to come back to.
//!
//! The page's module holds only the menu's entries (`scenarios::CATALOG`: ids and titles); the
//! manifests and notes arrive in one file after the first paint ([`load`], from
//! `scripts/bundle-scenarios.mjs`), and from then on everything works offline. The browser's
//! `JSON.parse` reads that file: a derived decoder would cost the page's module more than the
//! few lines that take the strings out.

use super::language::use_lang;
use crate::i18n::{Lang, Msg};
use crate::scenarios::{parse_notes, Entry, Source, CATALOG};
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// One scenario's texts, as `library.json` holds them (`{"manifest": "…", "notes": ["en", "ja", "ko"]}`).
#[derive(Debug)]
pub struct Texts {
    /// The manifest and its Simulation document, as the editor receives them.
    pub manifest: String,
    /// The notes as written, in the order of [`Lang::ALL`].
    notes: [String; 3],
}

impl Texts {
    /// The texts of one entry of the parsed file (`None`: not of that shape).
    fn from_js(entry: &JsValue) -> Option<Texts> {
        let field = |name: &str| js_sys::Reflect::get(entry, &JsValue::from_str(name)).ok();
        let notes = field("notes")?;
        let note = |i: u32| js_sys::Reflect::get_u32(&notes, i).ok()?.as_string();
        Some(Texts { manifest: field("manifest")?.as_string()?, notes: [note(0)?, note(1)?, note(2)?] })
    }

    fn notes(&self, lang: Lang) -> &str {
        &self.notes[lang.index()]
    }
}

/// The scenarios' texts by id.
#[derive(Debug)]
pub struct Library(HashMap<String, Texts>);

impl Library {
    /// The library in `library.json`'s text (`None`: not JSON, or an entry of another shape).
    fn parse(text: &str) -> Option<Library> {
        let parsed = js_sys::JSON::parse(text).ok().filter(JsValue::is_object)?;
        let entries = js_sys::Object::entries(parsed.unchecked_ref());
        let texts = entries.iter().map(|pair| {
            let id = js_sys::Reflect::get_u32(&pair, 0).ok()?.as_string()?;
            Some((id, Texts::from_js(&js_sys::Reflect::get_u32(&pair, 1).ok()?)?))
        });
        texts.collect::<Option<HashMap<_, _>>>().map(Library)
    }

    pub fn get(&self, id: &str) -> Option<&Texts> {
        self.0.get(id)
    }
}

impl PartialEq for Library {
    /// One library is loaded once: the same one or not (no deep comparison on every render).
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}

#[wasm_bindgen(
    inline_js = "export async function fetchText(url) { const r = await fetch(url); if (!r.ok) throw new Error(`${url}: ${r.status}`); return r.text(); }"
)]
extern "C" {
    #[wasm_bindgen(js_name = fetchText, catch)]
    async fn fetch_text(url: &str) -> Result<JsValue, JsValue>;
}

/// The scenarios' texts, fetched after the first paint (`None` until they arrive).
#[hook]
pub fn use_library() -> UseStateHandle<Option<Rc<Library>>> {
    let library = use_state(|| None::<Rc<Library>>);
    {
        let library = library.clone();
        use_effect_with((), move |_| load(Callback::from(move |l| library.set(Some(l)))));
    }
    library
}

/// Fetches the scenarios' texts and hands them to `done` (never, if they cannot be fetched: the
/// menu then stays disabled).
fn load(done: Callback<Rc<Library>>) {
    wasm_bindgen_futures::spawn_local(async move {
        let text = fetch_text("library.json").await.ok().and_then(|t| t.as_string());
        if let Some(library) = text.and_then(|t| Library::parse(&t)) {
            done.emit(Rc::new(library));
        }
    });
}

/// The catalog's entry `id`.
pub fn find(id: &str) -> Option<&'static Entry> {
    CATALOG.iter().find(|e| e.id == id)
}

/// `localStorage` key of the user's own text, kept when a scenario replaced it.
pub const OWN_TEXT_KEY: &str = "cronjob-playground.manifest.own";
/// `localStorage` key of the scenario whose notes are open.
pub const SCENARIO_KEY: &str = "cronjob-playground.scenario";

/// Whether `text` is the user's own (not, byte for byte, one of the library's manifests).
pub fn is_own_text(text: &str) -> bool {
    !text.trim().is_empty() && CATALOG.iter().all(|e| !e.is_manifest(text))
}

#[derive(Properties, PartialEq)]
pub struct ScenarioMenuProps {
    /// Called with the chosen scenario's id.
    pub on_open: Callback<&'static str>,
    /// Whether the texts have arrived (until then the menu is disabled).
    pub ready: bool,
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
            if let Some(e) = find(&id) {
                cb.emit(e.id);
            }
        })
    };
    let group = |source: Source, label: Msg| {
        html! {
            <optgroup label={l.text(label)}>
                { for CATALOG.iter().filter(|e| e.source == source).map(|e| html! {
                    <option value={e.id} data-scenario={e.id}>{ e.title(l) }</option>
                }) }
            </optgroup>
        }
    };
    html! {
        <select class="scenario-menu" data-testid="scenario-menu" aria-label={l.text(Msg::ScenarioMenuLabel)}
            title={l.text(Msg::ScenariosTitle)} disabled={!props.ready} {onchange}>
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
    pub scenario: &'static Entry,
    /// The scenarios' texts, once they have arrived (the notes' paragraphs wait for them).
    pub library: Option<Rc<Library>>,
    /// Whether the user's own text is kept and can be restored.
    pub can_restore: bool,
    pub on_close: Callback<MouseEvent>,
    pub on_restore: Callback<MouseEvent>,
}

#[function_component(ScenarioNotes)]
pub fn scenario_notes(props: &ScenarioNotesProps) -> Html {
    let l = use_lang();
    let texts = props.library.as_ref().and_then(|lib| lib.get(props.scenario.id));
    let notes = texts.map(|t| parse_notes(t.notes(l)));
    let (look, why) = notes.map_or(("", ""), |n| (n.look, n.why));
    html! {
        <section class="scenario-notes" data-testid="scenario-notes" data-scenario={props.scenario.id} aria-label={l.text(Msg::ScenarioShowNotes)}>
            <header>
                <h2 data-testid="scenario-title">{ props.scenario.title(l) }</h2>
                if props.can_restore {
                    <button type="button" data-testid="restore-own-text" onclick={props.on_restore.clone()}>{ l.text(Msg::ScenarioRestore) }</button>
                }
                <button type="button" class="close" data-testid="close-notes" onclick={props.on_close.clone()}
                    aria-label={l.text(Msg::ScenarioClose)} title={l.text(Msg::ScenarioClose)}>{ "×" }</button>
            </header>
            <h3>{ l.text(Msg::ScenarioLookAt) }</h3>
            <div data-testid="scenario-look">{ paragraphs(look) }</div>
            <h3>{ l.text(Msg::ScenarioWhy) }</h3>
            <div data-testid="scenario-why">{ paragraphs(why) }</div>
        </section>
    }
}
