//! Each release difference of the CronJob controller (`docs/model.md`), tested on both sides of its
//! boundary through the `sync` contract, plus the behaviours a teaching tool must show
//! (deadline 0, Forbid delaying, retroactive runs, timeZone before suspend).

use cronjob_playground::controller::cronjob::wire::{answer, SyncRequest, SyncResponse};
use serde_json::{json, Value};

/// A CronJob `c` in namespace `ns`, created 2016-05-19T08:59Z, with `spec` and `status` merged in.
fn cron_job(spec: Value, status: Value) -> Value {
    let mut s = json!({"schedule": "0 * * * *", "jobTemplate": {"metadata": {"labels": {"a": "b"}}}});
    s.as_object_mut().unwrap().extend(spec.as_object().unwrap().clone());
    json!({"apiVersion": "batch/v1", "kind": "CronJob",
        "metadata": {"name": "c", "namespace": "ns", "uid": "cj-uid", "creationTimestamp": "2016-05-19T08:59:00Z"},
        "spec": s, "status": status})
}

/// A Job owned by `c`; `finished` is `Complete`/`Failed`/null.
fn job(name: &str, finished: Option<&str>, completion: Option<&str>) -> Value {
    let mut status = json!({});
    if let Some(kind) = finished {
        status["conditions"] = json!([{"type": kind, "status": "True"}]);
    }
    if let Some(t) = completion {
        status["completionTime"] = json!(t);
    }
    json!({"metadata": {"name": name, "namespace": "ns", "uid": format!("uid-{name}"),
        "ownerReferences": [{"apiVersion": "batch/v1", "kind": "CronJob", "name": "c", "uid": "cj-uid", "controller": true}]},
        "status": status})
}

fn active(names: &[&str]) -> Value {
    json!(names.iter().map(|n| json!({"kind": "Job", "namespace": "ns", "name": n, "uid": format!("uid-{n}"), "apiVersion": "batch/v1"})).collect::<Vec<_>>())
}

fn sync(version: &str, now: &str, cron_job: Value, jobs: Value, extra: Value) -> SyncResponse {
    let mut request = json!({"kubernetesVersion": version, "now": now, "cronJob": cron_job, "jobs": jobs});
    request.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    let request: SyncRequest = serde_json::from_value(request).unwrap();
    answer(&request).unwrap()
}

fn reasons(r: &SyncResponse) -> Vec<&str> {
    r.events.iter().map(|e| &*e.reason).collect()
}

fn created(r: &SyncResponse) -> Vec<&str> {
    r.created_jobs.iter().map(|j| j.metadata.name.as_str()).collect()
}

#[test]
fn v1_until_1_20_then_v2_job_names_requeue_and_status_writes() {
    let cj = cron_job(json!({}), json!({"lastScheduleTime": "2016-05-19T09:00:00Z"}));
    let v1 = sync("1.20", "2016-05-19T10:00:05Z", cj.clone(), json!([]), json!({}));
    assert_eq!(created(&v1), ["c-1463652000"], "v1 names carry Unix seconds");
    assert_eq!(v1.requeue_after_seconds, None, "v1 polls every 10 s instead of requeueing");
    assert_eq!(v1.status_updates, 2, "v1 writes status after reconciling and again after creating");
    assert_eq!(v1.created_jobs[0].metadata.owner_references[0].api_version, "batch/v1beta1");
    let v2 = sync("1.21", "2016-05-19T10:00:05Z", cj, json!([]), json!({}));
    assert_eq!(created(&v2), ["c-24394200"], "v2 names carry Unix minutes");
    assert_eq!(v2.requeue_after_seconds, Some(3595.1));
    assert_eq!(v2.created_jobs[0].metadata.owner_references[0].api_version, "batch/v1");
}

#[test]
fn more_than_100_missed_slots_block_v1_forever_but_v2_runs_the_latest() {
    let cj = cron_job(json!({}), json!({"lastScheduleTime": "2016-05-19T09:00:00Z"}));
    let v1 = sync("1.20", "2016-05-26T10:00:05Z", cj.clone(), json!([]), json!({}));
    assert!(v1.created_jobs.is_empty());
    assert_eq!(
        v1.events[0].message,
        "Cannot determine if job needs to be started: Too many missed start time (> 100). Set or decrease \
        .spec.startingDeadlineSeconds or check clock skew."
    );
    assert_eq!(v1.decision.code.as_str(), "too-many-missed");
    let v2 = sync("1.21", "2016-05-26T10:00:05Z", cj.clone(), json!([]), json!({}));
    assert_eq!(created(&v2), ["c-24404280"]);
    assert_eq!(
        v2.events[0].message,
        "too many missed start times: 169. Set or decrease .spec.startingDeadlineSeconds or check clock skew"
    );
    // 1.28 dropped the count from the message.
    let v27 = sync("1.27", "2016-05-26T10:00:05Z", cj.clone(), json!([]), json!({}));
    let v28 = sync("1.28", "2016-05-26T10:00:05Z", cj.clone(), json!([]), json!({}));
    assert!(v27.events[0].message.text().starts_with("too many missed start times: 169."));
    assert_eq!(
        v28.events[0].message,
        "too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew"
    );
    // With exactly 100 unmet slots v1 still runs the latest one.
    let v1_ok = sync("1.20", "2016-05-23T13:00:05Z", cj, json!([]), json!({}));
    assert_eq!(created(&v1_ok), ["c-1464008400"]);
}

