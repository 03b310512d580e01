//! Stagger suggestions: for the CronJobs whose Jobs pile up in one minute, a later minute for
//! each, within the CronJob's own tolerance, chosen so that no minute of the window starts more
//! Jobs than it must — written as a new `schedule` line to copy, and applied to the manifest to
//! run the cluster again and see the peak gone.
//!
//! A CronJob's tolerance is how late its runs may move without changing what it means: a quarter
//! of the shortest gap between its runs, at most 30 minutes, at most its `startingDeadlineSeconds`
//! (a CronJob that refuses to start later than that says how late is too late), and never past
//! the end of the hour (the hour, day and weekday fields keep their meaning). Only the minute
//! field moves: a number (`0` → `7`), a list (`0,30` → `7,37`) or a step from the hour's start
//! (`*/15` → `7-59/15`); `@hourly`, `@daily`, `@weekly`, `@monthly` and `@yearly` are written as
//! their five fields with the new minute.

use super::density::PILE_UP;
use super::Cluster;
use crate::api::yaml::SyntaxError;
use crate::app::compare::{read_documents, write_documents};
use crate::sim::scenario::{API_VERSION, KIND as SIMULATION_KIND};
use crate::sim::trace::{format_time, Time};
use serde::Serialize;
use serde_json::{json, Value};

/// The most a suggestion moves a CronJob's minute.
pub const MAX_SHIFT_MINUTES: u32 = 30;

/// One CronJob's staggered schedule.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Suggestion {
    pub namespace: String,
    pub name: String,
    /// The schedule as it is.
    pub from: String,
    /// The schedule suggested.
    pub to: String,
    /// How many minutes later its runs start.
    pub shift_minutes: u32,
    /// The most it could move (see the module's doc).
    pub tolerance_minutes: u32,
}

impl Suggestion {
    /// The change as diff lines (`- schedule: "0 0 * * *"` / `+ schedule: "7 0 * * *"`), under a
    /// comment naming the CronJob.
    pub fn diff(&self) -> String {
        let who = super::density::key(&self.namespace, &self.name);
        format!("# {who}: {} min later\n- schedule: {:?}\n+ schedule: {:?}\n", self.shift_minutes, self.from, self.to)
    }
}

/// A schedule whose minute field can move, and how.
struct Movable<'a> {
    /// Everything but the minute field, as written (`TZ=…` prefix, the four other fields).
    prefix: &'a str,
    rest: String,
    minute: Minute,
}

enum Minute {
    /// Fixed minutes of the hour (`0`, `0,30`).
    At(Vec<u32>),
    /// Every `n` minutes from the hour's start (`*/n`, `0/n`, `0-59/n`).
    Every(u32),
}

impl Movable<'_> {
    fn read(schedule: &str) -> Option<Movable<'_>> {
        let schedule = schedule.trim();
        let (prefix, fields) = match schedule.split_once(' ') {
            Some((tz, rest)) if tz.starts_with("TZ=") || tz.starts_with("CRON_TZ=") => {
                (&schedule[..tz.len() + 1], rest.trim())
            }
            _ => ("", schedule),
        };
        let expanded = match fields {
            "@hourly" => "0 * * * *",
            "@daily" | "@midnight" => "0 0 * * *",
            "@weekly" => "0 0 * * 0",
            "@monthly" => "0 0 1 * *",
            "@yearly" | "@annually" => "0 0 1 1 *",
            f => f,
        };
        let mut words = expanded.split_whitespace();
        let minute = words.next()?;
        let rest: Vec<&str> = words.collect();
        if rest.len() != 4 {
            return None;
        }
        let minute = if let Some(step) = ["*/", "0/", "0-59/"].iter().find_map(|p| minute.strip_prefix(p)) {
            Minute::Every(step.parse().ok().filter(|n| (2..=30).contains(n))?)
        } else {
            let at: Option<Vec<u32>> = minute.split(',').map(|m| m.parse().ok().filter(|m| *m < 60)).collect();
            Minute::At(at?)
        };
        Some(Movable { prefix, rest: rest.join(" "), minute })
    }

    /// The most minutes the field can move forward within the hour.
    fn room(&self) -> u32 {
        match &self.minute {
            Minute::At(at) => 59 - at.iter().max().copied().unwrap_or(59),
            Minute::Every(n) => n - 1,
        }
    }

    fn shifted(&self, by: u32) -> String {
        let minute = match &self.minute {
            Minute::At(at) => at.iter().map(|m| (m + by).to_string()).collect::<Vec<_>>().join(","),
            Minute::Every(n) if by == 0 => format!("*/{n}"),
            Minute::Every(n) => format!("{by}-59/{n}"),
        };
        format!("{}{minute} {}", self.prefix, self.rest)
    }
}

