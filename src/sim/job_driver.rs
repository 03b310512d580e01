//! Runs the Job controller (`controller::job`) in the world: its informer handlers (Job and Pod
//! events, batched as each release batched them), its work-queue loop (every re-queue, the
//! rate-limited retry of an error included, is the sync's `AddAfter`), and the writes of each sync — pods
//! created from `generateName`, pods deleted, tracking finalizers removed, the status written.

use super::store::{Change, Watch};
use super::trace::{ControllerName, Explanation, FinishedCondition, Name, ObjectKind, Ruling, SyncTrigger};
use super::world::World;
use crate::api::{Job, Pod};
use crate::controller::job::pods::JOB_TRACKING_FINALIZER;
use crate::controller::job::{
    job_event_delay, pod_event_delay, sync_job, JobMemory, JobSyncInput, PodApiFaults, PodEvent, MANAGED_ELSEWHERE,
};
use crate::controller::{Message, Words};

impl World {
    /// The Job controller's informer handlers for a change (of the object `name`).
    pub(crate) fn inform_job_controller(&mut self, name: &Name, change: &Change) {
        match change {
            Change::Job(Watch::Added(_)) | Change::Job(Watch::Deleted(_)) => {
                self.kcm.job.add(name.clone(), SyncTrigger::JobEvent);
            }
            Change::Job(Watch::Updated { old, new }) => {
                let delay = job_event_delay(&self.job_features, old.metadata.generation != new.metadata.generation);
                self.kcm.job.add_after(name.clone(), SyncTrigger::JobEvent, self.now, delay);
            }
            Change::Job(Watch::StatusUpdated { .. } | Watch::MetadataUpdated(_)) => {
                let delay = job_event_delay(&self.job_features, false);
                self.kcm.job.add_after(name.clone(), SyncTrigger::JobEvent, self.now, delay);
            }
            Change::Pod(watch) => {
                let (pod, event) = match watch {
                    Watch::Added(p) => (p, PodEvent::Added),
                    Watch::Updated { old, new } => (
                        new,
                        PodEvent::Updated {
                            old_phase: old.status.phase.unwrap_or_default(),
                            new_phase: new.status.phase.unwrap_or_default(),
                        },
                    ),
                    Watch::StatusUpdated { old, new } => (
                        new,
                        PodEvent::Updated { old_phase: old.phase, new_phase: new.status.phase.unwrap_or_default() },
                    ),
                    Watch::MetadataUpdated(p) => {
                        let phase = p.status.phase.unwrap_or_default();
                        (p, PodEvent::Updated { old_phase: phase, new_phase: phase })
                    }
                    Watch::Deleted(p) => (p, PodEvent::Deleted),
                };
                let Some(owner) = pod.metadata.controller_of().filter(|r| r.kind == "Job") else { return };
                let no_memory = JobMemory::default();
                let delay =
                    pod_event_delay(&self.job_features, self.job_memory.get(&owner.name).unwrap_or(&no_memory), event);
                self.kcm.job.add_after(self.recorder.name(&owner.name), SyncTrigger::PodEvent, self.now, delay);
            }
            Change::CronJob(_) => {}
        }
    }

    /// One `syncJob`, its writes applied, its verdict recorded.
    pub(crate) fn sync_job(&mut self, name: &Name, trigger: SyncTrigger) {
        let now = self.now;
        // The Job is found by name once: a Job sync writes its pods, never removes its Job, so
        // the slot still holds it for the status write.
        let Some(slot) = self.store.slot::<Job>(name) else {
            self.job_memory.remove(&**name);
            let decision =
                Ruling { code: "not-found".into(), explanation: Explanation::Gone(ControllerName::Job, name.clone()) };
            self.recorder.sync(ControllerName::Job, now, name, trigger, decision, None);
            return;
        };
        let job = self.store.shared_at::<Job>(slot);
        let pods: Vec<&Pod> = self.store.pods_of_job(&job.metadata.uid).collect();
        let no_memory = JobMemory::default();
        let memory = self.job_memory.get(&**name).unwrap_or(&no_memory);
        let out = sync_job(&JobSyncInput {
            job: &job,
            pods: &pods,
            now,
            features: self.job_features,
            memory,
            faults: &PodApiFaults::default(),
        });
        if out.decision.code == MANAGED_ELSEWHERE {
            let controller = job.spec.managed_by.as_deref().unwrap_or_default();
            self.recorder.job_managed_elsewhere(name, controller);
        }
        // Let go of the version synced, so the status write can change it in place.
        drop(pods);
        drop(job);
        for pod in &out.finalizers_removed {
            self.remove_pod_finalizer(pod, JOB_TRACKING_FINALIZER);
        }
        for deletion in &out.deleted {
            if deletion.remove_finalizer_first {
                self.remove_pod_finalizer(&deletion.name, JOB_TRACKING_FINALIZER);
            }
            self.delete_pod(
                &deletion.name,
                format!("deleted by the Job controller: {}", out.decision.explanation).into(),
            );
        }
        // The controller names new pods by `generateName`; the API server picks the names, and
        // the `SuccessfulCreate` events carry them.
        let mut named = Vec::with_capacity(out.created.len());
        for pod in out.created {
            let generate_name = pod.metadata.generate_name.clone();
            if let Ok(name) = self.store.create(pod, now) {
                named.push((generate_name, name.to_owned()));
            }
        }
        let mut named = named.into_iter().peekable();
        if let Some(status) = out.status {
            self.store.replace_status_at::<Job>(slot, status);
        }
        for mut e in out.events {
            if let Message::About(Words::CreatedPod, generate_name) = &mut e.message {
                if named.peek().is_some_and(|(generated, _)| generated == generate_name) {
                    *generate_name = named.next().expect("peeked").1;
                }
            }
            self.recorder.event(now, (ObjectKind::Job, name), e.event_type, e.reason, e.message, "job-controller");
        }
        // A Job without an entry reads as the empty memory, so only a memory that holds something
        // is kept: most Jobs never fail or err, and need no entry (nor a copy of their name). (A
        // removal hashes the name even when no Job has an entry: the usual case, so it is skipped.)
        if out.memory == no_memory {
            if !self.job_memory.is_empty() {
                self.job_memory.remove(&**name);
            }
        } else if let Some(memory) = self.job_memory.get_mut(&**name) {
            *memory = out.memory;
        } else {
            self.job_memory.insert(name.to_string(), out.memory);
        }
        // The sync already folded the rate-limited retry of an error into `requeue_after` (its
        // counter lives in the Job's memory), so only `AddAfter` remains to be done.
        if let Some(d) = out.requeue_after {
            let trigger = if out.error.is_some() { SyncTrigger::RateLimited } else { SyncTrigger::Requeue };
            self.kcm.job.add_after(name.clone(), trigger, now, d);
        }
        let decision =
            Ruling { code: out.decision.code.into(), explanation: Explanation::Job(out.decision.explanation) };
        self.recorder.sync(ControllerName::Job, now, name, trigger, decision, out.requeue_after);
    }

    /// A Job's status changed (it had finished before if `was_finished`): record its terminal
    /// condition when it appears.
    pub(crate) fn job_updated(&mut self, was_finished: bool, new: &Job) {
        if was_finished {
            return;
        }
        if let Some(c) = new.status.finished_condition() {
            let reason = (!c.reason.is_empty()).then(|| c.reason.clone());
            self.recorder.job_finished(&new.metadata.name, self.now, FinishedCondition::of(c.condition_type), reason);
        }
    }
}
