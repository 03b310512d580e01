//! `cronjob-playground simulate`: run manifests on the virtual clock (`docs/contracts.md`
//! §4). `--output json` prints the trace (one line, the same bytes the JS API's objects
//! stringify to); `timeline` (the default) draws one set of lanes per CronJob in the terminal —
//! slots with ✓ ◆ ☓ ○, Job bars, the reasons for every slot that did not run on time; `table`
//! prints `kubectl get cronjob,job,pod` at the end of the horizon; `--jsonl` answers
//! `{"manifest": "...", "simulation": {...}}` lines with traces.

use super::jsonl::serve_stdio;
use crate::sim::trace::{format_time, SlotFate, Time, Trace};
use crate::timeline::kubectl::{cron_jobs_at, jobs_at, pods_at};
use crate::timeline::lanes::{fate_name, Group, JobOutcome};
use crate::timeline::{Glyph, Timeline};
use serde::Deserialize;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Manifest files (CronJobs, Jobs and at most one Simulation document); `-` or nothing reads stdin.
    files: Vec<String>,
    /// `timeline` (terminal lanes), `json` (the trace) or `table` (kubectl get at the end).
    #[arg(long, short, default_value = "timeline", value_parser = ["timeline", "json", "table"])]
    output: String,
    /// Width of the timeline lanes in columns.
    #[arg(long, default_value_t = 96)]
    width: usize,
    /// Read one JSON request per line on stdin (`{"manifest": "...", "simulation": {...}}`) and
    /// answer each with its trace on one line.
    #[arg(long)]
    jsonl: bool,
}

/// One `--jsonl` request.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    manifest: String,
    #[serde(default)]
    simulation: Option<serde_json::Value>,
}

/// A `--jsonl` answer: the trace, or `{"error": "..."}`.
#[derive(serde::Serialize)]
#[serde(untagged)]
enum Response {
    Trace(Box<Trace>),
    Error { error: String },
}

