//! `cronjob-playground validate`: default and validate manifests as the API server does
//! (`docs/contracts.md` §2). The text form reads like `kubectl apply --dry-run=server`
//! with `file:line:column` on every problem; `--output json` prints the report; `--jsonl`
//! answers one request per line.

use crate::api::{validate_manifest, KubernetesVersion, ValidationReport};
use serde::Deserialize;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Manifest files (YAML or JSON, several documents allowed); `-` or nothing reads stdin.
    files: Vec<String>,
    /// A previous version of the objects: validate as an update of them, not a create.
    #[arg(long)]
    old: Option<String>,
    /// The Kubernetes release whose API server to imitate (1.13 … 1.37).
    #[arg(long, default_value_t = KubernetesVersion::NEWEST)]
    kubernetes_version: KubernetesVersion,
    /// `text` (kubectl-like) or `json` (the report of docs/contracts.md §2).
    #[arg(long, short, default_value = "text", value_parser = ["text", "json"])]
    output: String,
    /// Read one JSON request per line on stdin and answer each on its own line.
    #[arg(long)]
    jsonl: bool,
}

/// One `--jsonl` request.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Request {
    manifest: String,
    #[serde(default)]
    old: Option<String>,
    #[serde(default)]
    kubernetes_version: Option<KubernetesVersion>,
}

pub fn run(args: Args) -> ExitCode {
    if args.jsonl {
        return super::jsonl::serve_stdio(|r: Request| {
            validate_manifest(&r.manifest, r.old.as_deref(), r.kubernetes_version.unwrap_or_default())
        });
    }
    let old = match args.old.as_deref().map(super::read_source).transpose() {
        Ok(old) => old,
        Err(err) => return fail(&format!("cannot read {err}")),
    };
    let sources = if args.files.is_empty() { vec!["-".to_string()] } else { args.files.clone() };
    let mut ok = true;
    let mut reports = Vec::new();
    for source in &sources {
        let text = match super::read_source(source) {
            Ok(text) => text,
            Err(err) => return fail(&format!("cannot read {err}")),
        };
        let report = validate_manifest(&text, old.as_deref(), args.kubernetes_version);
        ok &= report.parse_errors.is_empty() && report.objects.iter().all(|o| o.valid);
        if args.output == "json" {
            reports.push(report);
        } else if !super::emit(&render_text(source, &report)) {
            return ExitCode::FAILURE;
        }
    }
    if args.output == "json" {
        let json = if reports.len() == 1 {
            serde_json::to_string_pretty(&reports[0])
        } else {
            serde_json::to_string_pretty(&reports)
        };
        match json {
            Ok(json) if super::emit(&format!("{json}\n")) => {}
            Ok(_) => return ExitCode::FAILURE,
            Err(err) => return fail(&err.to_string()),
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

/// The kubectl-like text: one paragraph per object, warnings first as kubectl prints them.
fn render_text(source: &str, report: &ValidationReport) -> String {
    let name = if source == "-" { "STDIN" } else { source };
    let mut out = String::new();
    for object in &report.objects {
        for warning in &object.warnings {
            out.push_str(&format!("Warning: {warning}\n"));
        }
        let resource = format!("{}.batch/{}", object.kind.to_lowercase(), object.name);
        let batch = object.api_version.starts_with("batch/") && (object.kind == "CronJob" || object.kind == "Job");
        match &object.message {
            None if batch => out.push_str(&format!("{resource} created (server dry run)\n")),
            None => {
                // kubectl names a resource by kind and group: `cronjob.batch.tutorial.kubebuilder.io/x`.
                let group = object.api_version.rsplit_once('/').map_or(String::new(), |(g, _)| format!(".{g}"));
                out.push_str(&format!(
                    "{}{group}/{} passed through (not validated here)\n",
                    object.kind.to_lowercase(),
                    object.name
                ))
            }
            Some(message) if message.contains(" is invalid: ") => {
                out.push_str(&format!("The {} {:?} is invalid:\n", object.kind, object.name));
                for e in &object.errors {
                    out.push_str(&format!("* {name}:{}:{}: {}\n", e.line, e.column, e.text));
                }
            }
            Some(message) if object.errors.iter().any(|e| e.error_type == "Not served") => {
                // kubectl fails while mapping the kind, before any request (cli-runtime `mapper.go`).
                let namespace =
                    object.defaulted.as_ref().and_then(|d| d["metadata"]["namespace"].as_str()).unwrap_or("");
                out.push_str(&format!(
                    "error: resource mapping not found for name: {:?} namespace: {namespace:?} from {name:?}: \
                    {message}\nensure CRDs are installed first\n",
                    object.name
                ));
                for e in &object.errors {
                    out.push_str(&format!("* {name}:{}:{}: {}\n", e.line, e.column, e.detail));
                }
            }
            Some(message) => {
                out.push_str(&format!("Error from server (BadRequest): error when creating {name:?}: {message}\n"));
                for e in &object.errors {
                    out.push_str(&format!("* {name}:{}:{}: {}\n", e.line, e.column, e.text));
                }
            }
        }
    }
    for e in &report.parse_errors {
        out.push_str(&format!("error: error parsing {name}: {}:{}: {}\n", e.line, e.column, e.message));
    }
    out
}
