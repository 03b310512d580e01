//! The manifests people really have, end to end through `validate` and `simulate`: install files
//! with other kinds, `generateName`, `kubectl get -o yaml` output with status, typed lists, Jobs
//! copied from a cluster, look-alike CronJobs of other API groups, a lost `---`, fields of a
//! later release, tabs and unserved versions — each on a realistic file under
//! `tests/data/manifests/`.

use cronjob_playground::api::{admit, validate_manifest, Admitted, KubernetesVersion};
use cronjob_playground::sim::trace::SlotFate;
use cronjob_playground::sim::{not_simulated, owners_not_in_input, simulate};
use serde_json::json;

fn v(minor: u8) -> KubernetesVersion {
    KubernetesVersion::new(minor).unwrap()
}

const INSTALL: &str = include_str!("data/manifests/install.yaml");
const GENERATE_NAME: &str = include_str!("data/manifests/generate-name-job.yaml");
const CRONJOB_GET: &str = include_str!("data/manifests/cronjob-get-yaml.yaml");
const TYPED_LIST: &str = include_str!("data/manifests/cronjob-list-v1beta1.yaml");
const JOB_GET: &str = include_str!("data/manifests/job-get-json.json");
const KUBEBUILDER: &str = include_str!("data/manifests/kubebuilder-cronjob.yaml");
const MISSING_SEPARATOR: &str = include_str!("data/manifests/missing-separator.yaml");
const SIDECAR: &str = include_str!("data/manifests/sidecar-cronjob.yaml");
const ORPHANS: &str = include_str!("data/manifests/orphaned-jobs.yaml");

#[test]
fn an_install_file_simulates_its_cronjob_and_lists_the_rest_as_not_simulated() {
    let trace = simulate(INSTALL, None).unwrap();
    assert_eq!(trace.start.to_rfc3339(), "2025-03-03T00:00:00+00:00");
    assert_eq!(trace.slots.len(), 1);
    assert_eq!(trace.slots[0].fate, SlotFate::RanOnTime);
    assert_eq!(trace.jobs[0].name, "report-export-29016150");
    let left = not_simulated(&admit(INSTALL, None, KubernetesVersion::NEWEST));
    let listed: Vec<(&str, &str, u32)> = left.iter().map(|o| (o.kind.as_str(), o.name.as_str(), o.line)).collect();
    assert_eq!(
        listed,
        [
            ("ServiceAccount", "report-exporter", 3),
            ("Role", "report-exporter", 9),
            ("RoleBinding", "report-exporter", 19),
            ("ConfigMap", "report-settings", 33),
            ("Deployment", "report-web", 42)
        ]
    );
    assert!(left.iter().all(|o| !o.is_look_alike()));
}

#[test]
fn generate_name_gets_five_characters_of_the_api_servers_alphabet_the_same_every_time() {
    let report = validate_manifest(GENERATE_NAME, None, KubernetesVersion::NEWEST);
    let name = &report.objects[0].name;
    assert!(report.objects[0].valid, "{:?}", report.objects[0]);
    assert_eq!(name.len(), "db-migrate-".len() + 5);
    assert!(name.starts_with("db-migrate-"));
    assert!(name["db-migrate-".len()..].bytes().all(|b| b"bcdfghjklmnpqrstvwxz2456789".contains(&b)), "{name}");
    assert_eq!(&validate_manifest(GENERATE_NAME, None, KubernetesVersion::NEWEST).objects[0].name, name);
    // Two Jobs of one prefix get two names; the simulation's Job and pods carry the name.
    let twice = format!("{GENERATE_NAME}---\n{GENERATE_NAME}");
    let names: Vec<String> =
        validate_manifest(&twice, None, KubernetesVersion::NEWEST).objects.into_iter().map(|o| o.name).collect();
    assert_ne!(names[0], names[1]);
    let trace = simulate(GENERATE_NAME, Some(json!({"start": "2025-06-01T00:00:00Z", "duration": "10m"}))).unwrap();
    assert_eq!(&trace.jobs[0].name, name);
    assert!(trace.pods[0].name.starts_with(&format!("{name}-")), "{}", trace.pods[0].name);
}

