//! Where a long run stands. A run that has not been drawn [`SHOW_AFTER_MS`] after it was asked
//! for gets a bar at the top of the timeline's pane: how much of its horizon the engine has simulated (the
//! worker's progress messages, see `runner.rs`), a Cancel button, and the timeline still on
//! screen marked out of date — dimmed and labelled — until the new run is drawn. A cancelled run
//! says so and leaves the mark (what is drawn is still an earlier text's run); the editor's text
//! is never touched. Only this bar redraws with each progress message, not the page.

use super::language::use_lang;
use crate::i18n::Msg;
use gloo_timers::callback::Timeout;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use yew::functional::UseForceUpdateHandle;
use yew::prelude::*;

/// A run answered within this many milliseconds shows no bar (typing stays quiet).
pub const SHOW_AFTER_MS: u32 = 200;

#[derive(Clone, Copy, Debug, Default, PartialEq)]
enum Stage {
    /// The drawn run is the latest text's.
    #[default]
    Idle,
    /// A run is asked for, not yet for [`SHOW_AFTER_MS`].
    Waiting,
    /// A run is asked for and the bar shows it.
    Shown,
    /// The run was cancelled.
    Stopped,
}

/// The page's latest run as the bar sees it (shared by the page, which reports its runs, and the
/// bar, which draws it).
#[derive(Default)]
pub struct RunWatch {
    stage: Cell<Stage>,
    /// The run the page waits for.
    run: Cell<u64>,
    /// How much of its horizon is simulated (none until the engine says: it is reading the text).
    fraction: Cell<Option<f64>>,
    timer: RefCell<Option<Timeout>>,
    redraw: RefCell<Option<UseForceUpdateHandle>>,
}

impl RunWatch {
    fn set(&self, stage: Stage) {
        let drawn = matches!(self.stage.replace(stage), Stage::Shown | Stage::Stopped);
        if drawn || matches!(stage, Stage::Shown | Stage::Stopped) {
            if let Some(r) = self.redraw.borrow().as_ref() {
                r.force_update();
            }
        }
    }

    /// Run `id` was asked for; it supersedes the one waited for (whose bar, if shown, stays).
    pub fn started(self: &Rc<Self>, id: u64) {
        self.run.set(id);
        self.fraction.set(None);
        match self.stage.get() {
            Stage::Shown => self.set(Stage::Shown),
            Stage::Waiting => {}
            Stage::Idle | Stage::Stopped => {
                self.set(Stage::Waiting);
                let watch = Rc::downgrade(self);
                *self.timer.borrow_mut() = Some(Timeout::new(SHOW_AFTER_MS, move || {
                    if let Some(w) = watch.upgrade().filter(|w| w.stage.get() == Stage::Waiting) {
                        w.set(Stage::Shown);
                    }
                }));
            }
        }
    }

    /// The engine has simulated `fraction` of run `id`'s horizon.
    pub fn progress(&self, id: u64, fraction: f64) {
        if id == self.run.get() && matches!(self.stage.get(), Stage::Waiting | Stage::Shown) {
            self.fraction.set(Some(fraction));
            if self.stage.get() == Stage::Shown {
                self.set(Stage::Shown);
            }
        }
    }

    /// Run `id` is drawn: the bar goes once it is the run waited for (or a later one).
    pub fn drawn(&self, id: u64) {
        if id >= self.run.get() {
            self.timer.borrow_mut().take();
            self.set(Stage::Idle);
        }
    }

    /// Stops waiting: the run to cancel, if one is going.
    pub fn cancel(&self) -> Option<u64> {
        matches!(self.stage.get(), Stage::Waiting | Stage::Shown).then(|| {
            self.timer.borrow_mut().take();
            self.set(Stage::Stopped);
            self.run.get()
        })
    }
}

#[derive(Properties)]
pub struct RunStatusProps {
    pub watch: Rc<RunWatch>,
    /// Cancel the run going (the page stops it in the engine).
    pub on_cancel: Callback<()>,
    /// Simulate the text again after a cancel.
    pub on_again: Callback<()>,
}

impl PartialEq for RunStatusProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.watch, &other.watch)
    }
}

/// The bar; the schedule cards, the overview and the timeline after it are dimmed while it is
/// `stale` (style.css): all three show the previous run.
#[function_component(RunStatus)]
pub fn run_status(props: &RunStatusProps) -> Html {
    let l = use_lang();
    let redraw = use_force_update();
    *props.watch.redraw.borrow_mut() = Some(redraw);
    let running = match props.watch.stage.get() {
        Stage::Idle | Stage::Waiting => return Html::default(),
        stage => stage == Stage::Shown,
    };
    let percent = props.watch.fraction.get().map(|f| (f * 100.0).floor() as u32);
    let (said, button, on_click) = if running {
        let said = percent.map_or_else(|| l.text(Msg::Simulating).into(), |p| l.format(Msg::RunProgress, &[&p]));
        (said, Msg::RunCancel, &props.on_cancel)
    } else {
        (l.text(Msg::RunStopped).into(), Msg::RunAgain, &props.on_again)
    };
    html! {
        <div class="run-status stale" data-testid="run-status" data-state={if running { "running" } else { "stopped" }} role="status">
            if running { <progress max="100" value={percent.map(|p| p.to_string())} /> }
            <span data-testid={if running { "run-progress" } else { "run-stopped" }}>{ said }</span>
            <button type="button" data-testid={if running { "run-cancel" } else { "run-again" }} onclick={on_click.reform(|_| ())}>{ l.text(button) }</button>
            <span class="stale-label" data-testid="stale">{ l.text(Msg::RunStale) }</span>
        </div>
    }
}
