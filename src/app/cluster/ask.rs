//! The page's questions about a finished cluster run, answered by the engine from the run it
//! keeps (the page's module has no zone table and filters nothing itself): which rows a text
//! search and the [`Only`] conditions keep, and which Jobs a time window finds among them, already
//! in words.

use super::query::{Window, WindowError};
use super::{Cluster, Only};
use crate::go::Tz;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// The most hits one answer lists; the rest are counted.
pub const MAX_HITS: usize = 200;

/// The page's filter of a cluster run.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ClusterAsk {
    /// Text a row's namespace, name, schedule or labels contain
    /// ([`ClusterRow::matches`](super::ClusterRow::matches)); empty keeps every row.
    pub search: String,
    /// Conditions each kept row meets.
    pub only: Vec<Only>,
    /// A window ([`Window::parse`]); empty asks none.
    pub window: String,
    /// The zone the window is read in, by name (one the engine does not know is UTC).
    pub zone: String,
}

/// The answer to a [`ClusterAsk`].
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ClusterAnswer {
    /// The indices of the kept rows in [`Cluster::rows`] (manifest order): with a window, only
    /// the rows with a Job in it.
    pub rows: Vec<u32>,
    /// The Jobs the window finds of the kept rows' CronJobs, or why its text is refused; none
    /// without a window.
    pub window: Option<Result<Vec<HitView>, WindowError>>,
    /// Hits beyond [`MAX_HITS`], not listed.
    pub more: usize,
}

/// A Job the window finds, in words (times in the window's zone).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HitView {
    /// `namespace/name` of its CronJob.
    pub cron_job: String,
    pub job: String,
    pub started: String,
    /// When it stopped; none when it runs past the window's end.
    pub stopped: Option<String>,
    /// It started before the span opened and was still running then.
    pub still_running: bool,
}

impl Cluster {
    /// The rows and Jobs `ask` keeps (see [`ClusterAsk`]).
    pub fn ask(&self, ask: &ClusterAsk) -> ClusterAnswer {
        let kept: Vec<bool> =
            self.rows.iter().map(|r| r.matches(&ask.search) && ask.only.iter().all(|o| o.keeps(r))).collect();
        if ask.window.trim().is_empty() {
            let rows = (0..self.rows.len()).filter(|&i| kept[i]).map(|i| i as u32).collect();
            return ClusterAnswer { rows, window: None, more: 0 };
        }
        let zone: Tz = ask.zone.parse().unwrap_or(Tz::UTC);
        let window = match Window::parse(ask.window.trim(), zone) {
            Ok(window) => window,
            Err(e) => return ClusterAnswer { rows: vec![], window: Some(Err(e)), more: 0 },
        };
        let index: HashMap<String, usize> = self.rows.iter().enumerate().map(|(i, r)| (r.key(), i)).collect();
        let mut found = vec![false; self.rows.len()];
        let hits: Vec<_> = self
            .query(&window)
            .into_iter()
            .filter(|h| {
                let row = index.get(&h.cron_job).copied().filter(|&i| kept[i]);
                if let Some(i) = row {
                    found[i] = true;
                }
                row.is_some()
            })
            .collect();
        let local = |t: crate::sim::trace::Time| t.with_timezone(&zone).format("%Y-%m-%d %H:%M").to_string();
        let listed = hits
            .iter()
            .take(MAX_HITS)
            .map(|h| HitView {
                cron_job: h.cron_job.clone(),
                job: h.job.clone(),
                started: local(h.started),
                stopped: h.stopped.map(local),
                still_running: h.still_running,
            })
            .collect();
        let rows = (0..self.rows.len()).filter(|&i| found[i]).map(|i| i as u32).collect();
        ClusterAnswer { rows, window: Some(Ok(listed)), more: hits.len().saturating_sub(MAX_HITS) }
    }
}
