//! The manifest editor: CodeMirror 6 (bundled into `codemirror.js` by scripts/build-editor.sh)
//! with YAML highlighting and the validator's diagnostics inline at their line and column, reached
//! through the `CronJobEditor` global of `www/editor/loader.js`, which shows a textarea until the
//! bundle has loaded after the first paint — or a plain textarea when `?editor=plain` is asked
//! for. Both report every change through `on_change`.
//! A change crosses into the page's module as UTF-8 from the browser's `TextEncoder` (a paste of
//! megabytes in one native call, where a string argument is copied character by character in
//! script), and the text the editor reported is not written back into it.

use super::language::use_lang;
use crate::app::run::Diagnostic;
use crate::i18n::Msg;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = CronJobEditor, js_name = create, catch)]
    fn cm_create(parent: &web_sys::Element, text: &str, on_change: &js_sys::Function) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(js_namespace = CronJobEditor, js_name = setText, catch)]
    fn cm_set_text(view: &JsValue, text: &str) -> Result<(), JsValue>;
    #[wasm_bindgen(js_namespace = CronJobEditor, js_name = setDiagnostics, catch)]
    fn cm_set_diagnostics(view: &JsValue, list: JsValue) -> Result<(), JsValue>;

    /// The browser's `TextEncoder`.
    type TextEncoder;
    #[wasm_bindgen(constructor)]
    fn new() -> TextEncoder;
    /// `text` (a JS string) as UTF-8 (lone surrogates as U+FFFD, as any string argument would be).
    #[wasm_bindgen(method)]
    fn encode(this: &TextEncoder, text: &JsValue) -> js_sys::Uint8Array;
}

/// A JS string from the editor as a Rust one.
fn utf8(encoder: &TextEncoder, text: &JsValue) -> String {
    String::from_utf8(encoder.encode(text).to_vec()).unwrap_or_default()
}

/// Whether the page was asked for the plain textarea (`?editor=plain`).
fn plain_requested() -> bool {
    web_sys::window().and_then(|w| w.location().search().ok()).is_some_and(|s| s.contains("editor=plain"))
}

#[derive(Properties, PartialEq)]
pub struct EditorProps {
    pub text: Rc<str>,
    pub diagnostics: Rc<Vec<Diagnostic>>,
    pub on_change: Callback<String>,
}

struct CodeMirror {
    view: JsValue,
    _on_change: Closure<dyn FnMut(JsValue)>,
}

#[function_component(Editor)]
pub fn editor(props: &EditorProps) -> Html {
    let l = use_lang();
    let host = use_node_ref();
    let cm: Rc<RefCell<Option<CodeMirror>>> = use_mut_ref(|| None);
    let plain = use_state(plain_requested);
    let on_change = use_mut_ref(|| props.on_change.clone());
    *on_change.borrow_mut() = props.on_change.clone();
    // The text the editor last reported (it need not be written back).
    let reported = use_mut_ref(|| None::<String>);

    {
        let (host, cm, plain, on_change, text) =
            (host.clone(), cm.clone(), plain.clone(), on_change.clone(), props.text.clone());
        let reported = reported.clone();
        use_effect_with((), move |_| {
            if !*plain {
                if let Some(el) = host.cast::<web_sys::Element>() {
                    let encoder = TextEncoder::new();
                    let closure = Closure::<dyn FnMut(JsValue)>::new(move |t: JsValue| {
                        let text = utf8(&encoder, &t);
                        *reported.borrow_mut() = Some(text.clone());
                        on_change.borrow().emit(text)
                    });
                    match cm_create(&el, &text, closure.as_ref().unchecked_ref()) {
                        Ok(view) => *cm.borrow_mut() = Some(CodeMirror { view, _on_change: closure }),
                        Err(_) => plain.set(true),
                    }
                }
            }
        });
    }
    {
        let cm = cm.clone();
        use_effect_with(props.text.clone(), move |text| {
            // Written unless it is what the editor reported; the editor reports the write too.
            if let Some(c) = cm.borrow().as_ref().filter(|_| reported.borrow().as_deref() != Some(&**text)) {
                reported.borrow_mut().take();
                let _ = cm_set_text(&c.view, text);
            }
        });
    }
    {
        // CodeMirror's content element (or its stand-in textarea until the bundle has loaded, which
        // hands the name on) carries the editor's accessible name, in the page's language.
        let host = host.clone();
        use_effect_with(l, move |l| {
            if let Some(content) =
                host.cast::<web_sys::Element>().and_then(|h| h.query_selector(".cm-content, textarea").ok().flatten())
            {
                let _ = content.set_attribute("aria-label", l.text(Msg::ManifestLabel));
            }
        });
    }
    {
        let cm = cm.clone();
        use_effect_with(props.diagnostics.clone(), move |d| {
            if let Some(c) = cm.borrow().as_ref() {
                if let Ok(list) = serde_wasm_bindgen::to_value(&**d) {
                    let _ = cm_set_diagnostics(&c.view, list);
                }
            }
        });
    }

    let oninput = {
        let cb = props.on_change.clone();
        Callback::from(move |e: InputEvent| cb.emit(e.target_unchecked_into::<HtmlTextAreaElement>().value()))
    };
    let errors = props.diagnostics.iter().filter(|d| d.severity == "error").count();
    html! {
        <>
            if *plain {
                <textarea id="manifest" data-testid="editor" spellcheck="false" wrap="off" aria-label={l.text(Msg::ManifestLabel)}
                    value={props.text.to_string()} {oninput} />
            } else {
                <div class="cm-host" data-testid="editor" ref={host} />
            }
            <ul class="diagnostics" data-testid="diagnostics" data-count={props.diagnostics.len().to_string()} aria-live="polite">
                { for props.diagnostics.iter().take(6).map(|d| html! {
                    <li class={d.severity.clone()} data-testid="diagnostic" data-line={d.line.to_string()} data-column={d.column.to_string()}>
                        <span class="pos">{ format!("{}:{}", d.line, d.column) }</span>{ " " }{ d.message.clone() }
                    </li>
                }) }
                if props.diagnostics.len() > 6 { <li class="more">{ l.format(Msg::MoreDiagnostics, &[&(props.diagnostics.len() - 6)]) }</li> }
            </ul>
            <div class="status-bar" data-testid="editor-status">
                { l.format(Msg::EditorStatus, &[&props.text.lines().count()]) }
                { match errors {
                    0 => String::new(),
                    1 => l.text(Msg::EditorError).to_string(),
                    n => l.format(Msg::EditorErrors, &[&n]),
                } }
            </div>
        </>
    }
}
