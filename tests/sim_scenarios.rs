//! Whole-runtime scenarios: published CronJob stories, the pains users
//! most often report and the reference timelines of the real controllers, run on the
//! virtual clock with their exact expected times. The inputs are in `tests/data/sim/` and, for the
//! cases that are also built-in scenarios of the page, in `scenarios/`.

use chrono::{DateTime, TimeDelta, Utc};
use cronjob_playground::sim::trace::{DeletedBy, FinishedCondition, RecordedPodPhase, SlotFate, SlotRecord, Trace};
use cronjob_playground::sim::{simulate, InputError, SimError};
use serde_json::json;

fn t(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
}

fn run(manifest: &str) -> Trace {
    simulate(manifest, None).unwrap_or_else(|e| panic!("simulation failed: {e}"))
}

fn slot<'a>(trace: &'a Trace, cron_job: &str, at: &str) -> &'a SlotRecord {
    trace
        .slots
        .iter()
        .find(|s| s.cron_job == cron_job && s.scheduled_time == t(at))
        .unwrap_or_else(|| panic!("no slot {cron_job} {at}; slots: {:#?}", trace.slots))
}

fn fates(trace: &Trace, cron_job: &str) -> Vec<(String, SlotFate)> {
    trace
        .slots
        .iter()
        .filter(|s| s.cron_job == cron_job)
        .map(|s| (s.scheduled_time.format("%m-%d %H:%M").to_string(), s.fate))
        .collect()
}

fn job_created(trace: &Trace, name: &str) -> DateTime<Utc> {
    trace.jobs.iter().find(|j| j.name == name).unwrap_or_else(|| panic!("no job {name}")).created_at
}

fn events(trace: &Trace, reason: &str) -> Vec<String> {
    trace.events.iter().filter(|e| e.reason == reason).map(|e| e.message.to_string()).collect()
}

/// The times of a standalone Job's pods, in seconds from the Job's creation.
fn pod_seconds(trace: &Trace) -> Vec<i64> {
    let start = trace.jobs[0].created_at;
    trace.pods.iter().map(|p| (p.created_at - start).num_seconds()).collect()
}

fn job_finished_after(trace: &Trace) -> (i64, FinishedCondition, Option<String>) {
    let j = &trace.jobs[0];
    ((j.finished_at.unwrap() - j.created_at).num_seconds(), j.condition.unwrap(), j.reason.as_deref().map(String::from))
}

// ---- v1.28.7 reference timeline: one pod, container 30 s exit 1, backoffLimit 3 ----

#[test]
fn never_creates_a_pod_per_attempt_after_10_20_40_s_and_fails_at_191_s() {
    let trace = run(include_str!("data/sim/job_backoff_never.yaml"));
    assert_eq!(pod_seconds(&trace), [0, 40, 90, 160]);
    assert_eq!(job_finished_after(&trace), (191, FinishedCondition::Failed, Some("BackoffLimitExceeded".into())));
    assert_eq!(events(&trace, "BackoffLimitExceeded"), ["Job has reached the specified backoff limit"]);
    assert!(trace.pods.iter().all(|p| p.phase == RecordedPodPhase::Failed && p.exit_codes == [1]));
}

#[test]
fn on_failure_restarts_in_place_at_30_70_120_s_and_fails_at_121_s() {
    let trace = run(include_str!("data/sim/job_backoff_on_failure.yaml"));
    assert_eq!(pod_seconds(&trace), [0], "one pod, restarted by the kubelet");
    let pod = &trace.pods[0];
    let start = trace.jobs[0].created_at;
    let restarts: Vec<(i64, f64)> =
        pod.restarts.iter().map(|r| ((r.at - start).num_seconds(), r.after_backoff_seconds)).collect();
    assert_eq!(restarts, [(30, 0.0), (70, 10.0), (120, 20.0)], "the first restart is immediate");
    assert_eq!(job_finished_after(&trace), (121, FinishedCondition::Failed, Some("BackoffLimitExceeded".into())));
    // The 4th container instance is killed when the Job fails.
    assert_eq!(pod.exit_codes, [1, 1, 1, 143], "SIGTERM");
    assert_eq!(pod.deleted_at, Some(start + TimeDelta::seconds(121)));
    assert_eq!(events(&trace, "BackOff").len(), 2, "CrashLoopBackOff before the 2nd and 3rd restarts");
}

/// 1.28.7, a container that crashes 0.5 s after each start, backoffLimit 6: restarts at 0.5, 11,
/// 31.5, 72, 152.5, 313 and Failed at 314 (`doBackOff` counts from the runtime's exact exit time).
#[test]
fn on_failure_back_off_counts_from_the_exact_exit_time() {
    let trace = run(include_str!("data/sim/job_onfailure_half_second_crash.yaml"));
    let start = trace.jobs[0].created_at;
    let ms = |at: DateTime<Utc>| (at - start).num_milliseconds();
    let pod = &trace.pods[0];
    let restarts: Vec<(i64, f64)> = pod.restarts.iter().map(|r| (ms(r.at), r.after_backoff_seconds)).collect();
    assert_eq!(
        restarts,
        [(500, 0.0), (11_000, 10.0), (31_500, 20.0), (72_000, 40.0), (152_500, 80.0), (313_000, 160.0)]
    );
    assert_eq!(ms(trace.jobs[0].finished_at.unwrap()), 314_000);
    assert_eq!(trace.jobs[0].reason.as_deref(), Some("BackoffLimitExceeded"));
}

fn with_simulation(manifest: &str, simulation: serde_json::Value) -> Trace {
    simulate(manifest, Some(simulation)).unwrap_or_else(|e| panic!("simulation failed: {e}"))
}

/// A patch release and feature gates in the Simulation document reach the controllers: 1.26.0 has
/// the finalizer-tracking back-off reset that 1.26.1 fixed; JobTrackingWithFinalizers off in 1.25
/// gives 1.24's untracked path; gates the release or the model does not have are announced.
#[test]
fn patch_releases_and_feature_gates_change_the_job_timeline() {
    let manifest = include_str!("data/sim/job_backoff_never.yaml");
    let pods = |sim: serde_json::Value| {
        let mut spec = json!({"duration": "10m", "pods": [{"attempts": [{"durationSeconds": 30, "exitCode": 1}]}]});
        spec.as_object_mut().unwrap().extend(sim.as_object().unwrap().clone());
        let trace = with_simulation(manifest, spec);
        (pod_seconds(&trace), job_finished_after(&trace).0, trace.notices)
    };
    let (p, failed, notices) = pods(json!({"kubernetesVersion": "1.26.0"}));
    assert_eq!((p, failed), (vec![0, 30, 60, 90], 120));
    assert_eq!(notices.len(), 1);
    assert!(notices[0].starts_with("kubernetesVersion 1.26.0: before 1.26.1, the Job controller's work-queue back-off"));
    let (p, failed, _) = pods(json!({"kubernetesVersion": "1.26.1"}));
    assert_eq!((p, failed), (vec![0, 31, 71, 121], 191));
    let (p, failed, notices) = pods(json!({"kubernetesVersion": "1.26"}));
    assert_eq!((p, failed, notices.len()), (vec![0, 31, 71, 121], 191, 0));
    // 1.23's defaults with JobReadyPods switched on behave as 1.24.
    let (p, failed, notices) = pods(json!({"kubernetesVersion": "1.23", "featureGates": {"JobReadyPods": true}}));
    assert_eq!((p, failed, notices.len()), (vec![0, 30, 60, 90], 120, 0));
    let (p, failed, notices) =
        pods(json!({"kubernetesVersion": "1.29", "featureGates": {"JobReadyPods": false, "Foo": true}}));
    assert_eq!((p, failed), (vec![0, 40, 90, 160], 191));
    assert_eq!(
        notices,
        [
            "featureGates.Foo: the model does not know this feature gate; it is ignored",
            "featureGates.JobReadyPods: Kubernetes 1.29 locks it to true (cannot set feature gate JobReadyPods to \
            false, feature is locked to true); it is ignored"
        ]
    );
}

