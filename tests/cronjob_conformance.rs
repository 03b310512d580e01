//! The upstream v1.28.7 CronJob controller unit-test tables (`tests/data/cronjob_sync_cases.json`,
//! with the values the real code returned), ported as table tests. Every sync-level case runs
//! through the `sync` JSON contract (`wire::answer`); the helper-level cases call the helpers.

use chrono::{DateTime, TimeDelta, Utc};
use cronjob_playground::api::{CronJob, Job, KubernetesVersion};
use cronjob_playground::controller::cronjob::wire::{answer, SyncRequest, SyncResponse};
use cronjob_playground::controller::cronjob::{
    by_job_start_time, job_from_template, jobs_to_be_reconciled, most_recent_schedule_time, next_schedule_time,
    next_schedule_time_duration, on_cron_job_updated, Behaviour, BoundSchedule, Enqueue, Missed, ReconcileBy,
    RequeueRule, SlotInput, SlotSearch,
};
use serde_json::{json, Value};

fn cases() -> Vec<Value> {
    let all: Value = serde_json::from_str(include_str!("data/cronjob_sync_cases.json")).unwrap();
    all["cases"].as_array().unwrap().clone()
}

fn cases_of(test: &str) -> Vec<Value> {
    cases().into_iter().filter(|c| c["test"] == test).collect()
}

fn time(v: &Value) -> Option<DateTime<Utc>> {
    v.as_str().map(|s| DateTime::parse_from_rfc3339(s).unwrap().to_utc())
}

fn v128() -> Behaviour {
    Behaviour::of("1.28".parse::<KubernetesVersion>().unwrap())
}

/// Keeps only non-null entries, so `null` in the table means "unset".
fn compact(map: Value) -> Value {
    match map {
        Value::Object(m) => Value::Object(m.into_iter().filter(|(_, v)| !v.is_null()).collect()),
        other => other,
    }
}

/// A Job of the table as an API object.
fn job_object(j: &Value, cron_job: &Value) -> Value {
    let mut meta = json!({"name": j["name"], "namespace": j.get("namespace").cloned().unwrap_or(json!(cron_job["namespace"])),
        "uid": j.get("uid").cloned().unwrap_or(json!(j["name"])), "creationTimestamp": j["creationTimestamp"]});
    let owner = j.get("ownerRefName").and_then(Value::as_str).map(str::to_owned).or_else(|| {
        (j.get("ownedByCronJob") == Some(&json!(true))).then(|| cron_job["name"].as_str().unwrap().to_owned())
    });
    if let Some(owner) = owner {
        meta["ownerReferences"] = json!([{"apiVersion": "batch/v1", "kind": "CronJob", "name": owner,
            "uid": cron_job.get("uid").cloned().unwrap_or(json!("")), "controller": true, "blockOwnerDeletion": true}]);
    }
    let mut status = json!({"startTime": j.get("startTime"), "completionTime": j.get("completionTime")});
    if let Some(kind) = j["finishedCondition"].as_str() {
        status["conditions"] = json!([{"type": kind, "status": "True"}]);
    }
    json!({"metadata": compact(meta), "status": compact(status)})
}

fn status_object(s: &Value, jobs: &[Value], namespace: &Value) -> Value {
    let active: Vec<Value> = s["active"]
        .as_array()
        .unwrap()
        .iter()
        .map(|name| {
            let uid =
                jobs.iter().find(|j| j["name"] == *name).and_then(|j| j.get("uid").cloned()).unwrap_or(name.clone());
            json!({"kind": "Job", "namespace": namespace, "name": name, "uid": uid, "apiVersion": "batch/v1"})
        })
        .collect();
    compact(
        json!({"active": active, "lastScheduleTime": s["lastScheduleTime"], "lastSuccessfulTime": s["lastSuccessfulTime"]}),
    )
}

fn cron_job_object(cj: &Value, jobs: &[Value]) -> Value {
    let policy = cj["concurrencyPolicy"].as_str().filter(|p| !p.is_empty());
    let spec = compact(json!({
        "schedule": cj["schedule"], "timeZone": cj["timeZone"], "concurrencyPolicy": policy,
        "suspend": cj["suspend"], "startingDeadlineSeconds": cj["startingDeadlineSeconds"],
        "successfulJobsHistoryLimit": cj["successfulJobsHistoryLimit"], "failedJobsHistoryLimit": cj["failedJobsHistoryLimit"],
        "jobTemplate": {"metadata": {"labels": {"a": "b"}, "annotations": {"x": "y"}}},
    }));
    let meta = compact(json!({"name": cj["name"], "namespace": cj["namespace"], "uid": cj.get("uid"),
        "creationTimestamp": cj["creationTimestamp"]}));
    json!({"apiVersion": "batch/v1", "kind": "CronJob", "metadata": meta, "spec": spec,
        "status": status_object(&cj["status"], jobs, &cj["namespace"])})
}

