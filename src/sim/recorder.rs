//! Writes the trace as the world runs: Events, the life of every Job and Pod, and every sync.
//! Records are appended in the order things happen; the live objects' records are found by name
//! (a name may be reused after a deletion: the newest record wins).

use super::fast_hash::FastMap;
use super::scenario::ClusterEvent;
use super::trace::{
    ClusterEventRecord, ClusterRecord, ControllerName, CronJobLife, CronJobSpecRecord, DeletedBy, EventType, Events,
    ExitCodes, Few, FinishedCondition, InitContainerRecord, JobRecord, Name, ObjectKind, Outage, PodRecord,
    RecordedPodPhase, Restart, Ruling, SyncRecord, SyncTrigger, Time,
};
use crate::api::{pod_requests, ConcurrencyPolicy, CronJobSpec};
use crate::controller::Message;
use chrono::TimeDelta;
use std::borrow::Cow;
use std::collections::BTreeMap;

/// The growing trace of one run (everything but the horizon, slots and final CronJob states).
#[derive(Debug, Default)]
pub struct Recorder {
    pub events: Events,
    pub jobs: Vec<JobRecord>,
    pub pods: Vec<PodRecord>,
    pub syncs: Vec<SyncRecord>,
    /// What was done to the cluster (specs over time, scenario events, outages).
    pub cluster: ClusterRecord,
    live_jobs: FastMap<Name, usize>,
    live_pods: FastMap<Name, usize>,
    /// Leave syncs out (the scenario's `trace.syncs: none`).
    pub skip_syncs: bool,
}

impl Recorder {
    /// Records an Event about `object` (`kind`, `name`). The object's name, and the name its
    /// message is about, are kept once for all the Events that name them.
    pub fn event(
        &mut self,
        time: Time,
        object: (ObjectKind, &str),
        event_type: EventType,
        reason: impl Into<Cow<'static, str>>,
        message: impl Into<Message>,
        source: &'static str,
    ) {
        self.events.record(time, object, event_type, reason, message.into(), source);
    }

    /// Done recording: the records keep no room to grow (a year's Jobs and Pods would otherwise
    /// hold up to twice their bytes, the vectors having doubled as they grew), and the tables that
    /// find a live object's record, or a name's number, are let go.
    pub fn seal(&mut self) {
        self.events.seal();
        self.jobs.shrink_to_fit();
        self.pods.shrink_to_fit();
        self.syncs.shrink_to_fit();
        self.live_jobs = FastMap::default();
        self.live_pods = FastMap::default();
    }

    /// The shared copy of `name`: the work queues key their entries by the same text the trace
    /// keeps, instead of a new copy for every `Add`.
    pub fn name(&mut self, name: &str) -> Name {
        self.events.intern(name).1
    }

    /// Records a sync and its decision.
    pub fn sync(
        &mut self,
        controller: ControllerName,
        at: Time,
        object: impl Into<Name>,
        trigger: SyncTrigger,
        decision: Ruling,
        requeue: Option<TimeDelta>,
    ) {
        if self.skip_syncs {
            return;
        }
        self.syncs.push(SyncRecord {
            controller,
            at,
            object: object.into(),
            trigger,
            decision,
            requeue_after_seconds: requeue.map(seconds),
        });
    }

    /// A CronJob of the input, in manifest order, with the spec and labels it is created with at `at`.
    pub fn cron_job_declared(&mut self, name: &str, at: Time, spec: &CronJobSpec, labels: &BTreeMap<String, String>) {
        self.cluster.cron_jobs.push(CronJobLife {
            name: name.to_string(),
            specs: vec![spec_record(at, spec, labels.clone())],
            deleted_at: None,
        });
    }

    /// The API server accepted a patch of CronJob `name`: `spec` is in force from `at` on.
    pub fn cron_job_patched(&mut self, name: &str, at: Time, spec: &CronJobSpec) {
        if let Some(c) = self.cron_job_life(name) {
            // A patch of the spec leaves the labels as they were.
            let labels = c.specs.last().map(|s| s.labels.clone()).unwrap_or_default();
            c.specs.push(spec_record(at, spec, labels));
        }
    }

    /// CronJob `name` was deleted.
    pub fn cron_job_deleted(&mut self, name: &str, at: Time) {
        if let Some(c) = self.cron_job_life(name) {
            c.deleted_at.get_or_insert(at);
        }
    }

    /// The newest CronJob of that name (a deleted name may be declared again later).
    fn cron_job_life(&mut self, name: &str) -> Option<&mut CronJobLife> {
        self.cluster.cron_jobs.iter_mut().rev().find(|c| c.name == name)
    }

    /// A scenario event was applied (`refused: None`) or refused by the API server.
    pub fn cluster_event(&mut self, event: ClusterEvent, refused: Option<String>) {
        self.cluster.events.push(ClusterEventRecord { event, refused });
    }

    /// kube-controller-manager is down over `[from, to)`.
    pub fn outage(&mut self, from: Time, to: Time) {
        self.cluster.outages.push(Outage { from, to });
    }

    /// A Job appeared. `name` is the store's shared copy: the trace keeps that one.
    pub fn job_created(&mut self, name: &Name, cron_job: Option<&str>, scheduled_time: Option<Time>, created_at: Time) {
        let name = self.events.adopt(name);
        self.live_jobs.insert(name.clone(), self.jobs.len());
        self.jobs.push(JobRecord {
            name,
            cron_job: cron_job.map(|c| self.events.intern(c).1),
            scheduled_time,
            created_at,
            finished_at: None,
            condition: None,
            reason: None,
            deleted_at: None,
            deleted_by: None,
            managed_by: None,
        });
    }

