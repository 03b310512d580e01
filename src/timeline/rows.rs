//! Vertical layout of the timeline: which row is at which height — per group a title row, the
//! slot lane, the job lane's rows and, for each expanded Job, its pod rows.

use super::lanes::Timeline;
use std::collections::HashSet;

/// Height of the time axis at the top.
pub const AXIS_HEIGHT: f64 = 26.0;
/// Row heights.
pub const TITLE_HEIGHT: f64 = 22.0;
pub const SLOT_HEIGHT: f64 = 24.0;
pub const JOB_HEIGHT: f64 = 18.0;
pub const POD_HEIGHT: f64 = 14.0;

/// What a row shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowKind {
    /// The group's name.
    Title,
    Slots,
    /// Row `n` of the job lane.
    Jobs(usize),
    /// Row `n` of the pods of Job `job` (index into `group.jobs`).
    Pods {
        job: usize,
        row: usize,
    },
}

/// A row at a height.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub group: usize,
    pub kind: RowKind,
    pub y: f64,
    pub height: f64,
}

/// The rows of `timeline`, with the pods of the Jobs named in `expanded` shown.
pub fn rows(timeline: &Timeline, expanded: &HashSet<String>) -> Vec<Row> {
    let mut out = Vec::new();
    let mut y = AXIS_HEIGHT;
    let mut push = |out: &mut Vec<Row>, group, kind, height| {
        out.push(Row { group, kind, y, height });
        y += height;
    };
    for (g, group) in timeline.groups.iter().enumerate() {
        push(&mut out, g, RowKind::Title, TITLE_HEIGHT);
        if group.cron_job.is_some() {
            push(&mut out, g, RowKind::Slots, SLOT_HEIGHT);
        }
        for row in 0..group.job_rows.max(1) {
            push(&mut out, g, RowKind::Jobs(row), JOB_HEIGHT);
        }
        for (j, job) in group.jobs.iter().enumerate().filter(|(_, j)| expanded.contains(&j.name)) {
            for row in 0..job.pod_rows.max(1) {
                push(&mut out, g, RowKind::Pods { job: j, row }, POD_HEIGHT);
            }
        }
    }
    out
}

/// The total height of `rows`.
pub fn height(rows: &[Row]) -> f64 {
    rows.last().map_or(AXIS_HEIGHT, |r| r.y + r.height)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timeline::fixture::retroactive;

    #[test]
    fn expanded_jobs_add_their_pod_rows_under_their_group() {
        let trace = retroactive();
        let tl = Timeline::build(&trace);
        let collapsed = rows(&tl, &HashSet::new());
        let kinds: Vec<_> = collapsed.iter().map(|r| (r.kind.clone(), r.y)).collect();
        assert_eq!(kinds, vec![(RowKind::Title, 26.0), (RowKind::Slots, 48.0), (RowKind::Jobs(0), 72.0)]);
        assert_eq!(height(&collapsed), 90.0);
        let open = rows(&tl, &HashSet::from(["cron-test-27991510".to_string()]));
        assert_eq!(open.last().unwrap().kind, RowKind::Pods { job: 1, row: 0 });
        assert_eq!(height(&open), 104.0);
    }
}