/// `ignoresSigterm`: the 4th container (a long run) killed when the Job fails runs out the 30 s
/// grace period and exits 137. From 1.31 the Job waits at FailureTarget until the pod is gone (Failed at 152, not
/// 121); 1.30 writes Failed at once while the pod still terminates.
#[test]
fn a_container_that_ignores_sigterm_is_killed_after_the_grace_period() {
    let manifest = include_str!("data/sim/job_backoff_on_failure.yaml");
    let run_with = |version: &str, ignores: bool| {
        with_simulation(
            manifest,
            json!({"kubernetesVersion": version, "duration": "10m",
                "pods": [{"attempts": [{"durationSeconds": 30, "exitCode": 1}, {"durationSeconds": 30, "exitCode": 1},
                    {"durationSeconds": 30, "exitCode": 1}, {"durationSeconds": 600, "exitCode": 1}],
                    "ignoresSigterm": ignores}]}),
        )
    };
    let secs = |trace: &Trace, at: DateTime<Utc>| (at - trace.jobs[0].created_at).num_seconds();
    for (version, failed_at) in [("1.31", 152), ("1.35", 152), ("1.30", 121)] {
        let trace = run_with(version, true);
        let pod = &trace.pods[0];
        assert_eq!(pod.exit_codes, [1, 1, 1, 137], "{version}");
        assert_eq!(secs(&trace, pod.deleted_at.unwrap()), 151, "{version}: SIGKILL 30 s after the delete at 121");
        assert_eq!(secs(&trace, trace.jobs[0].finished_at.unwrap()), failed_at, "{version}");
    }
    let trace = run_with("1.31", false);
    assert_eq!(trace.pods[0].exit_codes, [1, 1, 1, 143]);
    assert_eq!(secs(&trace, trace.jobs[0].finished_at.unwrap()), 122);
}

/// `kubelet: {retryTiming: podWorker}`: the pod worker re-checks a refused restart every 10 s up to
/// 1.33 and at the expiry (at least once a minute) from 1.34. The restarts land at the same
/// instants as at the expiry (back-offs are multiples of 10 s from the crash), but every refused
/// check is one more `BackOff` Event, as `kubectl describe` counts them.
#[test]
fn the_pod_workers_retry_timing_by_release() {
    let manifest = include_str!("data/sim/job_onfailure_half_second_crash.yaml");
    let run_with = |version: &str, timing: &str| {
        with_simulation(
            manifest,
            json!({"kubernetesVersion": version, "duration": "10m", "kubelet": {"retryTiming": timing},
                "pods": [{"attempts": [{"durationSeconds": 0.5, "exitCode": 1}]}]}),
        )
    };
    let restarts = |trace: &Trace| {
        let start = trace.jobs[0].created_at;
        trace.pods[0].restarts.iter().map(|r| (r.at - start).num_milliseconds()).collect::<Vec<_>>()
    };
    let expiry = run_with("1.33", "backOffExpiry");
    assert_eq!(restarts(&expiry), [500, 11_000, 31_500, 72_000, 152_500, 313_000]);
    // One BackOff per refused restart: 10, 20, 40, 80, 160 s waits checked every 10 s, and the
    // crash at 313.5 s refused once more before the Job fails at 314 s and the pod is killed.
    let v33 = run_with("1.33", "podWorker");
    assert_eq!(restarts(&v33), restarts(&expiry));
    assert_eq!((events(&expiry, "BackOff").len(), events(&v33, "BackOff").len()), (6, 1 + 2 + 4 + 8 + 16 + 1));
    // 1.34: re-checked at the expiry, but at least once a minute (the 80 s and 160 s waits).
    let v34 = run_with("1.34", "podWorker");
    assert_eq!(restarts(&v34), restarts(&expiry));
    assert_eq!(events(&v34, "BackOff").len(), 1 + 1 + 1 + 2 + 3 + 1);
}

/// KEP-4603 through the Simulation document (`kubelet.go:newCrashLoopBackOff`): with
/// `ReduceDefaultCrashLoopBackOffDecay` (1.33 alpha) a 0.5 s crash loop restarts after 0, 1, 2,
/// 4, 8 s; `KubeletCrashLoopBackOffMax` with `maxContainerRestartPeriod: 15s` (1.32 alpha, 1.35
/// beta) caps at 15 s; 1.32 has no ReduceDefaultCrashLoopBackOffDecay (announced, default timing);
/// the period without its gate is the kubelet's refusal to start.
#[test]
fn crash_loop_back_off_tuning_gates() {
    let manifest = include_str!("data/sim/job_onfailure_half_second_crash.yaml");
    let restarts = |sim: serde_json::Value| {
        let mut spec = json!({"duration": "10m", "pods": [{"attempts": [{"durationSeconds": 0.5, "exitCode": 1}]}]});
        spec.as_object_mut().unwrap().extend(sim.as_object().unwrap().clone());
        let trace = with_simulation(manifest, spec);
        let start = trace.jobs[0].created_at;
        let at: Vec<i64> = trace.pods[0].restarts.iter().map(|r| (r.at - start).num_milliseconds()).collect();
        (at, trace.notices)
    };
    let (at, notices) =
        restarts(json!({"kubernetesVersion": "1.33", "featureGates": {"ReduceDefaultCrashLoopBackOffDecay": true}}));
    // 0.5 s runs: restarts at 0.5, 0.5+0.5+1, 2.5+0.5+2, 5+0.5+4, 9.5+0.5+8, 18+0.5+16.
    assert_eq!((at, notices.len()), (vec![500, 2_000, 4_500, 9_000, 17_500, 34_000], 0));
    let (at, _) = restarts(json!({"kubernetesVersion": "1.32", "featureGates": {"KubeletCrashLoopBackOffMax": true},
        "kubelet": {"maxContainerRestartPeriod": "15s"}}));
    assert_eq!(at, [500, 11_000, 26_500, 42_000, 57_500, 73_000]);
    // 1.35: the gate is beta, on by default; left at its default the cap stays 300 s.
    let (at, _) = restarts(json!({"kubernetesVersion": "1.35", "kubelet": {"maxContainerRestartPeriod": "15s"}}));
    assert_eq!(at, [500, 11_000, 26_500, 42_000, 57_500, 73_000]);
    let (at, _) = restarts(json!({"kubernetesVersion": "1.35"}));
    assert_eq!(at, [500, 11_000, 31_500, 72_000, 152_500, 313_000]);
    let (at, notices) =
        restarts(json!({"kubernetesVersion": "1.32", "featureGates": {"ReduceDefaultCrashLoopBackOffDecay": true}}));
    assert_eq!(at, [500, 11_000, 31_500, 72_000, 152_500, 313_000]);
    assert!(notices[0].starts_with("featureGates.ReduceDefaultCrashLoopBackOffDecay: Kubernetes 1.32 has no such gate"));
    let refused = |sim: serde_json::Value| {
        let mut spec = json!({"duration": "10m"});
        spec.as_object_mut().unwrap().extend(sim.as_object().unwrap().clone());
        simulate(manifest, Some(spec)).unwrap_err().to_string()
    };
    assert!(refused(json!({"kubernetesVersion": "1.34", "kubelet": {"maxContainerRestartPeriod": "15s"}})).ends_with(
        "invalid configuration: FeatureGate KubeletCrashLoopBackOffMax not enabled, \
        CrashLoopBackOff.MaxContainerRestartPeriod must not be set"
    ));
    assert!(refused(json!({"kubernetesVersion": "1.35", "kubelet": {"maxContainerRestartPeriod": "400s"}})).ends_with(
        "invalid configuration: CrashLoopBackOff.MaxContainerRestartPeriod (got: 400 seconds) must be set \
        between 1s and 300s"
    ));
}

