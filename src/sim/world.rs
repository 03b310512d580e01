//! The simulated cluster and its main loop. The world holds the API objects, the agenda of future
//! happenings (container starts and exits, scenario events, the controller manager coming back),
//! and kube-controller-manager's work queues; it jumps from one due instant to the next, and at
//! each instant runs everything due until nothing is left, in a fixed order:
//!
//! 1. agenda entries due now, in the order they were scheduled;
//! 2. waiting work-queue entries that fell due;
//! 3. one ready key of the CronJob, Job or TTL controller (in that order), then back to 1 — a
//!    sync's writes are delivered to the informers at once, so their echoes and the Job events
//!    they cause are queued before the next sync.
//!
//! Informers have no lag: every controller's cache is the store. While kube-controller-manager is
//! down nothing but the kubelet runs; when it comes back its queues start empty and the informers'
//! initial list adds every object (the `startup` trigger).

use super::agenda::Agenda;
use super::budget::{Budget, SimError};
use super::fast_hash::FastMap;
use super::history::History;
use super::recorder::Recorder;
use super::scenario::Simulation;
use super::store::{Change, Store};
use super::trace::{Name, SyncTrigger, Time};
use super::workqueue::{RateLimiter, WorkQueue};
use crate::api::{KubernetesVersion, Release};
use crate::controller::cronjob::Behaviour;
use crate::controller::gates::FeatureGates;
use crate::controller::job::{JobFeatures, JobMemory};
use crate::go::Tz;

/// Something scheduled on the agenda.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Happening {
    /// The scenario's `events[i]`.
    Scenario(usize),
    /// kube-controller-manager restarts after an outage.
    ControllerManagerUp,
    /// The v1 CronJob controller's 10-second `syncAll`, of the controller-manager run `epoch`
    /// (a poll left over from before an outage is ignored).
    Poll { epoch: u32 },
    /// A pod's container (re)starts (after startup, or when its restart back-off allows).
    ContainerStart { pod: Name, uid: Name },
    /// An input object whose creationTimestamp lies after the start is created (`later[i]`).
    Create(usize),
    /// A running container exits.
    ContainerExit { pod: Name, uid: Name, exit_code: i32 },
    /// The kubelet retries a restart it refused (CrashLoopBackOff).
    RestartRetry { pod: Name, uid: Name },
    /// A terminating pod's grace period is over.
    GraceExpired { pod: Name, uid: Name },
    /// Instance `instance` of init container `index` exits on its own.
    InitExit { pod: Name, uid: Name, index: usize, instance: u32, exit_code: i32 },
    /// The startup probe of a sidecar's instance decides.
    StartupProbe { pod: Name, uid: Name, index: usize, instance: u32, succeeded: bool },
    /// The kubelet retries a restart of init container `index` it refused (CrashLoopBackOff).
    InitRestart { pod: Name, uid: Name, index: usize },
    /// A sidecar the kubelet is stopping exits (143 on SIGTERM, 137 on SIGKILL).
    SidecarStop { pod: Name, uid: Name, index: usize, instance: u32, exit_code: i32 },
}

/// kube-controller-manager: whether it runs, and its controllers' work queues.
#[derive(Debug)]
pub(crate) struct ControllerManager {
    pub up: bool,
    /// How many times it has started (the legacy poll loop belongs to one run).
    pub epoch: u32,
    /// Outages end at the latest `until` seen so far.
    pub down_until: Option<Time>,
    pub cronjob: WorkQueue<Name, SyncTrigger>,
    pub job: WorkQueue<Name, SyncTrigger>,
    pub ttl: WorkQueue<Name, SyncTrigger>,
    /// The instant the queues' waiting entries were last promoted: a waiting entry is always
    /// due after the instant it was added at, so none falls due until the clock moves on.
    promoted_at: Option<Time>,
}

impl ControllerManager {
    fn new() -> Self {
        ControllerManager {
            up: true,
            epoch: 0,
            down_until: None,
            cronjob: WorkQueue::new(RateLimiter::default_controller()),
            // The Job controller's rate limiter is kept by the controller itself (`JobMemory`).
            job: WorkQueue::new(RateLimiter::default_controller()),
            ttl: WorkQueue::new(RateLimiter::default_controller()),
            promoted_at: None,
        }
    }

    fn next_wake(&self) -> Option<Time> {
        [self.cronjob.next_wake(), self.job.next_wake(), self.ttl.next_wake()].into_iter().flatten().min()
    }

