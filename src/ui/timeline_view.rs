//! The interactive SVG timeline: lanes from `timeline::rows`, only what the viewport shows
//! (`timeline::viewport` culls and aggregates in time; only the groups near the scrolled-to part
//! of the lanes are drawn, so thousands of CronJobs cost the DOM what a screenful does), one
//! delegated click handler reading `data-item`, wheel/drag/keyboard zoom and pan, and the
//! virtual clock's cursor.

use super::language::use_lang;
use super::state::{Action, Model, ViewState};
use crate::i18n::{Lang, Msg};
use crate::sim::trace::{format_time, Name, SlotFate, SlotWhy, Time};
use crate::timeline::axis::ticks;
use crate::timeline::lanes::{Glyph, Group, JobOutcome, MarkerKind};
use crate::timeline::pod_lanes::{PodEnd, SegmentKind};
use crate::timeline::rows::{groups_between, height, rows, Row, RowKind, AXIS_HEIGHT};
use crate::timeline::viewport::{label_width, ms, visible_instants, Drawn, Viewport};
use crate::timeline::{ItemRef, Timeline};
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Element, MouseEvent, WheelEvent};
use yew::prelude::*;

/// Items closer than this many pixels are aggregated.
const MIN_GAP: f64 = 4.0;
/// Groups are drawn when they come within this many pixels of the scrolled-to part of the lanes.
const OVERSCAN: f64 = 900.0;
/// The scroll position the drawing follows, in steps of this many pixels (scrolling within a
/// step draws nothing new).
const SCROLL_STEP: f64 = 300.0;

#[derive(Properties, PartialEq)]
pub struct TimelineProps {
    pub state: ViewState,
    pub dispatch: UseReducerDispatcher<ViewState>,
}

/// Parses a `data-item` value into an item (`ItemRef`'s text form: `slot:3`, `suspended:0:1`).
pub fn parse_item(text: &str) -> Option<ItemRef> {
    text.parse().ok()
}

fn item_attr(item: ItemRef) -> String {
    item.to_string()
}

#[function_component(TimelineView)]
pub fn timeline_view(props: &TimelineProps) -> Html {
    let l = use_lang();
    let container = use_node_ref();
    let drag = use_mut_ref(Drag::default);

    // The run's timing record completes once its timeline is in the DOM.
    use_effect_with(props.state.model.as_ref().map(|m| m.generation), |g| {
        if let Some(g) = g {
            super::perf::rendered(*g);
        }
    });
    use_width_and_wheel(container.clone(), props.dispatch.clone());
    // The lanes' scroll position (in whole steps) and visible height: which groups are drawn. The
    // container's height is bounded by the page's layout, and the first guess covers any of it.
    let scrolled = use_state_eq(|| (0.0_f64, 4.0 * SCROLL_STEP));

    let Some(model) = props.state.model.clone() else {
        return html! { <div class="timeline-scroll" ref={container}><p class="empty">{ l.text(Msg::Simulating) }</p></div> };
    };
    let Some(timeline) = model.timeline.as_ref() else {
        // An error the editor lists at its line is pointed at, not said twice.
        let why = match model.result.error_listed() {
            Some(d) => l.format(Msg::SeeEditorError, &[&d.line, &d.column]),
            None => model.result.error.clone().unwrap_or_else(|| l.text(Msg::NothingToSimulate).into()),
        };
        return html! {
            <div class="timeline-scroll" ref={container} data-generation={model.generation.to_string()}>
                <p class="empty" data-testid="timeline-error">{ why }</p>
            </div>
        };
    };

    let view = props.state.view;
    let label = props.state.label;
    let Pointer { onmousedown, onmousemove, onmouseup, onclick } =
        Pointer::new(&drag, &props.dispatch, &container, view, label);
    let expanded = props.state.expanded();
    let rows = rows(timeline, &expanded);
    let frame = Frame { view, label, width: label + view.width, height: height(&rows) + 4.0 };
    let (top, seen) = *scrolled;
    let onscroll = Callback::from(move |e: Event| {
        let el: Element = e.target_unchecked_into();
        let top = (f64::from(el.scroll_top()) / SCROLL_STEP).floor() * SCROLL_STEP;
        scrolled.set((top, f64::from(el.client_height())));
    });
    let lanes = Lanes { l, model: &model, frame: &frame, selected: props.state.selected, expanded: &expanded };

    html! {
        <div class="timeline-scroll" ref={container} data-generation={model.generation.to_string()} {onscroll}>
            <svg class="timeline-svg" width={frame.width.to_string()} height={frame.height.to_string()} role="img"
                aria-label={l.text(Msg::TimelineLabel)}
                {onmousedown} {onmousemove} {onmouseup} {onclick}>
                <defs>
                    <pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                        <line x1="0" y1="0" x2="0" y2="6" class="hatch-line" />
                    </pattern>
                </defs>
                { axis(l, &frame) }
                { bands(l, timeline, &frame) }
                { for groups_between(&rows, top - OVERSCAN, top + seen + SCROLL_STEP + OVERSCAN)
                    .flat_map(|(g, group_rows)| lanes.group(g, &timeline.groups[g], group_rows)) }
                { cursor(&frame, props.state.cursor, props.state.cursor_time()) }
            </svg>
        </div>
    }
}

