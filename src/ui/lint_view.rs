//! The lint view: paste many CronJobs at once (`kubectl get cronjobs -A -o yaml`) and see, per
//! CronJob, the risks that probing simulations reveal (`app::lint`), each with a button that
//! opens its probe on the timeline. The probes (a few short runs per CronJob, about a second in
//! a browser) run in the view's own worker, one CronJob per slice, so the page stays responsive,
//! shows each CronJob's findings as its probe ends and how far they got, and can stop them
//! (keeping what was found); at most `MAX_CRON_JOBS` CronJobs per lint.

use super::language::use_lang;
use super::runner::{Engine, Report, Runner};
use super::share::PanelsHandle;
use crate::api::KubernetesVersion;
use crate::app::finding_text::SentencePart;
use crate::app::lint::{Severity, TooManyCronJobs};
use crate::app::protocol::{Answer, LintAsk, LintRefused, PageAnswer, Request};
use crate::app::protocol::{CronJobLintView, FindingView, LintReportView};
use crate::app::share::SharePanel;
use crate::i18n::Lang;
use crate::i18n::Msg;
use chrono::{DateTime, SubsecRound, Utc};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct LintProps {
    /// The editor's text (offered as the input).
    pub text: Rc<str>,
    /// Replaces the editor's text with a finding's probe (asking first when it is the user's own).
    pub on_open: Callback<String>,
    /// Whether the user's own text was kept when a probe replaced it, and brings it back.
    pub can_restore: bool,
    pub on_restore: Callback<MouseEvent>,
    /// Where the probes run (a worker of the view's own in the page).
    #[prop_or(Engine::Worker)]
    pub engine: Engine,
    /// Where the view reports whether it is open, for share links.
    #[prop_or_default]
    pub panels: PanelsHandle,
    /// The panels of a link just opened.
    #[prop_or_default]
    pub restore: Option<Rc<Vec<SharePanel>>>,
}

/// What a lint came to.
#[derive(Clone, PartialEq)]
enum Outcome {
    Report(Rc<LintReportView>),
    /// Bad options, or an engine that could not start.
    Error(String),
    TooMany(TooManyCronJobs),
    /// No zone has this name (the engine looked it up).
    UnknownZone(String),
    /// Stopped after probing `done` of `total` CronJobs (their findings stay shown).
    Stopped {
        done: usize,
        total: usize,
    },
}

fn now() -> DateTime<Utc> {
    DateTime::from_timestamp_millis(js_sys::Date::now() as i64).unwrap_or_default().trunc_subsecs(0)
}

/// The severity's name in the page's markup (`data-severity`, the class).
fn severity_name(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "info",
    }
}

/// The severity in the reader's language.
fn severity_words(s: Severity) -> Msg {
    match s {
        Severity::Error => Msg::SeverityError,
        Severity::Warning => Msg::SeverityWarning,
        Severity::Info => Msg::SeverityInfo,
    }
}

/// One lint's state: what it came to, whether it runs and how far, which answers count, and the
/// CronJobs probed so far.
#[derive(Clone)]
struct LintRun {
    report: UseStateHandle<Option<Outcome>>,
    busy: UseStateHandle<bool>,
    /// CronJobs probed of all, while busy.
    progress: UseStateHandle<Option<(usize, usize)>>,
    /// The lint whose answers count (0: none).
    current: Rc<Cell<u64>>,
    /// The CronJobs of the current (or stopped) lint probed so far, shown as they come; each
    /// progress message re-renders.
    probed: Rc<RefCell<Vec<CronJobLintView>>>,
}

#[hook]
fn use_lint_run() -> LintRun {
    LintRun {
        report: use_state(|| None::<Outcome>),
        busy: use_state(|| false),
        progress: use_state(|| None::<(usize, usize)>),
        current: use_memo((), |_| Cell::new(0)),
        probed: use_mut_ref(Vec::<CronJobLintView>::new),
    }
}

