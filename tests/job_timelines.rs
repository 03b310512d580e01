//! The reference timelines of v1.28.7 and v1.23.13 (one pod, container runs 30 s then exits 1, backoffLimit 3),
//! reproduced to the second by driving the pure Job controller and kubelet functions with a tiny
//! discrete-event loop: zero API latency, the controller's event batching modelled exactly, the
//! kubelet restarting exactly at back-off expiry, killed containers exiting on SIGTERM at once.

use chrono::{DateTime, TimeDelta, TimeZone, Utc};
use cronjob_playground::api::*;
use cronjob_playground::controller::job::pods::is_active;
use cronjob_playground::controller::job::*;
use cronjob_playground::controller::kubelet::{self, ContainerExit, CrashLoopBackOff};
use std::collections::BTreeMap;

fn t(s: f64) -> DateTime<Utc> {
    Utc.timestamp_opt(0, 0).unwrap() + TimeDelta::milliseconds((s * 1000.0) as i64)
}

fn secs(at: DateTime<Utc>) -> f64 {
    at.timestamp_millis() as f64 / 1000.0
}

#[derive(Debug)]
enum Ev {
    Sync,
    Exit(String),
    Restart(String),
    Killed(String),
}

struct World {
    f: JobFeatures,
    job: Job,
    pods: Vec<Pod>,
    backoffs: BTreeMap<String, CrashLoopBackOff>,
    /// The container runtime's exact exit time per pod (the kubelet's back-off counts from it).
    exited_at: BTreeMap<String, DateTime<Utc>>,
    memory: JobMemory,
    queue: BTreeMap<(DateTime<Utc>, u64), Ev>,
    seq: u64,
    exit_codes: Vec<i32>,
    attempts: usize,
    /// How long each container run lasts.
    run_secs: i64,
    /// Events the Job controller recorded, with their time.
    events: Vec<(f64, Event)>,
    /// Whether a killed container exits on SIGTERM (else SIGKILL after the grace period).
    exits_on_sigterm: bool,
    now: DateTime<Utc>,
    /// (time, what) of pod creations, container (re)starts and Job conditions.
    log: Vec<(f64, String)>,
}

impl World {
    fn new(minor: u8, patch: Option<u32>, policy: RestartPolicy, exit_codes: Vec<i32>) -> World {
        let mut job = Job::default();
        job.metadata.name = "pi".into();
        job.metadata.namespace = "default".into();
        job.metadata.uid = "job-uid".into();
        job.spec.parallelism = Some(1);
        job.spec.completions = Some(1);
        job.spec.backoff_limit = Some(3);
        job.spec.template.spec = PodSpec {
            restart_policy: Some(policy),
            containers: vec![Container { name: "main".into(), ..Default::default() }],
            ..PodSpec::default()
        }
        .into();
        let mut w = World {
            f: JobFeatures::for_version(KubernetesVersion::new(minor).unwrap(), patch),
            job,
            pods: vec![],
            backoffs: BTreeMap::new(),
            exited_at: BTreeMap::new(),
            memory: JobMemory::default(),
            queue: BTreeMap::new(),
            seq: 0,
            exit_codes,
            attempts: 0,
            exits_on_sigterm: true,
            events: vec![],
            run_secs: 30,
            now: t(0.0),
            log: vec![],
        };
        w.at(t(0.0), Ev::Sync);
        w
    }

    /// Schedules an event. Syncs follow client-go's delaying queue: an add with no delay is queued
    /// at once; a delayed add waits in a heap holding one entry per Job, the earliest.
    fn at(&mut self, when: DateTime<Utc>, ev: Ev) {
        if matches!(ev, Ev::Sync) && when > self.now {
            if let Some(&k) =
                self.queue.iter().find(|((at, _), e)| matches!(e, Ev::Sync) && *at > self.now).map(|(k, _)| k)
            {
                if k.0 <= when {
                    return;
                }
                self.queue.remove(&k);
            }
        }
        self.seq += 1;
        self.queue.insert((when, self.seq), ev);
    }

    fn pod_event(&mut self, now: DateTime<Utc>, ev: PodEvent) {
        let d = pod_event_delay(&self.f, &self.memory, ev);
        self.at(now + d, Ev::Sync);
    }

