//! A Job's pod lane (one row of its pods, opened from the Job): each pod's attempts, kubelet
//! back-off waits between them, the wait before a replacement pod, and how it ended.

use super::glyphs::tabindex;
use super::group::Lanes;
use super::item_attr;
use crate::i18n::Msg;
use crate::sim::trace::format_time;
use crate::timeline::lanes::JobBar;
use crate::timeline::names;
use crate::timeline::pod_lanes::{AttemptLabel, AttemptSpan, PodBar, PodEnd, SegmentKind};
use crate::timeline::rows::Row;
use crate::timeline::viewport::{label_text_width, ms};
use crate::timeline::ItemRef;
use yew::prelude::*;

impl Lanes<'_> {
    /// Row `pod_row` of `bar`'s pod lane; its first row carries the label that closes it.
    pub(super) fn pod_row(&self, row: &Row, bar: &JobBar, pod_row: usize) -> Html {
        let (y, h, view) = (row.y, row.height, &self.frame.view);
        html! { <g class="row pod-row" data-testid="pod-lane" data-job={bar.name.clone()}
            role="group" aria-label={self.l.format(Msg::LanePodsOf, &[&bar.name])}>
            <rect class="row-bg pods" x="0" y={y.to_string()} width="100%" height={h.to_string()} />
            if pod_row == 0 {
                <g class="pin" data-pin={bar.name.clone()}>
                    <text class="lane-label pods" x="14" y={(y + h / 2.0 + 4.0).to_string()}>{ format!("▾ {}", short(&bar.name, self.frame.label)) }</text>
                    <title>{ self.l.format(Msg::PodsOfJob, &[&bar.name]) }</title>
                </g>
            }
            { for bar.pods.iter().filter(|p| p.row == pod_row).filter(|p| ms(p.to) >= view.from && ms(p.from) <= view.to)
                .map(|p| self.pod(row, bar, p)) }
        </g> }
    }

    /// One pod of `bar` on `row`.
    fn pod(&self, row: &Row, bar: &JobBar, p: &PodBar) -> Html {
        let (y, h) = (row.y, row.height);
        let cy = y + h / 2.0;
        let x_of = |t: f64| self.frame.x(t);
        let item = ItemRef::Pod(p.trace_index);
        let sel = if self.selected == Some(item) { " selected" } else { "" };
        let end = match &p.end {
            PodEnd::Succeeded => "succeeded",
            PodEnd::Failed => "failed",
            PodEnd::Terminated(_) => "terminated",
            PodEnd::Open => "open",
        };
        let how = match &p.end {
            PodEnd::Terminated(w) => w.clone(),
            _ => Msg::outcome(end).map_or(end, |m| self.l.text(m)).to_string(),
        };
        let (sx, ex) = (x_of(ms(p.from)), x_of(ms(p.to)));
        html! { <g class={format!("pod end-{end}{sel}")} data-testid="pod" data-pod={p.name.clone()} data-job={bar.name.clone()}
            role="button" aria-label={names::pod(self.l, p)} tabindex={tabindex(self.stop == Some(item))}
            aria-current={(self.selected == Some(item)).then_some("true")}
            data-end={end} data-from={format_time(&p.from)} data-to={format_time(&p.to)} data-item={item_attr(item)}>
            <title>{ format!("{} — {how}", p.name) }</title>
            <rect class="hit" x={sx.to_string()} y={y.to_string()} width={(ex - sx).max(4.0).to_string()} height={h.to_string()} />
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
            { for p.attempts().iter().filter_map(|a| self.attempt_label(a, cy)) }
            if end == "terminated" || end == "failed" {
                <path class="end-mark" d={format!("M{},{} l6,6 m0,-6 l-6,6", ex - 3.0, cy - 3.0)} />
            }
        </g> }
    }
}

impl Lanes<'_> {
    /// An attempt's label over its stretch of a pod lane whose middle is at `cy`: in full when it
    /// fits (`exit 1`, `back-off 10 s`, `killed: backoffLimit`), shortened when only that fits
    /// (`1`, `10 s`), else left to the Pod's name and the inspector. Exits are written inside
    /// their run's bar, waits above their line, a kill after the Pod's end.
    fn attempt_label(&self, a: &AttemptSpan, cy: f64) -> Option<Html> {
        let (x0, x1) = (self.frame.x(ms(a.from)), self.frame.x(ms(a.to)));
        // A kill ends the Job's Pods: its label goes after the Pod's end mark, where nothing follows.
        let killed = matches!(a.label, AttemptLabel::Killed(_));
        let (x0, x1) = if killed { (x1 + 6.0, self.frame.width) } else { (x0, x1) };
        let (x0, x1) = (x0.max(self.frame.label), x1.min(self.frame.width));
        let room = x1 - x0 - 4.0;
        let fits = |t: &String| label_text_width(t) <= room;
        let text = Some(a.label.text(self.l)).filter(fits).or_else(|| Some(a.label.short(self.l)).filter(fits))?;
        let wait = matches!(a.label, AttemptLabel::KubeletBackOff(_) | AttemptLabel::JobBackOff(_));
        let (class, y) = match (wait, killed) {
            (true, _) => ("attempt-label wait", cy - 3.0),
            (_, true) => ("attempt-label killed", cy + 3.5),
            _ => ("attempt-label", cy + 3.5),
        };
        let (x, anchor) = if killed { (x0, "start") } else { ((x0 + x1) / 2.0, "middle") };
        Some(html! {
            <text {class} data-testid="attempt-label" data-attempt={a.label.name()} x={x.to_string()} y={y.to_string()}
                text-anchor={anchor} aria-hidden="true">{ text }</text>
        })
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
