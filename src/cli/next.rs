//! `cronjob-playground next`: see `shared/design/interfaces.md`.

use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> ExitCode {
    eprintln!("cronjob-playground next: not built yet");
    ExitCode::from(2)
}
