//! The overview strip (a canvas, shown when the horizon is long): every slot of every CronJob as
//! a one-pixel tick coloured and placed by its glyph, Job density below, and the visible window
//! as a frame. Clicking it centres the timeline there.

use super::language::use_lang;
use super::state::{Action, ViewState};
use crate::i18n::{Lang, Msg};
use crate::timeline::lanes::Glyph;
use crate::timeline::viewport::ms;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, MouseEvent};
use yew::prelude::*;

/// Horizons longer than this get the strip.
pub const LONG_HORIZON_MS: f64 = 3.0 * 86_400_000.0;
const HEIGHT: f64 = 34.0;

#[derive(Properties, PartialEq)]
pub struct OverviewProps {
    pub state: ViewState,
    pub dispatch: UseReducerDispatcher<ViewState>,
}

/// The colours the strip paints with, as CSS custom properties of the root element.
const COLOURS: [&str; 9] =
    ["--panel", "--muted", "--outage", "--pending", "--ok", "--late", "--bad", "--job", "--accent"];
/// `--cursor` is read apart: it is the last of the list below.
const CURSOR: &str = "--cursor";

thread_local! {
    /// The colours read for a theme (`data-theme` on the root): reading computed style makes the
    /// browser recalculate the page's style at once, which a redraw should not pay for each time.
    static PALETTE: std::cell::RefCell<Option<(String, Vec<String>)>> = const { std::cell::RefCell::new(None) };
}

/// The value of each of [`COLOURS`] and then [`CURSOR`] in the current theme.
fn palette() -> Vec<String> {
    let root = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element());
    let theme = root.as_ref().and_then(|r| r.get_attribute("data-theme")).unwrap_or_default();
    if let Some(p) = PALETTE.with(|p| p.borrow().as_ref().filter(|(t, _)| *t == theme).map(|(_, p)| p.clone())) {
        return p;
    }
    let style = root.and_then(|r| web_sys::window()?.get_computed_style(&r).ok().flatten());
    let read = |name: &str| {
        style
            .as_ref()
            .and_then(|st| st.get_property_value(name).ok())
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
    };
    let read: Vec<Option<String>> = COLOURS.iter().chain([&CURSOR]).map(|n| read(n)).collect();
    let complete = read.iter().all(Option::is_some);
    let p: Vec<String> = read.into_iter().map(|v| v.unwrap_or_else(|| "#888".into())).collect();
    // Not kept while the stylesheet is still loading (the next draw reads again).
    if complete {
        PALETTE.with(|c| *c.borrow_mut() = Some((theme, p.clone())));
    }
    p
}

/// The colour of custom property `name` (one of [`COLOURS`] or [`CURSOR`]) in `palette`.
fn colour<'a>(palette: &'a [String], name: &str) -> &'a str {
    let i = COLOURS.iter().position(|c| *c == name).unwrap_or(COLOURS.len());
    palette.get(i).map_or("#888", String::as_str)
}

/// Fills, for each run of neighbouring columns whose value is `v`, one rectangle from `y0` to `y1`.
fn fill_runs(ctx: &CanvasRenderingContext2d, label: f64, cols: &[u8], v: u8, y0: f64, y1: f64) {
    let mut i = 0;
    while i < cols.len() {
        if cols[i] != v {
            i += 1;
            continue;
        }
        let start = i;
        while i < cols.len() && cols[i] == v {
            i += 1;
        }
        ctx.fill_rect(label + start as f64, y0, (i - start) as f64, y1 - y0);
    }
}

