//! The store's owner indexes: Jobs and Pods by their controller ownerReference, kept up to date
//! on every write, so that the controllers' "objects I own" (the informers' indexers in
//! client-go, `cache.Indexer`) are answered without scanning every object.

use super::objects::{Objects, Slot};
use super::{Change, Store, Stored, Watch};
use crate::api::{Job, Pod};
use crate::sim::fast_hash::FastMap;

/// The slots of the objects by the key of their controller, each list in the objects' name order
/// (as a list of the kind returns them).
type OwnerIndex = FastMap<String, Owned>;

/// The slots under one owner key, in name order. Most owners (a Job and its one pod) have a single
/// object: it is kept in place, and a list is allocated only for a second.
#[derive(Clone, Debug)]
enum Owned {
    One(Slot),
    Many(Vec<Slot>),
}

impl Owned {
    fn slots(&self) -> &[Slot] {
        match self {
            Owned::One(slot) => std::slice::from_ref(slot),
            Owned::Many(slots) => slots,
        }
    }

    /// Puts `slot` at position `at`.
    fn insert(&mut self, at: usize, slot: Slot) {
        match self {
            Owned::One(first) => {
                let mut slots = vec![*first];
                slots.insert(at, slot);
                *self = Owned::Many(slots);
            }
            Owned::Many(slots) => slots.insert(at, slot),
        }
    }

    /// Takes `slot` out; returns whether none is left.
    fn remove(&mut self, slot: Slot) -> bool {
        match self {
            Owned::One(only) => *only == slot,
            Owned::Many(slots) => {
                slots.retain(|&s| s != slot);
                slots.is_empty()
            }
        }
    }
}

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
    /// Updates the indexes for a write to the object in `slot` (already stored, or already
    /// removed for a delete).
    pub(super) fn index(&mut self, slot: Slot, change: &Change, jobs: &Objects<Job>, pods: &Objects<Pod>) {
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
                reindex(&mut self.jobs_by_owner, jobs, slot, watch, job_owner);
                reindex(&mut self.jobs_by_owner_uid, jobs, slot, watch, job_owner_uid);
            }
            Change::Pod(watch) => reindex(&mut self.pods_by_owner, pods, slot, watch, pod_owner),
            Change::CronJob(_) => {}
        }
    }
}

impl Store {
    /// Pods whose controller ownerReference is the Job with this UID, in name order.
    pub fn pods_of_job<'a>(&'a self, job_uid: &'a str) -> impl Iterator<Item = &'a Pod> + 'a {
        owned(&self.owners.pods_by_owner, &self.pods, job_uid)
    }

    /// The Jobs whose controller ownerReference names `owner` (any kind, any UID), in name order.
    pub fn jobs_controlled_by_name<'a>(&'a self, owner: &'a str) -> impl Iterator<Item = &'a Job> + 'a {
        owned(&self.owners.jobs_by_owner, &self.jobs, owner)
    }

    /// The Jobs whose controller ownerReference has the UID `owner` (any kind, any name), in name
    /// order.
    pub fn jobs_controlled_by_uid<'a>(&'a self, owner: &'a str) -> impl Iterator<Item = &'a Job> + 'a {
        owned(&self.owners.jobs_by_owner_uid, &self.jobs, owner)
    }
}

/// The objects `index` holds under `key`, in name order. (The index follows every write, so each
/// is reached by its slot, neither looked up by name nor checked again.)
fn owned<'a, T>(index: &'a OwnerIndex, objects: &'a Objects<T>, key: &str) -> impl Iterator<Item = &'a T> + 'a {
    index.get(key).map_or(&[][..], Owned::slots).iter().map(|&slot| &**objects.at(slot))
}

/// Moves the object in `slot` between the owner keys `owner` gives the old and new versions of
/// `watch`.
fn reindex<T: Stored>(
    index: &mut OwnerIndex,
    objects: &Objects<T>,
    slot: Slot,
    watch: &Watch<T>,
    owner: fn(&T) -> Option<&str>,
) {
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
    if let Some(key) = old_key {
        if index.get_mut(key).is_some_and(|owned| owned.remove(slot)) {
            index.remove(key);
        }
    }
    if let (Some(key), Some(n)) = (new_key, new) {
        // The key is copied only for an owner the index does not hold yet.
        match index.get_mut(key) {
            Some(owned) => {
                let name = n.meta().name.as_str();
                let at = owned.slots().partition_point(|&s| objects.at(s).meta().name.as_str() < name);
                owned.insert(at, slot);
            }
            None => {
                index.insert(key.to_owned(), Owned::One(slot));
            }
        }
    }
}
