//! Form controls over the `Simulation` document: Kubernetes version, horizon, controller time
//! zone, and each CronJob's/Job's pod behaviour (startup, then duration and exit code per
//! attempt). They read the document the last run found and write a new one into the editor text,
//! so someone who never writes a Simulation document still drives the whole model.

use super::language::use_lang;
use crate::api::{KubernetesVersion, Release};
use crate::app::run::Workload;
use crate::i18n::{Lang, Msg};
use crate::sim::scenario::{
    Attempt, ClusterAction, ClusterEvent, HorizonDuration, HorizonDurationError, PodRule, PodSelector, Simulation,
    API_VERSION, KIND,
};
use crate::sim::trace::format_time;
use serde_json::Value;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    pub simulation: Simulation,
    pub workloads: Vec<Workload>,
    /// The virtual clock's time (new scenario events start there).
    pub now: Option<crate::sim::trace::Time>,
    /// The Simulation document to write into the text.
    pub on_change: Callback<Value>,
}

/// Drops `null`s and empty lists/maps, so the written document holds only what was chosen.
fn tidy(v: Value) -> Option<Value> {
    match v {
        Value::Null => None,
        Value::Array(a) => {
            let a: Vec<Value> = a.into_iter().filter_map(tidy).collect();
            (!a.is_empty()).then_some(Value::Array(a))
        }
        Value::Object(m) => {
            // Inserted one by one: `collect` into a map sorts first, a sort the page need not hold.
            let mut kept = serde_json::Map::new();
            for (k, v) in m {
                if let Some(v) = tidy(v) {
                    kept.insert(k, v);
                }
            }
            (!kept.is_empty()).then_some(Value::Object(kept))
        }
        other => Some(other),
    }
}

/// The document for `sim`, as the controls write it.
pub fn document(sim: &Simulation) -> Value {
    let mut sim = sim.clone();
    sim.api_version = Some(API_VERSION.into());
    sim.kind = Some(KIND.into());
    let value = serde_json::to_value(&sim).unwrap_or(Value::Null);
    let mut out = tidy(value).unwrap_or(Value::Null);
    if let Some(obj) = out.as_object_mut() {
        let spec = obj.entry("spec").or_insert_with(|| Value::Object(Default::default()));
        if let (Some(spec), Some(d)) = (spec.as_object_mut(), sim.spec.duration) {
            spec.insert("duration".into(), Value::String(human_horizon(d.0)));
        }
        // `startupSeconds: 0` is the default: leave it out.
        if let Some(pods) = spec.get_mut("pods").and_then(Value::as_array_mut) {
            for rule in pods.iter_mut().filter_map(Value::as_object_mut) {
                if rule.get("startupSeconds").and_then(Value::as_f64) == Some(0.0) {
                    rule.remove("startupSeconds");
                }
            }
        }
    }
    out
}

/// At most this many workloads show their pod-behaviour form at once; the search box above them
/// reaches the others (the forms of a 2,000-CronJob list are 20,000 elements, and laying them out
/// kept the page busy for seconds).
const SHOWN_WORKLOADS: usize = 12;

/// The workloads whose forms are shown for `query` (any part of the name, in any case), in the
/// input's order, and how many match in all. ASCII case only: object names are DNS labels, and
/// Unicode's case mapping would be 4 KB of the page's module.
fn shown<'a>(workloads: &'a [Workload], query: &str) -> (Vec<&'a Workload>, usize) {
    let q = query.trim().to_ascii_lowercase();
    let mut found = workloads.iter().filter(|w| w.name.to_ascii_lowercase().contains(&q));
    let shown: Vec<&Workload> = found.by_ref().take(SHOWN_WORKLOADS).collect();
    let matched = shown.len() + found.count();
    (shown, matched)
}

fn rule_index(sim: &Simulation, w: &Workload) -> Option<usize> {
    sim.spec.pods.iter().position(|r| match w.kind.as_str() {
        "CronJob" => r.selector.cron_job.as_deref() == Some(&w.name) && r.selector.job.is_none(),
        _ => r.selector.job.as_deref() == Some(&w.name),
    })
}

