//! The native command-line shell, `cronjob-playground`: one subcommand per core layer, each with
//! a human text form and the machine contracts of `docs/contracts.md` (`--output json`,
//! `--jsonl`).

mod cluster;
mod jsonl;
mod lint;
mod next;
mod share;
mod simulate;
mod sync;
mod validate;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "cronjob-playground",
    version,
    about = "What Kubernetes would do with your CronJob, on a virtual clock"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Next run times of a schedule, exactly as robfig/cron v3 computes them.
    Next(next::Args),
    /// Default and validate manifests as the API server does.
    Validate(validate::Args),
    /// One CronJob controller sync, as kube-controller-manager does it.
    Sync(sync::Args),
    /// Run manifests on the virtual clock and print the trace.
    Simulate(simulate::Args),
    /// Risks of many CronJobs at once (e.g. `kubectl get cronjobs -A -o yaml`), found by probing simulations.
    Lint(lint::Args),
    /// Every CronJob of a cluster dump on one window: a row each, the pile-ups, a time-window
    /// question, staggered schedules.
    Cluster(cluster::Args),
    /// A link that opens manifests in the playground page (or, with --open, what a link holds).
    Share(share::Args),
}

/// A file (or standard input, `-`) a command could not read: `Display` names it and says why.
#[derive(Debug)]
struct ReadError {
    source: String,
    error: std::io::Error,
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.source, self.error)
    }
}

impl std::error::Error for ReadError {}

/// The text of `source`: a file, or standard input for `-`.
fn read_source(source: &str) -> Result<String, ReadError> {
    use std::io::Read;
    let mut text = String::new();
    let read = if source == "-" {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::File::open(source).and_then(|mut f| f.read_to_string(&mut text)).map(|_| ())
    };
    read.map_err(|error| ReadError { source: source.to_string(), error })?;
    Ok(text)
}

/// The manifests of `files` (standard input for none, or for `-`) as one stream, each file ended by
/// a newline and a `---`; `Err` names the file that could not be read, and why.
fn read_manifests(files: &[String]) -> Result<String, ReadError> {
    let stdin = ["-".to_string()];
    let mut text = String::new();
    for source in if files.is_empty() { &stdin[..] } else { files } {
        text.push_str(&read_source(source)?);
        if !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str("---\n");
    }
    Ok(text)
}

/// Writes an answer to stdout. A reader that stops early (`… | head`) only drops the rest: the
/// command ends as it would have, where `print!` would panic on the broken pipe. Any other write
/// error is said on stderr and makes the answer `false`.
fn emit(text: &str) -> bool {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => true,
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => true,
        Err(err) => {
            eprintln!("cronjob-playground: stdout: {err}");
            false
        }
    }
}

/// Parses the process arguments and runs the chosen subcommand.
pub fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Next(args) => next::run(args),
        Command::Validate(args) => validate::run(args),
        Command::Sync(args) => sync::run(args),
        Command::Simulate(args) => simulate::run(args),
        Command::Lint(args) => lint::run(args),
        Command::Cluster(args) => cluster::run(args),
        Command::Share(args) => share::run(args),
    }
}