    fn run_container(&mut self, name: &str, now: DateTime<Utc>, restart_count: u32) {
        let p = self.pods.iter_mut().find(|p| p.metadata.name == name).unwrap();
        p.status = kubelet::start_container(p, now, restart_count);
        self.log.push((secs(now), format!("start {name} #{restart_count}")));
        self.at(now + TimeDelta::seconds(self.run_secs), Ev::Exit(name.into()));
        self.pod_event(now, PodEvent::Updated { old_phase: PodPhase::Pending, new_phase: PodPhase::Running });
    }

    fn step(&mut self) -> bool {
        let Some(((now, _), ev)) = self.queue.pop_first() else { return false };
        if secs(now) > 10_000.0 {
            return false;
        }
        self.now = now;
        match ev {
            Ev::Sync => self.sync(now),
            Ev::Exit(name) => {
                let Some(i) = self.pods.iter().position(|p| p.metadata.name == name && is_active(p)) else {
                    return true;
                };
                let code = self.exit_codes[self.attempts.min(self.exit_codes.len() - 1)];
                self.attempts += 1;
                let (status, exit) = kubelet::container_exited(&self.pods[i], code, now);
                let old = self.pods[i].status.phase.unwrap_or_default();
                self.pods[i].status = status;
                self.pod_event(
                    now,
                    PodEvent::Updated { old_phase: old, new_phase: self.pods[i].status.phase.unwrap_or_default() },
                );
                if exit == ContainerExit::Restart {
                    self.exited_at.insert(name.clone(), now);
                    self.at(now, Ev::Restart(name));
                }
            }
            Ev::Restart(name) => {
                let Some(i) = self.pods.iter().position(|p| p.metadata.name == name && is_active(p)) else {
                    return true;
                };
                let b = self.backoffs.get(&name).copied().unwrap_or_default();
                let exited_at = self.exited_at[&name];
                let r = kubelet::restart_crashed_container(&self.pods[i], &b, exited_at, now);
                self.backoffs.insert(name.clone(), r.backoff);
                match r.retry_at {
                    Some(at) => {
                        self.pods[i].status = r.status;
                        self.at(at, Ev::Restart(name));
                    }
                    None => {
                        let rc = r.status.container_statuses[0].restart_count as u32;
                        self.run_container(&name, now, rc);
                    }
                }
            }
            Ev::Killed(name) => {
                let Some(i) = self.pods.iter().position(|p| p.metadata.name == name) else { return true };
                let old = self.pods[i].status.phase.unwrap_or_default();
                self.pods[i].status = kubelet::killed(&self.pods[i], 143, now);
                self.log.push((secs(now), format!("killed {name}")));
                if self.pods[i].metadata.finalizers.is_empty() {
                    self.pods.remove(i);
                    self.pod_event(now, PodEvent::Deleted);
                } else {
                    self.pod_event(now, PodEvent::Updated { old_phase: old, new_phase: PodPhase::Failed });
                }
            }
        }
        true
    }

    fn sync(&mut self, now: DateTime<Utc>) {
        let pods: Vec<&Pod> = self.pods.iter().collect();
        let mut r = sync_job(&JobSyncInput {
            job: &self.job,
            pods: &pods,
            now,
            features: self.f,
            memory: &self.memory,
            faults: &PodApiFaults::default(),
        });
        self.memory = r.memory.clone();
        let mut n = self.pods.len();
        r.assign_pod_names(|generate_name| {
            n += 1;
            format!("{generate_name}{n}")
        });
        self.events.extend(r.events.iter().map(|e| (secs(now), e.clone())));
        for name in &r.finalizers_removed {
            let i = self.pods.iter().position(|p| &p.metadata.name == name).unwrap();
            self.pods[i].metadata.finalizers.clear();
            if self.pods[i].metadata.deletion_timestamp.is_some() && !is_active_or_terminating(&self.pods[i]) {
                self.pods.remove(i);
            }
        }
        for d in &r.deleted {
            let i = self.pods.iter().position(|p| p.metadata.name == d.name).unwrap();
            self.pods[i].metadata.deletion_timestamp = Some(now);
            let (at, _) = kubelet::termination(&self.pods[i], now, self.exits_on_sigterm);
            self.at(at, Ev::Killed(d.name.clone()));
        }
        for mut p in r.created.clone() {
            p.metadata.uid = format!("uid-{}", p.metadata.name);
            let name = p.metadata.name.clone();
            self.log.push((secs(now), format!("create {name}")));
            self.pods.push(p);
            self.pod_event(now, PodEvent::Added);
            self.run_container(&name, now, 0);
        }
        if let Some(status) = r.status.clone() {
            for c in status
                .conditions
                .iter()
                .filter(|c| !self.job.status.conditions.iter().any(|o| o.condition_type == c.condition_type))
            {
                self.log.push((secs(now), format!("{:?} {}", c.condition_type, c.reason)));
            }
            self.job.status = status;
            let d = job_event_delay(&self.f, false);
            self.at(now + d, Ev::Sync);
        }
        if let Some(d) = r.requeue_after {
            self.at(now + d, Ev::Sync);
        }
    }

