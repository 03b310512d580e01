//! The API server's object store as the simulated controllers see it: CronJobs, Jobs and Pods by
//! name, with what the API server adds on write (UIDs, `generateName` suffixes,
//! `creationTimestamp`, `generation` bumps on spec changes) and the watch events informers
//! deliver. Informers have no lag here, so the store is also every controller's cache.
//!
//! One namespace is modelled (the objects keep whatever `metadata.namespace` they came with).
//! An update that changes nothing produces no watch event, as with the real API server.
//!
//! Objects are immutable once written and shared (`Rc`): a write stores a new version, and the
//! watch event, the informer caches and the controllers hold the versions themselves rather than
//! copies, so a year of minutely Jobs costs one copy per write, not one per reader. A status
//! write to a version nobody else holds any more (the usual case: its watch event was delivered)
//! changes it in place instead, and its watch event carries only what the informer handlers
//! compare of the status it replaced ([`Watch::StatusUpdated`]): metadata and spec are neither
//! copied nor dropped, and the replaced status is dropped at once. Removing a
//! finalizer from such a version is done in place too ([`Watch::MetadataUpdated`]).
//!
//! Objects are found by name through a hash map (to a numbered slot, which the owner indexes
//! keep); listing every object of a kind (rare: a controller starting) sorts them by name, as
//! the API server lists them.
//!
//! The parts: `watch` (the watch events and refusals), `stored` (the kinds held and the
//! seconds every write truncates to), `objects` (the slots of one kind), `owners` (the owner
//! indexes), `uid` (the UIDs handed out).

mod objects;
mod owners;
mod stored;
mod uid;
mod watch;

use super::trace::{Name, Time};
use crate::api::{CronJob, Job, Pod};
use std::rc::Rc;

use objects::Objects;
pub(crate) use objects::Slot;
pub use stored::Stored;
pub use watch::{Change, JobWas, PodWas, StoreError, Watch};

/// The objects of the simulated cluster.
#[derive(Clone, Debug, Default)]
pub struct Store {
    cron_jobs: Objects<CronJob>,
    jobs: Objects<Job>,
    pods: Objects<Pod>,
    owners: owners::OwnerIndexes,
    uids: uid::Uids,
    generated_names: u64,
    /// The watch events not yet delivered, each with the shared name of its object.
    changes: Vec<(Name, Change)>,
}

impl Store {
    /// The object named `name`, if it exists.
    pub fn get<T: Stored>(&self, name: &str) -> Option<&T> {
        T::map(self).get(name).map(|o| &**o)
    }

    /// The slot of the object named `name`, if it exists: a caller that reads and writes one
    /// object several times in a step (the kubelet, on each of a pod's happenings) hashes its
    /// name once. Valid until the object is deleted.
    pub(crate) fn slot<T: Stored>(&self, name: &str) -> Option<Slot> {
        T::map(self).slot(name)
    }

    /// The object in a slot [`slot`](Self::slot) gave, which still exists.
    pub(crate) fn at<T: Stored>(&self, slot: Slot) -> &T {
        T::map(self).at(slot)
    }

    /// The stored version in a slot [`slot`](Self::slot) gave, which still exists, shared.
    pub(crate) fn shared_at<T: Stored>(&self, slot: Slot) -> Rc<T> {
        T::map(self).at(slot).clone()
    }

    /// The object named `name`, if it exists, with its shared name (the one its watch events
    /// carry).
    pub(crate) fn get_named<T: Stored>(&self, name: &str) -> Option<(&Name, &T)> {
        T::map(self).slot(name).map(|s| T::map(self).named(s)).map(|(n, o)| (n, &**o))
    }

    /// The stored version of the object named `name`, shared (it never changes; a write stores a
    /// new version).
    pub fn get_shared<T: Stored>(&self, name: &str) -> Option<Rc<T>> {
        T::map(self).get(name).cloned()
    }

    /// Every object of a kind, in name order.
    pub fn all<T: Stored>(&self) -> impl Iterator<Item = &T> {
        self.all_shared::<T>().map(|o| &**o)
    }

    /// Every object of a kind, in name order, shared. (Sorted on each call: a run lists every
    /// object only when a controller starts, while it looks objects up by name at every step.)
    pub fn all_shared<T: Stored>(&self) -> impl Iterator<Item = &Rc<T>> {
        let mut objects: Vec<(&Name, &Rc<T>)> = T::map(self).iter().collect();
        objects.sort_unstable_by(|a, b| a.0.cmp(b.0));
        objects.into_iter().map(|(_, o)| o)
    }

