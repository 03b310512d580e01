//! The kubelet's init containers, native sidecars among them, on the virtual clock: they start
//! in order before the app container (`computeInitContainerActions`, `kuberuntime_manager.go`
//! 1.29+), a sidecar counting as started once it runs or once its startup probe succeeds; a
//! sidecar that exits is restarted under its own CrashLoopBackOff whatever the pod's
//! `restartPolicy`; when the app container is done, the kubelet stops the sidecars (in reverse
//! order from 1.29) and the pod's phase is the app container's. The timings and statuses are
//! `controller::kubelet`'s; this module only schedules them.
//!
//! Which init containers run here: the sidecars the admitted spec has (the API server drops
//! `restartPolicy: Always` while SidecarContainers is off, so they are plain init containers
//! then) and the regular ones the Simulation document gives a behaviour. Any other regular init
//! container is taken to finish at once.

use super::kubelet_memory::InitRuntime;
use super::store::Slot;
use super::trace::{ControllerName, Explanation, Name, ObjectKind, RecordedPodPhase, Ruling, SyncTrigger};
use super::world::{Happening, World};
use crate::api::{Pod, PodPhase, RestartPolicy};
use crate::controller::kubelet::{
    backoff_event_message, init_container_exited, init_container_started, next_attempt_after_refusal, restart_attempt,
    sidecar_stops, startup_probe, RestartAttempt, StartupProbe, DEFAULT_TERMINATION_GRACE_PERIOD,
};
use crate::controller::EventType;
use chrono::TimeDelta;

impl World {
    fn init_rt(&mut self, pod: &str, index: usize) -> &mut InitRuntime {
        &mut self.kubelet.pod_mut(pod).init[index]
    }

    /// The pod's slot, if the kubelet still tracks instance `instance` of init container `index`
    /// as running.
    fn current_instance(&self, pod: &str, uid: &str, index: usize, instance: u32) -> Option<Slot> {
        self.live_pod(pod, uid)
            .filter(|_| self.kubelet.pod(pod).init.get(index).is_some_and(|c| c.running && c.starts == instance))
    }

    /// Starts the init containers from the first one not yet initialized, in order, and the app
    /// container once all are: a sidecar without a startup probe counts as started at once, so
    /// the next container starts in the same instant (the kubelet's next pod sync, whose ≤1 s
    /// PLEG latency is not modelled).
    pub(super) fn advance_init(&mut self, pod: &str, uid: &str, slot: Slot) {
        let n = self.kubelet.pod(pod).init.len();
        for i in 0..n {
            let c = &self.kubelet.pod(pod).init[i];
            if c.initialized {
                continue;
            }
            if c.starts == 0 {
                self.start_init(pod, uid, i, None);
            }
            if !self.kubelet.pod(pod).init[i].initialized {
                return;
            }
        }
        if !std::mem::replace(&mut self.kubelet.pod_mut(pod).app_started, true) {
            self.start_app_container(pod, uid, slot);
        }
    }

    /// Instance `starts + 1` of init container `index` runs from now (`restart`: the wait since
    /// the last one exited).
    fn start_init(&mut self, pod: &str, uid: &str, index: usize, restart: Option<TimeDelta>) {
        let now = self.now;
        let worker_start = self.kubelet.pod(pod).probe_worker_start.unwrap_or(now);
        let c = self.init_rt(pod, index);
        c.starts += 1;
        c.running = true;
        let (name, sidecar, instance) = (c.name.clone(), c.sidecar, c.starts);
        let attempt = c.rule.as_ref().and_then(|r| r.attempt(instance as usize - 1));
        let probe_failures = c.rule.as_ref().map_or(0, |r| r.startup_probe_failures);
        let probe = c.probe.filter(|_| !c.initialized);
        if sidecar && probe.is_none() {
            c.initialized = true;
        }
        let initialized = c.initialized;
        if let Some(current) = self.store.get::<Pod>(pod) {
            let status = init_container_started(current, index, now, instance - 1);
            let _ = self.store.replace_status::<Pod>(pod, status);
        }
        if let Some(r) = self.recorder.init_container(pod, &name, sidecar) {
            r.started_at.get_or_insert(now);
            if let Some(waited) = restart {
                r.restarts
                    .push(super::trace::Restart { at: now, after_backoff_seconds: super::recorder::seconds(waited) });
            }
            if initialized {
                r.initialized_at.get_or_insert(now);
            }
        }
        let (pod_s, uid_s) = (Name::from(pod), Name::from(uid));
        if let Some(a) = attempt {
            let exit =
                Happening::InitExit { pod: pod_s.clone(), uid: uid_s.clone(), index, instance, exit_code: a.exit_code };
            self.agenda.schedule(now + a.duration(), exit);
        }
        if let Some(p) = probe {
            let (at, succeeded) = match startup_probe(&p, worker_start, now, probe_failures) {
                StartupProbe::Succeeded(at) => (at, true),
                StartupProbe::FailedThreshold(at) => (at, false),
            };
            self.agenda.schedule(at, Happening::StartupProbe { pod: pod_s, uid: uid_s, index, instance, succeeded });
        }
    }