/// Gate overrides reach the API server's field dropping too: `spec.managedBy` is dropped in 1.31
/// (JobManagedBy alpha, off) unless the gate is switched on, and in 1.32 (beta, on) when it is
/// switched off; a Job managed elsewhere gets no pods from the built-in controller.
#[test]
fn feature_gates_reach_the_api_servers_field_dropping() {
    let manifest = "apiVersion: batch/v1\nkind: Job\nmetadata: {name: queued, creationTimestamp: \
        \"2025-01-15T10:00:00Z\"}\nspec:\n  managedBy: example.com/queue-controller\n  template:\n    spec:\n      \
        restartPolicy: Never\n      containers: [{name: c, image: busybox}]\n";
    let pods = |sim: serde_json::Value| {
        let mut spec = json!({"duration": "5m"});
        spec.as_object_mut().unwrap().extend(sim.as_object().unwrap().clone());
        with_simulation(manifest, spec).pods.len()
    };
    assert_eq!(pods(json!({"kubernetesVersion": "1.31"})), 1, "1.31: managedBy dropped, the Job runs");
    assert_eq!(pods(json!({"kubernetesVersion": "1.31", "featureGates": {"JobManagedBy": true}})), 0);
    assert_eq!(pods(json!({"kubernetesVersion": "1.32"})), 0, "1.32: beta, kept, left to the other controller");
    assert_eq!(pods(json!({"kubernetesVersion": "1.32", "featureGates": {"JobManagedBy": false}})), 1);
}

/// 1.31+ interim conditions as the CronJob controller sees them: it counts a Job as finished only
/// at `Complete`/`Failed` (`jobutil.IsJobFinished`, every release), so a Job held at
/// `FailureTarget` while a killed pod runs out its grace period still blocks a Forbid CronJob, and
/// its TTL clock starts at `Failed`. Two pods (parallelism 2, backoffLimit 0): one fails at 20 s,
/// the other ignores SIGTERM for its 90 s grace period. 1.30 writes Failed at 21 s (the sync after
/// the 1 s pod-update batch) and runs the 10:01 slot on time; 1.31 writes FailureTarget at 21 s and
/// holds until the pod is SIGKILLed at 111 s (Failed at 112 s), so the 10:01 slot is refused
/// (`JobAlreadyActive`) and runs late, right after Failed.
#[test]
fn interim_failure_target_holds_forbid_and_the_ttl_until_failed() {
    let manifest = [
        "apiVersion: batch/v1",
        "kind: CronJob",
        "metadata: {name: every-minute, creationTimestamp: \"2025-01-15T09:59:30Z\"}",
        "spec:",
        "  schedule: \"* * * * *\"",
        "  concurrencyPolicy: Forbid",
        "  jobTemplate:",
        "    spec:",
        "      parallelism: 2",
        "      completions: 2",
        "      backoffLimit: 0",
        "      ttlSecondsAfterFinished: 0",
        "      template:",
        "        spec:",
        "          restartPolicy: Never",
        "          terminationGracePeriodSeconds: 90",
        "          containers: [{name: c, image: busybox}]",
    ]
    .join("\n");
    let manifest = manifest.as_str();
    let run_at = |version: &str| {
        with_simulation(
            manifest,
            json!({"kubernetesVersion": version, "start": "2025-01-15T09:59:30Z", "end": "2025-01-15T10:03:30Z",
                "pods": [{"jobs": [{"attempts": [{"durationSeconds": 20, "exitCode": 1}, {"durationSeconds": 600, "exitCode": 0}]},
                    {"attempts": [{"durationSeconds": 600, "exitCode": 0}]}], "ignoresSigterm": true}]}),
        )
    };
    let first = |trace: &Trace| {
        let j = &trace.jobs[0];
        ((j.finished_at.unwrap() - j.created_at).num_seconds(), (j.deleted_at.unwrap() - j.created_at).num_seconds())
    };
    let v30 = run_at("1.30");
    assert_eq!(first(&v30), (21, 21), "1.30: Failed at the sync after the pod-update batch, TTL 0 deletes it then");
    assert_eq!(slot(&v30, "every-minute", "2025-01-15T10:01:00Z").fate, SlotFate::RanOnTime);
    let held_at_10_01 = |trace: &Trace| {
        trace.events.iter().filter(|e| e.reason == "JobAlreadyActive" && e.time < t("2025-01-15T10:02:00Z")).count()
    };
    assert_eq!(held_at_10_01(&v30), 0);
    let v31 = run_at("1.31");
    assert_eq!(first(&v31), (112, 112), "1.31: Failed (and the TTL clock) only once the killed pod is gone");
    assert_eq!(slot(&v31, "every-minute", "2025-01-15T10:01:00Z").fate, SlotFate::RanLate);
    assert_eq!(held_at_10_01(&v31), 1);
    assert_eq!(
        events(&v31, "JobAlreadyActive")[0],
        "Not starting job because prior execution is running and concurrency policy is Forbid"
    );
}

/// A Job managed by another controller is left alone (`syncJob` returns before anything when
/// `spec.managedBy` is not `kubernetes.io/job-controller`): the trace says so, the timeline draws
/// the Job as left to that controller and the inspector names it with the controller's decision.
#[test]
fn a_job_managed_elsewhere_is_shown_as_left_to_that_controller() {
    use cronjob_playground::timeline::explain::explain;
    use cronjob_playground::timeline::lanes::{JobOutcome, Timeline};
    use cronjob_playground::timeline::ItemRef;
    let manifest = "apiVersion: batch/v1\nkind: Job\nmetadata: {name: queued, creationTimestamp: \
        \"2025-01-15T10:00:00Z\"}\nspec:\n  managedBy: example.com/queue-controller\n  template:\n    spec:\n      \
        restartPolicy: Never\n      containers: [{name: c, image: busybox}]\n";
    let trace = with_simulation(manifest, json!({"kubernetesVersion": "1.35", "duration": "5m"}));
    assert_eq!(trace.jobs[0].managed_by.as_deref(), Some("example.com/queue-controller"));
    assert_eq!((trace.pods.len(), trace.jobs[0].condition), (0, None));
    let timeline = Timeline::build(&trace);
    assert_eq!(timeline.groups[0].jobs[0].outcome, JobOutcome::ManagedElsewhere);
    let inspection = explain(&trace, &timeline, ItemRef::Job(0)).unwrap();
    assert_eq!(inspection.fact("Managed by").as_deref(), Some("example.com/queue-controller"));
    let why = inspection.why.iter().find(|r| r.code == "managed-elsewhere").expect("the Job controller's decision");
    assert_eq!(
        why.text.render(cronjob_playground::i18n::Lang::En),
        "spec.managedBy is \"example.com/queue-controller\", so the built-in Job controller leaves this Job alone"
    );
    // The built-in controller's own value is not "elsewhere".
    let own = manifest.replace("example.com/queue-controller", "kubernetes.io/job-controller");
    let trace = with_simulation(&own, json!({"kubernetesVersion": "1.35", "duration": "5m"}));
    assert_eq!((trace.jobs[0].managed_by.as_deref(), trace.pods.len()), (None, 1));
}

