//! A cluster run as it crosses to the page (`app::protocol`): its rows, the Jobs starting per
//! half hour (the most in any minute of it, enough for a strip of a few hundred bars) and its
//! peaks' sentences, small enough for the page's module to decode without the traces.

use super::{Cluster, ClusterError, Sort, MAX_CRON_JOBS};
use crate::sim::trace::format_time;
use serde::{Deserialize, Serialize};

/// Minutes per bar of the density strip.
pub const BAR_MINUTES: usize = 30;

/// One CronJob's row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RowView {
    pub namespace: String,
    pub name: String,
    pub schedule: String,
    pub concurrency_policy: String,
    pub runs: u32,
    pub late: u32,
    pub lost: u32,
    pub problems: u32,
    /// The first run in the window (RFC 3339), if any.
    pub next_run: Option<String>,
}

/// A whole cluster run for the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClusterView {
    pub start: String,
    pub end: String,
    /// In manifest order.
    pub rows: Vec<RowView>,
    /// The most Jobs starting within one minute, per [`BAR_MINUTES`].
    pub bars: Vec<u32>,
    /// The peaks' sentences, biggest first (read in UTC).
    pub peaks: Vec<String>,
}

/// Why a cluster run has no view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ClusterRefused {
    /// More CronJobs than the most one run takes.
    TooMany { cron_jobs: usize, max: usize },
    /// The input's error.
    Input(String),
}

impl From<&Cluster> for ClusterView {
    fn from(c: &Cluster) -> Self {
        let rows = c
            .sorted(Sort::Manifest)
            .into_iter()
            .map(|r| RowView {
                namespace: r.namespace.clone(),
                name: r.name.clone(),
                schedule: r.schedule.clone(),
                concurrency_policy: r.concurrency_policy.clone(),
                runs: r.runs,
                late: r.late,
                lost: r.lost,
                problems: r.problems(),
                next_run: r.next_run.as_ref().map(format_time),
            })
            .collect();
        let bars = c.density.starts.chunks(BAR_MINUTES).map(|m| m.iter().copied().max().unwrap_or(0)).collect();
        let peaks = c.peaks(crate::go::Tz::UTC).into_iter().map(|p| p.text).collect();
        ClusterView { start: format_time(&c.start), end: format_time(&c.end), rows, bars, peaks }
    }
}

impl From<ClusterError> for ClusterRefused {
    fn from(e: ClusterError) -> Self {
        match e {
            ClusterError::TooMany { cron_jobs } => ClusterRefused::TooMany { cron_jobs, max: MAX_CRON_JOBS },
            e => ClusterRefused::Input(e.to_string()),
        }
    }
}