#[function_component(Controls)]
pub fn controls(props: &ControlsProps) -> Html {
    let l = use_lang();
    let query = use_state(String::new);
    let sim = &props.simulation;
    let emit = {
        let cb = props.on_change.clone();
        move |s: Simulation| cb.emit(document(&s))
    };

    let on_version = {
        let (sim, emit) = (sim.clone(), emit.clone());
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            let mut s = sim.clone();
            s.spec.kubernetes_version = v.parse::<KubernetesVersion>().ok().map(Release::from);
            emit(s);
        })
    };
    // A horizon the field cannot take stays in the field, with what is wrong under it.
    let horizon_error = use_state(|| None::<HorizonDurationError>);
    let on_horizon = horizon_change(sim.clone(), emit.clone(), horizon_error.clone());
    let on_zone = {
        let (sim, emit) = (sim.clone(), emit.clone());
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlInputElement>().value();
            let mut s = sim.clone();
            s.spec.controller_time_zone = (!v.trim().is_empty()).then(|| v.trim().to_string());
            emit(s);
        })
    };

    let on_query = {
        let query = query.clone();
        Callback::from(move |e: InputEvent| query.set(e.target_unchecked_into::<HtmlInputElement>().value()))
    };
    let (workloads, matched) = shown(&props.workloads, &query);
    let horizon = sim.spec.duration.map(|d| human_horizon(d.0)).unwrap_or_default();
    let version = sim.spec.kubernetes_version.map(|r| r.version.to_string()).unwrap_or_default();
    html! {
        <form class="controls" data-testid="controls" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
            <label>{ l.text(Msg::Kubernetes) }
                <select data-testid="k8s-version" onchange={on_version} aria-label={l.text(Msg::KubernetesVersion)}>
                    <option value="" selected={version.is_empty()}>{ l.format(Msg::NewestVersion, &[&KubernetesVersion::NEWEST]) }</option>
                    { for KubernetesVersion::all_newest_first().map(|v| {
                        let v = v.to_string();
                        html! { <option value={v.clone()} selected={v == version}>{ v }</option> }
                    }) }
                </select>
            </label>
            <label>{ l.text(Msg::Horizon) }
                <input data-testid="horizon" type="text" size="6" placeholder="24h" value={horizon}
                    onchange={on_horizon} aria-label={l.text(Msg::HorizonLabel)} title={l.text(Msg::HorizonTitle)}
                    aria-invalid={horizon_error.is_some().to_string()} aria-describedby="horizon-error" />
            </label>
            if let Some(e) = &*horizon_error {
                <p class="field-error" id="horizon-error" role="alert" data-testid="horizon-error">{ e.say(l) }</p>
            }
            <label>{ l.text(Msg::ControllerTz) }
                <input data-testid="timezone" type="text" size="12" list="zones" placeholder="UTC"
                    value={sim.spec.controller_time_zone.clone().unwrap_or_default()} onchange={on_zone}
                    aria-label={l.text(Msg::ControllerTzLabel)} />
                <datalist id="zones">
                    { for ["UTC", "Europe/London", "Europe/Berlin", "America/New_York", "America/Los_Angeles", "Asia/Tokyo", "Asia/Seoul", "Asia/Kolkata", "Australia/Sydney"]
                        .iter().map(|z| html! { <option value={*z} /> }) }
                </datalist>
            </label>
            if props.workloads.len() > SHOWN_WORKLOADS {
                <div class="pod-search">
                    <label>{ l.text(Msg::FindWorkload) }
                        <input type="search" data-testid="pod-search" value={(*query).clone()} oninput={on_query}
                            aria-describedby="pod-search-count" autocomplete="off" />
                    </label>
                    <output id="pod-search-count" data-testid="pod-search-count" aria-live="polite">
                        { l.format(Msg::WorkloadsShown, &[&workloads.len(), &matched]) }</output>
                </div>
            }
            // One child of the form however many match (the macro flattens a bare `for` into the
            // form's children, and Yew pairs unkeyed children from the end: a shorter list would
            // re-create the search box under the typing hand); inside, each form keeps its key.
            <>{ for workloads.into_iter().map(|w| pod_behaviour(l, sim, w, emit.clone())) }</>
            { events(l, sim, &props.workloads, props.now, emit.clone()) }
        </form>
    }
}