#[test]
fn legacy_job_controller_recreates_at_once_then_backs_off_and_fails_at_160_s() {
    let trace = run(include_str!("data/sim/job_backoff_legacy.yaml"));
    assert_eq!(pod_seconds(&trace), [0, 30, 70, 120]);
    assert_eq!(job_finished_after(&trace).0, 160);
}

// ---- seed 000 (the v1.13 controller, every 10 s): when does a CronJob not run? ----

#[test]
fn seed_000_forbid_starts_the_held_slot_right_after_the_blocker_finishes() {
    // Hourly, Forbid; the 10:00 Job runs until 11:30, so 11:00 waits and starts at the first poll
    // after 11:30 (not at 12:00): the "正" diagram of the seed.
    let trace = run(include_str!("data/sim/seed000_forbid_catch_up.yaml"));
    assert_eq!(job_created(&trace, "hourly-1544007600"), t("2018-12-05T11:30:10Z"));
    let s = slot(&trace, "hourly", "2018-12-05T11:00:00Z");
    assert_eq!((s.fate, s.job.as_deref()), (SlotFate::RanLate, Some("hourly-1544007600")));
    assert!(s.explanation.contains("Forbid"), "{}", s.explanation);
    assert_eq!(slot(&trace, "hourly", "2018-12-05T12:00:00Z").fate, SlotFate::RanOnTime);
    // The legacy controller is silent about Forbid (no JobAlreadyActive event).
    assert!(events(&trace, "JobAlreadyActive").is_empty());
}

#[test]
fn seed_000_forbid_only_the_latest_missed_slot_runs() {
    // The 10:00 Job runs until 12:30: 11:00 never runs, 12:00 starts at 12:30.
    let trace = run(include_str!("data/sim/seed000_forbid_latest_only.yaml"));
    assert_eq!(slot(&trace, "hourly", "2018-12-05T11:00:00Z").fate, SlotFate::SkippedForbid);
    assert_eq!(job_created(&trace, "hourly-1544011200"), t("2018-12-05T12:30:10Z"));
    assert_eq!(slot(&trace, "hourly", "2018-12-05T12:00:00Z").fate, SlotFate::RanLate);
}

#[test]
fn seed_000_starting_deadline_decides_whether_the_held_slot_still_runs() {
    // startingDeadlineSeconds 1200: a blocker that ends at 11:10 lets 11:00 run; one that ends
    // at 11:30 does not, and nothing runs until 12:00.
    let trace = run(include_str!("../scenarios/starting-deadline-1200/scenario.yaml"));
    assert_eq!(job_created(&trace, "in-time-1544007600"), t("2018-12-05T11:10:10Z"));
    assert_eq!(slot(&trace, "in-time", "2018-12-05T11:00:00Z").fate, SlotFate::RanLate);
    let missed = slot(&trace, "too-late", "2018-12-05T11:00:00Z");
    assert_eq!(missed.fate, SlotFate::MissedDeadline, "{}", missed.explanation);
    assert!(missed.explanation.contains("startingDeadlineSeconds (1200s)"), "{}", missed.explanation);
    assert!(trace.jobs.iter().all(|j| j.name != "too-late-1544007600"));
    assert_eq!(job_created(&trace, "too-late-1544011200"), t("2018-12-05T12:00:00Z"));
    // The MissSchedule event is practically never recorded: the search window already excludes the slot.
    assert!(events(&trace, "MissSchedule").is_empty());
}

#[test]
fn seed_000_more_than_100_missed_slots_stop_the_legacy_controller_for_good() {
    let trace = run(include_str!("data/sim/seed000_too_many_missed.yaml"));
    // 17:00 .. 17:25 ran; the outage 17:30 .. 02:30 covers 108 slots; after it nothing runs.
    assert_eq!(trace.jobs.len(), 5);
    let f = fates(&trace, "every5");
    assert_eq!(f.iter().filter(|(_, f)| *f == SlotFate::ControllerDown).count(), 108);
    assert!(
        f.iter().filter(|(at, _)| at.as_str() >= "12-06 02:30").all(|(_, f)| *f == SlotFate::TooManyMissed),
        "{f:?}"
    );
    let needs_start = events(&trace, "FailedNeedsStart");
    assert_eq!(needs_start.len(), 180, "one warning per 10 s poll for the last 30 minutes");
    assert_eq!(
        needs_start[0],
        "Cannot determine if job needs to be started: Too many missed start time (> 100). Set or decrease \
        .spec.startingDeadlineSeconds or check clock skew."
    );
}

#[test]
fn v2_warns_about_too_many_missed_slots_but_still_starts_the_latest() {
    // The same outage under the v2 controller: TooManyMissedTimes, and the 02:30 slot
    // runs at the restart.
    let manifest = include_str!("data/sim/seed000_too_many_missed.yaml")
        .replace("kubernetesVersion: \"1.13\"", "kubernetesVersion: \"1.28\"")
        .replace("batch/v1beta1", "batch/v1");
    let trace = run(&manifest);
    assert_eq!(
        events(&trace, "TooManyMissedTimes"),
        ["too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew"]
    );
    assert_eq!(job_created(&trace, "every5-25734390"), t("2018-12-06T02:30:00Z"));
    assert_eq!(trace.jobs.len(), 5 + 6);
}

// ---- seed 002 and issue #130838: retroactive runs after a schedule edit ----

#[test]
fn seed_002_deleting_the_old_job_wakes_the_controller_which_runs_the_new_schedule_retroactively() {
    let trace = run(include_str!("data/sim/seed002_retroactive_delete.yaml"));
    assert_eq!(job_created(&trace, "cron-test-27991505"), t("2023-03-22T13:05:00.1Z"));
    // Edited at 13:15:37 to "10 13 * * *"; the deletion at 13:16:39 is a Job event, and the sync
    // it triggers starts today's 13:10 from lastScheduleTime 13:05.
    assert_eq!(job_created(&trace, "cron-test-27991510"), t("2023-03-22T13:16:39Z"));
    let s = slot(&trace, "cron-test", "2023-03-22T13:10:00Z");
    assert_eq!(s.fate, SlotFate::RanLate);
    assert!(s.explanation.contains("retroactive"), "{}", s.explanation);
    assert_eq!(trace.jobs.iter().find(|j| j.name == "cron-test-27991505").unwrap().deleted_by, Some(DeletedBy::User));
    assert_eq!(job_created(&trace, "cron-test-27992950"), t("2023-03-23T13:10:00.1Z"));
}

#[test]
fn seed_002_without_a_job_event_the_retroactive_run_waits_for_the_old_wake_up() {
    let trace = run(include_str!("data/sim/seed002_retroactive_next_wakeup.yaml"));
    // The waiting entry of the old schedule (tomorrow 13:05:00.1) is earlier than the one the
    // edit asked for (tomorrow 13:10:00.1), so it wins — and starts yesterday's 13:10.
    assert_eq!(job_created(&trace, "cron-test-27991510"), t("2023-03-23T13:05:00.1Z"));
    assert_eq!(job_created(&trace, "cron-test-27992950"), t("2023-03-23T13:10:00.1Z"));
}

