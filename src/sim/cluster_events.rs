//! What the scenario's cluster events do, as the user's `kubectl` would do it: a JSON merge patch
//! of a CronJob's spec (`kubectl patch --type=merge`, defaulted and validated by the API server as
//! an update; a rejected patch changes nothing), `kubectl delete job|cronjob` (background
//! propagation), a kube-controller-manager outage, and
//! `kubectl create job --from=cronjob/<name>`.

use super::garbage_collector::Propagation;
use super::scenario::ClusterAction;
use super::trace::{DeletedBy, EventType, ObjectKind};
use super::world::World;
use crate::api::decode::Unsupported;
use crate::api::defaults::default_cronjob;
use crate::api::{invalid_message, validate_cronjob_update, CronJob, Job, ObjectMeta, OwnerReference};
use serde_json::Value;

/// The annotation `kubectl create job --from=cronjob/...` puts on the Job.
pub const INSTANTIATE_ANNOTATION: &str = "cronjob.kubernetes.io/instantiate";

/// RFC 7386 JSON merge patch.
pub fn merge_patch(target: &mut Value, patch: &Value) {
    let Value::Object(patch) = patch else {
        *target = patch.clone();
        return;
    };
    if !target.is_object() {
        *target = Value::Object(Default::default());
    }
    let map = target.as_object_mut().expect("made an object");
    for (k, v) in patch {
        if v.is_null() {
            map.remove(k);
        } else {
            merge_patch(map.entry(k.clone()).or_insert(Value::Null), v);
        }
    }
}

impl World {
    pub(crate) fn apply_scenario_event(&mut self, index: usize) {
        let action = self.scenario.spec.events[index].action.clone();
        match action {
            ClusterAction::Patch { cron_job, spec } => self.patch_cron_job(&cron_job, &spec),
            ClusterAction::DeleteJob { job } => {
                if !self.delete_job(&job, DeletedBy::User, Propagation::Background) {
                    self.kubectl_error(ObjectKind::Job, &job, format!("jobs.batch \"{job}\" not found"));
                }
            }
            ClusterAction::DeleteCronJob { cron_job } => {
                if self.store.get::<CronJob>(&cron_job).is_none() {
                    self.kubectl_error(ObjectKind::CronJob, &cron_job, format!("cronjobs.batch \"{cron_job}\" not found"));
                }
                self.delete_cron_job(&cron_job);
            }
            ClusterAction::ControllerDown { until } => self.controller_manager_down(until),
            ClusterAction::Trigger { cron_job } => self.trigger(&cron_job),
        }
    }

    /// A refused `kubectl` command shows in the trace as a Warning from `kubectl`.
    fn kubectl_error(&mut self, kind: ObjectKind, name: &str, message: String) {
        self.recorder.event(self.now, (kind, name), EventType::Warning, "KubectlError", format!("Error from server: {message}"), "kubectl");
    }

    fn patch_cron_job(&mut self, name: &str, patch: &Value) {
        let Some(current) = self.store.get::<CronJob>(name) else {
            return self.kubectl_error(ObjectKind::CronJob, name, format!("cronjobs.batch \"{name}\" not found"));
        };
        let mut spec = serde_json::to_value(&current.spec).expect("specs serialize");
        merge_patch(&mut spec, patch);
        let spec = match serde_json::from_value(spec) {
            Ok(spec) => spec,
            Err(e) => return self.kubectl_error(ObjectKind::CronJob, name, format!("CronJob.batch \"{name}\" is invalid: {e}")),
        };
        // The API server defaults and validates the patched object as an update.
        let mut patched = CronJob { spec, ..current.clone() };
        default_cronjob(&mut patched, self.version, &mut Unsupported::default());
        let outcome = validate_cronjob_update(&patched, current, self.version, Unsupported::default());
        if !outcome.errors.is_empty() {
            return self.kubectl_error(ObjectKind::CronJob, name, invalid_message("CronJob", name, &outcome.errors));
        }
        let spec = patched.spec;
        let _ = self.store.update::<CronJob>(name, |cj| cj.spec = spec);
        let cj = self.store.get::<CronJob>(name).expect("just updated");
        let reference = cj.status.last_schedule_time.or(cj.metadata.creation_timestamp);
        let spec = cj.spec.clone();
        self.history.edit(name, self.now, &spec, reference);
    }

    /// `kubectl create job <cronjob>-manual-<n> --from=cronjob/<cronjob>`: the template's labels,
    /// annotations and spec, the instantiate annotation and a controller ownerReference.
    fn trigger(&mut self, name: &str) {
        let Some(cj) = self.store.get::<CronJob>(name) else {
            return self.kubectl_error(ObjectKind::CronJob, name, format!("cronjobs.batch \"{name}\" not found"));
        };
        let template = &cj.spec.job_template;
        let mut annotations = template.metadata.annotations.clone();
        annotations.insert(INSTANTIATE_ANNOTATION.into(), "manual".into());
        self.history.manual_triggers += 1;
        let job = Job {
            metadata: ObjectMeta {
                name: format!("{name}-manual-{}", self.history.manual_triggers),
                namespace: cj.metadata.namespace.clone(),
                labels: template.metadata.labels.clone(),
                annotations,
                owner_references: vec![OwnerReference {
                    api_version: "batch/v1".into(),
                    kind: "CronJob".into(),
                    name: name.into(),
                    uid: cj.metadata.uid.clone(),
                    controller: Some(true),
                    block_owner_deletion: None,
                }],
                ..ObjectMeta::default()
            },
            spec: template.spec.clone(),
            ..Job::default()
        };
        if let Err(e) = self.store.create(job, self.now) {
            self.kubectl_error(ObjectKind::CronJob, name, e.to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn merge_patch_follows_rfc_7386() {
        // Cases from RFC 7386 appendix A.
        let cases = [
            (json!({"a": "b"}), json!({"a": "c"}), json!({"a": "c"})),
            (json!({"a": "b"}), json!({"b": "c"}), json!({"a": "b", "b": "c"})),
            (json!({"a": "b"}), json!({"a": null}), json!({})),
            (json!({"a": {"b": "c"}}), json!({"a": {"b": "d", "c": null}}), json!({"a": {"b": "d"}})),
            (json!({"a": [{"b": "c"}]}), json!({"a": [1]}), json!({"a": [1]})),
            (json!(["a", "b"]), json!({"a": "c"}), json!({"a": "c"})),
            (json!({"e": null}), json!({"a": 1}), json!({"e": null, "a": 1})),
        ];
        for (mut target, patch, want) in cases {
            merge_patch(&mut target, &patch);
            assert_eq!(target, want, "{patch}");
        }
    }
}
