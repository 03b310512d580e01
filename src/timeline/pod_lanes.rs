//! A Job's pod lanes: each pod's life as segments (waiting to start, running, the kubelet's
//! back-off between restarts) and how it ended, read off the trace's pod records.

use super::overlap::{assign_rows, Span};
use crate::sim::trace::{RecordedPodPhase, Time, Trace};
use chrono::TimeDelta;

/// What a stretch of a Pod's life was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SegmentKind {
    /// Created, no container started yet.
    Pending,
    /// A container instance running.
    Running,
    /// The kubelet waiting before restarting the container (`CrashLoopBackOff` when > 0).
    BackOff,
}

impl SegmentKind {
    /// Stable kebab-case name (`data-segment` on the page).
    pub fn name(self) -> &'static str {
        match self {
            SegmentKind::Pending => "pending",
            SegmentKind::Running => "running",
            SegmentKind::BackOff => "back-off",
        }
    }
}

/// A stretch of a Pod's life.
#[derive(Clone, Debug, PartialEq)]
pub struct Segment {
    pub kind: SegmentKind,
    pub from: Time,
    pub to: Time,
    /// The container instance (0 = first start) this segment belongs to or waits for.
    pub instance: usize,
    /// A running instance's exit code, when it exited.
    pub exit_code: Option<i32>,
}

/// How a Pod's bar ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PodEnd {
    Succeeded,
    Failed,
    /// Deleted while active, with the reason (the Job controller's backoff-limit or deadline
    /// termination, `Replace`, a user delete, ...).
    Terminated(String),
    /// Still active when the horizon ends.
    Open,
}

/// A Pod's bar on its Job's pod lane.
#[derive(Clone, Debug, PartialEq)]
pub struct PodBar {
    pub trace_index: usize,
    pub name: String,
    pub row: usize,
    pub from: Time,
    pub to: Time,
    pub segments: Vec<Segment>,
    pub end: PodEnd,
    /// The wait between the previous Pod of the Job ending and this one being created (the Job
    /// controller's pod re-creation back-off), when there is one.
    pub recreated_after: Option<Span>,
}

/// A Job's Pods (`trace.pods[i]` for each of `pods`, in creation order) as bars, each on the
/// first row free at its creation.
pub(super) fn pod_bars(trace: &Trace, pods: &[usize], horizon_end: Time) -> Vec<PodBar> {
    let mut bars: Vec<PodBar> = Vec::new();
    let mut previous_end: Option<Time> = None;
    for (i, pod) in pods.iter().map(|&i| (i, &trace.pods[i])) {
        let (segments, to) = pod_segments(pod, horizon_end);
        // A Pod deleted while it ran ends by that deletion (its container killed), whatever the
        // phase the kill left it in.
        let killed = pod.deleted_at.is_some_and(|d| pod.finished_at.is_none_or(|f| f >= d));
        let end = match (killed, pod.phase) {
            (true, _) => {
                PodEnd::Terminated(pod.deleted_because.as_ref().map_or_else(|| "deleted".into(), |b| b.to_string()))
            }
            (false, RecordedPodPhase::Succeeded) => PodEnd::Succeeded,
            (false, RecordedPodPhase::Failed) => PodEnd::Failed,
            (false, _) => PodEnd::Open,
        };
        let recreated_after =
            previous_end.filter(|p| *p < pod.created_at).map(|from| Span { from, to: pod.created_at });
        previous_end = Some(previous_end.map_or(to, |p| p.max(to)));
        bars.push(PodBar {
            trace_index: i,
            name: pod.name.to_string(),
            row: 0,
            from: pod.created_at,
            to,
            segments,
            end,
            recreated_after,
        });
    }
    let spans: Vec<(Time, Time)> = bars.iter().map(|b| (b.from, b.to)).collect();
    for (bar, row) in bars.iter_mut().zip(assign_rows(&spans)) {
        bar.row = row;
    }
    bars
}

/// A Pod's life as segments: pending, then each container instance running, with the kubelet's
/// restart back-off between instances. Instance k ≥ 1 starts at `restarts[k-1].at` after a wait
/// of `restarts[k-1].afterBackoffSeconds`, so instance k-1 ended that long before.
pub fn pod_segments(pod: &crate::sim::trace::PodRecord, horizon_end: Time) -> (Vec<Segment>, Time) {
    let end = pod.finished_at.or(pod.deleted_at).unwrap_or(horizon_end).max(pod.created_at);
    let mut segments = Vec::new();
    let Some(started) = pod.started_at else {
        segments.push(Segment {
            kind: SegmentKind::Pending,
            from: pod.created_at,
            to: end,
            instance: 0,
            exit_code: None,
        });
        return (segments, end);
    };
    if started > pod.created_at {
        segments.push(Segment {
            kind: SegmentKind::Pending,
            from: pod.created_at,
            to: started,
            instance: 0,
            exit_code: None,
        });
    }
    let mut from = started;
    for (k, restart) in pod.restarts.iter().enumerate() {
        let wait = TimeDelta::milliseconds((restart.after_backoff_seconds * 1000.0).round() as i64);
        let exited = (restart.at - wait).max(from);
        segments.push(Segment {
            kind: SegmentKind::Running,
            from,
            to: exited,
            instance: k,
            exit_code: pod.exit_codes.get(k).copied(),
        });
        segments.push(Segment {
            kind: SegmentKind::BackOff,
            from: exited,
            to: restart.at,
            instance: k + 1,
            exit_code: None,
        });
        from = restart.at;
    }
    let last = pod.restarts.len();
    segments.push(Segment {
        kind: SegmentKind::Running,
        from,
        to: end.max(from),
        instance: last,
        exit_code: pod.exit_codes.get(last).copied(),
    });
    (segments, end.max(from))
}
