//! Vertical layout of the timeline: which row is at which height — per group a title row, the
//! slot lane, the job lane's rows and, for each expanded Job, its pod rows.

use super::lanes::Timeline;
use std::collections::HashSet;

/// Height of the time axis at the top.
pub const AXIS_HEIGHT: f64 = 26.0;
/// Height of the row under the axis that holds the clock changes' labels (only when there are
/// any): on the axis itself they would cover the tick labels.
pub const CLOCK_CHANGE_ROW: f64 = 20.0;
/// Row heights.
pub const TITLE_HEIGHT: f64 = 22.0;
pub const SLOT_HEIGHT: f64 = 24.0;
pub const JOB_HEIGHT: f64 = 18.0;
/// Room for a Pod's attempts and their labels (`exit 1`, `back-off 10 s`).
pub const POD_HEIGHT: f64 = 24.0;

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
    rows_below(timeline, expanded, AXIS_HEIGHT)
}

/// [`rows`] starting at `top` (below the axis and, when there are clock changes, their row).
pub fn rows_below(timeline: &Timeline, expanded: &HashSet<String>, top: f64) -> Vec<Row> {
    let mut out = Vec::new();
    let mut y = top;
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

/// The groups that reach into the heights `[from, to)`, each with its rows, in order: what a
/// scrolled view of many groups draws (`rows` as [`rows`] lays them out, a group's rows together
/// and groups in order).
///
/// ```
/// use cronjob_playground::timeline::rows::{groups_between, Row, RowKind};
/// let row = |group, y| Row { group, kind: RowKind::Title, y, height: 10.0 };
/// let rows = [row(0, 0.0), row(0, 10.0), row(1, 20.0), row(2, 30.0), row(3, 40.0)];
/// let drawn: Vec<usize> = groups_between(&rows, 15.0, 31.0).map(|(g, _)| g).collect();
/// assert_eq!(drawn, [0, 1, 2]);
/// ```
pub fn groups_between(rows: &[Row], from: f64, to: f64) -> impl Iterator<Item = (usize, &[Row])> {
    // The first row that ends below `from`, then back to the first row of its group.
    let mut start = rows.partition_point(|r| r.y + r.height <= from);
    if let Some(group) = rows.get(start).map(|r| r.group) {
        start -= rows[..start].iter().rev().take_while(|r| r.group == group).count();
    }
    rows[start..].chunk_by(|a, b| a.group == b.group).take_while(move |g| g[0].y < to).map(|g| (g[0].group, g))
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
        assert_eq!(height(&open), 114.0);
        // Under the axis and the clock changes' row every row moves down by that row.
        let below = rows_below(&tl, &HashSet::new(), AXIS_HEIGHT + CLOCK_CHANGE_ROW);
        assert_eq!(
            below.iter().map(|r| r.y - 20.0).collect::<Vec<_>>(),
            collapsed.iter().map(|r| r.y).collect::<Vec<_>>()
        );
        assert_eq!(height(&below), 110.0);
    }

    #[test]
    fn a_scrolled_view_draws_only_the_groups_it_reaches() {
        // Three groups of 22 + 24 + 18 = 64 pixels each, below the 26-pixel axis.
        let trace = retroactive();
        let one = rows(&Timeline::build(&trace), &HashSet::new());
        let rows: Vec<Row> = (0..3)
            .flat_map(|g| one.iter().map(move |r| Row { group: g, y: r.y + 64.0 * g as f64, ..r.clone() }))
            .collect();
        let drawn = |from, to| groups_between(&rows, from, to).map(|(g, rs)| (g, rs.len())).collect::<Vec<_>>();
        assert_eq!(drawn(0.0, 1000.0), [(0, 3), (1, 3), (2, 3)]);
        // Group 1 spans [90, 154): a window inside it, touching its last row, or its first.
        assert_eq!(drawn(100.0, 110.0), [(1, 3)]);
        assert_eq!(drawn(153.0, 154.0), [(1, 3)]);
        assert_eq!(drawn(89.0, 91.0), [(0, 3), (1, 3)]);
        // Edges: a window ending where a group starts leaves it out, one starting where a group
        // ends leaves that out.
        assert_eq!(drawn(26.0, 90.0), [(0, 3)]);
        assert_eq!(drawn(90.0, 154.0), [(1, 3)]);
        assert_eq!(drawn(-900.0, 0.0), []);
        assert_eq!(drawn(218.0, 2000.0), []);
        assert_eq!(groups_between(&[], 0.0, 100.0).count(), 0);
    }
}
