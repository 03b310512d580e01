//! The legend's entries: every kind of glyph the timeline draws, and which of them a run's
//! timeline holds, so the legend explains all that is on screen and nothing that cannot be.

use super::lanes::{Glyph, JobOutcome, Timeline};
use super::pod_lanes::{PodEnd, SegmentKind};
use std::collections::BTreeSet;

/// A kind of glyph on the timeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Key {
    /// A slot, by its glyph.
    Slot(Glyph),
    /// Several slots or Jobs too close to draw apart.
    Cluster,
    /// A Job's bar that did not fail.
    Job,
    FailedJob,
    /// `↶` before the Job of a late slot.
    LateJob,
    /// A Pod created, no container started.
    PodPending,
    /// A container running (or that exited 0).
    PodRunning,
    /// A container that exited non-zero.
    ExitNonZero,
    /// The kubelet's CrashLoopBackOff wait.
    KubeletBackOff,
    /// The Job controller's wait before creating a replacement Pod.
    JobBackOff,
    /// `✕` at the end of a Pod that failed or was killed.
    PodEnd,
    /// A change to the cluster (spec edit, deletion, trigger).
    Marker,
    ControllerDown,
    Suspended,
    /// The virtual clock.
    Cursor,
}

impl Key {
    /// Stable kebab-case name (`data-legend` on the page; a drawn glyph's class names it too).
    pub fn name(self) -> &'static str {
        match self {
            Key::Slot(g) => g.name(),
            Key::Cluster => "cluster",
            Key::Job => "job",
            Key::FailedJob => "failed-job",
            Key::LateJob => "late-job",
            Key::PodPending => "pod-pending",
            Key::PodRunning => "pod-running",
            Key::ExitNonZero => "exit-nonzero",
            Key::KubeletBackOff => "kubelet-back-off",
            Key::JobBackOff => "job-back-off",
            Key::PodEnd => "pod-end",
            Key::Marker => "marker",
            Key::ControllerDown => "controller-down",
            Key::Suspended => "suspended",
            Key::Cursor => "cursor",
        }
    }
}

/// The kinds of glyph `tl` can put on screen, in the legend's order: the slots', the Jobs', the
/// Pods' (when a Job's Pods are opened), the bands' and markers', the clock; clusters whenever a
/// lane holds several items (zoomed out they merge).
///
/// ```
/// use cronjob_playground::timeline::legend::{keys, Key};
/// use cronjob_playground::timeline::Timeline;
/// let empty = Timeline { start: Default::default(), end: Default::default(), groups: vec![],
///     markers: vec![], outages: vec![], instants: vec![] };
/// assert_eq!(keys(&empty).into_iter().collect::<Vec<_>>(), [Key::Cursor]);
/// ```
pub fn keys(tl: &Timeline) -> BTreeSet<Key> {
    let mut out = BTreeSet::from([Key::Cursor]);
    for group in &tl.groups {
        out.extend(group.slots.iter().map(|s| Key::Slot(s.glyph)));
        if group.slots.len() > 1 || group.jobs.len() > 1 {
            out.insert(Key::Cluster);
        }
        if !group.suspended.is_empty() {
            out.insert(Key::Suspended);
        }
        for job in &group.jobs {
            out.insert(if job.outcome == JobOutcome::Failed { Key::FailedJob } else { Key::Job });
            if job.late {
                out.insert(Key::LateJob);
            }
            for pod in &job.pods {
                if pod.recreated_after.is_some() {
                    out.insert(Key::JobBackOff);
                }
                if matches!(pod.end, PodEnd::Failed | PodEnd::Terminated(_)) {
                    out.insert(Key::PodEnd);
                }
                for seg in &pod.segments {
                    out.insert(match (seg.kind, seg.exit_code) {
                        (SegmentKind::Pending, _) => Key::PodPending,
                        (SegmentKind::Running, Some(code)) if code != 0 => Key::ExitNonZero,
                        (SegmentKind::Running, _) => Key::PodRunning,
                        (SegmentKind::BackOff, _) => Key::KubeletBackOff,
                    });
                }
            }
        }
    }
    if !tl.markers.is_empty() {
        out.insert(Key::Marker);
    }
    if !tl.outages.is_empty() {
        out.insert(Key::ControllerDown);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timeline::fixture::{crash_loop, retroactive};

    #[test]
    fn the_legend_lists_what_each_run_draws() {
        let names = |tl: &Timeline| keys(tl).into_iter().map(Key::name).collect::<Vec<_>>();
        // Seed 002: a slot on time and one late, two Jobs (one of a late slot), a schedule edit
        // and a deletion, an outage, a suspension.
        assert_eq!(
            names(&Timeline::build(&retroactive())),
            [
                "on-time",
                "late",
                "cluster",
                "job",
                "late-job",
                "pod-running",
                "marker",
                "controller-down",
                "suspended",
                "cursor"
            ]
        );
        // Seed 003: one Job that failed, its Pod pending, running, exiting 1, backing off and killed.
        assert_eq!(
            names(&Timeline::build(&crash_loop())),
            ["failed-job", "pod-pending", "pod-running", "exit-nonzero", "kubelet-back-off", "pod-end", "cursor"]
        );
    }
}