#[test]
fn issue_130838_edit_from_23h_to_5h_runs_05h_at_23h_unless_a_deadline_is_set() {
    let trace = run(include_str!("data/sim/hand01_schedule_edit.yaml"));
    assert_eq!(job_created(&trace, "sim-29014860"), t("2025-03-02T23:00:00.1Z"));
    assert_eq!(slot(&trace, "sim", "2025-03-02T05:00:00Z").fate, SlotFate::RanLate);
    assert_eq!(job_created(&trace, "sim-29016300"), t("2025-03-03T05:00:00.1Z"));
    // startingDeadlineSeconds 300: no retroactive run. The edited schedule's 05:00 (before the
    // edit, after lastScheduleTime) is still listed: the sync at 23:00 counted it as unmet, 18 h
    // late, and skipped it.
    assert!(trace.jobs.iter().all(|j| j.name != "guarded-29014860"));
    assert_eq!(
        fates(&trace, "guarded"),
        [
            ("03-01 23:00".into(), SlotFate::RanOnTime),
            ("03-02 05:00".into(), SlotFate::MissedDeadline),
            ("03-03 05:00".into(), SlotFate::RanOnTime),
        ]
    );
    assert!(slot(&trace, "guarded", "2025-03-02T05:00:00Z")
        .explanation
        .contains("2025-03-02T23:00:00.100Z — 64800.1s late"));
}

#[test]
fn an_hourly_to_half_hourly_edit_at_10_31_lists_10_30_as_superseded_by_11_00() {
    // 1.28: the edit at 10:31 requeues at the new schedule's next slot, 11:00. That sync counts
    // 10:30 and 11:00 as unmet since lastScheduleTime 10:00 and starts only 11:00.
    let trace = run(include_str!("data/sim/edit_hourly_to_half_hourly.yaml"));
    assert_eq!(
        fates(&trace, "hourly"),
        [
            ("01-15 10:00".into(), SlotFate::RanOnTime),
            ("01-15 10:30".into(), SlotFate::Superseded),
            ("01-15 11:00".into(), SlotFate::RanOnTime),
            ("01-15 11:30".into(), SlotFate::RanOnTime),
        ]
    );
    assert_eq!(job_created(&trace, "hourly-28948980"), t("2025-01-15T11:00:00.1Z"));
    assert_eq!(job_created(&trace, "hourly-28949010"), t("2025-01-15T11:30:00.1Z"));
    assert_eq!(
        slot(&trace, "hourly", "2025-01-15T10:30:00Z").explanation.to_string(),
        "A later slot (2025-01-15T11:00:00Z) was started instead at 2025-01-15T11:00:00.100Z: the controller only ever \
        starts the most recent unmet time."
    );
}

// ---- common pains ----

#[test]
fn s4_resume_starts_the_most_recent_missed_slot_at_once_unless_past_the_deadline() {
    let trace = run(include_str!("../scenarios/suspend-resume/scenario.yaml"));
    assert_eq!(
        fates(&trace, "catch-up"),
        [
            ("01-15 10:00".into(), SlotFate::RanOnTime),
            ("01-15 11:00".into(), SlotFate::Suspended),
            ("01-15 12:00".into(), SlotFate::Suspended),
            ("01-15 13:00".into(), SlotFate::RanLate),
            ("01-15 14:00".into(), SlotFate::RanOnTime),
        ]
    );
    assert_eq!(job_created(&trace, "catch-up-28949100"), t("2025-01-15T13:20:00Z"));
    assert!(trace.jobs.iter().all(|j| j.name != "deadline-28949100"));
    assert_eq!(slot(&trace, "deadline", "2025-01-15T13:00:00Z").fate, SlotFate::Suspended);
}

#[test]
fn s12_replace_deletes_the_running_job_at_the_next_slot_and_s10_history_limits_keep_3_and_1() {
    let trace = run(include_str!("../scenarios/replace/scenario.yaml"));
    let job = |name: &str| trace.jobs.iter().find(|j| j.name == name).unwrap();
    // replace: Jobs alternate 7 min / 1 min; each 7-minute one is deleted at the next slot.
    for (name, at) in [("replace-28948925", "2025-01-15T10:10:00.1Z"), ("replace-28948935", "2025-01-15T10:20:00.1Z")] {
        assert_eq!((job(name).deleted_at, job(name).deleted_by), (Some(t(at)), Some(DeletedBy::Replace)), "{name}");
    }
    let killed = trace.pods.iter().find(|p| p.job == "replace-28948925").unwrap();
    assert_eq!((killed.exit_codes.as_slice(), killed.phase), (&[143][..], RecordedPodPhase::Failed));
    // history: successes beyond 3 and failures beyond 1 are deleted, oldest first.
    assert_eq!(job("history-28948925").deleted_by, Some(DeletedBy::HistoryLimit));
    assert_eq!(job("history-28948925").deleted_at, Some(t("2025-01-15T10:20:31.1Z")));
    assert_eq!(job("history-manual-1").deleted_at, Some(t("2025-01-15T10:25:31.1Z")), "the manual Job failed first");
    assert_eq!(job("history-28948940").deleted_by, Some(DeletedBy::User));
    // A manual Job carries the CronJob's controller reference but was not created by it.
    assert_eq!(
        events(&trace, "UnexpectedJob")[0],
        "Saw a job that the controller did not create or forgot: history-manual-1"
    );
    let status = &trace.cron_jobs.iter().find(|c| c.name == "history").unwrap().status;
    assert_eq!(status["lastScheduleTime"], "2025-01-15T10:35:00Z");
}

#[test]
fn s5_a_deadline_shorter_than_the_controllers_lag_never_runs() {
    // v2 wakes 100 ms after the slot: startingDeadlineSeconds 0 never runs.
    let manifest = r#"
apiVersion: batch/v1
kind: CronJob
metadata: {name: zero, creationTimestamp: "2025-01-15T10:00:00Z"}
spec:
  schedule: "*/10 * * * *"
  startingDeadlineSeconds: 0
  jobTemplate: {spec: {template: {spec: {restartPolicy: Never, containers: [{name: c, image: busybox}]}}}}
"#;
    let trace = simulate(manifest, Some(json!({"kubernetesVersion": "1.28", "duration": "1h"}))).unwrap();
    assert!(trace.jobs.is_empty());
    assert!(fates(&trace, "zero").iter().all(|(_, f)| *f == SlotFate::MissedDeadline), "{:?}", fates(&trace, "zero"));
    // The legacy controller polls every 10 s from its start: started 7 s into a minute, it is
    // always 7 s late, so a 5 s deadline never runs and a 10 s one always does.
    let legacy = manifest
        .replace("startingDeadlineSeconds: 0", "startingDeadlineSeconds: 5")
        .replace("batch/v1", "batch/v1beta1");
    let sim = json!({"kubernetesVersion": "1.20", "start": "2025-01-15T10:00:07Z", "duration": "1h"});
    assert!(simulate(&legacy, Some(sim.clone())).unwrap().jobs.is_empty());
    let ten = manifest
        .replace("startingDeadlineSeconds: 0", "startingDeadlineSeconds: 10")
        .replace("batch/v1", "batch/v1beta1");
    let trace = simulate(&ten, Some(sim)).unwrap();
    let created: Vec<_> = trace.jobs.iter().map(|j| j.created_at).collect();
    assert_eq!(created[0], t("2025-01-15T10:10:07Z"));
    assert_eq!(created.len(), 5, "10:10 .. 10:50");
}

