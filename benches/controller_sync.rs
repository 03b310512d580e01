//! The cost of one controller sync, without the runtime around it: the CronJob sync of a
//! `* * * * *` CronJob with its three finished Jobs (at the slot: create; between slots: nothing
//! due), the Job sync of a Job with its one pod (running; succeeded), and the kubelet's pod steps
//! (container start and exit). A year of that CronJob (`cargo bench --bench sim_year`) makes
//! about 14 controller syncs per slot, so each must cost well under a microsecond or two.
//!
//! Run: `cargo bench --bench controller_sync`. Prints the median and the best ns per call over
//! many short timed chunks (the median is robust to other processes preempting a few of them).

use chrono::{DateTime, TimeDelta, Utc};
use cronjob_playground::api::{CronJob, Job, KubernetesVersion, Pod};
use cronjob_playground::controller::cronjob::{
    self, ApiServer, Behaviour, DecisionCode, Faults, JobsView, ParsedSchedule, SyncInput,
};
use cronjob_playground::controller::job::{sync_job, JobFeatures, JobMemory, JobSyncInput, PodApiFaults};
use cronjob_playground::controller::kubelet::{container_exited, start_container};
use serde_json::json;
use std::hint::black_box;
use std::time::Instant;

const ROUNDS: usize = 31;

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).expect("RFC 3339").to_utc()
}

/// Median and best ns per call of `f`, each round timing a chunk of `chunk` calls.
fn measure(chunk: usize, mut f: impl FnMut()) -> (f64, f64) {
    for _ in 0..chunk {
        f();
    }
    let mut per_call: Vec<f64> = (0..ROUNDS)
        .map(|_| {
            let t0 = Instant::now();
            for _ in 0..chunk {
                f();
            }
            t0.elapsed().as_nanos() as f64 / chunk as f64
        })
        .collect();
    per_call.sort_by(f64::total_cmp);
    (per_call[ROUNDS / 2], per_call[0])
}

fn report(what: &str, (median, best): (f64, f64)) {
    println!("{what:<52} {median:>9.0} {best:>9.0}");
}

fn cron_job(last_schedule: &str, active: &[&str]) -> CronJob {
    let active: Vec<_> = active
        .iter()
        .map(|n| json!({"kind": "Job", "namespace": "default", "name": n, "uid": format!("default/{n}")}))
        .collect();
    serde_json::from_value(json!({
        "metadata": {"name": "every-minute", "namespace": "default", "uid": "cj-uid", "creationTimestamp": "2025-01-01T00:00:00Z"},
        "spec": {"schedule": "* * * * *", "successfulJobsHistoryLimit": 3, "failedJobsHistoryLimit": 1, "jobTemplate": {"spec": {"template": {"spec": {
            "restartPolicy": "OnFailure", "containers": [{"name": "work", "image": "busybox"}]}}}}},
        "status": {"lastScheduleTime": last_schedule, "active": active}
    }))
    .expect("a CronJob")
}

/// A Job of the CronJob for `slot`, finished (`Complete`) 30 s after it when `done`.
fn job(slot: &str, done: bool) -> Job {
    let start = at(slot);
    let name = format!("every-minute-{}", start.timestamp() / 60);
    let end = (start + TimeDelta::seconds(31)).to_rfc3339();
    let status = if done {
        json!({"startTime": slot, "completionTime": end, "succeeded": 1,
               "conditions": [{"type": "Complete", "status": "True", "lastTransitionTime": end}]})
    } else {
        json!({"startTime": slot, "active": 1})
    };
    serde_json::from_value(json!({
        "metadata": {"name": name, "namespace": "default", "uid": format!("default/{name}"), "creationTimestamp": slot,
            "ownerReferences": [{"apiVersion": "batch/v1", "kind": "CronJob", "name": "every-minute", "uid": "cj-uid", "controller": true}]},
        "spec": {"parallelism": 1, "completions": 1, "backoffLimit": 6, "template": {"spec": {
            "restartPolicy": "OnFailure", "containers": [{"name": "work", "image": "busybox"}]}}},
        "status": status
    }))
    .expect("a Job")
}