/// The drawing's size and the time axis it is drawn on.
struct Frame {
    view: Viewport,
    /// The label column's width, in pixels.
    label: f64,
    /// Label column plus lanes, in pixels.
    width: f64,
    /// Every row plus a margin, in pixels.
    height: f64,
}

impl Frame {
    /// The x of an instant (ms) in the drawing, label column included.
    fn x(&self, t: f64) -> f64 {
        self.label + self.view.x(t)
    }
}

/// The lanes' width follows the container (on resize too), and the wheel zooms, or pans with
/// shift or a sideways wheel; the wheel needs a non-passive listener to keep the page still.
#[hook]
fn use_width_and_wheel(container: NodeRef, dispatch: UseReducerDispatcher<ViewState>) {
    use_effect_with((), move |_| {
        let el: Option<Element> = container.cast::<Element>();
        let window = web_sys::window().expect("window");
        let measure = {
            let el = el.clone();
            let dispatch = dispatch.clone();
            move || {
                if let Some(el) = &el {
                    dispatch.dispatch(Action::Width(el.client_width() as f64 - 2.0));
                }
            }
        };
        measure();
        let on_resize = Closure::<dyn Fn()>::new(measure);
        let _ = window.add_event_listener_with_callback("resize", on_resize.as_ref().unchecked_ref());
        let on_wheel = {
            let el = el.clone();
            Closure::<dyn Fn(WheelEvent)>::new(move |e: WheelEvent| {
                let Some(el) = &el else { return };
                let rect = el.get_bounding_client_rect();
                let x = e.client_x() as f64 - rect.left() - label_width(el.client_width() as f64 - 2.0);
                if x < 0.0 {
                    return;
                }
                e.prevent_default();
                let (dx, dy) = (e.delta_x(), e.delta_y());
                if e.shift_key() || dx.abs() > dy.abs() {
                    dispatch.dispatch(Action::Pan(-(if dx.abs() > dy.abs() { dx } else { dy })));
                } else {
                    dispatch.dispatch(Action::Zoom { anchor_x: x, factor: (dy * 0.002).exp() });
                }
            })
        };
        let opts = web_sys::AddEventListenerOptions::new();
        opts.set_passive(false);
        if let Some(el) = &el {
            let _ = el.add_event_listener_with_callback_and_add_event_listener_options(
                "wheel",
                on_wheel.as_ref().unchecked_ref(),
                &opts,
            );
        }
        move || {
            let _ = window.remove_event_listener_with_callback("resize", on_resize.as_ref().unchecked_ref());
            if let Some(el) = &el {
                let _ = el.remove_event_listener_with_callback("wheel", on_wheel.as_ref().unchecked_ref());
            }
        }
    });
}

/// A press on the drawing: how far it has moved, whether the button is down, and whether it
/// scrubs the clock (it started on the axis) rather than panning.
#[derive(Clone, Copy, Default)]
struct Drag {
    moved: f64,
    pressed: bool,
    scrub: bool,
}

