//! The playground page (Yew, wasm32 only): a thin shell over the layers below — the editor and
//! controls produce text, `engine` turns it into a trace, `timeline` lays it out, and the
//! components draw it.

mod app;
mod clock;
mod cluster_view;
mod compare_view;
mod controls;
mod editor;
pub mod engine;
mod export;
mod inspector;
mod language;
mod lint_view;
mod overview;
mod perf;
mod run_status;
mod runner;
mod scenario_menu;
mod schedule_card;
mod share;
mod shortcuts;
mod state;
mod timeline_view;
mod viewer_zone;
pub mod worker;
mod zone_menu;

pub use app::{App, AppProps, EXAMPLE, STORAGE_KEY};
pub use runner::Engine;

/// A number typed or written into the page (a form field, an attribute), read by JavaScript's
/// `Number()`: `None` for blank or non-numeric text. Not `str::parse::<f64>`, whose exact
/// algorithm brings a 10 KB table of powers of five into the page's module.
fn number(text: &str) -> Option<f64> {
    let text = text.trim();
    let n = text.parse::<js_sys::Number>().ok()?.value_of();
    (!text.is_empty() && !n.is_nan()).then_some(n)
}

/// Mounts the page on `<body>`.
pub fn start() {
    yew::Renderer::<App>::with_props(AppProps { initial_text: None, engine: Engine::Worker }).render();
}
