//! The cluster view's run: every CronJob of a cluster dump (`kubectl get cronjobs -A -o yaml`, an
//! install file, several documents) simulated together over one window — by default the seven
//! days from the present the dump's statuses show — and read back as one row per CronJob, the
//! Jobs started and running per minute with their peaks, the answers to a time-window question
//! and the staggered schedules that would flatten a pile-up.
//!
//! A run's world is one namespace, so each namespace of the dump runs as its own part over the
//! same horizon (`sim::Input::in_namespace`: the controllers never look across namespaces); each
//! part's trace is the record of that namespace, and everything here is read from the traces.
//!
//! ```
//! use cronjob_playground::app::cluster::{self, Sort};
//! let cj = |ns: &str, name: &str, schedule: &str| format!("- apiVersion: batch/v1\n  kind: CronJob\n  \
//!     metadata: {{name: {name}, namespace: {ns}, creationTimestamp: '2026-11-22T23:59:00Z'}}\n  spec:\n    \
//!     schedule: '{schedule}'\n    jobTemplate: {{spec: {{template: {{spec: {{restartPolicy: OnFailure, \
//!     containers: [{{name: c, image: busybox}}]}}}}}}}}\n");
//! let text = format!("apiVersion: v1\nkind: List\nitems:\n{}{}{}---\napiVersion: playground.cronjob.dev/v1alpha1\n\
//!     kind: Simulation\nspec: {{start: '2026-11-23T00:00:00Z', duration: 2d}}\n",
//!     cj("web", "backup", "0 0 * * *"), cj("billing", "backup", "0 0 * * *"), cj("web", "sync", "*/30 * * * *"));
//! let run = cluster::run(&text).unwrap();
//! let rows = run.sorted(Sort::Runs);
//! assert_eq!(rows.iter().map(|r| (r.namespace.as_str(), r.name.as_str(), r.runs)).collect::<Vec<_>>(),
//!            [("web", "sync", 96), ("billing", "backup", 2), ("web", "backup", 2)]);
//! // Both backups start at midnight, with a half-hourly sync: three Jobs in the minute, twice.
//! assert_eq!(run.density.starts[0], 3);
//! ```

pub mod ask;
pub mod density;
pub mod dump;
pub mod open;
pub mod query;
pub mod rows;
pub mod stagger;
pub mod view;
pub mod whatif;

use crate::api::Admitted;
use crate::sim::scenario::HorizonDuration;
use crate::sim::trace::Time;
use crate::sim::{Input, Run, SimError, Trace};
use chrono::TimeDelta;
pub use density::{Density, Peak};
pub use rows::{ClusterRow, Only, Sort};
use std::fmt;

/// The window a cluster run covers when the Simulation document gives no end or duration.
pub const DEFAULT_WINDOW: TimeDelta = TimeDelta::days(7);
/// The most CronJobs one cluster run takes: a dump of a few hundred is simulated together;
/// beyond this the answer would take too long to be a view, and the dump is better cut (by
/// namespace, with `--namespace`).
pub const MAX_CRON_JOBS: usize = 500;
/// Steps a part runs between two looks at the cancel flag.
const SLICE: u64 = 20_000;

/// One namespace's run.
#[derive(Debug)]
pub struct NamespaceRun {
    /// The namespace (`""` for objects that name none).
    pub namespace: String,
    pub trace: Trace,
}

/// A whole cluster run.
#[derive(Debug)]
pub struct Cluster {
    pub start: Time,
    pub end: Time,
    /// One run per namespace, in the order the namespaces first appear.
    pub parts: Vec<NamespaceRun>,
    /// One row per CronJob, in manifest order.
    pub rows: Vec<ClusterRow>,
    /// Jobs started and running per minute.
    pub density: Density,
}

/// Why a cluster run has no answer.
#[derive(Debug, PartialEq)]
pub enum ClusterError {
    /// The input cannot run (its error, at its line and column where it has one).
    Input(SimError),
    /// More CronJobs than [`MAX_CRON_JOBS`].
    TooMany { cron_jobs: usize },
    /// No CronJob to simulate.
    NoCronJobs,
}

impl fmt::Display for ClusterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClusterError::Input(e) => write!(f, "{e}"),
            ClusterError::TooMany { cron_jobs } => write!(
                f,
                "{cron_jobs} CronJobs: a cluster run simulates at most {MAX_CRON_JOBS} together; \
                pick namespaces (`--namespace`) or split the dump"
            ),
            ClusterError::NoCronJobs => {
                f.write_str("no CronJob to simulate (a cluster run reads CronJobs of batch/v1 or batch/v1beta1)")
            }
        }
    }
}

impl std::error::Error for ClusterError {}

impl From<SimError> for ClusterError {
    fn from(e: SimError) -> Self {
        ClusterError::Input(e)
    }
}

