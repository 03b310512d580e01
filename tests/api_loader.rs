//! The loader as kubectl and the API server read manifests: YAML 1.1 scalars, JSON, several
//! documents, `kind: List` with status, API versions per release, type errors and unknown
//! fields with `line:column`, limits — and the manifests of the seed articles.

use cronjob_playground::api::{
    admit, validate_manifest, Admitted, ConcurrencyPolicy, KubernetesVersion, ValidationReport,
};

fn v(minor: u8) -> KubernetesVersion {
    KubernetesVersion::new(minor).unwrap()
}

fn newest(text: &str) -> ValidationReport {
    validate_manifest(text, None, KubernetesVersion::NEWEST)
}

const CRONJOB_HEAD: &str = "apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: hello\nspec:\n";
const TEMPLATE: &str = "  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: \
    OnFailure\n          containers:\n          - name: c\n            image: busybox\n";

#[test]
fn seed_manifests_load_and_validate() {
    for (file, text) in [
        ("cron-test.yaml", include_str!("data/seeds/cron-test.yaml")),
        ("job-example.yaml", include_str!("data/seeds/job-example.yaml")),
        ("job-pod-failure-policy-example.yaml", include_str!("data/seeds/job-pod-failure-policy-example.yaml")),
    ] {
        let report = validate_manifest(text, None, v(29));
        assert!(report.parse_errors.is_empty(), "{file}");
        assert!(report.objects[0].valid, "{file}: {:?}", report.objects[0]);
    }
    let admission = admit(include_str!("data/seeds/cron-test.yaml"), None, v(26));
    let Some(Admitted::CronJob(cj)) = &admission.objects[0].object else { panic!("not a CronJob") };
    assert_eq!(cj.spec.schedule, "5 13 * * *");
    assert_eq!(
        cj.spec.job_template.spec.template.spec.containers[0].command[2],
        "date; echo Hello from the Kubernetes cluster"
    );
    // `kubectl get -o yaml` output abbreviated in the article (`# 중략`): status is read.
    let status = admit(include_str!("data/seeds/cron-test-status.yaml"), None, v(26));
    assert_eq!(
        status.objects[0].report.defaulted.as_ref().unwrap()["status"]["lastSuccessfulTime"],
        "2023-03-22T13:05:08Z"
    );
}

#[test]
fn yaml_1_1_booleans_for_boolean_fields() {
    for (text, expected) in
        [("yes", true), ("on", true), ("True", true), ("y", true), ("no", false), ("OFF", false), ("n", false)]
    {
        let manifest = format!("{CRONJOB_HEAD}  schedule: \"0 * * * *\"\n  suspend: {text}\n{TEMPLATE}");
        let admission = admit(&manifest, None, KubernetesVersion::NEWEST);
        let Some(Admitted::CronJob(cj)) = &admission.objects[0].object else {
            panic!("{text}: {:?}", admission.objects[0].report)
        };
        assert_eq!(cj.spec.suspend, Some(expected), "{text}");
    }
}

#[test]
fn string_fields_take_any_plain_scalar_like_sigs_yaml() {
    let manifest = format!("{CRONJOB_HEAD}  schedule: \"0 * * * *\"\n{TEMPLATE}")
        .replace("name: hello", "name: hello\n  labels: {enabled: yes, port: 0x1F}");
    let admission = admit(&manifest, None, KubernetesVersion::NEWEST);
    let Some(Admitted::CronJob(cj)) = &admission.objects[0].object else { panic!("{:?}", admission.objects[0].report) };
    assert_eq!(cj.metadata.labels["enabled"], "true");
    assert_eq!(cj.metadata.labels["port"], "31");
}

