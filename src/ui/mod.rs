//! The playground page (Yew, wasm32 only): a thin shell over the layers below — the editor and
//! controls produce text, `engine` turns it into a trace, `timeline` lays it out, and the
//! components draw it.

mod app;
mod clock;
mod cluster_filter;
mod cluster_open;
mod cluster_view;
mod cluster_whatif;
mod compare_view;
mod controls;
mod editor;
pub mod engine;
mod export;
mod header;
mod help;
mod inspector;
mod language;
mod lint_view;
mod listen;
mod opening;
mod overview;
mod perf;
mod run_status;
mod runner;
mod scenario_menu;
mod schedule_card;
mod share;
mod shortcuts;
mod state;
mod storage;
mod text;
mod theme;
mod timeline_view;
mod viewer_zone;
mod wiring;
pub mod worker;
mod zone_menu;

pub use app::{App, AppProps};
pub use runner::Engine;
pub use text::{EXAMPLE, STORAGE_KEY};

/// A number typed or written into the page (a form field, an attribute), read by JavaScript's
/// `Number()`: `None` for blank or non-numeric text. Not `str::parse::<f64>`, whose exact
/// algorithm brings a 10 KB table of powers of five into the page's module.
fn number(text: &str) -> Option<f64> {
    let text = text.trim();
    let n = text.parse::<js_sys::Number>().ok()?.value_of();
    (!text.is_empty() && !n.is_nan()).then_some(n)
}

/// Runs `f` in a task of its own, after the tasks already waiting (a zero timeout).
fn later(f: impl FnOnce() + 'static) {
    gloo_timers::callback::Timeout::new(0, f).forget();
}

/// Mounts the page on `<body>`.
pub fn start() {
    yew::Renderer::<App>::with_props(AppProps { initial_text: None, engine: Engine::Worker }).render();
}
