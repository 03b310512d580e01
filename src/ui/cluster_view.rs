//! The cluster view: when the editor holds a cluster dump (at least [`MANY`] CronJobs, in a
//! `List`, in several documents or both), the page does not run the text as it runs one
//! CronJob (a timeline of hundreds of lanes is no view of a cluster): it asks its worker for a
//! cluster run instead (`app::cluster`, stepped in slices there, so that the next keystroke drops
//! it) and draws the answer, a compact row model, as one row per CronJob grouped by namespace
//! (each group a `<details>` that folds), sortable by first run, runs in the window or problems,
//! under a strip of the Jobs starting per minute with the peaks listed. While a newer text
//! computes, the last view stays, marked as stale, with how many namespaces are done; a dump of
//! more CronJobs than one run takes is refused with the page's words. The filter bar
//! (`cluster_filter.rs`) narrows the rows by the engine's answers about the run it keeps; a newer
//! text marks them stale, as the view.

use super::cluster_filter::{asks_nothing, filter_bar, hits};
use super::cluster_open::open_button;
use super::cluster_whatif::{WhatIfPanel, WhatIfState};
use super::language::use_lang;
use crate::app::cluster::ask::{ClusterAnswer, ClusterAsk};
use crate::app::cluster::view::{ClusterRefused, ClusterView};
use crate::app::protocol::Request;
use crate::i18n::{Lang, Msg};
use std::rc::Rc;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// CronJobs from which a text is a cluster dump. Fewer keep the timeline, whatever their form:
/// `kubectl get cronjobs -o yaml` of one namespace is a `List` of a few CronJobs, and its reader
/// wants each one's slots, explanations and inspector, which the cluster's rows do not give.
pub const MANY: usize = 10;

/// Whether `text` is a cluster dump (see the module's doc), read from its lines alone: the page's
/// module has no YAML parser, and this runs on every keystroke.
pub fn is_cluster_dump(text: &str) -> bool {
    text.lines().filter(|line| line.trim().trim_start_matches("- ") == "kind: CronJob").count() >= MANY
}

/// An answer of a cluster run.
pub type Outcome = Result<ClusterView, ClusterRefused>;

/// What the page knows of its cluster runs.
#[derive(Clone, Default, PartialEq)]
pub struct ClusterState {
    /// The cluster run asked for last; 0 while the text is not a cluster dump.
    pub asked: u64,
    /// How many of its namespaces are done, of how many.
    progress: Option<(usize, usize)>,
    /// The newest outcome and the run it is of.
    shown: Option<(u64, Rc<Outcome>)>,
    /// The engine's latest answer to the filter: the run and the question it is of.
    filtered: Option<Rc<(u64, ClusterAsk, ClusterAnswer)>>,
}

pub enum ClusterAction {
    /// Cluster run `id` is asked for.
    Asked(u64),
    /// The text is not a cluster dump.
    Off,
    /// The worker's answer: namespaces done of all, and the outcome once there is one.
    Answered { id: u64, done: usize, total: usize, outcome: Option<Outcome> },
    /// The engine's answer to a filter of cluster run `run`.
    Filtered { run: u64, ask: ClusterAsk, answer: ClusterAnswer },
}

impl Reducible for ClusterState {
    type Action = ClusterAction;