fn pod_of(job: &Job) -> Pod {
    let name = format!("{}-x7kq2", job.metadata.name);
    serde_json::from_value(json!({
        "metadata": {"name": name, "namespace": "default", "uid": format!("default/{name}"),
            "finalizers": ["batch.kubernetes.io/job-tracking"],
            "ownerReferences": [{"apiVersion": "batch/v1", "kind": "Job", "name": job.metadata.name, "uid": job.metadata.uid, "controller": true}]},
        "spec": {"restartPolicy": "OnFailure", "containers": [{"name": "work", "image": "busybox"}]}
    }))
    .expect("a Pod")
}

fn cronjob_syncs() {
    let behaviour = Behaviour::of(KubernetesVersion::new(28).expect("1.28"));
    let faults = Faults::default();
    let history =
        [job("2025-03-01T09:57:00Z", true), job("2025-03-01T09:58:00Z", true), job("2025-03-01T09:59:00Z", true)];
    let sync = |cj: &CronJob, jobs: &[Job], now: &str, expect: DecisionCode| {
        let now = at(now);
        let jobs: Vec<&Job> = jobs.iter().collect();
        let jobs = jobs.as_slice();
        // What a runtime keeps between syncs: the schedule parsed once.
        let schedule = ParsedSchedule::of(cj, &behaviour, cronjob_playground::go::Tz::UTC);
        let input = SyncInput {
            behaviour,
            now,
            controller_zone: cronjob_playground::go::Tz::UTC,
            cron_job: cj,
            jobs,
            api: ApiServer { jobs: JobsView::List(jobs), cron_job: cj, faults: &faults },
            new_job_uid: Some("uid-1"),
            schedule: Some(&schedule),
        };
        assert_eq!(cronjob::sync(&input).decision.code, expect);
        measure(2_000, || {
            black_box(cronjob::sync(black_box(&input)));
        })
    };
    let due = cron_job("2025-03-01T09:59:00Z", &[]);
    report(
        "cronjob: slot due, 3 finished jobs (create)",
        sync(&due, &history, "2025-03-01T10:00:00.1Z", DecisionCode::Created),
    );
    let mut running = history.to_vec();
    let current = job("2025-03-01T10:00:00Z", false);
    let between = cron_job("2025-03-01T10:00:00Z", &[&current.metadata.name]);
    running.push(current);
    report(
        "cronjob: between slots, 1 running + 3 finished",
        sync(&between, &running, "2025-03-01T10:00:10Z", DecisionCode::NotDue),
    );
}

fn job_syncs() {
    let features = JobFeatures::for_version(KubernetesVersion::new(28).expect("1.28"), None);
    let (memory, faults) = (JobMemory::default(), PodApiFaults::default());
    let job = job("2025-03-01T10:00:00Z", false);
    let now = at("2025-03-01T10:00:10Z");
    let pod = pod_of(&job);
    let running = Pod { status: start_container(&pod, at("2025-03-01T10:00:01Z"), 0), ..pod.clone() };
    let succeeded = Pod { status: container_exited(&running, 0, at("2025-03-01T10:00:31Z")).0, ..pod.clone() };
    for (what, pods) in [("job: one running pod", &running), ("job: its pod succeeded (complete)", &succeeded)] {
        let pods = &[pods];
        let input = JobSyncInput { job: &job, pods, now, features, memory: &memory, faults: &faults };
        report(
            what,
            measure(2_000, || {
                black_box(sync_job(black_box(&input)));
            }),
        );
    }
    report(
        "kubelet: container start",
        measure(5_000, || {
            black_box(start_container(black_box(&pod), now, 0));
        }),
    );
    report(
        "kubelet: container exit",
        measure(5_000, || {
            black_box(container_exited(black_box(&running), 0, now));
        }),
    );
}

fn main() {
    println!("{:<52} {:>9} {:>9}", "ns per call", "median", "best");
    cronjob_syncs();
    job_syncs();
}