#[test]
fn type_errors_are_json_decode_errors_with_positions() {
    let manifest = format!("{CRONJOB_HEAD}  schedule: \"0 * * * *\"\n  suspend: \"yes\"\n{TEMPLATE}");
    let report = newest(&manifest);
    let object = &report.objects[0];
    assert_eq!(
        object.message.as_deref(),
        Some(
            r#"CronJob in version "v1" cannot be handled as a CronJob: json: cannot unmarshal string into Go struct field CronJobSpec.spec.suspend of type bool"#
        )
    );
    assert_eq!(
        (object.errors[0].field.as_str(), object.errors[0].line, object.errors[0].column),
        ("spec.suspend", 7, 12)
    );

    let manifest = format!("{CRONJOB_HEAD}  schedule: \"0 * * * *\"\n  startingDeadlineSeconds: 1.5\n{TEMPLATE}");
    assert_eq!(
        newest(&manifest).objects[0].message.as_deref(),
        Some(
            r#"CronJob in version "v1" cannot be handled as a CronJob: json: cannot unmarshal number 1.5 into Go struct field CronJobSpec.spec.startingDeadlineSeconds of type int64"#
        )
    );
    let manifest = format!(
        "{CRONJOB_HEAD}  schedule: \"0 * * * *\"\n  jobTemplate:\n    spec:\n      \
        template:\n        spec:\n          containers: {{name: c}}\n"
    );
    assert_eq!(
        newest(&manifest).objects[0].message.as_deref(),
        Some(
            r#"CronJob in version "v1" cannot be handled as a CronJob: json: cannot unmarshal object into Go struct field PodSpec.spec.jobTemplate.spec.template.spec.containers of type []v1.Container"#
        )
    );
}

#[test]
fn unknown_fields_are_reported_not_dropped() {
    let manifest = format!("{CRONJOB_HEAD}  schedule: \"0 * * * *\"\n  startingDeadLineSeconds: 10\n{TEMPLATE}")
        .replace("image: busybox", "image: busybox\n            imagee: x");
    let report = newest(&manifest);
    let object = &report.objects[0];
    assert!(!object.valid);
    assert_eq!(
        object.message.as_deref(),
        Some(
            r#"CronJob in version "v1" cannot be handled as a CronJob: strict decoding error: unknown field "spec.startingDeadLineSeconds", unknown field "spec.jobTemplate.spec.template.spec.containers[0].imagee""#
        )
    );
    assert_eq!((object.errors[0].line, object.errors[0].column), (7, 3));
    assert_eq!((object.errors[1].line, object.errors[1].column), (16, 13));
    // kubectl's client-side validation before 1.25.
    let old = validate_manifest(&manifest, None, v(21));
    assert_eq!(
        old.objects[0].message.as_deref(),
        Some(
            r#"error validating data: [ValidationError(CronJob.spec): unknown field "startingDeadLineSeconds" in io.k8s.api.batch.v1.CronJobSpec, ValidationError(CronJob.spec.jobTemplate.spec.template.spec.containers[0]): unknown field "imagee" in io.k8s.api.core.v1.Container]; if you choose to ignore these errors, turn validation off with --validate=false"#
        )
    );
    // Known Kubernetes fields that are not modelled are fine.
    let fine = format!("{CRONJOB_HEAD}  schedule: \"0 * * * *\"\n{TEMPLATE}").replace(
        "image: busybox",
        "image: busybox\n            resources: {limits: {cpu: 1}}\n            env: [{name: A, value: b}]",
    );
    assert!(newest(&fine).objects[0].valid);
}

