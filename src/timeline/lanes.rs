//! The timeline's model: a simulation trace arranged as lanes — per CronJob a slot lane, a job
//! lane and each Job's pod lanes — with bands for suspension and controller outages and markers
//! for what happened to the cluster. Everything here is plain data indexed back into the trace
//! (which records the CronJobs' specs over time and the scenario's events with their outcomes),
//! so the page and the CLI draw the same picture.

use crate::sim::scenario::ClusterAction;
use crate::sim::trace::{CronJobLife, FinishedCondition, SlotFate, Time, Trace};

use super::order;
use super::overlap::assign_rows;
pub use super::overlap::Span;
use super::pod_lanes::{pod_bars, PodBar};

/// How a slot is drawn: a distinct shape per outcome, so the lane reads without colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Glyph {
    /// ✓ a Job was created on the first sync after the slot was due.
    OnTime,
    /// ◆ a Job was created, but late (the retroactive runs of a schedule edit are these).
    Late,
    /// ☓ no Job will ever run for it.
    Skipped,
    /// ○ the horizon ended before the controller acted on it.
    Pending,
}

impl Glyph {
    /// The glyph of a slot fate.
    pub fn of(fate: SlotFate) -> Glyph {
        match fate {
            SlotFate::RanOnTime => Glyph::OnTime,
            SlotFate::RanLate => Glyph::Late,
            SlotFate::Pending => Glyph::Pending,
            SlotFate::SkippedForbid
            | SlotFate::MissedDeadline
            | SlotFate::Superseded
            | SlotFate::Suspended
            | SlotFate::ControllerDown
            | SlotFate::NotFoundBySearch
            | SlotFate::TooManyMissed
            | SlotFate::CreateFailed => Glyph::Skipped,
        }
    }

    /// The symbol the page and the terminal draw.
    pub fn symbol(self) -> &'static str {
        match self {
            Glyph::OnTime => "✓",
            Glyph::Late => "◆",
            Glyph::Skipped => "☓",
            Glyph::Pending => "○",
        }
    }

    /// Stable kebab-case name (`data-glyph` on the page).
    pub fn name(self) -> &'static str {
        match self {
            Glyph::OnTime => "on-time",
            Glyph::Late => "late",
            Glyph::Skipped => "skipped",
            Glyph::Pending => "pending",
        }
    }
}

/// The trace's kebab-case name of a slot fate (`data-fate` on the page).
pub fn fate_name(fate: SlotFate) -> String {
    serde_json::to_value(fate).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default()
}

/// One nominal schedule time on a slot lane.
#[derive(Clone, Debug, PartialEq)]
pub struct SlotMark {
    pub trace_index: usize,
    pub at: Time,
    pub fate: SlotFate,
    pub glyph: Glyph,
}

/// How a Job's bar ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobOutcome {
    /// Still active when the horizon ends.
    Running,
    Complete,
    Failed,
    /// Deleted while still active.
    Deleted,
    /// Left to the controller its `spec.managedBy` names: the built-in Job controller made no
    /// pods and wrote no status.
    ManagedElsewhere,
}

impl JobOutcome {
    /// Stable kebab-case name (`data-outcome` on the page).
    pub fn name(self) -> &'static str {
        match self {
            JobOutcome::Running => "running",
            JobOutcome::Complete => "complete",
            JobOutcome::Failed => "failed",
            JobOutcome::Deleted => "deleted",
            JobOutcome::ManagedElsewhere => "managed-elsewhere",
        }
    }
}

/// A Job's bar: from creation to completion, failure or deletion (or the horizon's end).
#[derive(Clone, Debug, PartialEq)]
pub struct JobBar {
    pub trace_index: usize,
    pub name: String,
    pub scheduled: Option<Time>,
    pub from: Time,
    pub to: Time,
    pub outcome: JobOutcome,
    /// Created for a slot whose fate is `ran-late` (retroactive or delayed runs).
    pub late: bool,
    /// The row of the job lane it is drawn on (Jobs that overlap in time get different rows).
    pub row: usize,
    /// The Job's Pods, each on a row so that overlapping Pods never share one.
    pub pods: Vec<PodBar>,
    /// How many pod rows the Job needs when expanded.
    pub pod_rows: usize,
}

