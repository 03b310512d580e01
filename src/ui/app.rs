//! The page's top-level component: header, manifest editor with the Simulation controls, the
//! virtual clock, the timeline and the inspector. Its state lives in hooks of their own: the
//! editor's text (`text.rs`), the runner and the engine's answers (`wiring.rs`), the language
//! (`language.rs`), the theme (`theme.rs`) and the opening of scenarios and probes
//! (`opening.rs`); the header's markup is `header.rs`.

use super::clock::Clock;
use super::cluster_open::{opened_bar, use_row_opening};
use super::cluster_view::{ClusterPanel, ClusterState};
use super::cluster_whatif::WhatIfState;
use super::compare_view::CompareView;
use super::controls::Controls;
use super::editor::Editor;
use super::export::Export;
use super::header::Header;
use super::help::Help;
use super::inspector::Inspector;
use super::language::{chosen_lang, use_language};
use super::lint_view::LintView;
use super::opening::use_opening;
use super::overview::Overview;
use super::run_status::{RunStatus, RunWatch};
use super::runner::Engine;
use super::scenario_menu::{use_library, ScenarioNotes};
use super::schedule_card::ScheduleCards;
use super::share::{OpenPanels, Opened, Pending};
use super::shortcuts::{use_playback, use_shortcuts};
use super::state::ViewState;
use super::text::use_text;
use super::theme::use_theme;
use super::timeline_view::{Legend, TimelineView};
use super::wiring::use_runner;
use crate::app::protocol::Said;
use crate::app::share::SharePanel;
use crate::i18n::{Lang, Msg};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct AppProps {
    /// Text to start with instead of the saved text (tests use it).
    #[prop_or_default]
    pub initial_text: Option<AttrValue>,
    /// Where the engine runs (the page uses its web worker).
    #[prop_or(Engine::Worker)]
    pub engine: Engine,
}

