//! The simulation worker's entry point, built by Trunk for wasm32 (see `index.html`, which starts
//! it while the page's own module downloads): admission, the simulation, lint, compare and the
//! inspector's answers (`ui::worker`). Natively it only says how to run the playground.

#[cfg(target_arch = "wasm32")]
fn main() {
    cronjob_playground::ui::worker::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("playground-engine is the wasm32 page's simulation worker: run `bash scripts/serve.sh` (see README.md)");
}