/// The lanes of one CronJob (or, with `cron_job: None`, of the Jobs nobody owns).
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    pub cron_job: Option<String>,
    pub slots: Vec<SlotMark>,
    pub jobs: Vec<JobBar>,
    /// How many rows the job lane needs.
    pub job_rows: usize,
    /// When the CronJob was suspended.
    pub suspended: Vec<Span>,
}

impl Group {
    /// The lane title.
    pub fn title(&self) -> &str {
        self.cron_job.as_deref().unwrap_or("Jobs")
    }
}

/// What a marker stands for.
#[derive(Clone, Debug, PartialEq)]
pub enum MarkerKind {
    /// A merge patch of a CronJob's spec; the text is the patch as JSON.
    SpecEdit {
        cron_job: String,
        patch: String,
    },
    DeleteJob {
        job: String,
    },
    DeleteCronJob {
        cron_job: String,
    },
    Trigger {
        cron_job: String,
    },
}

/// Something the scenario did to the cluster at an instant.
#[derive(Clone, Debug, PartialEq)]
pub struct Marker {
    pub at: Time,
    pub kind: MarkerKind,
    /// The API server's refusal, when it refused the command (nothing changed).
    pub refused: Option<String>,
}

impl Marker {
    /// The CronJob whose lanes the marker belongs on, if any.
    pub fn cron_job(&self) -> Option<&str> {
        match &self.kind {
            MarkerKind::SpecEdit { cron_job, .. }
            | MarkerKind::DeleteCronJob { cron_job }
            | MarkerKind::Trigger { cron_job } => Some(cron_job),
            MarkerKind::DeleteJob { .. } => None,
        }
    }

    /// A one-line `kubectl`-style description.
    pub fn label(&self) -> String {
        match &self.kind {
            MarkerKind::SpecEdit { cron_job, patch } => {
                format!("kubectl patch cronjob {cron_job} --type=merge -p '{{\"spec\":{patch}}}'")
            }
            MarkerKind::DeleteJob { job } => format!("kubectl delete job {job}"),
            MarkerKind::DeleteCronJob { cron_job } => format!("kubectl delete cronjob {cron_job}"),
            MarkerKind::Trigger { cron_job } => format!("kubectl create job --from=cronjob/{cron_job}"),
        }
    }

    /// Stable kebab-case name (`data-marker` on the page).
    pub fn name(&self) -> &'static str {
        match self.kind {
            MarkerKind::SpecEdit { .. } => "spec-edit",
            MarkerKind::DeleteJob { .. } => "delete-job",
            MarkerKind::DeleteCronJob { .. } => "delete-cronjob",
            MarkerKind::Trigger { .. } => "trigger",
        }
    }
}

/// The whole picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Timeline {
    pub start: Time,
    pub end: Time,
    pub groups: Vec<Group>,
    pub markers: Vec<Marker>,
    /// kube-controller-manager outages.
    pub outages: Vec<Span>,
    /// Every instant at which something visible changes, sorted, without repeats (the virtual
    /// clock's "step to the next event").
    pub instants: Vec<Time>,
}

impl Timeline {
    /// Arranges `trace` into lanes: its CronJobs in manifest order (then any only its slots or
    /// Jobs name), the Jobs nobody owns last.
    pub fn build(trace: &Trace) -> Timeline {
        let mut timeline = Timeline::lanes(trace);
        timeline.add_trace_instants(trace, []);
        timeline
    }

    /// [`Timeline::build`] without the clock's instants, which [`Timeline::add_trace_instants`]
    /// adds: the page builds a long run's timeline in several tasks.
    ///
    /// ```
    /// use cronjob_playground::timeline::Timeline;
    /// let trace = cronjob_playground::sim::simulate(include_str!("../../e2e/seeds/perf-30d-hourly.yaml"),
    ///     None).unwrap();
    /// let mut timeline = Timeline::lanes(&trace);
    /// assert!(timeline.instants.is_empty());
    /// timeline.add_trace_instants(&trace, []);
    /// assert_eq!(timeline, Timeline::build(&trace));
    /// ```
    pub fn lanes(trace: &Trace) -> Timeline {
        Timeline {
            start: trace.start,
            end: trace.end,
            groups: groups(trace),
            markers: markers(trace),
            outages: outages(trace),
            instants: Vec::new(),
        }
    }

