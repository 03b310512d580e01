//! The page's view state — the model of the last run, the visible window, the virtual clock's
//! cursor, the selection — and the actions that change it (a Yew reducer, so event handlers
//! never see stale state).

use super::viewer_zone::{viewer_offset, viewer_zone};
use crate::app::axis_zone::{named_offset, wall_clock, AxisZone};
use crate::app::run::RunResult;
use crate::app::share::ShareView;
use crate::sim::trace::Time;
use crate::timeline::index::{index, GroupIndex};
use crate::timeline::names;
use crate::timeline::nav::{place, Place};
use crate::timeline::playback::speed_for;
use crate::timeline::viewport::{label_width, ms, time_of_ms, Viewport};
use crate::timeline::{ItemRef, Timeline};
use std::collections::HashSet;
use std::rc::Rc;
use yew::Reducible;

/// A run's result prepared for drawing.
#[derive(Debug)]
pub struct Model {
    pub result: RunResult,
    pub timeline: Option<Timeline>,
    pub index: Vec<GroupIndex>,
    /// Counts the runs shown so far (`data-generation` on the timeline).
    pub generation: u64,
    /// Milliseconds the run took.
    pub run_ms: f64,
    /// The engine's id of the run (the inspector's questions name it).
    pub run: u64,
}

impl Model {
    pub fn new(result: RunResult, generation: u64, run_ms: f64, run: u64) -> Model {
        let mut lanes = Model::lanes(&result);
        Model::add_instants(&result, &mut lanes);
        Model::with_lanes(result, lanes, generation, run_ms, run)
    }

    /// The first step of [`Model::new`]: the timeline's lanes (the page builds a long run's model
    /// in three tasks: this, [`Model::add_instants`] and [`Model::with_lanes`]).
    pub fn lanes(result: &RunResult) -> Option<Timeline> {
        result.trace.as_ref().map(Timeline::lanes)
    }

    /// The second step of [`Model::new`]: the instants the clock steps to, the trace's and its
    /// Event times.
    pub fn add_instants(result: &RunResult, timeline: &mut Option<Timeline>) {
        if let (Some(t), Some(trace)) = (timeline, &result.trace) {
            let events = result.event_times.iter().map(|&ns| chrono::DateTime::from_timestamp_nanos(ns));
            t.add_trace_instants(trace, events);
        }
    }

    /// The last step of [`Model::new`]: the lanes' index.
    pub fn with_lanes(result: RunResult, timeline: Option<Timeline>, generation: u64, run_ms: f64, run: u64) -> Model {
        let index = timeline.as_ref().map(index).unwrap_or_default();
        Model { result, timeline, index, generation, run_ms, run }
    }

    /// The horizon in ms.
    pub fn bounds(&self) -> Option<(f64, f64)> {
        self.timeline.as_ref().map(|t| (ms(t.start), ms(t.end)))
    }
}

#[derive(Clone, Debug)]
pub struct ViewState {
    pub model: Option<Rc<Model>>,
    pub view: Viewport,
    /// The label column's width left of the lanes (narrower on a phone, see [`label_width`]).
    pub label: f64,
    /// The virtual clock, ms since the epoch.
    pub cursor: f64,
    pub selected: Option<ItemRef>,
    /// The item the keyboard is on (the timeline's one tab stop, with the selection).
    pub focused: Option<ItemRef>,
    /// Jobs whose pod lanes are pinned open (the selected Job's always are).
    pub pinned: HashSet<String>,
    pub playing: bool,
    /// Virtual milliseconds per real millisecond (`timeline::playback`).
    pub speed: f64,
    /// The zone the axis, the clock and the inspector read instants in.
    pub zone: AxisZone,
}

impl Default for ViewState {
    fn default() -> Self {
        ViewState {
            model: None,
            view: Viewport { from: 0.0, to: 1.0, width: 800.0 },
            label: label_width(f64::INFINITY),
            cursor: 0.0,
            selected: None,
            focused: None,
            pinned: HashSet::new(),
            playing: false,
            speed: 3_600.0,
            zone: AxisZone::Utc,
        }
    }
}

