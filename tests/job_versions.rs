//! Each release boundary where the Job controller, the kubelet or the TTL controller changed,
//! tested on both sides (the feature gates of `pkg/features/kube_features.go` and the back-off
//! constants of `pkg/controller/job`).

use chrono::{DateTime, TimeDelta, TimeZone, Utc};
use cronjob_playground::api::*;
use cronjob_playground::controller::job::backoff::{
    legacy_pod_failure_delay, legacy_rate_limited_delay, BackoffRecord,
};
use cronjob_playground::controller::job::pods::{JOB_COMPLETION_INDEX_ANNOTATION, JOB_TRACKING_FINALIZER};
use cronjob_playground::controller::job::*;
use cronjob_playground::controller::kubelet::{next_attempt_after_refusal, RetryTiming};

fn t(s: i64) -> DateTime<Utc> {
    Utc.timestamp_opt(1_700_000_000 + s, 0).unwrap()
}

fn v(minor: u8) -> KubernetesVersion {
    KubernetesVersion::new(minor).unwrap()
}

fn job(parallelism: i32, completions: i32, backoff_limit: i32, policy: RestartPolicy) -> Job {
    let mut j = Job::default();
    j.metadata.name = "pi".into();
    j.metadata.namespace = "default".into();
    j.metadata.uid = "job-uid".into();
    j.spec.parallelism = Some(parallelism);
    j.spec.completions = Some(completions);
    j.spec.backoff_limit = Some(backoff_limit);
    j.spec.template.spec = PodSpec {
        restart_policy: Some(policy),
        containers: vec![Container { name: "main".into(), ..Default::default() }],
        ..PodSpec::default()
    }
    .into();
    j
}

fn pod(n: usize, phase: PodPhase, exit_code: i32, finished: DateTime<Utc>, finalizer: bool) -> Pod {
    let mut p = Pod::default();
    p.metadata.name = format!("pi-{n}");
    p.metadata.uid = format!("uid-{n}");
    p.metadata.namespace = "default".into();
    if finalizer {
        p.metadata.finalizers.push(JOB_TRACKING_FINALIZER.into());
    }
    p.status.phase = Some(phase);
    let state = match phase {
        PodPhase::Failed | PodPhase::Succeeded => ContainerState {
            terminated: Some(ContainerStateTerminated { exit_code, finished_at: Some(finished), ..Default::default() }),
            ..Default::default()
        },
        _ => {
            ContainerState { running: Some(ContainerStateRunning { started_at: Some(finished) }), ..Default::default() }
        }
    };
    p.status.container_statuses = vec![ContainerStatus { name: "main".into(), state, ..Default::default() }];
    p
}

fn sync_at(minor: u8, job: &Job, pods: &[Pod], memory: &JobMemory, now: DateTime<Utc>) -> JobSyncResult {
    let pods: Vec<&Pod> = pods.iter().collect();
    sync_job(&JobSyncInput {
        job,
        pods: &pods,
        now,
        features: JobFeatures::for_version(v(minor), None),
        memory,
        faults: &PodApiFaults::default(),
    })
}

fn status(job: &Job, r: &JobSyncResult) -> JobStatus {
    r.status.clone().unwrap_or_else(|| job.status.clone())
}

/// 1.19 | 1.20: the Never path's limit counted work-queue retries before PR #93779, failed pods after.
#[test]
fn boundary_1_20_failed_pods_counted() {
    let mut j = job(2, 2, 1, RestartPolicy::Never);
    j.status.start_time = Some(t(0));
    j.status.active = 2;
    // Two failed pods at once (parallelism 2), no retries yet: 2 > backoffLimit 1 from 1.20 on,
    // but before, the retry count (0 + 1) is not > 1.
    let pods = [pod(1, PodPhase::Failed, 1, t(5), false), pod(2, PodPhase::Failed, 1, t(5), false)];
    let m = JobMemory::default();
    assert!(status(&j, &sync_at(20, &j, &pods, &m, t(6))).finished_condition().is_some());
    assert!(status(&j, &sync_at(19, &j, &pods, &m, t(6))).finished_condition().is_none());
    let m = JobMemory { requeues: 1, ..m };
    assert_eq!(
        status(&j, &sync_at(19, &j, &pods, &m, t(6))).finished_condition().unwrap().reason,
        REASON_BACKOFF_LIMIT_EXCEEDED
    );
}