/// The `sync` request a table case describes.
fn request_of(case: &Value) -> SyncRequest {
    let input = &case["input"];
    let cj = &input["cronJob"];
    let table_jobs = input["jobs"].as_array().unwrap().clone();
    let cache: Vec<Value> =
        table_jobs.iter().filter(|j| j["inInformerCache"] == json!(true)).map(|j| job_object(j, cj)).collect();
    let api: Vec<Value> = table_jobs
        .iter()
        .filter(|j| j.get("existsInAPIServer") != Some(&json!(false)))
        .map(|j| job_object(j, cj))
        .collect();
    let cron_job = cron_job_object(cj, &table_jobs);
    let mut request =
        json!({"kubernetesVersion": "1.28.7", "now": input["now"], "cronJob": cron_job, "jobs": cache, "apiJobs": api});
    if let Some(live) = input.get("apiServerCronJobStatus") {
        let mut live_cj = request["cronJob"].clone();
        live_cj["status"] = status_object(live, &table_jobs, &cj["namespace"]);
        request["liveCronJob"] = live_cj;
    }
    let mut faults = json!({});
    if let Some(err) = input.get("createJobError").filter(|e| !e.is_null()) {
        faults["createJob"] = compact(json!({"reason": err["kind"], "message": err.get("message")}));
    }
    if let Some(fake) = input.get("fakeGetJob") {
        match &fake["error"] {
            Value::Null => {
                if let Some(name) = fake["returnsJobNamed"].as_str() {
                    faults["getJob"] = json!({"answerWith": name});
                }
            }
            err => faults["getJob"] = json!({"reason": err["kind"], "message": err["message"]}),
        }
    }
    request["faults"] = faults;
    serde_json::from_value(request).unwrap_or_else(|e| panic!("{}: bad request: {e}", case["id"]))
}

fn run(case: &Value) -> SyncResponse {
    answer(&request_of(case)).unwrap_or_else(|e| panic!("{}: {e}", case["id"]))
}

fn active_names(r: &SyncResponse) -> Vec<String> {
    r.status_update.as_ref().map(|s| s.active.iter().map(|a| a.name.clone()).collect()).unwrap_or_default()
}

fn close(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => (a - b).abs() < 1e-6,
        (None, None) => true,
        _ => false,
    }
}

