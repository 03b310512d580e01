//! What the scenario's cluster events do, as the user's `kubectl` would do it: a JSON merge patch
//! of a CronJob's spec (`kubectl patch --type=merge`, defaulted and validated by the API server as
//! an update; a rejected patch changes nothing), `kubectl delete job|cronjob` (background
//! propagation), a kube-controller-manager outage, and
//! `kubectl create job --from=cronjob/<name>`.

use super::garbage_collector::Propagation;
use super::scenario::ClusterAction;
use super::trace::{DeletedBy, EventType, ObjectKind};
use super::world::World;
use crate::api::decode::decode_json;
use crate::api::defaults::default_cronjob;
use crate::api::{
    invalid_message, validate_cronjob_update, CronJob, CronJobSpec, Job, KubernetesVersion, ObjectMeta, OwnerReference,
};
use crate::go::Quoted;
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

/// The spec of `current` after the merge patch `patch` of its spec, as the API server of
/// `version` stores it, or the API server's refusal. The server patches the object's JSON and
/// decodes the result as a whole object (fields unknown to the release are dropped: `kubectl
/// patch` asks for no strict validation), then defaults and validates it as an update.
fn patched_spec(current: &CronJob, patch: &Value, version: KubernetesVersion) -> Result<CronJobSpec, String> {
    let mut object = serde_json::to_value(current).expect("CronJobs serialize");
    merge_patch(&mut object["spec"], patch);
    let (decoded, findings) = decode_json::<CronJob>(&object, version);
    let spec = decoded.map_err(|e| undecodable_patch(&object, &e.message))?.spec;
    let mut patched = CronJob { spec, ..current.clone() };
    let mut unsupported = findings.unsupported;
    default_cronjob(&mut patched, version, &mut unsupported);
    let outcome = validate_cronjob_update(&patched, current, version, unsupported);
    if !outcome.errors.is_empty() {
        return Err(invalid_message("CronJob", &current.metadata.name, &outcome.errors));
    }
    Ok(patched.spec)
}

/// The API server's answer to a patch whose result does not decode (`patch.go`,
/// `applyPatchToCurrentObject`: `errors.NewInvalid` with no kind or name, the patched object's
/// JSON as the bad value). Go's `json.Marshal` escapes `<`, `>`, `&`, U+2028 and U+2029.
fn undecodable_patch(object: &Value, reason: &str) -> String {
    let mut json = String::new();
    for c in object.to_string().chars() {
        match c {
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => json.push_str(&format!("\\u{:04x}", c as u32)),
            c => json.push(c),
        }
    }
    format!(" \"\" is invalid: patch: Invalid value: {}: {reason}", Quoted(&json))
}

impl World {
    /// Applies the scenario's `events[index]` and records it with its outcome.
    pub(crate) fn apply_scenario_event(&mut self, index: usize) {
        let event = self.scenario.spec.events[index].clone();
        let refused = match &event.action {
            ClusterAction::Patch { cron_job, spec } => self.patch_cron_job(cron_job, spec),
            ClusterAction::DeleteJob { job } => (!self.delete_job(job, DeletedBy::User, Propagation::Background))
                .then(|| self.kubectl_error(ObjectKind::Job, job, format!("jobs.batch \"{job}\" not found"))),
            ClusterAction::DeleteCronJob { cron_job } => {
                let refused = self.store.get::<CronJob>(cron_job).is_none().then(|| {
                    self.kubectl_error(
                        ObjectKind::CronJob,
                        cron_job,
                        format!("cronjobs.batch \"{cron_job}\" not found"),
                    )
                });
                self.delete_cron_job(cron_job);
                refused
            }
            ClusterAction::ControllerDown { until } => {
                self.controller_manager_down(*until);
                None
            }
            ClusterAction::Trigger { cron_job } => self.trigger(cron_job),
        };
        self.recorder.cluster_event(event, refused);
    }

    /// A refused `kubectl` command shows in the trace as a Warning from `kubectl`; returns its
    /// message.
    fn kubectl_error(&mut self, kind: ObjectKind, name: &str, message: String) -> String {
        let message = format!("Error from server: {message}");
        self.recorder.event(self.now, (kind, name), EventType::Warning, "KubectlError", message.clone(), "kubectl");
        message
    }

