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
//! changes it in place instead, and its watch event carries the status it replaced
//! ([`Watch::StatusUpdated`]): metadata and spec are neither copied nor dropped. Removing a
//! finalizer from such a version is done in place too ([`Watch::MetadataUpdated`]).
//!
//! Objects are found by name through a hash map; listing every object of a kind (rare: a
//! controller starting) sorts them by name, as the API server lists them.

use super::fast_hash::FastMap;
use super::trace::{ObjectKind, Time};
use crate::api::{CronJob, CronJobStatus, Job, JobStatus, ObjectMeta, Pod, PodStatus};
use chrono::SubsecRound;
use std::collections::BTreeSet;
use std::rc::Rc;

/// The objects of one kind by name, found by hash; listed in name order when asked for all.
type Objects<T> = FastMap<String, Rc<T>>;

/// Object names by the key of their controller, in name order (as a list of the kind returns
/// them): the controllers' "objects I own" answered without scanning every object.
type OwnerIndex = FastMap<String, BTreeSet<String>>;

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

/// An object kind the store holds.
pub trait Stored: Clone + PartialEq + Sized + 'static {
    /// The status subresource's type.
    type Status: Clone + std::fmt::Debug + PartialEq;
    /// The kind, for traces and error texts.
    const KIND: ObjectKind;
    /// The resource as the API server names it in errors (`jobs.batch`).
    const RESOURCE: &'static str;
    fn meta(&self) -> &ObjectMeta;
    fn meta_mut(&mut self) -> &mut ObjectMeta;
    /// Whether the spec (not metadata or status) differs, which bumps `generation`.
    fn spec_differs(&self, other: &Self) -> bool;
    /// Whether the status differs.
    fn status_differs(&self, other: &Self) -> bool;
    fn status(&self) -> &Self::Status;
    fn status_mut(&mut self) -> &mut Self::Status;
    /// A copy with another status (the status is not copied only to be replaced).
    fn with_status(&self, status: Self::Status) -> Self;
    fn map(store: &Store) -> &Objects<Self>;
    fn map_mut(store: &mut Store) -> &mut Objects<Self>;
    fn change(watch: Watch<Self>) -> Change;
    /// Truncates every `metav1.Time` to whole seconds, as a round trip through the API does.
    fn truncate_times(&mut self);
    /// The same for a status.
    fn truncate_status_times(status: &mut Self::Status);
}

/// `metav1.Time` keeps whole seconds on the wire (JSON and protobuf alike), so every time an
/// object carries after a write has second precision, whatever the writer's clock said.
fn second(t: &mut Option<Time>) {
    use chrono::Timelike;
    // Most times are whole seconds already (the virtual clock mostly ticks in them).
    if let Some(v) = t.as_mut().filter(|v| v.nanosecond() % 1_000_000_000 != 0) {
        *v = v.trunc_subsecs(0);
    }
}

fn meta_seconds(m: &mut ObjectMeta) {
    second(&mut m.creation_timestamp);
    second(&mut m.deletion_timestamp);
}

fn cron_job_seconds(s: &mut CronJobStatus) {
    second(&mut s.last_schedule_time);
    second(&mut s.last_successful_time);
}

fn job_seconds(s: &mut JobStatus) {
    second(&mut s.start_time);
    second(&mut s.completion_time);
    for c in &mut s.conditions {
        second(&mut c.last_probe_time);
        second(&mut c.last_transition_time);
    }
}

fn pod_seconds(s: &mut PodStatus) {
    second(&mut s.start_time);
    for c in &mut s.conditions {
        second(&mut c.last_probe_time);
        second(&mut c.last_transition_time);
    }
    for c in s.container_statuses.iter_mut().chain(s.init_container_statuses.iter_mut()) {
        for state in [&mut c.state, &mut c.last_state] {
            if let Some(r) = &mut state.running {
                second(&mut r.started_at);
            }
            if let Some(t) = &mut state.terminated {
                second(&mut t.started_at);
                second(&mut t.finished_at);
            }
        }
    }
}