/// 1.21 | 1.22: SuspendJob beta (on by default) in 1.22.
#[test]
fn boundary_1_22_suspend() {
    let mut j = job(1, 1, 6, RestartPolicy::Never);
    j.spec.suspend = Some(true);
    let r21 = sync_at(21, &j, &[], &JobMemory::default(), t(0));
    assert_eq!(r21.created.len(), 1);
    let r22 = sync_at(22, &j, &[], &JobMemory::default(), t(0));
    assert!(r22.created.is_empty());
    let st = status(&j, &r22);
    assert_eq!(st.start_time, None);
    let c = st.condition(JobConditionType::Suspended).unwrap();
    assert_eq!(
        (c.status, c.reason.as_str(), c.message.as_str()),
        (ConditionStatus::True, "JobSuspended", "Job suspended")
    );
    assert_eq!(
        r22.events,
        [Event { event_type: EventType::Normal, reason: "Suspended".into(), message: "Job suspended".into() }]
    );
}

/// 1.23 | 1.24: JobReadyPods beta: `status.ready` written, pod events batched by 1 s (PR #107476).
#[test]
fn boundary_1_24_ready_pods() {
    let j = job(1, 1, 6, RestartPolicy::Never);
    let mut p = pod(1, PodPhase::Running, 0, t(0), false);
    p.status.conditions.push(PodCondition {
        condition_type: POD_READY.into(),
        status: ConditionStatus::True,
        ..Default::default()
    });
    assert_eq!(status(&j, &sync_at(23, &j, std::slice::from_ref(&p), &JobMemory::default(), t(1))).ready, None);
    assert_eq!(status(&j, &sync_at(24, &j, &[p], &JobMemory::default(), t(1))).ready, Some(1));
    let added = PodEvent::Added;
    let f = |m| JobFeatures::for_version(v(m), None);
    assert_eq!(pod_event_delay(&f(23), &JobMemory::default(), added), TimeDelta::zero());
    assert_eq!(pod_event_delay(&f(24), &JobMemory::default(), added), TimeDelta::seconds(1));
}

/// 1.24 | 1.25: pods carry the tracking finalizer (JobTrackingWithFinalizers on by default).
#[test]
fn boundary_1_25_tracking_finalizer() {
    let j = job(1, 1, 6, RestartPolicy::Never);
    let has = |m| {
        sync_at(m, &j, &[], &JobMemory::default(), t(0)).created[0]
            .metadata
            .finalizers
            .contains(&JOB_TRACKING_FINALIZER.into())
    };
    assert!(!has(24));
    assert!(has(25));
}

/// 1.25 | 1.26: the pod failure policy is honoured (JobPodFailurePolicy beta).
#[test]
fn boundary_1_26_pod_failure_policy() {
    let mut j = job(1, 1, 6, RestartPolicy::Never);
    j.status.start_time = Some(t(0));
    j.spec.pod_failure_policy = Some(PodFailurePolicy {
        rules: vec![PodFailurePolicyRule {
            action: PodFailurePolicyAction::FailJob,
            on_exit_codes: Some(PodFailurePolicyOnExitCodesRequirement {
                container_name: None,
                operator: PodFailurePolicyOnExitCodesOperator::In,
                values: vec![42],
            }),
            on_pod_conditions: vec![],
        }],
    });
    let pods = [pod(1, PodPhase::Failed, 42, t(10), true)];
    let r25 = sync_at(25, &j, &pods, &JobMemory::default(), t(11));
    assert!(status(&j, &r25).finished_condition().is_none());
    let r26 = sync_at(26, &j, &pods, &JobMemory::default(), t(11));
    let st = status(&j, &r26);
    let c = st.finished_condition().unwrap();
    assert_eq!(c.reason, REASON_POD_FAILURE_POLICY);
    assert_eq!(
        c.message,
        "Container main for pod default/pi-1 failed with exit code 42 matching FailJob rule at index 0"
    );
    // The interim FailureTarget precedes Failed from the start of the feature.
    assert_eq!(st.conditions[0].condition_type, JobConditionType::FailureTarget);
}

