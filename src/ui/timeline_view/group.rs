//! One group of the timeline (a CronJob, or the Jobs without one): its suspension bands, its
//! rows, and the markers (deletions, spec changes, restarts) over them.

use super::super::state::Model;
use super::{item_attr, Frame};
use crate::i18n::{Lang, Msg};
use crate::sim::trace::{format_time, Time};
use crate::timeline::lanes::{Group, MarkerKind};
use crate::timeline::rows::{Row, RowKind};
use crate::timeline::viewport::ms;
use crate::timeline::ItemRef;
use std::collections::HashSet;
use std::rc::Rc;
use yew::prelude::*;

/// What every group draws from.
pub(super) struct Lanes<'a> {
    pub l: Lang,
    pub model: &'a Rc<Model>,
    pub frame: &'a Frame,
    pub selected: Option<ItemRef>,
    /// The Jobs whose pod lanes are open, by name.
    pub expanded: &'a HashSet<String>,
    /// The timeline's tab stop: the focused item, else the selected one.
    pub stop: Option<ItemRef>,
    /// Whether the items' names carry dates (the horizon spans days).
    pub dated: bool,
    /// The virtual clock (the title row names the schedule in force then).
    pub cursor: Time,
}

impl Lanes<'_> {
    /// Group `g`: its suspension bands, its title rows, the markers' flags over them, then the
    /// lanes over the markers' lines (so a marker never hides the slots and bars it crosses),
    /// and a separator.
    pub(super) fn group(&self, g: usize, group: &Group, group_rows: &[Row]) -> Vec<Html> {
        let (top, bottom) = (group_rows[0].y, group_rows.last().map_or(0.0, |r| r.y + r.height));
        let mut body = Vec::new();
        self.suspensions(&mut body, g, group, top, bottom);
        let row = |row: &Row| self.row(row, group, g);
        body.extend(group_rows.iter().filter(|r| r.kind == RowKind::Title).map(&row));
        self.markers(&mut body, group, top, bottom);
        body.extend(group_rows.iter().filter(|r| r.kind != RowKind::Title).map(row));
        let width = self.frame.width.to_string();
        body.push(
            html! { <line class="group-sep" x1="0" x2={width} y1={bottom.to_string()} y2={bottom.to_string()} /> },
        );
        body
    }

    /// The group's suspensions, as hatched bands below its title, onto `bands`.
    fn suspensions(&self, bands: &mut Vec<Html>, g: usize, group: &Group, top: f64, bottom: f64) {
        let frame = self.frame;
        for (i, s) in group.suspended.iter().enumerate() {
            let (x0, x1) = (frame.x(ms(s.from)).max(frame.label), frame.x(ms(s.to)).min(frame.width));
            if x1 > x0 {
                bands.push(html! { <rect class="suspended" data-testid="suspended" data-item={item_attr(ItemRef::Suspension(g, i))}
                    x={x0.to_string()} y={(top + 20.0).to_string()} width={(x1 - x0).to_string()} height={(bottom - top - 20.0).max(0.0).to_string()}>
                    <title>{ self.l.text(Msg::SuspendedBand) }</title></rect> });
            }
        }
    }

    /// The markers that belong to the group and fall in the window: a flag on its title row and a
    /// line down through its lanes, onto `flags`.
    fn markers(&self, flags: &mut Vec<Html>, group: &Group, top: f64, bottom: f64) {
        let frame = self.frame;
        let timeline = self.model.timeline.as_ref();
        for (i, m) in timeline.iter().flat_map(|t| t.markers.iter().enumerate()) {
            let belongs = match m.cron_job() {
                Some(cj) => group.cron_job.as_deref() == Some(cj),
                None => group.jobs.iter().any(|j| matches!(&m.kind, MarkerKind::DeleteJob { job } if *job == j.name)),
            };
            let x = frame.x(ms(m.at));
            if !belongs || x < frame.label || x > frame.width {
                continue;
            }
            let sel = if self.selected == Some(ItemRef::Marker(i)) { " selected" } else { "" };
            flags.push(html! {
                <g class={format!("marker{sel}")} data-testid="marker" data-marker={m.name()} data-time={format_time(&m.at)} data-item={item_attr(ItemRef::Marker(i))}>
                    <title>{ m.label() }</title>
                    <line x1={x.to_string()} x2={x.to_string()} y1={(top + 4.0).to_string()} y2={bottom.to_string()} />
                    <path d={format!("M{x},{} l9,4 l-9,4 z", top + 4.0)} />
                    <rect class="hit" x={(x - 4.0).to_string()} y={top.to_string()} width="14" height="20" />
                </g>
            });
        }
    }

    /// One of the group's rows, by kind.
    fn row(&self, row: &Row, group: &Group, g: usize) -> Html {
        match &row.kind {
            RowKind::Title => self.title_row(row, group),
            RowKind::Slots => self.slot_row(row, group, g),
            RowKind::Jobs(r) => self.job_row(row, group, g, *r),
            RowKind::Pods { job, row: pod_row } => self.pod_row(row, &group.jobs[*job], *pod_row),
        }
    }
}