    fn promote_due(&mut self, now: Time) {
        if self.promoted_at == Some(now) {
            return;
        }
        self.promoted_at = Some(now);
        self.cronjob.promote_due(now);
        self.job.promote_due(now);
        self.ttl.promote_due(now);
    }

    pub fn clear(&mut self) {
        self.cronjob.clear();
        self.job.clear();
        self.ttl.clear();
        self.promoted_at = None;
    }
}

/// Which controller a ready key belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum QueueName {
    CronJob,
    Job,
    Ttl,
}

/// The simulated cluster.
#[derive(Debug)]
pub struct World {
    pub(crate) version: KubernetesVersion,
    /// What the run could not honour as the input asked, or honours only in part (for the trace).
    pub(crate) notices: Vec<String>,
    pub(crate) scenario: Simulation,
    pub(crate) start: Time,
    pub(crate) end: Time,
    pub(crate) now: Time,
    pub(crate) store: Store,
    pub(crate) agenda: Agenda<Happening>,
    pub(crate) kcm: ControllerManager,
    pub(crate) kubelet: super::kubelet_memory::Kubelet,
    pub(crate) recorder: Recorder,
    pub(crate) history: History,
    pub(crate) budget: Budget,
    /// The CronJob controller's behaviour for this release.
    pub(crate) behaviour: Behaviour,
    /// kube-controller-manager's local zone.
    pub(crate) controller_zone: Tz,
    /// The Job controller's behaviour for this release.
    pub(crate) job_features: JobFeatures,
    /// What the Job controller remembers per Job (lost on restart).
    pub(crate) job_memory: FastMap<String, JobMemory>,
    /// Input objects created after the start, until their time comes.
    later: Vec<Option<Later>>,
    /// The CronJob controller's parsed schedules (parsed again only when a schedule changes),
    /// found by name with the runtime's own hash.
    pub(crate) schedules: crate::controller::cronjob::ScheduleCache<super::fast_hash::FastState>,
    /// The buffer `deliver` hands watch events out of (kept for reuse), each with its object's
    /// shared name.
    delivering: Vec<(Name, Change)>,
    steps: u64,
    finished: bool,
}

/// How far a run got.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// The virtual clock.
    pub now: Time,
    /// Fraction of the horizon simulated, 0..=1.
    pub fraction: f64,
    /// Whether the horizon is done.
    pub done: bool,
}

impl World {
    /// An empty world for `[start, end)` (objects are added by the input loader).
    pub(crate) fn new(
        release: Release,
        gates: &FeatureGates,
        scenario: Simulation,
        start: Time,
        end: Time,
        controller_zone: Tz,
        budget: Budget,
    ) -> Self {
        let mut world = World {
            version: release.version,
            notices: Vec::new(),
            behaviour: Behaviour::for_release(release, gates),
            controller_zone,
            job_features: JobFeatures::for_release(release, gates),
            job_memory: FastMap::default(),
            schedules: Default::default(),
            later: Vec::new(),
            scenario,
            start,
            end,
            now: start,
            store: Store::default(),
            agenda: Agenda::default(),
            kcm: ControllerManager::new(),
            kubelet: Default::default(),
            recorder: Recorder::default(),
            history: History::default(),
            budget,
            delivering: Vec::new(),
            steps: 0,
            finished: false,
        };
        world.recorder.skip_syncs = world.scenario.spec.trace.syncs == super::scenario::SyncDetail::None;
        for (i, e) in world.scenario.spec.events.iter().enumerate() {
            if e.at < end {
                world.agenda.schedule(e.at.max(start), Happening::Scenario(i));
            }
        }
        world
    }

    /// Runs at most `max_steps` steps (agenda entries and syncs); `done` once the horizon is over.
    pub fn run_steps(&mut self, max_steps: u64) -> Result<Progress, SimError> {
        let stop_at = self.steps.saturating_add(max_steps);
        while !self.finished && self.steps < stop_at {
            self.step()?;
        }
        Ok(self.progress())
    }

    /// How far the run is.
    pub fn progress(&self) -> Progress {
        let total = (self.end - self.start).num_milliseconds().max(1) as f64;
        let fraction = if self.finished {
            1.0
        } else {
            ((self.now - self.start).num_milliseconds() as f64 / total).clamp(0.0, 1.0)
        };
        Progress { now: self.now, fraction, done: self.finished }
    }