    fn reduce(self: Rc<Self>, action: ClusterAction) -> Rc<Self> {
        match action {
            ClusterAction::Asked(asked) => Rc::new(ClusterState {
                asked,
                progress: None,
                shown: self.shown.clone(),
                filtered: self.filtered.clone(),
            }),
            ClusterAction::Off if self.asked == 0 && self.shown.is_none() => self,
            ClusterAction::Off => Rc::default(),
            // An older run's answers are dropped (the worker has dropped the run, too).
            ClusterAction::Answered { id, .. } if id != self.asked => self,
            ClusterAction::Answered { id, outcome: Some(outcome), .. } => Rc::new(ClusterState {
                asked: id,
                progress: None,
                shown: Some((id, Rc::new(outcome))),
                filtered: self.filtered.clone(),
            }),
            ClusterAction::Answered { id, done, total, outcome: None } => Rc::new(ClusterState {
                asked: id,
                progress: Some((done, total)),
                shown: self.shown.clone(),
                filtered: self.filtered.clone(),
            }),
            ClusterAction::Filtered { run, ask, answer } => {
                Rc::new(ClusterState { filtered: Some(Rc::new((run, ask, answer))), ..(*self).clone() })
            }
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct ClusterProps {
    pub state: UseReducerHandle<ClusterState>,
    /// The what-if of the run shown, and the text it changes.
    pub what_if: UseReducerHandle<WhatIfState>,
    pub text: Rc<str>,
    /// Asks the engine the filter's questions and the what-ifs.
    pub ask: Callback<Request>,
    /// Opens a row (namespace, name): `cluster_open.rs`.
    pub on_open: Callback<(String, String)>,
    /// A row is open: the table stays, hidden, with its sort and folds.
    pub hidden: bool,
}

#[function_component(ClusterPanel)]
pub fn cluster_panel(props: &ClusterProps) -> Html {
    let l = use_lang();
    // An index into the view's orders (`app::cluster::view::ORDERS`: next run, runs, problems).
    let sort = use_state(|| 0usize);
    let state = &props.state;
    let stale = state.shown.as_ref().is_none_or(|(id, _)| *id != state.asked);
    let filter = use_state(ClusterAsk::default);
    let run = state.shown.as_ref().filter(|(_, o)| o.is_ok()).map(|(id, _)| *id);
    {
        let ask = props.ask.clone();
        use_effect_with((run, (*filter).clone()), move |(run, filter)| {
            if let Some(run) = run.filter(|_| !asks_nothing(filter)) {
                ask.emit(Request::ClusterAsk { run, ask: filter.clone() });
            }
        });
    }
    // The answer about the run shown, if any; stale until it answers the filter as it is now.
    let answer = state.filtered.as_deref().filter(|(of, ..)| Some(*of) == run && !asks_nothing(&filter));
    let filter_stale = !asks_nothing(&filter) && answer.is_none_or(|(_, asked, _)| *asked != *filter);
    let on_ask = {
        let filter = filter.clone();
        Callback::from(move |a| filter.set(a))
    };
    let filter_bar = html! {
        <>
            { filter_bar(l, &filter, &on_ask) }
            { answer.map(|(_, _, a)| hits(l, a)).unwrap_or_default() }
        </>
    };
    let keep = answer.map(|(_, _, a)| a.rows.as_slice());
    let on_sort = {
        let sort = sort.clone();
        Callback::from(move |e: Event| {
            sort.set(e.target_unchecked_into::<HtmlSelectElement>().selected_index().max(0) as usize)
        })
    };
    let status = match (stale, state.progress) {
        (false, _) => String::new(),
        (true, Some((done, total))) if done < total => l.format(Msg::ClusterProgress, &[&(done + 1), &total]),
        (true, _) if state.shown.is_some() => l.text(Msg::ClusterStale).to_owned(),
        (true, _) => l.text(Msg::Simulating).to_owned(),
    };
    html! {
        <section class="cluster-panel" hidden={props.hidden} data-testid="cluster" aria-label={l.text(Msg::ClusterRegion)} aria-busy={stale.to_string()}>
            <h2 class="pane-title">{ l.text(Msg::ClusterRegion) }</h2>
            <p class="hint" data-testid="cluster-status" role="status">{ status }</p>
            { match state.shown.as_ref().map(|(_, o)| &**o) {
                None => Html::default(),
                Some(Err(ClusterRefused::TooMany { cron_jobs, max })) => html! {
                    <p class="error" data-testid="cluster-refused" role="alert">
                        { l.format(Msg::ClusterTooMany, &[cron_jobs, max]) }</p> },
                Some(Err(ClusterRefused::Input(e))) => html! {
                    <p class="error" data-testid="cluster-refused" role="alert">{ e }</p> },
                Some(Ok(v)) => {
                    let what_if = html! { <WhatIfPanel state={props.what_if.clone()} run={run.unwrap_or_default()}
                        text={props.text.clone()} stagger={v.stagger.clone()} ask={props.ask.clone()} /> };
                    view(l, v, (*sort, on_sort), (stale, filter_stale), keep, (filter_bar, what_if), &props.on_open)
                }
            } }
        </section>
    }
}

/// The view of `v` in order `sort`, with the filter's bar and the rows it keeps (all: `None`), and the what-ifs under the peaks;
/// each row's name opens it through `on_open`.
fn view(
    l: Lang,
    v: &ClusterView,
    (sort, on_sort): (usize, Callback<Event>),
    (stale, filter_stale): (bool, bool),
    keep: Option<&[u32]>,
    (filter_bar, what_if): (Html, Html),
    on_open: &Callback<(String, String)>,
) -> Html {
    let mut namespaces: Vec<&str> = Vec::new();
    for r in &v.rows {
        if !namespaces.contains(&r.namespace.as_str()) {
            namespaces.push(&r.namespace);
        }
    }
    let order = v.orders.get(sort).map_or(&[][..], Vec::as_slice);
    let kept = |i: &&u32| keep.is_none_or(|k| k.binary_search(i).is_ok());
    let groups: Vec<(&str, Vec<_>)> = namespaces
        .iter()
        .map(|ns| {
            (
                *ns,
                order
                    .iter()
                    .filter(kept)
                    .filter_map(|&i| v.rows.get(i as usize))
                    .filter(|r| r.namespace == *ns)
                    .collect(),
            )
        })
        .collect();
    let option = |value: &'static str, i: usize, msg: Msg| html! { <option {value} selected={sort == i}>{ l.text(msg) }</option> };
    let heads = [
        Msg::ClusterName,
        Msg::ClusterSchedule,
        Msg::ClusterPolicy,
        Msg::ClusterRuns,
        Msg::ClusterProblems,
        Msg::ClusterNextRun,
    ];
    html! {
        <div class={classes!("cluster-view", stale.then_some("stale"))} data-testid="cluster-view">
            <p data-testid="cluster-summary">{ l.format(Msg::ClusterSummary, &[&v.rows.len(), &namespaces.len(), &v.start, &v.end]) }</p>
            <figure class="cluster-density">
                <svg viewBox={format!("0 0 {} 40", v.bars_width)} preserveAspectRatio="none" role="img"
                    aria-label={l.text(Msg::ClusterDensity)} data-testid="cluster-density">
                    <path d={v.bars_path.clone()} vector-effect="non-scaling-stroke" />
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
            { what_if }
            <label>{ l.text(Msg::ClusterSort) }{ " " }
                <select onchange={on_sort} data-testid="cluster-sort">
                    { option("next", 0, Msg::ClusterSortNext) }{ option("runs", 1, Msg::ClusterSortRuns) }
                    { option("problems", 2, Msg::ClusterSortProblems) }
                </select>
            </label>
            { filter_bar }
            <div class={classes!("cluster-groups", filter_stale.then_some("stale"))} data-testid="cluster-groups"
                aria-busy={filter_stale.to_string()}>
            if groups.iter().all(|(_, rows)| rows.is_empty()) {
                <p data-testid="cluster-no-match">{ l.text(Msg::ClusterNoMatch) }</p>
            }
            { for groups.into_iter().filter(|(_, rows)| !rows.is_empty()).map(|(ns, rows)| {
                html! {
                <details open=true class="cluster-ns" data-namespace={ns.to_string()}>
                    <summary>{ format!("{ns} ({})", rows.len()) }</summary>
                    <div class="table-scroll">
                    <table class="cluster-rows">
                        <thead><tr>{ for heads.iter().map(|m| html! { <th>{ l.text(*m) }</th> }) }</tr></thead>
                        <tbody>
                        { for rows.into_iter().map(|r| html! {
                            <tr data-testid="cluster-row" data-name={r.name.clone()}>
                                <td>{ open_button(l, &r.namespace, &r.name, on_open) }</td>
                                { for r.cells.iter().skip(1).map(|c| html! { <td>{ c }</td> }) }
                            </tr>
                        }) }
                        </tbody>
                    </table>
                    </div>
                </details>
            } }) }
            </div>
        </div>
    }
}