/// 1.26 | 1.27: the back-off moved from the work queue (10 s doubling, 360 s cap, replacement at
/// once after the first failure) to the per-Job record (10 s doubling from the finish time, 600 s).
#[test]
fn boundary_1_27_backoff_engine() {
    let mut j = job(1, 1, 10, RestartPolicy::Never);
    j.status.start_time = Some(t(0));
    let pods = [pod(1, PodPhase::Failed, 1, t(30), true)];
    let r26 = sync_at(26, &j, &pods, &JobMemory::default(), t(30));
    assert_eq!(r26.created.len(), 1, "1.26 replaces the first failed pod in the same sync");
    assert_eq!(r26.requeue_after, Some(TimeDelta::seconds(10)), "and re-queues after the rate limiter's 10 s");
    for m in [27, 28] {
        let r = sync_at(m, &j, &pods, &JobMemory::default(), t(31));
        assert!(r.created.is_empty());
        assert_eq!(r.decision.code, "waiting-backoff");
        // 1.27 still returns "failed pod(s) detected", re-queued by the 1 s API-error limiter
        // (the earlier entry wins; the 9 s back-off is re-armed by that sync).
        let want = if m == 27 { TimeDelta::seconds(1) } else { TimeDelta::seconds(9) };
        assert_eq!((r.requeue_after, r.error.is_some()), (Some(want), m == 27), "1.{m}");
    }
    // Caps: 360 s before, 600 s after.
    assert_eq!(legacy_pod_failure_delay(20), TimeDelta::seconds(360));
    assert_eq!(legacy_rate_limited_delay(20), TimeDelta::seconds(360));
    let rec = BackoffRecord { failures_after_last_success: 20, last_failure_time: Some(t(0)) };
    assert_eq!(rec.remaining(t(0)), TimeDelta::seconds(600));
}

/// 1.27 | 1.28: Indexed pods also get the completion-index label (PodIndexLabel beta).
#[test]
fn boundary_1_28_pod_index_label() {
    let mut j = job(1, 1, 6, RestartPolicy::Never);
    j.spec.completion_mode = Some(CompletionMode::Indexed);
    let created = |m| sync_at(m, &j, &[], &JobMemory::default(), t(0)).created.remove(0);
    let p27 = created(27);
    assert_eq!(p27.metadata.annotations[JOB_COMPLETION_INDEX_ANNOTATION], "0");
    assert!(!p27.metadata.labels.contains_key(JOB_COMPLETION_INDEX_ANNOTATION));
    assert_eq!(created(28).metadata.labels[JOB_COMPLETION_INDEX_ANNOTATION], "0");
    assert_eq!(p27.metadata.generate_name, "pi-0-");
}

/// 1.28 | 1.29: podReplacementPolicy and `status.terminating` (JobPodReplacementPolicy beta);
/// backoffLimitPerIndex (JobBackoffLimitPerIndex beta).
#[test]
fn boundary_1_29_replacement_policy_and_per_index() {
    let mut j = job(1, 1, 6, RestartPolicy::Never);
    j.status.start_time = Some(t(0));
    j.spec.pod_replacement_policy = Some(PodReplacementPolicy::Failed);
    let mut terminating = pod(1, PodPhase::Running, 0, t(0), true);
    terminating.metadata.deletion_timestamp = Some(t(5));
    let pods = [terminating];
    // 1.28: a deleted pod counts as failed at once (and its replacement waits for the back-off);
    // 1.29: with podReplacementPolicy Failed it only shows as terminating until it has failed.
    let r28 = sync_at(28, &j, &pods, &JobMemory::default(), t(6));
    let st28 = status(&j, &r28);
    assert_eq!((st28.terminating, st28.failed, r28.decision.code), (None, 1, "waiting-backoff"));
    let r29 = sync_at(29, &j, &pods, &JobMemory::default(), t(6));
    let st29 = status(&j, &r29);
    assert_eq!((st29.terminating, st29.failed, r29.created.len(), r29.decision.code), (Some(1), 0, 0, "waiting-pods"));

    let mut ix = job(2, 2, i32::MAX, RestartPolicy::Never);
    ix.status.start_time = Some(t(0));
    ix.spec.completion_mode = Some(CompletionMode::Indexed);
    ix.spec.backoff_limit_per_index = Some(0);
    let mut failed = pod(1, PodPhase::Failed, 1, t(5), true);
    failed.metadata.annotations.insert(JOB_COMPLETION_INDEX_ANNOTATION.into(), "0".into());
    let pods = [failed];
    assert_eq!(status(&ix, &sync_at(28, &ix, &pods, &JobMemory::default(), t(6))).failed_indexes, None);
    assert_eq!(status(&ix, &sync_at(29, &ix, &pods, &JobMemory::default(), t(6))).failed_indexes.as_deref(), Some("0"));
}