impl LintRun {
    /// An answer of the view's engine: progress or the end of the current lint.
    fn answered(&self, answer: PageAnswer) {
        match answer {
            Answer::Linted { id, done, total, probed: latest, outcome } if id == self.current.get() => match outcome {
                None => {
                    self.probed.borrow_mut().extend(latest);
                    self.progress.set(Some((done, total)));
                }
                Some(Ok(r)) => self.finish(Outcome::Report(Rc::new(r))),
                Some(Err(LintRefused::TooMany(too_many))) => self.finish(Outcome::TooMany(too_many)),
                Some(Err(LintRefused::UnknownZone(zone))) => self.finish(Outcome::UnknownZone(zone)),
            },
            // Only a worker that cannot start or a garbled reply answers a lint with a run.
            Answer::Ran { id, result, .. } if id == self.current.get() => {
                self.finish(Outcome::Error(result.error.unwrap_or_default()))
            }
            _ => {}
        }
    }

    /// The current lint is over: its answers no longer count.
    fn finish(&self, outcome: Outcome) {
        self.current.set(0);
        self.report.set(Some(outcome));
        self.busy.set(false);
        self.progress.set(None);
    }

    /// Asks the engine for a lint of `input`, unless the options are bad.
    fn start(&self, runner: &RefCell<Runner>, input: String, options: Result<LintAsk, String>) {
        match options {
            Err(e) => self.report.set(Some(Outcome::Error(e))),
            Ok(options) => {
                self.busy.set(true);
                self.progress.set(None);
                self.report.set(None);
                self.probed.borrow_mut().clear();
                let id = runner.borrow_mut().lint(input, options);
                self.current.set(id);
            }
        }
    }

    /// Stops the current lint, keeping the CronJobs probed so far.
    fn cancel(&self, runner: &RefCell<Runner>) {
        let id = self.current.get();
        runner.borrow_mut().ask(Request::CancelLint { id });
        let total = self.progress.map_or(0, |(_, total)| total);
        self.finish(Outcome::Stopped { done: self.probed.borrow().len(), total });
    }
}

/// The lint's options as typed: the Kubernetes version, the controller's zone and the start.
#[derive(Clone)]
struct Options {
    version: UseStateHandle<KubernetesVersion>,
    zone: UseStateHandle<String>,
    at: UseStateHandle<String>,
}

impl Options {
    /// What the engine is asked with, or why the start is not a time. The engine looks the zone
    /// up (the page has no zone table).
    fn ask(&self) -> Result<LintAsk, String> {
        crate::go::parse_rfc3339(self.at.trim())
            .ok_or_else(|| format!("start {:?}: not an RFC 3339 time", *self.at))
            .map(|at| LintAsk { version: *self.version, at, controller_time_zone: (*self.zone).clone() })
    }

    fn on_version(&self) -> Callback<Event> {
        let version = self.version.clone();
        Callback::from(move |e: Event| {
            if let Ok(v) = e.target_unchecked_into::<HtmlSelectElement>().value().parse() {
                version.set(v);
            }
        })
    }

    fn on_zone(&self) -> Callback<InputEvent> {
        let zone = self.zone.clone();
        Callback::from(move |e: InputEvent| zone.set(e.target_unchecked_into::<HtmlInputElement>().value()))
    }

    fn on_at(&self) -> Callback<InputEvent> {
        let at = self.at.clone();
        Callback::from(move |e: InputEvent| at.set(e.target_unchecked_into::<HtmlInputElement>().value()))
    }
}

/// The options a lint starts with: the newest release, UTC, now.
#[hook]
fn use_options() -> Options {
    Options {
        version: use_state(|| KubernetesVersion::NEWEST),
        zone: use_state(|| "UTC".to_string()),
        at: use_state(|| crate::sim::trace::format_time(&now())),
    }
}

