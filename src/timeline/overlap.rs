//! The rows of a lane: bars that overlap in time go on different rows, each on the first row free
//! at its start. Shared by the Jobs' lanes and the Pods' rows under a Job.

use crate::sim::trace::Time;

/// A half-open stretch of virtual time `[from, to)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub from: Time,
    pub to: Time,
}

/// Rows for intervals sorted by start: each takes the first row free at its start.
pub(super) fn assign_rows(spans: &[(Time, Time)]) -> Vec<usize> {
    let mut free_at: Vec<Time> = Vec::new();
    spans
        .iter()
        .map(|(from, to)| {
            let row = free_at.iter().position(|f| f <= from).unwrap_or_else(|| {
                free_at.push(*from);
                free_at.len() - 1
            });
            free_at[row] = (*to).max(*from);
            row
        })
        .collect()
}
