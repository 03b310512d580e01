//! The upstream Job controller test tables (`tests/data/job_cases.json`: v1.28.7 and v1.23.13
//! executed, master transcribed), run against the pure Job controller. Each suite rebuilds the
//! upstream fixture (`newJob`, the helper-made pods, the fake clock) from the case data.

use chrono::{DateTime, TimeDelta, TimeZone, Utc};
use cronjob_playground::api::*;
use cronjob_playground::controller::job::backoff::{remaining_backoff, BackoffRecord};
use cronjob_playground::controller::job::pods::{finished_time, JOB_COMPLETION_INDEX_ANNOTATION, JOB_TRACKING_FINALIZER};
use cronjob_playground::controller::job::*;
use serde_json::Value;
use std::collections::BTreeMap;

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2024, 3, 1, 12, 0, 0).unwrap()
}

/// Replaces the table's symbolic instants ("NOW", "NOW-1s", {"t_rel_s": x}) by real ones.
fn resolve(v: &mut Value) {
    match v {
        Value::String(s) if s.starts_with("NOW") => {
            let offset = s.strip_prefix("NOW-").and_then(|r| r.strip_suffix('s')).map_or(0, |n| n.parse::<i64>().unwrap());
            *v = Value::String((now() - TimeDelta::seconds(offset)).to_rfc3339());
        }
        Value::Object(m) if m.len() == 1 && m.contains_key("t_rel_s") => {
            let ms = (m["t_rel_s"].as_f64().unwrap() * 1000.0) as i64;
            *v = Value::String((now() + TimeDelta::milliseconds(ms)).to_rfc3339());
        }
        Value::Object(m) => m.values_mut().for_each(resolve),
        Value::Array(a) => a.iter_mut().for_each(resolve),
        _ => {}
    }
}

fn suite(name: &str) -> Vec<(String, Value, Value)> {
    let mut data: Value = serde_json::from_str(include_str!("data/job_cases.json")).unwrap();
    resolve(&mut data);
    let s = data["suites"].as_array().unwrap().iter().find(|s| s["suite"] == name).unwrap_or_else(|| panic!("{name}"));
    s["cases"].as_array().unwrap().iter().map(|c| (c["name"].as_str().unwrap().to_string(), c["input"].clone(), c["expect"].clone())).collect()
}

fn de<T: serde::de::DeserializeOwned>(v: &Value) -> T {
    serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("{e}: {v}"))
}

fn i32_of(v: &Value) -> i32 {
    v.as_i64().unwrap_or(0) as i32
}

fn features(minor: u8) -> JobFeatures {
    JobFeatures::for_version(KubernetesVersion::new(minor).unwrap(), None)
}

/// `newJob(parallelism, completions, backoffLimit, completionMode)`; −1 means unset.
fn new_job(parallelism: i32, completions: i32, backoff_limit: i32, mode: &str) -> Job {
    let labels: BTreeMap<String, String> = [("foo".to_string(), "bar".to_string())].into();
    Job {
        metadata: ObjectMeta { name: "foobar".into(), namespace: "default".into(), uid: "job-uid".into(), ..Default::default() },
        spec: JobSpec {
            parallelism: (parallelism >= 0).then_some(parallelism),
            completions: (completions >= 0).then_some(completions),
            backoff_limit: Some(backoff_limit),
            completion_mode: (!mode.is_empty()).then(|| de(&Value::String(mode.into()))),
            selector: Some(LabelSelector { match_labels: labels.clone(), ..Default::default() }),
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels, ..Default::default() },
                spec: PodSpec { containers: vec![Container { image: "foo/bar".into(), ..Default::default() }], ..Default::default() },
            },
            ..Default::default()
        },
        ..Default::default()
    }
}

fn long_ago() -> DateTime<Utc> {
    "0001-01-01T00:00:01Z".parse().unwrap()
}