/// The drawing's mouse handlers: drag pans (or scrubs the clock from the axis), a click that did
/// not drag selects what it hit through one delegated handler reading `data-item`, `data-pin`
/// (a pod lane) or `data-zoom` (a cluster).
struct Pointer {
    onmousedown: Callback<MouseEvent>,
    onmousemove: Callback<MouseEvent>,
    onmouseup: Callback<MouseEvent>,
    onclick: Callback<MouseEvent>,
}

impl Pointer {
    fn new(
        drag: &Rc<std::cell::RefCell<Drag>>,
        dispatch: &UseReducerDispatcher<ViewState>,
        container: &NodeRef,
        view: Viewport,
        label: f64,
    ) -> Pointer {
        let to_view_x = {
            let container = container.clone();
            move |client_x: i32| -> f64 {
                let left = container.cast::<Element>().map_or(0.0, |el| el.get_bounding_client_rect().left());
                client_x as f64 - left - label
            }
        };
        let onmousedown = {
            let (drag, dispatch, to_view_x) = (drag.clone(), dispatch.clone(), to_view_x.clone());
            Callback::from(move |e: MouseEvent| {
                let scrub = (e.offset_y() as f64) < AXIS_HEIGHT;
                *drag.borrow_mut() = Drag { moved: 0.0, pressed: true, scrub };
                if scrub {
                    dispatch.dispatch(Action::Seek(view.t(to_view_x(e.client_x()))));
                }
            })
        };
        let onmousemove = {
            let (drag, dispatch) = (drag.clone(), dispatch.clone());
            Callback::from(move |e: MouseEvent| {
                let Drag { moved, pressed, scrub } = *drag.borrow();
                if !pressed || e.buttons() & 1 == 0 {
                    drag.borrow_mut().pressed = false;
                    return;
                }
                if scrub {
                    dispatch.dispatch(Action::Seek(view.t(to_view_x(e.client_x()))));
                } else {
                    let dx = e.movement_x() as f64;
                    drag.borrow_mut().moved = moved + dx.abs();
                    dispatch.dispatch(Action::Pan(dx));
                }
            })
        };
        let onmouseup = {
            let drag = drag.clone();
            Callback::from(move |_: MouseEvent| drag.borrow_mut().pressed = false)
        };
        let onclick = {
            let (drag, dispatch) = (drag.clone(), dispatch.clone());
            Callback::from(move |e: MouseEvent| {
                let Drag { moved, scrub, .. } = *drag.borrow();
                if moved > 4.0 || scrub {
                    return;
                }
                let target: Option<Element> = e.target().and_then(|t| t.dyn_into::<Element>().ok());
                let hit = target.as_ref().and_then(|t| t.closest("[data-item],[data-pin],[data-zoom]").ok().flatten());
                dispatch.dispatch(match hit {
                    None => Action::Select(None),
                    Some(el) => click_action(&el, &view),
                });
            })
        };
        Pointer { onmousedown, onmousemove, onmouseup, onclick }
    }
}

/// What a click on `el` does: open or close a pod lane, zoom into a cluster, or select an item.
fn click_action(el: &Element, view: &Viewport) -> Action {
    if let Some(pin) = el.get_attribute("data-pin") {
        return Action::TogglePin(pin);
    }
    if let Some(z) = el.get_attribute("data-zoom") {
        let mut xs = z.split(':').filter_map(super::number);
        if let (Some(a), Some(b)) = (xs.next(), xs.next()) {
            let centre = (a + b) / 2.0;
            return Action::Zoom { anchor_x: centre, factor: ((b - a + 40.0) / view.width).clamp(0.05, 0.5) };
        }
    }
    Action::Select(el.get_attribute("data-item").as_deref().and_then(parse_item))
}

/// The time axis: a tick every ~90 pixels or more on calendar boundaries, with its label, lines
/// down through every lane.
fn axis(l: Lang, frame: &Frame) -> Html {
    let tick_list = ticks(&frame.view, 90.0, l);
    html! {
        <g class="axis" data-testid="axis">
            <rect class="axis-bg" x={frame.label.to_string()} y="0" width={frame.view.width.to_string()} height={AXIS_HEIGHT.to_string()} />
            { for tick_list.iter().map(|t| {
                let x = frame.x(t.at);
                html! { <g>
                    <line class="tick" x1={x.to_string()} x2={x.to_string()} y1={(AXIS_HEIGHT - 6.0).to_string()} y2={frame.height.to_string()} />
                    if let Some(label) = &t.label { <text class="tick-label" x={(x + 3.0).to_string()} y="15">{ label }</text> }
                </g> }
            }) }
            <text class="axis-zone" x="8" y="16">{ "UTC" }</text>
        </g>
    }
}

