//! The cluster view's filter bar: a text search (names and labels), a choice of the CronJobs to
//! show (the CLI's `--only` set) and a time window read in the viewer's zone, and the list of the
//! Jobs the window finds. The page filters nothing itself: each change goes to the engine worker
//! as a question about the cluster run it keeps (`app::cluster::ask`), which answers with the
//! rows to show and the window's Jobs in words.

use super::viewer_zone::viewer_zone;
use crate::app::cluster::ask::{ClusterAnswer, ClusterAsk};
use crate::app::cluster::query::WindowFault;
use crate::app::cluster::Only;
use crate::i18n::{Lang, Msg};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// The choices of the "show" select, in order (none: every CronJob).
const SHOWN: [Option<Only>; 7] = [
    None,
    Some(Only::LostOrLate),
    Some(Only::Problems),
    Some(Only::Forbid),
    Some(Only::Replace),
    Some(Only::Allow),
    Some(Only::Suspended),
];

/// The text of the input an event is of.
fn value(e: &Event) -> String {
    e.target_unchecked_into::<HtmlInputElement>().value()
}

/// Whether `ask` keeps every row and asks no window: no question for the engine.
pub fn asks_nothing(ask: &ClusterAsk) -> bool {
    ask.search.is_empty() && ask.only.is_empty() && ask.window.trim().is_empty()
}

/// The bar for `ask`, each change of which goes to `on_ask` (with the viewer's zone).
pub fn filter_bar(l: Lang, ask: &ClusterAsk, on_ask: &Callback<ClusterAsk>) -> Html {
    let zone = viewer_zone();
    let change = |set: fn(&mut ClusterAsk, &Event)| {
        let (ask, on_ask, zone) = (ask.clone(), on_ask.clone(), zone.clone());
        Callback::from(move |e: Event| {
            let mut ask = ClusterAsk { zone: zone.clone(), ..ask.clone() };
            set(&mut ask, &e);
            on_ask.emit(ask);
        })
    };
    let on_search = change(|a, e| a.search = value(e));
    let on_show = change(|a, e| {
        let i = e.target_unchecked_into::<HtmlSelectElement>().selected_index().max(0) as usize;
        a.only = SHOWN.get(i).copied().flatten().into_iter().collect();
    });
    let on_window = change(|a, e| a.window = value(e));
    let shown = ask.only.first().copied();
    let label = |only: Option<Only>| match only {
        None => l.text(Msg::ClusterShowAll).to_owned(),
        Some(Only::LostOrLate) => l.text(Msg::ClusterOnlyLostOrLate).to_owned(),
        Some(Only::Problems) => l.text(Msg::ClusterOnlyProblems).to_owned(),
        Some(Only::Suspended) => l.text(Msg::ClusterOnlySuspended).to_owned(),
        Some(Only::Forbid) => l.format(Msg::ClusterOnlyPolicy, &[&"Forbid"]),
        Some(Only::Replace) => l.format(Msg::ClusterOnlyPolicy, &[&"Replace"]),
        Some(Only::Allow) => l.format(Msg::ClusterOnlyPolicy, &[&"Allow"]),
    };
    html! {
        <div class="cluster-filter" data-testid="cluster-filter">
            <input type="search" data-testid="cluster-search" aria-label={l.text(Msg::ClusterSearch)}
                placeholder={l.text(Msg::ClusterSearch)} value={ask.search.clone()} oninput={on_search.reform(Event::from)} />
            <label>{ l.text(Msg::ClusterShow) }{ " " }
                <select data-testid="cluster-only" onchange={on_show}>
                    { for SHOWN.iter().map(|&o| html! { <option selected={o == shown}>{ label(o) }</option> }) }
                </select>
            </label>
            <label class="cluster-window">{ l.format(Msg::ClusterWindow, &[&zone]) }
                <input data-testid="cluster-window" placeholder="02:00-03:00" value={ask.window.clone()} onchange={on_window} />
            </label>
        </div>
    }
}

/// The Jobs the window finds, or why its text is refused (nothing without a window).
pub fn hits(l: Lang, answer: &ClusterAnswer) -> Html {
    match &answer.window {
        None => Html::default(),
        Some(Err(e)) => {
            let msg = match e.fault {
                WindowFault::Unreadable => Msg::ClusterWindowUnreadable,
                WindowFault::EndNotAfterStart => Msg::ClusterWindowEndNotAfterStart,
                WindowFault::EndIsStart => Msg::ClusterWindowEndIsStart,
            };
            html! { <p class="error" data-testid="cluster-window-error" role="alert">{ l.format(msg, &[&format!("{:?}", e.text)]) }</p> }
        }
        Some(Ok(hits)) if hits.is_empty() => {
            html! { <p data-testid="cluster-hits">{ l.text(Msg::ClusterWindowNothing) }</p> }
        }
        Some(Ok(hits)) => html! {
            <ol class="cluster-hits" data-testid="cluster-hits">
                { for hits.iter().map(|h| html! {
                    <li data-testid="cluster-hit" data-job={h.job.clone()} data-running={h.still_running.to_string()}>
                        if h.still_running { <em>{ l.text(Msg::ClusterHitRunning) }</em>{ " " } }
                        { format!("{} → ", h.started) }
                        { h.stopped.clone().unwrap_or_else(|| l.text(Msg::ClusterHitPastEnd).to_owned()) }
                        { format!(" {} ({})", h.job, h.cron_job) }
                    </li>
                }) }
                if answer.more > 0 { <li>{ l.format(Msg::ClusterHitsMore, &[&answer.more]) }</li> }
            </ol>
        },
    }
}