/// A helper-made pod of the Job: name/uid `pod-<n>`, ownerRef, labels, tracking finalizer.
fn job_pod(job: &Job, n: usize, phase: PodPhase) -> Pod {
    let mut p = Pod {
        metadata: ObjectMeta {
            name: format!("pod-{n}"),
            uid: format!("pod-uid-{n}"),
            namespace: "default".into(),
            labels: job.spec.template.metadata.labels.clone(),
            finalizers: vec![JOB_TRACKING_FINALIZER.into()],
            ..Default::default()
        },
        ..Default::default()
    };
    p.status.phase = Some(phase);
    if matches!(phase, PodPhase::Failed | PodPhase::Succeeded) {
        p.status.container_statuses = vec![ContainerStatus {
            state: ContainerState {
                terminated: Some(ContainerStateTerminated { finished_at: Some(long_ago()), ..Default::default() }),
                ..Default::default()
            },
            ..Default::default()
        }];
    }
    p
}

fn set_ready(p: &mut Pod) {
    p.status.conditions.push(PodCondition { condition_type: POD_READY.into(), status: ConditionStatus::True, ..Default::default() });
}

fn run(job: &Job, pods: &[Pod], f: JobFeatures, memory: &JobMemory, faults: &PodApiFaults, at: DateTime<Utc>) -> JobSyncResult {
    sync_job(&JobSyncInput { job, pods, now: at, features: f, memory, faults })
}

fn written(job: &Job, r: &JobSyncResult) -> JobStatus {
    r.status.clone().unwrap_or_else(|| job.status.clone())
}

fn opt_i32(v: &Value) -> Option<i32> {
    v.as_i64().map(|n| n as i32)
}

/// Checks `expectedCondition`/`expectedConditionReason`[/`Status`]: that condition must exist, or
/// when null no condition may be True.
fn check_condition(name: &str, status: &JobStatus, e: &Value) {
    match e["expectedCondition"].as_str() {
        Some(t) => {
            let want_status = e.get("expectedConditionStatus").and_then(Value::as_str).unwrap_or("True");
            let found = status.conditions.iter().any(|c| {
                serde_json::to_value(c.condition_type).unwrap() == t
                    && serde_json::to_value(c.status).unwrap() == want_status
                    && c.reason == e["expectedConditionReason"].as_str().unwrap_or("")
            });
            assert!(found, "{name}: want condition {t}/{want_status}/{}, have {:?}", e["expectedConditionReason"], status.conditions);
        }
        None => assert!(
            !status.conditions.iter().any(|c| c.status == ConditionStatus::True),
            "{name}: unexpected conditions {:?}",
            status.conditions
        ),
    }
}

