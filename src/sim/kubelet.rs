//! The kubelet's part of the world: it starts a new pod's container after the scenario's startup
//! time, lets it run and exit as the scenario says (one attempt per container instance, counted
//! across the Job's pods and restarts), finishes the pod or restarts the container under
//! CrashLoopBackOff, and writes the pod status the Job controller reads. The restart rules are
//! `controller::kubelet`'s; this module only schedules them on the virtual clock.
//!
//! Model assumptions (the research's reference timelines): the pod is bound and its container
//! created the instant the startup time is over; a container exits at once when its pod is
//! deleted; the kubelet retries a refused restart exactly when the back-off expires.

use super::scenario::{Attempt, DEFAULT_ATTEMPT};
use super::trace::{ControllerName, Decision, EventType, ObjectKind, PodPhase as TracePhase, SyncTrigger, Time};
use super::world::{Happening, World};
use crate::api::{
    ConditionStatus, ContainerState, ContainerStateRunning, ContainerStateTerminated, ContainerStateWaiting,
    ContainerStatus, Job, Pod, PodCondition, PodPhase, RestartPolicy, POD_READY,
};
use crate::controller::kubelet::{
    after_container_exit, backoff_event_message, crash_loop_waiting_message, restart_attempt, ContainerExit,
    CrashLoopBackOff, RestartAttempt,
};
use chrono::TimeDelta;
use std::collections::HashMap;

/// The kubelet's memory: per pod its container's back-off, and per Job how many container
/// attempts have started (which picks the scenario's next attempt).
#[derive(Debug, Default)]
pub struct Kubelet {
    pods: HashMap<String, PodRuntime>,
    attempts_per_job: HashMap<String, usize>,
    /// Per CronJob, how many Jobs it has had (the scenario's `jobs` list cycles over them).
    jobs_per_cron_job: HashMap<String, usize>,
    /// Per Job, its index among its CronJob's Jobs.
    job_index: HashMap<String, usize>,
}

#[derive(Debug)]
struct PodRuntime {
    uid: String,
    job: String,
    cron_job: Option<String>,
    restart_on_failure: bool,
    backoff: CrashLoopBackOff,
    restart_count: u32,
    /// When the current instance started and how it will end.
    running: Option<(Time, Attempt)>,
    /// When the last instance exited.
    finished_at: Option<Time>,
}

impl World {
    /// A Job appeared at `created` (now, or an imported Job's creationTimestamp): remember its
    /// index among its CronJob's Jobs and record it.
    pub(crate) fn job_added(&mut self, job: &Job, created: Time) {
        let name = job.metadata.name.clone();
        let cron_job = cron_job_of(job);
        if let Some(cj) = &cron_job {
            let n = self.kubelet.jobs_per_cron_job.entry(cj.clone()).or_default();
            self.kubelet.job_index.insert(name.clone(), *n);
            *n += 1;
        }
        let scheduled = self.history.take_scheduled(&name);
        self.recorder.job_created(&name, cron_job.as_deref(), scheduled, created);
    }

    /// A pod appeared: its container starts after the scenario's startup time.
    pub(crate) fn pod_added(&mut self, pod: &Pod) {
        let name = pod.metadata.name.clone();
        let job = pod.metadata.controller_of().map(|r| r.name.clone()).unwrap_or_default();
        let cron_job = self.store.get::<Job>(&job).and_then(cron_job_of);
        self.recorder.pod_created(&name, &job, self.now);
        let startup = self.scenario.pod_rule(&job, cron_job.as_deref()).map_or(TimeDelta::zero(), |r| r.startup());
        let restart_on_failure = pod.spec.restart_policy == Some(RestartPolicy::OnFailure);
        let uid = pod.metadata.uid.clone();
        self.kubelet.pods.insert(
            name.clone(),
            PodRuntime {
                uid: uid.clone(),
                job,
                cron_job,
                restart_on_failure,
                backoff: CrashLoopBackOff::default(),
                restart_count: 0,
                running: None,
                finished_at: None,
            },
        );
        self.agenda.schedule(self.now + startup, Happening::ContainerStart { pod: name, uid });
    }