/// 1.30 | 1.31: the terminal condition waits for terminating pods (FailureTarget first), and the
/// success policy / `CompletionsReached` reason arrive.
#[test]
fn boundary_1_31_delayed_terminal_condition_and_success_policy() {
    let mut j = job(1, 1, 6, RestartPolicy::Never);
    j.status.start_time = Some(t(0));
    j.spec.active_deadline_seconds = Some(10);
    let running = [pod(1, PodPhase::Running, 0, t(0), true)];
    let types = |m| {
        status(&j, &sync_at(m, &j, &running, &JobMemory::default(), t(10)))
            .conditions
            .iter()
            .map(|c| c.condition_type)
            .collect::<Vec<_>>()
    };
    assert_eq!(types(30), [JobConditionType::Failed]);
    assert_eq!(types(31), [JobConditionType::FailureTarget]);

    let done = [pod(1, PodPhase::Succeeded, 0, t(5), true)];
    let j = job(1, 1, 6, RestartPolicy::Never);
    let st30 = status(&j, &sync_at(30, &j, &done, &JobMemory::default(), t(6)));
    assert_eq!(
        st30.conditions.iter().map(|c| (c.condition_type, c.reason.as_str())).collect::<Vec<_>>(),
        [(JobConditionType::Complete, "")]
    );
    let st31 = status(&j, &sync_at(31, &j, &done, &JobMemory::default(), t(6)));
    assert_eq!(
        st31.conditions.iter().map(|c| (c.condition_type, c.reason.as_str())).collect::<Vec<_>>(),
        [
            (JobConditionType::SuccessCriteriaMet, REASON_COMPLETIONS_REACHED),
            (JobConditionType::Complete, REASON_COMPLETIONS_REACHED)
        ]
    );
    assert_eq!(st31.completion_time, Some(t(6)));

    let mut sp = job(3, 3, 6, RestartPolicy::Never);
    sp.spec.completion_mode = Some(CompletionMode::Indexed);
    sp.spec.success_policy = Some(SuccessPolicy {
        rules: vec![SuccessPolicyRule { succeeded_indexes: Some("0".into()), succeeded_count: None }],
    });
    let mut p0 = pod(1, PodPhase::Succeeded, 0, t(5), true);
    p0.metadata.annotations.insert(JOB_COMPLETION_INDEX_ANNOTATION.into(), "0".into());
    let mut p1 = pod(2, PodPhase::Running, 0, t(0), true);
    p1.metadata.annotations.insert(JOB_COMPLETION_INDEX_ANNOTATION.into(), "1".into());
    let pods = [p0, p1];
    assert!(sync_at(30, &sp, &pods, &JobMemory::default(), t(6)).deleted.is_empty());
    let r31 = sync_at(31, &sp, &pods, &JobMemory::default(), t(6));
    assert_eq!(r31.deleted.len(), 1);
    let c = &status(&sp, &r31).conditions[0];
    assert_eq!(
        (c.condition_type, c.reason.as_str(), c.message.as_str()),
        (JobConditionType::SuccessCriteriaMet, REASON_SUCCESS_POLICY, "Matched rules at index 0")
    );
}

/// 1.31 | 1.32: `spec.managedBy` hands the Job to another controller (JobManagedBy beta).
#[test]
fn boundary_1_32_managed_by() {
    let mut j = job(1, 1, 6, RestartPolicy::Never);
    j.spec.managed_by = Some("kueue.x-k8s.io/multikueue".into());
    assert_eq!(sync_at(31, &j, &[], &JobMemory::default(), t(0)).created.len(), 1);
    let r = sync_at(32, &j, &[], &JobMemory::default(), t(0));
    assert!(r.created.is_empty() && r.status.is_none());
    assert_eq!(r.decision.code, "managed-elsewhere");
}

/// 1.33 | 1.34: the kubelet's pod worker retries a refused restart every 10 s, then at the expiry.
#[test]
fn boundary_1_34_kubelet_retry() {
    assert_eq!(next_attempt_after_refusal(v(33), RetryTiming::PodWorker, t(60), t(80)), t(70));
    assert_eq!(next_attempt_after_refusal(v(34), RetryTiming::PodWorker, t(60), t(80)), t(80));
    assert_eq!(next_attempt_after_refusal(v(34), RetryTiming::PodWorker, t(60), t(200)), t(120));
}

/// OnFailure: the restart sum trips the limit at ≥ backoffLimit (> 0 for backoffLimit 0), in every release.
#[test]
fn on_failure_off_by_one_in_every_release() {
    for minor in [13, 20, 26, 27, 31, 35] {
        for (limit, restarts, fails) in [(3, 2, false), (3, 3, true), (0, 0, false), (0, 1, true), (1, 1, true)] {
            let mut j = job(1, 1, limit, RestartPolicy::OnFailure);
            j.status.start_time = Some(t(0));
            let mut p = pod(1, PodPhase::Running, 0, t(0), minor >= 25);
            p.status.container_statuses[0].restart_count = restarts;
            let r = sync_at(minor, &j, &[p], &JobMemory::default(), t(1));
            let st = status(&j, &r);
            let failing = st.conditions.iter().any(|c| c.reason == REASON_BACKOFF_LIMIT_EXCEEDED);
            assert_eq!(failing, fails, "1.{minor} limit {limit} restarts {restarts}");
            assert_eq!(r.deleted.len(), usize::from(fails), "1.{minor}: the running retry is killed at once");
        }
    }
}