/// Keeps the share link's record of whether the lint is open, and opens it for a link that
/// asks.
#[hook]
fn use_share_panel(props: &LintProps, open: &UseStateHandle<bool>) {
    {
        let panels = props.panels.clone();
        use_effect_with(**open, move |open| panels.borrow_mut().lint = *open);
    }
    {
        let open = open.clone();
        use_effect_with(props.restore.clone(), move |restore| {
            if restore.iter().flat_map(|r| r.iter()).any(|p| *p == SharePanel::Lint) {
                open.set(true);
            }
        });
    }
}

#[function_component(LintView)]
pub fn lint_view(props: &LintProps) -> Html {
    let l = use_lang();
    let open = use_state(|| false);
    let input = use_state(String::new);
    let options = use_options();
    let lint = use_lint_run();
    let runner = {
        let lint = lint.clone();
        let engine = props.engine;
        use_mut_ref(move || Runner::new(engine, Callback::from(move |(answer, _): Report| lint.answered(answer))))
    };

    use_share_panel(props, &open);
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
    let run = {
        let (input, options, lint, runner) = (input.clone(), options.clone(), lint.clone(), runner.clone());
        Callback::from(move |_: MouseEvent| lint.start(&runner, (*input).clone(), options.ask()))
    };
    let cancel = {
        let (lint, runner) = (lint.clone(), runner.clone());
        Callback::from(move |_: MouseEvent| lint.cancel(&runner))
    };
    let busy = *lint.busy;

    html! {
        <section class="lint" data-testid="lint" aria-label={l.text(Msg::LintRegion)}>
            <button type="button" onclick={toggle} aria-expanded={open.to_string()} data-testid="lint-toggle">
                { l.text(if *open { Msg::LintClose } else { Msg::LintOpen }) }</button>
            if *open && props.can_restore {
                <button type="button" data-testid="lint-restore-own-text" onclick={props.on_restore.clone()}>
                    { l.text(Msg::ScenarioRestore) }</button>
            }
            if *open {
                <p class="hint">{ l.text(Msg::LintIntro) }</p>
                <textarea class="lint-input" data-testid="lint-input" aria-label={l.text(Msg::LintInputLabel)}
                    spellcheck="false" wrap="off" placeholder="apiVersion: v1\nkind: List\nitems: …"
                    value={(*input).clone()} oninput={on_input} />
                <div class="controls lint-options">
                    <button type="button" onclick={use_editor} data-testid="lint-use-editor">
                        { l.text(Msg::LintUseEditor) }</button>
                    <label>{ l.text(Msg::Kubernetes) }
                        <select onchange={options.on_version()} data-testid="lint-version">
                            { for KubernetesVersion::all_newest_first().map(|v| html! {
                                <option value={v.to_string()} selected={v == *options.version}>{ v.to_string() }</option>
                            }) }
                        </select>
                    </label>
                    <label>{ l.text(Msg::ControllerTz) }
                        <input type="text" value={(*options.zone).clone()} oninput={options.on_zone()} data-testid="lint-zone" /></label>
                    <label>{ l.text(Msg::LintStart) }
                        <input type="text" value={(*options.at).clone()} oninput={options.on_at()} data-testid="lint-at" /></label>
                    <button type="button" class="primary" onclick={run} disabled={busy || input.trim().is_empty()}
                        data-testid="lint-run">
                        { l.text(if busy { Msg::LintBusy } else { Msg::LintRun }) }</button>
                    if busy {
                        <button type="button" onclick={cancel} data-testid="lint-cancel">
                            { l.text(Msg::LintCancel) }</button>
                        <span class="hint" role="status" data-testid="lint-progress">
                            { lint.progress.map(|(done, total)| l.format(Msg::LintProgress, &[&done, &total]))
                                .unwrap_or_default() }</span>
                    }
                </div>
                { results(&lint, l, &props.on_open) }
            }
        </section>
    }
}