    fn run(mut self) -> World {
        while self.step() {}
        self
    }

    fn times(&self, prefix: &str) -> Vec<f64> {
        self.log.iter().filter(|(_, w)| w.starts_with(prefix)).map(|(t, _)| *t).collect()
    }
}

fn is_active_or_terminating(p: &Pod) -> bool {
    !matches!(p.status.phase, Some(PodPhase::Succeeded | PodPhase::Failed))
}

#[test]
fn never_modern_pods_at_0_40_90_160_failed_at_191() {
    for minor in [27, 28, 30] {
        let w = World::new(minor, None, RestartPolicy::Never, vec![1]).run();
        assert_eq!(w.times("create"), [0.0, 40.0, 90.0, 160.0], "1.{minor}");
        assert_eq!(w.times("Failed"), [191.0], "1.{minor}");
        assert_eq!(w.times("FailureTarget"), Vec::<f64>::new(), "1.{minor}");
        let c = w.job.status.finished_condition().unwrap();
        assert_eq!(
            (c.reason.as_str(), c.message.as_str()),
            (REASON_BACKOFF_LIMIT_EXCEEDED, MESSAGE_BACKOFF_LIMIT_EXCEEDED)
        );
        assert_eq!((w.job.status.failed, w.job.status.active, w.job.status.completion_time), (4, 0, None));
        let created: Vec<String> = w
            .events
            .iter()
            .filter(|(_, e)| e.reason == "SuccessfulCreate")
            .map(|(_, e)| e.message.to_string())
            .collect();
        assert_eq!(created, ["Created pod: pi-1", "Created pod: pi-2", "Created pod: pi-3", "Created pod: pi-4"]);
        let last = w.events.last().unwrap();
        assert_eq!(
            (last.0, last.1.clone()),
            (
                191.0,
                Event {
                    event_type: EventType::Warning,
                    reason: "BackoffLimitExceeded".into(),
                    message: "Job has reached the specified backoff limit".into()
                }
            )
        );
    }
}

#[test]
fn never_1_31_writes_failure_target_and_failed_together() {
    let w = World::new(31, None, RestartPolicy::Never, vec![1]).run();
    assert_eq!(w.times("create"), [0.0, 40.0, 90.0, 160.0]);
    assert_eq!(w.times("FailureTarget"), [191.0]);
    assert_eq!(w.times("Failed"), [191.0]);
    let types: Vec<_> = w.job.status.conditions.iter().map(|c| c.condition_type).collect();
    assert_eq!(types, [JobConditionType::FailureTarget, JobConditionType::Failed]);
}

#[test]
fn never_success_after_two_failures_resets_nothing_and_completes_at_121() {
    let w = World::new(28, None, RestartPolicy::Never, vec![1, 1, 0]).run();
    assert_eq!(w.times("create"), [0.0, 40.0, 90.0]);
    assert_eq!(w.times("Complete"), [121.0]);
    assert_eq!((w.job.status.failed, w.job.status.succeeded), (2, 1));
    assert_eq!(w.job.status.completion_time, Some(t(121.0)));
    let w = World::new(31, None, RestartPolicy::Never, vec![1, 1, 0]).run();
    assert_eq!((w.times("SuccessCriteriaMet"), w.times("Complete")), (vec![121.0], vec![121.0]));
}

#[test]
fn never_legacy_pods_at_0_30_70_120_failed_at_160() {
    for minor in [20, 21, 22, 23] {
        let w = World::new(minor, None, RestartPolicy::Never, vec![1]).run();
        assert_eq!(w.times("create"), [0.0, 30.0, 70.0, 120.0], "1.{minor}");
        assert_eq!(w.times("Failed"), [160.0], "1.{minor}");
        assert_eq!(w.job.status.failed, 4, "1.{minor}");
    }
}

