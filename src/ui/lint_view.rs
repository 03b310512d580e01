//! The lint view: paste many CronJobs at once (`kubectl get cronjobs -A -o yaml`) and see, per
//! CronJob, the risks that probing simulations reveal (`timeline::lint`), each with a button that
//! opens its probe on the timeline. The probes run on demand in the page (a few short runs per
//! CronJob), after the "Linting…" state has painted.

use crate::api::KubernetesVersion;
use crate::timeline::lint::{lint, LintOptions, LintReport, Severity};
use chrono::{DateTime, SubsecRound, Utc};
use gloo_timers::callback::Timeout;
use std::rc::Rc;
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct LintProps {
    /// The editor's text (offered as the input).
    pub text: Rc<str>,
    /// Replaces the editor's text with a finding's probe.
    pub on_open: Callback<String>,
}

fn now() -> DateTime<Utc> {
    DateTime::from_timestamp_millis(js_sys::Date::now() as i64).unwrap_or_default().trunc_subsecs(0)
}

fn severity_name(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "info",
    }
}

#[function_component(LintView)]
pub fn lint_view(props: &LintProps) -> Html {
    let open = use_state(|| false);
    let input = use_state(String::new);
    let version = use_state(|| KubernetesVersion::NEWEST);
    let zone = use_state(|| "UTC".to_string());
    let at = use_state(|| crate::sim::trace::format_time(&now()));
    let report = use_state(|| None::<Result<Rc<LintReport>, String>>);
    let busy = use_state(|| false);
    let timer = use_mut_ref(|| None::<Timeout>);

    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let on_input = {
        let input = input.clone();
        Callback::from(move |e: InputEvent| input.set(e.target_unchecked_into::<HtmlTextAreaElement>().value()))
    };
    let use_editor = {
        let (input, text) = (input.clone(), props.text.clone());
        Callback::from(move |_: MouseEvent| input.set(text.to_string()))
    };
    let on_version = {
        let version = version.clone();
        Callback::from(move |e: Event| {
            if let Ok(v) = e.target_unchecked_into::<HtmlSelectElement>().value().parse() {
                version.set(v);
            }
        })
    };
    let on_zone = {
        let zone = zone.clone();
        Callback::from(move |e: InputEvent| zone.set(e.target_unchecked_into::<HtmlInputElement>().value()))
    };
    let on_at = {
        let at = at.clone();
        Callback::from(move |e: InputEvent| at.set(e.target_unchecked_into::<HtmlInputElement>().value()))
    };
    let run = {
        let (input, version, zone, at, report, busy, timer) =
            (input.clone(), version.clone(), zone.clone(), at.clone(), report.clone(), busy.clone(), timer.clone());
        Callback::from(move |_: MouseEvent| {
            busy.set(true);
            let (text, version, zone, at, report, busy) = ((*input).clone(), *version, (*zone).clone(), (*at).clone(), report.clone(), busy.clone());
            // Let "Linting…" paint before the probes run.
            *timer.borrow_mut() = Some(Timeout::new(20, move || {
                let options = (|| -> Result<LintOptions, String> {
                    let controller_time_zone = zone.parse().map_err(|_| format!("unknown time zone {zone:?}"))?;
                    let at = DateTime::parse_from_rfc3339(at.trim()).map_err(|e| format!("start {at:?}: {e}"))?.with_timezone(&Utc);
                    Ok(LintOptions { version, at, controller_time_zone })
                })();
                report.set(Some(options.map(|o| Rc::new(lint(&text, &o)))));
                busy.set(false);
            }));
        })
    };

    let results = match &*report {
        None => html! {},
        Some(Err(e)) => html! { <p class="error" role="alert" data-testid="lint-error">{ e.clone() }</p> },
        Some(Ok(r)) => {
            let findings: usize = r.cron_jobs.iter().map(|c| c.findings.len()).sum();
            html! {
                <div class="lint-results" data-testid="lint-results" data-cronjobs={r.cron_jobs.len().to_string()} data-findings={findings.to_string()}>
                    <p class="hint">{ format!("{} CronJob{} probed with Kubernetes {} from {}: {findings} finding{}.",
                        r.cron_jobs.len(), if r.cron_jobs.len() == 1 { "" } else { "s" }, r.kubernetes_version, r.at, if findings == 1 { "" } else { "s" }) }</p>
                    { for r.errors.iter().map(|e| html! { <p class="error" data-testid="lint-input-error">{ e.clone() }</p> }) }
                    { for r.cron_jobs.iter().map(|c| html! {
                        <article class="lint-cronjob" data-testid="lint-cronjob" data-name={c.name.clone()} data-namespace={c.namespace.clone()}>
                            <h3>{ if c.namespace.is_empty() { c.name.clone() } else { format!("{}/{}", c.namespace, c.name) } }
                                <code class="group-schedule">{ format!("  {}", c.schedule) }</code></h3>
                            if c.findings.is_empty() { <p class="hint">{ "No risks found by the probes." }</p> }
                            <ul>
                                { for c.findings.iter().map(|f| {
                                    let (on_open, text) = (props.on_open.clone(), f.playground.clone());
                                    html! {
                                        <li class={format!("finding {}", severity_name(f.severity))} data-testid="finding" data-rule={f.rule} data-severity={severity_name(f.severity)}>
                                            <span class="severity">{ severity_name(f.severity) }</span>{ " " }<code>{ f.rule }</code>
                                            <p>{ f.message.clone() }</p>
                                            <button type="button" data-testid="finding-open" onclick={Callback::from(move |_: MouseEvent| on_open.emit(text.clone()))}
                                                title="Replace the editor's text with this probe (CronJob + Simulation) to see it on the timeline">{ "Open this probe in the editor" }</button>
                                        </li>
                                    }
                                }) }
                            </ul>
                        </article>
                    }) }
                </div>
            }
        }
    };

    html! {
        <section class="lint" data-testid="lint" aria-label="Lint many CronJobs">
            <button type="button" onclick={toggle} aria-expanded={open.to_string()} data-testid="lint-toggle">
                { if *open { "Close the lint view" } else { "Lint many CronJobs…" } }</button>
            if *open {
                <p class="hint">{ "Paste `kubectl get cronjobs -A -o yaml` (or any CronJobs). Each CronJob is probed with short simulations: a schedule edit, a long controller outage, long Jobs under Forbid, its startingDeadlineSeconds against the controller's reaction, and the daylight-saving changes of the next year." }</p>
                <textarea class="lint-input" data-testid="lint-input" aria-label="CronJobs to lint" spellcheck="false" wrap="off"
                    placeholder="apiVersion: v1\nkind: List\nitems: …" value={(*input).clone()} oninput={on_input} />
                <div class="controls lint-options">
                    <button type="button" onclick={use_editor} data-testid="lint-use-editor">{ "Use the editor's text" }</button>
                    <label>{ "Kubernetes" }
                        <select onchange={on_version} data-testid="lint-version">
                            { for (13..=KubernetesVersion::NEWEST.minor()).rev().filter_map(KubernetesVersion::new).map(|v| html! {
                                <option value={v.to_string()} selected={v == *version}>{ v.to_string() }</option>
                            }) }
                        </select>
                    </label>
                    <label>{ "Controller TZ" }<input type="text" value={(*zone).clone()} oninput={on_zone} data-testid="lint-zone" /></label>
                    <label>{ "Probes start" }<input type="text" value={(*at).clone()} oninput={on_at} data-testid="lint-at" /></label>
                    <button type="button" class="primary" onclick={run} disabled={*busy || input.trim().is_empty()} data-testid="lint-run">
                        { if *busy { "Linting…" } else { "Lint" } }</button>
                </div>
                { results }
            }
        </section>
    }
}
