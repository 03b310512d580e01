//! What-ifs of a cluster: the same dump run again over the same window with one change — the
//! stagger suggestions' schedules, a controller outage applied to the whole cluster, or another
//! Kubernetes release — and compared with the baseline on the same axis: the two density series
//! with their peaks, and per CronJob the differences compare mode finds between the two runs of
//! its namespace (`app::compare::compare`: slot fates, Jobs in one run only, other times or
//! outcomes).
//!
//! The outage is the Simulation document's `controllerDown` event (kube-controller-manager down:
//! no controller syncs until it is back, then each CronJob's missed schedules are handled as its
//! release's `syncCronJob` does — the latest one started late, or counted as missed past the
//! `startingDeadlineSeconds`), added to the events the document already has.

pub mod view;

use super::density::PILE_UP;
use super::stagger::{apply, rewrite};
use super::{Cluster, Density, Peak};
use crate::api::yaml::SyntaxError;
use crate::api::KubernetesVersion;
use crate::app::compare::{compare as compare_runs, variant, Difference, Variant};
use crate::go::Tz;
use crate::sim::trace::{format_time, Time};
use chrono::{TimeDelta, Timelike};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::HashMap;

/// The change a what-if makes to the whole cluster.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum WhatIf {
    /// The baseline's stagger suggestions written in (`Cluster::stagger`).
    Stagger,
    /// The controllers down from the first time in the window at `from` (minutes after midnight,
    /// UTC) for `minutes`.
    Outage { from: u32, minutes: u32 },
    /// Another Kubernetes release.
    Release(KubernetesVersion),
}

/// The minutes after midnight of a time of day written `HH:MM` on a 24-hour clock (`H:MM` too),
/// 00:00 to 23:59: the outage's start as the page reads it from a text field, which shows the same
/// clock in every locale (a time field shows a 12-hour one in some); `None` for anything else.
///
/// ```
/// use cronjob_playground::app::cluster::whatif::minute_of_day;
/// assert_eq!((minute_of_day("02:00"), minute_of_day("23:59"), minute_of_day(" 7:05 ")), (Some(120), Some(1439), Some(425)));
/// assert_eq!((minute_of_day("24:00"), minute_of_day("12:60"), minute_of_day("2 PM")), (None, None, None));
/// assert_eq!((minute_of_day("02:0"), minute_of_day("+2:00"), minute_of_day("")), (None, None, None));
/// ```
pub fn minute_of_day(text: &str) -> Option<u32> {
    let (h, m) = text.trim().split_once(':')?;
    let number = |s: &str, digits: std::ops::RangeInclusive<usize>, max: u32| {
        let plain = digits.contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit());
        s.parse::<u32>().ok().filter(|&n| plain && n <= max)
    };
    Some(number(h, 1..=2, 23)? * 60 + number(m, 2..=2, 59)?)
}

/// Why a what-if has no text to run.
#[derive(Debug, PartialEq)]
pub enum WhatIfError {
    /// The text does not read (its first syntax error).
    Syntax(SyntaxError),
    /// An outage that starts at no minute of the window, or lasts no time.
    OutsideWindow,
}

impl std::fmt::Display for WhatIfError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WhatIfError::Syntax(e) => write!(f, "{e}"),
            WhatIfError::OutsideWindow => f.write_str("the outage starts at no minute of the window, or lasts none"),
        }
    }
}

impl From<SyntaxError> for WhatIfError {
    fn from(e: SyntaxError) -> Self {
        WhatIfError::Syntax(e)
    }
}

/// The first instant of `[start, end)` at `minute_of_day` (UTC).
fn first_at(start: Time, end: Time, minute_of_day: u32) -> Option<Time> {
    let now = start.hour() * 60 + start.minute();
    let wait = (minute_of_day % 1440 + 1440 - now) % 1440;
    let at = start.with_second(0)?.with_nanosecond(0)? + TimeDelta::minutes(i64::from(wait));
    // A start within a minute: its minute itself has begun already, so the next day's.
    let at = if at < start { at + TimeDelta::days(1) } else { at };
    (at < end).then_some(at)
}