/// The controller outages, as bands over every lane.
fn bands(l: Lang, timeline: &Timeline, frame: &Frame) -> Html {
    let width = frame.width;
    html! {
        <g class="bands">
            { for timeline.outages.iter().enumerate().map(|(i, o)| {
                let (x0, x1) = (frame.x(ms(o.from)).max(frame.label), frame.x(ms(o.to)).min(width));
                if x1 < frame.label || x0 > width { return html! {} }
                html! { <rect class="outage" data-testid="outage" data-item={item_attr(ItemRef::Outage(i))}
                    data-from={format_time(&o.from)} data-to={format_time(&o.to)}
                    x={x0.to_string()} y={AXIS_HEIGHT.to_string()} width={(x1 - x0).max(1.0).to_string()} height={(frame.height - AXIS_HEIGHT).to_string()}>
                    <title>{ l.format(Msg::ControllerDownBand, &[&format_time(&o.from), &format_time(&o.to)]) }</title>
                </rect> }
            }) }
        </g>
    }
}

/// The virtual clock's cursor, when it is inside the visible window.
fn cursor(frame: &Frame, at: f64, time: Time) -> Option<Html> {
    let x = frame.x(at);
    (x >= frame.label && x <= frame.width).then(|| {
        html! {
            <g class="cursor" data-testid="cursor" data-time={format_time(&time)}>
                <line x1={x.to_string()} x2={x.to_string()} y1="0" y2={frame.height.to_string()} />
                <path d={format!("M{},0 l5,0 l-5,7 l-5,-7 z", x)} />
            </g>
        }
    })
}

/// What every group (one CronJob, or the Jobs without one) draws from.
struct Lanes<'a> {
    l: Lang,
    model: &'a Rc<Model>,
    frame: &'a Frame,
    selected: Option<ItemRef>,
    expanded: &'a std::collections::HashSet<String>,
}

impl Lanes<'_> {
    /// Group `g`: its suspension bands, its title rows, the markers' flags over them, then the
    /// lanes over the markers' lines (so a marker never hides the slots and bars it crosses),
    /// and a separator.
    fn group(&self, g: usize, group: &Group, group_rows: &[Row]) -> Vec<Html> {
        let (l, frame, width) = (self.l, self.frame, self.frame.width);
        let (top, bottom) = (group_rows[0].y, group_rows.last().map_or(0.0, |r| r.y + r.height));
        let mut body = Vec::new();
        for (i, s) in group.suspended.iter().enumerate() {
            let (x0, x1) = (frame.x(ms(s.from)).max(frame.label), frame.x(ms(s.to)).min(width));
            if x1 > x0 {
                body.push(html! { <rect class="suspended" data-testid="suspended" data-item={item_attr(ItemRef::Suspension(g, i))}
                    x={x0.to_string()} y={(top + 20.0).to_string()} width={(x1 - x0).to_string()} height={(bottom - top - 20.0).max(0.0).to_string()}>
                    <title>{ l.text(Msg::SuspendedBand) }</title></rect> });
            }
        }
        let row = |row: &Row| render_row(l, row, group, g, self.model, frame, self.selected, self.expanded);
        body.extend(group_rows.iter().filter(|r| r.kind == RowKind::Title).map(&row));
        let timeline = self.model.timeline.as_ref();
        for (i, m) in timeline.iter().flat_map(|t| t.markers.iter().enumerate()) {
            let belongs = match m.cron_job() {
                Some(cj) => group.cron_job.as_deref() == Some(cj),
                None => group.jobs.iter().any(|j| matches!(&m.kind, MarkerKind::DeleteJob { job } if *job == j.name)),
            };
            let x = frame.x(ms(m.at));
            if !belongs || x < frame.label || x > width {
                continue;
            }
            let sel = if self.selected == Some(ItemRef::Marker(i)) { " selected" } else { "" };
            body.push(html! {
                <g class={format!("marker{sel}")} data-testid="marker" data-marker={m.name()} data-time={format_time(&m.at)} data-item={item_attr(ItemRef::Marker(i))}>
                    <title>{ m.label() }</title>
                    <line x1={x.to_string()} x2={x.to_string()} y1={(top + 4.0).to_string()} y2={bottom.to_string()} />
                    <path d={format!("M{x},{} l9,4 l-9,4 z", top + 4.0)} />
                    <rect class="hit" x={(x - 4.0).to_string()} y={top.to_string()} width="14" height="20" />
                </g>
            });
        }
        body.extend(group_rows.iter().filter(|r| r.kind != RowKind::Title).map(row));
        body.push(html! { <line class="group-sep" x1="0" x2={width.to_string()} y1={bottom.to_string()} y2={bottom.to_string()} /> });
        body
    }
}

