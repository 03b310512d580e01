//! Runs the TTL-after-finished controller (`controller::ttl`) in the world: its Job informer
//! handlers (`addJob`/`updateJob` enqueue a finished Job with `ttlSecondsAfterFinished` that is not
//! being deleted), its work-queue loop (`AddAfter` the remaining time; errors retried rate-limited)
//! and the foreground deletion it sends.

use super::garbage_collector::Propagation;
use super::store::{Change, Watch};
use super::trace::{ControllerName, DeletedBy, Explanation, Name, Ruling, SyncTrigger};
use super::world::World;
use crate::api::Job;
use crate::controller::ttl::{ttl_after_finished, ttl_controller_enabled, TtlAction};

/// `needsCleanup`: a TTL is set, the Job is not being deleted, and it has finished.
fn needs_cleanup(job: &Job) -> bool {
    job.spec.ttl_seconds_after_finished.is_some()
        && job.metadata.deletion_timestamp.is_none()
        && job.status.finished_condition().is_some()
}

impl World {
    /// The TTL controller's informer handlers for a change.
    pub(crate) fn inform_ttl_controller(&mut self, name: &Name, change: &Change) {
        if let Change::Job(
            Watch::Added(job)
            | Watch::Updated { new: job, .. }
            | Watch::StatusUpdated { new: job, .. }
            | Watch::MetadataUpdated(job),
        ) = change
        {
            self.ttl_consider(name, job, SyncTrigger::JobEvent);
        }
    }

    /// Enqueues a Job (named `name`) that needs cleanup (also the informer's initial list at
    /// start-up).
    pub(crate) fn ttl_consider(&mut self, name: &Name, job: &Job, trigger: SyncTrigger) {
        if ttl_controller_enabled(self.version) && needs_cleanup(job) {
            self.kcm.ttl.add(name.clone(), trigger);
        }
    }

    /// One `processJob`: delete the expired Job, or look again when it expires.
    pub(crate) fn sync_ttl(&mut self, name: &Name, trigger: SyncTrigger) {
        let now = self.now;
        let Some(job) = self.store.get_shared::<Job>(name) else {
            let decision =
                Ruling { code: "not-found".into(), explanation: Explanation::Gone(ControllerName::Ttl, name.clone()) };
            self.recorder.sync(ControllerName::Ttl, now, name, trigger, decision, None);
            return;
        };
        let decision = ttl_after_finished(&job, now, self.version);
        let (code, requeue) = match decision.action {
            TtlAction::Ignore => ("ignore", None),
            TtlAction::Delete { .. } => {
                self.delete_job(name, DeletedBy::Ttl, Propagation::Foreground);
                ("deleted", None)
            }
            TtlAction::RequeueAt { after, .. } => {
                self.kcm.ttl.add_after(name.clone(), SyncTrigger::Requeue, now, after);
                ("not-expired", Some(after))
            }
            TtlAction::Error(_) => {
                self.kcm.ttl.add_rate_limited(name.clone(), SyncTrigger::RateLimited, now);
                ("error", None)
            }
        };
        let decision = Ruling { code: code.into(), explanation: decision.explanation.into() };
        self.recorder.sync(ControllerName::Ttl, now, name, trigger, decision, requeue);
    }
}