    /// The next scenario attempt for a container of `job`.
    fn next_attempt(&mut self, job: &str, cron_job: Option<&str>) -> Attempt {
        let n = self.kubelet.attempts_per_job.entry(job.to_string()).or_default();
        let attempt = *n;
        *n += 1;
        let job_index = self.kubelet.job_index.get(job).copied().unwrap_or(0);
        self.scenario.pod_rule(job, cron_job).map_or(DEFAULT_ATTEMPT, |r| r.attempt(job_index, attempt))
    }

    fn live_pod(&self, pod: &str, uid: &str) -> bool {
        self.kubelet.pods.get(pod).is_some_and(|p| p.uid == uid) && self.store.get::<Pod>(pod).is_some()
    }

    /// A container instance starts (the first, or a restart the back-off allowed).
    pub(crate) fn container_start(&mut self, pod: &str, uid: &str) {
        if !self.live_pod(pod, uid) {
            return;
        }
        let now = self.now;
        let rt = &self.kubelet.pods[pod];
        let (job, cron_job) = (rt.job.clone(), rt.cron_job.clone());
        let attempt = self.next_attempt(&job, cron_job.as_deref());
        let rt = self.kubelet.pods.get_mut(pod).expect("live pod");
        rt.running = Some((now, attempt));
        let restart_count = rt.restart_count as i32;
        let restart = (restart_count > 0).then(|| rt.backoff.current().unwrap_or_default());
        let restart = restart.map(|_| rt.finished_at.map_or(TimeDelta::zero(), |f| now - f));
        let _ = self.store.update_status::<Pod>(pod, |p| {
            p.status.phase = Some(PodPhase::Running);
            p.status.start_time.get_or_insert(now);
            let name = p.spec.containers.first().map_or_else(|| "main".to_string(), |c| c.name.clone());
            let last_state = p.status.container_statuses.first().map(|c| c.state.clone()).unwrap_or_default();
            let last_state = if last_state.terminated.is_some() { last_state } else {
                p.status.container_statuses.first().map(|c| c.last_state.clone()).unwrap_or_default()
            };
            p.status.container_statuses = vec![ContainerStatus {
                name,
                state: ContainerState { running: Some(ContainerStateRunning { started_at: Some(now) }), ..Default::default() },
                last_state,
                ready: true,
                restart_count,
                image: String::new(),
            }];
            set_ready(p, now, true);
        });
        self.recorder.container_started(pod, now, restart);
        self.agenda.schedule(now + attempt.duration(), Happening::ContainerExit {
            pod: pod.to_string(),
            uid: uid.to_string(),
            exit_code: attempt.exit_code,
        });
    }

    /// A running container exits with `exit_code`.
    pub(crate) fn container_exit(&mut self, pod: &str, uid: &str, exit_code: i32) {
        if !self.live_pod(pod, uid) {
            return;
        }
        let now = self.now;
        let rt = self.kubelet.pods.get_mut(pod).expect("live pod");
        let Some((started, _)) = rt.running.take() else { return };
        rt.finished_at = Some(now);
        let outcome = after_container_exit(rt.restart_on_failure, exit_code);
        let terminated = ContainerStateTerminated {
            exit_code,
            reason: if exit_code == 0 { "Completed" } else { "Error" }.into(),
            started_at: Some(started),
            finished_at: Some(now),
            ..Default::default()
        };
        let phase = match outcome {
            ContainerExit::PodSucceeded => PodPhase::Succeeded,
            ContainerExit::PodFailed => PodPhase::Failed,
            ContainerExit::Restart => PodPhase::Running,
        };
        let _ = self.store.update_status::<Pod>(pod, |p| {
            p.status.phase = Some(phase);
            if let Some(c) = p.status.container_statuses.first_mut() {
                c.state = ContainerState { terminated: Some(terminated), ..Default::default() };
                c.ready = false;
            }
            set_ready(p, now, false);
        });
        let trace_phase = match phase {
            PodPhase::Succeeded => TracePhase::Succeeded,
            PodPhase::Failed => TracePhase::Failed,
            _ => TracePhase::Running,
        };
        self.recorder.container_exited(pod, now, exit_code, trace_phase);
        if outcome == ContainerExit::Restart {
            self.restart_retry(pod, uid);
        } else {
            self.kubelet.pods.remove(pod);
        }
    }