#[test]
fn forbid_is_silent_in_v1_and_an_event_in_v2() {
    let cj = cron_job(
        json!({"concurrencyPolicy": "Forbid"}),
        json!({"lastScheduleTime": "2016-05-19T09:00:00Z", "active": active(&["c-old"])}),
    );
    let jobs = json!([job("c-old", None, None)]);
    let v1 = sync("1.20", "2016-05-19T10:00:05Z", cj.clone(), jobs.clone(), json!({}));
    assert_eq!((v1.events.len(), v1.decision.code.as_str()), (0, "forbid-active"));
    let v2 = sync("1.21", "2016-05-19T10:00:05Z", cj, jobs, json!({}));
    assert_eq!(reasons(&v2), ["JobAlreadyActive"]);
}

#[test]
fn already_exists_is_failed_create_in_v1_an_error_until_1_27_and_adopted_from_1_28() {
    let cj = cron_job(json!({}), json!({"lastScheduleTime": "2016-05-19T09:00:00Z"}));
    // The job for 10:00 exists in the API server but not yet in the informer cache.
    let v2_job = json!({"apiJobs": [job("c-24394200", None, None)]});
    let v1 = sync(
        "1.20",
        "2016-05-19T10:00:05Z",
        cj.clone(),
        json!([]),
        json!({"apiJobs": [job("c-1463652000", None, None)]}),
    );
    assert_eq!(v1.events[0].message, "Error creating job: jobs.batch \"c-1463652000\" already exists");
    let v27 = sync("1.27", "2016-05-19T10:00:05Z", cj.clone(), json!([]), v2_job.clone());
    assert_eq!(v27.error.as_deref(), Some("jobs.batch \"c-24394200\" already exists"));
    assert!(v27.events.is_empty() && v27.status_update.is_none());
    let v28 = sync("1.28", "2016-05-19T10:00:05Z", cj, json!([]), v2_job);
    assert_eq!(v28.error, None);
    assert!(v28.events.is_empty(), "no SuccessfulCreate for a job that already existed");
    let status = v28.status_update.unwrap();
    assert_eq!(status.active[0].uid, "uid-c-24394200");
    assert_eq!(status.last_schedule_time.unwrap().to_rfc3339(), "2016-05-19T10:00:00+00:00");
}

#[test]
fn last_successful_time_from_1_22_succeeded_only_from_1_30_same_pass_from_1_31() {
    // A finished Job that already left status.active.
    let cj = cron_job(json!({}), json!({"lastScheduleTime": "2016-05-19T09:00:00Z"}));
    let done = json!([job("c-24394140", Some("Complete"), Some("2016-05-19T09:00:10Z"))]);
    let v21 = sync("1.21", "2016-05-19T09:30:00Z", cj.clone(), done.clone(), json!({}));
    assert_eq!(v21.status_update.unwrap().last_successful_time, None, "1.21 never writes lastSuccessfulTime");
    let v22 = sync("1.22", "2016-05-19T09:30:00Z", cj.clone(), done, json!({}));
    assert_eq!(v22.status_update.unwrap().last_successful_time.unwrap().to_rfc3339(), "2016-05-19T09:00:10+00:00");
    // A Failed Job carrying a completionTime counts until 1.29, not from 1.30.
    let failed = json!([job("c-24394140", Some("Failed"), Some("2016-05-19T09:00:10Z"))]);
    let v29 = sync("1.29", "2016-05-19T09:30:00Z", cj.clone(), failed.clone(), json!({}));
    assert!(v29.status_update.unwrap().last_successful_time.is_some());
    let v30 = sync("1.30", "2016-05-19T09:30:00Z", cj, failed, json!({}));
    assert_eq!(v30.status_update, None);
    // A Complete Job still in status.active: removed in both; 1.31 also records its success.
    let cj =
        cron_job(json!({}), json!({"lastScheduleTime": "2016-05-19T09:00:00Z", "active": active(&["c-24394140"])}));
    let done = json!([job("c-24394140", Some("Complete"), Some("2016-05-19T09:00:10Z"))]);
    let v30 = sync("1.30", "2016-05-19T09:30:00Z", cj.clone(), done.clone(), json!({}));
    assert_eq!(v30.events[0].message, "Saw completed job: c-24394140, status: Complete");
    assert_eq!(v30.status_update.unwrap().last_successful_time, None);
    let v31 = sync("1.31", "2016-05-19T09:30:00Z", cj, done, json!({}));
    assert_eq!(v31.events[0].message, "Saw completed job: c-24394140, condition: Complete");
    assert!(v31.status_update.unwrap().last_successful_time.is_some());
}

#[test]
fn legacy_saw_completed_job_gained_its_status_in_1_19() {
    let cj = cron_job(json!({}), json!({"lastScheduleTime": "2016-05-19T09:00:00Z", "active": active(&["c-1"])}));
    let done = json!([job("c-1", Some("Failed"), None)]);
    assert_eq!(
        sync("1.18", "2016-05-19T09:30:00Z", cj.clone(), done.clone(), json!({})).events[0].message,
        "Saw completed job: c-1"
    );
    assert_eq!(
        sync("1.19", "2016-05-19T09:30:00Z", cj, done, json!({})).events[0].message,
        "Saw completed job: c-1, status: Failed"
    );
}

