//! Opening a row of the cluster view: the row's name is a button that asks the engine for that
//! CronJob's part of the cluster run it keeps (`Request::Open`, answered as a run), which the
//! page then draws with its usual timeline and inspector; a bar above says which CronJob it is
//! and leads back to the table (its button, or Escape once no item is selected). The table stays
//! mounted, hidden, while a row is open, so its sort and folded namespaces are as they were; its
//! scroll positions are put back. A newer text closes the row: the cluster run it was cut from
//! is gone, and the table, marked as updating, is what the new text is drawn in.

use super::later;
use super::listen::Listener;
use super::shortcuts::typing;
use super::wiring::OpenRow;
use crate::i18n::{Lang, Msg};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, KeyboardEvent};
use yew::prelude::*;

/// The row open now: the run the engine answers it as, and where the table was scrolled to.
#[derive(Clone, PartialEq)]
pub struct Opened {
    pub id: u64,
    pub namespace: String,
    pub name: String,
    /// The page's and the rows' scroll offsets when it was opened.
    scroll: (f64, i32),
}

/// The opened row and the calls that open and close one.
pub struct RowOpening {
    pub opened: Option<Rc<Opened>>,
    pub on_open: Callback<(String, String)>,
    pub on_back: Callback<()>,
    /// The bar's back button, focused when a row opens.
    back: NodeRef,
}

/// The rows' scroller (`.cluster-groups`).
fn rows_scroller() -> Option<HtmlElement> {
    web_sys::window()?.document()?.query_selector(".cluster-groups").ok()??.dyn_into().ok()
}

/// Opens rows of cluster run `asked` through `open`; a newer cluster run (or none) closes the row,
/// and so does Escape while no item of its timeline is `selected` (Escape deselects one first).
#[hook]
pub fn use_row_opening(asked: u64, open: OpenRow, selected: bool) -> RowOpening {
    let opened = use_state_eq(|| None::<Rc<Opened>>);
    {
        let opened = opened.clone();
        use_effect_with(asked, move |_| opened.set(None));
    }
    let on_open = {
        let opened = opened.clone();
        Callback::from(move |(namespace, name): (String, String)| {
            let page = web_sys::window().and_then(|w| w.scroll_y().ok()).unwrap_or(0.0);
            let rows = rows_scroller().map_or(0, |e| e.scroll_top());
            let id = open(asked, namespace.clone(), name.clone());
            opened.set(Some(Rc::new(Opened { id, namespace, name, scroll: (page, rows) })));
        })
    };
    let on_back = {
        let opened = opened.clone();
        Callback::from(move |()| {
            let Some(o) = (*opened).clone() else { return };
            opened.set(None);
            // Once the table shows again: its scroll, and the focus on the row's button.
            later(move || {
                if let Some(w) = web_sys::window() {
                    w.scroll_to_with_x_and_y(0.0, o.scroll.0);
                }
                if let Some(rows) = rows_scroller() {
                    rows.set_scroll_top(o.scroll.1);
                    let button = format!("[data-open=\"{}/{}\"]", o.namespace, o.name);
                    if let Some(b) =
                        rows.query_selector(&button).ok().flatten().and_then(|b| b.dyn_into::<HtmlElement>().ok())
                    {
                        let _ = b.focus();
                    }
                }
            });
        })
    };
    let back = use_node_ref();
    let id = opened.as_ref().map(|o| o.id);
    {
        let back = back.clone();
        use_effect_with(id, move |_| {
            if let Some(b) = back.cast::<HtmlElement>() {
                let _ = b.focus();
            }
        });
    }
    {
        let on_back = on_back.clone();
        use_effect_with((id, selected), move |(id, selected)| {
            let listener = (id.is_some() && !selected).then(|| {
                Listener::window("keydown", move |e: KeyboardEvent| {
                    if e.key() == "Escape" && !typing(&e) {
                        on_back.emit(());
                    }
                })
            });
            move || drop(listener)
        });
    }
    RowOpening { opened: (*opened).clone(), on_open, on_back, back }
}

/// A row's name as the button that opens it.
pub fn open_button(l: Lang, namespace: &str, name: &str, on_open: &Callback<(String, String)>) -> Html {
    let (ns, n) = (namespace.to_string(), name.to_string());
    let onclick = on_open.reform(move |_: MouseEvent| (ns.clone(), n.clone()));
    html! {
        <button type="button" class="cluster-open" data-testid="cluster-open" data-open={format!("{namespace}/{name}")}
            aria-label={l.format(Msg::ClusterOpen, &[&name, &namespace])} {onclick}>{ name }</button>
    }
}

/// The bar above an opened row's timeline: which CronJob, and the way back.
pub fn opened_bar(l: Lang, rows: &RowOpening) -> Html {
    let Some(o) = &rows.opened else { return Html::default() };
    let onclick = rows.on_back.reform(|_: MouseEvent| ());
    html! {
        <div class="cluster-opened" data-testid="cluster-opened">
            <button type="button" ref={rows.back.clone()} data-testid="cluster-back" {onclick}>{ "← " }{ l.text(Msg::ClusterBack) }</button>
            <h2 class="pane-title">{ format!("{}/{}", o.namespace, o.name) }</h2>
        </div>
    }
}