#[test]
fn sync_cron_job_table() {
    let cases = cases_of("TestControllerV2SyncCronJob");
    assert_eq!(cases.len(), 71);
    let mut failures = Vec::new();
    for case in &cases {
        let id = case["id"].as_str().unwrap();
        let want = &case["expected"];
        let got = run(case);
        let mut problems = Vec::new();
        if !close(got.requeue_after_seconds, want["requeueAfterSeconds"].as_f64()) {
            problems.push(format!("requeue {:?} != {}", got.requeue_after_seconds, want["requeueAfterSeconds"]));
        }
        let want_error = want["error"].get("message").and_then(Value::as_str).map(str::to_owned);
        if got.error != want_error {
            problems.push(format!("error {:?} != {want_error:?}", got.error));
        }
        if got.status_update.is_some() != want["updateStatus"].as_bool().unwrap() {
            problems.push(format!("statusUpdate {:?} but updateStatus {}", got.status_update, want["updateStatus"]));
        }
        let events: Value = serde_json::to_value(&got.events).unwrap();
        if events != want["events"] {
            problems.push(format!("events {events} != {}", want["events"]));
        }
        let created: Vec<Value> = got
            .created_jobs
            .iter()
            .map(|j| {
                json!({"name": j.metadata.name, "creationTimestamp": j.metadata.creation_timestamp,
                "annotations": j.metadata.annotations, "labels": j.metadata.labels})
            })
            .collect();
        let want_created: Vec<Value> = want["createdJobs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|j| json!({"name": j["name"], "creationTimestamp": time(&j["creationTimestamp"]), "annotations": j["annotations"], "labels": j["labels"]}))
            .collect();
        if created != want_created {
            problems.push(format!("created {created:?} != {want_created:?}"));
        }
        if got.deleted_jobs
            != want["deletedJobNames"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n.as_str().unwrap().to_owned())
                .collect::<Vec<_>>()
        {
            problems.push(format!("deleted {:?} != {}", got.deleted_jobs, want["deletedJobNames"]));
        }
        for job in &got.created_jobs {
            let owner = &job.metadata.owner_references[0];
            if (&*owner.kind, owner.name.as_str(), owner.controller) != ("CronJob", "mycronjob", Some(true)) {
                problems.push(format!("owner {owner:?}"));
            }
        }
        if let Some(status) = &got.status_update {
            let after = &want["statusAfter"];
            let want_active: Vec<String> =
                after["active"].as_array().unwrap().iter().map(|n| n.as_str().unwrap().to_owned()).collect();
            if active_names(&got) != want_active
                || status.last_schedule_time != time(&after["lastScheduleTime"])
                || status.last_successful_time != time(&after["lastSuccessfulTime"])
            {
                problems.push(format!("status {status:?} != {after}"));
            }
        }
        if !problems.is_empty() {
            failures.push(format!("{id}:\n    {}", problems.join("\n    ")));
        }
    }
    assert!(failures.is_empty(), "{} of {} cases differ:\n{}", failures.len(), cases.len(), failures.join("\n"));
}

#[test]
fn sync_level_tables_cleanup_and_already_exists() {
    for case in cases_of("TestControllerV2CleanupFinishedJobs") {
        let got = run(&case);
        assert_eq!(json!(got.deleted_jobs), case["expected"]["deletedJobNames"], "{}", case["id"]);
    }
    let adopted = &cases_of("TestControllerV2JobAlreadyExistsButNotInActiveStatus")[0];
    let got = run(adopted);
    assert_eq!(got.status_updates, 1);
    assert_eq!(active_names(&got), vec!["mycronjob-24394141"]);
    assert_eq!(got.status_update.unwrap().last_schedule_time, time(&json!("2016-05-19T09:59:00Z")));
    assert!(got.events.is_empty(), "no SuccessfulCreate for an adopted job");
    let foreign = &cases_of("TestControllerV2JobAlreadyExistsButDifferentOwner")[0];
    let got = run(foreign);
    assert_eq!((got.status_updates, got.requeue_after_seconds, got.error), (0, None, None));
}

fn schedule(text: &str, tz: &Value) -> BoundSchedule {
    let text = match tz.as_str() {
        Some(zone) => format!("TZ={zone} {text}"),
        None => text.to_owned(),
    };
    BoundSchedule::parse(&text, &v128(), cronjob_playground::go::Tz::UTC).unwrap()
}

fn slot_input(i: &Value) -> SlotInput {
    SlotInput {
        created: time(&i["creationTimestamp"]).unwrap(),
        last_scheduled: time(&i["lastScheduleTime"]),
        starting_deadline_seconds: i["startingDeadlineSeconds"].as_i64(),
    }
}

#[test]
fn most_recent_schedule_time_table() {
    let cases = cases_of("TestMostRecentScheduleTime");
    assert_eq!(cases.len(), 13);
    for case in cases {
        let (i, want) = (&case["input"], &case["expected"]);
        let s = schedule(i["schedule"].as_str().unwrap(), &i["timeZone"]);
        let include = i["includeStartingDeadlineSeconds"].as_bool().unwrap();
        let got =
            most_recent_schedule_time(SlotSearch::NextChain, &slot_input(i), time(&i["now"]).unwrap(), include, &s);
        match (&got, &want["error"]) {
            (Err(err), Value::Object(e)) => assert_eq!(json!(err.to_string()), e["message"], "{}", case["id"]),
            (Ok(found), Value::Null) => {
                let missed = match found.missed {
                    Missed::None => "none",
                    Missed::Few => "few",
                    Missed::Many => "many",
                };
                assert_eq!(
                    (Some(found.earliest), found.most_recent, missed),
                    (
                        time(&want["earliestTime"]),
                        time(&want["mostRecentTime"]),
                        want["missedSchedules"].as_str().unwrap()
                    ),
                    "{}",
                    case["id"]
                );
            }
            _ => panic!("{}: got {got:?}, want {want}", case["id"]),
        }
    }
}

#[test]
fn next_schedule_time_table_directly_and_through_sync() {
    let cases = cases_of("TestNextScheduleTime");
    assert_eq!(cases.len(), 8);
    for case in cases {
        let (i, want) = (&case["input"], &case["expected"]);
        let s = schedule(i["schedule"].as_str().unwrap(), &i["timeZone"]);
        let now = time(&i["now"]).unwrap();
        let got = next_schedule_time(SlotSearch::NextChain, &slot_input(i), now, &s);
        match (&got, &want["error"]) {
            (Err(err), Value::Object(e)) => assert_eq!(json!(err.to_string()), e["message"], "{}", case["id"]),
            (Ok(found), Value::Null) => assert_eq!(found.most_recent, time(&want["scheduledTime"]), "{}", case["id"]),
            _ => panic!("{}: got {got:?}, want {want}", case["id"]),
        }
        // The same state through `sync`: a job for exactly that slot, or none.
        let cj = json!({"metadata": compact(json!({"name": "c", "namespace": "ns", "uid": "u",
                "creationTimestamp": i["creationTimestamp"]})),
            "spec": compact(json!({"schedule": i["schedule"], "startingDeadlineSeconds": i["startingDeadlineSeconds"]})),
            "status": compact(json!({"lastScheduleTime": i["lastScheduleTime"]}))});
        let request: SyncRequest = serde_json::from_value(json!({"now": i["now"], "cronJob": cj})).unwrap();
        let response = answer(&request).unwrap();
        let scheduled =
            response.status_update.and_then(|s| s.last_schedule_time).filter(|_| !response.created_jobs.is_empty());
        assert_eq!(scheduled, time(&want["scheduledTime"]), "{} through sync", case["id"]);
        if let Value::Object(e) = &want["error"] {
            assert_eq!(
                response.events.last().unwrap().message,
                format!("invalid schedule: {} : {}", i["schedule"].as_str().unwrap(), e["message"].as_str().unwrap())
            );
        }
    }
}

#[test]
fn next_schedule_time_duration_table() {
    let cases = cases_of("TestNextScheduleTimeDuration");
    assert_eq!(cases.len(), 4);
    for case in cases {
        let (i, want) = (&case["input"], &case["expected"]);
        let s = schedule(i["schedule"].as_str().unwrap(), &Value::Null);
        let got = next_schedule_time_duration(
            RequeueRule::FromLastSlotOrNow,
            SlotSearch::NextChain,
            &slot_input(i),
            time(&i["now"]).unwrap(),
            &s,
        )
        .unwrap();
        let want = TimeDelta::milliseconds((want["requeueAfterSeconds"].as_f64().unwrap() * 1000.0).round() as i64);
        assert_eq!(got, want, "{}", case["id"]);
    }
}

#[test]
fn update_cron_job_table() {
    let cases = cases_of("TestControllerV2UpdateCronJob");
    assert_eq!(cases.len(), 6);
    let object = |side: &Value| -> CronJob {
        serde_json::from_value(
            json!({"metadata": compact(json!({"name": "c", "creationTimestamp": side["creationTimestamp"]})),
            "spec": compact(json!({"schedule": side["schedule"], "timeZone": side["timeZone"]})),
            "status": compact(json!({"lastScheduleTime": side["lastScheduleTime"]}))}),
        )
        .unwrap()
    };
    for case in cases {
        let (i, want) = (&case["input"], &case["expected"]);
        let mut old = object(&i["old"]);
        if i["old"]["jobTemplateLabelsChanged"] == json!(true) {
            old.spec.job_template.metadata.labels.insert("a".into(), "old".into());
        }
        let (got, _event) = on_cron_job_updated(
            &old,
            &object(&i["new"]),
            time(&i["now"]).unwrap(),
            &v128(),
            cronjob_playground::go::Tz::UTC,
        );
        let after = match &got {
            Enqueue::After(d) => Some(d.num_milliseconds() as f64 / 1000.0),
            _ => None,
        };
        assert!(close(after, want["enqueueAfterSeconds"].as_f64()), "{}: {got:?}", case["id"]);
        // The table's "immediate" means "AddAfter was not called" (its Go test only watches
        // AddAfter). Changing timeZone with an empty schedule makes the real handler parse ""
        // ("empty spec string"), record UnParseableCronJobSchedule and enqueue nothing.
        let expected = if case["name"] == "spec.timeZone changed" {
            Enqueue::Nothing
        } else if after.is_none() {
            Enqueue::Now
        } else {
            got.clone()
        };
        assert_eq!(got, expected, "{}", case["id"]);
    }
}

#[test]
fn job_from_template_table() {
    let cases = cases_of("TestGetJobFromTemplate2");
    assert_eq!(cases.len(), 3);
    for case in cases {
        let (i, want) = (&case["input"], &case["expected"]);
        let cj: CronJob = serde_json::from_value(json!({"metadata": {"name": i["cronJobName"], "uid": "u"},
            "spec": compact(json!({"schedule": "0 * * * *", "timeZone": i["timeZone"],
                "jobTemplate": {"metadata": {"labels": i["templateLabels"], "annotations": i["templateAnnotations"]}}}))}))
        .unwrap();
        let zone: cronjob_playground::go::Tz = i["timeZone"].as_str().unwrap_or("UTC").parse().unwrap();
        let job: Job = job_from_template(&cj, time(&i["scheduledTime"]).unwrap(), zone, &v128());
        assert_eq!(json!(job.metadata.name), want["jobName"]);
        assert_eq!(job.metadata.creation_timestamp, time(&want["creationTimestamp"]));
        assert_eq!(json!(job.metadata.labels), want["labels"]);
        assert_eq!(json!(job.metadata.annotations), want["annotations"], "{}", case["id"]);
        let owner = job.metadata.controller_of().unwrap();
        assert_eq!(format!("{}/{}", owner.kind, owner.name), want["controllerOwner"].as_str().unwrap());
    }
}

#[test]
fn by_job_start_time_table() {
    for case in cases_of("TestByJobStartTime") {
        let mut jobs: Vec<Job> = case["input"]["jobs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|j| {
                serde_json::from_value(
                    json!({"metadata": {"name": j["name"]}, "status": compact(json!({"startTime": j["startTime"]}))}),
                )
                .unwrap()
            })
            .collect();
        jobs.sort_by(by_job_start_time);
        let names: Vec<&str> = jobs.iter().map(|j| j.metadata.name.as_str()).collect();
        assert_eq!(json!(names), case["expected"]["sortedNames"], "{}", case["id"]);
    }
}

