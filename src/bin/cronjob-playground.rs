//! The native CLI; see `cronjob_playground::cli`. On wasm32 there is no CLI (the page and the
//! JS API are the shells there), so the program is empty.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cronjob_playground::cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}