    /// How many objects of a kind exist.
    pub fn count<T: Stored>(&self) -> usize {
        T::map(self).len()
    }

    /// Creates an object as the API server does: a `generateName` gets a 5-character suffix, a
    /// UID and `creationTimestamp = now` are set, `generation` starts at 1; status is kept (an
    /// imported object may carry one). Returns the stored name (borrowed: most writers ignore it).
    pub fn create<T: Stored>(&mut self, mut object: T, now: Time) -> Result<&str, StoreError> {
        if object.meta().name.is_empty() {
            self.generated_names += 1;
            let name = crate::api::generated_name(&object.meta().generate_name, self.generated_names);
            object.meta_mut().name = name;
        }
        let name = Name::from(&object.meta().name);
        let (objects, uids) = T::objects_and_uids(self);
        let created = objects.insert(name, object, |object| {
            let meta = object.meta_mut();
            meta.uid = uids.take();
            meta.creation_timestamp = Some(now);
            meta.generation = Some(1);
            object.truncate_times();
        });
        let slot = match created {
            Ok(slot) => slot,
            Err(object) => {
                let name = &object.meta().name;
                return Err(StoreError::AlreadyExists(format!("{} \"{name}\" already exists", T::RESOURCE)));
            }
        };
        let (shared, object) = T::map(self).named(slot).clone();
        self.push(slot, shared, T::change(Watch::Added(object)));
        Ok(&T::map(self).at(slot).meta().name)
    }

    /// Puts an object in the store exactly as given (the world's initial state: imported
    /// objects keep their UID, timestamps and status). Produces no watch event.
    pub fn import<T: Stored>(&mut self, mut object: T, now: Time) {
        let uid = self.uids.take();
        let meta = object.meta_mut();
        if meta.uid.is_empty() {
            meta.uid = uid;
        }
        meta.creation_timestamp.get_or_insert(now);
        meta.generation.get_or_insert(1);
        object.truncate_times();
        // An object of the same name is replaced, and let go of by the owner indexes.
        if let Some((slot, _, old)) = T::map_mut(self).remove(&object.meta().name) {
            self.index(slot, &T::change(Watch::Deleted(old)));
        }
        let name = Name::from(&object.meta().name);
        let Ok(slot) = T::map_mut(self).insert(name, object, |_| {}) else { unreachable!("the name was just freed") };
        let object = T::map(self).at(slot).clone();
        self.index(slot, &T::change(Watch::Added(object)));
    }

    /// Applies `edit` to the named object; records an update (bumping `generation` when the spec
    /// changed) unless nothing changed. Returns whether the object changed.
    pub fn update<T: Stored>(&mut self, name: &str, edit: impl FnOnce(&mut T)) -> Result<bool, StoreError> {
        let slot = Self::slot_of::<T>(self, name)?;
        let current = T::map_mut(self).at_mut(slot);
        let old = current.clone();
        let mut new = T::clone(&old);
        edit(&mut new);
        new.truncate_times();
        // Statuses change most often, so they are compared first.
        if !new.status_differs(&old) && new == *old {
            return Ok(false);
        }
        if new.spec_differs(&old) {
            new.meta_mut().generation = Some(old.meta().generation.unwrap_or(1) + 1);
        }
        let new = Rc::new(new);
        *current = new.clone();
        let shared = T::map(self).named(slot).0.clone();
        self.push(slot, shared, T::change(Watch::Updated { old, new }));
        Ok(true)
    }

    /// A write of a whole new status to the `status` subresource (what the controllers and the
    /// kubelet send; the API server ignores the rest of the object on this endpoint). Records an
    /// update unless the status is unchanged.
    pub fn replace_status<T: Stored>(&mut self, name: &str, status: T::Status) -> Result<bool, StoreError> {
        let slot = Self::slot_of::<T>(self, name)?;
        Ok(self.replace_status_at::<T>(slot, status))
    }

