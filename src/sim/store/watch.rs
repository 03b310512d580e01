//! What the store tells the informers and the writers: the watch events of its writes
//! ([`Watch`], in order as [`Change`]s) and why a write was refused ([`StoreError`], the API
//! server's `AlreadyExists` and `NotFound` texts).

use super::Stored;
use crate::api::{CronJob, Job, Pod};
use std::rc::Rc;

/// An informer notification, carrying the stored versions of the object.
#[derive(Clone, Debug, PartialEq)]
pub enum Watch<T: Stored> {
    Added(Rc<T>),
    Updated {
        old: Rc<T>,
        new: Rc<T>,
    },
    /// An update that changed only the status: the old version is `new` with status `old`.
    StatusUpdated {
        old: T::Status,
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
