//! The cluster view: when the editor holds a cluster dump (a `List` with more than one CronJob,
//! or at least [`MANY`] CronJobs in any form), every CronJob is simulated together in the view's
//! own worker (`app::cluster`) and shown as one compact row per CronJob, grouped by namespace
//! (each group a `<details>` that folds), sortable by first run, runs in the window or problems,
//! under a strip of the Jobs starting per minute with the peaks listed. The last view stays shown,
//! marked as stale, while a newer text computes; a dump of more CronJobs than one run takes is
//! refused with the page's words.

use super::language::use_lang;
use super::runner::{Engine, Report, Runner};
use crate::app::cluster::view::{ClusterRefused, ClusterView, RowView};
use crate::app::protocol::{Answer, PageAnswer, Request};
use crate::i18n::{Lang, Msg};
use std::cell::Cell;
use std::rc::Rc;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// CronJobs from which any text is a cluster dump.
pub const MANY: usize = 10;

/// Whether `text` is a cluster dump (see the module's doc), read from its lines alone: the page's
/// module has no YAML parser.
pub fn is_cluster_dump(text: &str) -> bool {
    let kind = |l: &str| l.trim_start().trim_start_matches("- ").trim_end().to_owned();
    let cron_jobs = text.lines().filter(|l| kind(l) == "kind: CronJob").count();
    let list = text.lines().any(|l| kind(l) == "kind: List" && !l.starts_with(' '));
    cron_jobs >= MANY || (list && cron_jobs > 1)
}

#[derive(Properties, PartialEq)]
pub struct ClusterProps {
    pub text: Rc<str>,
    #[prop_or(Engine::Worker)]
    pub engine: Engine,
}

/// What the view shows.
#[derive(Clone, PartialEq)]
enum Shown {
    View(Rc<ClusterView>),
    Refused(ClusterRefused),
}

#[derive(Clone, Copy, PartialEq)]
enum SortBy {
    Next,
    Runs,
    Problems,
}

#[function_component(ClusterPanel)]
pub fn cluster_panel(props: &ClusterProps) -> Html {
    let l = use_lang();
    let shown = use_state(|| None::<Shown>);
    let progress = use_state(|| None::<(usize, usize)>);
    let busy = use_state(|| false);
    let sort = use_state(|| SortBy::Next);
    let current = use_memo((), |_| Cell::new(0u64));
    let next_id = use_memo((), |_| Cell::new(0u64));
    let runner = {
        let (shown, progress, busy, current) = (shown.clone(), progress.clone(), busy.clone(), current.clone());
        use_mut_ref(move || {
            Runner::new(
                props.engine,
                Callback::from(move |(answer, _): Report| answered(answer, &current, &shown, &progress, &busy)),
            )
        })
    };
    let dump = is_cluster_dump(&props.text);
    {
        let (runner, busy, current, next_id, shown) =
            (runner.clone(), busy.clone(), current.clone(), next_id.clone(), shown.clone());
        use_effect_with((props.text.clone(), dump), move |(text, dump)| {
            if *dump {
                next_id.set(next_id.get() + 1);
                current.set(next_id.get());
                busy.set(true);
                runner.borrow_mut().ask(Request::Cluster { id: next_id.get(), text: text.to_string() });
            } else {
                current.set(0);
                busy.set(false);
                shown.set(None);
            }
        });
    }
    if !dump {
        return Html::default();
    }
    let on_sort = {
        let sort = sort.clone();
        Callback::from(move |e: Event| {
            sort.set(match e.target_unchecked_into::<HtmlSelectElement>().value().as_str() {
                "runs" => SortBy::Runs,
                "problems" => SortBy::Problems,
                _ => SortBy::Next,
            })
        })
    };
    let status = match (*busy, *progress) {
        (true, Some((done, total))) => l.format(Msg::ClusterProgress, &[&(done + 1), &total]),
        (true, None) if shown.is_some() => l.text(Msg::ClusterStale).to_owned(),
        _ => String::new(),
    };
    html! {
        <section class="cluster" data-testid="cluster" aria-label={l.text(Msg::ClusterRegion)} aria-busy={busy.to_string()}>
            <h2 class="pane-title">{ l.text(Msg::ClusterRegion) }</h2>
            <p class="hint" data-testid="cluster-status" role="status">{ status }</p>
            { match &*shown {
                None => Html::default(),
                Some(Shown::Refused(ClusterRefused::TooMany { cron_jobs, max })) => html! {
                    <p class="error" data-testid="cluster-refused" role="alert">
                        { l.format(Msg::ClusterTooMany, &[cron_jobs, max]) }</p> },
                Some(Shown::Refused(ClusterRefused::Input(e))) => html! {
                    <p class="error" data-testid="cluster-refused" role="alert">{ e }</p> },
                Some(Shown::View(v)) => view(l, v, *sort, on_sort, *busy),
            } }
        </section>
    }
}

