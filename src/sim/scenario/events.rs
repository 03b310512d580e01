//! The Simulation document's `spec.events`: what happens to the cluster at a virtual time
//! (a spec patch, a deletion, a controller outage, a manual trigger), one action an event.

use super::pods::PodSelector;
use crate::sim::time::{format_time, rfc3339, Time};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Something that happens to the cluster at a virtual time.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "RawClusterEvent", into = "RawClusterEvent")]
pub struct ClusterEvent {
    pub at: Time,
    pub action: ClusterAction,
}

/// What a [`ClusterEvent`] does.
#[derive(Clone, Debug, PartialEq)]
pub enum ClusterAction {
    /// A JSON merge patch of a CronJob's `spec` (`kubectl patch --type=merge`).
    Patch { cron_job: String, spec: serde_json::Value },
    /// `kubectl delete job <name>` (background propagation).
    DeleteJob { job: String },
    /// `kubectl delete cronjob <name>`.
    DeleteCronJob { cron_job: String },
    /// kube-controller-manager is down from `at` until `until`.
    ControllerDown { until: Time },
    /// `kubectl create job --from=cronjob/<name>`.
    Trigger { cron_job: String },
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "ClusterEvent", rename_all = "camelCase", deny_unknown_fields)]
struct RawClusterEvent {
    #[serde(with = "rfc3339")]
    at: Time,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    patch: Option<RawPatch>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    delete: Option<PodSelector>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    controller_down: Option<RawDown>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    trigger: Option<RawTrigger>,
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "Patch", rename_all = "camelCase", deny_unknown_fields)]
struct RawPatch {
    cron_job: String,
    spec: serde_json::Value,
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "ControllerDown", deny_unknown_fields)]
struct RawDown {
    #[serde(with = "rfc3339")]
    until: Time,
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "Trigger", rename_all = "camelCase", deny_unknown_fields)]
struct RawTrigger {
    cron_job: String,
}

/// Why a `spec.events` entry is not a [`ClusterEvent`]; [`fmt::Display`] names the event by
/// its time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClusterEventError {
    pub at: Time,
    pub reason: ClusterEventProblem,
}

/// What is wrong with a `spec.events` entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClusterEventProblem {
    PatchNotAnObject,
    DeleteTarget,
    DownNotAfterAt,
    ActionCount,
}

impl fmt::Display for ClusterEventError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "event at {}: ", format_time(&self.at))?;
        f.write_str(match self.reason {
            ClusterEventProblem::PatchNotAnObject => "patch.spec must be an object",
            ClusterEventProblem::DeleteTarget => "delete needs exactly one of job or cronJob",
            ClusterEventProblem::DownNotAfterAt => "controllerDown.until must be after at",
            ClusterEventProblem::ActionCount => "needs exactly one of patch, delete, controllerDown, trigger",
        })
    }
}

impl std::error::Error for ClusterEventError {}

impl TryFrom<RawClusterEvent> for ClusterEvent {
    type Error = ClusterEventError;

    fn try_from(raw: RawClusterEvent) -> Result<Self, ClusterEventError> {
        let at = raw.at;
        let bad = |reason| ClusterEventError { at, reason };
        let mut actions = Vec::new();
        if let Some(p) = raw.patch {
            if !p.spec.is_object() {
                return Err(bad(ClusterEventProblem::PatchNotAnObject));
            }
            actions.push(ClusterAction::Patch { cron_job: p.cron_job, spec: p.spec });
        }
        if let Some(d) = raw.delete {
            actions.push(match (d.job, d.cron_job) {
                (Some(job), None) => ClusterAction::DeleteJob { job },
                (None, Some(cron_job)) => ClusterAction::DeleteCronJob { cron_job },
                _ => return Err(bad(ClusterEventProblem::DeleteTarget)),
            });
        }
        if let Some(d) = raw.controller_down {
            if d.until <= at {
                return Err(bad(ClusterEventProblem::DownNotAfterAt));
            }
            actions.push(ClusterAction::ControllerDown { until: d.until });
        }
        if let Some(t) = raw.trigger {
            actions.push(ClusterAction::Trigger { cron_job: t.cron_job });
        }
        match (actions.pop(), actions.is_empty()) {
            (Some(action), true) => Ok(ClusterEvent { at, action }),
            _ => Err(bad(ClusterEventProblem::ActionCount)),
        }
    }
}

impl From<ClusterEvent> for RawClusterEvent {
    fn from(e: ClusterEvent) -> Self {
        let mut raw = RawClusterEvent { at: e.at, patch: None, delete: None, controller_down: None, trigger: None };
        match e.action {
            ClusterAction::Patch { cron_job, spec } => raw.patch = Some(RawPatch { cron_job, spec }),
            ClusterAction::DeleteJob { job } => raw.delete = Some(PodSelector { job: Some(job), cron_job: None }),
            ClusterAction::DeleteCronJob { cron_job } => {
                raw.delete = Some(PodSelector { job: None, cron_job: Some(cron_job) })
            }
            ClusterAction::ControllerDown { until } => raw.controller_down = Some(RawDown { until }),
            ClusterAction::Trigger { cron_job } => raw.trigger = Some(RawTrigger { cron_job }),
        }
        raw
    }
}