#[test]
fn controller_sync_job_v1_28() {
    let mut passed = 0;
    for (name, i, e) in suite("TestControllerSyncJob@v1.28.7") {
        let mut f = features(28);
        f.job_ready_pods = i["jobReadyPodsEnabled"] == true;
        f.pod_index_label = i["podIndexLabelDisabled"] != true;
        f.pod_replacement_policy = i["jobPodReplacementPolicy"] == true;
        f.pod_failure_policy = i["jobPodFailurePolicy"] == true;
        let at = if i["controllerTime"].is_string() { de(&i["controllerTime"]) } else { now() };
        let mut job = new_job(i32_of(&i["parallelism"]), i32_of(&i["completions"]), i32_of(&i["backoffLimit"]), i["completionMode"].as_str().unwrap_or(""));
        job.spec.suspend = Some(i["suspend"] == true);
        if f.pod_replacement_policy && !i["podReplacementPolicy"].is_null() {
            job.spec.pod_replacement_policy = Some(de(&i["podReplacementPolicy"]));
        }
        if f.pod_failure_policy && !i["podFailurePolicy"].is_null() {
            job.spec.pod_failure_policy = Some(de(&i["podFailurePolicy"]));
        }
        if let Some(s) = i["initialStatus"].as_object() {
            job.status.start_time = Some(s.get("startTime").filter(|v| v.is_string()).map_or(at, de));
            job.status.active = i32_of(&s["active"]);
            job.status.succeeded = i32_of(&s["succeed"]);
            job.status.failed = i32_of(&s["failed"]);
        }
        if i["wasSuspended"] == true {
            job.status.conditions.push(new_condition(JobConditionType::Suspended, ConditionStatus::True, "JobSuspended", "Job suspended", at));
        }
        if i["deleting"] == true {
            job.metadata.deletion_timestamp = Some(at);
        }
        let mut pods = vec![];
        let mut add = |phase: PodPhase, count: i64, pods: &mut Vec<Pod>| {
            for _ in 0..count {
                let n = pods.len();
                pods.push(job_pod(&job, n, phase));
            }
        };
        add(PodPhase::Pending, i["pendingPods"].as_i64().unwrap_or(0), &mut pods);
        let first_active = pods.len();
        add(PodPhase::Running, i["activePods"].as_i64().unwrap_or(0), &mut pods);
        for p in pods.iter_mut().skip(first_active).take(i["readyPods"].as_i64().unwrap_or(0) as usize) {
            set_ready(p);
        }
        add(PodPhase::Succeeded, i["succeededPods"].as_i64().unwrap_or(0), &mut pods);
        add(PodPhase::Failed, i["failedPods"].as_i64().unwrap_or(0), &mut pods);
        let first_terminating = pods.len();
        add(PodPhase::Running, i["terminatingPods"].as_i64().unwrap_or(0), &mut pods);
        for p in pods.iter_mut().skip(first_terminating) {
            p.metadata.deletion_timestamp = Some(at);
        }
        for w in i["podsWithIndexes"].as_array().into_iter().flatten() {
            let n = pods.len();
            let mut p = job_pod(&job, n, de(&w["Phase"]));
            if w["Index"] != "-" {
                p.metadata.annotations.insert(JOB_COMPLETION_INDEX_ANNOTATION.into(), w["Index"].as_str().unwrap().into());
            }
            pods.push(p);
        }
        let mut memory = JobMemory { unsatisfied_expectations: i32_of(&i["fakeExpectationAtCreation"]) != 0, ..Default::default() };
        if let Some(b) = i["backoffRecord"].as_object() {
            memory.backoff = BackoffRecord {
                failures_after_last_success: b["failuresAfterLastSuccess"].as_u64().unwrap() as u32,
                last_failure_time: b.get("lastFailureTime").filter(|v| v.is_string()).map(de),
            };
        }
        let faults = PodApiFaults {
            error: i["podControllerError"]["error"].as_str().map(String::from),
            create_limit: i["podLimit"].as_u64().filter(|&l| l > 0).map(|l| l as usize),
        };
        let r = run(&job, &pods, f, &memory, &faults, at);
        let st = written(&job, &r);
        // The fake pod control records a create call even when it then returns the injected error.
        let creations = r.created.len() + if faults.error.is_some() { r.failed_creations } else { 0 };
        let patches = r.finalizers_removed.len() + r.failed_finalizer_removals + r.deleted.iter().filter(|d| d.remove_finalizer_first).count();
        let got = (creations as i64, (r.deleted.len() + r.failed_deletions) as i64, patches as i64, st.active, st.succeeded, st.failed);
        let want = (
            e["expectedCreations"].as_i64().unwrap(),
            e["expectedDeletions"].as_i64().unwrap(),
            e["expectedPodPatches"].as_i64().unwrap(),
            i32_of(&e["expectedActive"]),
            i32_of(&e["expectedSucceeded"]),
            i32_of(&e["expectedFailed"]),
        );
        assert_eq!(got, want, "{name}: (creations, deletions, patches, active, succeeded, failed) — {:?}", r.decision);
        assert_eq!(st.ready, opt_i32(&e["expectedReady"]), "{name}: ready");
        assert_eq!(st.terminating, opt_i32(&e["expectedTerminating"]), "{name}: terminating");
        assert_eq!(st.completed_indexes.clone().unwrap_or_default(), e["expectedCompletedIdxs"].as_str().unwrap(), "{name}: completedIndexes");
        if let Some(want) = e["expectedCreatedIndexes"].as_array() {
            let mut got: Vec<String> = r.created.iter().map(|p| p.metadata.annotations[JOB_COMPLETION_INDEX_ANNOTATION].clone()).collect();
            let mut want: Vec<String> = want.iter().map(|v| v.as_str().unwrap().to_string()).collect();
            got.sort();
            want.sort();
            assert_eq!(got, want, "{name}: created indexes");
            if !f.pod_index_label {
                assert!(r.created.iter().all(|p| !p.metadata.labels.contains_key(JOB_COMPLETION_INDEX_ANNOTATION)), "{name}");
            }
        }
        check_condition(&name, &st, &e);
        passed += 1;
    }
    assert_eq!(passed, 47);
}