impl Cluster {
    /// The staggered schedules that flatten the window's pile-ups (empty when none has
    /// [`PILE_UP`] Jobs starting in one minute), in the order the CronJobs were moved.
    pub fn stagger(&self) -> Vec<Suggestion> {
        let minutes = self.density.starts.len();
        let mut load = self.density.starts.clone();
        // Each CronJob's run minutes (by its Jobs' creation), over the window.
        let mut candidates: Vec<(usize, Vec<usize>, Movable, u32)> = Vec::new();
        for (i, row) in self.rows.iter().enumerate() {
            let part = &self.parts[row.part];
            let mut runs: Vec<usize> = part
                .trace
                .jobs
                .iter()
                .filter(|j| j.cron_job.as_ref().is_some_and(|c| c.as_str() == row.name))
                .filter_map(|j| {
                    let m = (j.created_at - self.start).num_seconds().div_euclid(60);
                    (0..minutes as i64).contains(&m).then_some(m as usize)
                })
                .collect();
            runs.sort_unstable();
            if !runs.iter().any(|&m| load[m] >= PILE_UP) {
                continue;
            }
            let Some(movable) = Movable::read(&row.schedule) else { continue };
            let gap = runs.windows(2).map(|w| (w[1] - w[0]) as u32).min().unwrap_or(u32::MAX);
            let mut tolerance = (gap / 4).min(MAX_SHIFT_MINUTES).min(movable.room());
            if let Some(deadline) = row.starting_deadline_seconds {
                tolerance = tolerance.min((deadline.max(0) / 60) as u32);
            }
            if tolerance > 0 {
                candidates.push((i, runs, movable, tolerance));
            }
        }
        // The busiest CronJobs first, so that the rare ones fill the gaps they leave.
        candidates.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then(self.rows[a.0].key().cmp(&self.rows[b.0].key())));
        let mut suggestions = Vec::new();
        for (i, runs, movable, tolerance) in candidates {
            for &m in &runs {
                load[m] -= 1;
            }
            // The shift whose busiest minute is least busy, then the least total, then the least shift.
            let cost = |s: u32| {
                let at = runs.iter().map(|&m| load.get(m + s as usize).copied().unwrap_or(0));
                (at.clone().max().unwrap_or(0), at.map(u64::from).sum::<u64>(), s)
            };
            let best = (0..=tolerance).min_by_key(|&s| cost(s)).unwrap_or(0);
            for &m in &runs {
                if let Some(l) = load.get_mut(m + best as usize) {
                    *l += 1;
                }
            }
            if best > 0 {
                let row = &self.rows[i];
                suggestions.push(Suggestion {
                    namespace: row.namespace.clone(),
                    name: row.name.clone(),
                    from: row.schedule.clone(),
                    to: movable.shifted(best),
                    shift_minutes: best,
                    tolerance_minutes: tolerance,
                });
            }
        }
        suggestions
    }
}