    /// An init container's instance exits on its own.
    pub(crate) fn init_exit(&mut self, pod: &str, uid: &str, index: usize, instance: u32, exit_code: i32) {
        let Some(slot) = self.current_instance(pod, uid, index, instance) else { return };
        self.init_exited(pod, index, exit_code);
        let c = &self.kubelet.pod(pod).init[index];
        let (sidecar, stopping) = (c.sidecar, c.stopping);
        if stopping {
            self.finish_if_sidecars_stopped(pod);
        } else if sidecar {
            // `restartPolicy: Always` on the container: restarted whatever the pod's policy.
            self.init_restart(pod, uid, index);
        } else if exit_code == 0 {
            self.init_rt(pod, index).initialized = true;
            let (now, name) = (self.now, self.kubelet.pod(pod).init[index].name.clone());
            if let Some(r) = self.recorder.init_container(pod, &name, false) {
                r.initialized_at = Some(now);
            }
            self.advance_init(pod, uid, slot);
        } else if self.store.get::<Pod>(pod).and_then(|p| p.spec.restart_policy) == Some(RestartPolicy::Never) {
            // A failed init container fails a `Never` pod (`getPhase`: failedInitialization).
            self.finish_pod(pod, RecordedPodPhase::Failed);
        } else {
            self.init_restart(pod, uid, index);
        }
    }

    /// Records that init container `index` exited at now with `exit_code`.
    fn init_exited(&mut self, pod: &str, index: usize, exit_code: i32) {
        let now = self.now;
        let c = self.init_rt(pod, index);
        c.running = false;
        c.finished_at = Some(now);
        let (name, sidecar) = (c.name.clone(), c.sidecar);
        if let Some(current) = self.store.get::<Pod>(pod) {
            let status = init_container_exited(current, index, exit_code, now);
            let _ = self.store.replace_status::<Pod>(pod, status);
        }
        if let Some(r) = self.recorder.init_container(pod, &name, sidecar) {
            r.exit_codes.push(exit_code);
            r.finished_at = Some(now);
        }
    }

    /// The kubelet tries to restart an exited init container (`doBackOff`, keyed per container).
    pub(crate) fn init_restart(&mut self, pod: &str, uid: &str, index: usize) {
        if self.live_pod(pod, uid).is_none() || self.kubelet.pod(pod).finishing.is_some() {
            return;
        }
        let now = self.now;
        let c = &self.kubelet.pod(pod).init[index];
        if c.running {
            return;
        }
        let (backoff, finished_at, restarts, name) =
            (c.backoff, c.finished_at.unwrap_or(now), c.starts - 1, c.name.clone());
        match restart_attempt(&backoff, restarts, finished_at, now) {
            RestartAttempt::Started { backoff, explanation, .. } => {
                self.init_rt(pod, index).backoff = backoff;
                self.kubelet_sync(pod, "restart", explanation, None);
                self.start_init(pod, uid, index, Some(now - finished_at));
            }
            RestartAttempt::BackOff { allowed_at, explanation, .. } => {
                let Some(p) = self.store.get::<Pod>(pod) else { return };
                let ns = if p.metadata.namespace.is_empty() { "default" } else { p.metadata.namespace.as_str() };
                let message = backoff_event_message(&name, pod, ns, uid);
                self.recorder.event(now, (ObjectKind::Pod, pod), EventType::Warning, "BackOff", message, "kubelet");
                self.kubelet_sync(pod, "crash-loop-back-off", explanation, Some(allowed_at - now));
                let timing = self.scenario.spec.kubelet.retry_timing();
                let retry = next_attempt_after_refusal(self.version, timing, now, allowed_at);
                self.agenda.schedule(retry, Happening::InitRestart { pod: pod.into(), uid: uid.into(), index });
            }
        }
    }

    fn kubelet_sync(&mut self, pod: &str, code: &str, explanation: impl Into<Explanation>, requeue: Option<TimeDelta>) {
        let ruling = Ruling { code: code.to_string().into(), explanation: explanation.into() };
        self.recorder.sync(ControllerName::Kubelet, self.now, pod, SyncTrigger::Container, ruling, requeue);
    }