#[test]
fn tz_prefix_fails_before_1_22_and_is_warned_about_from_1_23() {
    let cj = cron_job(json!({"schedule": "TZ=UTC 0 * * * *"}), json!({"lastScheduleTime": "2016-05-19T09:00:00Z"}));
    let v21 = sync("1.21", "2016-05-19T10:00:05Z", cj.clone(), json!([]), json!({}));
    assert_eq!(
        v21.events[0].message,
        "unparseable schedule: \"TZ=UTC 0 * * * *\" : Expected exactly 5 fields, found 6: TZ=UTC 0 * * * *"
    );
    let v22 = sync("1.22", "2016-05-19T10:00:05Z", cj.clone(), json!([]), json!({}));
    assert_eq!(reasons(&v22), ["SuccessfulCreate"]);
    let v23 = sync("1.23", "2016-05-19T10:00:05Z", cj, json!([]), json!({}));
    assert_eq!(reasons(&v23), ["UnsupportedSchedule", "SuccessfulCreate"]);
}

#[test]
fn robfig_v1_error_texts_until_1_21() {
    let cj = cron_job(json!({"schedule": "61 * * * *"}), json!({}));
    assert_eq!(
        sync("1.20", "2016-05-19T10:00:05Z", cj.clone(), json!([]), json!({})).events[0].message,
        "Cannot determine if job needs to be started: Unparseable schedule: 61 * * * * : End of range (61) above \
        maximum (59): 61"
    );
    assert_eq!(
        sync("1.21", "2016-05-19T10:00:05Z", cj.clone(), json!([]), json!({})).events[0].message,
        "unparseable schedule: \"61 * * * *\" : End of range (61) above maximum (59): 61"
    );
    assert_eq!(
        sync("1.22", "2016-05-19T10:00:05Z", cj, json!([]), json!({})).events[0].message,
        "unparseable schedule: \"61 * * * *\" : end of range (61) above maximum (59): 61"
    );
}

#[test]
fn time_zone_reaches_the_controller_from_1_25() {
    // 06:00 in New York is 10:00 UTC in May.
    let cj = cron_job(
        json!({"schedule": "0 6 * * *", "timeZone": "America/New_York"}),
        json!({"lastScheduleTime": "2016-05-19T06:00:00Z"}),
    );
    let v24 = sync("1.24", "2016-05-19T10:00:05Z", cj.clone(), json!([]), json!({}));
    assert!(v24.created_jobs.is_empty(), "1.24: the alpha field is dropped, the schedule runs at 06:00 UTC");
    let v25 = sync("1.25", "2016-05-19T10:00:05Z", cj.clone(), json!([]), json!({}));
    assert_eq!(created(&v25), ["c-24394200"]);
    // 1.28 adds the scheduled-timestamp annotation, in the CronJob's zone.
    assert!(v25.created_jobs[0].metadata.annotations.is_empty());
    let v28 = sync("1.28", "2016-05-19T10:00:05Z", cj, json!([]), json!({}));
    assert_eq!(
        v28.created_jobs[0].metadata.annotations["batch.kubernetes.io/cronjob-scheduled-timestamp"],
        "2016-05-19T06:00:00-04:00"
    );
}

#[test]
fn requeue_from_now_until_1_24_then_from_the_last_slot() {
    // lastScheduleTime ahead of the controller's clock (clock skew).
    let cj = cron_job(json!({}), json!({"lastScheduleTime": "2016-05-19T11:00:00Z"}));
    assert_eq!(
        sync("1.24", "2016-05-19T10:01:00Z", cj.clone(), json!([]), json!({})).requeue_after_seconds,
        Some(3540.1)
    );
    assert_eq!(sync("1.25", "2016-05-19T10:01:00Z", cj, json!([]), json!({})).requeue_after_seconds, Some(7140.1));
}

#[test]
fn history_cleanup_moves_before_scheduling_in_1_27() {
    // The quota deadlock (#119776): creating fails, old finished jobs must still go.
    let cj = cron_job(json!({"successfulJobsHistoryLimit": 1}), json!({"lastScheduleTime": "2016-05-19T09:00:00Z"}));
    let jobs = json!([
        job("c-a", Some("Complete"), Some("2016-05-19T08:00:10Z")),
        job("c-b", Some("Complete"), Some("2016-05-19T09:00:10Z"))
    ]);
    let quota = json!({"faults": {"createJob": {"reason": "Forbidden", "message": "jobs.batch \"c-24394200\" is \
        forbidden: exceeded quota"}}});
    let v26 = sync("1.26", "2016-05-19T10:00:05Z", cj.clone(), jobs.clone(), quota.clone());
    assert!(v26.deleted_jobs.is_empty());
    let v27 = sync("1.27", "2016-05-19T10:00:05Z", cj, jobs, quota);
    assert_eq!(v27.deleted_jobs, ["c-a"]);
    assert_eq!(reasons(&v27), ["SuccessfulDelete", "FailedCreate"]);
    assert_eq!(v27.error.as_deref(), Some("jobs.batch \"c-24394200\" is forbidden: exceeded quota"));
}

#[test]
fn irregular_schedule_arithmetic_until_1_27_search_from_1_28() {
    // Upstream "another complex schedule": last run Thu 10:30, now Fri 16:30.
    let cj = cron_job(json!({"schedule": "30 10,11,12 * * 1-5"}), json!({"lastScheduleTime": "2016-05-19T10:30:00Z"}));
    let v27 = sync("1.27", "2016-05-20T16:30:00Z", cj.clone(), json!([]), json!({}));
    assert_eq!(
        v27.status_update.unwrap().last_schedule_time.unwrap().to_rfc3339(),
        "2016-05-20T16:30:00+00:00",
        "not a slot at all"
    );
    let v28 = sync("1.28", "2016-05-20T16:30:00Z", cj, json!([]), json!({}));
    assert!(v28.created_jobs.is_empty());
    assert_eq!(v28.decision.code.as_str(), "not-found-by-search");
    assert_eq!(v28.requeue_after_seconds, Some(237600.1));
}

