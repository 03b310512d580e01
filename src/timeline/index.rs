//! The timeline prepared for drawing many frames: per group the slot instants and, per row of
//! the job lane, the Jobs' intervals — so each frame only binary-searches the visible window.

use super::lanes::Timeline;
use super::viewport::{ms, SpanIndex};

/// One group's drawing index.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GroupIndex {
    /// `group.slots[i].at` in ms, sorted.
    pub slot_times: Vec<f64>,
    /// Per job-lane row, the Jobs on it (ids are indices into `group.jobs`).
    pub job_rows: Vec<SpanIndex>,
}

/// Builds the index of every group of `timeline`.
pub fn index(timeline: &Timeline) -> Vec<GroupIndex> {
    timeline
        .groups
        .iter()
        .map(|g| GroupIndex {
            slot_times: g.slots.iter().map(|s| ms(s.at)).collect(),
            job_rows: (0..g.job_rows)
                .map(|row| {
                    SpanIndex::new(
                        g.jobs
                            .iter()
                            .enumerate()
                            .filter(|(_, j)| j.row == row)
                            .map(|(i, j)| (i, ms(j.from), ms(j.to)))
                            .collect(),
                    )
                })
                .collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timeline::fixture::retroactive;
    use crate::timeline::viewport::{Drawn, Viewport};

    #[test]
    fn the_index_finds_the_visible_jobs_of_a_row() {
        let trace = retroactive();
        let tl = Timeline::build(&trace);
        let idx = index(&tl);
        assert_eq!(idx[0].slot_times.len(), 2);
        assert_eq!(idx[0].job_rows.len(), 1);
        // 13:15–13:20 shows only the retroactive Job (12 s over 300 s × 1000 px = 40 px).
        let v = Viewport {
            from: ms(crate::timeline::fixture::t("2023-03-22T13:15:00Z")),
            to: ms(crate::timeline::fixture::t("2023-03-22T13:20:00Z")),
            width: 1000.0,
        };
        let drawn = idx[0].job_rows[0].visible(&v, 2.0);
        assert_eq!(drawn.len(), 1);
        let Drawn::One { index, x0, x1 } = drawn[0] else { panic!() };
        assert_eq!((idx[0].job_rows[0].ids[index], x0.round(), x1.round()), (1, 200.0, 240.0));
    }
}