#[test]
fn duplicate_keys_are_reported() {
    // YAML: kubectl's conversion to JSON keeps the last value; the API server never sees the
    // first. Accepted, with a warning naming both lines.
    let manifest = format!("{CRONJOB_HEAD}  schedule: \"0 * * * *\"\n  schedule: \"5 * * * *\"\n{TEMPLATE}");
    let admission = admit(&manifest, None, KubernetesVersion::NEWEST);
    let Some(Admitted::CronJob(cj)) = &admission.objects[0].object else { panic!("{:?}", admission.objects[0].report) };
    assert_eq!(cj.spec.schedule, "5 * * * *");
    assert_eq!(
        admission.objects[0].report.warnings,
        ["spec.schedule: written twice (lines 6 and 7); kubectl's YAML reader keeps the last value and drops the one \
            at line 6 without a word"]
    );
    // JSON is sent as written: strict field validation refuses the duplicate (1.25+).
    let json = r#"{"apiVersion": "batch/v1", "kind": "CronJob", "metadata": {"name": "hello"},
 "spec": {"schedule": "0 * * * *", "schedule": "5 * * * *", "jobTemplate": {"spec": {"template": {"spec": {"restartPolicy": "OnFailure", "containers": [{"name": "c", "image": "busybox"}]}}}}}}"#;
    let object = &newest(json).objects[0];
    assert_eq!(
        object.message.as_deref(),
        Some(
            r#"CronJob in version "v1" cannot be handled as a CronJob: strict decoding error: duplicate field "spec.schedule""#
        )
    );
    assert_eq!((object.errors[0].line, object.errors[0].column), (2, 36));
}

#[test]
fn unquoted_star_schedule_is_a_parse_error_with_a_hint() {
    let manifest = format!("{CRONJOB_HEAD}  schedule: */5 * * * *\n{TEMPLATE}");
    let report = newest(&manifest);
    assert!(report.objects.is_empty());
    let error = &report.parse_errors[0];
    assert_eq!((error.line, error.column), (6, 13));
    assert!(
        error.message.ends_with("a value starting with '*' is read as a YAML alias; quote it, e.g. \"*/5 * * * *\""),
        "{}",
        error.message
    );
}

#[test]
fn multiple_documents_json_and_lists() {
    let json = r#"{"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "j"}, "spec": {"template": {"spec": {"restartPolicy": "Never", "containers": [{"name": "c", "image": "x"}]}}}}"#;
    let text = format!("{CRONJOB_HEAD}  schedule: \"0 * * * *\"\n{TEMPLATE}---\n{json}\n---\n# only a comment\n");
    let report = newest(&text);
    assert_eq!(
        report.objects.iter().map(|o| (o.kind.as_str(), o.valid, o.line)).collect::<Vec<_>>(),
        vec![("CronJob", true, 1), ("Job", true, 16)]
    );

    let list = "apiVersion: v1\nkind: List\nitems:\n- apiVersion: batch/v1\n  kind: CronJob\n  metadata:\n    name: \
        a\n    uid: 5ef034e0\n    creationTimestamp: \"2016-05-19T09:00:00Z\"\n  spec:\n    schedule: \"@hourly\"\n    \
        concurrencyPolicy: Forbid\n    jobTemplate:\n      spec:\n        template:\n          spec:\n            \
        restartPolicy: Never\n            containers: [{name: c, image: x}]\n  status:\n    lastScheduleTime: \
        \"2016-05-19T10:00:00Z\"\n    active:\n    - {kind: Job, name: a-24393720, namespace: \
        default}\nmetadata:\n  resourceVersion: \"\"\n";
    let admission = admit(list, None, v(28));
    let Some(Admitted::CronJob(cj)) = &admission.objects[0].object else { panic!("{:?}", admission.objects[0].report) };
    assert_eq!(cj.spec.concurrency_policy, Some(ConcurrencyPolicy::Forbid));
    assert_eq!(cj.status.last_schedule_time.unwrap().to_rfc3339(), "2016-05-19T10:00:00+00:00");
    assert_eq!(cj.status.active[0].name, "a-24393720");
    assert_eq!(admission.objects[0].report.line, 4);
}

