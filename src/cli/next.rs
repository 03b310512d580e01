//! `cronjob-playground next`: the next run times of a schedule as robfig/cron v3 computes them,
//! with a plain-language description (`docs/contracts.md` §1). The work is
//! [`crate::cron::answer_next`]; this file only reads arguments and prints.

use super::jsonl::serve_stdio;
use crate::app::dialect_notes::{dialect_name, feature_words};
use crate::cron::{answer_next, DialectAnswer, NextRequest, NextResponse};
use crate::go::Tz;
use crate::i18n::Lang;
use chrono::{DateTime, Utc};
use std::fmt::Write as _;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The schedule (`.spec.schedule`), e.g. "*/15 9-17 * * 1-5", "@daily", "TZ=UTC 0 5 * * *".
    #[arg(required_unless_present = "jsonl")]
    schedule: Option<String>,
    /// `.spec.timeZone`, applied as the controller does (a `TZ=<zone> ` prefix).
    #[arg(long)]
    time_zone: Option<String>,
    /// kube-controller-manager's local zone: where schedules without a zone run.
    #[arg(long, default_value = "UTC")]
    local_zone: String,
    /// Start of the chain (RFC 3339); default: now.
    #[arg(long)]
    after: Option<String>,
    /// How many run times (at most 1000).
    #[arg(long, default_value_t = 5)]
    count: usize,
    /// Output format: text or json.
    #[arg(long, default_value = "text", value_parser = ["text", "json"])]
    output: String,
    /// Read one JSON request per line on stdin, answer one JSON line each.
    #[arg(long)]
    jsonl: bool,
    /// With `--output json`: read a refused schedule as the cron dialect it looks like (Quartz,
    /// EventBridge, Jenkins, crontab), the response's `dialect`. The text output always does.
    #[arg(long)]
    dialects: bool,
}

pub fn run(args: Args) -> ExitCode {
    if args.jsonl {
        return serve_stdio(|request: NextRequest| answer_next(request, Utc::now()));
    }
    let request = NextRequest {
        schedule: args.schedule.unwrap_or_default(),
        time_zone: args.time_zone,
        local_zone: Some(args.local_zone.clone()),
        after: args.after,
        count: Some(args.count),
        dialects: args.dialects || args.output != "json",
    };
    let response = answer_next(request, Utc::now());
    let answer = if args.output == "json" {
        serde_json::to_string_pretty(&response).unwrap_or_default() + "\n"
    } else {
        render_text(&response, &args.local_zone)
    };
    if let Some(error) = response.error.as_ref().filter(|_| args.output != "json") {
        eprintln!("error: {error}");
    }
    if !super::emit(&answer) {
        return ExitCode::FAILURE;
    }
    if response.ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn render_text(response: &NextResponse, local_zone: &str) -> String {
    let mut out = String::new();
    if let Some(d) = &response.dialect {
        render_dialect(&mut out, d, local_zone);
    }
    if let Some(description) = &response.description {
        let _ = writeln!(out, "{description}");
    }
    for note in response.notes.iter().flatten() {
        let _ = writeln!(out, "  note: {note}");
    }
    // When the schedule follows another zone's clock, show that wall clock too.
    let other_zone = response.schedule_zone.as_deref().filter(|z| *z != local_zone).and_then(|z| z.parse::<Tz>().ok());
    if let Some(times) = &response.times {
        let _ = writeln!(out, "Next runs ({local_zone}):");
        for time in times {
            let Some(time) = time else {
                let _ = writeln!(out, "  none within robfig/cron's 5-year search");
                continue;
            };
            let _ = match (other_zone, DateTime::parse_from_rfc3339(time)) {
                (Some(zone), Ok(t)) => {
                    writeln!(out, "  {time}  ({} {})", t.with_timezone(&zone).format("%a %Y-%m-%d %H:%M"), zone.name())
                }
                _ => writeln!(out, "  {time}"),
            };
        }
    }
    out
}

/// A refused schedule read as another dialect: what it means there, its runs there, and the
/// nearest Kubernetes schedule.
fn render_dialect(out: &mut String, d: &DialectAnswer, local_zone: &str) {
    let r = &d.reading;
    let _ = writeln!(out, "Reads as {}:", dialect_name(Lang::En, r.dialect));
    for f in &r.features {
        let _ = writeln!(out, "  {}", feature_words(Lang::En, f));
    }
    if !d.runs.is_empty() {
        let _ = writeln!(out, "Its runs there ({local_zone}):");
        for run in &d.runs {
            let _ = writeln!(out, "  {run}");
        }
    }
    let _ = match (&r.nearest, r.exact) {
        (Some(n), true) => writeln!(out, "Kubernetes runs the same with: {n}"),
        (Some(n), false) => writeln!(out, "Nearest Kubernetes schedule: {n}"),
        (None, _) => writeln!(out, "No Kubernetes schedule does the same."),
    };
}
