//! The timeline's keyboard input: one tab stop (the focused or selected item, else the drawing),
//! arrow keys, Home and End along and across lanes (`timeline::nav`), Enter or Space on an item
//! doing what a click does; the focus follows the item it moved to once it is drawn.

use super::super::listen::target_element;
use super::super::state::{Action, ViewState};
use super::input::click_action;
use super::parse_item;
use crate::timeline::nav::{step, Move};
use crate::timeline::viewport::{time_of_ms, Viewport};
use crate::timeline::ItemRef;
use std::collections::HashSet;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, KeyboardEvent};
use yew::prelude::*;

/// The drawing's key handler: a move from the item the key was pressed on (or, on the drawing
/// itself, to the first item in view), or a click's action on Enter or Space.
pub(super) fn key_handler(
    state: &ViewState,
    expanded: Rc<HashSet<String>>,
    dispatch: &UseReducerDispatcher<ViewState>,
) -> Callback<KeyboardEvent> {
    let (model, dispatch, view): (_, _, Viewport) = (state.model.clone(), dispatch.clone(), state.view);
    Callback::from(move |e: KeyboardEvent| {
        if e.ctrl_key() || e.meta_key() || e.alt_key() {
            return;
        }
        let on = target_element(&e).and_then(|t| t.closest("[data-item]").ok().flatten());
        let key = e.key();
        if key == "Enter" || key == " " {
            if let Some(el) = &on {
                e.prevent_default();
                dispatch.dispatch(click_action(el, &view));
            }
            return;
        }
        let (Some(how), Some(tl)) = (Move::of_key(&key), model.as_ref().and_then(|m| m.timeline.as_ref())) else {
            return;
        };
        e.prevent_default();
        let from = on.and_then(|el| el.get_attribute("data-item")).as_deref().and_then(parse_item);
        let from = from.filter(|f| matches!(f, ItemRef::Slot(_) | ItemRef::Job(_) | ItemRef::Pod(_)));
        if let Some(next) = step(tl, &expanded, from, how, time_of_ms(view.from)) {
            dispatch.dispatch(Action::Focus(next));
        }
    })
}

/// After each render: the drawing is the tab stop when no item is (`[data-item][tabindex="0"]`),
/// and while the focus is inside the drawing it follows the focused item — also when the render
/// replaced the element that had it (the focus fell to the page's body).
#[hook]
pub(super) fn use_roving_focus(container: NodeRef, focused: Option<ItemRef>) {
    let was_inside = use_mut_ref(|| false);
    use_effect(move || {
        let Some(root) = container.cast::<Element>() else { return };
        let Ok(Some(svg)) = root.query_selector("svg.timeline-svg") else { return };
        let has_stop = root.query_selector("[data-item][tabindex=\"0\"]").ok().flatten().is_some();
        let _ = svg.set_attribute("tabindex", if has_stop { "-1" } else { "0" });
        let active = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element());
        let inside = active.as_ref().is_some_and(|a| svg.contains(Some(a)));
        let dropped = *was_inside.borrow() && active.as_ref().is_none_or(|a| a.tag_name() == "BODY");
        *was_inside.borrow_mut() = inside || dropped;
        if let (true, Some(item)) = (inside || dropped, focused) {
            let selector = format!("[data-item=\"{item}\"]");
            if let Ok(Some(el)) = svg.query_selector(&selector) {
                if active.as_ref() != Some(&el) {
                    // An SVG element, focused through the `focus()` every element has.
                    let _ = el.unchecked_into::<HtmlElement>().focus();
                }
            }
        }
    });
}