#[test]
fn jobs_to_be_reconciled_table() {
    for case in cases_of("TestControllerV2GetJobsToBeReconciled") {
        let i = &case["input"];
        let cj: CronJob = serde_json::from_value(json!({"metadata": i["cronJob"]})).unwrap();
        let jobs: Vec<Job> = i["jobs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|j| {
                let mut meta = json!({"name": j["name"], "namespace": j["namespace"], "labels": j.get("labels")});
                if let Some(owner) = j["controllerRefName"].as_str() {
                    meta["ownerReferences"] = json!([{"apiVersion": "batch/v1", "kind": "CronJob", "name": owner, "uid": "x", "controller": true}]);
                }
                serde_json::from_value(json!({"metadata": compact(meta)})).unwrap()
            })
            .collect();
        let jobs: Vec<&Job> = jobs.iter().collect();
        // The table is v1.28.7's: the controller reference's name alone.
        let by = ReconcileBy::ControllerName;
        let names: Vec<&str> = jobs_to_be_reconciled(&cj, &jobs, by).iter().map(|j| j.metadata.name.as_str()).collect();
        assert_eq!(json!(names), case["expected"]["reconciledJobNames"], "{}", case["id"]);
    }
}

#[test]
fn every_case_of_the_file_is_ported() {
    let ported = [
        "TestControllerV2SyncCronJob",
        "TestControllerV2UpdateCronJob",
        "TestControllerV2CleanupFinishedJobs",
        "TestByJobStartTime",
        "TestControllerV2GetJobsToBeReconciled",
        "TestControllerV2JobAlreadyExistsButNotInActiveStatus",
        "TestControllerV2JobAlreadyExistsButDifferentOwner",
        "TestMostRecentScheduleTime",
        "TestNextScheduleTime",
        "TestNextScheduleTimeDuration",
        "TestGetJobFromTemplate2",
    ];
    let all = cases();
    assert_eq!(all.len(), 118);
    assert!(all.iter().all(|c| ported.contains(&c["test"].as_str().unwrap())));
}