#[test]
fn s6_time_zone_and_controller_zone() {
    // "0 9 * * *" with timeZone Asia/Tokyo runs at 00:00 UTC; without it, in the controller's zone.
    let manifest = r#"
apiVersion: batch/v1
kind: CronJob
metadata: {name: tokyo, creationTimestamp: "2025-01-15T00:30:00Z"}
spec:
  schedule: "0 9 * * *"
  timeZone: Asia/Tokyo
  jobTemplate: {spec: {template: {spec: {restartPolicy: Never, containers: [{name: c, image: busybox}]}}}}
---
apiVersion: batch/v1
kind: CronJob
metadata: {name: local, creationTimestamp: "2025-01-15T00:30:00Z"}
spec:
  schedule: "0 9 * * *"
  jobTemplate: {spec: {template: {spec: {restartPolicy: Never, containers: [{name: c, image: busybox}]}}}}
"#;
    let sim = json!({"kubernetesVersion": "1.28", "duration": "24h", "controllerTimeZone": "America/New_York"});
    let trace = simulate(manifest, Some(sim)).unwrap();
    assert_eq!(fates(&trace, "tokyo"), [("01-16 00:00".into(), SlotFate::RanOnTime)]);
    assert_eq!(fates(&trace, "local"), [("01-15 14:00".into(), SlotFate::RanOnTime)]);
}

#[test]
fn s7_daylight_saving_skips_the_missing_hour_and_runs_once_in_the_repeated_one() {
    // Europe/Berlin: 02:30 does not exist on 2025-03-30; robfig skips that day.
    let manifest = r#"
apiVersion: batch/v1
kind: CronJob
metadata: {name: nightly, creationTimestamp: "2025-03-28T12:00:00Z"}
spec:
  schedule: "30 2 * * *"
  timeZone: Europe/Berlin
  jobTemplate: {spec: {template: {spec: {restartPolicy: Never, containers: [{name: c, image: busybox}]}}}}
"#;
    let trace = simulate(manifest, Some(json!({"kubernetesVersion": "1.28", "duration": "4d"}))).unwrap();
    let days: Vec<String> = fates(&trace, "nightly").into_iter().map(|(at, _)| at).collect();
    assert_eq!(days, ["03-29 01:30", "03-31 00:30", "04-01 00:30"]);
}

#[test]
fn s14_last_schedule_time_advances_while_nothing_succeeds() {
    let manifest = r#"
apiVersion: batch/v1
kind: CronJob
metadata: {name: failing, creationTimestamp: "2025-01-15T10:00:00Z"}
spec:
  schedule: "*/15 * * * *"
  jobTemplate: {spec: {backoffLimit: 0, template: {spec: {restartPolicy: Never, containers: [{name: c, image: busybox}]}}}}
"#;
    let sim = json!({"kubernetesVersion": "1.28", "duration": "1h", "pods": [{"attempts": [{"durationSeconds": 5, "exitCode": 1}]}]});
    let trace = simulate(manifest, Some(sim)).unwrap();
    let status = &trace.cron_jobs[0].status;
    assert_eq!(status["lastScheduleTime"], "2025-01-15T10:45:00Z");
    assert!(status.get("lastSuccessfulTime").is_none(), "{status}");
    assert!(trace.jobs.iter().all(|j| j.condition == Some(FinishedCondition::Failed)));
    // failedJobsHistoryLimit 1: only the newest failed Job is kept.
    assert_eq!(trace.jobs.iter().filter(|j| j.deleted_at.is_none()).count(), 1);
}

#[test]
fn kubectl_get_output_status_starts_the_world_from_that_status() {
    // A CronJob exported with lastScheduleTime two hours before the start catches up at once
    // (the most recent missed slot only).
    let manifest = r#"
apiVersion: batch/v1
kind: CronJob
metadata: {name: exported, creationTimestamp: "2025-01-01T00:00:00Z", uid: 5b2b5f5e-0000-4000-8000-000000000001}
spec:
  schedule: "0 * * * *"
  jobTemplate: {spec: {template: {spec: {restartPolicy: Never, containers: [{name: c, image: busybox}]}}}}
status:
  lastScheduleTime: "2025-01-15T08:00:00Z"
"#;
    let sim = json!({"kubernetesVersion": "1.28", "start": "2025-01-15T10:30:00Z", "duration": "1h"});
    let trace = simulate(manifest, Some(sim)).unwrap();
    assert_eq!(job_created(&trace, "exported-28948920"), t("2025-01-15T10:30:00Z"));
    assert_eq!(trace.jobs[0].scheduled_time, Some(t("2025-01-15T10:00:00Z")));
    assert_eq!(slot(&trace, "exported", "2025-01-15T11:00:00Z").fate, SlotFate::RanOnTime);
}

// ---- bad input and bounded work ----

#[test]
fn invalid_manifests_are_refused_with_the_api_servers_message_and_position() {
    let manifest = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: bad}\nspec:\n  schedule: \"61 * * * *\"\n  \
        jobTemplate: {spec: {template: {spec: {restartPolicy: Never, containers: [{name: c, image: x}]}}}}\n";
    let err = simulate(manifest, None).unwrap_err();
    assert_eq!(
        err,
        SimError::Input(InputError::Refused {
            line: 5,
            column: 13,
            message: "CronJob.batch \"bad\" is invalid: spec.schedule: Invalid value: \"61 * * * *\": end of range \
                (61) above maximum (59): 61"
                .into()
        })
    );
    // Other kinds are left out, not refused (`sim::not_simulated` lists them).
    let trace = simulate("kind: ConfigMap\napiVersion: v1\nmetadata: {name: x}\n", None).unwrap();
    assert!(trace.slots.is_empty() && trace.jobs.is_empty());
}

#[test]
fn a_horizon_with_too_many_slots_is_refused_before_running() {
    let manifest = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: busy, creationTimestamp: \
        '2025-01-01T00:00:00Z'}\nspec:\n  schedule: '* * * * *'\n  jobTemplate: {spec: {template: {spec: \
        {restartPolicy: Never, containers: [{name: c, image: x}]}}}}\n";
    let err = simulate(manifest, Some(json!({"duration": "500d"}))).unwrap_err();
    assert!(matches!(&err, SimError::TooLarge(m) if m.contains("more than 600000 schedule slots")), "{err}");
}

#[test]
fn runs_step_in_slices_report_progress_and_cancel() {
    let manifest = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: busy, creationTimestamp: \
        '2025-01-01T00:00:00Z'}\nspec:\n  schedule: '* * * * *'\n  jobTemplate: {spec: {template: {spec: \
        {restartPolicy: Never, containers: [{name: c, image: x}]}}}}\n";
    let mut run = cronjob_playground::sim::Run::new(manifest, Some(json!({"duration": "1d"}))).unwrap();
    let first = run.step(5_000).unwrap();
    let second = run.step(5_000).unwrap();
    assert!(first.fraction > 0.0 && second.fraction > first.fraction && !second.done, "{first:?} {second:?}");
    assert!(second.now > first.now);
    let mut calls = 0;
    let result = cronjob_playground::sim::simulate_with(manifest, Some(json!({"duration": "5d"})), |p| {
        calls += 1;
        assert!(p.fraction > 0.0 && p.fraction < 1.0);
        true
    });
    assert!(matches!(result, Err(SimError::Cancelled)));
    assert_eq!(calls, 1);
}

#[test]
fn the_same_input_gives_the_same_bytes() {
    let manifest = include_str!("../scenarios/replace/scenario.yaml");
    let a = serde_json::to_string(&run(manifest)).unwrap();
    let b = serde_json::to_string(&run(manifest)).unwrap();
    assert_eq!(a, b);
}