/// 1.24–1.26, settled from the release branches' source:
///
/// * `kube_features.go`: release-1.24 has `JobReadyPods: {Default: true, PreRelease:
///   featuregate.Beta}` and `JobTrackingWithFinalizers: {Default: false, PreRelease:
///   featuregate.Beta}, // Disabled due to #109485`; release-1.25 turns finalizer tracking on
///   (`{Default: true, PreRelease: featuregate.Beta}`) and 1.26 makes it GA.
/// * release-1.24 `job_controller.go`: `const podUpdateBatchPeriod = time.Second` (set at the beta,
///   PR #107476; the alpha's 0.5 s never ran by default); `enqueueControllerDelayed` does
///   `backoff := delay; if !immediate { backoff = getBackoff(jm.queue, key) }`, so a failed pod is
///   synced at once while the re-queue counter is 0; the untracked path updates the status when
///   `!equalReady(job.Status.Ready, ready)` and then sets `forget = true`, so the replacement pod
///   turning Ready resets the counter — every replacement comes with no delay, as in the
///   finalizer-tracking regression of 1.25.0–1.25.5/1.26.0 (tracked path: `forget = true` on every
///   sync without a new failure, issue #114391).
/// * PR #114516 (1.25.6, 1.26.1, "re-honor exponential backoff delay") stops that `forget` and
///   applies the back-off only to a pod seen failing for the first time. The replacement then waits
///   for the 1 s batch, and the batched pod-added event replaces the rate-limited re-queue in the
///   delaying queue (one waiting entry per key, the earliest), so the last failure waits for
///   `getBackoff` (40 s) instead of the re-queue: Failed at 191, not at 160 as up to 1.23.
#[test]
fn never_legacy_1_24_to_1_26_from_the_release_branches() {
    for (minor, patch) in [(24, None), (24, Some(0)), (25, Some(0)), (25, Some(5)), (26, Some(0))] {
        let w = World::new(minor, patch, RestartPolicy::Never, vec![1]).run();
        assert_eq!(w.times("create"), [0.0, 30.0, 60.0, 90.0], "1.{minor}.{patch:?}");
        assert_eq!(w.times("Failed"), [120.0], "1.{minor}.{patch:?}");
    }
    for (minor, patch) in [(25, Some(6)), (25, None), (26, Some(1)), (26, None)] {
        let w = World::new(minor, patch, RestartPolicy::Never, vec![1]).run();
        assert_eq!(w.times("create"), [0.0, 31.0, 71.0, 121.0], "1.{minor}.{patch:?}");
        assert_eq!(w.times("Failed"), [191.0], "1.{minor}.{patch:?}");
    }
    // Either side: 1.23 (JobReadyPods alpha, off) keeps the re-queue-driven 160; 1.27 the back-off record.
    let w = World::new(23, None, RestartPolicy::Never, vec![1]).run();
    assert_eq!((w.times("create"), w.times("Failed")), (vec![0.0, 30.0, 70.0, 120.0], vec![160.0]));
    let w = World::new(27, None, RestartPolicy::Never, vec![1]).run();
    assert_eq!((w.times("create"), w.times("Failed")), (vec![0.0, 40.0, 90.0, 160.0], vec![191.0]));
}

#[test]
fn on_failure_restarts_at_30_70_120_failed_at_121() {
    // The Job sync that sees restartCount 3 runs 1 s (1.24+: the pod-update batch) or 0 s after the restart.
    for (minor, failed_at) in
        [(21, 120.0), (23, 120.0), (24, 121.0), (26, 121.0), (27, 121.0), (28, 121.0), (30, 121.0)]
    {
        let w = World::new(minor, None, RestartPolicy::OnFailure, vec![1]).run();
        assert_eq!(w.times("create"), [0.0], "1.{minor}");
        assert_eq!(w.times("start"), [0.0, 30.0, 70.0, 120.0], "1.{minor}");
        assert_eq!(w.times("Failed"), [failed_at], "1.{minor}");
        // The Cybozu finding: four container starts, the fourth killed at once; status.failed = 1.
        assert_eq!(w.times("killed"), [failed_at], "1.{minor}");
        assert_eq!(w.job.status.failed, 1, "1.{minor}");
        assert_eq!(w.job.status.finished_condition().unwrap().reason, REASON_BACKOFF_LIMIT_EXCEEDED);
    }
}

