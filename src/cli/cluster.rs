//! `cronjob-playground cluster`: every CronJob of a cluster dump simulated together over one
//! window (`app::cluster`) — a row per CronJob, the pile-ups, the answer to a time-window
//! question, and staggered schedules with the cluster run again under them. Text for people,
//! `--output json` for tools.

use crate::app::cluster::query::{Hit, Window};
use crate::app::cluster::stagger::{apply, Suggestion};
use crate::app::cluster::{self, Cluster, ClusterRow, Only, Peak, Scope, Sort};
use crate::go::Tz;
use crate::sim::scenario::HorizonDuration;
use crate::sim::trace::{format_time, Time};
use crate::sim::Input;
use serde_json::json;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Manifest files (`kubectl get cronjobs -A -o yaml`, a List, several documents); `-` or nothing reads stdin.
    /// A Simulation document sets the release, the window (`start`, `duration`; default: 7 days
    /// from the present the statuses show), pod behaviour and cluster-wide events.
    files: Vec<String>,
    /// Only these namespaces (repeat the option for several).
    #[arg(long)]
    namespace: Vec<String>,
    /// The window's length from its start (`12h`, `2d`, `7d`), over the Simulation document's.
    #[arg(long)]
    duration: Option<HorizonDuration>,
    /// The zone the table, the peaks and `--window` are read in.
    #[arg(long, default_value = "UTC")]
    zone: String,
    /// What starts, and what still runs, within `HH:MM-HH:MM` each day (in `--zone`), or within
    /// `<RFC 3339>..<RFC 3339>`.
    #[arg(long)]
    window: Option<String>,
    /// Only CronJobs with: `lost-or-late` runs, any `problems` (late, lost, skipped, failed), or of
    /// policy `forbid`, `replace`, `allow`, or `suspended`.
    #[arg(long, value_parser = ["lost-or-late", "problems", "forbid", "replace", "allow", "suspended"])]
    only: Vec<String>,
    /// Only CronJobs whose namespace, name or schedule contains this text.
    #[arg(long)]
    grep: Option<String>,
    /// Row order: `manifest`, `next` (soonest first), `runs` (most first), `problems` (most first).
    #[arg(long, default_value = "manifest", value_parser = ["manifest", "next", "runs", "problems"])]
    sort: String,
    /// Suggest later minutes for the CronJobs that pile up, and run the cluster again with them.
    #[arg(long)]
    stagger: bool,
    /// `text` or `json`.
    #[arg(long, short, default_value = "text", value_parser = ["text", "json"])]
    output: String,
}

pub fn run(args: Args) -> ExitCode {
    match answer(&args) {
        Ok(text) if super::emit(&text) => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(why) => {
            eprintln!("cronjob-playground cluster: {why}");
            ExitCode::FAILURE
        }
    }
}

/// The answer's text; `Err` is what the command says on stderr before it fails.
fn answer(args: &Args) -> Result<String, Box<dyn std::error::Error>> {
    let text = super::read_manifests(&args.files)?;
    let zone: Tz = args.zone.parse().map_err(|_| format!("--zone: unknown time zone {}", args.zone))?;
    let window = args.window.as_deref().map(|w| Window::parse(w, zone)).transpose()?;
    let sort: Sort = args.sort.parse()?;
    let input = Input::read(&text);
    let scope = Scope { namespaces: args.namespace.clone(), duration: args.duration, ..Scope::default() };
    let run = cluster::run_with(&input, &scope, |_, _| false)?;
    let rows: Vec<&ClusterRow> = run.sorted(sort).into_iter().filter(|r| keep(args, r)).collect();
    let peaks = run.peaks(zone);
    let hits = window.as_ref().map(|w| run.query(w));
    let staggered = if args.stagger {
        let suggestions = run.stagger();
        let text = apply(&text, &suggestions, (run.start, run.end))?;
        let after = cluster::run_with(&Input::read(&text), &scope, |_, _| false)?;
        Some((suggestions, after))
    } else {
        None
    };
    let version = run.parts.first().map(|p| p.trace.kubernetes_version.to_string()).unwrap_or_default();
    let notices: Vec<&String> = run.parts.iter().flat_map(|p| &p.trace.notices).collect();
    if args.output == "json" {
        let stagger = staggered.as_ref().map(|(suggestions, after)| {
            json!({"suggestions": suggestions, "peaksAfter": after.peaks(zone), "mostStartsAfter": most_starts(after)})
        });
        let window = hits.as_ref().map(|hits| json!({"spec": args.window, "zone": zone.name(), "hits": hits}));
        let answer = json!({
            "kubernetesVersion": version, "start": format_time(&run.start), "end": format_time(&run.end),
                "zone": zone.name(),
            "namespaces": run.parts.iter().map(|p| &p.namespace).collect::<Vec<_>>(), "notices": notices,
            "rows": rows, "density": run.density, "peaks": peaks, "window": window, "stagger": stagger,
        });
        return Ok(serde_json::to_string(&answer).expect("JSON serializes") + "\n");
    }
    let mut out = format!(
        "# {} CronJobs in {} namespaces, Kubernetes {version}, {} → {} (times in {})\n",
        run.rows.len(),
        run.parts.len(),
        format_time(&run.start),
        format_time(&run.end),
        zone.name()
    );
    for n in notices {
        out += &format!("notice: {n}\n");
    }
    out += &table(&rows, zone);
    out += &peaks_text(&peaks);
    if let (Some(hits), Some(spec)) = (&hits, &args.window) {
        out += &window_text(spec, hits, zone);
    }
    if let Some((suggestions, after)) = &staggered {
        out += &stagger_text(suggestions, after, zone);
    }
    Ok(out)
}