#[test]
fn a_pasted_status_is_the_present_not_a_run_of_misses() {
    // Created 2025-05-10 14:21, last scheduled 2025-05-14 03:00: the run starts at the newest
    // time the status shows (lastSuccessfulTime 03:01:12), and the next slot runs on time.
    let trace = simulate(CRONJOB_GET, None).unwrap();
    assert_eq!(trace.start.to_rfc3339(), "2025-05-14T03:01:12+00:00");
    let fates: Vec<(String, SlotFate)> = trace.slots.iter().map(|s| (s.scheduled_time.to_rfc3339(), s.fate)).collect();
    assert_eq!(fates, [("2025-05-15T03:00:00+00:00".to_string(), SlotFate::RanOnTime)]);
    // Started earlier by a Simulation document, the slots the status says were handled are
    // history, not misses: none of them is listed, nothing is "not found by search".
    let earlier = simulate(CRONJOB_GET, Some(json!({"start": "2025-05-10T14:21:07Z", "duration": "5d"}))).unwrap();
    assert!(earlier.slots.iter().all(|s| s.scheduled_time.to_rfc3339().as_str() > "2025-05-14T03:00:00+00:00"));
    assert!(earlier.slots.iter().all(|s| s.fate != SlotFate::NotFoundBySearch));
    assert_eq!(earlier.slots[0].fate, SlotFate::RanOnTime);
}

#[test]
fn a_job_dump_with_status_starts_from_its_status_and_is_refused_as_a_create() {
    let trace = simulate(JOB_GET, Some(json!({"duration": "1h"}))).unwrap();
    assert_eq!(trace.start.to_rfc3339(), "2025-06-02T09:12:40+00:00");
    assert_eq!(trace.jobs[0].name, "reindex-search");
    // Creating it again: the API server gives it a new UID, and the selector and labels copied
    // from the cluster name the old one (`validateGeneratedSelector`, prefixed labels from 1.27).
    let report = validate_manifest(JOB_GET, None, v(30));
    let object = &report.objects[0];
    assert!(!object.valid);
    let fields: Vec<&str> = object.errors.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(
        fields,
        [
            "spec.template.metadata.labels[controller-uid]",
            "spec.template.metadata.labels[batch.kubernetes.io/controller-uid]",
            "spec.selector"
        ]
    );
    assert_eq!(
        object.errors[2].text,
        "spec.selector: Invalid value: \
        v1.LabelSelector{MatchLabels:map[string]string{\"batch.kubernetes.io/controller-uid\":\"0b9e2a51-6c1d-4f3e-8a77-2f5d9c3e1b40\"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: `selector` not auto-generated"
    );
    assert_eq!((object.errors[2].line, object.errors[2].column), (25, 21));
    assert!(
        object.errors[0].text.ends_with(": must be '00000000-0000-4000-8000-000000000000'"),
        "{}",
        object.errors[0].text
    );
    // Before 1.27 the labels were `controller-uid` and `job-name` only (and that release did
    // not know podReplacementPolicy).
    let older = JOB_GET.replace("\"podReplacementPolicy\": \"TerminatingOrFailed\",", "");
    let old = validate_manifest(&older, None, v(26));
    let fields: Vec<&str> = old.objects[0].errors.iter().map(|e| e.field.as_str()).collect();
    // The 1.26 strategy adds `controller-uid` (new UID) to the copied selector, which then no
    // longer matches the copied labels either.
    assert_eq!(
        fields,
        ["spec.template.metadata.labels[controller-uid]", "spec.selector", "spec.template.metadata.labels"]
    );
    // With manualSelector: true the selector is the user's: accepted.
    let manual = JOB_GET.replace("\"manualSelector\": false", "\"manualSelector\": true");
    assert!(validate_manifest(&manual, None, v(30)).objects[0].valid);
}

#[test]
fn typed_list_items_take_the_lists_group_and_kind() {
    let admission = admit(TYPED_LIST, None, v(21));
    assert!(admission.parse_errors.is_empty(), "{:?}", admission.parse_errors);
    let kinds: Vec<(&str, &str, &str)> = admission
        .objects
        .iter()
        .map(|o| (o.report.api_version.as_str(), o.report.kind.as_str(), o.report.name.as_str()))
        .collect();
    assert_eq!(kinds, [("batch/v1beta1", "CronJob", "cert-check"), ("batch/v1beta1", "CronJob", "db-vacuum")]);
    assert!(
        admission.objects.iter().all(|o| matches!(o.object, Some(Admitted::CronJob(_)))),
        "{:?}",
        admission.report()
    );
    // On 1.25+ batch/v1beta1 is not served, as kubectl says.
    let new = validate_manifest(TYPED_LIST, None, v(25));
    assert_eq!(
        new.objects[0].errors[0].text,
        "no matches for kind \"CronJob\" in version \"batch/v1beta1\"\nensure CRDs are installed first"
    );
}