/// `text` with each suggestion's schedule written in, as a stream of JSON documents (comments are
/// not kept: the staggered manifest is simulated to be compared, the user copies the lines), over
/// the same window `[start, end)` as the run it is compared with. A moved CronJob's
/// `status.lastScheduleTime` moves with it, as if it had always run on the new minute: otherwise
/// the minutes between its old last run and its new one would be unmet, and the controller would
/// start them late at the window's start — what an edit of the schedule does, but not the
/// steady state the comparison is about.
pub fn apply(text: &str, suggestions: &[Suggestion], window: (Time, Time)) -> Result<String, SyntaxError> {
    let moved = |d: &mut Value, namespace: &str, name: &str| {
        if let Some(s) = suggestions.iter().find(|s| s.name == name && s.namespace == namespace) {
            move_cron_job(d, s);
        }
    };
    rewrite(text, window, moved, |_| {})
}

/// `text` as a stream of JSON documents over the window `[start, end)` (written into its
/// Simulation document, or a new one), each CronJob first given to `cron_job` with its namespace
/// and name, and the Simulation document's `spec` then given to `simulation`: the rewrite every
/// what-if of a cluster makes.
pub(super) fn rewrite(
    text: &str,
    (start, end): (Time, Time),
    mut cron_job: impl FnMut(&mut Value, &str, &str),
    simulation: impl FnOnce(&mut Value),
) -> Result<String, SyntaxError> {
    let loaded = read_documents(text)?;
    let mut docs: Vec<Value> = loaded
        .objects
        .iter()
        .map(|o| {
            let mut d = o.json();
            // A typed list's items (`CronJobList`) may leave their kind to the list.
            if d.is_object() {
                d["apiVersion"] = json!(o.api_version);
                d["kind"] = json!(o.kind);
            }
            if o.kind == "CronJob" {
                let namespace = d.pointer("/metadata/namespace").and_then(Value::as_str).unwrap_or_default().to_owned();
                cron_job(&mut d, &namespace, &o.name);
            }
            d
        })
        .collect();
    if !docs.iter().any(|d| d["kind"] == SIMULATION_KIND) {
        docs.push(json!({"apiVersion": API_VERSION, "kind": SIMULATION_KIND}));
    }
    if let Some(sim) = docs.iter_mut().find(|d| d["kind"] == SIMULATION_KIND) {
        if !sim["spec"].is_object() {
            sim["spec"] = json!({});
        }
        let spec = &mut sim["spec"];
        (spec["start"], spec["end"]) = (json!(format_time(&start)), json!(format_time(&end)));
        if let Some(spec) = spec.as_object_mut() {
            spec.remove("duration");
        }
        simulation(spec);
    }
    Ok(write_documents(&docs))
}

/// Writes `s`'s schedule into CronJob `d`, and moves its last schedule time by the same minutes.
fn move_cron_job(d: &mut Value, s: &Suggestion) {
    if let Some(spec) = d.get_mut("spec").filter(|s| s.is_object()) {
        spec["schedule"] = json!(s.to);
    }
    let last = d.pointer_mut("/status/lastScheduleTime");
    let moved = last.as_ref().and_then(|t| t.as_str()).and_then(|t| chrono::DateTime::parse_from_rfc3339(t).ok());
    if let (Some(last), Some(t)) = (last, moved) {
        *last = json!(format_time(&(t.to_utc() + chrono::TimeDelta::minutes(i64::from(s.shift_minutes)))));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minute_fields_move_within_the_hour() {
        let moved = |s: &str, by| Movable::read(s).map(|m| (m.shifted(by), m.room()));
        assert_eq!(moved("0 0 * * *", 7), Some(("7 0 * * *".into(), 59)));
        assert_eq!(moved("0,30 * * * *", 7), Some(("7,37 * * * *".into(), 29)));
        assert_eq!(moved("*/15 2 * * 1-5", 7), Some(("7-59/15 2 * * 1-5".into(), 14)));
        assert_eq!(moved("@daily", 3), Some(("3 0 * * *".into(), 59)));
        assert_eq!(moved("TZ=Europe/Berlin 0 2 * * *", 5), Some(("TZ=Europe/Berlin 5 2 * * *".into(), 59)));
        assert_eq!(moved("* * * * *", 1), None);
        assert_eq!(moved("5-10 * * * *", 1), None);
        assert_eq!(moved("@every 1h", 1), None);
    }
}
