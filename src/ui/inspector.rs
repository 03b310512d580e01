//! The inspector: what the selected item is and why it happened (the trace's slot fate and
//! decision texts with the Kubernetes version), and the world at the cursor as `kubectl get`
//! tables, `kubectl describe`-style Events and the controllers' log lines. Explanations and log
//! lines come from the controllers' decision history, which stays with the engine: the inspector
//! asks for them when it shows them, and marks what it shows `aria-busy` until the answer for
//! the current run (and cursor) is in.

use super::language::use_lang;
use super::state::{Action, ViewState};
use crate::app::axis_zone::AxisZone;
use crate::app::protocol::Said;
use crate::app::protocol::{EventsShown, Explained, InspectionView, Logged, Request, TableView};
use crate::i18n::{Lang, Msg};
use crate::sim::trace::{format_time, ObjectKind, Time};
use crate::timeline::kubectl::{cron_jobs_at, jobs_at, pods_at, resource};
use crate::timeline::viewport::ms;
use crate::timeline::ItemRef;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct InspectorProps {
    pub state: ViewState,
    pub dispatch: UseReducerDispatcher<ViewState>,
    /// The engine's last explanation, log lines and Events table.
    pub explained: Rc<Option<Explained>>,
    pub logged: Rc<Option<Logged>>,
    pub events: Rc<Option<EventsShown>>,
    /// Asks the engine for them.
    pub ask: Callback<Request>,
}

/// Log lines shown (the newest up to the cursor).
const LOG_LINES: usize = 200;

#[derive(Clone, Copy, PartialEq)]
enum Tab {
    Details,
    Get,
    Events,
    Logs,
}

fn table(t: &TableView, testid: &str, select: &Callback<MouseEvent>) -> Html {
    html! {
        <table class="kubectl" data-testid={testid.to_string()}>
            <thead><tr>{ for t.headers.iter().map(|h| html! { <th scope="col">{ h.clone() }</th> }) }</tr></thead>
            <tbody>
                if t.rows.is_empty() { <tr><td colspan={t.headers.len().to_string()} class="none">{ "No resources found." }</td></tr> }
                { for t.rows.iter().map(|(item, cells)| html! {
                    <tr data-item={item.clone().unwrap_or_default()} onclick={select.clone()} class={if item.is_some() { "link" } else { "" }}>
                        { for cells.iter().map(|c| html! { <td>{ c.clone() }</td> }) }
                    </tr>
                }) }
            </tbody>
        </table>
    }
}