    /// [`replace_status`](Self::replace_status) of the object in a slot [`slot`](Self::slot)
    /// gave, which still exists.
    pub(crate) fn replace_status_at<T: Stored>(&mut self, slot: Slot, mut status: T::Status) -> bool {
        let current = T::map_mut(self).at_mut(slot);
        T::truncate_status_times(&mut status);
        if *current.status() == status {
            return false;
        }
        let watch = match Rc::get_mut(current) {
            Some(only) => {
                let old = T::was(&std::mem::replace(only.status_mut(), status));
                Watch::StatusUpdated { old, new: current.clone() }
            }
            None => {
                let new = Rc::new(current.with_status(status));
                let old = std::mem::replace(current, new.clone());
                Watch::Updated { old, new }
            }
        };
        // A status names no owner: the owner indexes stay as they are.
        let shared = T::map(self).named(slot).0.clone();
        self.changes.push((shared, T::change(watch)));
        true
    }

    /// Removes `finalizer` from the named object's metadata. The version nobody else holds any
    /// more (the usual case) changes in place and its watch event is a
    /// [`Watch::MetadataUpdated`], so the object is neither copied nor compared; otherwise it is
    /// an [`update`](Self::update). Returns whether the object changed.
    pub fn remove_finalizer<T: Stored>(&mut self, name: &str, finalizer: &str) -> Result<bool, StoreError> {
        let slot = Self::slot_of::<T>(self, name)?;
        let current = T::map_mut(self).at_mut(slot);
        if !current.meta().finalizers.iter().any(|f| f == finalizer) {
            return Ok(false);
        }
        let Some(only) = Rc::get_mut(current) else {
            return self.update::<T>(name, |o| o.meta_mut().finalizers.retain(|f| f != finalizer));
        };
        only.meta_mut().finalizers.retain(|f| f != finalizer);
        let new = current.clone();
        // Finalizers are not owner references: the owner indexes stay as they are.
        let shared = T::map(self).named(slot).0.clone();
        self.changes.push((shared, T::change(Watch::MetadataUpdated(new))));
        Ok(true)
    }

    /// Removes the named object now, returning it.
    pub fn delete<T: Stored>(&mut self, name: &str) -> Result<Rc<T>, StoreError> {
        let Some((slot, shared, gone)) = T::map_mut(self).remove(name) else {
            return Err(Self::not_found::<T>(name));
        };
        self.push(slot, shared, T::change(Watch::Deleted(gone.clone())));
        Ok(gone)
    }

