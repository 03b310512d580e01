//! Decoding a YAML node tree into the typed objects the way the API server decodes a kubectl
//! request: YAML 1.1 scalars are converted for the target type as `sigs.k8s.io/yaml` does
//! (`yes`/`on` are booleans for boolean fields; for string fields any plain scalar is its text,
//! booleans written `true`/`false`), type mismatches are `encoding/json` errors
//! (`json: cannot unmarshal string into Go struct field CronJobSpec.spec.suspend of type bool`),
//! and unknown or duplicate fields are collected rather than dropped (strict field validation).
//!
//! Fields Kubernetes has but the simulation does not model (volumes, probes, …) are skipped
//! quietly; fields that did not exist yet in the chosen Kubernetes release are unknown, and
//! fields whose feature gate was alpha (off by default) are dropped with a warning, as the API
//! server dropped them.

use super::yaml::{Node, NodeKind, Pos};
use super::KubernetesVersion;
use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;

mod deserializer;
mod fields;
mod json;
mod read_note;
mod scalar;
mod schema;

use deserializer::Field;
use fields::join;
use json::from_json;
pub use json::to_json;
pub use read_note::ReadNote;
use scalar::as_string;
pub use scalar::{resolve, Scalar};
use schema::{go_named_type, go_slice_type, introduced, openapi_name, unmodelled};

/// A decoding failure that stops the object (a type mismatch), as `encoding/json` reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    pub message: String,
    pub pos: Option<Pos>,
    /// The field path (`spec.suspend`), when known.
    pub path: Option<String>,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DecodeError {}

impl de::Error for DecodeError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        DecodeError { message: msg.to_string(), pos: None, path: None }
    }
}

/// A field the strict decoder objects to without stopping.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrictIssue {
    /// The field's path, `spec.foo`.
    pub path: String,
    /// `unknown field "spec.foo"` or `duplicate field "spec.schedule"`.
    pub message: String,
    /// The OpenAPI-style location kubectl's client-side validation names (used before 1.25).
    pub client_message: String,
    pub pos: Pos,
}

/// Values of enumerated fields (`concurrencyPolicy`, `restartPolicy`…) that are outside their
/// sets, by field path, in document order: validation reports them as `Unsupported value`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Unsupported {
    order: Vec<String>,
    values: HashMap<String, String>,
}

impl Unsupported {
    fn insert(&mut self, path: String, value: String) {
        if self.values.insert(path.clone(), value).is_none() {
            self.order.push(path);
        }
    }

    /// The text written at `path`, if it was outside the field's set.
    pub fn get(&self, path: &str) -> Option<&str> {
        self.values.get(path).map(String::as_str)
    }

    /// Forgets an empty text at `path` (Go defaulting treats `""` as unset); whether there was one.
    pub fn take_empty(&mut self, path: &str) -> bool {
        let empty = self.get(path) == Some("");
        if empty {
            self.values.remove(path);
        }
        empty
    }

    /// The entries not forgotten, in document order.
    pub fn into_entries(mut self) -> impl Iterator<Item = (String, String)> {
        self.order.into_iter().filter_map(move |path| self.values.remove(&path).map(|value| (path, value)))
    }
}

/// What decoding found besides the object.
#[derive(Debug, Default)]
pub struct Findings {
    pub strict: Vec<StrictIssue>,
    pub unsupported: Unsupported,
    /// What the reading did quietly (keys written twice, dropped fields), in document order.
    pub notes: Vec<ReadNote>,
}

/// Decodes `node` as a `T`, with the field rules of `version`. `beta_cronjob` selects the
/// `batch/v1beta1` CronJob schema (no `status.lastSuccessfulTime`).
///
/// `json_text` says the document was written as JSON: kubectl sends JSON documents to the API
/// server as written, so duplicate keys meet strict field validation; YAML documents it first
/// converts to JSON (`sigs.k8s.io/yaml`, go-yaml v2), which keeps the last of duplicate keys
/// without a word, in every release — here they are merged the same way, with a warning.
///
/// `gates` are the API server's feature gates switched from the release's defaults: a field of a
/// gate switched on is kept in its alpha release, one switched off is dropped.
pub fn decode<T: de::DeserializeOwned>(
    node: &Node,
    version: KubernetesVersion,
    gates: &[(&str, bool)],
    beta_cronjob: bool,
    json_text: bool,
) -> (Result<T, DecodeError>, Findings) {
    let gates = gates.iter().map(|&(g, on)| (g.to_owned(), on)).collect();
    decode_node(
        node,
        Ctx { version, gates, beta_cronjob, json: false, json_text, findings: RefCell::new(Findings::default()) },
    )
}

/// Decodes a JSON value (a patched object, a Simulation document) as a `T` by the same rules,
/// except that scalars keep their JSON types as `encoding/json` reads them: a number or a
/// boolean is not a string (`json: cannot unmarshal number into Go struct field
/// CronJobSpec.spec.schedule of type string`). Errors carry no position.
///
/// ```
/// use cronjob_playground::api::{decode::decode_json, CronJob, KubernetesVersion};
/// let doc = serde_json::json!({"spec": {"schedule": 5}});
/// let (result, _) = decode_json::<CronJob>(&doc, KubernetesVersion::NEWEST);
/// assert_eq!(result.unwrap_err().message,
///     "json: cannot unmarshal number into Go struct field CronJobSpec.spec.schedule of type string");
/// ```
pub fn decode_json<T: de::DeserializeOwned>(
    value: &serde_json::Value,
    version: KubernetesVersion,
) -> (Result<T, DecodeError>, Findings) {
    let ctx = Ctx {
        version,
        gates: Vec::new(),
        beta_cronjob: false,
        json: true,
        json_text: true,
        findings: RefCell::new(Findings::default()),
    };
    let (result, findings) = decode_node(&from_json(value), ctx);
    (result.map_err(|e| DecodeError { pos: None, ..e }), findings)
}

fn decode_node<T: de::DeserializeOwned>(node: &Node, ctx: Ctx) -> (Result<T, DecodeError>, Findings) {
    let de = De { node, ctx: &ctx, path: String::new(), go_path: String::new(), struct_name: "", field: "" };
    let result = T::deserialize(de).map_err(|e| DecodeError { pos: e.pos.or(Some(node.pos)), ..e });
    (result, ctx.findings.into_inner())
}

struct Ctx {
    version: KubernetesVersion,
    /// Feature gates switched from the release's defaults.
    gates: Vec<(String, bool)>,
    beta_cronjob: bool,
    /// Scalars are JSON's (typed), not YAML's (converted for the target type).
    json: bool,
    /// The document was JSON text (duplicate keys reach the API server).
    json_text: bool,
    findings: RefCell<Findings>,
}

#[derive(Clone)]
struct De<'n, 'c> {
    node: &'n Node,
    ctx: &'c Ctx,
    /// `spec.containers[0].name`
    path: String,
    /// `spec.containers.name`, as Go's `UnmarshalTypeError.Field` names it.
    go_path: String,
    struct_name: &'static str,
    field: &'n str,
}
