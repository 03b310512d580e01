//! What the store tells the informers and the writers: the watch events of its writes
//! ([`Watch`], in order as [`Change`]s) and why a write was refused ([`StoreError`], the API
//! server's `AlreadyExists` and `NotFound` texts).

use super::Stored;
use crate::api::{CronJob, Job, Pod, PodPhase};
use std::rc::Rc;

/// An informer notification, carrying the stored versions of the object.
#[derive(Clone, Debug, PartialEq)]
pub enum Watch<T: Stored> {
    Added(Rc<T>),
    Updated {
        old: Rc<T>,
        new: Rc<T>,
    },
    /// An update that changed only the status: the old version is `new` with the status `old`
    /// sums up (what the informer handlers compare of it; the status itself is gone).
    StatusUpdated {
        old: T::Was,
        new: Rc<T>,
    },
    /// An update that changed only metadata no informer handler compares (a finalizer removed),
    /// made in place: the old version is `new` with that finalizer still listed.
    MetadataUpdated(Rc<T>),
    Deleted(Rc<T>),
}

/// A watch event of any kind, in the order the store applied the writes.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    CronJob(Watch<CronJob>),
    Job(Watch<Job>),
    Pod(Watch<Pod>),
}

/// What the informer handlers compare of a Job status an update replaced: whether the Job had
/// finished (the trace records the moment it finishes; the controllers' `updateJob` handlers
/// compare nothing else of a status).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JobWas {
    /// A `Complete` or `Failed` condition was true.
    pub finished: bool,
}

/// What the informer handlers compare of a pod status an update replaced: its phase (the Job
/// controller's `updatePod` backs off on a pod seen failing for the first time).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PodWas {
    pub phase: PodPhase,
}

/// Why a write was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// `<kind>.<group> "<name>" already exists`.
    AlreadyExists(String),
    /// `<kind>.<group> "<name>" not found`.
    NotFound(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::AlreadyExists(m) | StoreError::NotFound(m) => f.write_str(m),
        }
    }
}
