//! One row per CronJob of a cluster run: its spec at the window's end, what became of its slots in
//! the window (the trace's slot fates, counted), its failed Jobs and its next run.

use super::NamespaceRun;
use crate::sim::trace::{FinishedCondition, SlotFate, Time};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::collections::{BTreeMap, HashMap};

/// A CronJob of the cluster and its window.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterRow {
    pub namespace: String,
    pub name: String,
    /// The index of its namespace's part in [`Cluster::parts`](super::Cluster::parts).
    #[serde(skip)]
    pub part: usize,
    /// The spec in force at the window's end.
    pub schedule: String,
    pub time_zone: Option<String>,
    pub concurrency_policy: String,
    pub suspend: bool,
    pub starting_deadline_seconds: Option<i64>,
    /// Its `metadata.labels`.
    pub labels: BTreeMap<String, String>,
    /// Slots that ran, on time or late.
    pub runs: u32,
    /// Slots that ran later than their first chance.
    pub late: u32,
    /// Slots no Job ever ran for, for a reason other than the CronJob's own settings: a missed
    /// deadline, a later slot started instead, the controller down, not found by the search,
    /// too many missed, the Job not created.
    pub lost: u32,
    /// Slots `concurrencyPolicy: Forbid` skipped.
    pub skipped: u32,
    /// Slots not run while the CronJob was suspended.
    pub suspended: u32,
    /// Its Jobs that ended `Failed`.
    pub failed_jobs: u32,
    /// Its first slot in the window, whatever became of it.
    #[serde(with = "crate::sim::trace::rfc3339::option")]
    pub next_run: Option<Time>,
}

impl ClusterRow {
    /// Late, lost or skipped slots and failed Jobs: what "only CronJobs with problems" keeps.
    pub fn problems(&self) -> u32 {
        self.late + self.lost + self.skipped + self.failed_jobs
    }

    /// Whether `text` is part of its namespace, name or schedule, or of one of its labels
    /// (`key=value`, the key or the value).
    ///
    /// ```
    /// use cronjob_playground::app::cluster::ClusterRow;
    /// let row = ClusterRow {
    ///     namespace: "billing".into(),
    ///     name: "digest-001".into(),
    ///     schedule: "*/15 * * * *".into(),
    ///     labels: [("team".to_string(), "billing".to_string())].into(),
    ///     ..ClusterRow::default()
    /// };
    /// assert!(row.matches("digest") && row.matches("team=billing") && row.matches("*/15"));
    /// assert!(!row.matches("team=payments"));
    /// ```
    pub fn matches(&self, text: &str) -> bool {
        [&self.namespace, &self.name, &self.schedule].iter().any(|f| f.contains(text))
            || self
                .labels
                .iter()
                .any(|(k, v)| k.contains(text) || v.contains(text) || format!("{k}={v}").contains(text))
    }

    /// `namespace/name` (the name alone without a namespace).
    pub fn key(&self) -> String {
        super::density::key(&self.namespace, &self.name)
    }
}

/// A condition a row must meet to be kept: the CLI's `--only` and the page's filter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Only {
    /// Some slot ran late or was lost.
    LostOrLate,
    /// Any of [`ClusterRow::problems`].
    Problems,
    /// `concurrencyPolicy: Forbid`.
    Forbid,
    /// `concurrencyPolicy: Replace`.
    Replace,
    /// `concurrencyPolicy: Allow`.
    Allow,
    /// `suspend: true` at the window's end.
    Suspended,
}

impl Only {
    /// Whether `row` meets it.
    ///
    /// ```
    /// use cronjob_playground::app::cluster::{ClusterRow, Only};
    /// let row = ClusterRow { concurrency_policy: "Forbid".into(), skipped: 2, ..ClusterRow::default() };
    /// assert!(Only::Forbid.keeps(&row) && Only::Problems.keeps(&row));
    /// assert!(!Only::LostOrLate.keeps(&row) && !Only::Allow.keeps(&row) && !Only::Suspended.keeps(&row));
    /// ```
    pub fn keeps(self, row: &ClusterRow) -> bool {
        let policy = |p: &str| row.concurrency_policy.eq_ignore_ascii_case(p);
        match self {
            Only::LostOrLate => row.lost + row.late > 0,
            Only::Problems => row.problems() > 0,
            Only::Forbid => policy("Forbid"),
            Only::Replace => policy("Replace"),
            Only::Allow => policy("Allow"),
            Only::Suspended => row.suspend,
        }
    }
}

/// A name [`Only`] does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownOnly {
    /// The name as given.
    pub name: String,
}

