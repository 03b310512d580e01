//! Hand-made traces for this layer's unit tests, in the interface's JSON shape. They tell the
//! stories of the seeds (not outputs of the engine): seed 002's schedule edit that runs
//! retroactively, and seed 003's OnFailure Job whose Pod restarts in CrashLoopBackOff until the
//! backoff limit deletes it.

use crate::sim::trace::{ClusterRecord, Time, Trace};

pub fn t(text: &str) -> Time {
    chrono::DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&chrono::Utc)
}

/// Seed 002: `cron-test` at "5 13 * * *", created 13:01:51; at 13:15 the schedule becomes
/// "10 13 * * *"; at 13:16 the 13:05 Job is deleted and the 13:10 slot runs retroactively;
/// kube-controller-manager is down 13:30–13:40; at 13:45 the CronJob is suspended.
pub fn retroactive() -> Trace {
    let mut trace: Trace = serde_json::from_value(serde_json::json!({
        "kubernetesVersion": "1.26", "start": "2023-03-22T13:01:51Z", "end": "2023-03-22T14:01:51Z",
        "events": [
            {"time": "2023-03-22T13:05:00Z", "object": {"kind": "CronJob", "name": "cron-test"}, "type": "Normal",
             "reason": "SuccessfulCreate", "message": "Created job cron-test-27991505", "source": "cronjob-controller"},
            {"time": "2023-03-22T13:05:08Z", "object": {"kind": "CronJob", "name": "cron-test"}, "type": "Normal",
             "reason": "SawCompletedJob", "message": "Saw completed job: cron-test-27991505, status: \
             Complete", "source": "cronjob-controller"},
            {"time": "2023-03-22T13:16:00Z", "object": {"kind": "CronJob", "name": "cron-test"}, "type": "Normal",
             "reason": "SuccessfulCreate", "message": "Created job cron-test-27991510", "source": "cronjob-controller"},
            {"time": "2023-03-22T13:16:12Z", "object": {"kind": "CronJob", "name": "cron-test"}, "type": "Normal",
             "reason": "SawCompletedJob", "message": "Saw completed job: cron-test-27991510, status: \
             Complete", "source": "cronjob-controller"}
        ],
        "jobs": [
            {"name": "cron-test-27991505", "cronJob": "cron-test", "scheduledTime": "2023-03-22T13:05:00Z",
             "createdAt": "2023-03-22T13:05:00Z",
             "finishedAt": "2023-03-22T13:05:08Z", "condition": "Complete", "reason": null,
             "deletedAt": "2023-03-22T13:16:00Z", "deletedBy": "user"},
            {"name": "cron-test-27991510", "cronJob": "cron-test", "scheduledTime": "2023-03-22T13:10:00Z",
             "createdAt": "2023-03-22T13:16:00Z",
             "finishedAt": "2023-03-22T13:16:12Z", "condition": "Complete", "reason": null, "deletedAt": null,
             "deletedBy": null}
        ],
        "pods": [
            {"name": "cron-test-27991505-56v87", "job": "cron-test-27991505", "createdAt": "2023-03-22T13:05:00Z",
             "startedAt": "2023-03-22T13:05:00Z",
             "finishedAt": "2023-03-22T13:05:08Z", "phase": "Succeeded", "restarts": [], "exitCodes": [0],
             "deletedAt": "2023-03-22T13:16:00Z", "deletedBecause": "garbage collected with its Job"},
            {"name": "cron-test-27991510-rnwvs", "job": "cron-test-27991510", "createdAt": "2023-03-22T13:16:00Z",
             "startedAt": "2023-03-22T13:16:00Z",
             "finishedAt": "2023-03-22T13:16:12Z", "phase": "Succeeded", "restarts": [], "exitCodes": [0],
             "deletedAt": null, "deletedBecause": null}
        ],
        "syncs": [
            {"controller": "cronjob", "at": "2023-03-22T13:05:00Z", "object": "cron-test", "trigger": "requeue",
             "decision": {"code": "created", "explanation": "13:05:00 is the most recent unmet schedule time; created \
                 cron-test-27991505."}, "requeueAfterSeconds": 86400.0},
            {"controller": "cronjob", "at": "2023-03-22T13:16:00Z", "object": "cron-test", "trigger": "job-event",
             "decision": {"code": "created", "explanation": "lastScheduleTime is 13:05:00; the new schedule's 13:10:00 \
                 is after it and unmet, so it starts now."}, "requeueAfterSeconds": 86040.0}
        ],
        "slots": [
            {"cronJob": "cron-test", "scheduledTime": "2023-03-22T13:05:00Z", "fate": "ran-on-time",
             "job": "cron-test-27991505", "explanation": "Created on the first sync after it was due."},
            {"cronJob": "cron-test", "scheduledTime": "2023-03-22T13:10:00Z", "fate": "ran-late",
             "job": "cron-test-27991510",
             "explanation": "Retroactive: the schedule edit made 13:10 an unmet time after lastScheduleTime."}
        ],
        "cronJobs": [{"name": "cron-test", "status": {"lastScheduleTime": "2023-03-22T13:10:00Z"}}]
    }))
    .unwrap();
    trace.cluster = retroactive_cluster();
    trace
}

