//! Lists a Pod's record holds that are short or empty almost always (its restarts, its init
//! containers, its exit codes), kept in less room than a `Vec`'s 24 bytes: a year of a minutely
//! CronJob records half a million Pods, nearly all with no restart, no init container and one
//! exit code.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::{Deref, DerefMut};

/// A list that is usually empty: one pointer (8 bytes, no allocation while empty). Reads as the
/// slice it holds; serializes as a sequence, the way a `Vec` does.
///
/// ```
/// use cronjob_playground::sim::trace::Few;
/// let mut few = Few::default();
/// assert!(few.is_empty() && std::mem::size_of::<Few<String>>() == 8);
/// few.push("sidecar".to_string());
/// assert_eq!((few.len(), &*few[0]), (1, "sidecar"));
/// assert_eq!(serde_json::to_string(&few).unwrap(), r#"["sidecar"]"#);
/// ```
// Boxed: a `Vec` in place would be 24 bytes in every record, the box is 8 (and none while empty).
#[allow(clippy::box_collection)]
#[derive(Clone)]
pub struct Few<T>(Option<Box<Vec<T>>>);

impl<T> Few<T> {
    /// Appends `item`.
    pub fn push(&mut self, item: T) {
        self.0.get_or_insert_with(Box::default).push(item);
    }

    /// Whether the list is empty (for `skip_serializing_if`).
    pub fn is_empty(&self) -> bool {
        self.0.as_ref().is_none_or(|v| v.is_empty())
    }

    /// The items.
    pub fn as_slice(&self) -> &[T] {
        self
    }

    /// Forgets every item.
    pub fn clear(&mut self) {
        self.0 = None;
    }
}

impl<T> Default for Few<T> {
    fn default() -> Self {
        Few(None)
    }
}

impl<T> Deref for Few<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.0.as_deref().map_or(&[], Vec::as_slice)
    }
}

impl<T> DerefMut for Few<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        self.0.as_deref_mut().map_or(&mut [], Vec::as_mut_slice)
    }
}

impl<T> From<Vec<T>> for Few<T> {
    fn from(items: Vec<T>) -> Self {
        Few((!items.is_empty()).then(|| Box::new(items)))
    }
}

impl<T> FromIterator<T> for Few<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        Few::from(Vec::from_iter(items))
    }
}

impl<'a, T> IntoIterator for &'a Few<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Equal when they hold the same items.
impl<T: PartialEq> PartialEq for Few<T> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: fmt::Debug> fmt::Debug for Few<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl<T: Serialize> Serialize for Few<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Few<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Vec::deserialize(deserializer).map(Few::from)
    }
}

/// The exit codes of a Pod's (or an init container's) instances, in order: the one code of a
/// container that ran once is kept in place (16 bytes, no allocation), more than one apart.
/// Reads as the slice of codes; serializes as their sequence.
///
/// ```
/// use cronjob_playground::sim::trace::ExitCodes;
/// let mut codes = ExitCodes::default();
/// codes.push(1);
/// assert_eq!(&*codes, &[1]);
/// codes.push(0);
/// assert_eq!((&*codes, codes.last()), (&[1, 0][..], Some(&0)));
/// assert_eq!(serde_json::to_string(&codes).unwrap(), "[1,0]");
/// ```
// Boxed for the same reason as [`Few`]'s list.
#[allow(clippy::box_collection)]
#[derive(Clone, Default)]
pub enum ExitCodes {
    #[default]
    None,
    One(i32),
    More(Box<Vec<i32>>),
}

impl ExitCodes {
    /// Appends `code`.
    pub fn push(&mut self, code: i32) {
        *self = match std::mem::take(self) {
            ExitCodes::None => ExitCodes::One(code),
            ExitCodes::One(first) => ExitCodes::More(Box::new(vec![first, code])),
            ExitCodes::More(mut codes) => {
                codes.push(code);
                ExitCodes::More(codes)
            }
        };
    }

    /// The codes.
    pub fn as_slice(&self) -> &[i32] {
        self
    }
}

impl Deref for ExitCodes {
    type Target = [i32];
    fn deref(&self) -> &[i32] {
        match self {
            ExitCodes::None => &[],
            ExitCodes::One(code) => std::slice::from_ref(code),
            ExitCodes::More(codes) => codes,
        }
    }
}

impl DerefMut for ExitCodes {
    fn deref_mut(&mut self) -> &mut [i32] {
        match self {
            ExitCodes::None => &mut [],
            ExitCodes::One(code) => std::slice::from_mut(code),
            ExitCodes::More(codes) => codes,
        }
    }
}

impl From<Vec<i32>> for ExitCodes {
    fn from(codes: Vec<i32>) -> Self {
        match codes[..] {
            [] => ExitCodes::None,
            [code] => ExitCodes::One(code),
            _ => ExitCodes::More(Box::new(codes)),
        }
    }
}

impl FromIterator<i32> for ExitCodes {
    fn from_iter<I: IntoIterator<Item = i32>>(codes: I) -> Self {
        ExitCodes::from(Vec::from_iter(codes))
    }
}

/// Equal when they hold the same codes.
impl PartialEq for ExitCodes {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<const N: usize> PartialEq<[i32; N]> for ExitCodes {
    fn eq(&self, other: &[i32; N]) -> bool {
        **self == *other
    }
}

impl fmt::Debug for ExitCodes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl Serialize for ExitCodes {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for ExitCodes {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Vec::deserialize(deserializer).map(ExitCodes::from)
    }
}