fn glyph_shape(glyph: Glyph, x: f64, cy: f64) -> Html {
    match glyph {
        Glyph::OnTime => html! { <circle class="shape" cx={x.to_string()} cy={cy.to_string()} r="5" /> },
        Glyph::Late => html! { <path class="shape" d={format!("M{x},{} l6,6 l-6,6 l-6,-6 z", cy - 6.0)} /> },
        Glyph::Skipped => html! { <path class="shape" d={format!("M{},{} l9,9 m0,-9 l-9,9", x - 4.5, cy - 4.5)} /> },
        Glyph::Pending => html! { <circle class="shape" cx={x.to_string()} cy={cy.to_string()} r="4.5" /> },
    }
}

#[allow(clippy::too_many_arguments)]
fn render_row(
    l: Lang,
    row: &Row,
    group: &Group,
    g: usize,
    model: &Rc<Model>,
    frame: &Frame,
    selected: Option<ItemRef>,
    expanded: &std::collections::HashSet<String>,
) -> Html {
    let (view, label_column) = (&frame.view, frame.label);
    let x_of = |t: f64| frame.x(t);
    let (y, h) = (row.y, row.height);
    let cy = y + h / 2.0;
    let trace = model.result.trace.as_ref().expect("a timeline has a trace");
    let label = |text: String, class: &str| {
        html! {
            <text class={format!("lane-label {class}")} x="8" y={(cy + 4.0).to_string()}>{ text }</text>
        }
    };
    match &row.kind {
        RowKind::Title => {
            let schedule = group
                .cron_job
                .as_ref()
                .and_then(|n| {
                    model.result.trace.as_ref()?.cluster.cron_jobs.iter().find(|c| &c.name == n)?.specs.first()
                })
                .map(|s| format!("  {}", s.schedule))
                .unwrap_or_default();
            html! { <g class="row title-row" data-testid="group" data-cronjob={group.title().to_string()}>
                <rect class="row-bg title" x="0" y={y.to_string()} width="100%" height={h.to_string()} />
                <text class="group-title" x="8" y={(y + 15.0).to_string()}>{ if group.cron_job.is_some() { group.title() } else { l.text(Msg::StandaloneJobs) } }
                    <tspan class="group-schedule">{ schedule }</tspan></text>
            </g> }
        }
        RowKind::Slots => {
            let times = &model.index[g].slot_times;
            let items: Vec<SlotItem> = visible_instants(times, view, MIN_GAP * 2.0)
                .into_iter()
                .map(|d| match d {
                    Drawn::One { index, x0, .. } => {
                        let s = &group.slots[index];
                        let slot = &trace.slots[s.trace_index];
                        SlotItem::One {
                            item: s.trace_index,
                            x: label_column + x0,
                            glyph: s.glyph,
                            fate: s.fate,
                            at: s.at,
                            job: slot.job.clone(),
                            explanation: slot.explanation.clone(),
                            selected: selected == Some(ItemRef::Slot(s.trace_index)),
                        }
                    }
                    Drawn::Cluster { first, last, x0, x1 } => {
                        let slots = &group.slots[first..=last];
                        SlotItem::Cluster {
                            x0,
                            x1,
                            count: slots.len(),
                            skipped: slots.iter().filter(|s| s.glyph == Glyph::Skipped).count(),
                            late: slots.iter().filter(|s| s.glyph == Glyph::Late).count(),
                        }
                    }
                })
                .collect();
            html! { <g class="row slot-row" data-testid="slot-lane" data-cronjob={group.title().to_string()}>
                { label(l.text(Msg::SlotsLane).into(), "sub") }
                <LaneItems {l} {y} {h} label={label_column} items={Items::Slots(Rc::new(items))} />
            </g> }
        }
        RowKind::Jobs(r) => {
            let items: Vec<JobItem> = model.index[g]
                .job_rows
                .get(*r)
                .map(|idx| {
                    idx.visible(view, MIN_GAP)
                        .into_iter()
                        .map(|d| match d {
                            Drawn::One { index, x0, x1 } => {
                                let j = &group.jobs[idx.ids[index]];
                                JobItem::One {
                                    item: j.trace_index,
                                    name: j.name.clone(),
                                    outcome: j.outcome,
                                    late: j.late,
                                    from: j.from,
                                    to: j.to,
                                    scheduled: j.scheduled,
                                    x0,
                                    x1,
                                    selected: selected == Some(ItemRef::Job(j.trace_index)),
                                    expanded: expanded.contains(&j.name),
                                }
                            }
                            Drawn::Cluster { first, last, x0, x1 } => JobItem::Cluster {
                                x0,
                                x1,
                                count: last - first + 1,
                                failed: (first..=last)
                                    .filter(|k| group.jobs[idx.ids[*k]].outcome == JobOutcome::Failed)
                                    .count(),
                            },
                        })
                        .collect()
                })
                .unwrap_or_default();
            html! { <g class="row job-row" data-testid="job-lane" data-cronjob={group.title().to_string()}>
                if *r == 0 { { label(l.text(Msg::JobsLane).into(), "sub") } }
                <LaneItems {l} {y} {h} label={label_column} items={Items::Jobs(Rc::new(items))} />
            </g> }
        }
        RowKind::Pods { job, row: pod_row } => {
            let bar = &group.jobs[*job];
            let pinned_label = if *pod_row == 0 {
                html! { <g class="pin" data-pin={bar.name.clone()}>
                    <text class="lane-label pods" x="14" y={(cy + 4.0).to_string()}>{ format!("▾ {}", short(&bar.name, label_column)) }</text>
                    <title>{ l.format(Msg::PodsOfJob, &[&bar.name]) }</title>
                </g> }
            } else {
                html! {}
            };
            html! { <g class="row pod-row" data-testid="pod-lane" data-job={bar.name.clone()}>
                <rect class="row-bg pods" x="0" y={y.to_string()} width="100%" height={h.to_string()} />
                { pinned_label }
                { for bar.pods.iter().filter(|p| p.row == *pod_row).filter(|p| ms(p.to) >= view.from && ms(p.from) <= view.to).map(|p| {
                    let item = ItemRef::Pod(p.trace_index);
                    let sel = if selected == Some(item) { " selected" } else { "" };
                    let end = match &p.end {
                        PodEnd::Succeeded => "succeeded",
                        PodEnd::Failed => "failed",
                        PodEnd::Terminated(_) => "terminated",
                        PodEnd::Open => "open",
                    };
                    let ex = x_of(ms(p.to));
                    html! { <g class={format!("pod end-{end}{sel}")} data-testid="pod" data-pod={p.name.clone()} data-job={bar.name.clone()}
                        data-end={end} data-from={format_time(&p.from)} data-to={format_time(&p.to)} data-item={item_attr(item)}>
                        <title>{ format!("{} — {}", p.name, match &p.end { PodEnd::Terminated(w) => w.clone(), _ => Msg::outcome(end).map_or(end, |m| l.text(m)).to_string() }) }</title>
                        <rect class="hit" x={x_of(ms(p.from)).to_string()} y={y.to_string()} width={(ex - x_of(ms(p.from))).max(4.0).to_string()} height={h.to_string()} />
                        if let Some(w) = p.recreated_after {
                            <line class="recreate" data-testid="pod-recreate-wait" x1={x_of(ms(w.from)).to_string()} x2={x_of(ms(w.to)).to_string()}
                                y1={cy.to_string()} y2={cy.to_string()} />
                        }
                        { for p.segments.iter().map(|s| {
                            let (a, b) = (x_of(ms(s.from)), x_of(ms(s.to)));
                            match s.kind {
                                SegmentKind::BackOff => html! { <line class="backoff" data-testid="pod-backoff"
                                    x1={a.to_string()} x2={b.max(a).to_string()} y1={cy.to_string()} y2={cy.to_string()} /> },
                                kind => {
                                    let exit = match s.exit_code { Some(0) => " exit-zero", Some(_) => " exit-nonzero", None => "" };
                                    html! { <rect class={format!("seg {}{exit}", kind.name())} data-segment={kind.name()}
                                        x={a.to_string()} y={(y + 2.0).to_string()} width={(b - a).max(1.5).to_string()} height={(h - 4.0).to_string()} /> }
                                }
                            }
                        }) }
                        if end == "terminated" || end == "failed" {
                            <path class="end-mark" d={format!("M{},{} l6,6 m0,-6 l-6,6", ex - 3.0, cy - 3.0)} />
                        }
                    </g> }
                }) }
            </g> }
        }
    }
}