#[test]
fn starting_deadline_zero_never_runs() {
    let cj = cron_job(json!({"startingDeadlineSeconds": 0}), json!({"lastScheduleTime": "2016-05-19T09:00:00Z"}));
    let r = sync("1.28", "2016-05-19T10:00:00.100Z", cj, json!([]), json!({}));
    assert!(r.created_jobs.is_empty() && r.events.is_empty());
    assert_eq!(r.decision.code.as_str(), "too-late");
    assert!(
        r.decision.explanation.to_string().starts_with("startingDeadlineSeconds is 0"),
        "{}",
        r.decision.explanation
    );
    assert_eq!(r.requeue_after_seconds, Some(3600.0));
}

#[test]
fn a_slot_beyond_the_deadline_is_skipped_silently() {
    let cj = cron_job(json!({"startingDeadlineSeconds": 60}), json!({"lastScheduleTime": "2016-05-19T09:00:00Z"}));
    let r = sync("1.28", "2016-05-19T10:05:00Z", cj, json!([]), json!({}));
    assert!(r.events.is_empty() && r.created_jobs.is_empty());
    assert_eq!(r.decision.code.as_str(), "too-late");
    assert_eq!(
        r.decision.explanation.to_string(),
        "The most recent slot, 2016-05-19T10:00:00Z, is more than startingDeadlineSeconds (60 s) old: the controller \
        only looks for slots after 2016-05-19T10:04:00Z and skips this one silently (no Event). It requeues itself \
        for 2016-05-19T11:00:00.100Z (in 3300.1 s)."
    );
}

#[test]
fn forbid_delays_the_slot_until_the_running_job_finishes() {
    let spec = json!({"concurrencyPolicy": "Forbid", "startingDeadlineSeconds": 3000});
    let running =
        cron_job(spec.clone(), json!({"lastScheduleTime": "2016-05-19T09:00:00Z", "active": active(&["c-24394140"])}));
    let blocked = sync("1.28", "2016-05-19T10:00:00.100Z", running, json!([job("c-24394140", None, None)]), json!({}));
    assert_eq!(blocked.decision.code.as_str(), "forbid-active");
    assert_eq!(
        blocked.decision.explanation.to_string(),
        "Forbid: job c-24394140 is still active, so the 2016-05-19T10:00:00Z slot is not started. lastScheduleTime is \
        not advanced, so the slot stays unmet and starts when the job finishes (the Job update wakes the \
        controller), if that is still within startingDeadlineSeconds (3000 s) of the slot. It requeues itself \
        for 2016-05-19T11:00:00.100Z (in 3600 s)."
    );
    // At 10:20 the job completes; the Job update triggers a sync that starts the 10:00 slot.
    let finished =
        cron_job(spec, json!({"lastScheduleTime": "2016-05-19T09:00:00Z", "active": active(&["c-24394140"])}));
    let r = sync(
        "1.28",
        "2016-05-19T10:20:00Z",
        finished,
        json!([job("c-24394140", Some("Complete"), Some("2016-05-19T10:20:00Z"))]),
        json!({}),
    );
    assert_eq!(reasons(&r), ["SawCompletedJob", "SuccessfulCreate"]);
    assert_eq!(created(&r), ["c-24394200"]);
}

#[test]
fn a_schedule_edit_runs_the_new_schedules_missed_slot_retroactively() {
    // #130838: "0 23 * * *" edited to "0 5 * * *" at 09:10; the next sync (23:00, the old wake-up)
    // starts the 05:00 slot of that morning because lastScheduleTime is the previous 23:00.
    let cj = cron_job(json!({"schedule": "0 5 * * *"}), json!({"lastScheduleTime": "2016-05-18T23:00:00Z"}));
    let r = sync("1.28", "2016-05-19T23:00:00.100Z", cj.clone(), json!([]), json!({}));
    assert_eq!(created(&r), ["c-24393900"]);
    assert_eq!(r.created_jobs[0].metadata.creation_timestamp.unwrap().to_rfc3339(), "2016-05-19T05:00:00+00:00");
    // With a deadline the old slot is out of reach and nothing happens.
    let mut guarded = cj;
    guarded["spec"]["startingDeadlineSeconds"] = json!(300);
    assert!(sync("1.28", "2016-05-19T23:00:00.100Z", guarded, json!([]), json!({})).created_jobs.is_empty());
}

#[test]
fn time_zone_is_checked_before_suspend() {
    let cj = cron_job(json!({"timeZone": "Mars/Olympus", "suspend": true}), json!({}));
    let r = sync("1.28", "2016-05-19T10:00:05Z", cj, json!([]), json!({}));
    assert_eq!(r.events[0].message, "invalid timeZone: \"Mars/Olympus\": unknown time zone Mars/Olympus");
    assert_eq!((r.decision.code.as_str(), r.requeue_after_seconds), ("unknown-time-zone", None));
}