/// The horizon field's change: a duration (which replaces an end), blank for the default, or
/// text the field cannot take, which is said in `horizon_error` and changes nothing.
fn horizon_change(
    sim: Simulation,
    emit: impl Fn(Simulation) + 'static,
    horizon_error: UseStateHandle<Option<HorizonDurationError>>,
) -> Callback<Event> {
    Callback::from(move |e: Event| {
        let v = e.target_unchecked_into::<HtmlInputElement>().value();
        let mut s = sim.clone();
        if v.trim().is_empty() {
            s.spec.duration = None;
        } else {
            match v.trim().parse::<HorizonDuration>() {
                Ok(d) => {
                    s.spec.duration = Some(d);
                    s.spec.end = None;
                }
                Err(e) => {
                    horizon_error.set(Some(e));
                    return;
                }
            }
        }
        horizon_error.set(None);
        emit(s);
    })
}

/// A horizon as a person writes it (`36h`, `7d`, `90m`).
fn human_horizon(d: chrono::TimeDelta) -> String {
    let s = d.num_seconds();
    if s % 86400 == 0 {
        format!("{}d", s / 86400)
    } else if s % 3600 == 0 {
        format!("{}h", s / 3600)
    } else if s % 60 == 0 {
        format!("{}m", s / 60)
    } else {
        format!("{s}s")
    }
}

/// The rule of `w`'s Pods and its place among the Simulation's rules (`None`: it has none of its
/// own). Without a rule of its own, the workload shows the catch-all rule that applies to it (an
/// edit then gives it its own rule, starting from those values).
fn rule_of(sim: &Simulation, w: &Workload) -> (Option<usize>, PodRule) {
    let existing = rule_index(sim, w);
    let selector = match w.kind.as_str() {
        "CronJob" => PodSelector { cron_job: Some(w.name.clone()), job: None },
        _ => PodSelector { cron_job: None, job: Some(w.name.clone()) },
    };
    let catch_all = || sim.spec.pods.iter().find(|r| r.selector == PodSelector::default()).cloned();
    let rule = existing
        .map(|i| sim.spec.pods[i].clone())
        .unwrap_or_else(|| PodRule { selector, ..catch_all().unwrap_or_default() });
    (existing, rule)
}