impl PartialEq for ViewState {
    fn eq(&self, other: &Self) -> bool {
        let same_model = match (&self.model, &other.model) {
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        same_model
            && self.view == other.view
            && self.label == other.label
            && self.cursor == other.cursor
            && self.selected == other.selected
            && self.focused == other.focused
            && self.pinned == other.pinned
            && self.playing == other.playing
            && self.speed == other.speed
            && self.zone == other.zone
    }
}

impl ViewState {
    pub fn cursor_time(&self) -> Time {
        time_of_ms(self.cursor)
    }

    /// Where an item of the current run lies on the time axis.
    fn place(&self, item: ItemRef) -> Option<Place> {
        place(self.model.as_ref()?.timeline.as_ref()?, item)
    }

    /// A run's result arrives: the view, the clock and the selection kept where they still apply.
    fn load(&mut self, model: Rc<Model>, bounds: Option<(f64, f64)>) {
        let new_bounds = model.bounds();
        if let Some((start, end)) = new_bounds {
            // A new horizon opens whole, with the clock at its start and a speed that
            // plays it in about 20 s.
            if bounds != new_bounds {
                self.view = Viewport { from: start, to: end, width: self.view.width };
                self.cursor = start;
                self.speed = speed_for(end - start);
            } else {
                self.view = self.view.zoom(0.0, 1.0, start, end);
            }
            self.cursor = self.cursor.clamp(start, end);
        }
        self.selected = self.selected.filter(|sel| selectable(&model, sel));
        self.focused = self.focused.filter(|sel| selectable(&model, sel));
        if let Some(old) = self.model.replace(model) {
            retire(old);
        }
    }

    /// The clock to the next or the previous instant something happens.
    fn step(&mut self, forward: bool, bounds: Option<(f64, f64)>) {
        if let (Some(tl), Some((a, b))) = (self.model.as_ref().and_then(|m| m.timeline.as_ref()), bounds) {
            let now = self.cursor_time();
            let to = if forward { tl.next_instant(now) } else { tl.previous_instant(now) };
            if let Some(to) = to {
                self.cursor = ms(to);
                self.view = self.view.follow(self.cursor, a, b);
            }
        }
    }

    /// Playback on or off; playing from the end starts again at the start.
    fn play(&mut self, on: bool, bounds: Option<(f64, f64)>) {
        self.playing = on;
        if let (true, Some((a, b))) = (on, bounds) {
            if self.cursor >= b {
                self.cursor = a;
            }
        }
    }

    /// Playback advances the clock by `real_ms` of the viewer's time.
    fn tick(&mut self, real_ms: f64, bounds: Option<(f64, f64)>) {
        if let (true, Some((a, b))) = (self.playing, bounds) {
            self.cursor = (self.cursor + real_ms * self.speed).clamp(a, b);
            if self.cursor >= b {
                self.playing = false;
            }
            self.view = self.view.follow(self.cursor, a, b);
        }
    }

    /// An item opened (a click, Enter): selected and focused; a Job zoomed to.
    fn open(&mut self, item: ItemRef, bounds: Option<(f64, f64)>) {
        self.selected = Some(item);
        self.focused = Some(item);
        if let (ItemRef::Job(_), Some(place), Some((a, b))) = (item, self.place(item), bounds) {
            // The Job with a margin before it and a wider one after (where a killed
            // Pod's label goes).
            let length = (place.to - place.from).max(10_000.0);
            let (from, to) = (place.from - length * 0.06, place.to + length * 0.2);
            self.view = Viewport { from, to, width: self.view.width }.zoom(0.0, 1.0, a, b);
        }
    }

    /// `+`/`-`: zoom around the selection, or the middle with none.
    fn zoom_step(&mut self, factor: f64, bounds: Option<(f64, f64)>) {
        if let Some((a, b)) = bounds {
            let place = self.selected.and_then(|item| self.place(item));
            let anchor_x = match place {
                Some(p) => {
                    // The selection's middle (its part in view) stays where it is drawn;
                    // one out of view is centred first.
                    let mid = (p.from.max(self.view.from) + p.to.min(self.view.to)) / 2.0;
                    if p.to < self.view.from || p.from > self.view.to {
                        self.view = self.view.centred((p.from + p.to) / 2.0, a, b);
                        self.view.x((p.from + p.to) / 2.0)
                    } else {
                        self.view.x(mid)
                    }
                }
                None => self.view.width / 2.0,
            };
            self.view = self.view.zoom(anchor_x, factor, a, b);
        }
    }