#[test]
fn api_versions_per_release() {
    let beta = format!("{CRONJOB_HEAD}  schedule: \"0 * * * *\"\n{TEMPLATE}").replace("batch/v1", "batch/v1beta1");
    let old = validate_manifest(&beta, None, v(20));
    assert!(old.objects[0].valid && old.objects[0].warnings.is_empty());
    let deprecated = validate_manifest(&beta, None, v(24));
    assert_eq!(
        deprecated.objects[0].warnings,
        vec!["batch/v1beta1 CronJob is deprecated in v1.21+, unavailable in v1.25+; use batch/v1 CronJob"]
    );
    let gone = validate_manifest(&beta, None, v(25));
    assert_eq!(gone.objects[0].message.as_deref(), Some(r#"no matches for kind "CronJob" in version "batch/v1beta1""#));
    let v1 = format!("{CRONJOB_HEAD}  schedule: \"0 * * * *\"\n{TEMPLATE}");
    assert_eq!(
        validate_manifest(&v1, None, v(20)).objects[0].message.as_deref(),
        Some(r#"no matches for kind "CronJob" in version "batch/v1""#)
    );
    // v1beta1 has no lastSuccessfulTime.
    let with_status = format!("{beta}status:\n  lastSuccessfulTime: \"2016-05-19T10:00:00Z\"\n");
    assert_eq!(
        validate_manifest(&with_status, None, v(24)).objects[0].message.as_deref(),
        Some(
            r#"error validating data: ValidationError(CronJob.status): unknown field "lastSuccessfulTime" in io.k8s.api.batch.v1beta1.CronJobStatus; if you choose to ignore these errors, turn validation off with --validate=false"#
        )
    );
}

#[test]
fn documents_before_a_syntax_error_are_kept() {
    let text = format!(
        "{CRONJOB_HEAD}  schedule: \"0 * * * *\"\n{TEMPLATE}---\napiVersion: batch/v1\nkind: \
        Job\nmetadata:\n  name: [oops\n"
    );
    let report = newest(&text);
    assert_eq!(report.objects.len(), 1);
    assert_eq!(report.parse_errors.len(), 1);
    assert_eq!(report.parse_errors[0].line, 20);
}

#[test]
fn missing_kind_and_non_objects() {
    let report = newest("metadata: {name: x}\n---\n- a\n- b\n");
    let messages: Vec<&str> = report.parse_errors.iter().map(|e| e.message.as_str()).collect();
    assert_eq!(
        messages,
        vec![
            "error validating data: [apiVersion not set, kind not set]",
            "error converting YAML to JSON: the document is not an object (expected apiVersion, kind, metadata, spec)",
        ]
    );
    let other = newest("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n");
    assert!(other.objects[0].valid);
}

#[test]
fn a_ten_megabyte_input_is_refused_with_a_limit_error() {
    let big = format!("{CRONJOB_HEAD}  schedule: \"0 * * * *\"\n{TEMPLATE}# {}\n", "x".repeat(10 * 1024 * 1024));
    let report = newest(&big);
    assert_eq!(
        report.parse_errors[0].message,
        format!(
            "the manifest is {} bytes; the limit is 3145728 bytes (the API server's request size limit)",
            big.len()
        )
    );
}

#[test]
fn kubectl_get_output_with_status_is_accepted() {
    let text = include_str!("data/kubectl-get-list.yaml");
    let admission = admit(text, None, v(34));
    assert!(admission.objects[0].report.valid, "{:?}", admission.report());
    // The Job carries the selector generated for its own UID: creating it again is refused
    // (a create gets a new UID), but it is the Job as it exists, which a simulation starts from.
    let job_report = &admission.objects[1].report;
    assert_eq!(job_report.errors.last().unwrap().detail, "`selector` not auto-generated");
    let Some(Admitted::Job(job)) = &admission.objects[1].existing else { panic!("not a Job") };
    assert_eq!(job.status.active, 1);
    assert_eq!(job.metadata.controller_of().unwrap().name, "hello");
    // podReplacementPolicy did not exist before 1.28: that output cannot be applied to 1.27.
    let old = validate_manifest(text, None, v(27));
    assert_eq!(
        old.objects[1].message.as_deref(),
        Some(
            r#"Job in version "v1" cannot be handled as a Job: strict decoding error: unknown field "spec.podReplacementPolicy""#
        )
    );
    assert_eq!((old.objects[1].errors[0].line, old.objects[1].errors[0].column), (82, 5));
}