fn pod_behaviour(l: Lang, sim: &Simulation, w: &Workload, emit: impl Fn(Simulation) + Clone + 'static) -> Html {
    let (existing, rule) = rule_of(sim, w);
    // Without attempts of the rule's own, the pods behave as their command reads, if it reads
    // plainly (the engine's `Workload::inferred`), else as the default; an edit writes a rule.
    let inferred = w.inferred.as_ref().filter(|_| !rule.sets_attempts());
    let attempts: Vec<Attempt> = match (rule.attempts.is_empty(), inferred) {
        (false, _) => rule.attempts.clone(),
        (true, Some((seconds, exit_code, _))) => vec![Attempt { duration_seconds: *seconds, exit_code: *exit_code }],
        (true, None) => vec![crate::sim::scenario::DEFAULT_ATTEMPT],
    };
    // Writes `edit(rule)` back at the rule's place (new rules go first, before catch-alls).
    let update = {
        let sim = sim.clone();
        let rule = rule.clone();
        move |edit: &dyn Fn(&mut PodRule)| {
            let mut s = sim.clone();
            let mut r = rule.clone();
            edit(&mut r);
            match existing {
                Some(i) => s.spec.pods[i] = r,
                None => s.spec.pods.insert(0, r),
            }
            s
        }
    };
    let field = |i: usize, is_code: bool| {
        let (update, emit, attempts) = (update.clone(), emit.clone(), attempts.clone());
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlInputElement>().value();
            let Some(n) = super::number(&v) else { return };
            let mut list = attempts.clone();
            if is_code {
                list[i].exit_code = n as i32;
            } else if n >= 0.0 {
                list[i].duration_seconds = n;
            } else {
                return;
            }
            emit(update(&|r: &mut PodRule| r.attempts = list.clone()));
        })
    };
    // A button that changes the list of attempts (adds one like the last, removes the last).
    let button = |change: fn(&mut Vec<Attempt>)| {
        let (update, emit, attempts) = (update.clone(), emit.clone(), attempts.clone());
        Callback::from(move |_: MouseEvent| {
            let mut list = attempts.clone();
            change(&mut list);
            emit(update(&|r: &mut PodRule| r.attempts = list.clone()));
        })
    };
    let add = button(|list| list.push(*list.last().unwrap_or(&crate::sim::scenario::DEFAULT_ATTEMPT)));
    let remove = button(|list| {
        list.pop();
    });
    let on_startup = {
        let (update, emit) = (update.clone(), emit.clone());
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlInputElement>().value();
            if let Some(n) = super::number(&v) {
                if n >= 0.0 {
                    emit(update(&|r: &mut PodRule| r.startup_seconds = n));
                }
            }
        })
    };
    let id = format!("{}-{}", w.kind.to_ascii_lowercase(), w.name);
    html! {
        <fieldset key={id.clone()} class="pod-behaviour" data-testid="pod-behaviour" data-workload={w.name.clone()}>
            <legend>{ l.format(Msg::PodsOf, &[&w.kind, &w.name]) }</legend>
            <label>{ l.text(Msg::StartupSeconds) }
                <input type="number" min="0" step="any" size="4" value={rule.startup_seconds.to_string()} onchange={on_startup}
                    data-testid="startup" aria-label={l.format(Msg::StartupSecondsLabel, &[&id])} />
            </label>
            { for attempts.iter().enumerate().map(|(i, a)| html! {
                <span class="attempt" data-testid="attempt" data-attempt={i.to_string()}>
                    <label>{ l.format(Msg::AttemptRunSeconds, &[&(i + 1)]) }
                        <input type="number" min="0" step="any" value={a.duration_seconds.to_string()} onchange={field(i, false)}
                            data-testid="attempt-duration" aria-label={l.format(Msg::AttemptDurationLabel, &[&id, &(i + 1)])} />
                    </label>
                    <label>{ l.text(Msg::Exit) }
                        <input type="number" step="1" value={a.exit_code.to_string()} onchange={field(i, true)}
                            data-testid="attempt-exit" aria-label={l.format(Msg::AttemptExitLabel, &[&id, &(i + 1)])} />
                    </label>
                </span>
            }) }
            <button type="button" onclick={add} data-testid="add-attempt" title={l.text(Msg::AddAttempt)}>{ "+" }</button>
            if attempts.len() > 1 { <button type="button" onclick={remove} data-testid="remove-attempt" title={l.text(Msg::RemoveAttempt)}>{ "−" }</button> }
            if let Some((_, _, said)) = inferred { <p class="inferred" data-testid="inferred">{ said.render(l) }</p> }
        </fieldset>
    }
}

/// What a scenario event does, in words.
fn describe(l: Lang, e: &ClusterEvent) -> String {
    match &e.action {
        ClusterAction::Patch { cron_job, spec } => format!("patch cronjob {cron_job} {spec}"),
        ClusterAction::DeleteJob { job } => format!("delete job {job}"),
        ClusterAction::DeleteCronJob { cron_job } => format!("delete cronjob {cron_job}"),
        ClusterAction::ControllerDown { until } => l.format(Msg::ControllerDownUntil, &[&format_time(until)]),
        ClusterAction::Trigger { cron_job } => format!("create job --from=cronjob/{cron_job}"),
    }
}