    /// Adds the instants at which something `trace` draws changes, and `more` (the trace's Event
    /// times, which the page gets on their own), sorted once.
    pub fn add_trace_instants(&mut self, trace: &Trace, more: impl IntoIterator<Item = Time>) {
        let mut all = instants(trace);
        all.extend(more);
        self.add_instants(all);
    }

    /// Adds instants for the clock to step to: those within the horizon join [`Timeline::instants`]
    /// (sorted, each once). The page adds the trace's Event times this way when the Events stay
    /// with its engine.
    pub fn add_instants(&mut self, more: impl IntoIterator<Item = Time>) {
        let (start, end) = (self.start, self.end);
        self.instants.extend(more.into_iter().filter(|t| *t >= start && *t <= end));
        order::sort_by(&mut self.instants, Time::cmp);
        self.instants.dedup();
    }

    /// The first instant strictly after `t`, if any.
    pub fn next_instant(&self, t: Time) -> Option<Time> {
        let i = self.instants.partition_point(|x| *x <= t);
        self.instants.get(i).copied()
    }

    /// The last instant strictly before `t`, if any.
    pub fn previous_instant(&self, t: Time) -> Option<Time> {
        let i = self.instants.partition_point(|x| *x < t);
        i.checked_sub(1).map(|i| self.instants[i])
    }
}

/// The lanes: one group per CronJob with its slots, its Jobs' bars on rows that keep overlapping
/// Jobs apart, and its suspensions; manifest CronJobs first, in manifest order, the unowned Jobs
/// last.
fn groups(trace: &Trace) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    let group_of = |groups: &mut Vec<Group>, cron_job: Option<&str>| -> usize {
        if let Some(i) = groups.iter().position(|g| g.cron_job.as_deref() == cron_job) {
            return i;
        }
        groups.push(Group {
            cron_job: cron_job.map(str::to_owned),
            slots: vec![],
            jobs: vec![],
            job_rows: 0,
            suspended: vec![],
        });
        groups.len() - 1
    };
    for c in &trace.cluster.cron_jobs {
        group_of(&mut groups, Some(&c.name));
    }
    for (i, slot) in trace.slots.iter().enumerate() {
        let g = group_of(&mut groups, Some(&slot.cron_job));
        groups[g].slots.push(SlotMark {
            trace_index: i,
            at: slot.scheduled_time,
            fate: slot.fate,
            glyph: Glyph::of(slot.fate),
        });
    }
    let late: std::collections::HashSet<&str> =
        trace.slots.iter().filter(|s| s.fate == SlotFate::RanLate).filter_map(|s| s.job.as_deref()).collect();
    // Each Job's Pods, in creation order: one pass over the Pods, not one per Job.
    let mut pods_of: std::collections::HashMap<&str, Vec<usize>> = std::collections::HashMap::new();
    for (i, pod) in trace.pods.iter().enumerate() {
        pods_of.entry(pod.job.as_str()).or_default().push(i);
    }
    for (i, job) in trace.jobs.iter().enumerate() {
        let g = group_of(&mut groups, job.cron_job.as_deref());
        let pods = pods_of.get(job.name.as_str()).map_or(&[][..], Vec::as_slice);
        groups[g].jobs.push(job_bar(trace, i, pods, late.contains(job.name.as_str())));
    }
    for g in &mut groups {
        order::sort_by_key(&mut g.slots, |s| s.at);
        order::sort_by_key(&mut g.jobs, |j| j.from);
        let spans: Vec<(Time, Time)> = g.jobs.iter().map(|j| (j.from, j.to)).collect();
        let rows = assign_rows(&spans);
        for (job, row) in g.jobs.iter_mut().zip(&rows) {
            job.row = *row;
        }
        g.job_rows = rows.iter().map(|r| r + 1).max().unwrap_or(0);
        if let Some(life) =
            g.cron_job.as_deref().and_then(|name| trace.cluster.cron_jobs.iter().find(|c| c.name == name))
        {
            g.suspended = suspensions(life, trace.start, trace.end);
        }
    }
    order::sort_by_key(&mut groups, |g| g.cron_job.is_none());
    groups
}

