//! The page's wiring to its runner (`runner.rs`): where the engine's answers go — a run's result
//! becomes the view's model in a few short tasks (and is dropped if a newer run overtook it), the
//! inspector's answers its panes, a language's words a redraw — and the calls the page makes on
//! it: a run of a text (or, for a cluster dump, the cluster view's run alone), a cancel, a
//! question.

use super::cluster_view::{is_cluster_dump, ClusterAction, ClusterState};
use super::cluster_whatif::{WhatIfRan, WhatIfState};
use super::later;
use super::perf::{self, RunStages};
use super::run_status::RunWatch;
use super::runner::{Engine, Report, Runner};
use super::share::PendingLink;
use super::state::{Action, Model, ViewState};
use crate::app::protocol::{Answer, EventsShown, Explained, Logged, Request};
use crate::app::run::{Diagnostic, RunResult};
use crate::i18n::pack;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use yew::prelude::*;

/// A run with more Jobs, Pods and slots than this has its model built in three tasks (lanes, the
/// clock's instants, the index): an extra turn of the event loop is worth it only when the model is
/// long to build (a 30-day hourly run, 2,157 items, takes about 10 ms; two years of it, 52,000, ten
/// times that).
const MODEL_IN_ONE_TASK: usize = 20_000;

/// Asks for a run of a text (edited at the instant given) and watches it, or, for a cluster dump,
/// for the cluster view's run alone.
pub type Simulate = Rc<dyn Fn(&str, f64)>;

/// The engine's answers that views show: the latest run's diagnostics and the answers to the
/// inspector's questions (see `protocol.rs`).
#[derive(Clone)]
pub struct Answers {
    /// `_eq`: most runs find the same diagnostics as the last (usually none): no extra render.
    pub diagnostics: UseStateHandle<Rc<Vec<Diagnostic>>>,
    pub explained: UseStateHandle<Rc<Option<Explained>>>,
    pub logged: UseStateHandle<Rc<Option<Logged>>>,
    pub events_shown: UseStateHandle<Rc<Option<EventsShown>>>,
}

/// The runner as the page uses it.
pub struct Wiring {
    pub answers: Answers,
    pub simulate: Simulate,
    /// Cancels the run the progress bar watches.
    pub on_cancel: Callback<()>,
    /// Asks the engine a question (its answer arrives in `answers`, or as a download).
    pub ask: Callback<Request>,
    /// Opens row `namespace`/`name` of cluster run `cluster` as a run (`Runner::open`); its id.
    pub open: OpenRow,
}

/// Opens a cluster row: cluster run, namespace and name to the opening run's id.
pub type OpenRow = Rc<dyn Fn(u64, String, String) -> u64>;

/// Where a run's result goes: into the view's model, unless a newer run overtook it.
#[derive(Clone)]
struct Drawing {
    /// How many runs have arrived: the last one's number is the only one drawn.
    generation: Rc<Cell<u64>>,
    dispatch: UseReducerDispatcher<ViewState>,
    diagnostics: UseStateHandle<Rc<Vec<Diagnostic>>>,
    pending: PendingLink,
    watch: Rc<RunWatch>,
    /// The last row of the cluster view opened: its run is drawn as `Action::Opened`.
    opened: Rc<Cell<u64>>,
}

impl Drawing {
    /// Builds run `id`'s model and draws it. The answer's decoding was this task (a large run's,
    /// the last of a few); the model is the next and its drawing (a state change renders the page)
    /// the one after — a large run's model in three (its lanes, the clock's instants, the index) —
    /// so that a large run's arrival is several shorter tasks, not one long one. An answer that a
    /// newer one overtook by then is not drawn.
    fn ran(&self, id: u64, ms: f64, result: RunResult, mut stages: RunStages) {
        self.generation.set(self.generation.get() + 1);
        let (g, latest) = (self.generation.get(), self.generation.clone());
        let Drawing { dispatch, diagnostics, pending, watch, opened, .. } = self.clone();
        let drawn = latest.clone();
        let draw = move |model: Model, stages: RunStages| {
            if drawn.get() == g {
                perf::arrived(g, stages);
                diagnostics.set(Rc::new(model.result.diagnostics.clone()));
                let model = Rc::new(model);
                dispatch.dispatch(if id == opened.get() { Action::Opened(model) } else { Action::Loaded(model) });
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
}

/// The page's runner: it simulates off the main thread when it can; results for stale text are
/// dropped. `watch` is the latest run's progress bar (`run_status.rs`); a share link's view in
/// `pending` is restored once its run is drawn.
#[hook]
pub fn use_runner(
    engine: Engine,
    dispatch: UseReducerDispatcher<ViewState>,
    watch: Rc<RunWatch>,
    pending: PendingLink,
    cluster: UseReducerDispatcher<ClusterState>,
    what_if: UseReducerDispatcher<WhatIfState>,
) -> Wiring {
    let answers = Answers {
        diagnostics: use_state_eq(|| Rc::new(Vec::<Diagnostic>::new())),
        explained: use_state(|| Rc::new(None::<Explained>)),
        logged: use_state(|| Rc::new(None::<Logged>)),
        events_shown: use_state(|| Rc::new(None::<EventsShown>)),
    };
    // A language's words arriving from the engine (`i18n::pack`) redraw the page in it.
    let words_arrived = use_force_update();
    let opened = (*use_memo((), |_| Rc::new(Cell::new(0u64)))).clone();
    let runner: Rc<RefCell<Runner>> = {
        let (answers, watch, cluster, opened) = (answers.clone(), watch.clone(), cluster.clone(), opened.clone());
        use_mut_ref(move || {
            let progress = watch.clone();
            let drawing = Drawing {
                generation: Rc::default(),
                dispatch,
                diagnostics: answers.diagnostics.clone(),
                pending,
                watch,
                opened,
            };
            Runner::new(
                engine,
                Callback::from(move |(answer, stages): Report| match answer {
                    Answer::Ran { id, ms, result } => drawing.ran(id, ms, result, stages),
                    Answer::Explained { run, item, explanation } => {
                        answers.explained.set(Rc::new(Some((run, item, explanation))))
                    }
                    Answer::Logs { run, at, lines } => answers.logged.set(Rc::new(Some((run, at, lines)))),
                    Answer::Events { run, at, object, table } => {
                        answers.events_shown.set(Rc::new(Some((run, at, object, table))))
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
                    Answer::ClusterAnswered { run, ask, answer } => {
                        cluster.dispatch(ClusterAction::Filtered { run, ask, answer })
                    }
                    Answer::WhatIfRan { run, done, total, outcome } => {
                        what_if.dispatch(WhatIfRan { run, done, total, outcome })
                    }
                }),
            )
            .on_progress(Callback::from(move |(id, fraction)| progress.progress(id, fraction)))
        })
    };
    let simulate: Simulate = {
        let (runner, watch) = (runner.clone(), watch.clone());
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
    let on_cancel = {
        let (runner, watch) = (runner.clone(), watch);
        Callback::from(move |()| {
            if let Some(id) = watch.cancel() {
                runner.borrow_mut().cancel(id);
            }
        })
    };
    let open: OpenRow = {
        let runner = runner.clone();
        Rc::new(move |cluster, namespace, name| {
            let id = runner.borrow_mut().open(cluster, namespace, name);
            opened.set(id);
            id
        })
    };
    let ask = Callback::from(move |question: Request| runner.borrow_mut().ask(question));
    Wiring { answers, simulate, on_cancel, ask, open }
}