#[test]
fn s10_ttl_deletes_each_job_90_s_after_it_finished_while_history_keeps_three() {
    let trace = run(include_str!("../scenarios/history-limits-vs-ttl/scenario.yaml"));
    let job = |name: &str| trace.jobs.iter().find(|j| j.name == name).unwrap();
    // Finished at 10:05:21.1; the condition's lastTransitionTime is stored as 10:05:21 (API times
    // have whole seconds), so the TTL expires at 10:06:51.
    let ttl = job("ttl-28948925");
    assert_eq!(
        (ttl.finished_at, ttl.deleted_at, ttl.deleted_by),
        (Some(t("2025-01-15T10:05:21.1Z")), Some(t("2025-01-15T10:06:51Z")), Some(DeletedBy::Ttl))
    );
    let pod = trace.pods.iter().find(|p| p.job == "ttl-28948925").unwrap();
    assert_eq!(pod.deleted_at, Some(t("2025-01-15T10:06:51Z")));
    assert_eq!(
        pod.deleted_because.as_ref().map(|b| b.to_string()).as_deref(),
        Some("garbage collector: foreground deletion of Job ttl-28948925")
    );
    assert!(trace
        .jobs
        .iter()
        .filter(|j| j.cron_job.as_deref() == Some("ttl"))
        .all(|j| j.deleted_by == Some(DeletedBy::Ttl)));
    // History: the 4th success deletes the oldest.
    let h = job("history-28948925");
    assert_eq!((h.deleted_at, h.deleted_by), (Some(t("2025-01-15T10:20:21.1Z")), Some(DeletedBy::HistoryLimit)));
    assert_eq!(
        trace.jobs.iter().filter(|j| j.cron_job.as_deref() == Some("history") && j.deleted_at.is_none()).count(),
        3
    );
}

#[test]
fn hand_08_the_approximate_search_misses_the_latest_slot_after_an_outage() {
    let trace = run(include_str!("../scenarios/irregular-schedule-after-gap/scenario.yaml"));
    let restart = trace.syncs.iter().find(|s| s.at == t("2025-01-17T16:30:00Z")).unwrap();
    assert_eq!((&*restart.decision.code, restart.requeue_after_seconds), ("not-found-by-search", Some(237600.1)));
    assert_eq!(
        fates(&trace, "weekdays"),
        [
            ("01-16 10:30".into(), SlotFate::RanOnTime),
            ("01-16 11:30".into(), SlotFate::ControllerDown),
            ("01-16 12:30".into(), SlotFate::ControllerDown),
            ("01-17 10:30".into(), SlotFate::ControllerDown),
            ("01-17 11:30".into(), SlotFate::ControllerDown),
            ("01-17 12:30".into(), SlotFate::NotFoundBySearch),
            ("01-20 10:30".into(), SlotFate::RanOnTime),
            ("01-20 11:30".into(), SlotFate::RanOnTime),
        ]
    );
    assert_eq!(job_created(&trace, "weekdays-28956150"), t("2025-01-20T10:30:00.1Z"));
}

#[test]
fn the_legacy_poll_restarts_with_the_controller_manager_and_never_doubles() {
    let manifest = r#"
apiVersion: batch/v1beta1
kind: CronJob
metadata: {name: a, creationTimestamp: "2020-01-01T00:00:00Z"}
spec:
  schedule: "*/5 * * * *"
  jobTemplate: {spec: {template: {spec: {restartPolicy: Never, containers: [{name: c, image: x}]}}}}
"#;
    let sim = json!({"kubernetesVersion": "1.19", "duration": "40s",
        "events": [{"at": "2020-01-01T00:00:01Z", "controllerDown": {"until": "2020-01-01T00:00:05Z"}}]});
    let trace = simulate(manifest, Some(sim)).unwrap();
    let polls: Vec<i64> = trace.syncs.iter().map(|s| (s.at - t("2020-01-01T00:00:00Z")).num_seconds()).collect();
    assert_eq!(polls, [0, 5, 15, 25, 35], "the poll that was due at 10 s belonged to the stopped process");
}

#[test]
fn s11_two_slots_in_one_minute_share_a_job_name_so_the_second_never_runs() {
    // Job names carry minutes since the epoch: with "@every 30s" the 10:01:00 and 10:01:30 slots
    // both map to every30-28948921; the second create gets AlreadyExists (1.28.3+: adopted).
    let manifest = r#"
apiVersion: batch/v1
kind: CronJob
metadata: {name: every30, creationTimestamp: "2025-01-15T10:00:00Z"}
spec:
  schedule: "@every 30s"
  jobTemplate: {spec: {template: {spec: {restartPolicy: Never, containers: [{name: c, image: x}]}}}}
"#;
    let trace = simulate(manifest, Some(json!({"kubernetesVersion": "1.28", "duration": "2m"}))).unwrap();
    let names: Vec<&str> = trace.jobs.iter().map(|j| j.name.as_str()).collect();
    assert_eq!(names, ["every30-28948920", "every30-28948921"]);
    assert_eq!(slot(&trace, "every30", "2025-01-15T10:01:00Z").fate, SlotFate::RanOnTime);
    let second = slot(&trace, "every30", "2025-01-15T10:01:30Z");
    assert_eq!(second.fate, SlotFate::CreateFailed, "{}", second.explanation);
    assert_eq!(trace.cron_jobs[0].status["lastScheduleTime"], "2025-01-15T10:01:30Z");
}

#[test]
fn s3_forbid_under_v2_records_job_already_active_and_starts_the_held_slot_when_the_blocker_ends() {
    let trace = run(include_str!("data/sim/forbid_and_outage.yaml"));
    assert_eq!(
        fates(&trace, "report").into_iter().map(|(_, f)| f).collect::<Vec<_>>(),
        [
            SlotFate::RanOnTime,
            SlotFate::RanOnTime,
            SlotFate::SkippedForbid,
            SlotFate::RanLate,
            SlotFate::RanOnTime,
            SlotFate::RanOnTime,
            SlotFate::SkippedForbid,
            SlotFate::ControllerDown,
            SlotFate::ControllerDown,
            SlotFate::RanLate,
            SlotFate::RanOnTime,
        ]
    );
    // The 12-minute Job of 10:10 ends at 10:22:00.1; the pod event is batched 1 s, the Job turns
    // Complete at 10:22:01.1 and that Job event starts the held 10:20 slot.
    assert_eq!(job_created(&trace, "report-28948940"), t("2025-01-15T10:22:01.1Z"));
    // The 10:30 Job's pod ended at 10:42 during the outage; the Job only completes at the restart.
    let outage_job = trace.jobs.iter().find(|j| j.name == "report-28948950").unwrap();
    assert_eq!(outage_job.finished_at, Some(t("2025-01-15T10:52:00Z")));
    assert_eq!(job_created(&trace, "report-28948970"), t("2025-01-15T10:52:00Z"));
    let held: Vec<_> = trace.events.iter().filter(|e| e.reason == "JobAlreadyActive").map(|e| e.time).collect();
    assert_eq!(
        held,
        [
            t("2025-01-15T10:15:00.1Z"),
            t("2025-01-15T10:20:00.1Z"),
            t("2025-01-15T10:35:00.1Z"),
            t("2025-01-15T10:52:00Z")
        ]
    );
    assert_eq!(
        events(&trace, "JobAlreadyActive")[0],
        "Not starting job because prior execution is running and concurrency policy is Forbid"
    );
}

