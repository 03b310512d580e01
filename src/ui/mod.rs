//! The playground page (Yew, wasm32 only): a thin shell over the layers below.

mod app;

pub use app::{App, AppProps};

/// Mounts the page on `<body>`.
pub fn start() {
    yew::Renderer::<App>::new().render();
}
