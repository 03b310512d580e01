//! The kubelet's memory: what it tracks of each pod it runs (its container's CrashLoopBackOff,
//! the running instance, its init containers) and per Job which scenario attempt comes next. The
//! world holds it; `kubelet` and `init_containers` schedule what it does on the virtual clock.

use super::command::infer;
use super::fast_hash::FastMap;
use super::scenario::{Attempt, InitContainerRule, PodRule, DEFAULT_ATTEMPT};
use super::trace::{Name, RecordedPodPhase, Time};
use crate::api::{Pod, Probe};
use crate::controller::kubelet::{BackOffBounds, CrashLoopBackOff};
use crate::controller::Message;
use std::borrow::Cow;

/// The kubelet's memory: per pod its container's back-off, and per Job how many container
/// attempts have started (which picks the scenario's next attempt).
#[derive(Debug, Default)]
pub struct Kubelet {
    pub(super) pods: FastMap<Name, PodRuntime>,
    pub(super) attempts_per_job: FastMap<Name, usize>,
    /// Per CronJob, how many Jobs it has had (the scenario's `jobs` list cycles over them).
    pub(super) jobs_per_cron_job: FastMap<String, usize>,
    /// Per Job, its index among its CronJob's Jobs.
    pub(super) job_index: FastMap<String, usize>,
    /// The back-off bounds the kubelet's gates and configuration set.
    pub(crate) bounds: BackOffBounds,
    /// What each container command seen so far says it does.
    pub(super) inferred: InferredAttempts,
}

/// What container commands say they do (`command::infer`), read once per command: the pods of a
/// CronJob's Jobs all run the command of its template, and reading it is costly.
#[derive(Debug, Default)]
pub(super) struct InferredAttempts(FastMap<Vec<String>, Attempt>);

impl InferredAttempts {
    /// The attempt a container with `command` and `args` makes (joined as the kubelet joins
    /// them), or the default when its command says nothing plainly.
    pub(super) fn attempt(&mut self, command: &[String], args: &[String]) -> Attempt {
        let argv: Cow<'_, [String]> = match (command.is_empty(), args.is_empty()) {
            (_, true) => Cow::Borrowed(command),
            (true, false) => Cow::Borrowed(args),
            (false, false) => Cow::Owned(command.iter().chain(args).cloned().collect()),
        };
        if let Some(&attempt) = self.0.get(&*argv) {
            return attempt;
        }
        let attempt = infer(&argv).map_or(DEFAULT_ATTEMPT, |i| i.attempt);
        self.0.insert(argv.into_owned(), attempt);
        attempt
    }
}

#[derive(Debug)]
pub(super) struct PodRuntime {
    /// The names are the trace's shared copies: the happenings scheduled for the pod carry them
    /// without copying the text.
    pub(super) name: Name,
    pub(super) uid: Name,
    pub(super) job: Name,
    pub(super) cron_job: Option<Name>,
    pub(super) backoff: CrashLoopBackOff,
    /// When the current instance started and how it will end.
    pub(super) running: Option<(Time, Attempt)>,
    /// When the last instance exited.
    pub(super) finished_at: Option<Time>,
    /// The pod is being deleted while its container, which ignores SIGTERM, runs out the grace
    /// period: why it is deleted.
    pub(super) terminating: Option<Message>,
    /// Its init containers that run (sidecars, and regular ones the Simulation describes).
    pub(super) init: Vec<InitRuntime>,
    /// When its prober worker started: when its first container started.
    pub(super) probe_worker_start: Option<Time>,
    /// Whether the app container has been started.
    pub(super) app_started: bool,
    /// The phase the app container decided, held back while the sidecars stop.
    pub(super) finishing: Option<RecordedPodPhase>,
}

impl PodRuntime {
    /// Whether a sidecar of the pod is running (and not already being stopped).
    pub(super) fn sidecars_running(&self) -> bool {
        self.init.iter().any(|c| c.sidecar && c.running && !c.stopping)
    }
}

impl Kubelet {
    /// The runtime of a pod the kubelet runs (the caller has checked it is live).
    pub(super) fn pod(&self, pod: &str) -> &PodRuntime {
        &self.pods[pod]
    }

    pub(super) fn pod_mut(&mut self, pod: &str) -> &mut PodRuntime {
        self.pods.get_mut(pod).expect("live pod")
    }

    /// The pod is done: the kubelet forgets it.
    pub(super) fn forget_pod(&mut self, pod: &str) {
        self.pods.remove(pod);
    }
}

/// One init container that runs, as the kubelet tracks it.
#[derive(Debug)]
pub(crate) struct InitRuntime {
    pub(super) name: String,
    pub(super) sidecar: bool,
    pub(super) rule: Option<InitContainerRule>,
    pub(super) probe: Option<Probe>,
    pub(super) backoff: CrashLoopBackOff,
    /// How many instances have started (the running one's number, from 1).
    pub(super) starts: u32,
    pub(super) running: bool,
    pub(super) finished_at: Option<Time>,
    /// Counted as started (sidecar) or completed (regular): the next container may start.
    pub(super) initialized: bool,
    /// The kubelet is stopping it because the app container is done.
    pub(super) stopping: bool,
}

/// The init containers of `pod` that run in the model, in spec order (empty when none does).
pub(crate) fn init_runtimes(pod: &Pod, rule: Option<&PodRule>, bounds: BackOffBounds) -> Vec<InitRuntime> {
    let rule_for = |name: &str| rule.and_then(|r| r.init_containers.iter().find(|c| c.name == name)).cloned();
    let runs = |c: &crate::api::Container| c.is_restartable() || rule_for(&c.name).is_some();
    if !pod.spec.init_containers.iter().any(runs) {
        return Vec::new();
    }
    pod.spec
        .init_containers
        .iter()
        .map(|c| {
            let rule = rule_for(&c.name);
            InitRuntime {
                name: c.name.clone(),
                sidecar: c.is_restartable(),
                // A regular init container without a behaviour finishes at once.
                initialized: !c.is_restartable() && rule.is_none(),
                probe: c.startup_probe.filter(|_| c.is_restartable()),
                rule,
                backoff: CrashLoopBackOff::with_bounds(bounds),
                starts: 0,
                running: false,
                finished_at: None,
                stopping: false,
            }
        })
        .collect()
}
