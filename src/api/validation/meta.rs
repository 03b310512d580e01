//! `ValidateObjectMeta` for namespaced objects named like ReplicationControllers (DNS-1123
//! subdomains), and the label and annotation checks (`pkg/apis/core/validation`,
//! `apimachinery/pkg/apis/meta/v1/validation`).

use super::names;
use super::Checker;
use crate::api::field_error::{BadValue, FieldError};
use crate::api::ObjectMeta;
use std::collections::BTreeMap;

/// Annotations may hold at most 256 KiB in total (`TotalAnnotationSizeLimitB`).
const ANNOTATIONS_LIMIT: usize = 256 * 1024;

/// `ValidateObjectMeta(meta, namespaced=true, ValidateReplicationControllerName, "metadata")`.
pub fn object_meta(c: &mut Checker, meta: &ObjectMeta) {
    if !meta.generate_name.is_empty() {
        let masked = meta.generate_name.trim_end_matches('-');
        let masked = if masked.len() < meta.generate_name.len() { format!("{masked}a") } else { masked.to_string() };
        for msg in names::dns1123_subdomain(&masked) {
            c.push(FieldError::invalid("metadata.generateName", BadValue::str(&meta.generate_name), msg));
        }
    }
    if meta.name.is_empty() && meta.generate_name.is_empty() {
        c.push(FieldError::required("metadata.name", "name or generateName is required"));
    } else if !meta.name.is_empty() {
        for msg in names::dns1123_subdomain(&meta.name) {
            c.push(FieldError::invalid("metadata.name", BadValue::str(&meta.name), msg));
        }
    }
    if meta.namespace.is_empty() {
        c.push(FieldError::required("metadata.namespace", ""));
    } else {
        for msg in names::dns1123_label(&meta.namespace) {
            c.push(FieldError::invalid("metadata.namespace", BadValue::str(&meta.namespace), msg));
        }
    }
    if let Some(generation) = meta.generation {
        FieldError::check_nonnegative("metadata.generation", generation, &mut c.outcome.errors);
    }
    labels(c, &meta.labels, "metadata.labels");
    annotations(c, &meta.annotations, "metadata.annotations");
}

/// The part of `ValidateObjectMetaUpdate` that can fail here: the new labels and annotations
/// (name, namespace and uid cannot change because objects are matched by name).
pub fn object_meta_update(c: &mut Checker, meta: &ObjectMeta) {
    labels(c, &meta.labels, "metadata.labels");
    annotations(c, &meta.annotations, "metadata.annotations");
}

/// `ValidateLabels`.
pub fn labels(c: &mut Checker, labels: &BTreeMap<String, String>, path: &str) {
    for (key, value) in labels {
        for msg in names::qualified_name(key) {
            c.push(FieldError::invalid(path, BadValue::str(key), msg));
        }
        for msg in names::label_value(value) {
            c.push(FieldError::invalid(path, BadValue::str(value), msg));
        }
    }
}

/// `ValidateAnnotations`.
pub fn annotations(c: &mut Checker, annotations: &BTreeMap<String, String>, path: &str) {
    let mut total = 0;
    for (key, value) in annotations {
        for msg in names::qualified_name(&key.to_lowercase()) {
            c.push(FieldError::invalid(path, BadValue::str(key), msg));
        }
        total += key.len() + value.len();
    }
    if total > ANNOTATIONS_LIMIT {
        c.push(FieldError::too_long(path, ANNOTATIONS_LIMIT));
    }
}