/// The bar of the trace's Job `i` (row 0 until the group's rows are assigned), with the bars of
/// its Pods (`pods`: their indexes in the trace, in creation order).
fn job_bar(trace: &Trace, i: usize, pods: &[usize], late: bool) -> JobBar {
    let job = &trace.jobs[i];
    let (to, outcome) = match (job.finished_at, job.condition, job.deleted_at) {
        (Some(f), Some(FinishedCondition::Complete), _) => (f, JobOutcome::Complete),
        (Some(f), Some(FinishedCondition::Failed), _) => (f, JobOutcome::Failed),
        (_, _, Some(d)) => (d, JobOutcome::Deleted),
        _ if job.managed_by.is_some() => (trace.end, JobOutcome::ManagedElsewhere),
        _ => (trace.end, JobOutcome::Running),
    };
    let pods = pod_bars(trace, pods, trace.end, job.reason.as_deref());
    let pod_rows = pods.iter().map(|p| p.row + 1).max().unwrap_or(0);
    JobBar {
        trace_index: i,
        name: job.name.to_string(),
        scheduled: job.scheduled_time,
        from: job.created_at,
        to: to.max(job.created_at),
        outcome,
        late,
        row: 0,
        pods,
        pod_rows,
    }
}

/// The cluster events drawn on the time axis (spec edits, deletions, manual triggers), in time order.
fn markers(trace: &Trace) -> Vec<Marker> {
    let mut markers = Vec::new();
    for e in &trace.cluster.events {
        let kind = match &e.event.action {
            ClusterAction::Patch { cron_job, spec } => {
                MarkerKind::SpecEdit { cron_job: cron_job.clone(), patch: spec.to_string() }
            }
            ClusterAction::DeleteJob { job } => MarkerKind::DeleteJob { job: job.clone() },
            ClusterAction::DeleteCronJob { cron_job } => MarkerKind::DeleteCronJob { cron_job: cron_job.clone() },
            ClusterAction::Trigger { cron_job } => MarkerKind::Trigger { cron_job: cron_job.clone() },
            ClusterAction::ControllerDown { .. } => continue,
        };
        markers.push(Marker { at: e.event.at, kind, refused: e.refused.clone() });
    }
    order::sort_by_key(&mut markers, |m| m.at);
    markers
}

/// kube-controller-manager's outages, in time order.
fn outages(trace: &Trace) -> Vec<Span> {
    let mut outages: Vec<Span> = trace.cluster.outages.iter().map(|o| Span { from: o.from, to: o.to }).collect();
    order::sort_by_key(&mut outages, |o| o.from);
    outages
}

/// Every instant at which something the timeline draws changes (unsorted, with repeats).
fn instants(trace: &Trace) -> Vec<Time> {
    let mut instants: Vec<Time> = Vec::new();
    instants.extend(trace.events.times());
    instants.extend(trace.slots.iter().map(|s| s.scheduled_time));
    for j in &trace.jobs {
        instants.extend([Some(j.created_at), j.finished_at, j.deleted_at].into_iter().flatten());
    }
    for p in &trace.pods {
        instants.extend([Some(p.created_at), p.started_at, p.finished_at, p.deleted_at].into_iter().flatten());
        instants.extend(p.restarts.iter().map(|r| r.at));
    }
    instants.extend(trace.cluster.events.iter().map(|e| e.event.at));
    instants
}