    /// One step: the next due agenda entry or ready sync at the current instant, else a jump to
    /// the next instant something is due.
    fn step(&mut self) -> Result<(), SimError> {
        self.steps += 1;
        if self.steps > self.budget.max_steps {
            return Err(self.budget.exceeded(self.now, self.steps));
        }
        if let Some((_, happening)) = self.agenda.pop_due(self.now) {
            self.happen(happening);
            return Ok(());
        }
        if self.kcm.up {
            self.kcm.promote_due(self.now);
            if let Some((queue, key, trigger)) = self.next_ready() {
                self.sync(queue, key, trigger);
                return Ok(());
            }
        }
        let next = match (self.agenda.next_time(), self.kcm.up.then(|| self.kcm.next_wake()).flatten()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        match next {
            Some(t) if t < self.end => self.now = t.max(self.now),
            _ => {
                self.now = self.end;
                self.finished = true;
            }
        }
        Ok(())
    }

    fn next_ready(&mut self) -> Option<(QueueName, Name, SyncTrigger)> {
        if let Some((k, c)) = self.kcm.cronjob.get() {
            return Some((QueueName::CronJob, k, c));
        }
        if let Some((k, c)) = self.kcm.job.get() {
            return Some((QueueName::Job, k, c));
        }
        self.kcm.ttl.get().map(|(k, c)| (QueueName::Ttl, k, c))
    }

    fn sync(&mut self, queue: QueueName, key: Name, trigger: SyncTrigger) {
        match queue {
            QueueName::CronJob => {
                self.sync_cronjob(&key, trigger);
                self.kcm.cronjob.done(&key);
            }
            QueueName::Job => {
                self.sync_job(&key, trigger);
                self.kcm.job.done(&key);
            }
            QueueName::Ttl => {
                self.sync_ttl(&key, trigger);
                self.kcm.ttl.done(&key);
            }
        }
        self.deliver();
    }

    fn happen(&mut self, happening: Happening) {
        match happening {
            Happening::Scenario(i) => self.apply_scenario_event(i),
            Happening::ControllerManagerUp => self.controller_manager_up(),
            Happening::Create(i) => self.create_now(i),
            Happening::Poll { epoch } => self.poll_v1(epoch),
            Happening::ContainerStart { pod, uid } => self.container_start(&pod, &uid),
            Happening::ContainerExit { pod, uid, exit_code } => self.container_exit(&pod, &uid, exit_code),
            Happening::RestartRetry { pod, uid } => self.restart_retry(&pod, &uid),
            Happening::GraceExpired { pod, uid } => self.grace_expired(&pod, &uid),
            Happening::InitExit { pod, uid, index, instance, exit_code } => {
                self.init_exit(&pod, &uid, index, instance, exit_code)
            }
            Happening::StartupProbe { pod, uid, index, instance, succeeded } => {
                self.startup_probe_decided(&pod, &uid, index, instance, succeeded)
            }
            Happening::InitRestart { pod, uid, index } => self.init_restart(&pod, &uid, index),
            Happening::SidecarStop { pod, uid, index, instance, exit_code } => {
                self.sidecar_stopped(&pod, &uid, index, instance, exit_code)
            }
        }
        self.deliver();
    }

    /// Delivers the watch events of the writes so far to the recorder, the kubelet, the garbage
    /// collector and (when running) the controllers' informer handlers.
    pub(crate) fn deliver(&mut self) {
        let mut changes = std::mem::take(&mut self.delivering);
        loop {
            self.store.swap_changes(&mut changes);
            if changes.is_empty() {
                break;
            }
            // Read in place and dropped together after (the handlers only read them and enqueue
            // keys): a change is a few hundred bytes, which moving each out would copy.
            for (name, change) in &changes {
                self.observe(name, change);
                if self.kcm.up {
                    self.inform_cronjob_controller(name, change);
                    self.inform_job_controller(name, change);
                    self.inform_ttl_controller(name, change);
                }
            }
            changes.clear();
        }
        self.delivering = changes;
    }

    /// What every change means outside the controller manager: trace records, the kubelet
    /// starting containers of new pods. `name` is the changed object's.
    fn observe(&mut self, name: &Name, change: &Change) {
        use super::store::Watch;
        match change {
            Change::Job(Watch::Added(job)) => self.job_added(name, job, self.now),
            Change::Job(Watch::Updated { old, new }) => {
                self.job_updated(old.status.finished_condition().is_some(), new)
            }
            Change::Job(Watch::StatusUpdated { old, new }) => self.job_updated(old.finished, new),
            Change::Pod(Watch::Added(pod)) => self.pod_added(name, pod),
            _ => {}
        }
    }

    /// A kube-controller-manager outage begins (`controllerDown`).
    pub(crate) fn controller_manager_down(&mut self, until: Time) {
        self.history.outage(self.now, until);
        self.recorder.outage(self.now, until.min(self.end));
        let until = self.kcm.down_until.map_or(until, |u| u.max(until));
        self.kcm.down_until = Some(until);
        if self.kcm.up {
            self.kcm.up = false;
            self.kcm.clear();
            self.job_memory.clear();
        }
        self.agenda.schedule(until, Happening::ControllerManagerUp);
    }

    fn controller_manager_up(&mut self) {
        if self.kcm.up || self.kcm.down_until.is_some_and(|u| u > self.now) {
            return;
        }
        self.kcm.up = true;
        self.kcm.epoch += 1;
        self.kcm.down_until = None;
        self.start_controllers(SyncTrigger::Startup);
    }

    /// The informers' initial list: every object is added to its controllers' queues, and the
    /// garbage collector removes pods whose Job disappeared meanwhile.
    pub(crate) fn start_controllers(&mut self, trigger: SyncTrigger) {
        self.collect_orphan_pods();
        self.start_cronjob_controller(trigger);
        let jobs: Vec<_> = self.store.all_shared::<crate::api::Job>().cloned().collect();
        for job in jobs {
            let name = self.recorder.name(&job.metadata.name);
            self.kcm.job.add(name.clone(), trigger);
            self.ttl_consider(&name, &job, trigger);
        }
        self.deliver();
    }
}

/// An input object that is created during the run.
#[derive(Debug)]
pub(crate) enum Later {
    CronJob(Box<crate::api::CronJob>),
    Job(Box<crate::api::Job>),
}

impl World {
    /// Schedules the creation of an input object at its creationTimestamp.
    pub(crate) fn create_later(&mut self, at: Time, object: Later) {
        self.later.push(Some(object));
        self.agenda.schedule(at, Happening::Create(self.later.len() - 1));
    }

