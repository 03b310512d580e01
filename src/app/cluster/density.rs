//! How many Jobs the cluster starts, and how many run, in each minute of the window — the
//! density strip — and its peaks, the minutes where starts pile up ("00:00 Mon: 41 Jobs start
//! within 1 minute"), grouped when the same pile-up recurs at the same time of day.

use super::{Cluster, NamespaceRun};
use crate::go::Tz;
use crate::sim::trace::{JobRecord, Time};
use chrono::{TimeDelta, Timelike};
use serde::Serialize;
use std::collections::HashMap;

/// Jobs starting within one minute that make a pile-up.
pub const PILE_UP: u32 = 5;
/// The most peak groups listed.
pub const MAX_PEAKS: usize = 10;

/// Jobs per minute of the window, from its start.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Density {
    #[serde(with = "crate::sim::trace::rfc3339")]
    pub start: Time,
    /// Jobs created in each minute.
    pub starts: Vec<u32>,
    /// Jobs active at some moment of each minute (created, not yet finished or deleted).
    pub running: Vec<u32>,
    /// What the pods alive in each minute request, when a Job template gives requests.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requests: Option<Requested>,
}

/// The requests of the pods alive (created, not yet finished or deleted) at some moment of each
/// minute, each pod counted with its CronJob's effective pod request (`api::pod_requests`) as
/// the trace's spec record in force when its Job was created gives it.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Requested {
    pub cpu_millis: Vec<u64>,
    pub memory_bytes: Vec<u64>,
}

/// The minute of `t` from `start`, when within `minutes`.
fn minute(start: Time, t: Time, minutes: usize) -> Option<usize> {
    let m = (t - start).num_seconds().checked_div(60)?;
    (t >= start && (m as usize) < minutes).then_some(m as usize)
}

/// When a Job stops counting as running: its finish, its deletion, or the window's end.
pub(super) fn stopped(job: &JobRecord, end: Time) -> Time {
    job.finished_at.or(job.deleted_at).unwrap_or(end).min(end)
}

impl Density {
    /// The density of `parts`' Jobs over `[start, end)`.
    pub(super) fn of(parts: &[NamespaceRun], (start, end): (Time, Time)) -> Density {
        let minutes = ((end - start).num_seconds().max(0) as usize).div_ceil(60);
        let mut starts = vec![0u32; minutes];
        // +1 at a Job's first minute, −1 after its last: summed, the Jobs active in each minute.
        let mut change = vec![0i64; minutes + 1];
        for job in parts.iter().flat_map(|p| &p.trace.jobs) {
            let Some(first) = minute(start, job.created_at, minutes) else { continue };
            starts[first] += 1;
            let stop = stopped(job, end);
            // A Job that stops exactly on a minute's boundary does not run in that minute.
            let last = minute(start, stop - TimeDelta::nanoseconds(1), minutes).unwrap_or(minutes - 1).max(first);
            change[first] += 1;
            change[last + 1] -= 1;
        }
        let running = summed(&change[..minutes]).map(|a| a as u32).collect();
        Density { start, starts, running, requests: requested(parts, (start, end), minutes) }
    }

    /// The instant minute `i` begins.
    pub fn at(&self, i: usize) -> Time {
        self.start + TimeDelta::minutes(i as i64)
    }
}

/// The running sums of `change`.
fn summed(change: &[i64]) -> impl Iterator<Item = i64> + '_ {
    change.iter().scan(0i64, |active, c| {
        *active += c;
        Some(*active)
    })
}

/// The pods' requests per minute (`None` when no CronJob's template requests anything).
fn requested(parts: &[NamespaceRun], (start, end): (Time, Time), minutes: usize) -> Option<Requested> {
    let mut cpu = vec![0i64; minutes + 1];
    let mut memory = vec![0i64; minutes + 1];
    let mut any = false;
    for p in parts {
        let trace = &p.trace;
        let lives: HashMap<&str, &crate::sim::trace::CronJobLife> =
            trace.cluster.cron_jobs.iter().map(|l| (l.name.as_str(), l)).collect();
        let jobs: HashMap<&str, &JobRecord> = trace.jobs.iter().map(|j| (j.name.as_str(), j)).collect();
        for pod in &trace.pods {
            let Some(job) = jobs.get(pod.job.as_str()) else { continue };
            let Some(life) = job.cron_job.as_ref().and_then(|c| lives.get(c.as_str())) else { continue };
            let Some(r) = life.spec_at(job.created_at).map(|s| s.requests).filter(|r| !r.is_empty()) else {
                continue;
            };
            let Some(first) = minute(start, pod.created_at, minutes) else { continue };
            any = true;
            let stop = pod.finished_at.or(pod.deleted_at).unwrap_or(end).min(end);
            let last = minute(start, stop - TimeDelta::nanoseconds(1), minutes).unwrap_or(minutes - 1).max(first);
            for (series, amount) in [(&mut cpu, r.cpu_millis), (&mut memory, r.memory_bytes)] {
                let amount = amount.unwrap_or(0) as i64;
                series[first] += amount;
                series[last + 1] -= amount;
            }
        }
    }
    let total = |change: &[i64]| summed(&change[..minutes]).map(|a| a.max(0) as u64).collect();
    any.then(|| Requested { cpu_millis: total(&cpu), memory_bytes: total(&memory) })
}

