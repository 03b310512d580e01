//! The cluster view's what-ifs, under its peaks: the stagger suggestions as diff lines of
//! `schedule` to copy (the editor's text is never changed), and three what-ifs the engine runs
//! as a cluster run of the changed text over the same window (`app::cluster::whatif`, stepped in
//! slices in the worker and stopped like the baseline) — these schedules, the controller down
//! from a time for some minutes (typed `HH:MM` on a 24-hour clock, in UTC as the panel says: a
//! time field shows a 12-hour clock in some locales), another release — drawn as the baseline's
//! and the variant's density strips one under the other on one scale, each with its peaks, and
//! the differences per CronJob. Everything is computed in the worker; this module only draws.

use super::language::use_lang;
use crate::api::KubernetesVersion;
use crate::app::cluster::whatif::view::WhatIfView;
use crate::app::cluster::whatif::{minute_of_day, WhatIf};
use crate::app::protocol::Request;
use crate::i18n::{Lang, Msg};
use std::rc::Rc;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// What the page knows of the what-if of its cluster run.
#[derive(Default, PartialEq)]
pub struct WhatIfState {
    /// The cluster run it is of (0: none asked).
    run: u64,
    /// Namespaces done of all while it runs.
    progress: Option<(usize, usize)>,
    outcome: Option<Rc<Result<WhatIfView, String>>>,
}

/// The worker's answer about what-if of cluster run `run` (as `Answer::WhatIfRan`).
pub struct WhatIfRan {
    pub run: u64,
    pub done: usize,
    pub total: usize,
    pub outcome: Option<Result<WhatIfView, String>>,
}

impl Reducible for WhatIfState {
    type Action = WhatIfRan;

    fn reduce(self: Rc<Self>, a: WhatIfRan) -> Rc<Self> {
        let running = a.outcome.is_none().then_some((a.done, a.total));
        Rc::new(WhatIfState { run: a.run, progress: running, outcome: a.outcome.map(Rc::new) })
    }
}

#[derive(Properties, PartialEq)]
pub struct WhatIfProps {
    pub state: UseReducerHandle<WhatIfState>,
    /// The cluster run shown, and its text.
    pub run: u64,
    pub text: Rc<str>,
    /// The stagger suggestions' diff (`ClusterView::stagger`).
    pub stagger: String,
    pub ask: Callback<Request>,
}