#[function_component(Overview)]
pub fn overview(props: &OverviewProps) -> Html {
    let l = use_lang();
    let canvas = use_node_ref();
    let s = props.state.clone();
    {
        let canvas = canvas.clone();
        use_effect_with((s.clone(), l), move |(s, l)| {
            draw(&canvas, s, *l);
        });
    }
    let Some((start, end)) = s.model.as_ref().and_then(|m| m.bounds()) else { return html! {} };
    if end - start < LONG_HORIZON_MS {
        return html! {};
    }
    let label = s.label;
    let onclick = {
        let d = props.dispatch.clone();
        let canvas = canvas.clone();
        Callback::from(move |e: MouseEvent| {
            let Some(c) = canvas.cast::<HtmlCanvasElement>() else { return };
            let w = c.client_width() as f64 - label;
            let x = e.offset_x() as f64 - label;
            if x >= 0.0 && w > 0.0 {
                d.dispatch(Action::Centre(start + x / w * (end - start)));
            }
        })
    };
    let width = label + s.view.width;
    html! {
        <canvas class="overview" data-testid="overview" ref={canvas} width={width.to_string()} height={HEIGHT.to_string()}
            style={format!("width:{width}px;height:{HEIGHT}px")} {onclick}
            aria-label={l.text(Msg::OverviewLabel)} role="img" />
    }
}

fn draw(canvas: &NodeRef, s: &ViewState, l: Lang) {
    let (Some(c), Some(model)) = (canvas.cast::<HtmlCanvasElement>(), s.model.as_ref()) else { return };
    let (Some(tl), Some((start, end))) = (model.timeline.as_ref(), model.bounds()) else { return };
    let Some(ctx) = c.get_context("2d").ok().flatten().and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
    else {
        return;
    };
    let (w, h) = (c.width() as f64, c.height() as f64);
    let label = s.label;
    let lanes_w = (w - label).max(1.0);
    let columns = lanes_w as usize + 1;
    let col = |t: f64| (((t - start) / (end - start) * lanes_w) as usize).min(columns - 1);
    // Per pixel column, the worst slot glyph and whether a Job / failed Job runs there: the
    // strip costs one pass over the items and one rectangle per column, however many items.
    let mut slot_cols = vec![0u8; columns]; // 0 none, 1 pending, 2 on time, 3 late, 4 skipped
    let mut job_cols = vec![0u8; columns]; // 0 none, 1 job, 2 failed
    for g in &tl.groups {
        for slot in &g.slots {
            let v = match slot.glyph {
                Glyph::Pending => 1,
                Glyph::OnTime => 2,
                Glyph::Late => 3,
                Glyph::Skipped => 4,
            };
            let c = &mut slot_cols[col(ms(slot.at))];
            *c = (*c).max(v);
        }
        for j in &g.jobs {
            let v = if j.outcome == crate::timeline::lanes::JobOutcome::Failed { 2 } else { 1 };
            for c in &mut job_cols[col(ms(j.from))..=col(ms(j.to))] {
                *c = (*c).max(v);
            }
        }
    }
    let palette = palette();
    let paint = |name: &str| ctx.set_fill_style_str(colour(&palette, name));
    ctx.clear_rect(0.0, 0.0, w, h);
    paint("--panel");
    ctx.fill_rect(0.0, 0.0, w, h);
    paint("--muted");
    ctx.set_font("11px system-ui, sans-serif");
    let _ = ctx.fill_text(l.text(Msg::Overview), 8.0, 14.0);
    let x = |t: f64| label + (t - start) / (end - start) * lanes_w;
    paint("--outage");
    for o in &tl.outages {
        ctx.fill_rect(x(ms(o.from)), 0.0, (x(ms(o.to)) - x(ms(o.from))).max(1.0), h);
    }
    let slot_style: [(&str, f64, f64); 4] =
        [("--pending", 6.0, 10.0), ("--ok", 4.0, 12.0), ("--late", 2.0, 14.0), ("--bad", 2.0, 14.0)];
    for (v, (var, y0, y1)) in slot_style.iter().enumerate() {
        paint(var);
        fill_runs(&ctx, label, &slot_cols, v as u8 + 1, *y0, *y1);
    }
    for (v, var) in ["--job", "--bad"].iter().enumerate() {
        paint(var);
        fill_runs(&ctx, label, &job_cols, v as u8 + 1, 18.0, 28.0);
    }
    ctx.set_stroke_style_str(colour(&palette, "--accent"));
    ctx.set_line_width(1.5);
    let (a, b) = (x(s.view.from), x(s.view.to));
    ctx.stroke_rect(a + 0.75, 0.75, (b - a - 1.5).max(2.0), h - 1.5);
    paint(CURSOR);
    ctx.fill_rect(x(s.cursor) - 0.5, 0.0, 1.5, h);
}