#[test]
fn objects_created_after_the_start_appear_at_their_creation_timestamp() {
    let manifest = r#"
apiVersion: batch/v1
kind: CronJob
metadata: {name: early, creationTimestamp: "2025-01-15T10:00:00Z"}
spec:
  schedule: "*/20 * * * *"
  jobTemplate: {spec: {template: {spec: {restartPolicy: Never, containers: [{name: c, image: x}]}}}}
---
apiVersion: batch/v1
kind: Job
metadata: {name: oneoff, creationTimestamp: "2025-01-15T10:30:00Z"}
spec: {template: {spec: {restartPolicy: Never, containers: [{name: c, image: x}]}}}
---
apiVersion: batch/v1
kind: CronJob
metadata: {name: late, creationTimestamp: "2025-01-15T10:45:00Z"}
spec:
  schedule: "*/20 * * * *"
  jobTemplate: {spec: {template: {spec: {restartPolicy: Never, containers: [{name: c, image: x}]}}}}
"#;
    let trace = simulate(manifest, Some(json!({"kubernetesVersion": "1.28", "duration": "80m"}))).unwrap();
    assert_eq!(trace.start, t("2025-01-15T10:00:00Z"), "the earliest creationTimestamp");
    assert_eq!(trace.pods.iter().find(|p| p.job == "oneoff").unwrap().created_at, t("2025-01-15T10:30:00Z"));
    let first = trace.syncs.iter().find(|s| s.object == "late").unwrap();
    assert_eq!(
        (first.at, first.trigger),
        (t("2025-01-15T10:45:00Z"), cronjob_playground::sim::trace::SyncTrigger::CronjobAdded)
    );
    assert_eq!(
        fates(&trace, "late"),
        [("01-15 11:00".into(), SlotFate::RanOnTime)],
        "10:40 is before its creation; 11:20 is the end"
    );
}

#[test]
fn seed_003_backoff_limit_1_on_failure_terminates_the_retry_and_s9_fail_job_on_exit_42() {
    let trace = run(include_str!("../scenarios/pod-failure-policy/scenario.yaml"));
    let job = |name: &str| trace.jobs.iter().find(|j| j.name == name).unwrap();
    // The first run fails at 10:01:00; the kubelet restarts it at once (restartCount 1 ≥ 1), the
    // Job controller's next sync fails the Job and kills the retry one second into its run.
    let example = job("job-example");
    assert_eq!(
        (example.finished_at, example.reason.as_deref()),
        (Some(t("2024-08-01T10:01:01Z")), Some("BackoffLimitExceeded"))
    );
    let pod = trace.pods.iter().find(|p| p.job == "job-example").unwrap();
    assert_eq!(pod.exit_codes, [1, 143]);
    assert_eq!(pod.restarts.iter().map(|r| r.at).collect::<Vec<_>>(), [t("2024-08-01T10:01:00Z")]);
    // Pod failure policy: the exit-1 pod is retried after 10 s; the exit-42 one fails the Job.
    let policy = job("policy");
    assert_eq!(
        (policy.finished_at, policy.reason.as_deref()),
        (Some(t("2024-08-01T10:00:51Z")), Some("PodFailurePolicy"))
    );
    assert_eq!(
        events(&trace, "PodFailurePolicy"),
        ["Container main for pod default/policy-g5gjz failed with exit code 42 matching FailJob rule at index 0"]
    );
}

#[test]
fn s7_the_repeated_hour_of_the_autumn_change_runs_twice() {
    // kubernetes#121594: Europe/Berlin 02:30 exists twice on 2025-10-26 (CEST, then CET); robfig's
    // Next finds both, and the controller creates a Job for each.
    let trace = run(include_str!("../scenarios/dst-time-zone/scenario.yaml"));
    let runs: Vec<_> = trace.jobs.iter().map(|j| j.scheduled_time.unwrap()).collect();
    assert_eq!(runs, [t("2025-10-26T00:30:00Z"), t("2025-10-26T01:30:00Z"), t("2025-10-27T01:30:00Z")]);
    assert!(fates(&trace, "nightly").iter().all(|(_, f)| *f == SlotFate::RanOnTime));
}

#[test]
fn a_patch_the_api_server_rejects_changes_nothing_and_shows_kubectls_error() {
    let manifest = r#"
apiVersion: batch/v1
kind: CronJob
metadata: {name: a, creationTimestamp: "2025-01-01T00:00:00Z"}
spec:
  schedule: "*/10 * * * *"
  jobTemplate: {spec: {template: {spec: {restartPolicy: OnFailure, containers: [{name: c, image: x}]}}}}
"#;
    let sim = json!({"kubernetesVersion": "1.28", "duration": "1h", "events": [
        {"at": "2025-01-01T00:12:00Z", "patch": {"cronJob": "a", "spec": {"schedule": "61 * * * *"}}},
        {"at": "2025-01-01T00:13:00Z", "patch": {"cronJob": "missing", "spec": {"suspend": true}}}]});
    let trace = simulate(manifest, Some(sim)).unwrap();
    assert_eq!(
        events(&trace, "KubectlError"),
        [
            "Error from server: CronJob.batch \"a\" is invalid: spec.schedule: Invalid value: \"61 * * * *\": end of \
            range (61) above maximum (59): 61",
            "Error from server: cronjobs.batch \"missing\" not found",
        ]
    );
    assert_eq!(trace.jobs.len(), 5, "the schedule stayed */10");
}

/// A Job controlled by a custom resource that shares the CronJob's name (issue #120181): up to 1.36
/// the CronJob controller reconciles it by name and warns `UnexpectedJob` at every sync; 1.37
/// (#133313) resolves the controller reference and leaves it alone. Without a version the run is
/// 1.37's, the newest; a 1.36 patch is read as the latest 1.36 patch, with a notice.
#[test]
fn a_foreign_job_with_the_cronjobs_name_warns_until_1_36_and_not_from_1_37() {
    let manifest = |version: Option<&str>| {
        let sim = version.map_or(String::new(), |v| {
            format!(
                "---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec:\n  kubernetesVersion: \
                \"{v}\"\n  start: \"2026-09-01T10:00:00Z\"\n  duration: 2h\n"
            )
        });
        format!(
            "apiVersion: batch/v1\nkind: CronJob\nmetadata: {{name: report, uid: cj-uid, creationTimestamp: \
            \"2026-09-01T09:00:00Z\"}}\nspec:\n  schedule: \"0 * * * *\"\n  jobTemplate:\n    spec:\n      \
            template:\n        spec:\n          restartPolicy: Never\n          containers: [{{name: c, image: \
            busybox}}]\n---\napiVersion: batch/v1\nkind: Job\nmetadata:\n  name: report-export\n  uid: job-uid\n  \
            creationTimestamp: \"2026-09-01T09:30:00Z\"\n  ownerReferences:\n  - {{apiVersion: example.com/v1, kind: \
            ReportExport, name: report, uid: other-uid, controller: true}}\nspec:\n  suspend: true\n  template:\n    \
            spec:\n      restartPolicy: Never\n      containers: [{{name: c, image: busybox}}]\n{sim}"
        )
    };
    let unexpected = |trace: &Trace| events(trace, "UnexpectedJob");
    let v36 = run(&manifest(Some("1.36.1")));
    assert_eq!(v36.kubernetes_version.to_string(), "1.36");
    assert!(!unexpected(&v36).is_empty(), "{:?}", v36.events);
    assert!(unexpected(&v36)
        .iter()
        .all(|m| m == "Saw a job that the controller did not create or forgot: report-export"));
    assert!(v36.notices.iter().any(|n| n.starts_with("kubernetesVersion 1.36.1: the model knows no difference")));
    let v37 = run(&manifest(Some("1.37")));
    assert!(unexpected(&v37).is_empty(), "{:?}", unexpected(&v37));
    assert_eq!(fates(&v37, "report"), fates(&v36, "report"), "the CronJob's own runs are the same");
    let newest = run(&manifest(None));
    assert_eq!(newest.kubernetes_version.to_string(), "1.37");
}
