//! Share links in the page: the Share button packs the editor's text, the view, the interface
//! language and the open panels (compare with its choice, lint) into a `#s=1.…` link (format,
//! caps and messages in `app::share`), deflated by the browser's `CompressionStream` through
//! a small JS shim, so the page carries no compression code. Opening such a link restores the
//! text, the view and the panels, and the language unless this browser's user chose one; when
//! this browser already saves a different text, the page asks before replacing it, and a damaged
//! or oversized link gets a message saying why.

use super::language::use_lang;
use super::listen::Listener;
use super::state::ViewState;
use crate::app::axis_zone::AxisZone;
use crate::app::share::{
    decode_fragment, encode_fragment, ShareError, SharePanel, ShareState, ShareView, MAX_STATE, PREFIX,
};
use crate::i18n::{Lang, Msg};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use yew::prelude::*;

#[wasm_bindgen(inline_js = r#"
export async function deflate(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
export async function inflate(bytes, max) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) { reader.cancel(); throw new Error('too-large'); }
    parts.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const p of parts) { all.set(p, at); at += p.length; }
  try { return new TextDecoder('utf-8', { fatal: true }).decode(all); } catch (_) { throw new Error('not-utf8'); }
}
export function copy(text) {
  try { navigator.clipboard.writeText(text).catch(() => {}); } catch (_) {}
}
export function selectText(el) {
  try { getSelection().selectAllChildren(el); } catch (_) {}
}
export function forgetFragment() {
  history.replaceState(history.state, '', location.pathname + location.search);
}
"#)]
extern "C" {
    #[wasm_bindgen(catch)]
    async fn deflate(text: &str) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch)]
    async fn inflate(bytes: &[u8], max: u32) -> Result<JsValue, JsValue>;
    fn copy(text: &str);
    #[wasm_bindgen(js_name = selectText)]
    fn select_text(el: &web_sys::Node);
    #[wasm_bindgen(js_name = forgetFragment)]
    fn forget_fragment();
}

/// A link being opened: while `waiting`, the page does not run its saved text (the link's text
/// comes first); `view` is restored on the first run after the link's text is in place.
#[derive(Debug, Default)]
pub struct Pending {
    pub waiting: bool,
    pub view: Option<ShareView>,
}

impl Pending {
    /// Whether the address holds a share link (the page then waits for it).
    pub fn from_location() -> Pending {
        Pending { waiting: fragment().is_some_and(|f| f.starts_with(PREFIX)), view: None }
    }
}

/// The shared handle between the app (which runs and restores) and the share component.
pub type PendingLink = Rc<RefCell<Pending>>;

/// The panels open beside the timeline, as the compare and lint views report them, for the next
/// link.
#[derive(Debug, Default, PartialEq)]
pub struct OpenPanels {
    pub compare: Option<SharePanel>,
    pub lint: bool,
}

impl OpenPanels {
    /// What a link lists.
    pub fn list(&self) -> Vec<SharePanel> {
        self.compare.iter().cloned().chain(self.lint.then_some(SharePanel::Lint)).collect()
    }
}

/// The handle the views report to and the Share button reads.
pub type PanelsHandle = Rc<RefCell<OpenPanels>>;

/// What an opened link asks of the rest of the page: its language and panels.
#[derive(Clone, Debug, PartialEq)]
pub struct Opened {
    pub lang: Option<Lang>,
    pub panels: Rc<Vec<SharePanel>>,
}

fn fragment() -> Option<String> {
    web_sys::window()?.location().hash().ok().filter(|h| !h.is_empty())
}

/// The view as a link keeps it.
pub fn share_view(state: &ViewState) -> Option<ShareView> {
    state.model.as_ref()?;
    Some(ShareView {
        from: state.view.from,
        to: state.view.to,
        cursor: state.cursor,
        selected: state.selected.map(|s| s.to_string()),
        pinned: {
            let mut p: Vec<String> = state.pinned.iter().cloned().collect();
            crate::timeline::order::sort_by(&mut p, Ord::cmp);
            p
        },
        speed: Some(state.speed),
        zone: (state.zone != AxisZone::Utc).then(|| state.zone.to_string()),
    })
}

async fn open_fragment(fragment: &str) -> Result<ShareState, ShareError> {
    let deflated = decode_fragment(fragment)?;
    let json = inflate(&deflated, MAX_STATE as u32).await.map_err(|e| {
        let why = e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message())).unwrap_or_default();
        match why.as_str() {
            "too-large" => ShareError::TooLarge,
            "not-utf8" => ShareError::NotAState("not UTF-8 text".into()),
            _ => ShareError::Corrupt(if why.is_empty() { "the data is not raw deflate".into() } else { why }),
        }
    })?;
    ShareState::from_json(&json.as_string().unwrap_or_default())
}

