//! The web page's entry point, built by Trunk for wasm32 (see `index.html`): mounts the UI. The
//! engine runs in its own module (`playground-engine`), so this one downloads without it.
//! Natively it only says how to run the playground.

#[cfg(target_arch = "wasm32")]
fn main() {
    cronjob_playground::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("playground-web is the wasm32 page: run `bash scripts/serve.sh` (see README.md)");
}
