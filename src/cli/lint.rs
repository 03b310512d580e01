//! `cronjob-playground lint`: the lint view's analysis for many CronJobs at once (typically
//! `kubectl get cronjobs -A -o yaml`): per CronJob the risks that probing simulations reveal
//! (`app::lint`). Text for people, `--output json` for tools; the exit status is 1 when
//! any finding is an `error` (runs lost for good) or the input cannot be read, and 1 with no
//! report when it holds more CronJobs than one lint probes (`app::lint::MAX_CRON_JOBS`).

use crate::api::KubernetesVersion;
use crate::app::lint::{lint, LintOptions, LintReport, Severity};
use crate::go::Tz;
use crate::sim::trace::Time;
use chrono::{SubsecRound, Utc};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Manifest files (a List, several documents, YAML or JSON); `-` or nothing reads stdin.
    files: Vec<String>,
    /// The release whose controller runs the probes (1.13 … 1.37).
    #[arg(long, default_value_t = KubernetesVersion::NEWEST)]
    kubernetes_version: KubernetesVersion,
    /// When the probes start (RFC 3339); default: now.
    #[arg(long)]
    at: Option<Time>,
    /// kube-controller-manager's time zone, for CronJobs without spec.timeZone.
    #[arg(long, default_value = "UTC")]
    controller_time_zone: String,
    /// `text` or `json` (the report: cronJobs[].findings[] with rule, severity, message, times, playground).
    #[arg(long, short, default_value = "text", value_parser = ["text", "json"])]
    output: String,
}

pub fn run(args: Args) -> ExitCode {
    let text = match super::read_manifests(&args.files) {
        Ok(text) => text,
        Err(why) => return fail(&why.to_string()),
    };
    let Ok(zone) = args.controller_time_zone.parse::<Tz>() else {
        return fail(&format!("--controller-time-zone: unknown time zone {}", args.controller_time_zone));
    };
    let at = args.at.unwrap_or_else(|| Utc::now().trunc_subsecs(0));
    let report = match lint(&text, &LintOptions { version: args.kubernetes_version, at, controller_time_zone: zone }) {
        Ok(report) => report,
        Err(too_many) => return fail(&too_many.to_string()),
    };
    let answer = if args.output == "json" {
        serde_json::to_string(&report).expect("reports serialize") + "\n"
    } else {
        render(&report)
    };
    if !super::emit(&answer) {
        return ExitCode::FAILURE;
    }
    let failed = !report.errors.is_empty()
        || report.cron_jobs.iter().flat_map(|c| &c.findings).any(|f| f.severity == Severity::Error);
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// One block per CronJob, one line per finding.
fn render(report: &LintReport) -> String {
    let mut out = format!("# lint with Kubernetes {} from {}\n", report.kubernetes_version, report.at);
    for e in &report.errors {
        out.push_str(&format!("error: {e}\n"));
    }
    for c in &report.cron_jobs {
        let ns = if c.namespace.is_empty() { String::new() } else { format!("{}/", c.namespace) };
        out.push_str(&format!("\n{ns}{}  \"{}\"\n", c.name, c.schedule));
        if c.findings.is_empty() {
            out.push_str("  no risks found\n");
        }
        for f in &c.findings {
            let severity =
                serde_json::to_value(f.severity).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default();
            out.push_str(&format!("  {severity} {}: {}\n", f.rule, f.message));
        }
    }
    out
}

fn fail(message: &str) -> ExitCode {
    eprintln!("cronjob-playground lint: {message}");
    ExitCode::FAILURE
}