    /// The UID the next created object will get.
    pub fn next_uid(&self) -> std::borrow::Cow<'_, str> {
        self.uids.next()
    }

    /// The watch events of the writes since the last call, in order.
    pub fn take_changes(&mut self) -> Vec<Change> {
        std::mem::take(&mut self.changes).into_iter().map(|(_, change)| change).collect()
    }

    /// Moves the watch events of the writes since the last call into `into` (empty), keeping the
    /// store's buffer for the next writes: delivery runs after every step, so reusing the two
    /// buffers saves an allocation each time. Each comes with its object's shared name, so the
    /// informer handlers key their queues and the trace its records without hashing the name.
    pub fn swap_changes(&mut self, into: &mut Vec<(Name, Change)>) {
        debug_assert!(into.is_empty());
        std::mem::swap(&mut self.changes, into);
    }

    /// The slot of the named object, or the API server's `NotFound`.
    fn slot_of<T: Stored>(&self, name: &str) -> Result<Slot, StoreError> {
        T::map(self).slot(name).ok_or_else(|| Self::not_found::<T>(name))
    }

    fn not_found<T: Stored>(name: &str) -> StoreError {
        StoreError::NotFound(format!("{} \"{name}\" not found", T::RESOURCE))
    }

    /// Records a watch event of the object `name` for the informers, keeping the owner indexes
    /// up to date.
    fn push(&mut self, slot: Slot, name: Name, change: Change) {
        self.index(slot, &change);
        self.changes.push((name, change));
    }

    /// Updates the owner indexes for a write to the object in `slot`.
    fn index(&mut self, slot: Slot, change: &Change) {
        self.owners.index(slot, change, &self.jobs, &self.pods);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::OwnerReference;

    fn now() -> Time {
        "2025-01-15T10:00:00Z".parse().unwrap()
    }

    fn job(name: &str) -> Job {
        let mut j = Job::default();
        j.metadata.name = name.into();
        j
    }

    #[test]
    fn create_sets_uid_timestamp_generation_and_refuses_duplicates() {
        let mut s = Store::default();
        assert_eq!(s.create(job("a"), now()).unwrap(), "a");
        let a: &Job = s.get("a").unwrap();
        assert_eq!(a.metadata.uid, "00000000-0000-4000-8000-000000000001");
        assert_eq!(a.metadata.creation_timestamp, Some(now()));
        assert_eq!(a.metadata.generation, Some(1));
        assert_eq!(s.create(job("a"), now()).unwrap_err().to_string(), "jobs.batch \"a\" already exists");
        assert!(matches!(&s.take_changes()[..], [Change::Job(Watch::Added(j))] if j.metadata.name == "a"));
        s.create(job("b"), now() + chrono::TimeDelta::milliseconds(100)).unwrap();
        s.update::<Job>("b", |j| j.status.completion_time = Some(now() + chrono::TimeDelta::milliseconds(1900)))
            .unwrap();
        let b: &Job = s.get("b").unwrap();
        assert_eq!(b.metadata.creation_timestamp, Some(now()), "API times keep whole seconds");
        assert_eq!(b.status.completion_time, Some(now() + chrono::TimeDelta::seconds(1)));
    }

    #[test]
    fn generate_name_gets_distinct_five_character_suffixes() {
        let mut s = Store::default();
        let mut names = std::collections::BTreeSet::new();
        for _ in 0..1000 {
            let mut p = Pod::default();
            p.metadata.generate_name = "backup-29014860-".into();
            let name = s.create(p, now()).unwrap().to_owned();
            assert_eq!(name.len(), "backup-29014860-".len() + 5, "{name}");
            assert!(
                name["backup-29014860-".len()..].bytes().all(|b| b"bcdfghjklmnpqrstvwxz2456789".contains(&b)),
                "{name}"
            );
            names.insert(name);
        }
        assert_eq!(names.len(), 1000);
    }

    #[test]
    fn update_records_only_real_changes_and_bumps_generation_on_spec_edits() {
        let mut s = Store::default();
        s.create(job("a"), now()).unwrap();
        s.take_changes();
        assert!(!s.update::<Job>("a", |_| {}).unwrap());
        let mut status = s.get::<Job>("a").unwrap().status.clone();
        assert!(!s.replace_status::<Job>("a", status.clone()).unwrap());
        assert!(s.take_changes().is_empty(), "a no-op write produces no watch event");
        status.active = 1;
        assert!(s.replace_status::<Job>("a", status).unwrap());
        assert_eq!(s.get::<Job>("a").unwrap().metadata.generation, Some(1), "status writes keep generation");
        assert!(s.update::<Job>("a", |j| j.spec.suspend = Some(true)).unwrap());
        assert_eq!(s.get::<Job>("a").unwrap().metadata.generation, Some(2));
        let changes = s.take_changes();
        // Nobody held the version the status write replaced: it changed in place, and the event
        // carries what the handlers compare of the old status; the spec edit stored a new version.
        assert!(
            matches!(&changes[..], [Change::Job(Watch::StatusUpdated { old, new }), Change::Job(Watch::Updated { old: before_edit, .. })]
            if *old == JobWas { finished: false } && new.status.active == 1 && before_edit.status.active == 1 && before_edit.spec.suspend.is_none())
        );
        drop(changes);
        // A version someone still holds is never changed: the write stores a new one.
        let held = s.get_shared::<Job>("a").unwrap();
        let mut status = held.status.clone();
        status.active = 2;
        assert!(s.replace_status::<Job>("a", status).unwrap());
        assert_eq!(held.status.active, 1);
        assert!(
            matches!(&s.take_changes()[..], [Change::Job(Watch::Updated { old, new })] if old.status.active == 1 && new.status.active == 2)
        );
        assert_eq!(s.update::<Job>("zz", |_| {}).unwrap_err().to_string(), "jobs.batch \"zz\" not found");
    }

    #[test]
    fn finalizer_removal_is_in_place_unless_the_version_is_held() {
        let mut s = Store::default();
        let mut p = Pod::default();
        p.metadata.name = "p".into();
        p.metadata.finalizers = vec!["batch.kubernetes.io/job-tracking".into(), "other".into()];
        s.create(p, now()).unwrap();
        s.take_changes();
        assert!(!s.remove_finalizer::<Pod>("p", "absent").unwrap());
        assert!(s.take_changes().is_empty(), "nothing removed, no watch event");
        assert!(s.remove_finalizer::<Pod>("p", "batch.kubernetes.io/job-tracking").unwrap());
        assert!(
            matches!(&s.take_changes()[..], [Change::Pod(Watch::MetadataUpdated(p))] if p.metadata.finalizers == ["other"])
        );
        let held = s.get_shared::<Pod>("p").unwrap();
        assert!(s.remove_finalizer::<Pod>("p", "other").unwrap());
        assert_eq!(held.metadata.finalizers, ["other"], "a held version is never changed");
        assert!(
            matches!(&s.take_changes()[..], [Change::Pod(Watch::Updated { old, new })] if old.metadata.finalizers == ["other"] && new.metadata.finalizers.is_empty())
        );
        assert!(s.remove_finalizer::<Pod>("zz", "other").is_err());
    }

    #[test]
    fn all_lists_in_name_order() {
        let mut s = Store::default();
        for name in ["b-2", "a", "b-10", "c", "b-1"] {
            s.create(job(name), now()).unwrap();
        }
        let names: Vec<&str> = s.all::<Job>().map(|j| j.metadata.name.as_str()).collect();
        assert_eq!(names, ["a", "b-1", "b-10", "b-2", "c"]);
    }

    #[test]
    fn delete_and_pods_of_job() {
        let mut s = Store::default();
        s.create(job("a"), now()).unwrap();
        let uid = s.get::<Job>("a").unwrap().metadata.uid.clone();
        for owner in [uid.as_str(), "other"] {
            let mut p = Pod::default();
            p.metadata.generate_name = "a-".into();
            p.metadata.owner_references =
                vec![OwnerReference { uid: owner.into(), controller: Some(true), ..OwnerReference::default() }];
            s.create(p, now()).unwrap();
        }
        assert_eq!(s.pods_of_job(&uid).count(), 1);
        let gone: Rc<Job> = s.delete("a").unwrap();
        assert_eq!(gone.metadata.name, "a");
        assert!(s.delete::<Job>("a").is_err());
        assert_eq!(s.count::<Job>(), 0);
        assert_eq!(s.count::<Pod>(), 2);
    }

    #[test]
    fn owner_indexes_list_in_name_order_across_deletes_reused_slots_and_owner_changes() {
        fn owned(name: &str, owner: &str) -> Job {
            let mut j = job(name);
            j.metadata.owner_references = vec![OwnerReference {
                name: owner.into(),
                uid: format!("uid-{owner}"),
                controller: Some(true),
                ..OwnerReference::default()
            }];
            j
        }
        let names = |s: &Store, owner: &str| -> Vec<String> {
            s.jobs_controlled_by_name(owner).map(|j| j.metadata.name.clone()).collect()
        };
        let mut s = Store::default();
        for name in ["c-3", "c-1", "c-20", "c-2"] {
            s.create(owned(name, "c"), now()).unwrap();
        }
        s.create(owned("d-1", "d"), now()).unwrap();
        assert_eq!(names(&s, "c"), ["c-1", "c-2", "c-20", "c-3"]);
        s.delete::<Job>("c-2").unwrap();
        s.delete::<Job>("d-1").unwrap();
        assert!(names(&s, "d").is_empty());
        // The freed slots are taken again by the next creates.
        s.create(owned("c-0", "c"), now()).unwrap();
        s.create(owned("d-2", "d"), now()).unwrap();
        assert_eq!(names(&s, "c"), ["c-0", "c-1", "c-20", "c-3"]);
        assert_eq!(names(&s, "d"), ["d-2"]);
        // A new controller reference moves the Job between owners, by name and by UID.
        s.update::<Job>("c-1", |j| *j = owned("c-1", "d")).unwrap();
        assert_eq!(names(&s, "c"), ["c-0", "c-20", "c-3"]);
        assert_eq!(names(&s, "d"), ["c-1", "d-2"]);
        let by_uid: Vec<&str> = s.jobs_controlled_by_uid("uid-d").map(|j| j.metadata.name.as_str()).collect();
        assert_eq!(by_uid, ["c-1", "d-2"]);
        // An import of an existing name replaces the object and its place in the indexes.
        s.import(owned("c-3", "d"), now());
        assert_eq!(names(&s, "c"), ["c-0", "c-20"]);
        assert_eq!(names(&s, "d"), ["c-1", "c-3", "d-2"]);
        assert_eq!(s.count::<Job>(), 5);
    }
}
