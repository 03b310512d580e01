//! The kubelet's part of the world: it starts a new pod's container after the scenario's startup
//! time, lets it run and exit as the scenario says (one attempt per container instance, counted
//! across the Job's pods and restarts), finishes the pod or restarts the container under
//! CrashLoopBackOff, and writes the pod status the Job controller reads. The restart rules and the
//! pod statuses are `controller::kubelet`'s; this module only schedules them on the virtual clock.
//!
//! Init containers, native sidecars among them, run first (`init_containers`).
//!
//! Model assumptions (`docs/model.md`): the pod is bound and its container
//! created the instant the startup time is over; a container exits at once when its pod is
//! deleted (unless its pod rule says it ignores SIGTERM: then SIGKILL, exit 137, when the grace
//! period is over); the kubelet retries a refused restart exactly when the back-off expires.

use super::kubelet_memory::{init_runtimes, PodRuntime};
use super::scenario::{Attempt, DEFAULT_ATTEMPT};
use super::store::Slot;
use super::trace::{ControllerName, Name, ObjectKind, RecordedPodPhase, Ruling, SyncTrigger, Time};
use super::world::{Happening, World};
use crate::api::{Job, Pod};
use crate::controller::kubelet::{
    container_exited, killed, next_attempt_after_refusal, restart_crashed_container, start_container, termination,
    ContainerExit, CrashLoopBackOff,
};
use crate::controller::Message;
use chrono::TimeDelta;

impl World {
    /// A Job (named `shared`) appeared at `created` (now, or an imported Job's
    /// creationTimestamp): remember its index among its CronJob's Jobs and record it.
    pub(crate) fn job_added(&mut self, shared: &Name, job: &Job, created: Time) {
        let name = &job.metadata.name;
        let cron_job = job.metadata.controller_of().filter(|r| r.kind == "CronJob").map(|r| r.name.as_str());
        if let Some(cj) = cron_job {
            let counter = &mut self.kubelet.jobs_per_cron_job;
            let n = match counter.get_mut(cj) {
                Some(n) => n,
                None => counter.entry(cj.to_owned()).or_default(),
            };
            self.kubelet.job_index.insert(name.clone(), *n);
            *n += 1;
        }
        let scheduled = self.history.take_scheduled(name);
        self.recorder.job_created(shared, cron_job, scheduled, created);
    }

    /// A pod (named `shared`) appeared: its container starts after the scenario's startup time.
    pub(crate) fn pod_added(&mut self, shared: &Name, pod: &Pod) {
        let job = pod.metadata.controller_of().map_or("", |r| r.name.as_str());
        let cron_job = self.store.get::<Job>(job).and_then(cron_job_of).map(Name::from);
        let (name, job) = self.recorder.pod_created(shared, job, self.now);
        let rule = self.scenario.pod_rule(&job, cron_job.as_deref());
        let startup = rule.map_or(TimeDelta::zero(), |r| r.startup());
        let init = init_runtimes(pod, rule, self.kubelet.bounds);
        let uid = Name::from(&pod.metadata.uid);
        self.kubelet.pods.insert(
            name.clone(),
            PodRuntime {
                name: name.clone(),
                uid: uid.clone(),
                job,
                cron_job,
                backoff: CrashLoopBackOff::with_bounds(self.kubelet.bounds),
                running: None,
                finished_at: None,
                terminating: None,
                init,
                probe_worker_start: None,
                app_started: false,
                finishing: None,
            },
        );
        self.agenda.schedule(self.now + startup, Happening::ContainerStart { pod: name, uid });
    }

    /// The next scenario attempt for a container of `job`: the Simulation's pod rule, else
    /// what the pod's command says (`command::infer`), else the default.
    fn next_attempt(&mut self, job: &Name, cron_job: Option<&str>, pod: &str) -> Attempt {
        let n = match self.kubelet.attempts_per_job.get_mut(&**job) {
            Some(n) => n,
            None => self.kubelet.attempts_per_job.entry(job.clone()).or_default(),
        };
        let attempt = *n;
        *n += 1;
        let job_index = self.kubelet.job_index.get(&**job).copied().unwrap_or(0);
        match self.scenario.pod_rule(job, cron_job).filter(|r| r.sets_attempts()) {
            Some(rule) => rule.attempt(job_index, attempt),
            None => self
                .store
                .get::<Pod>(pod)
                .and_then(|p| p.spec.containers.first())
                .and_then(|c| super::command::infer(&c.command.iter().chain(&c.args).cloned().collect::<Vec<_>>()))
                .map_or(DEFAULT_ATTEMPT, |i| i.attempt),
        }
    }

