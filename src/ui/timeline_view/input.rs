//! The timeline's pointer input: the lanes' width follows the container, the wheel zooms or
//! pans, a drag pans (or scrubs the clock from the axis), and a click that did not drag selects
//! what it hit through one delegated handler.

use super::super::listen::{target_element, Listener};
use super::super::state::{Action, ViewState};
use crate::timeline::rows::AXIS_HEIGHT;
use crate::timeline::viewport::{label_width, Viewport};
use std::cell::RefCell;
use std::rc::Rc;
use web_sys::{Element, MouseEvent, WheelEvent};
use yew::prelude::*;

/// The lanes' width follows the container (on resize too), and the wheel zooms, or pans with
/// shift or a sideways wheel; the wheel needs a non-passive listener to keep the page still.
#[hook]
pub(super) fn use_width_and_wheel(container: NodeRef, dispatch: UseReducerDispatcher<ViewState>) {
    use_effect_with((), move |_| {
        let el: Option<Element> = container.cast::<Element>();
        let measure = {
            let el = el.clone();
            let dispatch = dispatch.clone();
            move || {
                if let Some(el) = &el {
                    dispatch.dispatch(Action::Width(el.client_width() as f64 - 2.0));
                }
            }
        };
        measure();
        let on_resize = Listener::window("resize", move |_: web_sys::Event| measure());
        let on_wheel = el.map(|el| {
            Listener::active(&el.clone().into(), "wheel", move |e: WheelEvent| {
                if let Some(action) = wheel_action(&el, &e) {
                    e.prevent_default();
                    dispatch.dispatch(action);
                }
            })
        });
        move || drop((on_resize, on_wheel))
    });
}

/// What a wheel over the container `el` does: nothing over the label column; a pan with shift or
/// a sideways wheel; otherwise a zoom around the pointer.
fn wheel_action(el: &Element, e: &WheelEvent) -> Option<Action> {
    let rect = el.get_bounding_client_rect();
    let x = e.client_x() as f64 - rect.left() - label_width(el.client_width() as f64 - 2.0);
    if x < 0.0 {
        return None;
    }
    let (dx, dy) = (e.delta_x(), e.delta_y());
    Some(if e.shift_key() || dx.abs() > dy.abs() {
        Action::Pan(-(if dx.abs() > dy.abs() { dx } else { dy }))
    } else {
        Action::Zoom { anchor_x: x, factor: (dy * 0.002).exp() }
    })
}

/// A press on the drawing: how far it has moved, whether the button is down, and whether it
/// scrubs the clock (it started on the axis) rather than panning.
#[derive(Clone, Copy, Default)]
pub(super) struct Drag {
    moved: f64,
    pressed: bool,
    scrub: bool,
}

/// The drawing's mouse handlers: drag pans (or scrubs the clock from the axis), a click that did
/// not drag selects what it hit through one delegated handler reading `data-item`, `data-pin`
/// (a pod lane) or `data-zoom` (a cluster).
pub(super) struct Pointer {
    pub onmousedown: Callback<MouseEvent>,
    pub onmousemove: Callback<MouseEvent>,
    pub onmouseup: Callback<MouseEvent>,
    pub onclick: Callback<MouseEvent>,
}

impl Pointer {
    pub(super) fn new(
        drag: &Rc<RefCell<Drag>>,
        dispatch: &UseReducerDispatcher<ViewState>,
        container: &NodeRef,
        view: Viewport,
        label: f64,
    ) -> Pointer {
        let to_view_x = {
            let container = container.clone();
            move |client_x: i32| -> f64 {
                let left = container.cast::<Element>().map_or(0.0, |el| el.get_bounding_client_rect().left());
                client_x as f64 - left - label
            }
        };
        let onmousedown = {
            let (drag, dispatch, to_view_x) = (drag.clone(), dispatch.clone(), to_view_x.clone());
            Callback::from(move |e: MouseEvent| {
                let scrub = (e.offset_y() as f64) < AXIS_HEIGHT;
                *drag.borrow_mut() = Drag { moved: 0.0, pressed: true, scrub };
                if scrub {
                    dispatch.dispatch(Action::Seek(view.t(to_view_x(e.client_x()))));
                }
            })
        };
        let onmousemove = {
            let (drag, dispatch) = (drag.clone(), dispatch.clone());
            Callback::from(move |e: MouseEvent| {
                let Drag { moved, pressed, scrub } = *drag.borrow();
                if !pressed || e.buttons() & 1 == 0 {
                    drag.borrow_mut().pressed = false;
                    return;
                }
                if scrub {
                    dispatch.dispatch(Action::Seek(view.t(to_view_x(e.client_x()))));
                } else {
                    let dx = e.movement_x() as f64;
                    drag.borrow_mut().moved = moved + dx.abs();
                    dispatch.dispatch(Action::Pan(dx));
                }
            })
        };
        let onmouseup = {
            let drag = drag.clone();
            Callback::from(move |_: MouseEvent| drag.borrow_mut().pressed = false)
        };
        let onclick = click_handler(drag, dispatch, view);
        Pointer { onmousedown, onmousemove, onmouseup, onclick }
    }
}

/// A click that did not drag or scrub: the nearest `data-item`, `data-pin` or `data-zoom` element
/// around its target says what it does; a click on nothing clears the selection.
fn click_handler(
    drag: &Rc<RefCell<Drag>>,
    dispatch: &UseReducerDispatcher<ViewState>,
    view: Viewport,
) -> Callback<MouseEvent> {
    let (drag, dispatch) = (drag.clone(), dispatch.clone());
    Callback::from(move |e: MouseEvent| {
        let Drag { moved, scrub, .. } = *drag.borrow();
        if moved > 4.0 || scrub {
            return;
        }
        let hit =
            target_element(&e).as_ref().and_then(|t| t.closest("[data-item],[data-pin],[data-zoom]").ok().flatten());
        dispatch.dispatch(match hit {
            None => Action::Select(None),
            Some(el) => click_action(&el, &view),
        });
    })
}

/// What a click on `el` does (Enter or Space on it too): open or close a pod lane, zoom into a
/// cluster, or open an item (a Job zooms to itself).
pub(super) fn click_action(el: &Element, view: &Viewport) -> Action {
    if let Some(pin) = el.get_attribute("data-pin") {
        return Action::TogglePin(pin);
    }
    if let Some(z) = el.get_attribute("data-zoom") {
        let mut xs = z.split(':').filter_map(super::super::number);
        if let (Some(a), Some(b)) = (xs.next(), xs.next()) {
            let centre = (a + b) / 2.0;
            return Action::Zoom { anchor_x: centre, factor: ((b - a + 40.0) / view.width).clamp(0.05, 0.5) };
        }
    }
    match el.get_attribute("data-item").as_deref().and_then(super::parse_item) {
        Some(item) => Action::Open(item),
        None => Action::Select(None),
    }
}