    /// The kubelet tries to restart a crashed container (`doBackOff`).
    pub(crate) fn restart_retry(&mut self, pod: &str, uid: &str) {
        if !self.live_pod(pod, uid) {
            return;
        }
        let now = self.now;
        let rt = &self.kubelet.pods[pod];
        let Some(finished_at) = rt.finished_at else { return };
        match restart_attempt(&rt.backoff, rt.restart_count, finished_at, now) {
            RestartAttempt::Started { restart_count, backoff, explanation } => {
                let rt = self.kubelet.pods.get_mut(pod).expect("live pod");
                rt.restart_count = restart_count;
                rt.backoff = backoff;
                self.recorder.sync(ControllerName::Kubelet, now, pod, SyncTrigger::Container,
                    Decision { code: "restart".into(), explanation }, None);
                self.container_start(pod, uid);
            }
            RestartAttempt::BackOff { allowed_at, delay, explanation } => {
                let (container, namespace) = self.store.get::<Pod>(pod).map_or_else(
                    || ("main".to_string(), "default".to_string()),
                    |p| (p.spec.containers.first().map_or_else(|| "main".to_string(), |c| c.name.clone()), namespace_of(&p.metadata.namespace)),
                );
                let waiting = crash_loop_waiting_message(delay, &container, pod, &namespace, uid);
                let _ = self.store.update_status::<Pod>(pod, |p| {
                    if let Some(c) = p.status.container_statuses.first_mut() {
                        let last = std::mem::take(&mut c.state);
                        if last.terminated.is_some() {
                            c.last_state = last;
                        }
                        c.state = ContainerState {
                            waiting: Some(ContainerStateWaiting { reason: "CrashLoopBackOff".into(), message: waiting }),
                            ..Default::default()
                        };
                    }
                });
                self.recorder.event(now, ObjectKind::Pod, pod, EventType::Warning, "BackOff",
                    backoff_event_message(&container, pod, &namespace, uid), "kubelet");
                self.recorder.sync(ControllerName::Kubelet, now, pod, SyncTrigger::Container,
                    Decision { code: "crash-loop-back-off".into(), explanation }, Some(allowed_at - now));
                self.agenda.schedule(allowed_at, Happening::RestartRetry { pod: pod.to_string(), uid: uid.to_string() });
            }
        }
    }

    /// Whether a container of the pod is running now.
    pub(crate) fn container_running(&self, pod: &str) -> bool {
        self.kubelet.pods.get(pod).is_some_and(|p| p.running.is_some())
    }

    /// A pod was deleted: its container stops and the kubelet forgets it.
    pub(crate) fn pod_deleted(&mut self, pod: &str, because: String) {
        self.kubelet.pods.remove(pod);
        self.recorder.pod_deleted(pod, self.now, because);
    }

    /// A Job is gone: forget its attempt counter.
    pub(crate) fn forget_job(&mut self, job: &str) {
        self.kubelet.attempts_per_job.remove(job);
        self.kubelet.job_index.remove(job);
    }
}

/// The CronJob that controls a Job (controller ownerReference of kind CronJob).
pub(crate) fn cron_job_of(job: &Job) -> Option<String> {
    job.metadata.controller_of().filter(|r| r.kind == "CronJob").map(|r| r.name.clone())
}

fn namespace_of(ns: &str) -> String {
    if ns.is_empty() { "default".into() } else { ns.to_string() }
}

fn set_ready(pod: &mut Pod, now: Time, ready: bool) {
    let status = if ready { ConditionStatus::True } else { ConditionStatus::False };
    match pod.status.conditions.iter_mut().find(|c| c.condition_type == POD_READY) {
        Some(c) if c.status == status => {}
        Some(c) => {
            c.status = status;
            c.last_transition_time = Some(now);
        }
        None => pod.status.conditions.push(PodCondition {
            condition_type: POD_READY.into(),
            status,
            last_transition_time: Some(now),
            ..Default::default()
        }),
    }
}