#[test]
fn replace_deletes_the_running_job_first_and_history_limits_trim_oldest() {
    let cj = cron_job(
        json!({"concurrencyPolicy": "Replace", "failedJobsHistoryLimit": 1}),
        json!({"lastScheduleTime": "2016-05-19T09:00:00Z", "active": active(&["c-run"])}),
    );
    let jobs = json!([job("c-run", None, None), job("c-f1", Some("Failed"), None), job("c-f2", Some("Failed"), None)]);
    let r = sync("1.28", "2016-05-19T10:00:05Z", cj, jobs, json!({}));
    assert_eq!(r.deleted_jobs, ["c-f1", "c-run"]);
    assert_eq!(reasons(&r), ["SuccessfulDelete", "SuccessfulDelete", "SuccessfulCreate"]);
    let names: Vec<String> = r.status_update.unwrap().active.into_iter().map(|a| a.name).collect();
    assert_eq!(names, ["c-24394200"]);
}

#[test]
fn a_missing_active_job_is_rechecked_against_the_api_in_v2_only() {
    let cj =
        cron_job(json!({}), json!({"lastScheduleTime": "2016-05-19T10:00:00Z", "active": active(&["c-24394200"])}));
    // Not in the cache yet, but the API server has it: v2 keeps it.
    let api = json!({"apiJobs": [job("c-24394200", None, None)]});
    let v2 = sync("1.28", "2016-05-19T10:00:01Z", cj.clone(), json!([]), api.clone());
    assert!(v2.events.is_empty());
    let v1 = sync("1.20", "2016-05-19T10:00:01Z", cj, json!([]), api);
    assert_eq!(v1.events[0].message, "Active job went missing: c-24394200");
}

#[test]
fn namespace_terminating_was_mistaken_for_success_until_1_28() {
    let cj = cron_job(json!({}), json!({"lastScheduleTime": "2016-05-19T09:00:00Z"}));
    let terminating = json!({"faults": {"createJob": {"reason": "NamespaceTerminating"}}});
    let v27 = sync("1.27", "2016-05-19T10:00:05Z", cj.clone(), json!([]), terminating.clone());
    assert_eq!(v27.events[0].message, "Created job ");
    assert_eq!((v27.error, v27.decision.code.as_str()), (None, "create-failed"));
    let status = v27.status_update.unwrap();
    assert_eq!((status.active.len(), status.active[0].name.as_str()), (1, ""));
    let v28 = sync("1.28", "2016-05-19T10:00:05Z", cj, json!([]), terminating);
    assert!(v28.events.is_empty() && v28.status_update.is_none());
    assert_eq!(
        v28.error.as_deref(),
        Some(
            "jobs.batch \"c-24394200\" is forbidden: unable to create new content in namespace ns because it is being \
            terminated"
        )
    );
}

/// PR #120649 reached 1.28 in 1.28.3: 1.28.0–1.28.2 still take a NamespaceTerminating create
/// failure for a success; `"1.28"` alone is the latest 1.28 patch.
#[test]
fn namespace_terminating_by_patch_release_of_1_28() {
    let cj = cron_job(json!({}), json!({"lastScheduleTime": "2016-05-19T09:00:00Z"}));
    let terminating = json!({"faults": {"createJob": {"reason": "NamespaceTerminating"}}});
    let at = |v: &str| sync(v, "2016-05-19T10:00:05Z", cj.clone(), json!([]), terminating.clone());
    for before in ["1.28.0", "1.28.2", "1.27.9"] {
        let r = at(before);
        assert_eq!((r.error.as_deref(), r.decision.code.as_str()), (None, "create-failed"), "{before}");
        assert_eq!(r.events[0].message, "Created job ", "{before}");
    }
    for after in ["1.28.3", "1.28", "1.29.0"] {
        let r = at(after);
        assert!(r.events.is_empty() && r.status_update.is_none(), "{after}");
        assert!(r.error.as_deref().unwrap().contains("because it is being terminated"), "{after}");
    }
}

#[test]
fn after_an_unexpected_job_the_reread_cronjob_is_written_until_1_26() {
    // The cache has not seen the status that lists c-run and c-done; the API server has.
    let mut live = cron_job(
        json!({}),
        json!({"lastScheduleTime": "2016-05-19T10:00:00Z", "active": active(&["c-run", "c-done"])}),
    );
    let cached = cron_job(json!({}), json!({"lastScheduleTime": "2016-05-19T10:00:00Z"}));
    let jobs = json!([job("c-run", None, None), job("c-done", Some("Complete"), Some("2016-05-19T10:00:30Z"))]);
    live["metadata"]["name"] = json!("c");
    let extra = json!({"liveCronJob": live});
    let v26 = sync("1.26", "2016-05-19T10:01:00Z", cached.clone(), jobs.clone(), extra.clone());
    assert_eq!(reasons(&v26), ["SawCompletedJob"], "no UnexpectedJob: the live object lists c-run");
    let names: Vec<String> = v26.status_update.unwrap().active.into_iter().map(|a| a.name).collect();
    assert_eq!(names, ["c-run"]);
    let v27 = sync("1.27", "2016-05-19T10:01:00Z", cached, jobs, extra);
    assert!(
        v27.status_update.unwrap().active.is_empty(),
        "1.27+ write their own copy, losing the live object's changes"
    );
}