/// The link for `state` at this page's address (`Err(None)`: the browser cannot deflate).
async fn make_link(state: &ShareState) -> Result<String, Option<ShareError>> {
    let bytes = deflate(&state.to_json()).await.map_err(|_| None)?;
    let bytes = js_sys::Uint8Array::new(&bytes).to_vec();
    let fragment = encode_fragment(&bytes).map_err(Some)?;
    let location = web_sys::window().ok_or(None)?.location();
    let base = format!(
        "{}{}{}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_default(),
        location.search().unwrap_or_default()
    );
    Ok(format!("{base}{fragment}"))
}

#[derive(Properties, PartialEq)]
pub struct ShareProps {
    /// The editor's text now.
    pub text: Rc<str>,
    /// The text this browser had saved when the page opened (`None` for a fresh browser).
    pub saved: Option<Rc<str>>,
    pub state: ViewState,
    /// The app's pending-link handle (compared by identity).
    pub pending: PendingLink,
    /// Replaces the editor's text (and saves it).
    pub on_text: Callback<String>,
    /// The link is dealt with (opened, declined or refused): run the editor's latest text.
    pub on_release: Callback<()>,
    /// The open panels, read when a link is made.
    pub panels: PanelsHandle,
    /// A link was opened: its language and panels.
    pub on_opened: Callback<Opened>,
}

impl PartialEq for Pending {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}

enum Opening {
    Idle,
    /// A link whose text differs from the saved one: ask first.
    Ask(Rc<ShareState>),
    Failed(ShareError),
}

/// The Share button with its link popover, and the banners for a link being opened.
#[function_component(Share)]
pub fn share(props: &ShareProps) -> Html {
    let l = use_lang();
    let opening = use_state(|| Opening::Idle);
    let made = use_state(|| None::<Result<String, Option<ShareError>>>);

    use_open_links(props, &opening);

    let on_share = {
        let (made, text, view, panels) =
            (made.clone(), props.text.clone(), share_view(&props.state), props.panels.clone());
        Callback::from(move |_: MouseEvent| {
            let state = ShareState {
                lang: Some(l.code().into()),
                panels: panels.borrow().list(),
                ..ShareState::new(text.to_string(), view.clone())
            };
            let made = made.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let link = make_link(&state).await;
                if let Ok(l) = &link {
                    copy(l);
                }
                made.set(Some(link));
            });
        })
    };
    // Closing (its button, or Escape in it or on the Share button, where the focus stays when it
    // opens) gives the focus back to the Share button: a keyboard user goes on from there instead
    // of from the top of the page.
    let button = use_node_ref();
    let close = {
        let (made, button) = (made.clone(), button.clone());
        Callback::from(move |()| {
            made.set(None);
            if let Some(button) = button.cast::<web_sys::HtmlElement>() {
                let _ = button.focus();
            }
        })
    };
    let on_key = {
        let close = close.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                close.emit(());
            }
        })
    };

    html! {
        <>
            <button type="button" ref={button} onclick={on_share} onkeydown={on_key.clone()} data-testid="share" title={l.text(Msg::ShareTitle)}>
                { l.text(Msg::ShareButton) }</button>
            if let Some(result) = &*made {
                <div class="popover share-popover" role="dialog" aria-label={l.text(Msg::ShareDialog)}
                    data-testid="share-popover" onkeydown={on_key}>
                    { made_link(l, result) }
                    <button type="button" onclick={close.reform(|_: MouseEvent| ())}
                        data-testid="share-close">{ l.text(Msg::Close) }</button>
                </div>
            }
            { opening_banner(l, &opening, props) }
        </>
    }
}

/// Open the address's link, and any link put into the address of this tab later (a
/// `hashchange`): against the saved text first, then against the editor's text of the moment.
#[hook]
fn use_open_links(props: &ShareProps, opening: &UseStateHandle<Opening>) {
    let latest_text = use_mut_ref(|| props.text.clone());
    *latest_text.borrow_mut() = props.text.clone();
    {
        let (opening, pending, saved, on_text, on_release, on_opened) = (
            opening.clone(),
            props.pending.clone(),
            props.saved.clone(),
            props.on_text.clone(),
            props.on_release.clone(),
            props.on_opened.clone(),
        );
        use_effect_with((), move |_| {
            let open = {
                let pending = pending.clone();
                Rc::new(move |fragment: String, against: Option<Rc<str>>| {
                    let (opening, pending, on_text, on_release, on_opened) =
                        (opening.clone(), pending.clone(), on_text.clone(), on_release.clone(), on_opened.clone());
                    wasm_bindgen_futures::spawn_local(async move {
                        match open_fragment(&fragment).await {
                            Ok(link) => {
                                if against.as_deref().is_none_or(|s| *s == *link.text) {
                                    apply(&pending, &on_text, &on_release, &on_opened, link);
                                } else {
                                    opening.set(Opening::Ask(Rc::new(link)));
                                }
                            }
                            Err(e) => {
                                pending.borrow_mut().waiting = false;
                                forget_fragment();
                                on_release.emit(());
                                opening.set(Opening::Failed(e));
                            }
                        }
                    });
                })
            };
            if pending.borrow().waiting {
                open(fragment().unwrap_or_default(), saved);
            }
            let listener = Listener::window("hashchange", move |_: web_sys::Event| {
                let Some(link) = fragment().filter(|f| f.starts_with(PREFIX)) else { return };
                pending.borrow_mut().waiting = true;
                open(link, Some(latest_text.borrow().clone()));
            });
            move || drop(listener)
        });
    }
}

