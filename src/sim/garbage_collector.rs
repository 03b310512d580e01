//! Deletion the way the API server and the garbage collector (`pkg/controller/garbagecollector`,
//! part of kube-controller-manager) carry it out:
//!
//! * `Background` propagation (the CronJob controller's `deleteJob`, `kubectl delete`): the Job
//!   disappears at once; the garbage collector then deletes its pods.
//! * `Foreground` propagation (the TTL-after-finished controller): the Job gets a
//!   `deletionTimestamp` and the `foregroundDeletion` finalizer, the collector deletes the pods,
//!   then the Job disappears.
//! * A pod with finalizers (the Job controller's `batch.kubernetes.io/job-tracking`) only gets a
//!   `deletionTimestamp`; its container is stopped (it exits on SIGTERM at once, code 143) and the
//!   pod disappears when the last finalizer goes.
//! * A running container that ignores SIGTERM (the pod rule's `ignoresSigterm`) keeps its pod
//!   terminating, `deletionTimestamp` set, until SIGKILL (137) after `terminationGracePeriodSeconds`.
//!
//! The collector has no lag; while kube-controller-manager is down it does not run, and on
//! restart it deletes the pods whose Job is gone.

use super::trace::{DeletedBy, RecordedPodPhase};
use super::world::World;
use crate::api::{CronJob, Job, Pod, PodPhase};
use crate::controller::kubelet::{killed, termination};
use crate::controller::{Message, Words};

/// How a delete propagates to dependents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Propagation {
    Background,
    Foreground,
}

impl World {
    /// Deletes a Job with the given propagation, recording who did it.
    pub(crate) fn delete_job(&mut self, name: &str, by: DeletedBy, propagation: Propagation) -> bool {
        let now = self.now;
        let job = if propagation == Propagation::Foreground {
            let Some(job) = self.store.get_shared::<Job>(name) else { return false };
            let _ = self.store.update::<Job>(name, |j| {
                j.metadata.deletion_timestamp.get_or_insert(now);
                if !j.metadata.finalizers.iter().any(|f| f == "foregroundDeletion") {
                    j.metadata.finalizers.push("foregroundDeletion".into());
                }
            });
            self.deliver();
            self.delete_pods_of(&job, Message::About(Words::ForegroundDeletionOfJob, name.to_owned()));
            if self.store.delete::<Job>(name).is_err() {
                return false;
            }
            job
        } else {
            // The version deleted is the one whose pods go (nothing writes the Job in between).
            let Ok(job) = self.store.delete::<Job>(name) else { return false };
            job
        };
        self.recorder.job_deleted(name, now, by);
        self.forget_job(name);
        if propagation == Propagation::Background && self.kcm.up {
            self.deliver();
            self.delete_pods_of(&job, Message::About(Words::OwnerJobDeleted, name.to_owned()));
        }
        true
    }

    /// Deletes a CronJob; the garbage collector deletes its Jobs (and they their pods).
    pub(crate) fn delete_cron_job(&mut self, name: &str) {
        let Ok(cron_job) = self.store.delete::<CronJob>(name) else { return };
        let now = self.now;
        self.history.cron_job(name, |h| h.deleted = Some(now));
        self.recorder.cron_job_deleted(name, self.now);
        if !self.kcm.up {
            return;
        }
        let owned: Vec<String> =
            self.store.jobs_controlled_by_uid(&cron_job.metadata.uid).map(|j| j.metadata.name.clone()).collect();
        for job in owned {
            self.delete_job(&job, DeletedBy::User, Propagation::Background);
        }
    }

    fn delete_pods_of(&mut self, job: &Job, because: Message) {
        let mut names = self.store.pods_of_job(&job.metadata.uid).map(|p| p.metadata.name.clone());
        let Some(mut pod) = names.next() else { return };
        // Most Jobs have one pod: only the others go in a list (an empty one allocates nothing).
        let others: Vec<String> = names.collect();
        for next in others {
            self.delete_pod(&pod, because.clone());
            pod = next;
        }
        // The last (most often the only) pod takes the reason itself, not a copy.
        self.delete_pod(&pod, because);
    }

    /// Deletes a pod: a running container is killed; a pod with finalizers stays, terminating,
    /// until they are removed.
    pub(crate) fn delete_pod(&mut self, name: &str, because: Message) {
        let Some(pod) = self.store.get::<Pod>(name) else { return };
        let now = self.now;
        let running = matches!(pod.status.phase, Some(PodPhase::Running) | Some(PodPhase::Pending) | None);
        let container_up = self.container_running(name);
        if container_up && self.ignores_sigterm(name) {
            self.terminate_gracefully(name, because);
            return;
        }
        // Otherwise the container exits on SIGTERM at once.
        let (_, exit_code) = termination(pod, now, true);
        if pod.metadata.finalizers.is_empty() {
            let _ = self.store.delete::<Pod>(name);
        } else {
            let _ = self.store.update::<Pod>(name, |p| {
                p.metadata.deletion_timestamp.get_or_insert(now);
                if running {
                    p.status = killed(p, exit_code, now);
                }
            });
        }
        if container_up {
            self.recorder.container_exited(name, now, exit_code, RecordedPodPhase::Failed);
        }
        self.pod_deleted(name, because);
    }

    /// Removes `finalizer` from a pod; a terminating pod without finalizers disappears.
    pub(crate) fn remove_pod_finalizer(&mut self, name: &str, finalizer: &str) {
        let _ = self.store.remove_finalizer::<Pod>(name, finalizer);
        // A container still running out its grace period keeps the pod until the kubelet is done.
        if !self.container_running(name)
            && self
                .store
                .get::<Pod>(name)
                .is_some_and(|p| p.metadata.deletion_timestamp.is_some() && p.metadata.finalizers.is_empty())
        {
            let _ = self.store.delete::<Pod>(name);
        }
    }

    /// On controller-manager start: pods whose Job no longer exists are deleted.
    pub(crate) fn collect_orphan_pods(&mut self) {
        let live: super::fast_hash::FastSet<&str> = self.store.all::<Job>().map(|j| j.metadata.uid.as_str()).collect();
        let orphans: Vec<(String, String)> = self
            .store
            .all::<Pod>()
            .filter_map(|p| {
                let owner = p.metadata.controller_of()?;
                (!live.contains(owner.uid.as_str())).then(|| (p.metadata.name.clone(), owner.name.clone()))
            })
            .collect();
        for (pod, job) in orphans {
            self.delete_pod(&pod, Message::About(Words::OwnerJobDeleted, job));
        }
    }
}