/// A Job's name in a label column `label` px wide: its end, where Jobs of one CronJob differ.
fn short(name: &str, label: f64) -> String {
    let fits = ((label - 22.0) / 6.1).max(8.0) as usize;
    if name.chars().count() > fits {
        let tail = name.chars().rev().take(fits - 1).collect::<Vec<_>>();
        format!("…{}", tail.into_iter().rev().collect::<String>())
    } else {
        name.to_string()
    }
}

/// One thing drawn on a slot lane, with everything its elements show: a lane whose items are
/// unchanged (a keystroke that changes nothing drawn, or nothing but names the clusters do not
/// show) compares equal and is not rendered again.
#[derive(Clone, Debug, PartialEq)]
enum SlotItem {
    One {
        item: usize,
        x: f64,
        glyph: Glyph,
        fate: SlotFate,
        at: Time,
        job: Option<Name>,
        explanation: SlotWhy,
        selected: bool,
    },
    Cluster {
        x0: f64,
        x1: f64,
        count: usize,
        skipped: usize,
        late: usize,
    },
}

/// What a lane draws: its slots, or one row of its Jobs.
#[derive(Clone, Debug, PartialEq)]
enum Items {
    Slots(Rc<Vec<SlotItem>>),
    Jobs(Rc<Vec<JobItem>>),
}

