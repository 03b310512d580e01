//! Object names shared between the work queues and the records that mention them.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Borrow;
use std::fmt;
use std::rc::Rc;

/// An object's name, shared: the controllers' work queues hold it, and the syncs and Events the
/// trace records about the object point to the same text instead of each keeping a copy.
/// Reads and compares as the `str` it is (two handles on one shared copy are equal without
/// reading it: most keys a map compares are); serializes as a string.
///
/// ```
/// use cronjob_playground::sim::trace::Name;
/// let name = Name::from("backup");
/// assert!(name == "backup" && name.len() == 6);
/// assert_eq!(serde_json::to_string(&name).unwrap(), r#""backup""#);
/// ```
#[derive(Clone, Eq, PartialOrd, Ord)]
pub struct Name(Rc<str>);

impl PartialEq for Name {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0) || self.0 == other.0
    }
}

/// Hashes as the `str`, so maps keyed by names are looked up by `&str` too.
impl std::hash::Hash for Name {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state)
    }
}

impl Name {
    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::ops::Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for Name {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Name {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl From<&Name> for Name {
    fn from(name: &Name) -> Self {
        name.clone()
    }
}

impl From<&str> for Name {
    fn from(name: &str) -> Self {
        Name(Rc::from(name))
    }
}

impl From<&String> for Name {
    fn from(name: &String) -> Self {
        Name(Rc::from(name.as_str()))
    }
}

impl From<String> for Name {
    fn from(name: String) -> Self {
        Name(Rc::from(name))
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        *self.0 == *other
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<String> for Name {
    fn eq(&self, other: &String) -> bool {
        *self.0 == **other
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for Name {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Name {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(Name::from)
    }
}