    /// The store's slot of the pod, if the kubelet still runs it (the same UID) and it exists:
    /// a happening finds the pod once and reads and writes it through the slot.
    pub(super) fn live_pod(&self, pod: &str, uid: &str) -> Option<Slot> {
        self.kubelet.pods.get(pod).filter(|p| p.uid == uid).and_then(|_| self.store.slot::<Pod>(pod))
    }

    /// The pod's containers start, once the startup time is over: its init containers in order
    /// (`advance_init`), then the app container.
    pub(crate) fn container_start(&mut self, pod: &str, uid: &str) {
        let Some(slot) = self.live_pod(pod, uid) else { return };
        self.kubelet.pods.get_mut(pod).expect("live pod").probe_worker_start = Some(self.now);
        self.advance_init(pod, uid, slot);
    }

    /// The pod's app container starts: its init containers are done (or running, as sidecars).
    /// (The caller has marked it started.)
    pub(super) fn start_app_container(&mut self, pod: &str, uid: &str, slot: Slot) {
        let status = start_container(self.store.at::<Pod>(slot), self.now, 0);
        self.store.replace_status_at::<Pod>(slot, status);
        self.begin_attempt(pod, uid, None);
    }

    /// A container instance is running from now: pick its scenario attempt, schedule its exit.
    /// `restart` is the wait since the previous instance exited, for restarts.
    fn begin_attempt(&mut self, pod: &str, uid: &str, restart: Option<TimeDelta>) {
        let now = self.now;
        let rt = &self.kubelet.pods[pod];
        debug_assert_eq!(*rt.uid, *uid);
        let (name, uid, job, cron_job) = (rt.name.clone(), rt.uid.clone(), rt.job.clone(), rt.cron_job.clone());
        let attempt = self.next_attempt(&job, cron_job.as_deref(), pod);
        self.kubelet.pods.get_mut(pod).expect("live pod").running = Some((now, attempt));
        self.recorder.container_started(pod, now, restart);
        self.agenda.schedule(
            now + attempt.duration(),
            Happening::ContainerExit { pod: name, uid, exit_code: attempt.exit_code },
        );
    }

    /// A running container exits with `exit_code`.
    pub(crate) fn container_exit(&mut self, pod: &str, uid: &str, exit_code: i32) {
        let Some(slot) = self.live_pod(pod, uid) else { return };
        let now = self.now;
        let rt = self.kubelet.pods.get_mut(pod).expect("live pod");
        if rt.running.take().is_none() {
            return;
        }
        rt.finished_at = Some(now);
        // Read once here: nothing below changes them before they are used.
        let terminating = rt.terminating.take();
        let sidecars_running = terminating.is_none() && rt.sidecars_running();
        let (status, outcome) = container_exited(self.store.at::<Pod>(slot), exit_code, now);
        self.store.replace_status_at::<Pod>(slot, status);
        let phase = match outcome {
            ContainerExit::PodSucceeded => RecordedPodPhase::Succeeded,
            ContainerExit::PodFailed => RecordedPodPhase::Failed,
            ContainerExit::Restart => RecordedPodPhase::Running,
        };
        if phase != RecordedPodPhase::Running && sidecars_running {
            // The pod stays Running until its sidecars have stopped (`getPhase`).
            let _ = self.store.update::<Pod>(pod, |p| p.status.phase = Some(crate::api::PodPhase::Running));
            self.recorder.container_exited(pod, now, exit_code, RecordedPodPhase::Running);
            self.stop_sidecars(pod, uid, phase);
            return;
        }
        self.recorder.container_exited(pod, now, exit_code, phase);
        if let Some(because) = terminating {
            // Exited on its own within the grace period: the kubelet completes the deletion.
            self.finish_graceful_deletion(pod, because);
        } else if outcome == ContainerExit::Restart {
            self.try_restart(pod, uid, slot);
        } else {
            self.kubelet.pods.remove(pod);
        }
    }

    /// Whether the pod's containers ignore SIGTERM (its pod rule's `ignoresSigterm`).
    pub(crate) fn ignores_sigterm(&self, pod: &str) -> bool {
        self.kubelet
            .pods
            .get(pod)
            .and_then(|rt| self.scenario.pod_rule(&rt.job, rt.cron_job.as_deref()))
            .is_some_and(|r| r.ignores_sigterm)
    }

