//! The store's owner indexes: Jobs and Pods by their controller ownerReference, kept up to date
//! on every write, so that the controllers' "objects I own" (the informers' indexers in
//! client-go, `cache.Indexer`) are answered without scanning every object.

use super::{Change, Store, Stored, Watch};
use crate::api::{Job, Pod};
use crate::sim::fast_hash::FastMap;
use std::collections::BTreeSet;

/// Object names by the key of their controller, in name order (as a list of the kind returns
/// them).
type OwnerIndex = FastMap<String, BTreeSet<String>>;

/// The owner indexes of the objects in the store.
#[derive(Clone, Debug, Default)]
pub(super) struct OwnerIndexes {
    /// Jobs by the name of their controller (the v2 CronJob controller matches owners by name).
    jobs_by_owner: OwnerIndex,
    /// Jobs by the UID of their controller (the legacy CronJob controller matches owners by UID).
    jobs_by_owner_uid: OwnerIndex,
    /// Pods by the UID of their controller (the Job controller matches owners by UID).
    pods_by_owner: OwnerIndex,
}

impl OwnerIndexes {
    /// Updates the indexes for a write.
    pub(super) fn index(&mut self, change: &Change) {
        fn job_owner(j: &Job) -> Option<&str> {
            j.metadata.controller_of().map(|r| r.name.as_str())
        }
        fn job_owner_uid(j: &Job) -> Option<&str> {
            j.metadata.controller_of().map(|r| r.uid.as_str())
        }
        fn pod_owner(p: &Pod) -> Option<&str> {
            p.metadata.controller_of().map(|r| r.uid.as_str())
        }
        match change {
            Change::Job(watch) => {
                reindex(&mut self.jobs_by_owner, watch, job_owner);
                reindex(&mut self.jobs_by_owner_uid, watch, job_owner_uid);
            }
            Change::Pod(watch) => reindex(&mut self.pods_by_owner, watch, pod_owner),
            Change::CronJob(_) => {}
        }
    }
}

impl Store {
    /// Pods whose controller ownerReference is the Job with this UID.
    pub fn pods_of_job<'a>(&'a self, job_uid: &'a str) -> impl Iterator<Item = &'a Pod> + 'a {
        let names = self.owners.pods_by_owner.get(job_uid).into_iter().flatten();
        let pods = names.filter_map(|name| self.pods.get(name)).map(|p| &**p);
        pods.filter(move |p| p.metadata.controller_of().is_some_and(|r| r.uid == job_uid))
    }

    /// The Jobs whose controller ownerReference names `owner` (any kind, any UID), in name order.
    pub fn jobs_controlled_by_name<'a>(&'a self, owner: &'a str) -> impl Iterator<Item = &'a Job> + 'a {
        let names = self.owners.jobs_by_owner.get(owner).into_iter().flatten();
        let jobs = names.filter_map(|name| self.jobs.get(name)).map(|j| &**j);
        jobs.filter(move |j| j.metadata.controller_of().is_some_and(|r| r.name == owner))
    }

    /// The Jobs whose controller ownerReference has the UID `owner` (any kind, any name), in name
    /// order.
    pub fn jobs_controlled_by_uid<'a>(&'a self, owner: &'a str) -> impl Iterator<Item = &'a Job> + 'a {
        let names = self.owners.jobs_by_owner_uid.get(owner).into_iter().flatten();
        let jobs = names.filter_map(|name| self.jobs.get(name)).map(|j| &**j);
        jobs.filter(move |j| j.metadata.controller_of().is_some_and(|r| r.uid == owner))
    }
}

/// Moves the object of `watch` between the owner keys `owner` gives its old and new versions.
fn reindex<T: Stored>(index: &mut OwnerIndex, watch: &Watch<T>, owner: fn(&T) -> Option<&str>) {
    let (old, new) = match watch {
        Watch::Added(o) => (None, Some(&**o)),
        Watch::Updated { old, new } => (Some(&**old), Some(&**new)),
        Watch::StatusUpdated { .. } | Watch::MetadataUpdated(_) => return,
        Watch::Deleted(o) => (Some(&**o), None),
    };
    let (old_key, new_key) = (old.and_then(owner), new.and_then(owner));
    if old_key == new_key && old.is_some() && new.is_some() {
        return;
    }
    if let (Some(key), Some(o)) = (old_key, old) {
        if let Some(names) = index.get_mut(key) {
            names.remove(&o.meta().name);
            if names.is_empty() {
                index.remove(key);
            }
        }
    }
    if let (Some(key), Some(n)) = (new_key, new) {
        // The key is copied only for an owner the index does not hold yet.
        let names = match index.get_mut(key) {
            Some(names) => names,
            None => index.entry(key.to_owned()).or_default(),
        };
        names.insert(n.meta().name.clone());
    }
}