/// The banner of a link being opened: why it cannot be, or whether to replace the saved text.
fn opening_banner(l: Lang, opening: &UseStateHandle<Opening>, props: &ShareProps) -> Html {
    match &**opening {
        Opening::Idle => html! {},
        Opening::Failed(error) => {
            let dismiss = {
                let opening = opening.clone();
                Callback::from(move |_: MouseEvent| opening.set(Opening::Idle))
            };
            html! {
                <div class="banner error" role="alert" data-testid="share-error">
                    <p>{ error.message(l) }</p>
                    <button type="button" onclick={dismiss}>{ l.text(Msg::Dismiss) }</button>
                </div>
            }
        }
        Opening::Ask(link) => {
            let open = {
                let (opening, link, pending, on_text, on_release, on_opened) = (
                    opening.clone(),
                    link.clone(),
                    props.pending.clone(),
                    props.on_text.clone(),
                    props.on_release.clone(),
                    props.on_opened.clone(),
                );
                Callback::from(move |_: MouseEvent| {
                    apply(&pending, &on_text, &on_release, &on_opened, (*link).clone());
                    opening.set(Opening::Idle);
                })
            };
            let keep = {
                let (opening, pending, on_release) = (opening.clone(), props.pending.clone(), props.on_release.clone());
                Callback::from(move |_: MouseEvent| {
                    pending.borrow_mut().waiting = false;
                    forget_fragment();
                    on_release.emit(());
                    opening.set(Opening::Idle);
                })
            };
            html! {
                <div class="banner" role="alertdialog" aria-labelledby="share-ask" data-testid="share-confirm">
                    <p id="share-ask">{ l.format(Msg::ShareAsk, &[&link.text.lines().count()]) }</p>
                    <button type="button" onclick={open} data-testid="share-open">{ l.text(Msg::ShareOpen) }</button>
                    <button type="button" onclick={keep} data-testid="share-keep">{ l.text(Msg::ShareKeep) }</button>
                </div>
            }
        }
    }
}

/// The link made, or why none could be.
fn made_link(l: Lang, result: &Result<String, Option<ShareError>>) -> Html {
    match result {
        Ok(link) => html! {
            <>
                <label for="share-link">{ l.text(Msg::ShareLinkLabel) }</label>
                <input id="share-link" readonly=true value={link.clone()} data-testid="share-link"
                    onfocus={Callback::from(|e: FocusEvent| e.target_unchecked_into::<web_sys::HtmlInputElement>().select())} />
                <p class="hint" data-testid="share-size" data-chars={link.len().to_string()}>
                    { l.format(Msg::ShareSize, &[&link.len()]) }
                </p>
            </>
        },
        Err(why) => html! { <p class="error" role="alert" data-testid="share-too-long">
        { why.as_ref().map_or_else(|| "CompressionStream(\"deflate-raw\") is not available in this browser".to_string(), |e| e.message(l)) }</p> },
    }
}

/// Puts a link's text in the editor, its view on the next run, and its language and panels.
fn apply(
    pending: &PendingLink,
    on_text: &Callback<String>,
    on_release: &Callback<()>,
    on_opened: &Callback<Opened>,
    link: ShareState,
) {
    {
        let mut p = pending.borrow_mut();
        p.waiting = false;
        p.view = link.view.clone();
    }
    forget_fragment();
    on_opened.emit(Opened { lang: link.language(), panels: Rc::new(link.panels) });
    on_text.emit(link.text);
    on_release.emit(());
}

/// Copies `text` to the clipboard and selects `shown` (the element showing it), so that where
/// the clipboard API is refused the text is selected for the reader to copy.
pub fn copy_or_select(text: &str, shown: Option<web_sys::Node>) {
    copy(text);
    if let Some(node) = shown {
        select_text(&node);
    }
}