fn keep(args: &Args, r: &ClusterRow) -> bool {
    // clap admits only the names `Only` reads.
    let only = args.only.iter().all(|o| o.parse::<Only>().is_ok_and(|o| o.keeps(r)));
    let grep = args.grep.as_deref().is_none_or(|g| [&r.namespace, &r.name, &r.schedule].iter().any(|f| f.contains(g)));
    only && grep
}

fn local(t: Time, zone: Tz) -> String {
    t.with_timezone(&zone).format("%a %d %b %H:%M").to_string()
}

fn table(rows: &[&ClusterRow], zone: Tz) -> String {
    let head = [
        "NAMESPACE",
        "NAME",
        "SCHEDULE",
        "TIMEZONE",
        "POLICY",
        "RUNS",
        "LATE",
        "LOST",
        "SKIPPED",
        "FAILED",
        "NEXT RUN",
    ];
    let lines: Vec<[String; 11]> = rows
        .iter()
        .map(|r| {
            [
                r.namespace.clone(),
                r.name.clone(),
                r.schedule.clone() + if r.suspend { " (suspended)" } else { "" },
                r.time_zone.clone().unwrap_or_else(|| "-".into()),
                r.concurrency_policy.clone(),
                r.runs.to_string(),
                r.late.to_string(),
                r.lost.to_string(),
                r.skipped.to_string(),
                r.failed_jobs.to_string(),
                r.next_run.map_or_else(|| "-".into(), |t| local(t, zone)),
            ]
        })
        .collect();
    let widths: Vec<usize> = (0..head.len())
        .map(|i| lines.iter().map(|l| l[i].chars().count()).chain([head[i].len()]).max().unwrap_or(0))
        .collect();
    let row = |cells: Vec<&str>| {
        let padded: Vec<String> = cells.iter().zip(&widths).map(|(c, w)| format!("{c:<w$}")).collect();
        padded.join("  ").trim_end().to_string() + "\n"
    };
    let mut out = row(head.to_vec());
    for l in &lines {
        out += &row(l.iter().map(String::as_str).collect());
    }
    if rows.is_empty() {
        out += "(no CronJob matches)\n";
    }
    out
}

fn peaks_text(peaks: &[Peak]) -> String {
    if peaks.is_empty() {
        return format!("\nno pile-up: no minute starts {} or more Jobs\n", cluster::density::PILE_UP);
    }
    let mut out = format!("\npile-ups ({} or more Jobs starting within one minute):\n", cluster::density::PILE_UP);
    for p in peaks {
        out += &format!("  {} ({} running)\n    {}\n", p.text, p.running, p.cron_jobs.join(" "));
    }
    out
}

fn window_text(spec: &str, hits: &[Hit], zone: Tz) -> String {
    let mut out = format!("\nwindow {spec} ({}):\n", zone.name());
    let mut span = "";
    for h in hits {
        if h.span != span {
            span = &h.span;
            out += &format!("  {span}\n");
        }
        let what = if h.still_running { "running" } else { "starts " };
        let until = h.stopped.map_or_else(|| "past the window's end".into(), |t| local(t, zone));
        out += &format!("    {what}  {}  {}  {} → {until}\n", h.cron_job, h.job, local(h.started, zone));
    }
    if hits.is_empty() {
        out += "  nothing starts or runs in it\n";
    }
    out
}

fn most_starts(c: &Cluster) -> u32 {
    c.density.starts.iter().copied().max().unwrap_or(0)
}

fn stagger_text(suggestions: &[Suggestion], after: &Cluster, zone: Tz) -> String {
    if suggestions.is_empty() {
        return "\nstagger: nothing to move (no pile-up, or no CronJob in one can move its minute)\n".into();
    }
    let mut out = "\nstagger (each CronJob moved within its own tolerance):\n".to_string();
    for s in suggestions {
        out += &s.diff();
    }
    let peaks = after.peaks(zone);
    out += &format!("with these schedules, the most Jobs starting within one minute: {}\n", most_starts(after));
    out += &peaks_text(&peaks);
    out
}
