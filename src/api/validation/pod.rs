//! `ValidatePodTemplateSpec` for the fields modelled here: template labels and annotations,
//! containers (name and image), and `restartPolicy` (`pkg/apis/core/validation/validation.go`).

use super::meta::{annotations, labels};
use super::names;
use super::Checker;
use crate::api::field_error::{BadValue, FieldError};
use crate::api::{Container, PodTemplateSpec};
use std::collections::HashSet;

/// Validates a pod template at `path` (`spec.template` or `spec.jobTemplate.spec.template`).
/// `restart_policy` is the policy's text after defaulting.
pub fn pod_template(c: &mut Checker, template: &PodTemplateSpec, path: &str, restart_policy: &str) {
    labels(c, &template.metadata.labels, &format!("{path}.labels"));
    annotations(c, &template.metadata.annotations, &format!("{path}.annotations"));
    let spec = format!("{path}.spec");
    let mut names_seen: HashSet<&str> = HashSet::new();
    containers(c, &template.spec.containers, &format!("{spec}.containers"), &mut names_seen, true);
    containers(c, &template.spec.init_containers, &format!("{spec}.initContainers"), &mut names_seen, false);
    match restart_policy {
        "Always" | "OnFailure" | "Never" => {}
        "" => c.push(FieldError::required(format!("{spec}.restartPolicy"), "")),
        other => {
            c.push(FieldError::not_supported(format!("{spec}.restartPolicy"), other, &["Always", "OnFailure", "Never"]))
        }
    }
}

fn containers<'a>(c: &mut Checker, list: &'a [Container], path: &str, seen: &mut HashSet<&'a str>, required: bool) {
    if list.is_empty() && required {
        c.push(FieldError::required(path, ""));
        return;
    }
    for (i, container) in list.iter().enumerate() {
        let name_path = format!("{path}[{i}].name");
        if container.name.is_empty() {
            c.push(FieldError::required(&name_path, ""));
        } else {
            for msg in names::dns1123_label(&container.name) {
                c.push(FieldError::invalid(&name_path, BadValue::str(&container.name), msg));
            }
        }
        if container.image.is_empty() {
            c.push(FieldError::required(format!("{path}[{i}].image"), ""));
        }
        if !seen.insert(&container.name) {
            c.push(FieldError::duplicate(&name_path, BadValue::str(&container.name)));
        }
    }
}
