//! Runs the engine for the latest text without blocking typing: requests coalesce (only the
//! newest pending text runs), and each run starts from a fresh macrotask so the keystroke paints
//! first.

use super::engine::{run, RunResult};
use gloo_timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::Rc;
use yew::Callback;

#[derive(Default)]
struct Inner {
    pending: Option<String>,
    timer: Option<Timeout>,
}

/// Runs requests one at a time and reports `(result, milliseconds)`.
pub struct Runner {
    on_result: Callback<(RunResult, f64)>,
    inner: Rc<RefCell<Inner>>,
}

impl Runner {
    pub fn new(on_result: Callback<(RunResult, f64)>) -> Runner {
        Runner { on_result, inner: Rc::default() }
    }

    /// Asks for a run of `text`; replaces any request not yet started.
    pub fn request(&mut self, text: String, _asked_at: f64) {
        let mut inner = self.inner.borrow_mut();
        inner.pending = Some(text);
        if inner.timer.is_none() {
            let (shared, cb) = (self.inner.clone(), self.on_result.clone());
            inner.timer = Some(Timeout::new(0, move || {
                let text = {
                    let mut i = shared.borrow_mut();
                    i.timer = None;
                    i.pending.take()
                };
                if let Some(text) = text {
                    let t0 = super::app_now();
                    let result = run(&text);
                    cb.emit((result, super::app_now() - t0));
                }
            }));
        }
    }
}
