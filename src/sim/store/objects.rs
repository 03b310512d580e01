//! The objects of one kind as the store holds them: each stored version in a numbered slot, the
//! slot found by name through a hash map. The owner indexes keep slot numbers, so listing the
//! Jobs of a CronJob or the pods of a Job reaches each object without hashing its name again.
//! A slot freed by a delete is reused by a later create (the indexes let go of it first).
//!
//! Each slot keeps its object's name as a shared [`Name`], the copy the watch events carry: the
//! informer handlers and the trace take it from there instead of looking the text up again.

use crate::sim::fast_hash::FastMap;
use crate::sim::trace::Name;
use std::collections::hash_map::Entry;
use std::rc::Rc;

/// A slot number, valid while its object exists.
pub(crate) type Slot = u32;

/// The objects of one kind by name, found by hash; listed in name order when asked for all.
#[derive(Clone, Debug)]
pub struct Objects<T> {
    by_name: FastMap<Name, Slot>,
    slots: Vec<Option<(Name, Rc<T>)>>,
    free: Vec<Slot>,
}

impl<T> Default for Objects<T> {
    fn default() -> Self {
        Objects { by_name: FastMap::default(), slots: Vec::new(), free: Vec::new() }
    }
}

impl<T> Objects<T> {
    /// The slot of the object named `name`.
    pub(super) fn slot(&self, name: &str) -> Option<Slot> {
        self.by_name.get(name).copied()
    }

    /// The object in a live slot.
    pub(super) fn at(&self, slot: Slot) -> &Rc<T> {
        &self.named(slot).1
    }

    /// The name and object in a live slot.
    pub(super) fn named(&self, slot: Slot) -> &(Name, Rc<T>) {
        self.slots[slot as usize].as_ref().expect("a live slot")
    }

    /// The object in a live slot, to replace or change in place.
    pub(super) fn at_mut(&mut self, slot: Slot) -> &mut Rc<T> {
        &mut self.slots[slot as usize].as_mut().expect("a live slot").1
    }

    pub(super) fn get(&self, name: &str) -> Option<&Rc<T>> {
        self.slot(name).map(|s| self.at(s))
    }

    pub(super) fn len(&self) -> usize {
        self.by_name.len()
    }

    /// Every object with its name, in no particular order.
    pub(super) fn iter(&self) -> impl Iterator<Item = (&Name, &Rc<T>)> {
        self.by_name.iter().map(|(name, &slot)| (name, self.at(slot)))
    }

    /// Stores a new object under `name` unless an object has that name (then it is given back),
    /// and returns its slot. The name is hashed once for the check and the insert; `admit`
    /// (what the API server sets on a new object) runs only once the name is known to be free.
    pub(super) fn insert(&mut self, name: Name, mut object: T, admit: impl FnOnce(&mut T)) -> Result<Slot, T> {
        let Entry::Vacant(place) = self.by_name.entry(name.clone()) else { return Err(object) };
        admit(&mut object);
        let object = Some((name, Rc::new(object)));
        let slot = match self.free.pop() {
            Some(slot) => {
                self.slots[slot as usize] = object;
                slot
            }
            None => {
                self.slots.push(object);
                Slot::try_from(self.slots.len() - 1).expect("fewer than 2^32 objects")
            }
        };
        place.insert(slot);
        Ok(slot)
    }

    /// Removes the object named `name`, returning its slot (free from now on), its shared name
    /// and the object.
    pub(super) fn remove(&mut self, name: &str) -> Option<(Slot, Name, Rc<T>)> {
        let slot = self.by_name.remove(name)?;
        let (name, object) = self.slots[slot as usize].take().expect("a live slot");
        self.free.push(slot);
        Some((slot, name, object))
    }
}