/// The spans over which `life`'s spec had `suspend: true`, within `[start, end)` and before its
/// deletion.
fn suspensions(life: &CronJobLife, start: Time, end: Time) -> Vec<Span> {
    let end = life.deleted_at.map_or(end, |d| d.min(end));
    let mut spans = Vec::new();
    let mut since: Option<Time> = None;
    for spec in &life.specs {
        match (since, spec.suspend) {
            (None, true) => since = Some(spec.at.max(start)),
            (Some(from), false) => {
                if spec.at > from {
                    spans.push(Span { from, to: spec.at.min(end) });
                }
                since = None;
            }
            _ => {}
        }
    }
    if let Some(from) = since.filter(|f| *f < end) {
        spans.push(Span { from, to: end });
    }
    spans
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::trace::RecordedPodPhase;
    use crate::timeline::fixture::{crash_loop, retroactive, t};
    use crate::timeline::pod_lanes::{PodEnd, SegmentKind};

    #[test]
    fn seed_002_slots_jobs_and_the_retroactive_run() {
        let trace = retroactive();
        let tl = Timeline::build(&trace);
        assert_eq!(tl.groups.len(), 1);
        let g = &tl.groups[0];
        assert_eq!(g.title(), "cron-test");
        let slots: Vec<_> = g.slots.iter().map(|s| (s.at, s.glyph)).collect();
        assert_eq!(slots, vec![(t("2023-03-22T13:05:00Z"), Glyph::OnTime), (t("2023-03-22T13:10:00Z"), Glyph::Late)]);
        let jobs: Vec<_> = g.jobs.iter().map(|j| (j.name.as_str(), j.from, j.to, j.outcome, j.late)).collect();
        assert_eq!(
            jobs,
            vec![
                (
                    "cron-test-27991505",
                    t("2023-03-22T13:05:00Z"),
                    t("2023-03-22T13:05:08Z"),
                    JobOutcome::Complete,
                    false
                ),
                (
                    "cron-test-27991510",
                    t("2023-03-22T13:16:00Z"),
                    t("2023-03-22T13:16:12Z"),
                    JobOutcome::Complete,
                    true
                ),
            ]
        );
        assert_eq!(g.jobs[1].pods[0].name, "cron-test-27991510-rnwvs");
        assert_eq!(g.jobs[1].pod_rows, 1);
    }

    #[test]
    fn markers_outages_and_suspension_bands_come_from_the_scenario() {
        let trace = retroactive();
        let tl = Timeline::build(&trace);
        let markers: Vec<_> = tl.markers.iter().map(|m| (m.at, m.name())).collect();
        assert_eq!(
            markers,
            vec![
                (t("2023-03-22T13:15:00Z"), "spec-edit"),
                (t("2023-03-22T13:16:00Z"), "delete-job"),
                (t("2023-03-22T13:45:00Z"), "spec-edit")
            ]
        );
        assert_eq!(
            tl.markers[0].label(),
            r#"kubectl patch cronjob cron-test --type=merge -p '{"spec":{"schedule":"10 13 * * *"}}'"#
        );
        assert_eq!(tl.outages, vec![Span { from: t("2023-03-22T13:30:00Z"), to: t("2023-03-22T13:40:00Z") }]);
        // Suspended from the 13:45 patch to the end of the horizon.
        assert_eq!(
            tl.groups[0].suspended,
            vec![Span { from: t("2023-03-22T13:45:00Z"), to: t("2023-03-22T14:01:51Z") }]
        );
        // Suspended from before the start, resumed by a patch.
        let mut resumed = retroactive();
        let specs = &mut resumed.cluster.cron_jobs[0].specs;
        specs.truncate(1);
        specs[0].suspend = true;
        specs[0].at = t("2023-03-22T12:00:00Z");
        specs.push(CronJobSpecRecord { at: t("2023-03-22T13:20:00Z"), suspend: false, ..specs[0].clone() });
        let tl = Timeline::build(&resumed);
        assert_eq!(
            tl.groups[0].suspended,
            vec![Span { from: t("2023-03-22T13:01:51Z"), to: t("2023-03-22T13:20:00Z") }]
        );
        // A patch the API server refused changed nothing: its flag says so, and no band is drawn.
        let mut refused = retroactive();
        refused.cluster.cron_jobs[0].specs.pop();
        refused.cluster.events[3].refused = Some("Error from server: invalid".into());
        let tl = Timeline::build(&refused);
        assert_eq!(tl.groups[0].suspended, vec![]);
        assert_eq!(tl.markers[2].refused.as_deref(), Some("Error from server: invalid"));
    }

    use crate::sim::trace::CronJobSpecRecord;

    #[test]
    fn the_clock_steps_through_every_change() {
        let trace = retroactive();
        let tl = Timeline::build(&trace);
        assert_eq!(tl.next_instant(t("2023-03-22T13:01:51Z")), Some(t("2023-03-22T13:05:00Z")));
        assert_eq!(tl.next_instant(t("2023-03-22T13:05:00Z")), Some(t("2023-03-22T13:05:08Z")));
        assert_eq!(tl.next_instant(t("2023-03-22T13:05:08Z")), Some(t("2023-03-22T13:10:00Z")));
        assert_eq!(tl.previous_instant(t("2023-03-22T13:16:00Z")), Some(t("2023-03-22T13:15:00Z")));
        assert_eq!(tl.next_instant(t("2023-03-22T14:00:00Z")), None);
    }

    #[test]
    fn a_crash_looping_pod_is_runs_separated_by_back_off_gaps_and_ends_terminated() {
        let trace = crash_loop();
        let tl = Timeline::build(&trace);
        assert_eq!(tl.groups.len(), 1);
        assert_eq!(tl.groups[0].title(), "Jobs");
        let job = &tl.groups[0].jobs[0];
        assert_eq!(job.outcome, JobOutcome::Failed);
        let pod = &job.pods[0];
        let segs: Vec<_> = pod.segments.iter().map(|s| (s.kind, s.from, s.to, s.exit_code)).collect();
        use SegmentKind::*;
        assert_eq!(
            segs,
            vec![
                (Pending, t("2024-08-01T00:00:00Z"), t("2024-08-01T00:00:03Z"), None),
                (Running, t("2024-08-01T00:00:03Z"), t("2024-08-01T00:00:33Z"), Some(1)),
                (BackOff, t("2024-08-01T00:00:33Z"), t("2024-08-01T00:00:33Z"), None),
                (Running, t("2024-08-01T00:00:33Z"), t("2024-08-01T00:01:03Z"), Some(1)),
                (BackOff, t("2024-08-01T00:01:03Z"), t("2024-08-01T00:01:13Z"), None),
                (Running, t("2024-08-01T00:01:13Z"), t("2024-08-01T00:01:43Z"), Some(1)),
                (BackOff, t("2024-08-01T00:01:43Z"), t("2024-08-01T00:02:03Z"), None),
                (Running, t("2024-08-01T00:02:03Z"), t("2024-08-01T00:02:50Z"), None),
            ]
        );
        assert_eq!(pod.end, PodEnd::Terminated("Job has reached the specified backoff limit".into()));
    }

    #[test]
    fn overlapping_pods_get_rows_and_recreation_waits_are_recorded() {
        let mut trace = crash_loop();
        let mut second = trace.pods[0].clone();
        second.name = "job-example-b".into();
        second.created_at = t("2024-08-01T00:00:10Z");
        let mut third = trace.pods[0].clone();
        third.name = "job-example-c".into();
        third.created_at = t("2024-08-01T00:03:00Z");
        third.started_at = Some(t("2024-08-01T00:03:01Z"));
        third.restarts.clear();
        third.deleted_at = None;
        third.finished_at = Some(t("2024-08-01T00:03:31Z"));
        third.phase = RecordedPodPhase::Failed;
        trace.pods.extend([second, third]);
        let tl = Timeline::build(&trace);
        let pods: Vec<_> = tl.groups[0].jobs[0].pods.iter().map(|p| (p.row, p.recreated_after)).collect();
        assert_eq!(
            pods,
            vec![
                (0, None),
                (1, None),
                (0, Some(Span { from: t("2024-08-01T00:02:50Z"), to: t("2024-08-01T00:03:00Z") }))
            ]
        );
        assert_eq!(tl.groups[0].jobs[0].pod_rows, 2);
        assert_eq!(tl.groups[0].jobs[0].pods[2].end, PodEnd::Failed);
    }

    #[test]
    fn every_fate_has_a_glyph_and_a_kebab_name() {
        assert_eq!(Glyph::of(SlotFate::SkippedForbid), Glyph::Skipped);
        assert_eq!(Glyph::of(SlotFate::Pending).symbol(), "○");
        assert_eq!(fate_name(SlotFate::NotFoundBySearch), "not-found-by-search");
        assert_eq!(fate_name(SlotFate::RanLate), "ran-late");
    }
}
