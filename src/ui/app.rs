//! The page's top-level component: header, manifest editor with the Simulation controls, the
//! virtual clock, the timeline and the inspector. The editor's text is saved to `localStorage` on
//! every change (a reload never loses it) and re-simulated as the user types: changes coalesce
//! while a run is pending, and a run's result is dropped if newer text exists.

use super::clock::Clock;
use super::cluster_view::{is_cluster_dump, ClusterAction, ClusterPanel, ClusterState};
use super::compare_view::CompareView;
use super::controls::Controls;
use super::editor::Editor;
use super::export::Export;
use super::inspector::Inspector;
use super::language::{apply_lang, chosen_lang, initial_lang, remember_lang, LanguagePicker};
use super::lint_view::LintView;
use super::overview::Overview;
use super::perf::{self, RunStages};
use super::run_status::{RunStatus, RunWatch};
use super::runner::{Engine, Report, Runner};
use super::scenario_menu::{self, is_own_text, ScenarioMenu, ScenarioNotes, OWN_TEXT_KEY, SCENARIO_KEY};
use super::schedule_card::ScheduleCards;
use super::share::{OpenPanels, Opened, Pending, Share};
use super::shortcuts::{use_playback, use_shortcuts};
use super::state::{Action, Model, ViewState};
use super::timeline_view::{Legend, TimelineView};
use crate::app::document::replace_simulation;
use crate::app::protocol::{Answer, EventsShown, Explained, Logged, Request, Said};
use crate::app::run::Diagnostic;
use crate::app::share::SharePanel;
use crate::i18n::{pack, Lang, Msg};
use gloo_timers::callback::Timeout;
use std::rc::Rc;
use yew::prelude::*;

/// `localStorage` key under which the editor text is kept.
pub const STORAGE_KEY: &str = "cronjob-playground.manifest";
/// A text longer than this (bytes) is handed to the engine and saved in tasks of their own after
/// the edit's: the request copies and escapes it, localStorage copies it synchronously, and a
/// paste of megabytes would otherwise be one long task.
const SAVED_LATER: usize = 500_000;
const THEME_KEY: &str = "cronjob-playground.theme";
/// A run with more Jobs, Pods and slots than this has its model built in three tasks (lanes, the
/// clock's instants, the index): an extra turn of the event loop is worth it only when the model is
/// long to build (a 30-day hourly run, 2,157 items, takes about 10 ms; two years of it, 52,000, ten
/// times that).
const MODEL_IN_ONE_TASK: usize = 20_000;

/// The first text a newcomer sees (with its scenario's notes): seed 002's CronJob and a
/// Simulation document that edits its schedule after it ran and then deletes the Job — the
/// retroactive run appears.
pub const EXAMPLE: &str = include_str!("../../scenarios/retroactive-schedule-edit/scenario.yaml");
const EXAMPLE_ID: &str = "retroactive-schedule-edit";