#[test]
fn on_failure_1_31_failure_target_then_failed_once_the_pod_is_gone() {
    let w = World::new(31, None, RestartPolicy::OnFailure, vec![1]).run();
    assert_eq!(w.times("start"), [0.0, 30.0, 70.0, 120.0]);
    assert_eq!(w.times("FailureTarget"), [121.0]);
    assert_eq!(w.times("Failed"), [122.0]);
    assert_eq!(w.job.status.failed, 1);
}

#[test]
fn never_active_deadline_100_kills_the_third_pod() {
    let mut w = World::new(28, None, RestartPolicy::Never, vec![1]);
    w.job.spec.backoff_limit = Some(6);
    w.job.spec.active_deadline_seconds = Some(100);
    let w = w.run();
    assert_eq!(w.times("create"), [0.0, 40.0, 90.0]);
    assert_eq!(w.times("Failed"), [100.0]);
    assert_eq!(w.times("killed"), [100.0]);
    let c = w.job.status.finished_condition().unwrap();
    assert_eq!((c.reason.as_str(), c.message.as_str()), (REASON_DEADLINE_EXCEEDED, MESSAGE_DEADLINE_EXCEEDED));
    assert_eq!(w.job.status.failed, 3);
}

#[test]
fn backoff_limit_zero_fails_at_31_either_way() {
    for policy in [RestartPolicy::Never, RestartPolicy::OnFailure] {
        let mut w = World::new(28, None, policy, vec![1]);
        w.job.spec.backoff_limit = Some(0);
        let w = w.run();
        assert_eq!(w.times("Failed"), [31.0], "{policy:?}");
        assert_eq!(w.job.status.failed, 1, "{policy:?}");
    }
}

/// ≥1.31: a killed pod that ignores SIGTERM keeps the Job at FailureTarget for the 30 s grace period.
#[test]
fn on_failure_1_31_sigterm_ignored_fails_after_the_grace_period() {
    let mut w = World::new(31, None, RestartPolicy::OnFailure, vec![1]);
    w.exits_on_sigterm = false;
    let w = w.run();
    assert_eq!(w.times("FailureTarget"), [121.0]);
    assert_eq!(w.times("killed"), [151.0]);
    assert_eq!(w.times("Failed"), [152.0]);
}

/// Fast-crashing container (runs 0 s; runs on a real cluster add 0.5 s of platform latency per pod):
/// pod k+1 is created at F_k + min(10·2^(k−1), 600).
#[test]
fn never_fast_crash_delays_double_to_the_600s_cap() {
    let mut w = World::new(28, None, RestartPolicy::Never, vec![1]);
    w.run_secs = 0;
    w.job.spec.backoff_limit = Some(9);
    let w = w.run();
    let created = w.times("create");
    let gaps: Vec<f64> = created.windows(2).map(|p| p[1] - p[0]).collect();
    assert_eq!(gaps, [10.0, 20.0, 40.0, 80.0, 160.0, 320.0, 600.0, 600.0, 600.0]);
    assert_eq!(w.times("Failed"), [created[9] + 1.0]);
}

/// Up to 1.26 with a 1 s container (v1.23.13: pods at 0, 1, 11, 31, 71, 151, 311, Failed ≈631,
/// the rate-limited re-queues driving everything).
#[test]
fn never_legacy_one_second_container() {
    let mut w = World::new(23, None, RestartPolicy::Never, vec![1]);
    w.run_secs = 1;
    w.job.spec.backoff_limit = Some(6);
    let w = w.run();
    assert_eq!(w.times("create"), [0.0, 1.0, 11.0, 31.0, 71.0, 151.0, 311.0]);
    assert_eq!(w.times("Failed"), [631.0]);
}

#[test]
fn on_failure_fast_crash_restart_delays() {
    let mut w = World::new(28, None, RestartPolicy::OnFailure, vec![1]);
    w.run_secs = 0;
    w.job.spec.backoff_limit = Some(6);
    let w = w.run();
    let starts = w.times("start");
    let gaps: Vec<f64> = starts.windows(2).map(|p| p[1] - p[0]).collect();
    assert_eq!(gaps, [0.0, 10.0, 20.0, 40.0, 80.0, 160.0]);
    assert_eq!(w.times("Failed"), [starts[6] + 1.0]);
    assert_eq!(w.job.status.failed, 1);
}
