//! The world at one instant of a run as `kubectl get cronjob,job,pod -o yaml` would print it —
//! a `v1` `List` — for the page's "state at the cursor" export. Only what the trace knows is
//! written: names, owners, the CronJob's schedule and suspend after the scenario's edits, its
//! `active` Jobs and `lastScheduleTime`, each Job's start, completion and terminal condition, each
//! Pod's phase and restart count.

use crate::sim::trace::{format_time, FinishedCondition, RecordedPodPhase, Time, Trace};
use crate::timeline::kubectl::cron_jobs_state;
use crate::timeline::pod_lanes::{pod_segments, SegmentKind};
use serde_json::{json, Value};

/// The objects that exist at `t`, as a `List`.
///
/// ```
/// use cronjob_playground::app::snapshot::state_at;
/// let manifest = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: hello, creationTimestamp: \
///     '2025-01-15T10:00:00Z'}\n\
///     spec:\n  schedule: '*/30 * * * *'\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          \
///     restartPolicy: OnFailure\n          containers: [{name: c, image: busybox}]\n";
/// let trace = cronjob_playground::sim::simulate(manifest, Some(serde_json::json!({"duration": "1h"}))).unwrap();
/// let list = state_at(&trace, "2025-01-15T10:30:05Z".parse().unwrap());
/// assert_eq!(list["items"][0]["spec"]["schedule"], "*/30 * * * *");
/// assert_eq!(list["items"][0]["status"]["active"][0]["name"], "hello-28948950");
/// assert_eq!(list["items"][1]["kind"], "Job");
/// ```
pub fn state_at(trace: &Trace, t: Time) -> Value {
    let mut items = vec![];
    for c in cron_jobs_state(trace, t) {
        let active: Vec<Value> =
            c.active.iter().map(|j| json!({"apiVersion": "batch/v1", "kind": "Job", "name": j.name})).collect();
        let mut status = json!({});
        if !active.is_empty() {
            status["active"] = json!(active);
        }
        if let Some(last) = c.last_schedule_time {
            status["lastScheduleTime"] = json!(format_time(&last));
        }
        items.push(json!({
            "apiVersion": "batch/v1", "kind": "CronJob",
            "metadata": {"name": c.name},
            "spec": {"schedule": c.schedule, "suspend": c.suspend},
            "status": status,
        }));
    }
    for j in trace.jobs.iter().filter(|j| j.created_at <= t && j.deleted_at.is_none_or(|d| d > t)) {
        let mut metadata = json!({"name": j.name, "creationTimestamp": format_time(&j.created_at)});
        if let Some(c) = &j.cron_job {
            metadata["ownerReferences"] =
                json!([{"apiVersion": "batch/v1", "kind": "CronJob", "name": c, "controller": true}]);
        }
        let pods = || trace.pods.iter().filter(|p| p.job == j.name && p.created_at <= t);
        let ended =
            |p: &&crate::sim::trace::PodRecord, phase| p.phase == phase && p.finished_at.is_some_and(|f| f <= t);
        let mut status = json!({"startTime": format_time(&j.created_at)});
        let active =
            pods().filter(|p| p.finished_at.is_none_or(|f| f > t) && p.deleted_at.is_none_or(|d| d > t)).count();
        let succeeded = pods().filter(|p| ended(p, RecordedPodPhase::Succeeded)).count();
        let failed = pods().filter(|p| ended(p, RecordedPodPhase::Failed)).count();
        for (key, n) in [("active", active), ("succeeded", succeeded), ("failed", failed)] {
            if n > 0 {
                status[key] = json!(n);
            }
        }
        if let (Some(done), Some(condition)) = (j.finished_at.filter(|f| *f <= t), j.condition) {
            let mut c =
                json!({"type": format!("{condition:?}"), "status": "True", "lastTransitionTime": format_time(&done)});
            if let Some(r) = &j.reason {
                c["reason"] = json!(r);
            }
            status["conditions"] = json!([c]);
            if condition == FinishedCondition::Complete {
                status["completionTime"] = json!(format_time(&done));
            }
        }
        items.push(json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": metadata, "status": status}));
    }
    for p in trace.pods.iter().filter(|p| p.created_at <= t && p.deleted_at.is_none_or(|d| d > t)) {
        let finished = p.finished_at.is_some_and(|f| f <= t);
        let (segments, _) = pod_segments(p, trace.end);
        let phase = if finished {
            format!("{:?}", p.phase)
        } else if segments.iter().any(|s| s.from <= t && s.kind != SegmentKind::Pending) {
            "Running".into()
        } else {
            "Pending".into()
        };
        items.push(json!({
            "apiVersion": "v1", "kind": "Pod",
            "metadata": {"name": p.name, "creationTimestamp": format_time(&p.created_at),
                "labels": {"job-name": p.job}},
            "status": {"phase": phase, "containerStatuses": [{"name": "main",
                "restartCount": p.restarts.iter().filter(|r| r.at <= t).count()}]},
        }));
    }
    json!({"apiVersion": "v1", "kind": "List", "metadata": {"resourceVersion": "", "atTime": format_time(&t)},
        "items": items})
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::document::to_yaml;

    #[test]
    fn seed_002_after_the_edit_and_the_deletion() {
        let trace = crate::timeline::fixture::retroactive();
        let yaml = to_yaml(&state_at(&trace, "2023-03-22T13:20:00Z".parse().unwrap()));
        let head = "apiVersion: v1\nitems:\n- apiVersion: batch/v1\n  kind: CronJob\n  metadata:\n    name: \
            cron-test\n  spec:\n    schedule: \"10 13 * * *\"\n    suspend: false\n  status:\n    lastScheduleTime: \
            \"2023-03-22T13:10:00Z\"\n- apiVersion: batch/v1\n  kind: Job\n  metadata:\n    creationTimestamp: \
            \"2023-03-22T13:16:00Z\"\n    name: cron-test-27991510\n";
        assert!(yaml.starts_with(head), "{yaml}");
        assert!(
            yaml.contains(
                "    conditions:\n    - {lastTransitionTime: \"2023-03-22T13:16:12Z\", status: \"True\", \
                type: Complete}\n"
            ),
            "{yaml}"
        );
        assert!(!yaml.contains("cron-test-27991505"), "the deleted Job is gone: {yaml}");
        assert!(yaml.contains("  kind: Pod\n"), "{yaml}");
        assert!(
            yaml.ends_with("kind: List\nmetadata:\n  atTime: \"2023-03-22T13:20:00Z\"\n  resourceVersion: \"\"\n"),
            "{yaml}"
        );
    }
}