    /// A share link's view.
    fn restore(&mut self, v: ShareView, bounds: Option<(f64, f64)>) {
        if let (Some(model), Some((a, b))) = (self.model.clone(), bounds) {
            self.view = Viewport { from: v.from, to: v.to, width: self.view.width }.zoom(0.0, 1.0, a, b);
            self.cursor = v.cursor.clamp(a, b);
            self.selected = v.selected.as_deref().and_then(|t| t.parse().ok()).filter(|sel| selectable(&model, sel));
            self.pinned = v.pinned.into_iter().collect();
            self.speed = v.speed.unwrap_or(self.speed);
            self.playing = false;
            // A link names its zone; one without (made before links carried it, or a
            // view that follows another's window) leaves the zone as it is.
            if let Some(zone) = v.zone.as_deref().and_then(|z| AxisZone::parse(z).ok()) {
                self.zone = zone;
            }
        }
    }

    /// The name of the zone instants are shown in: a CronJob's zone that no CronJob of the run has
    /// any more reads as UTC (its offsets are gone with it).
    pub fn zone_name(&self) -> String {
        match &self.zone {
            AxisZone::Utc => "UTC".into(),
            AxisZone::Viewer => viewer_zone(),
            named => match self.model.as_ref().and_then(|m| named.offsets(&m.result.schedules)) {
                Some(_) => named.to_string(),
                None => "UTC".into(),
            },
        }
    }

    /// The offset (seconds east of UTC) of the page's zone at `at` (ms): 0 in UTC, and in a
    /// CronJob's zone no CronJob of the run is in any more.
    pub fn offset(&self, at: f64) -> i32 {
        match &self.zone {
            AxisZone::Utc => 0,
            AxisZone::Viewer => viewer_offset(at),
            named => named_offset(self.model.as_ref().and_then(|m| named.offsets(&m.result.schedules)), at),
        }
    }

    /// `at` (ms) on the page's zone's wall clock, to the second: `2026-03-29 03:00:00 UTC+02:00`,
    /// or `… UTC` in UTC.
    pub fn wall_time(&self, at: f64) -> String {
        match self.zone {
            AxisZone::Utc => {
                let t = time_of_ms(at);
                format!("{} {} UTC", names::date(t), names::time_of_day(t, true))
            }
            _ => wall_clock(at, self.offset(at), true),
        }
    }