#[function_component(App)]
pub fn app(props: &AppProps) -> Html {
    // A share link in the address is opened before the saved text runs (see `share.rs`).
    let pending = use_mut_ref(Pending::from_location);
    let library = use_library();
    let state = use_reducer(ViewState::default);
    // The latest run's progress bar (`run_status.rs`).
    let watch = use_memo((), |_| Rc::new(RunWatch::default()));
    // The cluster view's runs, asked for instead of a run when the text is a cluster dump.
    let cluster = use_reducer(ClusterState::default);
    let what_if = use_reducer(WhatIfState::default);
    let wiring = use_runner(
        props.engine,
        state.dispatcher(),
        (*watch).clone(),
        pending.clone(),
        cluster.dispatcher(),
        what_if.dispatcher(),
    );
    let rows = use_row_opening(cluster.asked, wiring.open.clone(), state.selected.is_some());
    // The timeline shows a run of the text, or an opened row once its run is the one drawn.
    let opened = rows.opened.clone();
    let row_drawn = opened.as_ref().is_some_and(|o| state.model.as_ref().is_some_and(|m| m.run == o.id));
    let timeline = cluster.asked == 0 || row_drawn;
    let language = use_language(&wiring.ask);
    let text = use_text(props.initial_text.clone(), pending.clone(), wiring.simulate.clone());
    let opening = use_opening(&text, (*library).clone(), language.shown, props.initial_text.is_some(), pending.clone());
    let theme = use_theme();
    let help = use_state(|| false);
    // The panels open now (for share links), and those a link just opened asks for.
    let panels = use_mut_ref(OpenPanels::default);
    let restore_panels = use_state(|| None::<Rc<Vec<SharePanel>>>);
    // A link's language applies unless this browser's user chose one; it is not stored as a choice.
    let on_opened = {
        let (lang, restore_panels) = (language.lang.clone(), restore_panels.clone());
        Callback::from(move |opened: Opened| {
            if let Some(l) = opened.lang.filter(|_| chosen_lang().is_none()) {
                lang.set(l);
            }
            if !opened.panels.is_empty() {
                restore_panels.set(Some(opened.panels));
            }
        })
    };
    use_playback(state.dispatcher(), state.playing);
    use_shortcuts(
        state.dispatcher(),
        (state.playing, state.view.width, (*theme.theme).clone()),
        help.clone(),
        theme.switch.clone(),
    );

    let header = Header {
        language: &language,
        text: &text,
        opening: &opening,
        theme: &theme,
        help: &help,
        library_ready: library.is_some(),
        state: (*state).clone(),
        pending,
        panels: panels.clone(),
        on_opened,
    };
    let (view_state, dispatch, answers) = ((*state).clone(), state.dispatcher(), &wiring.answers);
    let (simulation, workloads) =
        state.model.as_ref().map(|m| (m.result.simulation.clone(), m.result.workloads.clone())).unwrap_or_default();
    let (l, engine, restore) = (language.shown, props.engine, (*restore_panels).clone());
    let (content, on_change, can_restore) =
        ((*text.text).clone(), opening.on_change.clone(), opening.own_text.is_some());
    html! {
        <ContextProvider<Lang> context={l}>
        <div class="app">
            { header.view() }
            if *help {
                <Help />
            }
            <main class="workspace">
                <section class="editor-pane" aria-label={l.text(Msg::ManifestEditor)}>
                    <label for="manifest" class="pane-title">{ l.text(Msg::ManifestLabel) }</label>
                    <Editor text={content.clone()} diagnostics={(*answers.diagnostics).clone()} on_change={on_change} />
                    { notices(l, state.model.as_ref().map_or(&[][..], |m| &m.result.notices)) }
                    // A cluster dump has no run of its own: the last run's Simulation is not its.
                    if cluster.asked == 0 {
                        <h2 class="pane-title">{ l.text(Msg::SimulationHeading) }</h2>
                        <Controls {simulation} {workloads} now={state.model.as_ref().map(|_| state.cursor_time())} on_change={text.on_simulation.clone()} />
                    }
                </section>
                <section class="timeline-pane" aria-label={l.text(Msg::Timeline)} data-testid="timeline">
                    if let Some(s) = *opening.scenario {
                        <ScenarioNotes scenario={s} library={(*library).clone()} {can_restore} on_close={opening.close_notes.clone()} on_restore={opening.restore_own_text.clone()} />
                    }
                    <RunStatus watch={(*watch).clone()} on_cancel={wiring.on_cancel.clone()} on_again={text.on_release.clone()} />
                    if cluster.asked != 0 {
                        <ClusterPanel state={cluster.clone()} {what_if} text={content.clone()} ask={wiring.ask.clone()}
                            on_open={rows.on_open.clone()} hidden={opened.is_some()} />
                    }
                    { opened_bar(l, &rows) }
                    if timeline {
                        <ScheduleCards state={view_state.clone()} />
                        <div class="timeline-head">
                            <h2 class="pane-title">{ l.text(Msg::TimelineHeading) }</h2>
                            <Clock state={view_state.clone()} dispatch={dispatch.clone()} />
                            <Export state={view_state.clone()} ask={wiring.ask.clone()} />
                        </div>
                        <Overview state={view_state.clone()} dispatch={dispatch.clone()} />
                        <TimelineView state={view_state.clone()} dispatch={dispatch.clone()} />
                    }
                    <CompareView text={content.clone()} state={view_state.clone()} dispatch={dispatch.clone()} {engine}
                        panels={panels.clone()} restore={restore.clone()} />
                    <LintView text={content} on_open={opening.open_probe.clone()} {can_restore} on_restore={opening.restore_own_text.clone()} {engine} {panels} {restore} />
                    if timeline {
                        <Legend state={view_state.clone()} />
                        <Inspector state={view_state} {dispatch} explained={(*answers.explained).clone()} logged={(*answers.logged).clone()} events={(*answers.events_shown).clone()} ask={wiring.ask.clone()} />
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