#[function_component(WhatIfPanel)]
pub fn what_if_panel(props: &WhatIfProps) -> Html {
    let l = use_lang();
    // The outage's start as typed (`HH:MM`, 24-hour, UTC), read when asked.
    let (from, minutes, release) =
        (use_state(|| "00:00".to_string()), use_state(|| 30u32), use_state(|| KubernetesVersion::NEWEST));
    let start = minute_of_day(&from);
    let pre = use_node_ref();
    let ask = |what: fn(u32, u32, KubernetesVersion) -> WhatIf| {
        let (ask, state, run, text) = (props.ask.clone(), props.state.clone(), props.run, props.text.clone());
        let (from, minutes, release) = (start.unwrap_or_default(), *minutes, *release);
        Callback::from(move |_: MouseEvent| {
            state.dispatch(WhatIfRan { run, done: 0, total: 1, outcome: None });
            ask.emit(Request::ClusterWhatIf { run, text: text.to_string(), what: what(from, minutes, release) });
        })
    };
    let on_copy = {
        let (text, pre) = (props.stagger.clone(), pre.clone());
        Callback::from(move |_: MouseEvent| super::share::copy_or_select(&text, pre.get()))
    };
    let on_from = {
        let from = from.clone();
        Callback::from(move |e: Event| from.set(e.target_unchecked_into::<HtmlInputElement>().value()))
    };
    let on_minutes = {
        let minutes = minutes.clone();
        Callback::from(move |e: Event| {
            minutes.set(e.target_unchecked_into::<HtmlInputElement>().value().parse().unwrap_or(0))
        })
    };
    let on_release = {
        let release = release.clone();
        Callback::from(move |e: Event| {
            if let Ok(v) = e.target_unchecked_into::<HtmlSelectElement>().value().parse() {
                release.set(v);
            }
        })
    };
    let state = props.state.run.eq(&props.run).then_some(&*props.state);
    let stop = {
        let (ask, state, run) = (props.ask.clone(), props.state.clone(), props.run);
        Callback::from(move |_: MouseEvent| {
            ask.emit(Request::Cancel { id: run });
            state.dispatch(WhatIfRan { run: 0, done: 0, total: 0, outcome: None });
        })
    };
    let button = |id: &'static str, msg: Msg, onclick| html! { <button type="button" data-testid={id} {onclick}>{ l.text(msg) }</button> };
    let outage = ask(|from, minutes, _| WhatIf::Outage { from, minutes });
    html! {
        <section class="cluster-whatif" data-testid="cluster-whatif">
            if !props.stagger.is_empty() {
                <h3>{ l.text(Msg::WhatIfStagger) }</h3>
                <pre data-testid="stagger-diff" ref={pre}>{ &props.stagger }</pre>
                <p class="whatif-controls">
                    { button("stagger-copy", Msg::WhatIfCopy, on_copy) }
                    { button("whatif-stagger", Msg::WhatIfCompareStagger, ask(|_, _, _| WhatIf::Stagger)) }
                </p>
            }
            <p class="whatif-controls">
                <label>{ l.text(Msg::WhatIfDownFrom) }
                    <input type="text" inputmode="numeric" pattern="([01]?[0-9]|2[0-3]):[0-5][0-9]" maxlength="5" placeholder="HH:MM"
                        data-testid="whatif-from" value={(*from).clone()} onchange={on_from} aria-invalid={start.is_none().to_string()} /></label>
                <label>{ l.text(Msg::WhatIfDownFor) }
                    <input type="number" min="1" data-testid="whatif-minutes" value={minutes.to_string()} onchange={on_minutes} /></label>
                <button type="button" data-testid="whatif-outage" onclick={outage} disabled={start.is_none()}>{ l.text(Msg::WhatIfCompare) }</button>
            </p>
            if start.is_none() {
                <p class="error" data-testid="whatif-from-error" role="alert">{ l.text(Msg::WhatIfFromInvalid) }</p>
            }
            <p class="whatif-controls">
                <label>{ l.text(Msg::Kubernetes) }
                    <select data-testid="whatif-release" onchange={on_release}>
                    { for KubernetesVersion::all_newest_first().map(|v| html! { <option selected={v == *release}>{ v.to_string() }</option> }) }
                    </select></label>
                { button("whatif-run-release", Msg::WhatIfCompare, ask(|_, _, v| WhatIf::Release(v))) }
            </p>
            { match state {
                Some(WhatIfState { progress: Some((done, total)), .. }) => html! {
                    <p class="hint" data-testid="whatif-status" role="status">
                        { l.format(Msg::ClusterProgress, &[&(done + 1).min(*total), total]) }{ " " }
                        { button("whatif-stop", Msg::LintCancel, stop) }</p> },
                Some(WhatIfState { outcome: Some(o), .. }) => match &**o {
                    Ok(v) => compared(l, v),
                    Err(e) => html! { <p class="error" data-testid="whatif-error" role="alert">{ e }</p> },
                },
                _ => Html::default(),
            } }
        </section>
    }
}

/// The two strips on one axis with their peaks, then the differences per CronJob.
fn compared(l: Lang, v: &WhatIfView) -> Html {
    let strip = |id: &'static str, msg: Msg, path: &str, peaks: &[String]| {
        html! {
            <figure class="cluster-density" data-testid={id}>
                <figcaption>{ l.text(msg) }</figcaption>
                <svg viewBox={format!("0 0 {} 40", v.bars_width)} preserveAspectRatio="none" role="img" aria-label={l.text(msg)}>
                    <path d={path.to_string()} vector-effect="non-scaling-stroke" />
                </svg>
                if peaks.is_empty() {
                    <p data-testid="whatif-no-peaks">{ l.text(Msg::ClusterNoPeaks) }</p>
                } else {
                    <ol class="cluster-peaks">{ for peaks.iter().map(|p| html! { <li>{ p }</li> }) }</ol>
                }
            </figure>
        }
    };
    html! {
        <div class="whatif-result" data-testid="whatif-result">
            { strip("whatif-baseline", Msg::WhatIfBaseline, &v.baseline_path, &v.baseline_peaks) }
            { strip("whatif-variant", Msg::WhatIfVariant, &v.variant_path, &v.variant_peaks) }
            <h3>{ l.text(Msg::WhatIfDifferences) }</h3>
            if v.cron_jobs.is_empty() {
                <p data-testid="whatif-same">{ l.text(Msg::WhatIfSame) }</p>
            }
            { for v.cron_jobs.iter().map(|c| html! {
                <details class="whatif-cronjob" data-testid="whatif-cronjob" data-cronjob={c.cron_job.clone()}>
                    <summary>{ format!("{} ({})", c.cron_job, c.differences.len() + c.more) }</summary>
                    <ol class="diff-list">
                        { for c.differences.iter().map(|d| html! {
                            <li class={format!("diff {}", d.kind.name())} data-kind={d.kind.name()}>{ d.said.render(l) }</li> }) }
                        if c.more > 0 {
                            <li class="more">{ l.format(Msg::MoreDiagnostics, &[&c.more]) }</li>
                        }
                    </ol>
                </details>
            }) }
        </div>
    }
}