#[derive(Properties, PartialEq)]
struct LaneItemsProps {
    l: Lang,
    /// The lane's top and height.
    y: f64,
    h: f64,
    /// The label column's width.
    label: f64,
    items: Items,
}

/// A lane's items (one component for both kinds: each kind of component adds code to the page).
#[function_component(LaneItems)]
fn lane_items(props: &LaneItemsProps) -> Html {
    match &props.items {
        Items::Slots(items) => slot_items(props.l, props.y, props.h, props.label, items),
        Items::Jobs(items) => job_items(props.l, props.y, props.h, props.label, items),
    }
}

fn slot_items(l: Lang, y: f64, h: f64, label: f64, items: &[SlotItem]) -> Html {
    let cy = y + h / 2.0;
    items.iter().map(|d| match d {
        SlotItem::One { item, x, glyph, fate, at, job, explanation, selected } => {
            let sel = if *selected { " selected" } else { "" };
            html! { <g class={format!("slot glyph-{}{sel}", glyph.name())} data-testid="slot"
                data-fate={crate::timeline::lanes::fate_name(*fate)} data-glyph={glyph.name()}
                data-time={format_time(at)} data-job={job.as_deref().unwrap_or_default().to_string()} data-item={item_attr(ItemRef::Slot(*item))}>
                <title>{ format!("{} {} — {}", glyph.symbol(), format_time(at), explanation) }</title>
                <rect class="hit" x={(x - 7.0).to_string()} y={y.to_string()} width="14" height={h.to_string()} />
                { glyph_shape(*glyph, *x, cy) }
            </g> }
        }
        SlotItem::Cluster { x0, x1, count, skipped, late } => {
            let (a, b) = (label + x0 - 4.0, label + x1 + 4.0);
            let class = if *skipped > 0 { "cluster has-skipped" } else if *late > 0 { "cluster has-late" } else { "cluster" };
            html! { <g class={class} data-testid="slot-cluster" data-count={count.to_string()}
                data-skipped={skipped.to_string()} data-late={late.to_string()} data-zoom={format!("{x0}:{x1}")}>
                <title>{ l.format(Msg::SlotCluster, &[count, skipped, late]) }</title>
                <rect x={a.to_string()} y={(cy - 5.0).to_string()} width={(b - a).to_string()} height="10" rx="3" />
                if *skipped > 0 { <rect class="skipped-share" x={a.to_string()} y={(cy + 3.0).to_string()}
                    width={((b - a) * *skipped as f64 / *count as f64).to_string()} height="2" /> }
            </g> }
        }
    }).collect()
}