/// `text` changed as `what` says, over `baseline`'s window, to run as the variant.
pub fn variant_text(text: &str, baseline: &Cluster, what: &WhatIf) -> Result<String, WhatIfError> {
    let window = (baseline.start, baseline.end);
    match what {
        WhatIf::Stagger => Ok(apply(text, &baseline.stagger(), window)?),
        WhatIf::Outage { from, minutes } => {
            let at = first_at(baseline.start, baseline.end, *from)
                .filter(|_| *minutes > 0)
                .ok_or(WhatIfError::OutsideWindow)?;
            let until = at + TimeDelta::minutes(i64::from(*minutes));
            let down = json!({"at": format_time(&at), "controllerDown": {"until": format_time(&until)}});
            Ok(rewrite(
                text,
                window,
                |_, _, _| {},
                |spec| match spec["events"].as_array_mut() {
                    Some(events) => events.push(down),
                    None => spec["events"] = Value::Array(vec![down]),
                },
            )?)
        }
        WhatIf::Release(v) => {
            let pinned = rewrite(text, window, |_, _, _| {}, |_| {})?;
            Ok(variant(&pinned, &Variant::Version(*v))?)
        }
    }
}

/// One CronJob's differences between the baseline and the variant.
#[derive(Clone, Debug, PartialEq)]
pub struct CronJobDifferences {
    /// `namespace/name` (for a Job no CronJob owns, its namespace and name).
    pub cron_job: String,
    pub differences: Vec<Difference>,
}

/// A baseline and its variant over the same window.
#[derive(Clone, Debug, PartialEq)]
pub struct ClusterComparison {
    pub baseline: Density,
    pub variant: Density,
    pub baseline_peaks: Vec<Peak>,
    pub variant_peaks: Vec<Peak>,
    /// The CronJobs with differences, in the baseline's manifest order.
    pub cron_jobs: Vec<CronJobDifferences>,
}

impl ClusterComparison {
    /// The most Jobs starting within one minute in (baseline, variant).
    pub fn most_starts(&self) -> (u32, u32) {
        let most = |d: &Density| d.starts.iter().copied().max().unwrap_or(0);
        (most(&self.baseline), most(&self.variant))
    }

    /// Whether the variant has no pile-up ([`PILE_UP`] Jobs starting in one minute) left.
    pub fn flat(&self) -> bool {
        self.most_starts().1 < PILE_UP
    }
}

/// `baseline` and `variant` (runs of the same dump, over the same window) compared, the peaks
/// read in `zone`: the namespaces' traces are matched by namespace and compared as compare mode
/// compares two runs.
pub fn compare(baseline: &Cluster, variant: &Cluster, zone: Tz) -> ClusterComparison {
    let mut cron_jobs: Vec<CronJobDifferences> = Vec::new();
    // Each CronJob's entry in `cron_jobs`, and each row's place in the manifest (the first row of
    // a key), found by hash rather than by a search per difference and per comparison.
    let mut entry: HashMap<String, usize> = HashMap::new();
    for part in &baseline.parts {
        let Some(other) = variant.parts.iter().find(|p| p.namespace == part.namespace) else { continue };
        for d in compare_runs(&part.trace, &other.trace).differences {
            let owner = d.cron_job.clone().unwrap_or_default();
            let key = super::density::key(&part.namespace, &owner);
            let i = *entry.entry(key).or_insert_with_key(|key| {
                cron_jobs.push(CronJobDifferences { cron_job: key.clone(), differences: Vec::new() });
                cron_jobs.len() - 1
            });
            cron_jobs[i].differences.push(d);
        }
    }
    let mut place: HashMap<String, usize> = HashMap::new();
    for (i, r) in baseline.rows.iter().enumerate() {
        place.entry(r.key()).or_insert(i);
    }
    cron_jobs.sort_by_key(|c| place.get(&c.cron_job).copied().unwrap_or(usize::MAX));
    ClusterComparison {
        baseline: baseline.density.clone(),
        variant: variant.density.clone(),
        baseline_peaks: baseline.peaks(zone),
        variant_peaks: variant.peaks(zone),
        cron_jobs,
    }
}

#[cfg(test)]
mod tests;
