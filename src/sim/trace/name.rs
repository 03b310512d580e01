//! Object names shared between the work queues and the records that mention them.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::alloc::{self, Layout};
use std::borrow::Borrow;
use std::cell::Cell;
use std::cmp::Ordering;
use std::fmt;
use std::marker::PhantomData;
use std::ptr::NonNull;

/// An object's name, shared: the controllers' work queues hold it, and the syncs and Events the
/// trace records about the object point to the same text instead of each keeping a copy.
/// Reads and compares as the `str` it is (two handles on one shared copy are equal without
/// reading it: most keys a map compares are); serializes as a string.
///
/// One pointer (8 bytes, and `Option<Name>` too, where an `Rc<str>` takes 16) to a block holding
/// the count of handles, the length and the text: a year of a minutely CronJob keeps a Job's and
/// a Pod's name in seven records each.
///
/// ```
/// use cronjob_playground::sim::trace::Name;
/// let name = Name::from("backup");
/// assert!(name == "backup" && name.len() == 6);
/// assert_eq!(serde_json::to_string(&name).unwrap(), r#""backup""#);
/// ```
pub struct Name {
    block: NonNull<Header>,
    /// Shared without synchronisation, as an `Rc` is: neither `Send` nor `Sync`.
    shared: PhantomData<std::rc::Rc<str>>,
}

/// The start of a name's block; the text's bytes follow it.
#[repr(C)]
struct Header {
    handles: Cell<u32>,
    len: u32,
}

impl Name {
    /// The block of a `len`-byte text.
    fn layout(len: usize) -> Layout {
        Layout::from_size_align(size_of::<Header>() + len, align_of::<Header>()).expect("a name's block fits")
    }

    fn header(&self) -> &Header {
        // SAFETY: `block` points to a live, initialised header while any handle exists.
        unsafe { self.block.as_ref() }
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        let len = self.header().len as usize;
        // SAFETY: the block holds `len` bytes of UTF-8 right after its header (copied from a `str`
        // in `From<&str>`, never written again) for as long as this handle lives.
        unsafe {
            let text = self.block.as_ptr().cast::<u8>().add(size_of::<Header>());
            std::str::from_utf8_unchecked(std::slice::from_raw_parts(text, len))
        }
    }
}

impl From<&str> for Name {
    fn from(name: &str) -> Self {
        let len = u32::try_from(name.len()).expect("a name shorter than 4 GiB");
        let layout = Name::layout(name.len());
        // SAFETY: the layout is never zero-sized (it holds the header); the header is written
        // before any read and the text is copied into the bytes after it, which the layout
        // allocated and `name` cannot overlap.
        unsafe {
            let Some(block) = NonNull::new(alloc::alloc(layout).cast::<Header>()) else {
                alloc::handle_alloc_error(layout)
            };
            block.as_ptr().write(Header { handles: Cell::new(1), len });
            let text = block.as_ptr().cast::<u8>().add(size_of::<Header>());
            std::ptr::copy_nonoverlapping(name.as_ptr(), text, name.len());
            Name { block, shared: PhantomData }
        }
    }
}

impl Clone for Name {
    fn clone(&self) -> Self {
        let handles = &self.header().handles;
        handles.set(handles.get().checked_add(1).expect("fewer than 2^32 handles on a name"));
        Name { block: self.block, shared: PhantomData }
    }
}

impl Drop for Name {
    fn drop(&mut self) {
        let header = self.header();
        let (handles, len) = (header.handles.get() - 1, header.len as usize);
        header.handles.set(handles);
        if handles == 0 {
            // SAFETY: this was the last handle: nothing reads the block again, which was allocated
            // with this very layout (its length never changes).
            unsafe { alloc::dealloc(self.block.as_ptr().cast(), Name::layout(len)) }
        }
    }
}

impl PartialEq for Name {
    fn eq(&self, other: &Self) -> bool {
        self.block == other.block || self.as_str() == other.as_str()
    }
}

impl Eq for Name {}

impl PartialOrd for Name {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Name {
    fn cmp(&self, other: &Self) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

/// Hashes as the `str`, so maps keyed by names are looked up by `&str` too.
impl std::hash::Hash for Name {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}

impl std::ops::Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for Name {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Name {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl From<&Name> for Name {
    fn from(name: &Name) -> Self {
        name.clone()
    }
}

impl From<&String> for Name {
    fn from(name: &String) -> Self {
        Name::from(name.as_str())
    }
}

impl From<String> for Name {
    fn from(name: String) -> Self {
        Name::from(name.as_str())
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Name {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == *other
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Name {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Name {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(Name::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_one_pointer_shared_by_its_handles() {
        assert_eq!((size_of::<Name>(), size_of::<Option<Name>>()), (8, 8));
        let name = Name::from("backup-29014860");
        let other = name.clone();
        assert_eq!(name.header().handles.get(), 2);
        drop(other);
        assert_eq!((name.header().handles.get(), name.as_str()), (1, "backup-29014860"));
        let (empty, again, later) = (Name::from(""), Name::from(String::from("backup-29014860")), Name::from("c"));
        assert!(empty.is_empty() && again == name && again < later && empty < name);
        let mut names: std::collections::HashSet<Name> = [name.clone(), empty].into_iter().collect();
        assert!(names.remove("backup-29014860") && names.contains(""));
    }
}
