//! `ValidatePodTemplateSpec` for the fields modelled here: template labels and annotations,
//! containers (name, image and their own `restartPolicy`), and `restartPolicy`
//! (`pkg/apis/core/validation/validation.go`).

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
    container_restart_policies(c, template, &spec);
    match restart_policy {
        "Always" | "OnFailure" | "Never" => {}
        "" => c.push(FieldError::required(format!("{spec}.restartPolicy"), "")),
        other => {
            c.push(FieldError::not_supported(format!("{spec}.restartPolicy"), other, &["Always", "OnFailure", "Never"]))
        }
    }
}

/// A container's own `restartPolicy`: an init container may only say `Always` (a sidecar,
/// 1.28+), and only a sidecar may have a `startupProbe`; an app container may set one only from
/// 1.34, with ContainerRestartRules (`validateInitContainers`/`validateContainers`).
fn container_restart_policies(c: &mut Checker, template: &PodTemplateSpec, spec: &str) {
    for (i, init) in template.spec.init_containers.iter().enumerate() {
        let path = format!("{spec}.initContainers[{i}].restartPolicy");
        if let Some(text) = c.enum_text(&path, init.restart_policy).filter(|t| t != "Always") {
            c.push(FieldError::not_supported(path, &text, &["Always"]));
        }
        // From 1.28 only a sidecar may have a startup probe (the one probe the model reads); a
        // dropped `restartPolicy` leaves a regular init container that may not.
        if init.startup_probe.is_some() && !init.is_restartable() && c.version.at_least(28) {
            c.push(FieldError::forbidden(
                format!("{spec}.initContainers[{i}].startupProbe"),
                "may not be set for init containers without restartPolicy=Always",
            ));
        }
    }
    for (i, app) in template.spec.containers.iter().enumerate() {
        if app.restart_policy.is_some() && !c.version.at_least(34) {
            c.push(FieldError::forbidden(
                format!("{spec}.containers[{i}].restartPolicy"),
                "may not be set for non-init containers",
            ));
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