macro_rules! stored {
    ($t:ident, $status:ty, $kind:ident, $resource:literal, $field:ident, $seconds:ident) => {
        impl Stored for $t {
            type Status = $status;
            const KIND: ObjectKind = ObjectKind::$kind;
            const RESOURCE: &'static str = $resource;
            fn meta(&self) -> &ObjectMeta {
                &self.metadata
            }
            fn meta_mut(&mut self) -> &mut ObjectMeta {
                &mut self.metadata
            }
            fn spec_differs(&self, other: &Self) -> bool {
                self.spec != other.spec
            }
            fn status_differs(&self, other: &Self) -> bool {
                self.status != other.status
            }
            fn status(&self) -> &$status {
                &self.status
            }
            fn status_mut(&mut self) -> &mut $status {
                &mut self.status
            }
            fn with_status(&self, status: $status) -> Self {
                $t {
                    api_version: self.api_version.clone(),
                    kind: self.kind.clone(),
                    metadata: self.metadata.clone(),
                    spec: self.spec.clone(),
                    status,
                }
            }
            fn map(store: &Store) -> &Objects<Self> {
                &store.$field
            }
            fn map_mut(store: &mut Store) -> &mut Objects<Self> {
                &mut store.$field
            }
            fn change(watch: Watch<Self>) -> Change {
                Change::$kind(watch)
            }
            fn truncate_times(&mut self) {
                meta_seconds(&mut self.metadata);
                $seconds(&mut self.status)
            }
            fn truncate_status_times(status: &mut $status) {
                $seconds(status)
            }
        }
    };
}

stored!(CronJob, CronJobStatus, CronJob, "cronjobs.batch", cron_jobs, cron_job_seconds);
stored!(Job, JobStatus, Job, "jobs.batch", jobs, job_seconds);
stored!(Pod, PodStatus, Pod, "pods", pods, pod_seconds);

/// The objects of the simulated cluster.
#[derive(Clone, Debug, Default)]
pub struct Store {
    cron_jobs: Objects<CronJob>,
    jobs: Objects<Job>,
    pods: Objects<Pod>,
    /// Jobs by the name of their controller (the v2 CronJob controller matches owners by name).
    jobs_by_owner: OwnerIndex,
    /// Jobs by the UID of their controller (the legacy CronJob controller matches owners by UID).
    jobs_by_owner_uid: OwnerIndex,
    /// Pods by the UID of their controller (the Job controller matches owners by UID).
    pods_by_owner: OwnerIndex,
    uids: u64,
    /// The UID the next created object gets (empty before the first): every CronJob sync is
    /// handed it and most create nothing, so it is written out once per object, not per sync.
    next_uid: String,
    generated_names: u64,
    changes: Vec<Change>,
}

/// The UID of the `n`-th object: a fixed-form UUID, so runs are reproducible. Written digit by
/// digit (one is made per object created; the formatter costs several times more).
fn uid(n: u64) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut text = String::with_capacity(36 + 4);
    text.push_str("00000000-0000-4000-8000-");
    // `{n:012x}`: twelve digits at least, more when the number needs them.
    let digits = (64 - n.leading_zeros()).div_ceil(4).max(12);
    for i in (0..digits).rev() {
        text.push(HEX[(n >> (4 * i) & 0xf) as usize] as char);
    }
    text
}

impl Store {
    /// The object named `name`, if it exists.
    pub fn get<T: Stored>(&self, name: &str) -> Option<&T> {
        T::map(self).get(name).map(|o| &**o)
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
        let mut objects: Vec<(&String, &Rc<T>)> = T::map(self).iter().collect();
        objects.sort_unstable_by(|a, b| a.0.cmp(b.0));
        objects.into_iter().map(|(_, o)| o)
    }

    /// How many objects of a kind exist.
    pub fn count<T: Stored>(&self) -> usize {
        T::map(self).len()
    }