    /// The Jobs whose pods are shown: the pinned ones and the selection's.
    pub fn expanded(&self) -> HashSet<String> {
        let mut set = self.pinned.clone();
        if let (Some(m), Some(sel)) = (&self.model, self.selected) {
            if let Some(trace) = &m.result.trace {
                match sel {
                    ItemRef::Job(i) => set.extend(trace.jobs.get(i).map(|j| j.name.to_string())),
                    ItemRef::Pod(i) => set.extend(trace.pods.get(i).map(|p| p.job.to_string())),
                    ItemRef::Slot(i) => {
                        set.extend(trace.slots.get(i).and_then(|s| s.job.as_deref().map(str::to_string)))
                    }
                    _ => {}
                }
            }
        }
        set
    }
}

pub enum Action {
    /// A new run's model.
    Loaded(Rc<Model>),
    /// A run of another subject (a row of the cluster view opened): nothing of the view before
    /// applies, not even a window over the same horizon, so it opens whole with nothing selected.
    Opened(Rc<Model>),
    /// The drawing's box is this many pixels wide (label column and lanes).
    Width(f64),
    Zoom {
        anchor_x: f64,
        factor: f64,
    },
    Pan(f64),
    /// Centre the window on an instant (ms).
    Centre(f64),
    Fit,
    /// Set the clock (ms).
    Seek(f64),
    StepNext,
    StepPrevious,
    Play(bool),
    Speed(f64),
    /// Real milliseconds elapsed while playing.
    Tick(f64),
    Select(Option<ItemRef>),
    /// Select an item as a click on it does: a Job also zooms to itself (its Pods open).
    Open(ItemRef),
    /// Move the keyboard's focus to an item, bringing it into view drawn apart from its
    /// neighbours.
    Focus(ItemRef),
    /// Zoom by a factor around the selection, keeping it in view (around the middle without one).
    ZoomStep(f64),
    TogglePin(String),
    /// A share link's view (window, clock, selection, open pod lanes, speed, zone).
    Restore(ShareView),
    /// Read instants in this zone.
    Zone(AxisZone),
}

thread_local! {
    /// Models replaced by newer runs, freed after the new one is drawn.
    static RETIRED: std::cell::RefCell<Vec<Rc<Model>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Keeps `old` until the frame that draws its successor has passed: freeing a long run's model
/// (thousands of names and bars) would otherwise fall into that frame's render.
fn retire(old: Rc<Model>) {
    RETIRED.with(|r| {
        let mut r = r.borrow_mut();
        if r.is_empty() {
            gloo_timers::callback::Timeout::new(50, || drop(RETIRED.with(|r| std::mem::take(&mut *r.borrow_mut()))))
                .forget();
        }
        r.push(old);
    });
}

/// The window that shows `place` drawn apart from its lane's neighbours: zoomed in around it as
/// far as that takes (a slot needs 10 px to its neighbours, a Job 5 px: more than the lanes'
/// merging gaps), else panned to it when it is out of view.
fn reveal(view: Viewport, place: Place, start: f64, end: f64) -> Viewport {
    let px = if place.from == place.to { 10.0 } else { 5.0 };
    let widest = place.room * view.width / px;
    if view.span() > widest {
        let span = widest;
        return Viewport { from: place.from - span / 2.0, to: place.from + span / 2.0, width: view.width }
            .zoom(0.0, 1.0, start, end);
    }
    if place.from < view.from || place.from > view.to {
        return view.centred(place.from, start, end);
    }
    view
}

/// Whether `sel` names an item of the model's trace.
fn selectable(model: &Model, sel: &ItemRef) -> bool {
    let Some(t) = &model.result.trace else { return false };
    match *sel {
        ItemRef::Slot(i) => i < t.slots.len(),
        ItemRef::Job(i) => i < t.jobs.len(),
        ItemRef::Pod(i) => i < t.pods.len(),
        _ => false,
    }
}

impl Reducible for ViewState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut s = (*self).clone();
        let bounds = s.model.as_ref().and_then(|m| m.bounds());
        match action {
            Action::Loaded(model) => s.load(model, bounds),
            Action::Opened(model) => {
                (s.selected, s.focused) = (None, None);
                s.pinned.clear();
                s.load(model, None);
            }
            Action::Width(w) => {
                s.label = label_width(w);
                s.view = s.view.with_width((w - s.label).max(150.0));
            }
            Action::Zoom { anchor_x, factor } => {
                if let Some((a, b)) = bounds {
                    s.view = s.view.zoom(anchor_x, factor, a, b);
                }
            }
            Action::Pan(dx) => {
                if let Some((a, b)) = bounds {
                    s.view = s.view.pan(dx, a, b);
                }
            }
            Action::Centre(t) => {
                if let Some((a, b)) = bounds {
                    s.view = s.view.centred(t, a, b);
                }
            }
            Action::Fit => {
                if let Some((a, b)) = bounds {
                    s.view = Viewport { from: a, to: b, width: s.view.width };
                }
            }
            Action::Seek(t) => {
                if let Some((a, b)) = bounds {
                    s.cursor = t.clamp(a, b);
                    s.view = s.view.follow(s.cursor, a, b);
                }
            }
            Action::StepNext => s.step(true, bounds),
            Action::StepPrevious => s.step(false, bounds),
            Action::Play(on) => s.play(on, bounds),
            Action::Speed(v) => s.speed = v,
            Action::Tick(real_ms) => s.tick(real_ms, bounds),
            Action::Select(sel) => s.selected = sel,
            Action::Open(item) => s.open(item, bounds),
            Action::Focus(item) => {
                s.focused = Some(item);
                if let (Some(place), Some((a, b))) = (s.place(item), bounds) {
                    s.view = reveal(s.view, place, a, b);
                }
            }
            Action::ZoomStep(factor) => s.zoom_step(factor, bounds),
            Action::Zone(zone) => s.zone = zone,
            Action::TogglePin(name) => {
                if !s.pinned.remove(&name) {
                    s.pinned.insert(name);
                }
            }
            Action::Restore(v) => s.restore(v, bounds),
        }
        Rc::new(s)
    }
}
