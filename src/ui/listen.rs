//! The page's own DOM listeners and event targets: a listener added to the window (or an
//! element) that is removed when it is dropped, so that an effect's cleanup is `drop`, and the
//! element an event was dispatched on.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{AddEventListenerOptions, Element, Event, EventTarget};

/// A listener for `event` on `target`, removed from it when this is dropped (an effect keeps it
/// for as long as the component's state that made it holds).
pub struct Listener {
    target: EventTarget,
    event: &'static str,
    handler: Closure<dyn Fn(Event)>,
}

impl Listener {
    /// `f` for every `event` on the window, as the event type it is (`KeyboardEvent`, …).
    pub fn window<E: JsCast>(event: &'static str, f: impl Fn(E) + 'static) -> Listener {
        Listener::on(web_sys::window().expect("window").into(), event, f, None)
    }

    /// `f` for every `event` on `target`, not passive: `f` may prevent the default (a wheel that
    /// zooms must keep the page from scrolling).
    pub fn active<E: JsCast>(target: &EventTarget, event: &'static str, f: impl Fn(E) + 'static) -> Listener {
        let options = AddEventListenerOptions::new();
        options.set_passive(false);
        Listener::on(target.clone(), event, f, Some(options))
    }

    fn on<E: JsCast>(
        target: EventTarget,
        event: &'static str,
        f: impl Fn(E) + 'static,
        options: Option<AddEventListenerOptions>,
    ) -> Listener {
        let handler = Closure::<dyn Fn(Event)>::new(move |e: Event| f(e.unchecked_into()));
        let callback = handler.as_ref().unchecked_ref();
        let _ = match &options {
            Some(options) => {
                target.add_event_listener_with_callback_and_add_event_listener_options(event, callback, options)
            }
            None => target.add_event_listener_with_callback(event, callback),
        };
        Listener { target, event, handler }
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        let _ = self.target.remove_event_listener_with_callback(self.event, self.handler.as_ref().unchecked_ref());
    }
}

/// The element `e` was dispatched on, if it was one (not the window or a text node).
pub fn target_element(e: &Event) -> Option<Element> {
    e.target().and_then(|t| t.dyn_into::<Element>().ok())
}
