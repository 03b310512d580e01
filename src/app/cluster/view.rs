//! A cluster run as it crosses to the page (`app::protocol`): its rows, the Jobs starting per
//! half hour (the most in any minute of it, enough for a strip of a few hundred bars) and its
//! peaks' sentences, small enough for the page's module to decode without the traces.

use super::{Cluster, ClusterError, Density, Scope, Sort, MAX_CRON_JOBS};
use crate::sim::scenario::HorizonDuration;
use crate::sim::trace::format_time;
use chrono::TimeDelta;
use serde::{Deserialize, Serialize};

/// The window of the page's cluster runs when the Simulation document gives none: one day, as
/// the page's timeline, a seventh of the `cluster` command's week, so that a dump of a few hundred
/// CronJobs is drawn within about a second.
pub const PAGE_WINDOW: TimeDelta = TimeDelta::days(1);

/// What the page's cluster runs cover: every namespace, over [`PAGE_WINDOW`] by default.
pub fn page_scope() -> Scope {
    Scope { default_window: Some(HorizonDuration(PAGE_WINDOW)), ..Scope::default() }
}

/// Minutes per bar of the density strip.
pub const BAR_MINUTES: usize = 30;

/// One CronJob's row: its cells as the page shows them (name, schedule, concurrency policy, runs
/// in the window, late / lost, first run), already in words, so that the page's module formats
/// nothing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RowView {
    pub namespace: String,
    pub name: String,
    pub cells: Vec<String>,
}

/// The orders the page sorts its rows by, as in [`ClusterView::orders`].
pub const ORDERS: [Sort; 3] = [Sort::Next, Sort::Runs, Sort::Problems];

/// A whole cluster run for the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClusterView {
    pub start: String,
    pub end: String,
    /// In manifest order.
    pub rows: Vec<RowView>,
    /// The rows' indices in each of [`ORDERS`] (ties by namespace and name), sorted here so that
    /// the page's module carries no sorting of its own.
    pub orders: Vec<Vec<u32>>,
    /// The density strip as an SVG path of one vertical bar per [`BAR_MINUTES`] (the most Jobs
    /// starting within one minute of them, the highest bar 40 high), drawn here so that the
    /// page's module formats no numbers for it.
    pub bars_path: String,
    /// How many bars the strip has (its width).
    pub bars_width: usize,
    /// The peaks' sentences, biggest first (read in UTC).
    pub peaks: Vec<String>,
    /// The stagger suggestions as diff lines of `schedule` to copy (`Suggestion::diff`), empty
    /// when nothing piles up or nothing can move.
    pub stagger: String,
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
            .rows
            .iter()
            .map(|r| RowView {
                namespace: r.namespace.clone(),
                name: r.name.clone(),
                cells: vec![
                    r.name.clone(),
                    r.schedule.clone(),
                    r.concurrency_policy.clone(),
                    r.runs.to_string(),
                    format!("{} / {}", r.late, r.lost),
                    r.next_run.as_ref().map(format_time).unwrap_or_default(),
                ],
            })
            .collect();
        let orders = ORDERS.iter().map(|&sort| c.order(sort).into_iter().map(|i| i as u32).collect()).collect();
        let bars = bars(&c.density);
        let bars_path = bars_path(&bars, bars.iter().copied().max().unwrap_or(0));
        let peaks = c.peaks(crate::go::Tz::UTC).into_iter().map(|p| p.text).collect();
        ClusterView {
            start: format_time(&c.start),
            end: format_time(&c.end),
            rows,
            orders,
            bars_path,
            bars_width: bars.len().max(1),
            peaks,
            stagger: c.stagger().iter().map(|s| s.diff()).collect(),
        }
    }
}

/// The most Jobs starting within one minute, per [`BAR_MINUTES`].
pub fn bars(d: &Density) -> Vec<u32> {
    d.starts.chunks(BAR_MINUTES).map(|m| m.iter().copied().max().unwrap_or(0)).collect()
}

/// `bars` as an SVG path of vertical bars, a bar of `most` 40 high (strips drawn on one scale
/// share their `most`).
pub fn bars_path(bars: &[u32], most: u32) -> String {
    let most = f64::from(most.max(1));
    bars.iter()
        .enumerate()
        .filter(|(_, &b)| b > 0)
        .map(|(i, &b)| format!("M{i} 40V{:.1}", 40.0 - 40.0 * f64::from(b) / most))
        .collect()
}

impl From<ClusterError> for ClusterRefused {
    fn from(e: ClusterError) -> Self {
        match e {
            ClusterError::TooMany { cron_jobs } => ClusterRefused::TooMany { cron_jobs, max: MAX_CRON_JOBS },
            e => ClusterRefused::Input(e.to_string()),
        }
    }
}