/// Seed 002's cluster: the CronJob's specs over time, the edit, the deletion, the outage and the
/// suspension.
fn retroactive_cluster() -> ClusterRecord {
    serde_json::from_value(serde_json::json!({
        "cronJobs": [{"name": "cron-test", "deletedAt": null, "specs": [
            {"at": "2023-03-22T13:01:51Z", "schedule": "5 13 * * *", "timeZone": null, "suspend": false,
             "concurrencyPolicy": "Allow"},
            {"at": "2023-03-22T13:15:00Z", "schedule": "10 13 * * *", "timeZone": null, "suspend": false,
             "concurrencyPolicy": "Allow"},
            {"at": "2023-03-22T13:45:00Z", "schedule": "10 13 * * *", "timeZone": null, "suspend": true,
             "concurrencyPolicy": "Allow"}
        ]}],
        "events": [
            {"event": {"at": "2023-03-22T13:15:00Z", "patch": {"cronJob": "cron-test",
             "spec": {"schedule": "10 13 * * *"}}}, "refused": null},
            {"event": {"at": "2023-03-22T13:16:00Z", "delete": {"job": "cron-test-27991505"}}, "refused": null},
            {"event": {"at": "2023-03-22T13:30:00Z", "controllerDown": {"until": "2023-03-22T13:40:00Z"}},
             "refused": null},
            {"event": {"at": "2023-03-22T13:45:00Z", "patch": {"cronJob": "cron-test", "spec": {"suspend": true}}},
             "refused": null}
        ],
        "outages": [{"from": "2023-03-22T13:30:00Z", "to": "2023-03-22T13:40:00Z"}]
    }))
    .unwrap()
}

/// Seed 003: a Job with `restartPolicy: OnFailure`, `backoffLimit: 3`; each container runs 30 s
/// and exits 1; the kubelet restarts it after 0 s, 10 s, 20 s; the Job fails and its Pod is
/// deleted during the last run.
pub fn crash_loop() -> Trace {
    serde_json::from_value(serde_json::json!({
        "kubernetesVersion": "1.29", "start": "2024-08-01T00:00:00Z", "end": "2024-08-01T00:10:00Z",
        "events": [
            {"time": "2024-08-01T00:00:00Z", "object": {"kind": "Job", "name": "job-example"}, "type": "Normal",
             "reason": "SuccessfulCreate", "message": "Created pod: job-example-njt5c", "source": "job-controller"},
            {"time": "2024-08-01T00:01:00Z", "object": {"kind": "Pod", "name": "job-example-njt5c"}, "type": "Warning",
             "reason": "BackOff", "message": "Back-off restarting failed container main in pod \
                 job-example-njt5c_default(uid)", "source": "kubelet"},
            {"time": "2024-08-01T00:01:50Z", "object": {"kind": "Pod", "name": "job-example-njt5c"}, "type": "Warning",
             "reason": "BackOff", "message": "Back-off restarting failed container main in pod \
                 job-example-njt5c_default(uid)", "source": "kubelet"},
            {"time": "2024-08-01T00:02:50Z", "object": {"kind": "Job", "name": "job-example"}, "type": "Warning",
             "reason": "BackoffLimitExceeded", "message": "Job has reached the specified backoff \
             limit", "source": "job-controller"}
        ],
        "jobs": [
            {"name": "job-example", "cronJob": null, "scheduledTime": null, "createdAt": "2024-08-01T00:00:00Z",
             "finishedAt": "2024-08-01T00:02:50Z", "condition": "Failed", "reason": "BackoffLimitExceeded",
             "deletedAt": null, "deletedBy": null}
        ],
        "pods": [
            {"name": "job-example-njt5c", "job": "job-example", "createdAt": "2024-08-01T00:00:00Z",
             "startedAt": "2024-08-01T00:00:03Z",
             "finishedAt": null, "phase": "Running",
             "restarts": [{"at": "2024-08-01T00:00:33Z", "afterBackoffSeconds": 0.0},
                          {"at": "2024-08-01T00:01:13Z", "afterBackoffSeconds": 10.0},
                          {"at": "2024-08-01T00:02:03Z", "afterBackoffSeconds": 20.0}],
             "exitCodes": [1, 1, 1], "deletedAt": "2024-08-01T00:02:50Z", "deletedBecause": "Job has reached the \
                 specified backoff limit"}
        ],
        "syncs": [
            {"controller": "job", "at": "2024-08-01T00:02:50Z", "object": "job-example", "trigger": "pod-event",
             "decision": {"code": "backoff-limit-exceeded", "explanation": "3 container restarts reached backoffLimit \
                 3 (restartPolicy OnFailure counts restarts)."}, "requeueAfterSeconds": null}
        ],
        "slots": [],
        "cronJobs": []
    }))
    .unwrap()
}