    /// Creates an object as the API server does: a `generateName` gets a 5-character suffix, a
    /// UID and `creationTimestamp = now` are set, `generation` starts at 1; status is kept (an
    /// imported object may carry one). Returns the stored name.
    pub fn create<T: Stored>(&mut self, mut object: T, now: Time) -> Result<String, StoreError> {
        if object.meta().name.is_empty() {
            self.generated_names += 1;
            let name = crate::api::generated_name(&object.meta().generate_name, self.generated_names);
            object.meta_mut().name = name;
        }
        let name = object.meta().name.clone();
        if T::map(self).contains_key(&name) {
            return Err(StoreError::AlreadyExists(format!("{} \"{name}\" already exists", T::RESOURCE)));
        }
        let uid = self.take_uid();
        let meta = object.meta_mut();
        meta.uid = uid;
        meta.creation_timestamp = Some(now);
        meta.generation = Some(1);
        object.truncate_times();
        let object = Rc::new(object);
        T::map_mut(self).insert(name.clone(), object.clone());
        self.push(T::change(Watch::Added(object)));
        Ok(name)
    }

    /// Puts an object in the store exactly as given (the world's initial state: imported
    /// objects keep their UID, timestamps and status). Produces no watch event.
    pub fn import<T: Stored>(&mut self, mut object: T, now: Time) {
        let uid = self.take_uid();
        let meta = object.meta_mut();
        if meta.uid.is_empty() {
            meta.uid = uid;
        }
        meta.creation_timestamp.get_or_insert(now);
        meta.generation.get_or_insert(1);
        object.truncate_times();
        let object = Rc::new(object);
        T::map_mut(self).insert(object.meta().name.clone(), object.clone());
        self.index(&T::change(Watch::Added(object)));
    }

    /// Applies `edit` to the named object; records an update (bumping `generation` when the spec
    /// changed) unless nothing changed. Returns whether the object changed.
    pub fn update<T: Stored>(&mut self, name: &str, edit: impl FnOnce(&mut T)) -> Result<bool, StoreError> {
        let Some(current) = T::map_mut(self).get_mut(name) else {
            return Err(StoreError::NotFound(format!("{} \"{name}\" not found", T::RESOURCE)));
        };
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
        self.push(T::change(Watch::Updated { old, new }));
        Ok(true)
    }

    /// A write of a whole new status to the `status` subresource (what the controllers and the
    /// kubelet send; the API server ignores the rest of the object on this endpoint). Records an
    /// update unless the status is unchanged.
    pub fn replace_status<T: Stored>(&mut self, name: &str, mut status: T::Status) -> Result<bool, StoreError> {
        let Some(current) = T::map_mut(self).get_mut(name) else {
            return Err(StoreError::NotFound(format!("{} \"{name}\" not found", T::RESOURCE)));
        };
        T::truncate_status_times(&mut status);
        if *current.status() == status {
            return Ok(false);
        }
        let watch = match Rc::get_mut(current) {
            Some(only) => {
                let old = std::mem::replace(only.status_mut(), status);
                Watch::StatusUpdated { old, new: current.clone() }
            }
            None => {
                let new = Rc::new(current.with_status(status));
                let old = std::mem::replace(current, new.clone());
                Watch::Updated { old, new }
            }
        };
        self.push(T::change(watch));
        Ok(true)
    }

    /// Removes `finalizer` from the named object's metadata. The version nobody else holds any
    /// more (the usual case) changes in place and its watch event is a
    /// [`Watch::MetadataUpdated`], so the object is neither copied nor compared; otherwise it is
    /// an [`update`](Self::update). Returns whether the object changed.
    pub fn remove_finalizer<T: Stored>(&mut self, name: &str, finalizer: &str) -> Result<bool, StoreError> {
        let Some(current) = T::map_mut(self).get_mut(name) else {
            return Err(StoreError::NotFound(format!("{} \"{name}\" not found", T::RESOURCE)));
        };
        if !current.meta().finalizers.iter().any(|f| f == finalizer) {
            return Ok(false);
        }
        let Some(only) = Rc::get_mut(current) else {
            return self.update::<T>(name, |o| o.meta_mut().finalizers.retain(|f| f != finalizer));
        };
        only.meta_mut().finalizers.retain(|f| f != finalizer);
        let new = current.clone();
        self.push(T::change(Watch::MetadataUpdated(new)));
        Ok(true)
    }

    /// Removes the named object now, returning it.
    pub fn delete<T: Stored>(&mut self, name: &str) -> Result<Rc<T>, StoreError> {
        let Some(gone) = T::map_mut(self).remove(name) else {
            return Err(StoreError::NotFound(format!("{} \"{name}\" not found", T::RESOURCE)));
        };
        self.push(T::change(Watch::Deleted(gone.clone())));
        Ok(gone)
    }