    /// The built-in Job controller left a Job to the controller its `spec.managedBy` names.
    pub fn job_managed_elsewhere(&mut self, name: &str, controller: &str) {
        if let Some(j) = self.live_jobs.get(name).map(|&i| &mut self.jobs[i]) {
            if j.managed_by.is_none() {
                j.managed_by = Some(self.events.intern(controller).1);
            }
        }
    }

    /// A Job reached its terminal condition.
    pub fn job_finished(&mut self, name: &str, at: Time, condition: FinishedCondition, reason: Option<String>) {
        let Some(&i) = self.live_jobs.get(name) else { return };
        if self.jobs[i].condition.is_none() {
            let reason = reason.map(|r| self.events.intern(&r).1);
            let j = &mut self.jobs[i];
            j.finished_at = Some(at);
            j.condition = Some(condition);
            j.reason = reason;
        }
    }

    /// A Job was deleted.
    pub fn job_deleted(&mut self, name: &str, at: Time, by: DeletedBy) {
        if let Some(i) = self.live_jobs.remove(name) {
            self.jobs[i].deleted_at = Some(at);
            self.jobs[i].deleted_by = Some(by);
        }
    }

    /// A Pod appeared. `name` is the store's shared copy: the trace keeps that one. Returns the
    /// shared copies of its name and its Job's, for the kubelet to keep.
    pub fn pod_created(&mut self, name: &Name, job: &str, at: Time) -> (Name, Name) {
        let name = self.events.adopt(name);
        let job = self.events.intern(job).1;
        self.live_pods.insert(name.clone(), self.pods.len());
        self.pods.push(PodRecord {
            name: name.clone(),
            job: job.clone(),
            created_at: at,
            started_at: None,
            finished_at: None,
            phase: RecordedPodPhase::Pending,
            restarts: Few::default(),
            exit_codes: ExitCodes::default(),
            deleted_at: None,
            deleted_because: None,
            init_containers: Few::default(),
        });
        (name, job)
    }

    /// The live Pod's record, for the kubelet to fill in.
    pub fn pod_mut(&mut self, name: &str) -> Option<&mut PodRecord> {
        self.live_pods.get(name).map(|&i| &mut self.pods[i])
    }

    /// A container instance started (`restart` is `Some` for restarts).
    pub fn container_started(&mut self, pod: &str, at: Time, restart: Option<TimeDelta>) {
        if let Some(p) = self.pod_mut(pod) {
            p.started_at.get_or_insert(at);
            p.phase = RecordedPodPhase::Running;
            if let Some(backoff) = restart {
                p.restarts.push(Restart { at, after_backoff_seconds: seconds(backoff) });
            }
        }
    }

    /// A container instance exited; `phase` is the pod's phase afterwards.
    pub fn container_exited(&mut self, pod: &str, at: Time, exit_code: i32, phase: RecordedPodPhase) {
        if let Some(p) = self.pod_mut(pod) {
            p.exit_codes.push(exit_code);
            p.phase = phase;
            if matches!(phase, RecordedPodPhase::Succeeded | RecordedPodPhase::Failed) {
                p.finished_at = Some(at);
            }
        }
    }

    /// A Pod was deleted (its running container, if any, was killed).
    pub fn pod_deleted(&mut self, name: &str, at: Time, because: Message) {
        if let Some(i) = self.live_pods.remove(name) {
            let because = because.map_name(|about| self.events.intern(&about).1);
            let p = &mut self.pods[i];
            p.deleted_at = Some(at);
            p.deleted_because = Some(because);
            if p.finished_at.is_none() && p.started_at.is_some() {
                p.finished_at = Some(at);
            }
            for c in p.init_containers.iter_mut().filter(|c| c.finished_at.is_none() && c.started_at.is_some()) {
                c.finished_at = Some(at);
            }
        }
    }

    /// The Pod's phase became terminal at `at` (its sidecars stopped after its app container).
    pub fn pod_finished(&mut self, pod: &str, at: Time, phase: RecordedPodPhase) {
        if let Some(p) = self.pod_mut(pod) {
            p.phase = phase;
            p.finished_at = Some(at);
        }
    }

    /// Init container `name` of the Pod, recorded on first use.
    pub fn init_container(&mut self, pod: &str, name: &str, sidecar: bool) -> Option<&mut InitContainerRecord> {
        let p = self.pod_mut(pod)?;
        let i = match p.init_containers.iter().position(|c| c.name == name) {
            Some(i) => i,
            None => {
                p.init_containers.push(InitContainerRecord {
                    name: name.to_string(),
                    sidecar,
                    started_at: None,
                    initialized_at: None,
                    restarts: Few::default(),
                    exit_codes: ExitCodes::default(),
                    stopping_at: None,
                    finished_at: None,
                });
                p.init_containers.len() - 1
            }
        };
        p.init_containers.get_mut(i)
    }
}

/// The record of a CronJob's own spec fields in force from `at` on.
fn spec_record(at: Time, spec: &CronJobSpec, labels: BTreeMap<String, String>) -> CronJobSpecRecord {
    let policy = match spec.concurrency_policy.unwrap_or_default() {
        ConcurrencyPolicy::Allow => "Allow",
        ConcurrencyPolicy::Forbid => "Forbid",
        ConcurrencyPolicy::Replace => "Replace",
    };
    CronJobSpecRecord {
        at,
        schedule: spec.schedule.clone(),
        time_zone: spec.time_zone.clone(),
        suspend: spec.suspend == Some(true),
        concurrency_policy: policy.into(),
        starting_deadline_seconds: spec.starting_deadline_seconds,
        labels,
        requests: pod_requests(&spec.job_template.spec.template.spec),
    }
}

/// A duration in seconds, as the trace writes delays.
pub fn seconds(d: TimeDelta) -> f64 {
    d.num_milliseconds() as f64 / 1000.0
}