/// The scenario's cluster events, each removable, and a small form that adds one at a time:
/// a schedule edit, suspend or resume, a Job deletion, a controller outage, a manual trigger.
fn events(
    l: Lang,
    sim: &Simulation,
    workloads: &[Workload],
    now: Option<crate::sim::trace::Time>,
    emit: impl Fn(Simulation) + Clone + 'static,
) -> Html {
    let list = sim.spec.events.clone();
    let cron_job = workloads.iter().find(|w| w.kind == "CronJob").map(|w| w.name.clone()).unwrap_or_default();
    let form_id = "add-event";
    let add = {
        let (sim, emit, cron_job) = (sim.clone(), emit.clone(), cron_job.clone());
        Callback::from(move |e: MouseEvent| {
            let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
            let value = |id: &str| -> String {
                doc.get_element_by_id(id)
                    .and_then(|el| {
                        wasm_bindgen::JsCast::dyn_into::<HtmlInputElement>(el.clone())
                            .map(|i| i.value())
                            .ok()
                            .or_else(|| wasm_bindgen::JsCast::dyn_into::<HtmlSelectElement>(el).map(|s| s.value()).ok())
                    })
                    .unwrap_or_default()
            };
            e.prevent_default();
            let Some(at) = crate::go::parse_rfc3339(value("event-at").trim()) else { return };
            let arg = value("event-arg").trim().to_string();
            let action = match value("event-kind").as_str() {
                "schedule" if !arg.is_empty() => {
                    ClusterAction::Patch { cron_job: cron_job.clone(), spec: serde_json::json!({ "schedule": arg }) }
                }
                "suspend" => {
                    ClusterAction::Patch { cron_job: cron_job.clone(), spec: serde_json::json!({ "suspend": true }) }
                }
                "resume" => {
                    ClusterAction::Patch { cron_job: cron_job.clone(), spec: serde_json::json!({ "suspend": false }) }
                }
                "delete" if !arg.is_empty() => ClusterAction::DeleteJob { job: arg },
                "down" => match arg.parse::<HorizonDuration>() {
                    Ok(d) => ClusterAction::ControllerDown { until: at + d.0 },
                    Err(_) => return,
                },
                "trigger" => ClusterAction::Trigger { cron_job: cron_job.clone() },
                _ => return,
            };
            let mut s = sim.clone();
            s.spec.events.push(ClusterEvent { at, action });
            crate::timeline::order::sort_by_key(&mut s.spec.events, |e| e.at);
            emit(s);
        })
    };
    html! {
        <fieldset class="events-editor" data-testid="events-editor">
            <legend>{ l.text(Msg::ClusterEvents) }</legend>
            <ul>
                { for list.iter().enumerate().map(|(i, e)| {
                    let remove = {
                        let (sim, emit) = (sim.clone(), emit.clone());
                        Callback::from(move |_: MouseEvent| {
                            let mut s = sim.clone();
                            s.spec.events.remove(i);
                            emit(s);
                        })
                    };
                    html! { <li data-testid="scenario-event"><time>{ format_time(&e.at) }</time>{ " " }{ describe(l, e) }
                        <button type="button" onclick={remove} aria-label={l.text(Msg::RemoveEvent)} title={l.text(Msg::Remove)}>{ "×" }</button></li> }
                }) }
            </ul>
            if !cron_job.is_empty() || !list.is_empty() {
                <div class="add-event" id={form_id}>
                    <label>{ l.text(Msg::EventAt) }<input id="event-at" data-testid="event-at" type="text" size="20"
                        value={now.map(|t| format_time(&t)).unwrap_or_default()} aria-label={l.text(Msg::EventTimeLabel)} /></label>
                    <label>{ l.text(Msg::EventWhat) }
                        <select id="event-kind" data-testid="event-kind" aria-label={l.text(Msg::EventKindLabel)}>
                            <option value="schedule">{ l.format(Msg::EventEditSchedule, &[&cron_job]) }</option>
                            <option value="suspend">{ l.text(Msg::EventSuspend) }</option>
                            <option value="resume">{ l.text(Msg::EventResume) }</option>
                            <option value="delete">{ l.text(Msg::EventDeleteJob) }</option>
                            <option value="down">{ l.text(Msg::EventControllerDown) }</option>
                            <option value="trigger">{ l.text(Msg::EventTrigger) }</option>
                        </select>
                    </label>
                    <label>{ l.text(Msg::EventValue) }<input id="event-arg" data-testid="event-arg" type="text" size="14" placeholder="10 13 * * * / job / 30m"
                        aria-label={l.text(Msg::EventValueLabel)} /></label>
                    <button type="button" data-testid="add-event" onclick={add}>{ l.text(Msg::AddEvent) }</button>
                </div>
            }
        </fieldset>
    }
}
