//! `cronjob-playground validate`: see `shared/design/interfaces.md`.

use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> ExitCode {
    eprintln!("cronjob-playground validate: not built yet");
    ExitCode::from(2)
}