fn answered(
    answer: PageAnswer,
    current: &Cell<u64>,
    shown: &UseStateHandle<Option<Shown>>,
    progress: &UseStateHandle<Option<(usize, usize)>>,
    busy: &UseStateHandle<bool>,
) {
    match answer {
        Answer::Clustered { id, done, total, outcome } if id == current.get() => match outcome {
            None => progress.set(Some((done, total))),
            Some(outcome) => {
                shown.set(Some(match outcome {
                    Ok(v) => Shown::View(Rc::new(v)),
                    Err(r) => Shown::Refused(r),
                }));
                progress.set(None);
                busy.set(false);
            }
        },
        Answer::Ran { id, result, .. } if id == current.get() => {
            shown.set(Some(Shown::Refused(ClusterRefused::Input(result.error.unwrap_or_default()))));
            busy.set(false);
        }
        _ => {}
    }
}

fn view(l: Lang, v: &ClusterView, sort: SortBy, on_sort: Callback<Event>, stale: bool) -> Html {
    let mut namespaces: Vec<&str> = Vec::new();
    for r in &v.rows {
        if !namespaces.contains(&r.namespace.as_str()) {
            namespaces.push(&r.namespace);
        }
    }
    let most = v.bars.iter().copied().max().unwrap_or(0).max(1);
    let width = v.bars.len().max(1);
    let bars: String = v
        .bars
        .iter()
        .enumerate()
        .filter(|(_, &b)| b > 0)
        .map(|(i, &b)| format!("M{i} 40V{:.1}", 40.0 - 40.0 * f64::from(b) / f64::from(most)))
        .collect();
    let sorted = |ns: &str| {
        let mut rows: Vec<&RowView> = v.rows.iter().filter(|r| r.namespace == ns).collect();
        match sort {
            SortBy::Next => {
                rows.sort_by(|a, b| a.next_run.is_none().cmp(&b.next_run.is_none()).then(a.next_run.cmp(&b.next_run)))
            }
            SortBy::Runs => rows.sort_by_key(|r| std::cmp::Reverse(r.runs)),
            SortBy::Problems => rows.sort_by_key(|r| std::cmp::Reverse(r.problems)),
        }
        rows
    };
    html! {
        <div class={classes!("cluster-view", stale.then_some("stale"))} data-testid="cluster-view">
            <p data-testid="cluster-summary">{ l.format(Msg::ClusterSummary, &[&v.rows.len(), &namespaces.len(), &v.start, &v.end]) }</p>
            <figure class="cluster-density">
                <svg viewBox={format!("0 0 {width} 40")} preserveAspectRatio="none" role="img"
                    aria-label={l.text(Msg::ClusterDensity)} data-testid="cluster-density">
                    <path d={bars} vector-effect="non-scaling-stroke" />
                </svg>
                <figcaption>{ l.text(Msg::ClusterDensity) }</figcaption>
            </figure>
            <h3>{ l.text(Msg::ClusterPeaks) }</h3>
            if v.peaks.is_empty() {
                <p data-testid="cluster-no-peaks">{ l.text(Msg::ClusterNoPeaks) }</p>
            } else {
                <ol class="cluster-peaks" data-testid="cluster-peaks">
                    { for v.peaks.iter().map(|p| html! { <li>{ p }</li> }) }
                </ol>
            }
            <label>{ l.text(Msg::ClusterSort) }{ " " }
                <select onchange={on_sort} data-testid="cluster-sort">
                    <option value="next" selected={sort == SortBy::Next}>{ l.text(Msg::ClusterSortNext) }</option>
                    <option value="runs" selected={sort == SortBy::Runs}>{ l.text(Msg::ClusterSortRuns) }</option>
                    <option value="problems" selected={sort == SortBy::Problems}>{ l.text(Msg::ClusterSortProblems) }</option>
                </select>
            </label>
            <div class="cluster-groups">
            { for namespaces.iter().map(|ns| html! {
                <details open=true class="cluster-ns" data-namespace={ns.to_string()}>
                    <summary>{ ns.to_string() }{ format!(" ({})", v.rows.iter().filter(|r| r.namespace == *ns).count()) }</summary>
                    <div class="table-scroll">
                    <table class="cluster-rows">
                        <thead><tr>
                            <th>{ l.text(Msg::ClusterName) }</th><th>{ l.text(Msg::ClusterSchedule) }</th>
                            <th>{ l.text(Msg::ClusterPolicy) }</th><th>{ l.text(Msg::ClusterRuns) }</th>
                            <th>{ l.text(Msg::ClusterProblems) }</th><th>{ l.text(Msg::ClusterNextRun) }</th>
                        </tr></thead>
                        <tbody>
                        { for sorted(ns).into_iter().map(|r| html! {
                            <tr data-testid="cluster-row" data-name={r.name.clone()}>
                                <td>{ &r.name }</td><td><code>{ &r.schedule }</code></td><td>{ &r.concurrency_policy }</td>
                                <td>{ r.runs }</td><td>{ format!("{} / {}", r.late, r.lost) }</td>
                                <td>{ r.next_run.clone().unwrap_or_default() }</td>
                            </tr>
                        }) }
                        </tbody>
                    </table>
                    </div>
                </details>
            }) }
            </div>
        </div>
    }
}