/// 1.26 | 1.27 | 1.31 | 1.32 | 1.33 | 1.34: a replacement waiting for its back-off while another pod
/// runs. 1.27–1.33 write `active: 0` (issue #139428); from 1.32 the API server rejects that status
/// (ready 1 > active 0), so the failed pod is not counted until the back-off is over; 1.34 reports
/// the running pod.
#[test]
fn boundaries_active_zero_during_backoff() {
    let mut j = job(2, 2, 6, RestartPolicy::Never);
    j.status.start_time = Some(t(0));
    j.status.active = 2;
    j.status.ready = Some(2);
    let mut running = pod(1, PodPhase::Running, 0, t(0), true);
    running.status.conditions.push(PodCondition {
        condition_type: POD_READY.into(),
        status: ConditionStatus::True,
        ..Default::default()
    });
    let pods = [running, pod(2, PodPhase::Failed, 1, t(30), true)];
    let at = |m| sync_at(m, &j, &pods, &JobMemory::default(), t(31));
    let r26 = at(26);
    assert_eq!((r26.created.len(), status(&j, &r26).active), (1, 2));
    for m in [27, 28, 31] {
        let r = at(m);
        let st = status(&j, &r);
        assert_eq!((r.created.len(), st.active, st.ready, st.failed), (0, 0, Some(1), 1), "1.{m}");
        assert_eq!(r.finalizers_removed, ["pi-2"], "1.{m}");
    }
    for m in [32, 33] {
        let r = at(m);
        assert_eq!(r.status, None, "1.{m}");
        assert!(r.finalizers_removed.is_empty(), "1.{m}");
        assert_eq!(
            r.error.as_deref(),
            Some("Job.batch \"pi\" is invalid: status.ready: Invalid value: 1: cannot set more ready pods than active")
        );
        assert_eq!(
            r.requeue_after,
            Some(TimeDelta::seconds(1)),
            "1.{m}: API-error re-queue (1 s) before the back-off (9 s)"
        );
        assert_eq!(
            r.memory.backoff,
            BackoffRecord::default(),
            "1.{m}: the back-off record is saved only on a successful flush"
        );
    }
    let r34 = at(34);
    let st = status(&j, &r34);
    assert_eq!((st.active, st.ready, st.failed, r34.error), (1, Some(1), 1, None));
}

/// Finalizer tracking counts at most 500 finished pods per sync; the Job completes on a later sync.
#[test]
fn max_uncounted_pods_per_sync() {
    let mut j = job(600, 600, 6, RestartPolicy::Never);
    j.status.start_time = Some(t(0));
    let mut pods: Vec<Pod> = (0..600).map(|n| pod(n, PodPhase::Succeeded, 0, t(5), true)).collect();
    let r = sync_at(28, &j, &pods, &JobMemory::default(), t(6));
    let st = status(&j, &r);
    assert_eq!((st.succeeded, r.finalizers_removed.len(), st.finished_condition()), (500, 500, None));
    j.status = st;
    for p in &mut pods {
        if r.finalizers_removed.contains(&p.metadata.name) {
            p.metadata.finalizers.clear();
        }
    }
    let st = status(&j, &sync_at(28, &j, &pods, &JobMemory::default(), t(7)));
    assert_eq!(st.succeeded, 600);
    assert_eq!(st.finished_condition().unwrap().condition_type, JobConditionType::Complete);
}

/// 1.27 | 1.28: up to 1.27 `backoffLimit` is checked only in the sync that sees a new failure and
/// only while fewer pods than `parallelism` are active; from 1.28 on every sync.
#[test]
fn boundary_1_28_backoff_limit_check() {
    let mut j = job(2, 10, 1, RestartPolicy::Never);
    j.status.start_time = Some(t(0));
    let pods = [
        pod(1, PodPhase::Running, 0, t(0), true),
        pod(2, PodPhase::Running, 0, t(0), true),
        pod(3, PodPhase::Failed, 1, t(5), true),
        pod(4, PodPhase::Failed, 1, t(5), true),
    ];
    let failed = |m| status(&j, &sync_at(m, &j, &pods, &JobMemory::default(), t(6))).finished_condition().is_some();
    assert!(!failed(27), "2 active = parallelism: not checked");
    assert!(failed(28));
}