#[test]
fn status_is_written_per_step_until_1_23_and_once_from_1_24() {
    let cj = cron_job(json!({"successfulJobsHistoryLimit": 3}), json!({"lastScheduleTime": "2016-05-19T09:00:00Z"}));
    let v23 = sync("1.23", "2016-05-19T10:00:05Z", cj.clone(), json!([]), json!({}));
    assert_eq!(v23.status_updates, 3, "after reconciling, after creating, after cleanup");
    let v24 = sync("1.24", "2016-05-19T10:00:05Z", cj.clone(), json!([]), json!({}));
    assert_eq!(v24.status_updates, 1);
    // Nothing changed and nothing due: 1.23 still writes, 1.24 does not.
    let idle = sync("1.23", "2016-05-19T09:30:00Z", cj.clone(), json!([]), json!({}));
    assert_eq!(idle.status_updates, 2);
    assert_eq!(sync("1.24", "2016-05-19T09:30:00Z", cj, json!([]), json!({})).status_update, None);
}

#[test]
fn an_older_completion_does_not_touch_last_successful_time() {
    let cj = cron_job(
        json!({}),
        json!({"lastScheduleTime": "2016-05-19T09:00:00Z", "lastSuccessfulTime": "2016-05-19T09:00:30Z"}),
    );
    let old = json!([job("c-24394080", Some("Complete"), Some("2016-05-19T08:00:10Z"))]);
    assert_eq!(sync("1.28", "2016-05-19T09:30:00Z", cj.clone(), old, json!({})).status_update, None);
    let newer = json!([job("c-24394140", Some("Complete"), Some("2016-05-19T09:01:10Z"))]);
    let r = sync("1.28", "2016-05-19T09:30:00Z", cj, newer, json!({}));
    assert_eq!(r.status_update.unwrap().last_successful_time.unwrap().to_rfc3339(), "2016-05-19T09:01:10+00:00");
}

#[test]
fn relabelled_jobs_were_invisible_to_the_1_21_controller() {
    // The template says a=b; the running Job was relabelled.
    let cj =
        cron_job(json!({}), json!({"lastScheduleTime": "2016-05-19T09:00:00Z", "active": active(&["c-24394140"])}));
    let mut relabelled = job("c-24394140", Some("Complete"), Some("2016-05-19T09:00:10Z"));
    relabelled["metadata"]["labels"] = json!({"a": "other"});
    let v21 = sync("1.21", "2016-05-19T09:30:00Z", cj.clone(), json!([relabelled.clone()]), json!({}));
    assert!(v21.events.is_empty(), "not listed, and the API still has it: kept in active");
    let v22 = sync("1.22", "2016-05-19T09:30:00Z", cj, json!([relabelled]), json!({}));
    assert_eq!(reasons(&v22), ["SawCompletedJob"]);
}

#[test]
fn every_schedules_count_their_slots_from_where_the_search_starts() {
    // robfig's ConstantDelaySchedule: Next(t) = t rounded down to the second + delay. The first
    // slot of "@every 90m" is 90 minutes after creationTimestamp (08:59), later ones 90 minutes
    // after lastScheduleTime — never "not itself a slot", whatever the release's search.
    let every = |status: Value| cron_job(json!({"schedule": "@every 90m"}), status);
    for version in ["1.27", "1.28"] {
        let first = sync(version, "2016-05-19T10:29:00.100Z", every(json!({})), json!([]), json!({}));
        assert_eq!(first.decision.code.as_str(), "created", "{version}");
        assert_eq!(
            first.decision.explanation.to_string(),
            "Created job c-24394229 for the 2016-05-19T10:29:00Z slot of \"@every 90m\", on time. An @every schedule \
            has no fixed slots: robfig's ConstantDelaySchedule answers \"the instant asked about, rounded down to \
            the second, plus 5400 s\", and the controller counts from metadata.creationTimestamp \
            (2016-05-19T08:59:00Z), so the slot is a whole number of 5400 s steps after that. It requeues \
            itself for 2016-05-19T11:59:00.100Z (in 5400 s).",
            "{version}"
        );
        let next = sync(
            version,
            "2016-05-19T11:59:00.100Z",
            every(json!({"lastScheduleTime": "2016-05-19T10:29:00Z"})),
            json!([]),
            json!({}),
        );
        let text = next.decision.explanation.to_string();
        assert!(text.contains("counts from status.lastScheduleTime (2016-05-19T10:29:00Z)"), "{version}: {text}");
        assert!(!text.contains("not itself a slot"), "{version}: {text}");
    }
    // A deadline later than the last run moves the count's start: the slot drifts with `now`.
    let late = cron_job(
        json!({"schedule": "@every 5m", "startingDeadlineSeconds": 600}),
        json!({"lastScheduleTime": "2016-05-19T10:29:00Z"}),
    );
    let r = sync("1.28", "2016-05-19T13:45:30Z", late, json!([]), json!({}));
    let text = r.decision.explanation.to_string();
    assert_eq!(
        r.created_jobs[0].metadata.annotations["batch.kubernetes.io/cronjob-scheduled-timestamp"],
        "2016-05-19T13:45:30Z"
    );
    assert!(
        text.contains(
            "counts from now − startingDeadlineSeconds (600 s), which is later than the last schedule \
            time (2016-05-19T13:35:30Z)"
        ),
        "{text}"
    );
}