    /// A sidecar's startup probe decided: it counts as started, or the kubelet kills it
    /// (SIGTERM, 143) to restart it under its back-off.
    pub(crate) fn startup_probe_decided(&mut self, pod: &str, uid: &str, index: usize, instance: u32, succeeded: bool) {
        let Some(slot) = self.current_instance(pod, uid, index, instance) else { return };
        let (now, name) = (self.now, self.kubelet.pod(pod).init[index].name.clone());
        if succeeded {
            self.init_rt(pod, index).initialized = true;
            if let Some(r) = self.recorder.init_container(pod, &name, true) {
                r.initialized_at.get_or_insert(now);
            }
            self.advance_init(pod, uid, slot);
            return;
        }
        let message = format!("Container {name} failed startup probe, will be restarted");
        self.recorder.event(now, (ObjectKind::Pod, pod), EventType::Normal, "Killing", message, "kubelet");
        self.init_exited(pod, index, 143);
        self.init_restart(pod, uid, index);
    }

    /// The app container is done with `phase`: the kubelet stops the running sidecars
    /// (`Killing`, "Stopping container …"), in reverse order from 1.29, and the pod takes
    /// `phase` once they have exited.
    pub(super) fn stop_sidecars(&mut self, pod: &str, uid: &str, phase: RecordedPodPhase) {
        let now = self.now;
        let grace = self
            .store
            .get::<Pod>(pod)
            .and_then(|p| p.spec.termination_grace_period_seconds)
            .map_or(DEFAULT_TERMINATION_GRACE_PERIOD, TimeDelta::seconds);
        let rt = self.kubelet.pod_mut(pod);
        rt.finishing = Some(phase);
        let running: Vec<usize> = (0..rt.init.len()).filter(|&i| rt.init[i].sidecar && rt.init[i].running).collect();
        let ignores: Vec<bool> =
            running.iter().map(|&i| rt.init[i].rule.as_ref().is_some_and(|r| r.ignores_sigterm)).collect();
        let ordered = self.version.at_least(29);
        let stops = sidecar_stops(ordered, now, grace, &ignores);
        let mut names = Vec::new();
        for (&i, (at, exit_code)) in running.iter().zip(stops) {
            let c = self.init_rt(pod, i);
            c.stopping = true;
            let (name, instance) = (c.name.clone(), c.starts);
            let message = format!("Stopping container {name}");
            self.recorder.event(now, (ObjectKind::Pod, pod), EventType::Normal, "Killing", message, "kubelet");
            if let Some(r) = self.recorder.init_container(pod, &name, true) {
                r.stopping_at = Some(now);
            }
            let stop = Happening::SidecarStop { pod: pod.into(), uid: uid.into(), index: i, instance, exit_code };
            self.agenda.schedule(at, stop);
            names.push(name);
        }
        let order =
            if ordered { "one by one in reverse order, each after the later ones have exited" } else { "all at once" };
        let explanation = format!(
            "the app container has finished, so the kubelet stops the sidecars ({}) {order}, with SIGTERM within the \
            pod's {}s grace period; the pod stays Running until they have exited, then its phase is {phase:?}, \
            decided by the app container alone",
            names.join(", "),
            grace.num_seconds()
        );
        self.kubelet_sync(pod, "stop-sidecars", explanation, None);
    }

    /// A sidecar being stopped exits.
    pub(crate) fn sidecar_stopped(&mut self, pod: &str, uid: &str, index: usize, instance: u32, exit_code: i32) {
        if self.current_instance(pod, uid, index, instance).is_none() {
            return;
        }
        self.init_exited(pod, index, exit_code);
        self.finish_if_sidecars_stopped(pod);
    }

    /// The pod takes the phase its app container decided once no sidecar runs.
    fn finish_if_sidecars_stopped(&mut self, pod: &str) {
        let rt = self.kubelet.pod(pod);
        if let Some(phase) = rt.finishing.filter(|_| !rt.init.iter().any(|c| c.running)) {
            self.finish_pod(pod, phase);
        }
    }

    /// The pod ends in `phase` now: any init container still running is stopped with it
    /// (SIGTERM, 143) and the kubelet forgets the pod.
    fn finish_pod(&mut self, pod: &str, phase: RecordedPodPhase) {
        let running: Vec<usize> =
            (0..self.kubelet.pod(pod).init.len()).filter(|&i| self.kubelet.pod(pod).init[i].running).collect();
        for i in running {
            self.init_exited(pod, i, 143);
        }
        let api_phase = if phase == RecordedPodPhase::Succeeded { PodPhase::Succeeded } else { PodPhase::Failed };
        let _ = self.store.update::<Pod>(pod, |p| p.status.phase = Some(api_phase));
        self.recorder.pod_finished(pod, self.now, phase);
        self.kubelet.forget_pod(pod);
    }
}