/// Runs a plain request (no table conversion) through the contract.
fn sync_json(request: Value) -> SyncResponse {
    answer(&serde_json::from_value(request).unwrap()).unwrap()
}

#[test]
fn helper_tables_also_hold_through_sync() {
    // getJobsToBeReconciled: every reconciled, unfinished Job not in status.active is reported.
    for case in cases_of("TestControllerV2GetJobsToBeReconciled") {
        let i = &case["input"];
        let jobs: Vec<Value> = i["jobs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|j| {
                let mut meta = json!({"name": j["name"], "namespace": j["namespace"], "uid": j["name"], "labels": j.get("labels")});
                if let Some(owner) = j["controllerRefName"].as_str() {
                    meta["ownerReferences"] = json!([{"apiVersion": "batch/v1", "kind": "CronJob", "name": owner, "uid": "x", "controller": true}]);
                }
                json!({"metadata": compact(meta)})
            })
            .collect();
        let cj = json!({"metadata": {"name": i["cronJob"]["name"], "namespace": i["cronJob"]["namespace"], "uid": "x", "creationTimestamp": "2016-05-19T09:00:00Z"},
            "spec": {"schedule": "0 * * * *", "jobTemplate": {"metadata": {"labels": {"key": "value"}}}}});
        let r =
            sync_json(json!({"kubernetesVersion": "1.28", "now": "2016-05-19T09:30:00Z", "cronJob": cj, "jobs": jobs}));
        let reported: Vec<String> = r
            .events
            .iter()
            .map(|e| {
                e.message
                    .text()
                    .trim_start_matches("Saw a job that the controller did not create or forgot: ")
                    .to_owned()
            })
            .collect();
        assert_eq!(json!(reported), case["expected"]["reconciledJobNames"], "{}", case["id"]);
    }
    // byJobStartTime: a history limit of 0 deletes every finished Job, oldest first.
    for case in cases_of("TestByJobStartTime") {
        let jobs: Vec<Value> = case["input"]["jobs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|j| json!({"metadata": {"name": j["name"], "uid": j["name"], "ownerReferences": [{"apiVersion": "batch/v1", "kind": "CronJob", "name": "c", "uid": "u", "controller": true}]},
                "status": compact(json!({"startTime": j["startTime"], "conditions": [{"type": "Complete", "status": "True"}]}))}))
            .collect();
        let cj = json!({"metadata": {"name": "c", "uid": "u", "creationTimestamp": "2016-05-19T09:00:00Z"},
            "spec": {"schedule": "0 * * * *", "successfulJobsHistoryLimit": 0}});
        let r =
            sync_json(json!({"kubernetesVersion": "1.28", "now": "2016-05-19T09:30:00Z", "cronJob": cj, "jobs": jobs}));
        assert_eq!(json!(r.deleted_jobs), case["expected"]["sortedNames"], "{}", case["id"]);
    }
    // getJobFromTemplate2: the Job created for the slot.
    for case in cases_of("TestGetJobFromTemplate2") {
        let (i, want) = (&case["input"], &case["expected"]);
        let cj = json!({"metadata": {"name": i["cronJobName"], "uid": "u", "creationTimestamp": "2016-05-19T00:00:00Z"},
            "spec": compact(json!({"schedule": "0 * * * *", "timeZone": i["timeZone"],
                "jobTemplate": {"metadata": {"labels": i["templateLabels"], "annotations": i["templateAnnotations"]}}})),
            "status": {"lastScheduleTime": "2016-05-19T09:00:00Z"}});
        let r = sync_json(json!({"kubernetesVersion": "1.28", "now": i["scheduledTime"], "cronJob": cj}));
        let job = &r.created_jobs[0];
        assert_eq!(
            (json!(job.metadata.name), json!(job.metadata.annotations)),
            (want["jobName"].clone(), want["annotations"].clone()),
            "{}",
            case["id"]
        );
    }
    // nextScheduleTimeDuration: the requeue of the sync in that state.
    for case in cases_of("TestNextScheduleTimeDuration") {
        let i = &case["input"];
        let cj = json!({"metadata": {"name": "c", "uid": "u", "creationTimestamp": i["creationTimestamp"]},
            "spec": {"schedule": i["schedule"]}, "status": compact(json!({"lastScheduleTime": i["lastScheduleTime"]}))});
        let r = sync_json(json!({"kubernetesVersion": "1.28", "now": i["now"], "cronJob": cj}));
        assert!(
            close(r.requeue_after_seconds, case["expected"]["requeueAfterSeconds"].as_f64()),
            "{}: {:?}",
            case["id"],
            r.requeue_after_seconds
        );
    }
}
