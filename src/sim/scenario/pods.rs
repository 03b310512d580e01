//! The Simulation document's `spec.pods`: which Pods a rule picks and how their containers
//! behave, attempt by attempt and Job by Job.

use chrono::TimeDelta;
use serde::{Deserialize, Serialize};

/// Which Pods a [`PodRule`] applies to: those of a CronJob's Jobs, of one Job, or (empty) all.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PodSelector {
    #[serde(default)]
    pub cron_job: Option<String>,
    #[serde(default)]
    pub job: Option<String>,
}

impl PodSelector {
    /// Whether a Pod of Job `job` (owned by CronJob `cron_job`, if any) matches.
    pub fn matches(&self, job: &str, cron_job: Option<&str>) -> bool {
        self.job.as_deref().is_none_or(|j| j == job) && self.cron_job.as_deref().is_none_or(|c| Some(c) == cron_job)
    }
}

/// One container attempt: how long it runs and how it exits.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Attempt {
    pub duration_seconds: f64,
    #[serde(default)]
    pub exit_code: i32,
}

impl Attempt {
    /// The container's run time on the virtual clock (millisecond resolution).
    pub fn duration(&self) -> TimeDelta {
        TimeDelta::milliseconds((self.duration_seconds * 1000.0).round() as i64)
    }
}

/// The default behaviour: run 10 s, exit 0.
pub const DEFAULT_ATTEMPT: Attempt = Attempt { duration_seconds: 10.0, exit_code: 0 };

/// Per-Job override of the attempts, for the n-th Job of a CronJob.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct JobBehaviour {
    pub attempts: Vec<Attempt>,
}

/// How the containers of matching Pods behave.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PodRule {
    #[serde(default)]
    pub selector: PodSelector,
    /// Pod created → container running.
    #[serde(default)]
    pub startup_seconds: f64,
    /// Container attempts within one Job, in order; the last entry repeats.
    #[serde(default)]
    pub attempts: Vec<Attempt>,
    /// Per Job of the CronJob, in creation order, cycling; overrides `attempts` for that Job.
    #[serde(default)]
    pub jobs: Vec<JobBehaviour>,
    /// The containers ignore SIGTERM: a deleted pod's container runs on until SIGKILL after
    /// `terminationGracePeriodSeconds` (default 30 s) and exits 137 instead of 143 at once.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ignores_sigterm: bool,
    /// How named init containers behave (sidecars included). An init container without a rule
    /// finishes at once if it is a regular one and runs until it is stopped if it is a sidecar.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub init_containers: Vec<InitContainerRule>,
}

/// How one init container of the matching Pods behaves, by name.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct InitContainerRule {
    pub name: String,
    /// Its runs, in order, per Pod; the last entry repeats. Empty: it runs until it is stopped
    /// (a log shipper, a proxy), which a regular init container never is.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attempts: Vec<Attempt>,
    /// Each start fails its first N startup probes (when the container has a `startupProbe`):
    /// with N at or above the probe's `failureThreshold`, the kubelet restarts it every time.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub startup_probe_failures: u32,
    /// It ignores SIGTERM: when the kubelet stops it, it runs on until SIGKILL (exit 137).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ignores_sigterm: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl InitContainerRule {
    /// Its `n`-th run (0-based) within one Pod; `None`: it runs until it is stopped.
    pub fn attempt(&self, n: usize) -> Option<Attempt> {
        self.attempts.get(n).or(self.attempts.last()).copied()
    }
}

impl PodRule {
    /// Pod created → container running.
    pub fn startup(&self) -> TimeDelta {
        TimeDelta::milliseconds((self.startup_seconds * 1000.0).round() as i64)
    }

    /// Whether the rule says how attempts go (a rule may set only the startup time; the
    /// attempts then come from the pod's command or the default).
    pub fn sets_attempts(&self) -> bool {
        !self.attempts.is_empty() || !self.jobs.is_empty()
    }

    /// The `attempt`-th container attempt (0-based, counted across the Job's pods and restarts)
    /// of the `job_index`-th Job (0-based, in creation order among the CronJob's Jobs).
    pub fn attempt(&self, job_index: usize, attempt: usize) -> Attempt {
        let attempts = match self.jobs.len() {
            0 => &self.attempts,
            n => &self.jobs[job_index % n].attempts,
        };
        attempts.get(attempt).or(attempts.last()).copied().unwrap_or(DEFAULT_ATTEMPT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attempts_repeat_the_last_entry_and_default_to_ten_seconds_exit_zero() {
        let rule = PodRule {
            attempts: vec![
                Attempt { duration_seconds: 30.0, exit_code: 1 },
                Attempt { duration_seconds: 5.0, exit_code: 2 },
            ],
            ..PodRule::default()
        };
        assert_eq!(rule.attempt(0, 0).exit_code, 1);
        assert_eq!(rule.attempt(0, 7).exit_code, 2);
        assert_eq!(PodRule::default().attempt(3, 3), DEFAULT_ATTEMPT);
    }
}