#[function_component(Inspector)]
pub fn inspector(props: &InspectorProps) -> Html {
    let l = use_lang();
    let tab = use_state(|| Tab::Details);
    let s = &props.state;
    // What the open tab needs from the engine.
    let question = s.model.as_ref().and_then(|m| match *tab {
        Tab::Details => s.selected.map(|item| Request::Explain { run: m.run, item: item.to_string() }),
        Tab::Logs => Some(Request::Logs { run: m.run, at: s.cursor_time(), limit: LOG_LINES }),
        Tab::Events => Some(Request::Events { run: m.run, at: s.cursor_time(), object: object_of(s) }),
        Tab::Get => None,
    });
    {
        let ask = props.ask.clone();
        use_effect_with(question, move |q| {
            if let Some(q) = q {
                ask.emit(q.clone());
            }
        });
    }
    let Some(model) = &s.model else { return html! { <section class="inspector" data-testid="inspector" /> } };
    let Some(trace) = &model.result.trace else {
        return html! { <section class="inspector" data-testid="inspector" /> };
    };
    let at = s.cursor_time();
    let select = {
        let d = props.dispatch.clone();
        Callback::from(move |e: MouseEvent| {
            let el: Option<web_sys::Element> = e.current_target().and_then(|t| wasm_bindgen::JsCast::dyn_into(t).ok());
            if let Some(item) =
                el.and_then(|el| el.get_attribute("data-item")).and_then(|text| text.parse::<ItemRef>().ok())
            {
                d.dispatch(Action::Select(Some(item)));
            }
        })
    };
    let tab_button = |t: Tab, label: &str, id: &str| {
        let tab = tab.clone();
        html! {
            <button type="button" role="tab" aria-selected={(*tab == t).to_string()} class={if *tab == t { "tab active" } else { "tab" }}
                data-testid={format!("tab-{id}")} onclick={Callback::from(move |_| tab.set(t))}>{ label.to_string() }</button>
        }
    };
    let hint = html! { <p class="hint">{ l.text(Msg::InspectorHint) }</p> };
    // The selection's explanation, from this run or (while that one is asked for) an earlier one.
    let selected = s.selected.map(|item| item.to_string());
    let shown = props.explained.as_ref().as_ref().filter(|(_, item, _)| Some(item) == selected.as_ref());
    let fresh = shown.is_some_and(|(run, _, _)| *run == model.run);
    let details = match (selected.is_some(), shown) {
        (false, _) => hint,
        (true, Some((_, _, None))) if fresh => hint, // no such item in this run
        (true, None | Some((_, _, None))) => {
            html! { <div class="explanation" data-testid="explanation" aria-busy="true" /> }
        }
        (true, Some((_, _, Some(e)))) => explanation(l, s, e, fresh),
    };
    let body = match *tab {
        Tab::Details => details,
        Tab::Get => html! {
            <div class="get" data-testid="kubectl-get">
                <p class="cmd">{ format!("$ kubectl get cronjob,job,pod   {}", l.format(Msg::GetAt, &[&shown_time(s, at)])) }</p>
                { table(&cron_jobs_at(trace, at).into(), "kubectl-cronjobs", &select) }
                { table(&jobs_at(trace, at).into(), "kubectl-jobs", &select) }
                { table(&pods_at(trace, at).into(), "kubectl-pods", &select) }
            </div>
        },
        Tab::Events => events(l, props, model.run, at, &select),
        Tab::Logs => logs(l, props, model.run, at),
    };
    html! {
        <section class="inspector" data-testid="inspector" aria-label={l.text(Msg::Inspector)}>
            <div class="tabs" role="tablist">
                { tab_button(Tab::Details, l.text(Msg::TabDetails), "details") }
                { tab_button(Tab::Get, "kubectl get", "get") }
                { tab_button(Tab::Events, l.text(Msg::TabEvents), "events") }
                { tab_button(Tab::Logs, l.text(Msg::TabLogs), "logs") }
                <span class="run-info" data-testid="run-info">{ l.format(Msg::RunInfo, &[&trace.kubernetes_version, &trace.slots.len(),
                    &trace.jobs.len(), &trace.pods.len(), &(model.run_ms.round_ties_even() as i64)]) }</span>
            </div>
            <div class="tab-body">{ body }</div>
        </section>
    }
}

/// The selected item's explanation: its kind and name, its facts, and the reasons, each with
/// its source, code and instant.
fn explanation(l: Lang, s: &ViewState, e: &InspectionView, fresh: bool) -> Html {
    html! {
        <div class="explanation" data-testid="explanation" data-kind={e.kind.clone()} aria-busy={(!fresh).to_string()}>
            <h3 data-testid="inspector-title"><span class="kind" data-kind={e.kind.clone()}>{ Msg::kind(&e.kind).map_or(e.kind.as_str(), |m| l.text(m)) }</span>{ " " }
                <span class={verbatim(&e.title)}>{ e.title.render(l) }</span></h3>
            <dl class="facts">
                { for e.facts.iter().map(|(k, v)| html! {
                    <><dt>{ Msg::field(k).map_or(k.as_str(), |m| l.text(m)) }</dt>
                    <dd data-testid="fact" data-field={k.clone()} class={verbatim(v)}>{ instant_in_zone(s, v).unwrap_or_else(|| v.render(l)) }</dd></>
                }) }
            </dl>
            <h4>{ l.text(Msg::Why) }</h4>
            <ol class="why">
                { for e.why.iter().map(|r| html! {
                    <li data-testid="reason" data-code={r.code.clone()} data-source={r.source.clone()}>
                        <span class="src">{ Msg::source(&r.source).map_or(r.source.as_str(), |m| l.text(m)) }</span>
                        <code class="code">{ r.code.clone() }</code>
                        if let Some(t) = r.at { <time datetime={format_time(&t)}>{ shown_time(s, t) }</time> }
                        <p class={verbatim(&r.text)}>{ r.text.render(l) }</p>
                    </li>
                }) }
            </ol>
        </div>
    }
}