    /// The merge patch of CronJob `name`'s spec; the API server's refusal, if it refused.
    fn patch_cron_job(&mut self, name: &str, patch: &Value) -> Option<String> {
        let Some(current) = self.store.get::<CronJob>(name) else {
            return Some(self.kubectl_error(ObjectKind::CronJob, name, format!("cronjobs.batch \"{name}\" not found")));
        };
        let spec = match patched_spec(current, patch, self.version) {
            Ok(spec) => spec,
            Err(message) => return Some(self.kubectl_error(ObjectKind::CronJob, name, message)),
        };
        let _ = self.store.update::<CronJob>(name, |cj| cj.spec = spec);
        let cj = self.store.get::<CronJob>(name).expect("just updated");
        let reference = cj.status.last_schedule_time.or(cj.metadata.creation_timestamp);
        let spec = cj.spec.clone();
        self.recorder.cron_job_patched(name, self.now, &spec);
        self.history.edit(name, self.now, &spec, reference);
        None
    }

    /// `kubectl create job <cronjob>-manual-<n> --from=cronjob/<cronjob>`: the template's labels,
    /// annotations and spec, the instantiate annotation and a controller ownerReference.
    fn trigger(&mut self, name: &str) -> Option<String> {
        let Some(cj) = self.store.get::<CronJob>(name) else {
            return Some(self.kubectl_error(ObjectKind::CronJob, name, format!("cronjobs.batch \"{name}\" not found")));
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
        match self.store.create(job, self.now) {
            Ok(_) => None,
            Err(e) => Some(self.kubectl_error(ObjectKind::CronJob, name, e.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{admit, Admitted};
    use serde_json::json;

    const MINIMAL: &str = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: a, namespace: ns, uid: u1, \
        creationTimestamp: \"2025-01-01T00:00:00Z\"}\nspec:\n  schedule: \"*/10 * * * *\"\n  jobTemplate: {spec: \
        {template: {spec: {restartPolicy: OnFailure, containers: [{name: c, image: x}]}}}}\n";

    /// The CronJob of `manifest` as admitted by `version`.
    fn admitted(manifest: &str, version: KubernetesVersion) -> CronJob {
        let admission = admit(manifest, None, version);
        match &admission.objects[0].object {
            Some(Admitted::CronJob(cj)) => cj.clone(),
            _ => panic!("not admitted: {:?}", admission.objects[0].report),
        }
    }

    /// What the loader says of `manifest`: the decoder's text when the object does not decode,
    /// else the API server's whole message.
    fn loader_says(manifest: &str) -> String {
        let report = admit(manifest, None, KubernetesVersion::NEWEST).report();
        let object = &report.objects[0];
        match object.errors.first() {
            Some(e) if e.error_type == "Invalid type" => e.text.clone(),
            _ => object.message.clone().expect("refused"),
        }
    }

    #[test]
    fn a_patch_keeps_every_other_field_as_stored_in_every_release() {
        for minor in KubernetesVersion::OLDEST.minor()..=KubernetesVersion::NEWEST.minor() {
            let version = KubernetesVersion::new(minor).unwrap();
            let api = if version.at_least(21) { "batch/v1" } else { "batch/v1beta1" };
            let zone = if version.at_least(25) { "  timeZone: Europe/Berlin\n" } else { "" };
            let ttl = if version.at_least(21) { "ttlSecondsAfterFinished: 60, " } else { "" };
            let pfp = if version.at_least(26) {
                "podFailurePolicy: {rules: [{action: Ignore, onPodConditions: [{type: DisruptionTarget, status: \
                \"True\"}]}]}, "
            } else {
                ""
            };
            let manifest = format!(
                "apiVersion: {api}\nkind: CronJob\nmetadata: {{name: a, labels: {{app: a}}, creationTimestamp: \
                \"2025-01-01T00:00:00Z\"}}\nspec:\n  schedule: \"*/10 * * * *\"\n{zone}  startingDeadlineSeconds: \
                30\n  concurrencyPolicy: Forbid\n  suspend: false\n\x20 successfulJobsHistoryLimit: 5\n  \
                failedJobsHistoryLimit: 2\n  jobTemplate:\n    metadata: {{labels: {{team: x}}, annotations: {{note: \
                hello}}}}\n\x20   spec: {{backoffLimit: 2, activeDeadlineSeconds: 600, {ttl}{pfp}template: {{metadata: \
                {{labels: {{app: a}}}}, spec: {{restartPolicy: Never, containers: [{{name: c, image: x, command: [sh, \
                -c, 'exit 1']}}]}}}}}}\n"
            );
            let cj = admitted(&manifest, version);
            assert_eq!(patched_spec(&cj, &json!({}), version), Ok(cj.spec.clone()), "1.{minor}");
            let want = CronJobSpec { schedule: "0 5 * * *".into(), starting_deadline_seconds: None, ..cj.spec.clone() };
            let patch = json!({"schedule": "0 5 * * *", "startingDeadlineSeconds": null});
            assert_eq!(patched_spec(&cj, &patch, version), Ok(want), "1.{minor}");
        }
    }

    #[test]
    fn a_patched_spec_of_the_wrong_type_is_refused_with_the_text_the_loader_gives() {
        let version = KubernetesVersion::NEWEST;
        let cj = admitted(MINIMAL, version);
        let cases = [
            (json!({"suspend": "yes"}), "  suspend: \"yes\"\n"),
            (json!({"startingDeadlineSeconds": "10"}), "  startingDeadlineSeconds: \"10\"\n"),
            (json!({"successfulJobsHistoryLimit": 1.5}), "  successfulJobsHistoryLimit: 1.5\n"),
            (
                json!({"jobTemplate": {"spec": {"template": {"spec": {"containers": "x"}}}}}),
                "  jobTemplate: {spec: {template: {spec: {containers: x}}}}\n",
            ),
        ];
        for (patch, line) in cases {
            let decoder_text = loader_says(&format!("{MINIMAL}{line}").replace(
                "  jobTemplate: {spec: {template: \
                {spec: {restartPolicy: OnFailure, containers: [{name: c, image: x}]}}}}\n  jobTemplate",
                "  jobTemplate",
            ));
            assert!(decoder_text.starts_with("json: cannot unmarshal "), "{decoder_text}");
            let refused = patched_spec(&cj, &patch, version).unwrap_err();
            assert!(
                refused.starts_with(
                    r#" "" is invalid: patch: Invalid value: "{\"apiVersion\":\"batch/v1\",\"kind\":\"CronJob\","#
                ),
                "{refused}"
            );
            assert!(refused.ends_with(&format!("}}\": {decoder_text}")), "{patch}: {refused}\nloader: {decoder_text}");
        }
    }

    #[test]
    fn a_refused_patch_shows_the_patched_object_as_go_quotes_its_json() {
        let version = KubernetesVersion::NEWEST;
        let cj = admitted(MINIMAL, version);
        let refused = patched_spec(
            &cj,
            &json!({"schedule": 5, "jobTemplate": {"metadata": {"annotations": {"a": "<&>"}}}}),
            version,
        )
        .unwrap_err();
        assert_eq!(
            refused,
            r#" "" is invalid: patch: Invalid value: "{\"apiVersion\":\"batch/v1\",\"kind\":\"CronJob\",\"metadata\":{\"creationTimestamp\":\"2025-01-01T00:00:00Z\",\"name\":\"a\",\"namespace\":\"ns\",\"uid\":\"u1\"},\"spec\":{\"concurrencyPolicy\":\"Allow\",\"failedJobsHistoryLimit\":1,\"jobTemplate\":{\"metadata\":{\"annotations\":{\"a\":\"\\u003c\\u0026\\u003e\"}},\"spec\":{\"template\":{\"metadata\":{},\"spec\":{\"containers\":[{\"image\":\"x\",\"name\":\"c\"}],\"restartPolicy\":\"OnFailure\",\"terminationGracePeriodSeconds\":30}}}},\"schedule\":5,\"successfulJobsHistoryLimit\":3,\"suspend\":false},\"status\":{}}": json: cannot unmarshal number into Go struct field CronJobSpec.spec.schedule of type string"#
        );
    }

    #[test]
    fn a_patched_value_outside_its_set_is_refused_as_the_loader_refuses_it() {
        let version = KubernetesVersion::NEWEST;
        let cj = admitted(MINIMAL, version);
        let refused = patched_spec(&cj, &json!({"concurrencyPolicy": "Sometimes"}), version).unwrap_err();
        assert_eq!(refused, loader_says(&format!("{MINIMAL}  concurrencyPolicy: Sometimes\n")));
        assert_eq!(
            refused,
            r#"CronJob.batch "a" is invalid: spec.concurrencyPolicy: Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace""#
        );
    }

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