#[test]
fn a_cronjob_of_another_api_group_is_named_for_what_it_is() {
    let report = validate_manifest(KUBEBUILDER, None, KubernetesVersion::NEWEST);
    let object = &report.objects[0];
    assert_eq!((object.api_version.as_str(), object.kind.as_str()), ("batch.tutorial.kubebuilder.io/v1", "CronJob"));
    assert!(
        object.warnings[0]
            .starts_with("CronJob \"cronjob-sample\" is of API group \"batch.tutorial.kubebuilder.io\", not \"batch\""),
        "{}",
        object.warnings[0]
    );
    let left = not_simulated(&admit(KUBEBUILDER, None, KubernetesVersion::NEWEST));
    assert!(left[0].is_look_alike());
    let trace = simulate(KUBEBUILDER, Some(json!({"duration": "1h"}))).unwrap();
    assert!(trace.slots.is_empty() && trace.jobs.is_empty());
}

#[test]
fn a_lost_separator_merges_as_kubectl_does_and_says_which_object_is_lost() {
    for minor in [24, 25, 35] {
        let admission = admit(MISSING_SEPARATOR, None, v(minor));
        assert_eq!(admission.objects.len(), 1);
        let Some(Admitted::CronJob(cj)) = &admission.objects[0].object else {
            panic!("{minor}: {:?}", admission.report())
        };
        assert_eq!((cj.metadata.name.as_str(), cj.spec.schedule.as_str()), ("rotate-keys", "0 4 * * 1"));
        let warnings = &admission.objects[0].report.warnings;
        assert_eq!(warnings.len(), 4, "{warnings:?}");
        assert!(warnings[0].starts_with("apiVersion: written twice (lines 2 and 17)"), "{}", warnings[0]);
        assert!(warnings[0]
            .ends_with("two objects without the \"---\" between them? Only the second one reaches the API server"));
    }
}

#[test]
fn fields_of_a_later_release_are_unknown_then_dropped_then_kept() {
    let at = |minor| validate_manifest(SIDECAR, None, v(minor)).objects.remove(0);
    let path = "spec.jobTemplate.spec.template.spec.initContainers[0].restartPolicy";
    assert_eq!(
        at(27).message.as_deref(),
        Some(
            format!(
                "CronJob in version \"v1\" cannot be handled as a CronJob: strict decoding error: unknown field \
                \"{path}\""
            )
            .as_str()
        )
    );
    assert_eq!((at(27).errors[0].line, at(27).errors[0].column), (16, 13));
    assert!(at(24).message.unwrap().contains("unknown field \"restartPolicy\" in io.k8s.api.core.v1.Container"));
    let alpha = at(28);
    assert!(alpha.valid);
    assert_eq!(
        alpha.warnings,
        [format!(
            "{path}: dropped: the SidecarContainers feature is alpha in Kubernetes 1.28 \
            (off by default), so the API server ignores the field"
        )]
    );
    assert!(at(29).valid && at(29).warnings.is_empty());
}

#[test]
fn refusals_point_at_the_field_and_read_like_kubectl() {
    let bad = CRONJOB_GET.replace("schedule: 0 3 * * *", "schedule: 0 3 * * 8");
    let err = simulate(&bad, None).unwrap_err().to_string();
    assert!(err.starts_with("37:13: CronJob.batch \"nightly-backup\" is invalid: spec.schedule"), "{err}");
    let tabbed = INSTALL.replace("  schedule: \"30 2 * * *\"", "\tschedule: \"30 2 * * *\"");
    let err = simulate(&tabbed, None).unwrap_err().to_string();
    assert_eq!(
        err,
        "67:1: error converting YAML to JSON: yaml: line 67: found character that cannot start any token \
        (a tab in the indentation: YAML indents with spaces only)"
    );
    let err = simulate(TYPED_LIST, None).unwrap_err().to_string();
    // A typed list item has no apiVersion of its own: the error points at the item.
    assert_eq!(err, "8:3: no matches for kind \"CronJob\" in version \"batch/v1beta1\"");
}

#[test]
fn jobs_whose_cronjob_is_not_in_the_input_are_kept_as_a_partial_dump() {
    let trace = simulate(ORPHANS, Some(json!({"duration": "1h"}))).unwrap();
    assert_eq!(trace.start.to_rfc3339(), "2025-05-12T02:00:00+00:00");
    assert_eq!(trace.jobs[0].name, "nightly-report-29110680");
    assert_eq!(trace.jobs[0].deleted_at, None);
    // The page says so: the Job, and the CronJob that is not in the text.
    let admission = admit(ORPHANS, None, KubernetesVersion::NEWEST);
    assert_eq!(
        owners_not_in_input(&admission),
        [("nightly-report-29110680".to_string(), "nightly-report".to_string())]
    );
}