/// The Events tab: the selected object's Events (`kubectl describe`), else all of them, at the
/// cursor.
fn events(l: Lang, props: &InspectorProps, run: u64, at: Time, select: &Callback<MouseEvent>) -> Html {
    let s = &props.state;
    let object = object_of(s);
    let shown = props.events.as_ref().as_ref();
    let fresh = shown.is_some_and(|(r, t, o, _)| *r == run && *t == at && *o == object);
    html! {
        <div class="events">
            <p class="cmd">{ match &object {
                Some((k, n)) => format!("$ kubectl describe {} {n}   {}", resource(*k), l.format(Msg::DescribeAt, &[&shown_time(s, at)])),
                None => format!("$ kubectl get events   {}", l.format(Msg::EventsAt, &[&shown_time(s, at)])),
            } }</p>
            <div aria-busy={(!fresh).to_string()}>
                { shown.map(|(_, _, _, t)| table(t, if fresh { "events" } else { "events-pending" }, select)).unwrap_or_default() }
            </div>
        </div>
    }
}

/// The Logs tab: the controllers' log lines up to the cursor.
fn logs(l: Lang, props: &InspectorProps, run: u64, at: Time) -> Html {
    let s = &props.state;
    let shown = props.logged.as_ref().as_ref();
    let fresh = shown.is_some_and(|(r, t, _)| *r == run && *t == at);
    html! {
        <div class="logs">
            <p class="cmd">{ l.format(Msg::LogUpTo, &[&shown_time(s, at)]) }</p>
            <pre data-testid={if fresh { "logs" } else { "logs-pending" }} aria-busy={(!fresh).to_string()}>
                { shown.map(|(_, _, lines)| lines.join("\n")).unwrap_or_default() }</pre>
        </div>
    }
}

/// The object whose Events the Events tab shows: the selected Job, Pod, or slot's CronJob.
fn object_of(s: &ViewState) -> Option<(ObjectKind, String)> {
    let trace = s.model.as_ref()?.result.trace.as_ref()?;
    match s.selected? {
        ItemRef::Job(i) => trace.jobs.get(i).map(|j| (ObjectKind::Job, j.name.to_string())),
        ItemRef::Pod(i) => trace.pods.get(i).map(|p| (ObjectKind::Pod, p.name.to_string())),
        ItemRef::Slot(i) => trace.slots.get(i).map(|p| (ObjectKind::CronJob, p.cron_job.to_string())),
        _ => None,
    }
}

/// An instant as the inspector shows it: RFC 3339 UTC (as Kubernetes writes it) when the page
/// reads times in UTC, else on the page's zone's wall clock.
fn shown_time(s: &ViewState, t: Time) -> String {
    match s.zone {
        AxisZone::Utc => format_time(&t),
        _ => s.wall_time(ms(t)),
    }
}

/// A fact that is an instant alone (`Scheduled time`, `Created`: the trace's RFC 3339 UTC), on
/// the page's zone's wall clock; `None` for any other fact, and in UTC.
fn instant_in_zone(s: &ViewState, fact: &Said) -> Option<String> {
    let Said::Verbatim(text) = fact else { return None };
    if s.zone == AxisZone::Utc {
        return None;
    }
    Some(shown_time(s, crate::go::parse_rfc3339(text)?))
}

/// Marks a text shown as it is in every language (names, times, Kubernetes' own words): `verbatim`.
fn verbatim(text: &Said) -> &'static str {
    if text.is_verbatim() {
        "verbatim"
    } else {
        ""
    }
}