    fn create_now(&mut self, index: usize) {
        match self.later[index].take() {
            Some(Later::CronJob(cj)) => {
                let name = cj.metadata.name.clone();
                let now = self.now;
                self.history.cron_job(&name, |h| {
                    h.spec(now, &cj.spec);
                    h.created = Some(now);
                });
                let _ = self.store.create(*cj, self.now);
            }
            Some(Later::Job(job)) => {
                let _ = self.store.create(*job, self.now);
            }
            None => {}
        }
    }

    /// Puts an input CronJob in the store as it is (status included).
    pub(crate) fn import_cron_job(&mut self, cron_job: crate::api::CronJob) {
        let created = cron_job.metadata.creation_timestamp.unwrap_or(self.start);
        let name = cron_job.metadata.name.clone();
        // Slots up to the pasted `status.lastScheduleTime` are the cluster's past, which the
        // status says was handled: they are not this run's to miss.
        let slots_after = super::nominal_slots::slots_after(&cron_job, self.start);
        self.history.cron_job(&name, |h| {
            h.spec(created, &cron_job.spec);
            h.created = Some(slots_after);
        });
        self.store.import(cron_job, self.start);
    }

    /// Puts an input Job in the store as it is (status included) and in the trace.
    pub(crate) fn import_job(&mut self, job: crate::api::Job) {
        let scheduled = job
            .metadata
            .annotations
            .get(crate::controller::cronjob::SCHEDULED_TIMESTAMP_ANNOTATION)
            .and_then(|t| chrono::DateTime::parse_from_rfc3339(t).ok())
            .map(|t| t.with_timezone(&chrono::Utc));
        if let Some(at) = scheduled {
            self.history.will_create(&job.metadata.name, at);
        }
        self.store.import(job.clone(), self.start);
        let stored = job;
        let name = self.store.get_named::<crate::api::Job>(&stored.metadata.name).expect("imported").0.clone();
        self.job_added(&name, &stored, stored.metadata.creation_timestamp.unwrap_or(self.start));
        if let Some(c) = stored.status.finished_condition() {
            let condition = super::trace::FinishedCondition::of(c.condition_type);
            let at = c.last_transition_time.unwrap_or(self.start);
            self.recorder.job_finished(
                &stored.metadata.name,
                at,
                condition,
                (!c.reason.is_empty()).then(|| c.reason.clone()),
            );
        }
    }
}