#[test]
fn the_pre_1_28_estimate_can_start_an_instant_that_is_no_slot() {
    // "30 10,11,12 * * 1-5": first gap 1 h, so 30 h later the estimate lands on 16:30 — no slot.
    let cj = cron_job(json!({"schedule": "30 10,11,12 * * 1-5"}), json!({"lastScheduleTime": "2016-05-19T10:30:00Z"}));
    let r = sync("1.27", "2016-05-20T16:30:00.100Z", cj, json!([]), json!({}));
    let text = r.decision.explanation.to_string();
    assert!(text.starts_with("Created job c-24396030 for the 2016-05-20T16:30:00Z slot"), "{text}");
    assert!(text.contains("That instant is not itself a slot of the schedule"), "{text}");
}

#[test]
fn an_every_schedule_longer_than_its_deadline_never_runs_again() {
    // The search starts at now − 600 s, and the first "@every 90m" slot after that is always
    // 90 minutes later, so no sync ever finds one due. The slot counted from lastScheduleTime
    // (11:59) is not older than the deadline, and the explanation must not claim it is.
    let cj = cron_job(
        json!({"schedule": "@every 90m", "startingDeadlineSeconds": 600}),
        json!({"lastScheduleTime": "2016-05-19T10:29:00Z"}),
    );
    let r = sync("1.28", "2016-05-19T11:59:00.100Z", cj, json!([]), json!({}));
    assert!(r.created_jobs.is_empty() && r.events.is_empty());
    assert_eq!(r.decision.code.as_str(), "too-late");
    assert_eq!(
        r.decision.explanation.to_string(),
        "An @every schedule counts its slots from where the controller's search starts, and with \
        startingDeadlineSeconds (600 s) that is now − 600 s (2016-05-19T11:49:00.100Z), so its first slot is \
        2016-05-19T13:19:00Z, still ahead: nothing starts. Every sync starts the count later again, and the \
        delay (5400 s) is longer than the deadline, so this CronJob never starts a job. It requeues itself \
        for 2016-05-19T13:29:00.100Z (in 5400 s)."
    );
}

/// 1.31+: the CronJob controller counts a Job as finished only at `Complete`/`Failed` with status
/// True (`jobutil.IsJobFinished`; `IsJobSucceeded` for `lastSuccessfulTime`), so a Job whose Job
/// controller has written only the interim `SuccessCriteriaMet` or `FailureTarget` stays in
/// `status.active`, keeps a Forbid CronJob waiting and sets no `lastSuccessfulTime`.
#[test]
fn interim_conditions_are_not_finished_for_the_cronjob_controller() {
    let with = |conditions: Value| {
        let mut j = job("c-24394140", None, None);
        j["status"]["conditions"] = conditions;
        j
    };
    let cj = cron_job(
        json!({"concurrencyPolicy": "Forbid"}),
        json!({"active": active(&["c-24394140"]), "lastScheduleTime": "2016-05-19T09:00:00Z"}),
    );
    for interim in ["SuccessCriteriaMet", "FailureTarget"] {
        let r = sync(
            "1.31",
            "2016-05-19T10:00:05Z",
            cj.clone(),
            json!([with(json!([{"type": interim, "status": "True"}]))]),
            json!({}),
        );
        assert_eq!(reasons(&r), ["JobAlreadyActive"], "{interim}");
        assert!(r.status_update.is_none(), "{interim}: nothing to write");
    }
    // Once the terminal condition follows, the Job leaves `active` and the slot runs.
    let done = with(json!([{"type": "SuccessCriteriaMet", "status": "True"}, {"type": "Complete", "status": "True"}]));
    let mut done = done;
    done["status"]["completionTime"] = json!("2016-05-19T09:00:30Z");
    let r = sync("1.31", "2016-05-19T10:00:05Z", cj, json!([done]), json!({}));
    assert_eq!(reasons(&r), ["SawCompletedJob", "SuccessfulCreate"]);
    assert_eq!(r.events[0].message, "Saw completed job: c-24394140, condition: Complete");
    let status = r.status_update.unwrap();
    assert_eq!(status.last_successful_time.map(|t| t.to_rfc3339()).as_deref(), Some("2016-05-19T09:00:30+00:00"));
}

/// `CronJobsScheduledAnnotation` (beta on 1.28, GA locked 1.32, gone 1.35): switched off in 1.28 the
/// Job carries no `batch.kubernetes.io/cronjob-scheduled-timestamp`; from 1.32 it cannot be
/// switched off (the switch is announced and ignored).
#[test]
fn scheduled_timestamp_annotation_gate() {
    use chrono::{TimeZone, Utc};
    use cronjob_playground::api::{CronJob, Release};
    use cronjob_playground::controller::cronjob::{job_from_template, Behaviour};
    use cronjob_playground::controller::gates::FeatureGates;
    use cronjob_playground::go::Tz;
    use std::collections::BTreeMap;
    let cj: CronJob = serde_json::from_value(cron_job(json!({}), json!({}))).unwrap();
    let at = Utc.with_ymd_and_hms(2016, 5, 19, 10, 0, 0).unwrap();
    let off = BTreeMap::from([("CronJobsScheduledAnnotation".to_string(), false)]);
    let annotated = |release: &str, asked: &BTreeMap<String, bool>| {
        let release: Release = release.parse().unwrap();
        let (gates, notices) = FeatureGates::resolve(release.version, asked);
        let job = job_from_template(&cj, at, Tz::UTC, &Behaviour::for_release(release, &gates));
        (job.metadata.annotations.contains_key("batch.kubernetes.io/cronjob-scheduled-timestamp"), notices.len())
    };
    assert_eq!(annotated("1.27", &BTreeMap::new()), (false, 0));
    assert_eq!(annotated("1.28", &BTreeMap::new()), (true, 0));
    assert_eq!(annotated("1.28", &off), (false, 0));
    assert_eq!(annotated("1.31", &off), (false, 0));
    assert_eq!(annotated("1.32", &off), (true, 1), "GA: locked to true");
    assert_eq!(annotated("1.35", &off), (true, 1), "removed: always on");
}