impl std::fmt::Display for UnknownOnly {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown filter {:?}: lost-or-late, problems, forbid, replace, allow or suspended", self.name)
    }
}

impl std::error::Error for UnknownOnly {}

impl std::str::FromStr for Only {
    type Err = UnknownOnly;

    fn from_str(s: &str) -> Result<Only, UnknownOnly> {
        Ok(match s {
            "lost-or-late" => Only::LostOrLate,
            "problems" => Only::Problems,
            "forbid" => Only::Forbid,
            "replace" => Only::Replace,
            "allow" => Only::Allow,
            "suspended" => Only::Suspended,
            _ => return Err(UnknownOnly { name: s.to_string() }),
        })
    }
}

/// An order of the rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sort {
    /// As the manifest lists them.
    Manifest,
    /// Soonest next run first.
    Next,
    /// Most runs in the window first.
    Runs,
    /// Most problems first.
    Problems,
}

/// A name [`Sort`] does not know (the CLI's `--sort` takes only the four).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownSort {
    /// The name as given.
    pub name: String,
}

impl std::fmt::Display for UnknownSort {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown sort {:?}: manifest, next, runs or problems", self.name)
    }
}

impl std::error::Error for UnknownSort {}

impl std::str::FromStr for Sort {
    type Err = UnknownSort;

    fn from_str(s: &str) -> Result<Sort, UnknownSort> {
        Ok(match s {
            "manifest" => Sort::Manifest,
            "next" => Sort::Next,
            "runs" => Sort::Runs,
            "problems" => Sort::Problems,
            _ => return Err(UnknownSort { name: s.to_string() }),
        })
    }
}

impl Sort {
    pub(super) fn compare(self, a: &ClusterRow, b: &ClusterRow) -> Ordering {
        match self {
            Sort::Manifest => Ordering::Equal,
            Sort::Next => match (a.next_run, b.next_run) {
                (Some(x), Some(y)) => x.cmp(&y),
                (Some(_), None) => Ordering::Less,
                (None, Some(_)) => Ordering::Greater,
                (None, None) => Ordering::Equal,
            },
            Sort::Runs => b.runs.cmp(&a.runs),
            Sort::Problems => b.problems().cmp(&a.problems()),
        }
    }
}

/// The rows of every part's CronJobs, part by part in manifest order.
pub(super) fn rows(parts: &[NamespaceRun]) -> Vec<ClusterRow> {
    let mut rows = Vec::new();
    for (part, p) in parts.iter().enumerate() {
        let trace = &p.trace;
        let mut of: HashMap<&str, ClusterRow> = HashMap::new();
        for life in &trace.cluster.cron_jobs {
            let Some(spec) = life.specs.last() else { continue };
            of.insert(
                &life.name,
                ClusterRow {
                    namespace: p.namespace.clone(),
                    name: life.name.clone(),
                    part,
                    schedule: spec.schedule.clone(),
                    time_zone: spec.time_zone.clone(),
                    concurrency_policy: spec.concurrency_policy.clone(),
                    suspend: spec.suspend,
                    starting_deadline_seconds: spec.starting_deadline_seconds,
                    labels: spec.labels.clone(),
                    runs: 0,
                    late: 0,
                    lost: 0,
                    skipped: 0,
                    suspended: 0,
                    failed_jobs: 0,
                    next_run: None,
                },
            );
        }
        for slot in &trace.slots {
            let Some(row) = of.get_mut(slot.cron_job.as_str()) else { continue };
            row.next_run = Some(row.next_run.map_or(slot.scheduled_time, |t| t.min(slot.scheduled_time)));
            match slot.fate {
                SlotFate::RanOnTime => row.runs += 1,
                SlotFate::RanLate => {
                    row.runs += 1;
                    row.late += 1
                }
                SlotFate::SkippedForbid => row.skipped += 1,
                SlotFate::Suspended => row.suspended += 1,
                SlotFate::Pending => {}
                SlotFate::MissedDeadline
                | SlotFate::Superseded
                | SlotFate::ControllerDown
                | SlotFate::NotFoundBySearch
                | SlotFate::TooManyMissed
                | SlotFate::CreateFailed => row.lost += 1,
            }
        }
        for job in &trace.jobs {
            let owner = job.cron_job.as_ref().and_then(|c| of.get_mut(c.as_str()));
            if let (Some(row), Some(FinishedCondition::Failed)) = (owner, job.condition) {
                row.failed_jobs += 1;
            }
        }
        rows.extend(trace.cluster.cron_jobs.iter().filter_map(|life| of.remove(life.name.as_str())));
    }
    rows
}
