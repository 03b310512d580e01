//! A Job's pod lanes: each pod's life as segments (waiting to start, running, the kubelet's
//! back-off between restarts) and how it ended, read off the trace's pod records.

use super::overlap::{assign_rows, Span};
use crate::i18n::{Lang, Msg};
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
    /// For a Pod killed when its Job failed, the Job field whose limit did it (`backoffLimit`,
    /// `activeDeadlineSeconds`, ...), from the Job's failure reason.
    pub killed_by: Option<&'static str>,
}

/// The spec field behind a Job's failure reason (the Job controller's `BackoffLimitExceeded`,
/// `DeadlineExceeded`, ... in `pkg/controller/job/job_controller.go`), as a killed Pod's label
/// names it.
fn limit_field(job_reason: &str) -> Option<&'static str> {
    Some(match job_reason {
        "BackoffLimitExceeded" => "backoffLimit",
        "DeadlineExceeded" => "activeDeadlineSeconds",
        "PodFailurePolicy" => "podFailurePolicy",
        "MaxFailedIndexesExceeded" => "maxFailedIndexes",
        "FailedIndexes" => "backoffLimitPerIndex",
        _ => return None,
    })
}

/// What one labelled stretch of a Pod's lane was: an attempt's exit, a wait before the next
/// attempt, or the kill that ended it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AttemptLabel {
    /// A container instance exited with this code.
    Exit(i32),
    /// The kubelet's CrashLoopBackOff wait before restarting the container, in seconds.
    KubeletBackOff(f64),
    /// The Job controller's wait between the previous Pod's failure and this Pod's creation.
    JobBackOff(f64),
    /// The container was killed when its Pod was deleted; the Job field whose limit did it.
    Killed(Option<&'static str>),
}

/// A labelled stretch of a Pod's lane.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AttemptSpan {
    pub from: Time,
    pub to: Time,
    pub label: AttemptLabel,
}

/// Seconds as the labels say them: whole when whole, else to a tenth.
fn seconds(s: f64) -> String {
    if s.fract() == 0.0 {
        format!("{s}")
    } else {
        format!("{s:.1}")
    }
}

impl AttemptLabel {
    /// Stable kebab-case name (`data-attempt` on the page).
    pub fn name(self) -> &'static str {
        match self {
            AttemptLabel::Exit(_) => "exit",
            AttemptLabel::KubeletBackOff(_) => "kubelet-back-off",
            AttemptLabel::JobBackOff(_) => "job-back-off",
            AttemptLabel::Killed(_) => "killed",
        }
    }

    /// The label in `l`: `exit 1`, `back-off 10 s`, `killed: backoffLimit`.
    ///
    /// ```
    /// use cronjob_playground::i18n::Lang;
    /// use cronjob_playground::timeline::pod_lanes::AttemptLabel;
    /// assert_eq!(AttemptLabel::Exit(1).text(Lang::En), "exit 1");
    /// assert_eq!(AttemptLabel::JobBackOff(10.0).text(Lang::En), "back-off 10 s");
    /// assert_eq!(AttemptLabel::KubeletBackOff(2.5).text(Lang::Ja), "バックオフ 2.5 秒");
    /// assert_eq!(AttemptLabel::Killed(Some("backoffLimit")).text(Lang::En), "killed: backoffLimit");
    /// ```
    pub fn text(self, l: Lang) -> String {
        match self {
            AttemptLabel::Exit(code) => l.format(Msg::AttemptExit, &[&code]),
            AttemptLabel::KubeletBackOff(s) | AttemptLabel::JobBackOff(s) => {
                l.format(Msg::AttemptBackOff, &[&seconds(s)])
            }
            AttemptLabel::Killed(Some(field)) => l.format(Msg::AttemptKilledBy, &[&field]),
            AttemptLabel::Killed(None) => l.text(Msg::AttemptKilled).to_string(),
        }
    }

    /// The label for a narrow stretch: the number alone (`1`, `10 s`), or the kill without its
    /// cause.
    pub fn short(self, l: Lang) -> String {
        match self {
            AttemptLabel::Exit(code) => code.to_string(),
            AttemptLabel::KubeletBackOff(s) | AttemptLabel::JobBackOff(s) => {
                l.format(Msg::AttemptSeconds, &[&seconds(s)])
            }
            AttemptLabel::Killed(_) => l.text(Msg::AttemptKilled).to_string(),
        }
    }
}

impl PodBar {
    /// The labelled stretches of the Pod's lane, in time order: the Job controller's wait before
    /// it was created, each attempt's exit (the last one's kill instead, when its Pod was deleted
    /// while it ran) and the kubelet's back-off waits between attempts.
    pub fn attempts(&self) -> Vec<AttemptSpan> {
        let mut out = Vec::new();
        if let Some(w) = self.recreated_after {
            out.push(AttemptSpan {
                from: w.from,
                to: w.to,
                label: AttemptLabel::JobBackOff(span_seconds(w.from, w.to)),
            });
        }
        let last_run = self.segments.iter().rposition(|s| s.kind == SegmentKind::Running);
        for (k, s) in self.segments.iter().enumerate() {
            let label = match s.kind {
                SegmentKind::Running if Some(k) == last_run && matches!(self.end, PodEnd::Terminated(_)) => {
                    Some(AttemptLabel::Killed(self.killed_by))
                }
                SegmentKind::Running => s.exit_code.map(AttemptLabel::Exit),
                SegmentKind::BackOff if s.to > s.from => Some(AttemptLabel::KubeletBackOff(span_seconds(s.from, s.to))),
                _ => None,
            };
            out.extend(label.map(|label| AttemptSpan { from: s.from, to: s.to, label }));
        }
        out
    }
}

fn span_seconds(from: Time, to: Time) -> f64 {
    (to - from).num_milliseconds() as f64 / 1000.0
}

/// A Job's Pods (`trace.pods[i]` for each of `pods`, in creation order) as bars, each on the
/// first row free at its creation.
/// `job_reason` is the Job's failure reason (what its Pods killed at its failure were killed for).
pub(super) fn pod_bars(trace: &Trace, pods: &[usize], horizon_end: Time, job_reason: Option<&str>) -> Vec<PodBar> {
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
        let killed_by = match end {
            PodEnd::Terminated(_) => job_reason.and_then(limit_field),
            _ => None,
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
            killed_by,
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