/// v1.28.7 `sync`: the history cleanup runs first, then `syncCronJob`, whose `UnexpectedJob` comes
/// only after the CronJob is re-read from the API server (`GetCronJob`); when that read fails,
/// `syncCronJob` returns the error before recording the Event, and `sync` still writes the status
/// the cleanup changed. This is what upstream's `TestControllerV2CleanupFinishedJobs` harness does:
/// the CronJob is put in the informer only, its fake clientset is empty, so `GetCronJob` and
/// `UpdateStatus` both answer NotFound — a history-limit sync there never reports an unexpected Job.
/// Limits 0, a finished Job deleted by the cleanup, an unfinished owned Job in no `status.active`.
#[test]
fn unexpected_job_needs_the_cronjob_read_from_the_api_server() {
    let cj = cron_job(
        json!({"successfulJobsHistoryLimit": 0, "failedJobsHistoryLimit": 0}),
        json!({"lastScheduleTime": "2016-05-19T10:00:00Z"}),
    );
    let jobs =
        json!([job("c-24394140", Some("Complete"), Some("2016-05-19T09:00:30Z")), job("c-24394200", None, None)]);
    let read = sync("1.28", "2016-05-19T10:00:05Z", cj.clone(), jobs.clone(), json!({}));
    assert_eq!(reasons(&read), ["SuccessfulDelete", "UnexpectedJob"]);
    assert_eq!(read.events[1].message, "Saw a job that the controller did not create or forgot: c-24394200");
    let (cj_again, jobs_again) = (cj.clone(), jobs.clone());
    let not_found =
        sync("1.28", "2016-05-19T10:00:05Z", cj, jobs, json!({"faults": {"getCronJob": {"reason": "NotFound"}}}));
    assert_eq!(reasons(&not_found), ["SuccessfulDelete"]);
    assert_eq!(not_found.deleted_jobs, ["c-24394140"]);
    assert_eq!(not_found.error.as_deref(), Some("cronjobs.batch \"c\" not found"));
    assert_eq!(not_found.status_updates, 1, "the cleanup asked for the write");
    // The cleanup harness: neither the read nor the write finds the CronJob.
    let faults = json!({"faults": {"getCronJob": {"reason": "NotFound"}, "updateStatus": {"reason": "NotFound"}}});
    let harness = sync("1.28", "2016-05-19T10:00:05Z", cj_again, jobs_again, faults);
    assert_eq!(
        (reasons(&harness), harness.deleted_jobs.clone()),
        (vec!["SuccessfulDelete"], vec!["c-24394140".to_string()])
    );
    assert_eq!(harness.error.as_deref(), Some("cronjobs.batch \"c\" not found"));
}

/// 1.37 (#133313, "Fixed the wrong cause of the UnexpectedJob event/warning by checking the owner
/// reference of the job correctly"): `getJobsToBeReconciled` resolves the controller reference
/// (kind `CronJob`, this CronJob's UID) instead of comparing its name alone. Jobs controlled by a
/// custom resource that shares the CronJob's name (issue #120181: a `CustomController` named like
/// the CronJob) are reported as `UnexpectedJob` and fall under the history limits up to 1.36, and
/// are left alone from 1.37.
#[test]
fn jobs_of_another_controller_with_the_same_name_are_reconciled_until_1_36() {
    let foreign = |name: &str, finished: Option<&str>| {
        let mut j = job(name, finished, finished.map(|_| "2016-05-19T09:00:10Z"));
        j["metadata"]["ownerReferences"] = json!([{"apiVersion": "example.com/v1", "kind": "CustomController", "name": "c", "uid": "cc-uid", "controller": true}]);
        j
    };
    let cj = cron_job(json!({"failedJobsHistoryLimit": 0}), json!({"lastScheduleTime": "2016-05-19T10:00:00Z"}));
    let jobs = json!([foreign("foo-with-diff-owner-ref", None), foreign("foo-failed", Some("Failed"))]);
    let v36 = sync("1.36", "2016-05-19T10:30:00Z", cj.clone(), jobs.clone(), json!({}));
    // History cleanup runs before the sync from 1.27 (#119776).
    assert_eq!(reasons(&v36), ["SuccessfulDelete", "UnexpectedJob"]);
    assert_eq!(v36.events[0].message, "Deleted job foo-failed");
    assert_eq!(
        v36.events[1].message,
        "Saw a job that the controller did not create or forgot: foo-with-diff-owner-ref"
    );
    assert_eq!(v36.deleted_jobs, ["foo-failed"]);
    let v37 = sync("1.37", "2016-05-19T10:30:00Z", cj.clone(), jobs, json!({}));
    assert!(v37.events.is_empty(), "{:?}", reasons(&v37));
    assert!(v37.deleted_jobs.is_empty());
    // The CronJob's own Jobs are reconciled as before.
    let own = json!([job("c-24394200", None, None)]);
    let v37 = sync("1.37", "2016-05-19T10:30:00Z", cj, own, json!({}));
    assert_eq!(reasons(&v37), ["UnexpectedJob"]);
}
