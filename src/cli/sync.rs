//! `cronjob-playground sync`: one CronJob controller sync, as kube-controller-manager does it
//! (`docs/contracts.md` §3). `--jsonl` serves one request per stdin line; otherwise
//! one request is read from a file (or stdin) and printed as JSON or as text.

use super::jsonl::serve_stdio;
use crate::controller::cronjob::wire::{answer, answer_line, SyncRequest, SyncResponse};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Read one JSON request per stdin line and answer one JSON line each.
    #[arg(long)]
    jsonl: bool,
    /// The request file (JSON); `-` or absent reads stdin.
    request: Option<String>,
    /// `json` prints the response document; `text` a readable summary.
    #[arg(long, default_value = "text", value_parser = ["text", "json"])]
    output: String,
}

pub fn run(args: Args) -> ExitCode {
    if args.jsonl {
        return serve_stdio(answer_line);
    }
    let text = match super::read_source(args.request.as_deref().unwrap_or("-")) {
        Ok(text) => text,
        Err(err) => {
            let source = if err.source == "-" { "stdin" } else { &err.source };
            eprintln!("cronjob-playground sync: reading {source}: {}", err.error);
            return ExitCode::from(2);
        }
    };
    let response = serde_json::from_str::<SyncRequest>(&text)
        .map_err(|e| format!("bad request: {e}"))
        .and_then(|r| answer(&r).map_err(|refusal| refusal.to_string()));
    match (response, args.output.as_str()) {
        (Err(err), _) => {
            eprintln!("cronjob-playground sync: {err}");
            ExitCode::from(2)
        }
        (Ok(response), "json") => match serde_json::to_string_pretty(&response) {
            Ok(json) if super::emit(&format!("{json}\n")) => ExitCode::SUCCESS,
            Ok(_) => ExitCode::FAILURE,
            Err(err) => {
                eprintln!("cronjob-playground sync: {err}");
                ExitCode::FAILURE
            }
        },
        (Ok(response), _) if super::emit(&describe(&response)) => ExitCode::SUCCESS,
        (Ok(_), _) => ExitCode::FAILURE,
    }
}

/// The text form: the decision first, then what the controller did.
fn describe(r: &SyncResponse) -> String {
    let mut out = format!("decision: {}\n  {}\n", r.decision.code, r.decision.explanation);
    for job in &r.created_jobs {
        out.push_str(&format!("created job: {}\n", job.metadata.name));
    }
    for name in &r.deleted_jobs {
        out.push_str(&format!("deleted job: {name}\n"));
    }
    for e in &r.events {
        out.push_str(&format!("event: {:?} {}: {}\n", e.event_type, e.reason, e.message));
    }
    if let Some(status) = &r.status_update {
        let active: Vec<&str> = status.active.iter().map(|a| a.name.as_str()).collect();
        out.push_str(&format!(
            "status update: active [{}], lastScheduleTime {}, lastSuccessfulTime {}\n",
            active.join(", "),
            status.last_schedule_time.map_or("-".to_owned(), |t| t.to_rfc3339()),
            status.last_successful_time.map_or("-".to_owned(), |t| t.to_rfc3339())
        ));
    }
    match r.requeue_after_seconds {
        Some(s) => out.push_str(&format!("requeue after: {s} s\n")),
        None => out.push_str("requeue: none\n"),
    }
    if let Some(err) = &r.error {
        out.push_str(&format!("error: {err}\n"));
    }
    out
}
