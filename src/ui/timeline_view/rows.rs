//! One row of a group: its title (the CronJob's name and schedule), its slot lane, or one row of
//! its Job lane — each turned into the items `glyphs::LaneItems` draws.

use super::glyphs::LaneItems;
use super::group::Lanes;
use super::items::{Items, JobItem, SlotItem};
use super::MIN_GAP;
use crate::i18n::Msg;
use crate::timeline::lanes::{Glyph, Group, JobOutcome};
use crate::timeline::names;
use crate::timeline::rows::Row;
use crate::timeline::viewport::{visible_instants, Drawn};
use crate::timeline::ItemRef;
use std::rc::Rc;
use yew::prelude::*;

/// A slot or Job lane's label in the label column, on the lane's middle line.
fn lane_label(text: &'static str, row: &Row) -> Html {
    let cy = row.y + row.height / 2.0;
    html! {
        <text class="lane-label sub" x="8" y={(cy + 4.0).to_string()}>{ text }</text>
    }
}

impl Lanes<'_> {
    /// The group's title row: the CronJob's name and the schedule in force at the clock, marked
    /// when a patch changed it within the horizon (as its schedule card says).
    pub(super) fn title_row(&self, row: &Row, group: &Group) -> Html {
        let (y, h) = (row.y, row.height);
        let trace = self.model.result.trace.as_ref();
        let life = group.cron_job.as_ref().and_then(|n| trace?.cluster.cron_jobs.iter().find(|c| &c.name == n));
        let schedule =
            life.and_then(|c| c.spec_at(self.cursor)).map(|s| format!("  {}", s.schedule)).unwrap_or_default();
        let edited = life.is_some_and(|c| c.specs.iter().any(|s| s.schedule != c.specs[0].schedule));
        let title = if group.cron_job.is_some() { group.title() } else { self.l.text(Msg::StandaloneJobs) };
        html! { <g class="row title-row" data-testid="group" data-cronjob={group.title().to_string()}>
            <rect class="row-bg title" x="0" y={y.to_string()} width="100%" height={h.to_string()} />
            <text class="group-title" x="8" y={(y + 15.0).to_string()}>{ title }
                <tspan class="group-schedule" data-testid="group-schedule">{ schedule }</tspan>
                if edited { <tspan class="group-edited">{ format!(" {}", self.l.text(Msg::ScheduleEdited)) }</tspan> }</text>
        </g> }
    }

    /// The group's slot lane: its visible slots, close ones aggregated into clusters.
    pub(super) fn slot_row(&self, row: &Row, group: &Group, g: usize) -> Html {
        let l = self.l;
        let times = &self.model.index[g].slot_times;
        let items: Vec<SlotItem> = visible_instants(times, &self.frame.view, MIN_GAP * 2.0)
            .into_iter()
            .map(|d| self.slot_item(group, d))
            .collect();
        html! { <g class="row slot-row" data-testid="slot-lane" data-cronjob={group.title().to_string()}
            role="group" aria-label={l.format(Msg::LaneSlotsOf, &[&group.title()])}>
            { lane_label(l.text(Msg::SlotsLane), row) }
            <LaneItems {l} y={row.y} h={row.height} label={self.frame.label} items={Items::Slots(Rc::new(items))} />
        </g> }
    }

    fn slot_item(&self, group: &Group, drawn: Drawn) -> SlotItem {
        let trace = self.model.result.trace.as_ref().expect("a timeline has a trace");
        match drawn {
            Drawn::One { index, x0, .. } => {
                let s = &group.slots[index];
                let slot = &trace.slots[s.trace_index];
                SlotItem::One {
                    item: s.trace_index,
                    x: self.frame.label + x0,
                    glyph: s.glyph,
                    fate: s.fate,
                    at: s.at,
                    job: slot.job.clone(),
                    explanation: slot.explanation.clone(),
                    selected: self.selected == Some(ItemRef::Slot(s.trace_index)),
                    name: names::slot(self.l, slot, self.dated),
                    stop: self.stop == Some(ItemRef::Slot(s.trace_index)),
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
        }
    }

    /// Row `r` of the group's Job lane: its visible Jobs, close ones aggregated into clusters.
    pub(super) fn job_row(&self, row: &Row, group: &Group, g: usize, r: usize) -> Html {
        let l = self.l;
        let items: Vec<JobItem> = self.model.index[g]
            .job_rows
            .get(r)
            .map(|idx| {
                idx.visible(&self.frame.view, MIN_GAP).into_iter().map(|d| self.job_item(group, &idx.ids, d)).collect()
            })
            .unwrap_or_default();
        html! { <g class="row job-row" data-testid="job-lane" data-cronjob={group.title().to_string()}
            role="group" aria-label={l.format(Msg::LaneJobsOf, &[&group.title()])}>
            if r == 0 { { lane_label(l.text(Msg::JobsLane), row) } }
            <LaneItems {l} y={row.y} h={row.height} label={self.frame.label} items={Items::Jobs(Rc::new(items))} />
        </g> }
    }

    /// Job `i`'s failure reason, from the trace.
    fn job_reason(&self, i: usize) -> Option<&str> {
        self.model.result.trace.as_ref()?.jobs.get(i)?.reason.as_deref()
    }

    /// One drawn Job or cluster of a Job row whose Jobs are `ids` (indexes into `group.jobs`).
    fn job_item(&self, group: &Group, ids: &[usize], drawn: Drawn) -> JobItem {
        match drawn {
            Drawn::One { index, x0, x1 } => {
                let j = &group.jobs[ids[index]];
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
                    selected: self.selected == Some(ItemRef::Job(j.trace_index)),
                    expanded: self.expanded.contains(&j.name),
                    label: names::job(self.l, j, self.job_reason(j.trace_index), self.dated),
                    stop: self.stop == Some(ItemRef::Job(j.trace_index)),
                }
            }
            Drawn::Cluster { first, last, x0, x1 } => JobItem::Cluster {
                x0,
                x1,
                count: last - first + 1,
                failed: (first..=last).filter(|k| group.jobs[ids[*k]].outcome == JobOutcome::Failed).count(),
            },
        }
    }
}