#[derive(Properties, PartialEq)]
pub struct AppProps {
    /// Text to start with instead of the saved text (tests use it).
    #[prop_or_default]
    pub initial_text: Option<AttrValue>,
    /// Where the engine runs (the page uses its web worker).
    #[prop_or(Engine::Worker)]
    pub engine: Engine,
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

fn saved(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

/// Runs `f` in a task of its own, after the tasks already waiting (a zero timeout).
fn later(f: impl FnOnce() + 'static) {
    Timeout::new(0, f).forget();
}

fn save(key: &str, text: &str) {
    if let Some(storage) = storage() {
        // A full or disabled storage only costs persistence; the text stays in the editor.
        let _ = storage.set_item(key, text);
    }
}

fn forget(key: &str) {
    if let Some(storage) = storage() {
        let _ = storage.remove_item(key);
    }
}

fn apply_theme(theme: &str) {
    if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = root.set_attribute("data-theme", theme);
    }
}

#[function_component(App)]
pub fn app(props: &AppProps) -> Html {
    let text: UseStateHandle<Rc<str>> = {
        let initial = props.initial_text.clone();
        use_state(move || {
            initial.map(|t| t.to_string()).or_else(|| saved(STORAGE_KEY)).unwrap_or_else(|| EXAMPLE.to_string()).into()
        })
    };
    // A share link in the address is opened before the saved text runs (see `share.rs`).
    let pending = use_mut_ref(Pending::from_location);
    // The scenario whose notes are open: the stored one, or the example's for a first visit.
    let scenario = {
        // A share link is not a first visit: it brings its own text and view. Looked at on the
        // first render only (storage and the address are not read again per keystroke).
        let no_initial_text = props.initial_text.is_none();
        let pending = pending.clone();
        use_state(move || {
            let first_visit = no_initial_text && saved(STORAGE_KEY).is_none() && !pending.borrow().waiting;
            let id = saved(SCENARIO_KEY).or_else(|| first_visit.then(|| EXAMPLE_ID.to_string()));
            id.as_deref().and_then(scenario_menu::find)
        })
    };
    // The scenarios' texts, fetched after the first paint.
    let library = use_state(|| None::<Rc<scenario_menu::Library>>);
    {
        let library = library.clone();
        use_effect_with((), move |_| scenario_menu::load(Callback::from(move |l| library.set(Some(l)))));
    }
    let own_text = use_state(|| saved(OWN_TEXT_KEY));
    let state = use_reducer(ViewState::default);
    // `_eq`: most runs find the same diagnostics as the last (usually none): no extra render.
    let diagnostics = use_state_eq(|| Rc::new(Vec::<Diagnostic>::new()));
    // The engine's answers to the inspector's questions (see `protocol.rs`).
    let explained = use_state(|| Rc::new(None::<Explained>));
    let logged = use_state(|| Rc::new(None::<Logged>));
    let events_shown = use_state(|| Rc::new(None::<EventsShown>));
    let theme = use_state(|| {
        let t = saved(THEME_KEY).unwrap_or_else(|| {
            let dark = web_sys::window()
                .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
                .is_some_and(|m| m.matches());
            if dark { "dark" } else { "light" }.to_string()
        });
        apply_theme(&t);
        t
    });
    let help = use_state(|| false);
    // When the text last changed (page ms), for the run's timing record.
    let edited = use_mut_ref(|| 0.0f64);
    let saved_at_open = use_memo((), |_| saved(STORAGE_KEY).map(Rc::<str>::from));
    let latest = use_mut_ref(|| (*text).clone());
    *latest.borrow_mut() = (*text).clone();
    // The language asked for; the page speaks it once its words are here (`shown`, below).
    let lang = use_state(initial_lang);
    let on_lang = {
        let lang = lang.clone();
        Callback::from(move |l: Lang| {
            remember_lang(l);
            lang.set(l);
        })
    };
    // A language's words arriving from the engine (`i18n::pack`) redraw the page in it.
    let words_arrived = use_force_update();
    let shown = if pack::speaks(*lang) { *lang } else { Lang::En };
    use_effect_with(shown, |l| apply_lang(*l));
    // The panels open now (for share links), and those a link just opened asks for.
    let panels = use_mut_ref(OpenPanels::default);
    let restore_panels = use_state(|| None::<Rc<Vec<SharePanel>>>);
    // A link's language applies unless this browser's user chose one; it is not stored as a choice.
    let on_opened = {
        let (lang, restore_panels) = (lang.clone(), restore_panels.clone());
        Callback::from(move |opened: Opened| {
            if let Some(l) = opened.lang.filter(|_| chosen_lang().is_none()) {
                lang.set(l);
            }
            if !opened.panels.is_empty() {
                restore_panels.set(Some(opened.panels));
            }
        })
    };

    // The latest run's progress bar (`run_status.rs`).
    let watch = use_memo((), |_| Rc::new(RunWatch::default()));
    // The cluster view's runs, asked for instead of a run when the text is a cluster dump.
    let cluster = use_reducer(ClusterState::default);
    // The runner simulates off the main thread when it can; results for stale text are dropped.
    let runner = {
        let watch = (*watch).clone();
        let dispatch = state.dispatcher();
        let (diagnostics, explained, logged, events_shown) =
            (diagnostics.clone(), explained.clone(), logged.clone(), events_shown.clone());
        let engine = props.engine;
        let pending = pending.clone();
        let words_arrived = words_arrived.clone();
        let cluster = cluster.dispatcher();
        use_mut_ref(move || {
            let generation = Rc::new(std::cell::Cell::new(0u64));
            let progress = watch.clone();
            Runner::new(
                engine,
                Callback::from(move |(answer, mut stages): Report| match answer {
                    Answer::Ran { id, ms, result } => {
                        generation.set(generation.get() + 1);
                        let (g, latest) = (generation.get(), generation.clone());
                        let (dispatch, diagnostics, pending) = (dispatch.clone(), diagnostics.clone(), pending.clone());
                        let watch = watch.clone();
                        // The answer's decoding was this task (a large run's, the last of a few);
                        // the model is the next and its drawing (a state change renders the page)
                        // the one after — a large run's model in three (its lanes, the clock's
                        // instants, the index) — so that a large run's arrival is several shorter
                        // tasks, not one long one. An answer that a newer one overtook by then is
                        // not drawn.
                        let drawn = latest.clone();
                        let draw = move |model: Model, stages: RunStages| {
                            if drawn.get() == g {
                                perf::arrived(g, stages);
                                diagnostics.set(Rc::new(model.result.diagnostics.clone()));
                                dispatch.dispatch(Action::Loaded(Rc::new(model)));
                                if let Some(view) = pending.borrow_mut().view.take() {
                                    dispatch.dispatch(Action::Restore(view));
                                }
                                watch.drawn(id);
                            }
                        };
                        let items = result.trace.as_ref().map_or(0, |t| t.jobs.len() + t.pods.len() + t.slots.len());
                        let current = move || latest.get() == g;
                        later(move || {
                            if !current() {
                                return;
                            }
                            if items <= MODEL_IN_ONE_TASK {
                                let model = Model::new(result, g, ms, id);
                                stages.model = perf::mark("model");
                                return later(move || draw(model, stages));
                            }
                            let mut lanes = Model::lanes(&result);
                            later(move || {
                                if !current() {
                                    return;
                                }
                                Model::add_instants(&result, &mut lanes);
                                later(move || {
                                    if !current() {
                                        return;
                                    }
                                    let model = Model::with_lanes(result, lanes, g, ms, id);
                                    stages.model = perf::mark("model");
                                    later(move || draw(model, stages));
                                });
                            });
                        });
                    }
                    Answer::Explained { run, item, explanation } => {
                        explained.set(Rc::new(Some((run, item, explanation))))
                    }
                    Answer::Logs { run, at, lines } => logged.set(Rc::new(Some((run, at, lines)))),
                    Answer::Events { run, at, object, table } => {
                        events_shown.set(Rc::new(Some((run, at, object, table))))
                    }
                    Answer::Download { name, mime, text } => super::export::download(&name, &mime, &text),
                    // A pack of another build is refused: the page stays in English.
                    Answer::Words(pack) => {
                        if pack::install(pack).is_ok() {
                            words_arrived.force_update();
                        }
                    }
                    Answer::Clustered { id, done, total, outcome } => {
                        cluster.dispatch(ClusterAction::Answered { id, done, total, outcome })
                    }
                    // Lints and comparisons go to their views' own engines, progress to the run bar.
                    Answer::Linted { .. } | Answer::Compared { .. } | Answer::Progress { .. } => {}
                }),
            )
            .on_progress(Callback::from(move |(id, fraction)| progress.progress(id, fraction)))
        })
    };
    // Asks for a run of a text (edited at the instant given) and watches it, or, for a cluster
    // dump, for the cluster view's run alone.
    let simulate = {
        let (runner, watch, cluster) = (runner.clone(), (*watch).clone(), cluster.dispatcher());
        Rc::new(move |text: &str, at: f64| {
            if is_cluster_dump(text) {
                let id = runner.borrow_mut().cluster(text.to_string());
                // No run of the text is waited for: the bar goes (the cluster view has its own).
                watch.drawn(id);
                cluster.dispatch(ClusterAction::Asked(id));
            } else {
                cluster.dispatch(ClusterAction::Off);
                watch.started(runner.borrow_mut().request(text.to_string(), at));
            }
        })
    };
    // The words of the languages besides English, from the engine after the first paint (the
    // page's module carries English only): the language asked for first, then the others, so
    // that switching later is instant and works offline.
    {
        let (runner, first) = (runner.clone(), *lang);
        use_effect_with((), move |_| {
            let others = Lang::ALL.into_iter().filter(|l| *l != first);
            for l in std::iter::once(first).chain(others).filter(|l| !pack::speaks(*l)) {
                runner.borrow_mut().ask(Request::Words { lang: l.code().to_owned() });
            }
        });
    }
    // The text last handed to the runner: an edit hands its text over at once, before the page
    // renders it, and the effect below runs only the texts that arrive otherwise.
    let requested = use_mut_ref(|| None::<Rc<str>>);
    {
        let (simulate, pending, edited, requested) =
            (simulate.clone(), pending.clone(), edited.clone(), requested.clone());
        use_effect_with((*text).clone(), move |t| {
            if !pending.borrow().waiting && requested.borrow().as_ref() != Some(t) {
                *requested.borrow_mut() = Some(t.clone());
                simulate(t, *edited.borrow());
            }
        });
    }

    let set_text = {
        let (text, latest, edited) = (text.clone(), latest.clone(), edited.clone());
        let (simulate, pending, requested) = (simulate.clone(), pending.clone(), requested.clone());
        Callback::from(move |value: String| {
            let at = perf::mark("edit");
            *edited.borrow_mut() = at;
            let value: Rc<str> = value.into();
            let run = !pending.borrow().waiting;
            if run {
                *requested.borrow_mut() = Some(value.clone());
            }
            *latest.borrow_mut() = value.clone();
            if value.len() > SAVED_LATER {
                // Each in a task of its own, with the newest text when it runs (a later, smaller
                // edit may have been run and saved already).
                let (simulate, later) = (simulate.clone(), latest.clone());
                if run {
                    Timeout::new(0, move || {
                        if Rc::ptr_eq(&later.borrow(), &value) {
                            simulate(&value, at)
                        }
                    })
                    .forget();
                }
                let latest = latest.clone();
                Timeout::new(0, move || save(STORAGE_KEY, &latest.borrow())).forget();
            } else {
                if run {
                    simulate(&value, at);
                }
                save(STORAGE_KEY, &value);
            }
            text.set((*latest.borrow()).clone());
        })
    };
    // A change from the editor, a share link or the lint view: one that replaces the text (a
    // paste over it, a link) closes the scenario's notes, which describe the text that was there.
    let on_change = {
        let (set_text, latest, scenario) = (set_text.clone(), latest.clone(), scenario.clone());
        Callback::from(move |value: String| {
            if scenario.is_some() && crate::scenarios::replaces(&latest.borrow(), &value) {
                forget(SCENARIO_KEY);
                scenario.set(None);
            }
            set_text.emit(value);
        })
    };
    let on_release = {
        let (simulate, latest) = (simulate.clone(), latest.clone());
        Callback::from(move |()| simulate(&latest.borrow(), perf::now()))
    };
    let on_cancel = {
        let (runner, watch) = (runner.clone(), (*watch).clone());
        Callback::from(move |()| {
            if let Some(id) = watch.cancel() {
                runner.borrow_mut().cancel(id);
            }
        })
    };
    let ask = {
        let runner = runner.clone();
        Callback::from(move |question: Request| runner.borrow_mut().ask(question))
    };
    let on_simulation = {
        let (text, set_text) = (text.clone(), set_text.clone());
        Callback::from(move |doc: serde_json::Value| set_text.emit(replace_simulation(&text, &doc)))
    };

    let switch_theme = {
        let theme = theme.clone();
        Callback::from(move |()| {
            let next = if *theme == "dark" { "light" } else { "dark" };
            apply_theme(next);
            save(THEME_KEY, next);
            theme.set(next.to_string());
        })
    };
    use_playback(state.dispatcher(), state.playing);
    use_shortcuts(
        state.dispatcher(),
        (state.playing, state.view.width, (*theme).clone()),
        help.clone(),
        switch_theme.clone(),
    );

    let toggle_theme = switch_theme.reform(|_: MouseEvent| ());
    let toggle_help = {
        let help = help.clone();
        Callback::from(move |_: MouseEvent| help.set(!*help))
    };
    // Opening a scenario keeps the user's own text (asking first), so it can come back.
    let open_scenario = {
        let (text, set_text, scenario, own_text) = (text.clone(), set_text.clone(), scenario.clone(), own_text.clone());
        let lang = shown;
        let library = (*library).clone();
        Callback::from(move |id: &'static str| {
            let Some(s) = scenario_menu::find(id) else { return };
            let Some(texts) = library.as_ref().and_then(|lib| lib.get(id)) else { return };
            if is_own_text(&text) {
                let question = lang.format(Msg::ScenarioReplaceConfirm, &[&s.title(lang)]);
                let yes = web_sys::window().and_then(|w| w.confirm_with_message(&question).ok()).unwrap_or(false);
                if !yes {
                    return;
                }
                save(OWN_TEXT_KEY, &text);
                own_text.set(Some(text.to_string()));
            }
            save(SCENARIO_KEY, s.id);
            scenario.set(Some(s));
            set_text.emit(texts.manifest.clone());
        })
    };
    // Opening a lint finding's probe asks first too, and keeps the user's text the same way.
    let open_probe = {
        let (text, on_change, own_text) = (text.clone(), on_change.clone(), own_text.clone());
        let lang = shown;
        Callback::from(move |probe: String| {
            if is_own_text(&text) {
                let question = lang.text(Msg::ProbeReplaceConfirm);
                let yes = web_sys::window().and_then(|w| w.confirm_with_message(question).ok()).unwrap_or(false);
                if !yes {
                    return;
                }
                save(OWN_TEXT_KEY, &text);
                own_text.set(Some(text.to_string()));
            }
            on_change.emit(probe);
        })
    };
    let close_notes = {
        let scenario = scenario.clone();
        Callback::from(move |_: MouseEvent| {
            forget(SCENARIO_KEY);
            scenario.set(None);
        })
    };
    let restore_own_text = {
        let (set_text, scenario, own_text) = (set_text.clone(), scenario.clone(), own_text.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(own) = (*own_text).clone() {
                forget(OWN_TEXT_KEY);
                forget(SCENARIO_KEY);
                own_text.set(None);
                scenario.set(None);
                set_text.emit(own);
            }
        })
    };

    let view_state = (*state).clone();
    let dispatch = state.dispatcher();
    let (simulation, workloads) =
        state.model.as_ref().map(|m| (m.result.simulation.clone(), m.result.workloads.clone())).unwrap_or_default();

    let l = shown;
    html! {
        <ContextProvider<Lang> context={l}>
        <div class="app">
            <header class="app-header">
                <h1 data-testid="title">{ "CronJob Playground" }</h1>
                <p class="tagline">{ l.text(Msg::Tagline) }</p>
                <div class="header-actions">
                    <ScenarioMenu on_open={open_scenario} ready={library.is_some()} />
                    <Share text={(*text).clone()} saved={(*saved_at_open).clone()} state={(*state).clone()} pending={pending.clone()}
                        on_text={on_change.clone()} on_release={on_release.clone()} panels={panels.clone()} {on_opened} />
                    <LanguagePicker lang={*lang} on_change={on_lang} />
                    <button type="button" onclick={toggle_help} aria-expanded={help.to_string()} data-testid="help-button" title={l.text(Msg::HelpButtonTitle)}>{ "?" }</button>
                    <button type="button" onclick={toggle_theme} data-testid="theme" aria-label={l.text(Msg::ThemeToggleLabel)}
                        title={l.text(Msg::ThemeToggleTitle)}>{ if *theme == "dark" { "☀" } else { "☾" } }</button>
                </div>
            </header>
            if *help {
                <aside class="help" data-testid="help" aria-label={l.text(Msg::KeyboardShortcuts)}>
                    <h2>{ l.text(Msg::KeyboardHeading) }</h2>
                    <dl>
                        <dt>{ "Space / k" }</dt><dd>{ l.text(Msg::KeyPlayPause) }</dd>
                        <dt>{ ". / ," }</dt><dd>{ l.text(Msg::KeyStep) }</dd>
                        <dt>{ l.text(Msg::KeyZoomKeys) }</dt><dd>{ l.text(Msg::KeyZoom) }{ " — " }{ l.text(Msg::KeyZoomSelection) }</dd>
                        <dt>{ l.text(Msg::KeyPanKeys) }</dt><dd>{ l.text(Msg::KeyPan) }</dd>
                        <dt>{ "Home / End" }</dt><dd>{ l.text(Msg::KeyStartEnd) }</dd>
                        <dt>{ "0 / f" }</dt><dd>{ l.text(Msg::KeyFit) }</dd>
                        <dt>{ l.text(Msg::KeyClickAxis) }</dt><dd>{ l.text(Msg::KeyMoveClock) }</dd>
                        <dt>{ "Esc" }</dt><dd>{ l.text(Msg::KeyClearSelection) }</dd>
                        <dt>{ "d" }</dt><dd>{ l.text(Msg::KeyTheme) }</dd>
                        <dt>{ "Tab, ← → ↑ ↓, Home / End" }</dt><dd data-testid="help-timeline-keys">{ l.text(Msg::KeyTimelineNav) }</dd>
                        <dt>{ "Enter / Space" }</dt><dd>{ l.text(Msg::KeyOpen) }</dd>
                        <dt>{ l.text(Msg::KeyEditorEscapeKeys) }</dt><dd data-testid="help-editor-escape">{ l.text(Msg::KeyEditorEscape) }</dd>
                        <dt>{ "Ctrl-M (macOS: Shift-Alt-M)" }</dt><dd>{ l.text(Msg::KeyEditorTabMode) }</dd>
                    </dl>
                </aside>
            }
            <main class="workspace">
                <section class="editor-pane" aria-label={l.text(Msg::ManifestEditor)}>
                    <label for="manifest" class="pane-title">{ l.text(Msg::ManifestLabel) }</label>
                    <Editor text={(*text).clone()} diagnostics={(*diagnostics).clone()} on_change={on_change.clone()} />
                    { notices(l, state.model.as_ref().map_or(&[][..], |m| &m.result.notices)) }
                    <h2 class="pane-title">{ l.text(Msg::SimulationHeading) }</h2>
                    <Controls {simulation} {workloads} now={state.model.as_ref().map(|_| state.cursor_time())} on_change={on_simulation} />
                </section>
                <section class="timeline-pane" aria-label={l.text(Msg::Timeline)} data-testid="timeline">
                    if let Some(s) = *scenario {
                        <ScenarioNotes scenario={s} library={(*library).clone()} can_restore={own_text.is_some()} on_close={close_notes} on_restore={restore_own_text.clone()} />
                    }
                    <RunStatus watch={(*watch).clone()} {on_cancel} on_again={on_release.clone()} />
                    if cluster.asked != 0 {
                        <ClusterPanel state={cluster.clone()} />
                    } else {
                        <ScheduleCards state={view_state.clone()} />
                        <div class="timeline-head">
                            <h2 class="pane-title">{ l.text(Msg::TimelineHeading) }</h2>
                            <Clock state={view_state.clone()} dispatch={dispatch.clone()} />
                            <Export state={view_state.clone()} ask={ask.clone()} />
                        </div>
                        <Overview state={view_state.clone()} dispatch={dispatch.clone()} />
                        <TimelineView state={view_state.clone()} dispatch={dispatch.clone()} />
                    }
                    <CompareView text={(*text).clone()} state={view_state.clone()} dispatch={dispatch.clone()} engine={props.engine}
                        panels={panels.clone()} restore={(*restore_panels).clone()} />
                    <LintView text={(*text).clone()} on_open={open_probe} can_restore={own_text.is_some()} on_restore={restore_own_text.clone()} engine={props.engine} panels={panels.clone()} restore={(*restore_panels).clone()} />
                    if cluster.asked == 0 {
                        <Legend state={view_state.clone()} />
                        <Inspector state={view_state} {dispatch} explained={(*explained).clone()} logged={(*logged).clone()} events={(*events_shown).clone()} ask={ask} />
                    }
                </section>
            </main>
        </div>
        </ContextProvider<Lang>>
    }
}

/// The quiet notices under the editor (`app::notices`): the objects the run leaves out, and the
/// Jobs whose CronJob is not in the text.
fn notices(l: Lang, notices: &[(String, Said)]) -> Html {
    if notices.is_empty() {
        return Html::default();
    }
    html! {
        <div class="notices" data-testid="notices" role="note">
            { for notices.iter().map(|(kind, said)| html! { <p data-testid={kind.clone()}>{ said.render(l) }</p> }) }
        </div>
    }
}