/// One thing drawn on a row of a job lane (see [`SlotItem`]).
#[derive(Clone, Debug, PartialEq)]
enum JobItem {
    One {
        item: usize,
        name: String,
        outcome: JobOutcome,
        late: bool,
        from: Time,
        to: Time,
        scheduled: Option<Time>,
        x0: f64,
        x1: f64,
        selected: bool,
        expanded: bool,
    },
    Cluster {
        x0: f64,
        x1: f64,
        count: usize,
        failed: usize,
    },
}

fn job_items(l: Lang, y: f64, h: f64, label: f64, items: &[JobItem]) -> Html {
    items.iter().map(|d| match d {
        JobItem::One { item, name, outcome, late, from, to, scheduled, x0, x1, selected, expanded } => {
            let (a, b) = (label + x0.max(-10.0), label + x1.min(1e6));
            let w = (b - a).max(3.0);
            let sel = if *selected { " selected" } else { "" };
            let late_class = if *late { " late" } else { "" };
            let open = if *expanded { " expanded" } else { "" };
            let text = (w > name.len() as f64 * 6.5 + 8.0).then(|| name.clone());
            html! {
                <g class={format!("job outcome-{}{late_class}{sel}{open}", outcome.name())} data-testid="job" data-job={name.clone()}
                    data-outcome={outcome.name()} data-late={late.to_string()}
                    data-from={format_time(from)} data-to={format_time(to)}
                    data-scheduled={scheduled.map(|s| format_time(&s)).unwrap_or_default()} data-item={item_attr(ItemRef::Job(*item))}>
                    <title>{ format!("{} — {}{}", name, Msg::outcome(outcome.name()).map_or(outcome.name(), |m| l.text(m)), if *late { l.text(Msg::LateRun) } else { "" }) }</title>
                    <rect x={a.to_string()} y={(y + 3.0).to_string()} width={w.to_string()} height={(h - 6.0).to_string()} rx="2" />
                    if *late { <text class="late-mark" x={(a - 2.0).to_string()} y={(y + 12.0).to_string()} text-anchor="end">{ "↶" }</text> }
                    if let Some(t) = text { <text class="job-label" x={(a + 4.0).to_string()} y={(y + 12.5).to_string()}>{ t }</text> }
                </g>
            }
        }
        JobItem::Cluster { x0, x1, count, failed } => {
            let (a, b) = (label + x0, label + x1.max(x0 + 2.0));
            html! { <g class={if *failed > 0 { "job-cluster has-failed" } else { "job-cluster" }} data-testid="job-cluster"
                data-count={count.to_string()} data-failed={failed.to_string()} data-zoom={format!("{x0}:{x1}")}>
                <title>{ l.format(Msg::JobCluster, &[count, failed]) }</title>
                <rect x={a.to_string()} y={(y + 3.0).to_string()} width={(b - a).to_string()} height={(h - 6.0).to_string()} rx="2" />
                if *failed > 0 { <rect class="failed-share" x={a.to_string()} y={(y + h - 5.0).to_string()}
                    width={((b - a) * *failed as f64 / *count as f64).max(1.0).to_string()} height="2" /> }
            </g> }
        }
    }).collect()
}