/// What a cluster run covers beyond what the input says.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scope {
    /// Only these namespaces (all when empty).
    pub namespaces: Vec<String>,
    /// The window's length from its start, over the Simulation document's end or duration.
    pub duration: Option<HorizonDuration>,
    /// The window's length when the Simulation document gives none ([`DEFAULT_WINDOW`] if none
    /// here either).
    pub default_window: Option<HorizonDuration>,
}

/// Runs every CronJob of `text` together (see the module's doc).
pub fn run(text: &str) -> Result<Cluster, ClusterError> {
    run_with(&Input::read(text), &Scope::default(), |_, _| false)
}

/// [`run`] of an input already read, within `scope`, asking `cancelled(parts done, parts)`
/// between slices of work.
pub fn run_with(
    input: &Input,
    scope: &Scope,
    mut cancelled: impl FnMut(usize, usize) -> bool,
) -> Result<Cluster, ClusterError> {
    let mut clustering = Clustering::new(input, scope)?;
    while !clustering.step(SLICE)? {
        if cancelled(clustering.done(), clustering.total()) {
            return Err(SimError::Cancelled.into());
        }
    }
    clustering.finish()
}

/// A cluster run in progress, stepped a slice at a time by its owner (the page's worker, which
/// looks at its messages between slices, so that a newer text drops it): the namespaces' parts
/// one after another.
pub struct Clustering {
    /// The input of each namespace still to run, in order (the next one last).
    waiting: Vec<(String, Input)>,
    /// The namespace running now.
    current: Option<(String, Run)>,
    parts: Vec<NamespaceRun>,
    total: usize,
    horizon: (Time, Time),
}

impl Clustering {
    /// Reads what `input` asks within `scope` and prepares one part per namespace, or says why
    /// it cannot run (too many CronJobs, the input's error) before any simulation.
    pub fn new(input: &Input, scope: &Scope) -> Result<Clustering, ClusterError> {
        let namespaces = &scope.namespaces;
        let picked: Vec<String> =
            input.namespaces().into_iter().filter(|n| namespaces.is_empty() || namespaces.contains(n)).collect();
        let cron_jobs = input
            .admission()
            .objects
            .iter()
            .filter(|o| match &o.object {
                Some(Admitted::CronJob(cj)) => picked.contains(&cj.metadata.namespace),
                _ => false,
            })
            .count();
        if cron_jobs > MAX_CRON_JOBS {
            return Err(ClusterError::TooMany { cron_jobs });
        }
        let mut horizon = input.horizon(scope.default_window.unwrap_or(HorizonDuration(DEFAULT_WINDOW)))?;
        if let Some(d) = &scope.duration {
            horizon.1 = horizon.0 + d.0;
        }
        input.slots(horizon)?;
        let total = picked.len();
        let waiting = picked.into_iter().rev().map(|n| (n.clone(), input.in_namespace(&n, horizon))).collect();
        Ok(Clustering { waiting, current: None, parts: Vec::with_capacity(total), total, horizon })
    }

    /// Runs at most `max_steps` more steps of the current namespace (starting the next one when
    /// none runs); true once every namespace has run.
    pub fn step(&mut self, max_steps: u64) -> Result<bool, ClusterError> {
        if self.current.is_none() {
            let Some((namespace, input)) = self.waiting.pop() else { return Ok(true) };
            self.current = Some((namespace, Run::from_input(input)?));
        }
        if let Some((namespace, mut run)) = self.current.take() {
            if run.step(max_steps)?.done {
                self.parts.push(NamespaceRun { namespace, trace: run.finish() });
            } else {
                self.current = Some((namespace, run));
            }
        }
        Ok(self.current.is_none() && self.waiting.is_empty())
    }

    /// Namespaces run so far.
    pub fn done(&self) -> usize {
        self.parts.len()
    }

    /// Namespaces in all.
    pub fn total(&self) -> usize {
        self.total
    }

    /// The rows and density of the parts run (every namespace once [`Clustering::step`] said so).
    pub fn finish(self) -> Result<Cluster, ClusterError> {
        let rows = rows::rows(&self.parts);
        if rows.is_empty() {
            return Err(ClusterError::NoCronJobs);
        }
        let density = Density::of(&self.parts, self.horizon);
        Ok(Cluster { start: self.horizon.0, end: self.horizon.1, parts: self.parts, rows, density })
    }
}

impl Cluster {
    /// The rows in the order `sort` asks (ties by namespace and name).
    pub fn sorted(&self, sort: Sort) -> Vec<&ClusterRow> {
        self.order(sort).into_iter().map(|i| &self.rows[i]).collect()
    }

    /// The indices into [`Cluster::rows`] in the order `sort` asks (ties by namespace and name).
    pub fn order(&self, sort: Sort) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.rows.len()).collect();
        if sort != Sort::Manifest {
            let rows = &self.rows;
            order.sort_by(|&a, &b| {
                let (a, b) = (&rows[a], &rows[b]);
                sort.compare(a, b).then_with(|| (&a.namespace, &a.name).cmp(&(&b.namespace, &b.name)))
            });
        }
        order
    }
}

#[cfg(test)]
mod tests;