    /// The UID the next created object will get.
    pub fn next_uid(&self) -> std::borrow::Cow<'_, str> {
        if self.next_uid.is_empty() {
            uid(self.uids + 1).into()
        } else {
            self.next_uid.as_str().into()
        }
    }

    /// A UID for a new object.
    fn take_uid(&mut self) -> String {
        self.uids += 1;
        let current = std::mem::replace(&mut self.next_uid, uid(self.uids + 1));
        if current.is_empty() {
            uid(self.uids)
        } else {
            current
        }
    }

    /// The watch events of the writes since the last call, in order.
    pub fn take_changes(&mut self) -> Vec<Change> {
        std::mem::take(&mut self.changes)
    }

    /// Moves the watch events of the writes since the last call into `into` (empty), keeping the
    /// store's buffer for the next writes: delivery runs after every step, so reusing the two
    /// buffers saves an allocation each time.
    pub fn swap_changes(&mut self, into: &mut Vec<Change>) {
        debug_assert!(into.is_empty());
        std::mem::swap(&mut self.changes, into);
    }

    /// Pods whose controller ownerReference is the Job with this UID.
    pub fn pods_of_job<'a>(&'a self, job_uid: &'a str) -> impl Iterator<Item = &'a Pod> + 'a {
        let names = self.pods_by_owner.get(job_uid).into_iter().flatten();
        let pods = names.filter_map(|name| self.pods.get(name)).map(|p| &**p);
        pods.filter(move |p| p.metadata.controller_of().is_some_and(|r| r.uid == job_uid))
    }

    /// The Jobs whose controller ownerReference names `owner` (any kind, any UID), in name order.
    pub fn jobs_controlled_by_name<'a>(&'a self, owner: &'a str) -> impl Iterator<Item = &'a Job> + 'a {
        let names = self.jobs_by_owner.get(owner).into_iter().flatten();
        let jobs = names.filter_map(|name| self.jobs.get(name)).map(|j| &**j);
        jobs.filter(move |j| j.metadata.controller_of().is_some_and(|r| r.name == owner))
    }

    /// The Jobs whose controller ownerReference has the UID `owner` (any kind, any name), in name
    /// order.
    pub fn jobs_controlled_by_uid<'a>(&'a self, owner: &'a str) -> impl Iterator<Item = &'a Job> + 'a {
        let names = self.jobs_by_owner_uid.get(owner).into_iter().flatten();
        let jobs = names.filter_map(|name| self.jobs.get(name)).map(|j| &**j);
        jobs.filter(move |j| j.metadata.controller_of().is_some_and(|r| r.uid == owner))
    }

    /// Records a watch event for the informers, keeping the owner indexes up to date.
    fn push(&mut self, change: Change) {
        self.index(&change);
        self.changes.push(change);
    }

    /// Updates the owner indexes for a write.
    fn index(&mut self, change: &Change) {
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
            let name = s.create(p, now()).unwrap();
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
        // carries the old status; the spec edit stored a new version.
        assert!(
            matches!(&changes[..], [Change::Job(Watch::StatusUpdated { old, new }), Change::Job(Watch::Updated { old: before_edit, .. })]
            if old.active == 0 && new.status.active == 1 && before_edit.status.active == 1 && before_edit.spec.suspend.is_none())
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
    fn uids_have_twelve_hex_digits_at_least() {
        assert_eq!(uid(1), "00000000-0000-4000-8000-000000000001");
        assert_eq!(uid(0xabc_def0_1234), "00000000-0000-4000-8000-0abcdef01234");
        assert_eq!(uid(0x1_0000_0000_0000), "00000000-0000-4000-8000-1000000000000");
        assert_eq!(uid(u64::MAX), format!("00000000-0000-4000-8000-{:012x}", u64::MAX));
        for n in [0, 15, 16, 255, 1 << 40, (1 << 48) - 1] {
            assert_eq!(uid(n), format!("00000000-0000-4000-8000-{n:012x}"));
        }
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
}
