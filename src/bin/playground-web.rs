//! The web app's entry point, built by Trunk for wasm32 (see `index.html`). The same module runs
//! twice: in the page it mounts the UI; loaded again in a web worker by the page (`ui::runner`),
//! it becomes the simulation worker — one download serves both. Natively it only says how to
//! run the playground.

#[cfg(target_arch = "wasm32")]
fn main() {
    if web_sys::window().is_some() {
        cronjob_playground::ui::start();
    } else {
        cronjob_playground::ui::worker::start();
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("playground-web is the wasm32 page: run `bash scripts/serve.sh` (see README.md)");
}
