//! The playground page (Yew, wasm32 only): a thin shell over the layers below — the editor and
//! controls produce text, `engine` turns it into a trace, `timeline` lays it out, and the
//! components draw it.

mod app;
mod clock;
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
mod protocol;
mod runner;
mod scenario_menu;
mod session;
mod share;
mod state;
mod timeline_view;
pub mod worker;

pub use app::{App, AppProps, EXAMPLE, STORAGE_KEY};
pub use runner::Engine;

/// Mounts the page on `<body>`.
pub fn start() {
    yew::Renderer::<App>::with_props(AppProps { initial_text: None, engine: Engine::Worker }).render();
}

