//! Object metadata and references shared by every kind: the subset of
//! `k8s.io/apimachinery/pkg/apis/meta/v1` (`ObjectMeta`, `OwnerReference`, `LabelSelector`) and
//! `k8s.io/api/core/v1.ObjectReference` that the controllers read or write.
//!
//! `resourceVersion`, `managedFields` and `selfLink` are not modelled: the simulation has no
//! optimistic concurrency. Times are `DateTime<Utc>` and serialise as RFC 3339.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// A field whose text is almost always one of a few fixed words (`apiVersion` and `kind` of the
/// objects the controllers build, their owners and references): those are borrowed, so building
/// or copying an object allocates nothing for them; text read from a manifest is owned. It
/// serialises as the same string either way.
pub type Word = Cow<'static, str>;

/// `skip_serializing_if` for a [`Word`]: Go's `omitempty` on a string.
pub(crate) fn is_empty_word(w: &Word) -> bool {
    w.is_empty()
}

/// `metav1.ObjectMeta`, the fields the controllers read and write.
///
/// ```
/// use cronjob_playground::api::ObjectMeta;
/// let meta: ObjectMeta = serde_json::from_str(
///     r#"{"name": "hello", "namespace": "default", "creationTimestamp": "2016-05-19T10:00:00Z"}"#,
/// ).unwrap();
/// assert_eq!(meta.name, "hello");
/// assert_eq!(
///     serde_json::to_string(&meta).unwrap(),
///     r#"{"name":"hello","namespace":"default","creationTimestamp":"2016-05-19T10:00:00Z"}"#
/// );
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectMeta {
    /// `metadata.name`; empty when only `generateName` is given.
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "String::is_empty")]
    pub name: String,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "String::is_empty")]
    pub generate_name: String,
    /// Empty means the request's namespace (`default` in the simulation).
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "String::is_empty")]
    pub namespace: String,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "String::is_empty")]
    pub uid: String,
    /// Bumped by the API server on every spec change; the Job controller syncs on generation changes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generation: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creation_timestamp: Option<DateTime<Utc>>,
    /// Set when a graceful deletion has begun (the object is "terminating").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deletion_timestamp: Option<DateTime<Utc>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deletion_grace_period_seconds: Option<i64>,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "BTreeMap::is_empty")]
    pub annotations: BTreeMap<String, String>,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "Vec::is_empty")]
    pub owner_references: Vec<OwnerReference>,
    /// Mostly the controllers' fixed words (`batch.kubernetes.io/job-tracking` on every pod of a
    /// Job), borrowed rather than allocated for each object.
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "Vec::is_empty")]
    pub finalizers: Vec<Word>,
}

/// The alphabet of the API server's random name suffixes (apimachinery `util/rand`
/// `alphanums`: no vowels, so no words; no `0`, `1`, `3`, which look like letters).
const NAME_ALPHABET: &[u8] = b"bcdfghjklmnpqrstvwxz2456789";

/// How much of a `generateName` prefix is kept: names are at most 63 characters and the
/// suffix takes 5 (apiserver `storage/names`, `maxGeneratedNameLength`).
const MAX_GENERATED_PREFIX: usize = 63 - 5;

/// The name the API server gives an object created with `generateName` (`SimpleNameGenerator`:
/// the prefix, cut to 58 characters, and 5 characters of `NAME_ALPHABET`). The API server draws
/// the suffix at random; here `seed` picks it, so the same input always gives the same name.
/// Distinct seeds below 27⁵ give distinct suffixes (an affine bijection over the 14 348 907
/// possible suffixes).
///
/// ```
/// use cronjob_playground::api::generated_name;
/// let name = generated_name("db-migrate-", 1);
/// assert!(name.starts_with("db-migrate-") && name.len() == 16);
/// assert_ne!(name, generated_name("db-migrate-", 2));
/// assert_eq!(generated_name(&"x".repeat(70), 1).len(), 63);
/// ```
pub fn generated_name(prefix: &str, seed: u64) -> String {
    const SPACE: u64 = 27 * 27 * 27 * 27 * 27;
    let mut n = (seed % SPACE * 7_777_777 + 1_234_567) % SPACE;
    // A prefix of at most that many bytes has at most that many characters: no walk needed.
    let cut = if prefix.len() <= MAX_GENERATED_PREFIX {
        prefix.len()
    } else {
        prefix.char_indices().nth(MAX_GENERATED_PREFIX).map_or(prefix.len(), |(i, _)| i)
    };
    let mut name = String::with_capacity(cut + 5);
    name.push_str(&prefix[..cut]);
    for _ in 0..5 {
        name.push(NAME_ALPHABET[(n % 27) as usize] as char);
        n /= 27;
    }
    name
}

impl ObjectMeta {
    /// The owner reference with `controller: true`, as `metav1.GetControllerOf` returns it.
    pub fn controller_of(&self) -> Option<&OwnerReference> {
        self.owner_references.iter().find(|r| r.controller == Some(true))
    }
}

/// `metav1.OwnerReference`: who owns an object (a CronJob owns its Jobs, a Job its Pods).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OwnerReference {
    pub api_version: Word,
    pub kind: Word,
    pub name: String,
    #[serde(default, deserialize_with = "null_as_default")]
    pub uid: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub controller: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block_owner_deletion: Option<bool>,
}

/// `corev1.ObjectReference`, as listed in `CronJobStatus.active`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectReference {
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "is_empty_word")]
    pub kind: Word,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "String::is_empty")]
    pub namespace: String,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "String::is_empty")]
    pub name: String,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "String::is_empty")]
    pub uid: String,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "is_empty_word")]
    pub api_version: Word,
}

/// `metav1.LabelSelector` (a Job's `spec.selector`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LabelSelector {
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "BTreeMap::is_empty")]
    pub match_labels: BTreeMap<String, String>,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "Vec::is_empty")]
    pub match_expressions: Vec<LabelSelectorRequirement>,
}

/// One `matchExpressions` entry of a [`LabelSelector`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LabelSelectorRequirement {
    pub key: String,
    /// `In`, `NotIn`, `Exists` or `DoesNotExist`; kept as text because validation reports other values.
    pub operator: String,
    #[serde(default, deserialize_with = "null_as_default", skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<String>,
}

/// `corev1.ConditionStatus`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ConditionStatus {
    #[default]
    True,
    False,
    Unknown,
}

pub(crate) fn is_zero(n: &i32) -> bool {
    *n == 0
}

/// Go's JSON decoder leaves a field at its zero value when the input has `null` (a nil slice or
/// map is written as `null`); serde's `default` covers only absent fields, this covers `null`.
pub(crate) fn null_as_default<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Default + Deserialize<'de>,
{
    Ok(Option::<T>::deserialize(d)?.unwrap_or_else(zero))
}

/// `T::default()`, kept out of line: the zero values of the large specs are long runs of
/// stores that would otherwise be repeated in every decoder that defaults one (the default of
/// the struct-typed fields, and of `null_as_default`).
#[inline(never)]
pub(crate) fn zero<T: Default>() -> T {
    T::default()
}