pub fn run(args: Args) -> ExitCode {
    if args.jsonl {
        return serve_stdio(|r: Request| match crate::sim::simulate(&r.manifest, r.simulation) {
            Ok(trace) => Response::Trace(Box::new(trace)),
            Err(e) => Response::Error { error: e.to_string() },
        });
    }
    let text = match super::read_manifests(&args.files) {
        Ok(text) => text,
        Err(why) => return fail(&why.to_string()),
    };
    // The text is read once: the run and the notes on what it leaves out share one admission.
    let input = crate::sim::Input::read(&text);
    let left = crate::sim::not_simulated(input.admission());
    let ran = crate::sim::Run::from_input(input).and_then(|mut run| {
        while !run.step(u64::MAX)?.done {}
        Ok(run.finish())
    });
    let trace = match ran {
        Ok(trace) => trace,
        Err(e) => return fail(&e.to_string()),
    };
    // On stderr, so that `--output json` stays the trace alone (which holds them as `notices`).
    for notice in &trace.notices {
        eprintln!("cronjob-playground simulate: notice: {notice}");
    }
    for note in not_simulated_notes(&left) {
        eprintln!("{note}");
    }
    let answer = match args.output.as_str() {
        "json" => match serde_json::to_string(&trace) {
            Ok(json) => json + "\n",
            Err(e) => return fail(&e.to_string()),
        },
        "table" => render_tables(&trace),
        _ => render_timeline(&trace, args.width.clamp(20, 1000)),
    };
    let emitted = super::emit(&answer);
    // The process ends next and the system takes its memory back whole; dropping the trace would
    // free its records one by one (millions for a year's run).
    std::mem::forget(trace);
    if emitted {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The quiet notice for the objects a simulation leaves out, one line each (on stderr, so the
/// trace on stdout stays the contract's bytes).
fn not_simulated_notes(objects: &[crate::sim::NotSimulated]) -> Vec<String> {
    objects
        .iter()
        .map(|o| {
            let why = if o.is_look_alike() {
                "a custom resource of another API group; its own controller runs it, not Kubernetes' batch controllers"
            } else {
                "the playground simulates CronJobs and Jobs"
            };
            format!("note: {}:{}: {} {} ({}) not simulated: {why}", o.line, o.column, o.kind, o.name, o.api_version)
        })
        .collect()
}

fn fail(message: &str) -> ExitCode {
    eprintln!("cronjob-playground simulate: {message}");
    ExitCode::FAILURE
}

/// `kubectl get cronjob`, `get job` and `get pod` as the world stands at the end of the horizon.
fn render_tables(trace: &Trace) -> String {
    let at = trace.end;
    let mut out = format!("# {} (Kubernetes {})\n", format_time(&at), trace.kubernetes_version);
    for table in [cron_jobs_at(trace, at), jobs_at(trace, at), pods_at(trace, at)] {
        if !table.rows.is_empty() {
            out.push('\n');
            out.push_str(&table.render());
        }
    }
    out
}

/// Most job rows drawn per CronJob; the rest are summarized.
const MAX_JOB_ROWS: usize = 6;
/// Most slot explanations listed per CronJob.
const MAX_REASONS: usize = 12;

/// The lanes as text: a time axis, then per CronJob a slot lane and its Job bars, then the
/// reason of every slot that did not run on time.
fn render_timeline(trace: &Trace, width: usize) -> String {
    let timeline = Timeline::build(trace);
    let span_ms = (trace.end - trace.start).num_milliseconds().max(1) as f64;
    let col = |t: Time| {
        (((t - trace.start).num_milliseconds() as f64 / span_ms) * width as f64).floor().clamp(0.0, (width - 1) as f64)
            as usize
    };
    let per_column = chrono::TimeDelta::milliseconds((span_ms / width as f64).round() as i64);
    let mut out = format!(
        "Kubernetes {}   {} → {}   one column ≈ {}\n",
        trace.kubernetes_version,
        format_time(&trace.start),
        format_time(&trace.end),
        crate::timeline::kubectl::human_duration(per_column)
    );
    out.push_str(
        "legend: ✓ ran on time  ◆ ran late  ☓ did not run  ○ pending   ├──┤ Job (✓ complete ☓ failed ✂ \
        deleted → running)\n",
    );
    let label_width = 8;
    for (outage_from, outage_to) in trace_outages(&timeline) {
        out.push_str(&format!(
            "kube-controller-manager down {} → {}\n",
            format_time(&outage_from),
            format_time(&outage_to)
        ));
    }
    for group in &timeline.groups {
        out.push('\n');
        out.push_str(&group_header(group, trace));
        let mut slots = vec![' '; width];
        for mark in &group.slots {
            let c = col(mark.at);
            let symbol = mark.glyph.symbol().chars().next().unwrap_or('?');
            // A skipped slot wins a shared column: it is what the reader is looking for.
            if slots[c] == ' ' || mark.glyph == Glyph::Skipped {
                slots[c] = symbol;
            }
        }
        for span in &group.suspended {
            for cell in slots.iter_mut().take(col(span.to) + 1).skip(col(span.from)) {
                if *cell == ' ' {
                    *cell = '▒';
                }
            }
        }
        for marker in timeline.markers.iter().filter(|m| m.cron_job() == group.cron_job.as_deref()) {
            let c = col(marker.at);
            if slots[c] == ' ' {
                slots[c] = '✎';
            }
        }
        if group.cron_job.is_some() {
            out.push_str(&lane("slots", label_width, &slots));
        }
        let rows = group.job_rows.min(MAX_JOB_ROWS);
        for row in 0..rows {
            let mut cells = vec![' '; width];
            for bar in group.jobs.iter().filter(|b| b.row == row) {
                let (a, b) = (col(bar.from), col(bar.to));
                for cell in cells.iter_mut().take(b + 1).skip(a) {
                    *cell = '─';
                }
                cells[a] = if a == b { '│' } else { '├' };
                if b > a {
                    cells[b] = '┤';
                }
                let end = match bar.outcome {
                    JobOutcome::Complete => '✓',
                    JobOutcome::Failed => '☓',
                    JobOutcome::Deleted => '✂',
                    JobOutcome::Running => '→',
                    JobOutcome::ManagedElsewhere => '⇢',
                };
                if b + 1 < width && cells[b + 1] == ' ' {
                    cells[b + 1] = end;
                } else if a == b {
                    cells[a] = end;
                }
            }
            out.push_str(&lane(if row == 0 { "jobs" } else { "" }, label_width, &cells));
        }
        if group.job_rows > rows {
            out.push_str(&format!(
                "{:label_width$}  … {} more job rows (overlapping Jobs)\n",
                "",
                group.job_rows - rows
            ));
        }
        out.push_str(&reasons(trace, group));
    }
    out.push('\n');
    out.push_str(&axis(trace.start, trace.end, width, label_width));
    out
}

fn trace_outages(timeline: &Timeline) -> Vec<(Time, Time)> {
    timeline.outages.iter().map(|s| (s.from, s.to)).collect()
}

/// The CronJob's name and its schedule as created.
fn group_header(group: &Group, trace: &Trace) -> String {
    let life = trace.cluster.cron_jobs.iter().find(|c| Some(&c.name) == group.cron_job.as_ref());
    let schedule = life.and_then(|c| c.specs.first()).map(|s| s.schedule.as_str());
    let runs = group.jobs.len();
    match schedule {
        Some(schedule) => {
            format!("CronJob {}  \"{schedule}\"  {} slots, {runs} Jobs\n", group.title(), group.slots.len())
        }
        None => format!("{}  {runs} Jobs\n", group.title()),
    }
}

fn lane(label: &str, label_width: usize, cells: &[char]) -> String {
    let body: String = cells.iter().collect();
    format!("{label:>label_width$}  {}\n", body.trim_end())
}

/// Counts per fate, then the explanation of each slot that did not run on time.
fn reasons(trace: &Trace, group: &Group) -> String {
    let Some(name) = &group.cron_job else {
        return String::new();
    };
    let slots: Vec<_> = trace.slots.iter().filter(|s| &s.cron_job == name).collect();
    let mut counts: Vec<(SlotFate, usize)> = Vec::new();
    for s in &slots {
        match counts.iter_mut().find(|(f, _)| *f == s.fate) {
            Some((_, n)) => *n += 1,
            None => counts.push((s.fate, 1)),
        }
    }
    let mut out = String::new();
    if !counts.is_empty() {
        let summary: Vec<String> =
            counts.iter().map(|(f, n)| format!("{} {n} {}", Glyph::of(*f).symbol(), fate_name(*f))).collect();
        out.push_str(&format!("{:8}  {}\n", "", summary.join("   ")));
    }
    let notable: Vec<_> = slots.iter().filter(|s| s.fate != SlotFate::RanOnTime).collect();
    for s in notable.iter().take(MAX_REASONS) {
        out.push_str(&format!(
            "{:8}  {} {}  {}: {}\n",
            "",
            Glyph::of(s.fate).symbol(),
            format_time(&s.scheduled_time),
            fate_name(s.fate),
            s.explanation
        ));
    }
    if notable.len() > MAX_REASONS {
        out.push_str(&format!("{:8}  … and {} more (see --output json)\n", "", notable.len() - MAX_REASONS));
    }
    out
}

/// `┴───┴───→` with a label under each tick.
fn axis(start: Time, end: Time, width: usize, label_width: usize) -> String {
    const TICKS: usize = 4;
    let mut line = vec!['─'; width];
    let mut labels = vec![' '; width + 24];
    let span = end - start;
    let long = span > chrono::TimeDelta::days(2);
    for i in 0..TICKS {
        let c = i * width / TICKS;
        line[c] = '┴';
        let t = start + span * i as i32 / TICKS as i32;
        let text = if long { t.format("%m-%d %H:%M").to_string() } else { t.format("%H:%M:%S").to_string() };
        for (k, ch) in text.chars().enumerate() {
            labels[c + k] = ch;
        }
    }
    line[width - 1] = '→';
    let labels: String = labels.iter().collect();
    format!(
        "{:>label_width$}  {}\n{:>label_width$}  {}\n",
        "time",
        line.iter().collect::<String>(),
        "(UTC)",
        labels.trim_end()
    )
}
