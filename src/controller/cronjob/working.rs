//! The CronJob a sync works on: the object it read, whose metadata and spec it only reads, and
//! the status as the sync changes it. Every change the controller makes to a CronJob is to its
//! status (`UpdateStatus`), so a sync copies the status, never the whole object with its template
//! — and only when it changes it: most syncs change nothing and write nothing.

use super::slots::SlotInput;
use crate::api::{CronJob, CronJobStatus};
use std::borrow::Cow;

/// A CronJob as one sync sees and changes it.
pub(crate) struct Working<'a> {
    /// The object read (the informer's copy, or the API server's after a re-read).
    pub object: &'a CronJob,
    /// Its status with this sync's changes (the object's own until the first change:
    /// `status.to_mut()` copies it then).
    pub status: Cow<'a, CronJobStatus>,
}

impl<'a> Working<'a> {
    pub fn of(object: &'a CronJob) -> Self {
        Working { object, status: Cow::Borrowed(&object.status) }
    }

    /// Drops the Job with this UID from `status.active` (`deleteFromActiveList`). The status is
    /// copied only when the Job is listed: a Job deleted past the history limits has finished and
    /// left the list already, and most syncs change nothing else.
    /// The copy leaves the dropped reference out rather than copying it to drop it.
    pub fn remove_active(&mut self, uid: &str) {
        if !self.status.active.iter().any(|r| r.uid == uid) {
            return;
        }
        match &mut self.status {
            Cow::Borrowed(read) => {
                let read: &CronJobStatus = read;
                self.status = Cow::Owned(CronJobStatus {
                    active: read.active.iter().filter(|r| r.uid != uid).cloned().collect(),
                    last_schedule_time: read.last_schedule_time,
                    last_successful_time: read.last_successful_time,
                });
            }
            Cow::Owned(status) => status.active.retain(|r| r.uid != uid),
        }
    }

    /// The scheduling facts, with this sync's `lastScheduleTime`.
    pub fn slots(&self) -> SlotInput {
        SlotInput::with_status(self.object, &self.status)
    }
}