/// One pile-up: the minutes, at one time of day in the zone the peaks are read in, where the same
/// number of Jobs start.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Peak {
    /// `HH:MM` in the zone.
    pub time_of_day: String,
    /// Each minute it happens, in time order.
    #[serde(serialize_with = "times")]
    pub minutes: Vec<Time>,
    /// Jobs starting within the minute.
    pub starts: u32,
    /// The most Jobs running within one of those minutes.
    pub running: u32,
    /// The CronJobs (`namespace/name`) whose Jobs start in its first minute.
    pub cron_jobs: Vec<String>,
    /// The sentence (`00:00 Mon 23 Nov: 41 Jobs start within 1 minute`).
    pub text: String,
}

fn times<S: serde::Serializer>(t: &[Time], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(t.iter().map(crate::sim::trace::format_time))
}

impl Cluster {
    /// The pile-ups of the window, biggest first, at most [`MAX_PEAKS`], read in `zone`: the
    /// minutes where the same CronJobs start the same number of Jobs at the same minute of the
    /// hour are one pile-up (every night's, or every hour's).
    pub fn peaks(&self, zone: Tz) -> Vec<Peak> {
        let d = &self.density;
        let starters = self.starters();
        let mut groups: Vec<(Vec<usize>, Peak)> = Vec::new();
        for (i, &starts) in d.starts.iter().enumerate().filter(|(_, &s)| s >= PILE_UP) {
            let at = d.at(i);
            let local = at.with_timezone(&zone);
            let rows = starters.get(&i).cloned().unwrap_or_default();
            let same = |(r, g): &&mut (Vec<usize>, Peak)| {
                g.starts == starts && *r == rows && g.minutes[0].with_timezone(&zone).minute() == local.minute()
            };
            match groups.iter_mut().find(|g| same(g)) {
                Some((_, g)) => {
                    g.minutes.push(at);
                    g.running = g.running.max(d.running[i]);
                }
                None => {
                    let time_of_day = local.format("%H:%M").to_string();
                    let peak = Peak {
                        time_of_day,
                        minutes: vec![at],
                        starts,
                        running: d.running[i],
                        cron_jobs: vec![],
                        text: String::new(),
                    };
                    groups.push((rows, peak));
                }
            }
        }
        groups.sort_by(|(_, a), (_, b)| b.starts.cmp(&a.starts).then(a.minutes[0].cmp(&b.minutes[0])));
        groups.truncate(MAX_PEAKS);
        groups
            .into_iter()
            .map(|(rows, mut g)| {
                let mut keys: Vec<String> = rows.iter().map(|&r| self.rows[r].key()).collect();
                keys.sort();
                g.cron_jobs = keys;
                if g.minutes.iter().any(|m| m.with_timezone(&zone).format("%H:%M").to_string() != g.time_of_day) {
                    g.time_of_day = format!(":{}", &g.time_of_day[3..]);
                }
                g.text = peak_text(&g, zone);
                g
            })
            .collect()
    }

    /// For each minute where [`PILE_UP`] or more Jobs start, the rows whose Jobs start in it.
    fn starters(&self) -> HashMap<usize, Vec<usize>> {
        let d = &self.density;
        let row_of: HashMap<(usize, &str), usize> =
            self.rows.iter().enumerate().map(|(i, r)| ((r.part, r.name.as_str()), i)).collect();
        let mut starters: HashMap<usize, Vec<usize>> = HashMap::new();
        for (part, p) in self.parts.iter().enumerate() {
            for job in &p.trace.jobs {
                let Some(m) = minute(d.start, job.created_at, d.starts.len()).filter(|&m| d.starts[m] >= PILE_UP)
                else {
                    continue;
                };
                let owner = job.cron_job.as_ref().and_then(|c| row_of.get(&(part, c.as_str())));
                if let Some(&row) = owner {
                    let rows = starters.entry(m).or_default();
                    if !rows.contains(&row) {
                        rows.push(row);
                    }
                }
            }
        }
        for rows in starters.values_mut() {
            rows.sort_unstable();
        }
        starters
    }
}

/// `namespace/name`, or the name alone without a namespace.
pub(super) fn key(namespace: &str, name: &str) -> String {
    if namespace.is_empty() {
        name.to_string()
    } else {
        format!("{namespace}/{name}")
    }
}

fn peak_text(p: &Peak, zone: Tz) -> String {
    let day = |t: &Time| t.with_timezone(&zone).format("%a %-d %b").to_string();
    let day_time = |t: &Time| t.with_timezone(&zone).format("%a %-d %b %H:%M").to_string();
    let when = match p.minutes.as_slice() {
        [one] => format!("{} {}", p.time_of_day, day(one)),
        [first, .., last] if !p.time_of_day.starts_with(':') => {
            format!("{} on {} days, {} – {}", p.time_of_day, p.minutes.len(), day(first), day(last))
        }
        [first, .., last] => format!(
            "{} past the hour, {} times, {} – {}",
            p.time_of_day,
            p.minutes.len(),
            day_time(first),
            day_time(last)
        ),
        [] => String::new(),
    };
    format!("{when}: {} Jobs start within 1 minute", p.starts)
}