    /// A pod whose container ignores SIGTERM was deleted at `now`: it stays, terminating, until the
    /// kubelet kills the container with SIGKILL (exit 137) when the grace period is over.
    pub(crate) fn terminate_gracefully(&mut self, pod: &str, because: Message) {
        let Some(current) = self.store.get::<Pod>(pod) else { return };
        let (at, _) = termination(current, self.now, false);
        let uid = Name::from(&current.metadata.uid);
        let now = self.now;
        let _ = self.store.update::<Pod>(pod, |p| {
            p.metadata.deletion_timestamp.get_or_insert(now);
        });
        if let Some(rt) = self.kubelet.pods.get_mut(pod) {
            rt.terminating = Some(because);
        }
        self.agenda.schedule(at, Happening::GraceExpired { pod: pod.into(), uid });
    }

    /// The grace period of a terminating pod is over: a container still running is killed (137).
    pub(crate) fn grace_expired(&mut self, pod: &str, uid: &str) {
        if self.live_pod(pod, uid).is_none() {
            return;
        }
        let now = self.now;
        let rt = self.kubelet.pods.get_mut(pod).expect("live pod");
        let (Some(_), Some(because)) = (rt.running.take(), rt.terminating.take()) else { return };
        let _ = self.store.update::<Pod>(pod, |p| p.status = killed(p, 137, now));
        self.recorder.container_exited(pod, now, 137, RecordedPodPhase::Failed);
        self.finish_graceful_deletion(pod, because);
    }

    /// The containers of a terminating pod have stopped: it disappears once no finalizer holds it.
    fn finish_graceful_deletion(&mut self, pod: &str, because: Message) {
        if self.store.get::<Pod>(pod).is_some_and(|p| p.metadata.finalizers.is_empty()) {
            let _ = self.store.delete::<Pod>(pod);
        }
        self.pod_deleted(pod, because);
    }

    /// The kubelet tries to restart a crashed container (`doBackOff`).
    pub(crate) fn restart_retry(&mut self, pod: &str, uid: &str) {
        if let Some(slot) = self.live_pod(pod, uid) {
            self.try_restart(pod, uid, slot);
        }
    }

    /// [`restart_retry`](Self::restart_retry) of a live pod, found in `slot`.
    fn try_restart(&mut self, pod: &str, uid: &str, slot: Slot) {
        let now = self.now;
        let rt = &self.kubelet.pods[pod];
        let (backoff, finished_at) = (rt.backoff, rt.finished_at);
        let attempt = restart_crashed_container(self.store.at::<Pod>(slot), &backoff, finished_at.unwrap_or(now), now);
        self.store.replace_status_at::<Pod>(slot, attempt.status);
        self.kubelet.pods.get_mut(pod).expect("live pod").backoff = attempt.backoff;
        for e in attempt.events {
            self.recorder.event(now, (ObjectKind::Pod, pod), e.event_type, e.reason, e.message, "kubelet");
        }
        match attempt.retry_at {
            None => {
                self.recorder.sync(
                    ControllerName::Kubelet,
                    now,
                    pod,
                    SyncTrigger::Container,
                    Ruling { code: "restart".into(), explanation: attempt.explanation.into() },
                    None,
                );
                let waited = finished_at.map_or(TimeDelta::zero(), |f| now - f);
                self.begin_attempt(pod, uid, Some(waited));
            }
            Some(at) => {
                self.recorder.sync(
                    ControllerName::Kubelet,
                    now,
                    pod,
                    SyncTrigger::Container,
                    Ruling { code: "crash-loop-back-off".into(), explanation: attempt.explanation.into() },
                    Some(at - now),
                );
                let timing = self.scenario.spec.kubelet.retry_timing();
                let retry = next_attempt_after_refusal(self.version, timing, now, at);
                let rt = &self.kubelet.pods[pod];
                let (pod, uid) = (rt.name.clone(), rt.uid.clone());
                self.agenda.schedule(retry, Happening::RestartRetry { pod, uid });
            }
        }
    }

    /// Whether a container of the pod is running now.
    pub(crate) fn container_running(&self, pod: &str) -> bool {
        self.kubelet.pods.get(pod).is_some_and(|p| p.running.is_some())
    }

    /// A pod was deleted: its container stops and the kubelet forgets it.
    pub(crate) fn pod_deleted(&mut self, pod: &str, because: Message) {
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