/// What the lint came to, or the CronJobs probed so far while it runs or after it was stopped.
fn results(lint: &LintRun, l: Lang, on_open: &Callback<String>) -> Html {
    let card = |c: &CronJobLintView| cron_job_card(c, l, on_open);
    let so_far = || {
        let probed = lint.probed.borrow();
        html! {
            <div class="lint-results" data-testid="lint-partial" data-cronjobs={probed.len().to_string()}>
                { for probed.iter().map(card) }</div>
        }
    };
    let error = |text: String| html! { <p class="error" role="alert" data-testid="lint-error">{ text }</p> };
    match &*lint.report {
        None if *lint.busy => so_far(),
        None => html! {},
        Some(Outcome::Error(e)) => error(e.clone()),
        Some(Outcome::UnknownZone(zone)) => error(l.format(Msg::LintBadZone, &[&format!("{zone:?}")])),
        Some(Outcome::TooMany(t)) => error(l.format(Msg::LintTooMany, &[&t.count, &t.cap])),
        Some(Outcome::Stopped { done, total }) => html! {
            <>
                <p class="hint" data-testid="lint-stopped">{ l.format(Msg::LintStopped, &[done, total]) }</p>
                { so_far() }
            </>
        },
        Some(Outcome::Report(r)) => {
            let findings: usize = r.cron_jobs.iter().map(|c| c.findings.len()).sum();
            html! {
                <div class="lint-results" data-testid="lint-results" data-cronjobs={r.cron_jobs.len().to_string()}
                    data-findings={findings.to_string()}>
                    <p class="hint">
                        { l.format(Msg::LintSummary, &[&r.cron_jobs.len(), &r.kubernetes_version, &r.at, &findings]) }
                    </p>
                    { for r.errors.iter().map(|e| html! {
                        <p class="error" data-testid="lint-input-error">{ e.clone() }</p>
                    }) }
                    { for r.cron_jobs.iter().map(card) }
                </div>
            }
        }
    }
}

/// One CronJob's findings, each with a button that opens its probe.
fn cron_job_card(c: &CronJobLintView, l: Lang, on_open: &Callback<String>) -> Html {
    html! {
        <article class="lint-cronjob" data-testid="lint-cronjob" data-name={c.name.clone()} data-namespace={c.namespace.clone()}>
            <h3>{ if c.namespace.is_empty() { c.name.clone() } else { format!("{}/{}", c.namespace, c.name) } }
                <code class="group-schedule">{ format!("  {}", c.schedule) }</code></h3>
            if c.findings.is_empty() { <p class="hint">{ l.text(Msg::LintNoRisks) }</p> }
            <ul>
                { for c.findings.iter().map(|f| {
                    let (on_open, text) = (on_open.clone(), f.playground.clone());
                    html! {
                        <li class={format!("finding {}", severity_name(f.severity))} data-testid="finding" data-rule={f.rule.clone()} data-severity={severity_name(f.severity)}>
                            <span class="severity">{ l.text(severity_words(f.severity)) }</span>{ " " }<code>{ f.rule.clone() }</code>
                            <p>{ finding_sentence(f, l) }</p>
                            <button type="button" data-testid="finding-open" onclick={Callback::from(move |_: MouseEvent| on_open.emit(text.clone()))}
                                title={l.text(Msg::LintOpenProbeTitle)}>{ l.text(Msg::LintOpenProbe) }</button>
                        </li>
                    }
                }) }
            </ul>
        </article>
    }
}

/// A finding's sentence in the reader's language; Kubernetes' own texts in it set apart (`.k8s`).
fn finding_sentence(f: &FindingView, l: Lang) -> Html {
    match f.parts(l) {
        None => html! { { f.message.clone() } },
        Some(parts) => parts
            .iter()
            .map(|p| match p {
                SentencePart::Own(s) => html! { { s.clone() } },
                SentencePart::Kubernetes(s) => html! { <span class="k8s">{ s.clone() }</span> },
            })
            .collect(),
    }
}
