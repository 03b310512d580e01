//! Table tests of `validate`: each case is a manifest, a Kubernetes release (and optionally the
//! old object of an update) and the exact answer of the API server — the message of
//! `pkg/apis/batch/validation/validation.go` and apimachinery's `field.Error` texts at that
//! release — plus the `line:column` the error points at.

use cronjob_playground::api::{
    admit_gated, validate_manifest, Admitted, KubernetesVersion, ObjectReport, ValidationReport,
};

fn v(minor: u8) -> KubernetesVersion {
    KubernetesVersion::new(minor).unwrap()
}

/// A CronJob named `name`, with extra lines under `spec:` and under the pod template's `spec:`.
fn cronjob(name: &str, spec: &[&str], job_spec: &[&str], pod_spec: &[&str]) -> String {
    let mut out = format!("apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: {name}\nspec:\n");
    if !spec.iter().any(|l| l.starts_with("schedule:")) {
        out.push_str("  schedule: \"0 * * * *\"\n");
    }
    for line in spec {
        out.push_str(&format!("  {line}\n"));
    }
    out.push_str("  jobTemplate:\n    spec:\n");
    for line in job_spec {
        out.push_str(&format!("      {line}\n"));
    }
    out.push_str("      template:\n        spec:\n");
    if !pod_spec.iter().any(|l| l.starts_with("restartPolicy:") || l.starts_with("containers:")) {
        out.push_str(
            "          restartPolicy: OnFailure\n          containers:\n          - name: c\n            \
            image: busybox\n",
        );
    }
    for line in pod_spec {
        out.push_str(&format!("          {line}\n"));
    }
    out
}

/// A Job named `name` with extra lines under `spec:` and under the pod template's `spec:`.
fn job(name: &str, spec: &[&str], pod_spec: &[&str]) -> String {
    let mut out = format!("apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: {name}\nspec:\n");
    for line in spec {
        out.push_str(&format!("  {line}\n"));
    }
    out.push_str("  template:\n    spec:\n");
    if !pod_spec.iter().any(|l| l.starts_with("restartPolicy:")) {
        out.push_str("      restartPolicy: Never\n");
    }
    if !pod_spec.iter().any(|l| l.starts_with("containers:")) {
        out.push_str("      containers:\n      - name: main\n        image: busybox\n");
    }
    for line in pod_spec {
        out.push_str(&format!("      {line}\n"));
    }
    out
}

fn only(report: &ValidationReport) -> &ObjectReport {
    assert!(report.parse_errors.is_empty(), "{:?}", report.parse_errors);
    assert_eq!(report.objects.len(), 1, "{report:?}");
    &report.objects[0]
}

/// Asserts the API server's message (`None` = accepted) and the warnings.
fn check(
    name: &str,
    manifest: &str,
    version: KubernetesVersion,
    old: Option<&str>,
    message: Option<&str>,
    warnings: &[&str],
) {
    let report = validate_manifest(manifest, old, version);
    let object = only(&report);
    assert_eq!(object.message.as_deref(), message, "case {name}\n{manifest}");
    assert_eq!(object.valid, message.is_none(), "case {name}");
    assert_eq!(object.warnings, warnings, "case {name}");
}

const TZ_WARNING: &str = "CRON_TZ or TZ used in spec.spec.schedule is not officially supported, see \
    https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details";

#[test]
fn cronjob_spec_rules() {
    let newest = KubernetesVersion::NEWEST;
    let cases: Vec<(&str, String, Option<&str>)> = vec![
        ("valid", cronjob("mycronjob", &[], &[], &[]), None),
        (
            "three errors in validation.go's order",
            cronjob(
                "mycronjob",
                &["schedule: \"61 * * * *\"", "startingDeadlineSeconds: -1", "concurrencyPolicy: X"],
                &[],
                &[],
            ),
            Some(
                r#"CronJob.batch "mycronjob" is invalid: [spec.schedule: Invalid value: "61 * * * *": end of range (61) above maximum (59): 61, spec.startingDeadlineSeconds: Invalid value: -1: must be greater than or equal to 0, spec.concurrencyPolicy: Unsupported value: "X": supported values: "Allow", "Forbid", "Replace"]"#,
            ),
        ),
        (
            "empty schedule",
            cronjob("mycronjob", &["schedule: \"\""], &[], &[]),
            Some(r#"CronJob.batch "mycronjob" is invalid: spec.schedule: Required value"#),
        ),
        (
            "six fields",
            cronjob("mycronjob", &["schedule: \"* * * * * *\""], &[], &[]),
            Some(
                r#"CronJob.batch "mycronjob" is invalid: spec.schedule: Invalid value: "* * * * * *": expected exactly 5 fields, found 6: [* * * * * *]"#,
            ),
        ),
        (
            "day of week 7",
            cronjob("mycronjob", &["schedule: \"0 0 * * 7\""], &[], &[]),
            Some(
                r#"CronJob.batch "mycronjob" is invalid: spec.schedule: Invalid value: "0 0 * * 7": end of range (7) above maximum (6): 7"#,
            ),
        ),
        ("never fires is still valid", cronjob("mycronjob", &["schedule: \"0 0 30 2 *\""], &[], &[]), None),
        (
            "history limits",
            cronjob("mycronjob", &["successfulJobsHistoryLimit: -1", "failedJobsHistoryLimit: -2"], &[], &[]),
            Some(
                r#"CronJob.batch "mycronjob" is invalid: [spec.successfulJobsHistoryLimit: Invalid value: -1: must be greater than or equal to 0, spec.failedJobsHistoryLimit: Invalid value: -2: must be greater than or equal to 0]"#,
            ),
        ),
        (
            "zero history limits are valid",
            cronjob("mycronjob", &["successfulJobsHistoryLimit: 0", "failedJobsHistoryLimit: 0"], &[], &[]),
            None,
        ),
        ("empty concurrencyPolicy is defaulted", cronjob("mycronjob", &["concurrencyPolicy: \"\""], &[], &[]), None),
        (
            "53-character name on create",
            cronjob(&"a".repeat(53), &[], &[], &[]),
            Some(
                r#"CronJob.batch "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" is invalid: metadata.name: Invalid value: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa": must be no more than 52 characters"#,
            ),
        ),
        ("52-character name", cronjob(&"a".repeat(52), &[], &[], &[]), None),
        (
            "name not a DNS subdomain",
            cronjob("My_Job", &[], &[], &[]),
            Some(
                r#"CronJob.batch "My_Job" is invalid: metadata.name: Invalid value: "My_Job": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"#,
            ),
        ),
        (
            "selector in the job template",
            cronjob("mycronjob", &[], &["selector: {matchLabels: {a: b}}"], &[]),
            Some(
                r#"CronJob.batch "mycronjob" is invalid: spec.jobTemplate.spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"a":"b"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: `selector` will be auto-generated"#,
            ),
        ),
        (
            "manualSelector in the job template",
            cronjob("mycronjob", &[], &["manualSelector: true"], &[]),
            Some(
                r#"CronJob.batch "mycronjob" is invalid: spec.jobTemplate.spec.manualSelector: Unsupported value: true: supported values: "nil", "false""#,
            ),
        ),
        (
            "restartPolicy omitted (defaulted to Always)",
            cronjob("mycronjob", &[], &[], &["containers: [{name: c, image: busybox}]"]),
            Some(
                r#"CronJob.batch "mycronjob" is invalid: spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never""#,
            ),
        ),
        (
            "restartPolicy unknown",
            cronjob("mycronjob", &[], &[], &["restartPolicy: Sometimes", "containers: [{name: c, image: busybox}]"]),
            Some(
                r#"CronJob.batch "mycronjob" is invalid: [spec.jobTemplate.spec.template.spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never", spec.jobTemplate.spec.template.spec.restartPolicy: Unsupported value: "Sometimes": supported values: "OnFailure", "Never"]"#,
            ),
        ),
        (
            "containers missing",
            cronjob("mycronjob", &[], &[], &["restartPolicy: Never"]),
            Some(
                r#"CronJob.batch "mycronjob" is invalid: spec.jobTemplate.spec.template.spec.containers: Required value"#,
            ),
        ),
        (
            "container name and image",
            cronjob(
                "mycronjob",
                &[],
                &[],
                &["restartPolicy: Never", "containers: [{name: Main}, {name: c, image: x}, {name: c, image: x}]"],
            ),
            Some(
                r#"CronJob.batch "mycronjob" is invalid: [spec.jobTemplate.spec.template.spec.containers[0].name: Invalid value: "Main": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?'), spec.jobTemplate.spec.template.spec.containers[0].image: Required value, spec.jobTemplate.spec.template.spec.containers[2].name: Duplicate value: "c"]"#,
            ),
        ),
        (
            "template labels",
            cronjob("mycronjob", &[], &["template:", "  metadata: {labels: {\"bad key!\": ok}}"], &[])
                .replace("      template:\n        spec:\n", "        spec:\n"),
            Some(
                r#"CronJob.batch "mycronjob" is invalid: spec.jobTemplate.spec.template.labels: Invalid value: "bad key!": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"#,
            ),
        ),
    ];
    for (name, manifest, message) in &cases {
        check(name, manifest, newest, None, *message, &[]);
    }
}

#[test]
fn tz_in_schedule_by_release() {
    let tz = cronjob("mycronjob", &["schedule: \"TZ=Europe/Berlin 0 * * * *\""], &[], &[]);
    let tz_and_zone = cronjob("mycronjob", &["schedule: \"CRON_TZ=UTC 0 * * * *\"", "timeZone: UTC"], &[], &[]);
    let plain = cronjob("mycronjob", &[], &[], &[]);
    let refused = r#"CronJob.batch "mycronjob" is invalid: spec.schedule: Invalid value: "TZ=Europe/Berlin 0 * * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead"#;
    let both = r#"CronJob.batch "mycronjob" is invalid: spec.schedule: Invalid value: "CRON_TZ=UTC 0 * * * *": cannot use both timeZone field and TZ or CRON_TZ in schedule"#;
    check("1.22 accepts silently", &tz, v(22), None, None, &[]);
    check("1.23 warns", &tz, v(23), None, None, &[TZ_WARNING]);
    check("1.28 warns", &tz, v(28), None, None, &[TZ_WARNING]);
    check("1.28 with timeZone", &tz_and_zone, v(28), None, Some(both), &[TZ_WARNING]);
    check("1.29 refuses on create", &tz, v(29), None, Some(refused), &[]);
    check("1.35 refuses on create", &tz, v(35), None, Some(refused), &[]);
    check("1.35 refuses adding TZ on update", &tz, v(35), Some(&plain), Some(refused), &[]);
    check("1.35 tolerates TZ kept on update", &tz, v(35), Some(&tz), None, &[]);
    check("1.35 update with TZ and timeZone", &tz_and_zone, v(35), Some(&tz_and_zone), Some(both), &[]);
    let bad_zone = cronjob("mycronjob", &["schedule: \"TZ=Mars/Olympus 0 * * * *\""], &[], &[]);
    check(
        "robfig's bad location error (1.28)",
        &bad_zone,
        v(28),
        None,
        Some(
            r#"CronJob.batch "mycronjob" is invalid: spec.schedule: Invalid value: "TZ=Mars/Olympus 0 * * * *": provided bad location Mars/Olympus: unknown time zone Mars/Olympus"#,
        ),
        &[TZ_WARNING],
    );
}

#[test]
fn time_zone_field_by_release() {
    let zone = |z: &str| cronjob("mycronjob", &[&format!("timeZone: {z}")], &[], &[]);
    let msg = |z: &str, detail: &str| {
        format!(r#"CronJob.batch "mycronjob" is invalid: spec.timeZone: Invalid value: "{z}": {detail}"#)
    };
    check("valid zone", &zone("Europe/Berlin"), v(35), None, None, &[]);
    check("empty", &zone("\"\""), v(35), None, Some(&msg("", "timeZone must be nil or non-empty string")), &[]);
    check(
        "typo",
        &zone("Europe/Pariss"),
        v(35),
        None,
        Some(&msg("Europe/Pariss", "unknown time zone Europe/Pariss")),
        &[],
    );
    check(
        "Local",
        &zone("Local"),
        v(35),
        None,
        Some(&msg("Local", "timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones")),
        &[],
    );
    check(
        "local: both errors",
        &zone("local"),
        v(35),
        None,
        Some(
            r#"CronJob.batch "mycronjob" is invalid: [spec.timeZone: Invalid value: "local": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones, spec.timeZone: Invalid value: "local": unknown time zone local]"#,
        ),
        &[],
    );
    check(
        "bad characters (1.27+)",
        &zone("Europe/Ber lin"),
        v(27),
        None,
        Some(&msg("Europe/Ber lin", "unknown time zone Europe/Ber lin")),
        &[],
    );
    check(
        "1.25-1.26: no character check, the zone database answers",
        &zone("Europe/Ber lin"),
        v(26),
        None,
        Some(&msg("Europe/Ber lin", "unknown time zone Europe/Ber lin")),
        &[],
    );
    check(
        "1.26: Go's LoadLocation refuses ..",
        &zone("Europe/../Paris"),
        v(26),
        None,
        Some(&msg("Europe/../Paris", "time: invalid location name")),
        &[],
    );
    check(
        "1.27: the character check refuses ..",
        &zone("Europe/../Paris"),
        v(27),
        None,
        Some(&msg("Europe/../Paris", "unknown time zone Europe/../Paris")),
        &[],
    );
    check(
        "component longer than 14 (1.27+)",
        &zone("America/Argentina_Buenos"),
        v(35),
        None,
        Some(&msg("America/Argentina_Buenos", "unknown time zone America/Argentina_Buenos")),
        &[],
    );
    check(
        "unchanged zone is not revalidated on update",
        &zone("Europe/Pariss"),
        v(35),
        Some(&zone("Europe/Pariss")),
        None,
        &[],
    );
    check(
        "alpha in 1.24: dropped",
        &zone("Europe/Berlin"),
        v(24),
        None,
        None,
        &["spec.timeZone: dropped: the CronJobTimeZone feature is alpha in Kubernetes 1.24 (off by default), so the \
            API server ignores the field"],
    );
    check(
        "unknown before 1.24 (kubectl client-side validation)",
        &zone("Europe/Berlin"),
        v(23),
        None,
        Some(
            r#"error validating data: ValidationError(CronJob.spec): unknown field "timeZone" in io.k8s.api.batch.v1.CronJobSpec; if you choose to ignore these errors, turn validation off with --validate=false"#,
        ),
        &[],
    );
}

#[test]
fn name_length_applies_on_create_only() {
    let long = cronjob(&"b".repeat(60), &[], &[], &[]);
    check("update of a long-named CronJob", &long, v(35), Some(&long), None, &[]);
}

#[test]
fn job_spec_rules() {
    let cases: Vec<(&str, String, Option<&str>)> = vec![
        ("valid", job("pi", &["backoffLimit: 4"], &[]), None),
        (
            "negative numbers in validateJobSpec order",
            job(
                "pi",
                &[
                    "parallelism: -1",
                    "completions: -2",
                    "activeDeadlineSeconds: -3",
                    "backoffLimit: -4",
                    "ttlSecondsAfterFinished: -5",
                ],
                &[],
            ),
            Some(
                r#"Job.batch "pi" is invalid: [spec.parallelism: Invalid value: -1: must be greater than or equal to 0, spec.completions: Invalid value: -2: must be greater than or equal to 0, spec.activeDeadlineSeconds: Invalid value: -3: must be greater than or equal to 0, spec.backoffLimit: Invalid value: -4: must be greater than or equal to 0, spec.ttlSecondsAfterFinished: Invalid value: -5: must be greater than or equal to 0]"#,
            ),
        ),
        ("activeDeadlineSeconds 0 passes", job("pi", &["activeDeadlineSeconds: 0"], &[]), None),
        (
            "Indexed without completions",
            job("pi", &["completionMode: Indexed", "parallelism: 2"], &[]),
            Some(r#"Job.batch "pi" is invalid: spec.completions: Required value: when completion mode is Indexed"#),
        ),
        (
            "unknown completion mode",
            job("pi", &["completionMode: Sometimes"], &[]),
            Some(
                r#"Job.batch "pi" is invalid: spec.completionMode: Unsupported value: "Sometimes": supported values: "NonIndexed", "Indexed""#,
            ),
        ),
        (
            "Indexed parallelism above 100000",
            job("pi", &["completionMode: Indexed", "completions: 5", "parallelism: 100001"], &[]),
            Some(
                r#"Job.batch "pi" is invalid: spec.parallelism: Invalid value: 100001: must be less than or equal to 100000 when completion mode is Indexed"#,
            ),
        ),
        (
            "backoffLimitPerIndex needs Indexed; maxFailedIndexes needs backoffLimitPerIndex",
            job("pi", &["backoffLimitPerIndex: 1"], &[]),
            Some(
                r#"Job.batch "pi" is invalid: spec.backoffLimitPerIndex: Invalid value: 1: requires indexed completion mode"#,
            ),
        ),
        (
            "maxFailedIndexes alone",
            job("pi", &["completionMode: Indexed", "completions: 3", "maxFailedIndexes: 5"], &[]),
            Some(
                r#"Job.batch "pi" is invalid: [spec.backoffLimitPerIndex: Required value: when maxFailedIndexes is specified, spec.maxFailedIndexes: Invalid value: 5: must be less than or equal to completions]"#,
            ),
        ),
        (
            "podFailurePolicy needs restartPolicy Never",
            job(
                "pi",
                &["podFailurePolicy: {rules: [{action: FailJob, onExitCodes: {operator: In, values: [42]}}]}"],
                &["restartPolicy: OnFailure"],
            ),
            Some(
                r#"Job.batch "pi" is invalid: spec.template.spec.restartPolicy: Invalid value: "OnFailure": only "Never" is supported when podFailurePolicy is specified"#,
            ),
        ),
        (
            "pod failure policy rule shapes",
            job(
                "pi",
                &[
                    "podFailurePolicy:",
                    "  rules:",
                    "  - action: FailJob",
                    "  - action: Ignore",
                    "    onExitCodes: {operator: In, values: [3, 0, 3]}",
                    "    onPodConditions: [{type: DisruptionTarget}]",
                    "  - action: Count",
                    "    onExitCodes: {containerName: other, operator: NotIn, values: [1]}",
                ],
                &[],
            ),
            Some(
                r#"Job.batch "pi" is invalid: [spec.podFailurePolicy.rules[0]: Invalid value: specifying one of OnExitCodes and OnPodConditions is required, spec.podFailurePolicy.rules[1].onExitCodes.values[1]: Invalid value: 0: must not be 0 for the In operator, spec.podFailurePolicy.rules[1].onExitCodes.values[2]: Duplicate value: 3, spec.podFailurePolicy.rules[1].onExitCodes.values: Invalid value: []int32{3, 0, 3}: must be ordered, spec.podFailurePolicy.rules[1]: Invalid value: specifying both OnExitCodes and OnPodConditions is not supported, spec.podFailurePolicy.rules[2].onExitCodes.containerName: Invalid value: "other": must be one of the container or initContainer names in the pod template]"#,
            ),
        ),
        (
            "FailIndex without backoffLimitPerIndex",
            job(
                "pi",
                &["podFailurePolicy: {rules: [{action: FailIndex, onExitCodes: {operator: In, values: [1]}}]}"],
                &[],
            ),
            Some(
                r#"Job.batch "pi" is invalid: spec.podFailurePolicy.rules[0].action: Invalid value: "FailIndex": requires the backoffLimitPerIndex to be set"#,
            ),
        ),
        (
            "unknown action and operator",
            job(
                "pi",
                &["podFailurePolicy: {rules: [{action: Retry, onExitCodes: {operator: Between, values: [1]}}]}"],
                &[],
            ),
            Some(
                r#"Job.batch "pi" is invalid: [spec.podFailurePolicy.rules[0].action: Unsupported value: "Retry": supported values: "Count", "FailIndex", "FailJob", "Ignore", spec.podFailurePolicy.rules[0].onExitCodes.operator: Unsupported value: "Between": supported values: "In", "NotIn"]"#,
            ),
        ),
        (
            "podReplacementPolicy with a pod failure policy",
            job(
                "pi",
                &[
                    "podReplacementPolicy: TerminatingOrFailed",
                    "podFailurePolicy: {rules: [{action: Ignore, \
                    onPodConditions: [{type: DisruptionTarget}]}]}",
                ],
                &[],
            ),
            Some(
                r#"Job.batch "pi" is invalid: spec.podReplacementPolicy: Unsupported value: "TerminatingOrFailed": supported values: "Failed""#,
            ),
        ),
        (
            "successPolicy needs Indexed",
            job("pi", &["successPolicy: {rules: [{succeededCount: 1}]}"], &[]),
            Some(
                r#"Job.batch "pi" is invalid: spec.successPolicy: Invalid value: batch.SuccessPolicy{Rules:[]batch.SuccessPolicyRule{batch.SuccessPolicyRule{SucceededIndexes:(*string)(nil), SucceededCount:1}}}: requires indexed completion mode"#,
            ),
        ),
        (
            "successPolicy rules",
            job(
                "pi",
                &[
                    "completionMode: Indexed",
                    "completions: 3",
                    "successPolicy: {rules: [{succeededIndexes: \
                    \"2-1\"}, {succeededIndexes: \"0-1\", succeededCount: 4}, {}]}",
                ],
                &[],
            ),
            Some(
                r#"Job.batch "pi" is invalid: [spec.successPolicy.rules[0].succeededIndexes: Invalid value: "2-1": error parsing succeededIndexes: non-increasing order, previous: 2, current: 1, spec.successPolicy.rules[1].succeededCount: Invalid value: 4: must be less than or equal to 3 (the number of specified completions), spec.successPolicy.rules[1].succeededCount: Invalid value: 4: must be less than or equal to 2 (the number of indexes in the specified succeededIndexes field), spec.successPolicy.rules[2]: Required value: at least one of succeededCount or succeededIndexes must be specified]"#,
            ),
        ),
        (
            "Indexed pod hostname must be a DNS label",
            job(&"j".repeat(62), &["completionMode: Indexed", "completions: 10"], &[]),
            Some(
                r#"Job.batch "jjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjj" is invalid: metadata.name: Invalid value: "jjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjj": will not able to create pod with invalid DNS label: jjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjj-9"#,
            ),
        ),
        (
            "manual selector must match the template labels",
            job("pi", &["manualSelector: true", "selector: {matchLabels: {app: x}}"], &[]),
            Some(
                r#"Job.batch "pi" is invalid: spec.template.metadata.labels: Invalid value: map[string]string(nil): `selector` does not match template `labels`"#,
            ),
        ),
        (
            "too many pod failure policy rules",
            job(
                "pi",
                &[&format!(
                    "podFailurePolicy: {{rules: [{}]}}",
                    ["{action: Ignore, onPodConditions: [{type: \
                        DisruptionTarget}]}"; 21]
                        .join(", ")
                )],
                &[],
            ),
            Some(r#"Job.batch "pi" is invalid: spec.podFailurePolicy.rules: Too many: 21: must have at most 20 items"#),
        ),
    ];
    for (name, manifest, message) in &cases {
        check(name, manifest, KubernetesVersion::NEWEST, None, *message, &[]);
    }
}

#[test]
fn job_rules_by_release() {
    let missing_restart = job("pi", &[], &["restartPolicy: \"\""]);
    check(
        "1.19: the defaulted Always is unsupported",
        &missing_restart,
        v(19),
        None,
        Some(
            r#"Job.batch "pi" is invalid: spec.template.spec.restartPolicy: Unsupported value: "Always": supported values: "OnFailure", "Never""#,
        ),
        &[],
    );
    check(
        "1.20+: required",
        &missing_restart,
        v(20),
        None,
        Some(
            r#"Job.batch "pi" is invalid: spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never""#,
        ),
        &[],
    );
    let pfp =
        job("pi", &["podFailurePolicy: {rules: [{action: FailJob, onExitCodes: {operator: In, values: [42]}}]}"], &[]);
    check(
        "podFailurePolicy before 1.25 is unknown",
        &pfp,
        v(24),
        None,
        Some(
            r#"error validating data: ValidationError(Job.spec): unknown field "podFailurePolicy" in io.k8s.api.batch.v1.JobSpec; if you choose to ignore these errors, turn validation off with --validate=false"#,
        ),
        &[],
    );
    check(
        "podFailurePolicy in 1.25 is alpha",
        &pfp,
        v(25),
        None,
        None,
        &["spec.podFailurePolicy: dropped: the JobPodFailurePolicy feature is alpha in Kubernetes 1.25 (off by \
            default), so the API server ignores the field"],
    );
    check("podFailurePolicy from 1.26", &pfp, v(26), None, None, &[]);
    let fail_index = job(
        "pi",
        &[
            "completionMode: Indexed",
            "completions: 2",
            "backoffLimitPerIndex: 1",
            "podFailurePolicy: {rules: [{action: FailIndex, onExitCodes: {operator: In, values: [1]}}]}",
        ],
        &[],
    );
    check("FailIndex from 1.29", &fail_index, v(29), None, None, &[]);
    check(
        "FailIndex in 1.28: backoffLimitPerIndex is alpha and dropped",
        &fail_index,
        v(28),
        None,
        Some(r#"Job.batch "pi" is invalid: spec.podFailurePolicy.rules[0].action: Invalid value: "FailIndex": requires the backoffLimitPerIndex to be set"#),
        &["spec.backoffLimitPerIndex: dropped: the JobBackoffLimitPerIndex feature is alpha in Kubernetes 1.28 (off by \
            default), so the API server ignores the field"],
    );
    check(
        "FailIndex before 1.28 is unsupported",
        &job(
            "pi",
            &["podFailurePolicy: {rules: [{action: FailIndex, onExitCodes: {operator: In, values: [1]}}]}"],
            &[],
        ),
        v(27),
        None,
        Some(
            r#"Job.batch "pi" is invalid: spec.podFailurePolicy.rules[0].action: Unsupported value: "FailIndex": supported values: "Count", "FailJob", "Ignore""#,
        ),
        &[],
    );
    check(
        "success policy is a strict-decoding error before 1.30",
        &job("pi", &["successPolicy: {rules: []}"], &[]),
        v(29),
        None,
        Some(
            r#"Job in version "v1" cannot be handled as a Job: strict decoding error: unknown field "spec.successPolicy""#,
        ),
        &[],
    );
}

#[test]
fn defaulting_by_release() {
    let defaulted =
        |manifest: &str, version| only(&validate_manifest(manifest, None, version)).defaulted.clone().unwrap();
    let plain = job("pi", &[], &[]);
    let d = defaulted(&plain, v(35));
    assert_eq!(d["spec"]["backoffLimit"], 6);
    assert_eq!((d["spec"]["completions"].clone(), d["spec"]["parallelism"].clone()), (1.into(), 1.into()));
    assert_eq!(d["spec"]["completionMode"], "NonIndexed");
    assert_eq!(d["spec"]["suspend"], false);
    assert_eq!(d["spec"]["podReplacementPolicy"], "TerminatingOrFailed");
    assert_eq!(d["spec"]["template"]["spec"]["terminationGracePeriodSeconds"], 30);
    assert_eq!(d["metadata"]["namespace"], "default");
    let d = defaulted(&plain, v(28));
    assert!(d["spec"].get("podReplacementPolicy").is_none());
    let d = defaulted(&plain, v(21));
    assert!(d["spec"].get("completionMode").is_none() && d["spec"].get("suspend").is_none());
    let per_index = job("pi", &["completionMode: Indexed", "completions: 3", "backoffLimitPerIndex: 1"], &[]);
    assert_eq!(defaulted(&per_index, v(35))["spec"]["backoffLimit"], i32::MAX);
    let with_pfp =
        job("pi", &["podFailurePolicy: {rules: [{action: Ignore, onPodConditions: [{type: DisruptionTarget}]}]}"], &[]);
    let d = defaulted(&with_pfp, v(35));
    assert_eq!(d["spec"]["podReplacementPolicy"], "Failed");
    assert_eq!(d["spec"]["podFailurePolicy"]["rules"][0]["onPodConditions"][0]["status"], "True");
    let only_completions = job("pi", &["completions: 5"], &[]);
    let d = defaulted(&only_completions, v(35));
    assert_eq!((d["spec"]["completions"].clone(), d["spec"]["parallelism"].clone()), (5.into(), 1.into()));
    let cj = defaulted(&cronjob("c", &[], &[], &[]), v(35));
    assert_eq!(cj["spec"]["concurrencyPolicy"], "Allow");
    assert_eq!(cj["spec"]["suspend"], false);
    assert_eq!(
        (cj["spec"]["successfulJobsHistoryLimit"].clone(), cj["spec"]["failedJobsHistoryLimit"].clone()),
        (3.into(), 1.into())
    );
    assert!(cj["spec"]["jobTemplate"]["spec"].get("backoffLimit").is_none(), "job templates are not Job-defaulted");
    // Fields not modelled are echoed as written.
    let with_pull = cronjob(
        "c",
        &[],
        &[],
        &[
            "restartPolicy: Never",
            "containers: [{name: c, image: busybox, imagePullPolicy: IfNotPresent}]",
            "nodeSelector: {disk: ssd}",
        ],
    );
    let d = defaulted(&with_pull, v(35));
    assert_eq!(
        d["spec"]["jobTemplate"]["spec"]["template"]["spec"]["containers"][0]["imagePullPolicy"],
        "IfNotPresent"
    );
    assert_eq!(d["spec"]["jobTemplate"]["spec"]["template"]["spec"]["nodeSelector"]["disk"], "ssd");
}

#[test]
fn schedule_errors_before_1_22_use_robfig_v1_texts() {
    // batch/v1beta1: the CronJob API of these releases.
    let with = |schedule: &str| {
        cronjob("mycronjob", &[&format!("schedule: \"{schedule}\"")], &[], &[]).replace("batch/v1", "batch/v1beta1")
    };
    let msg = |schedule: &str, detail: &str| {
        format!(r#"CronJob.batch "mycronjob" is invalid: spec.schedule: Invalid value: "{schedule}": {detail}"#)
    };
    check(
        "six fields",
        &with("* * * * * *"),
        v(20),
        None,
        Some(&msg("* * * * * *", "Expected exactly 5 fields, found 6: * * * * * *")),
        &[],
    );
    check(
        "range",
        &with("61 * * * *"),
        v(13),
        None,
        Some(&msg("61 * * * *", "End of range (61) above maximum (59): 61")),
        &[],
    );
    check(
        "TZ prefix is a sixth field",
        &with("TZ=UTC 0 * * * *"),
        v(20),
        None,
        Some(&msg("TZ=UTC 0 * * * *", "Expected exactly 5 fields, found 6: TZ=UTC 0 * * * *")),
        &[],
    );
    check(
        "TZ prefix read as the minute",
        &with("TZ=Europe/Berlin * * * *"),
        v(20),
        None,
        Some(&msg(
            "TZ=Europe/Berlin * * * *",
            r#"Failed to parse int from TZ=Europe: strconv.Atoi: parsing "TZ=Europe": invalid syntax"#,
        )),
        &[],
    );
    check("descriptor", &with("@reboot"), v(20), None, Some(&msg("@reboot", "Unrecognized descriptor: @reboot")), &[]);
    check("valid", &with("*/5 * * * *"), v(13), None, None, &[]);
}

/// Containers' own `restartPolicy` and `restartPolicyRules`: unknown before their gate's alpha,
/// dropped while it is alpha (off), honoured from its beta; an init container may only say
/// `Always` (a sidecar); an app container may not set one before ContainerRestartRules (1.34).
#[test]
fn container_restart_policy_and_rules_by_release() {
    let sidecar = job("pi", &[], &["initContainers:", "- {name: proxy, image: envoy, restartPolicy: Always}"]);
    check(
        "1.27 does not know a container's restartPolicy",
        &sidecar,
        v(27),
        None,
        Some(
            r#"Job in version "v1" cannot be handled as a Job: strict decoding error: unknown field "spec.template.spec.initContainers[0].restartPolicy""#,
        ),
        &[],
    );
    check(
        "1.28: SidecarContainers is alpha",
        &sidecar,
        v(28),
        None,
        None,
        &["spec.template.spec.initContainers[0].restartPolicy: dropped: the SidecarContainers feature is alpha in \
            Kubernetes 1.28 (off by default), so the API server ignores the field"],
    );
    check("1.29: a native sidecar", &sidecar, v(29), None, None, &[]);
    // The API server's gates, switched: kept in 1.28 with the gate on, dropped in 1.29 with it off.
    let kept = |minor: u8, on: bool| {
        let a = admit_gated(&sidecar, None, v(minor), &[("SidecarContainers", on)]);
        let warnings = a.objects[0].report.warnings.clone();
        match &a.objects[0].object {
            Some(Admitted::Job(j)) => (j.spec.template.spec.init_containers[0].restart_policy.is_some(), warnings),
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(kept(28, true), (true, vec![]));
    assert_eq!(
        kept(29, false),
        (
            false,
            vec!["spec.template.spec.initContainers[0].restartPolicy: dropped: the SidecarContainers feature gate \
                is off in this run (featureGates), so the API server ignores the field"
                .to_string()]
        )
    );
    let never = job("pi", &[], &["initContainers:", "- {name: setup, image: busybox, restartPolicy: Never}"]);
    check(
        "an init container's restartPolicy can only be Always",
        &never,
        v(29),
        None,
        Some(
            r#"Job.batch "pi" is invalid: spec.template.spec.initContainers[0].restartPolicy: Unsupported value: "Never": supported values: "Always""#,
        ),
        &[],
    );
    let app = job("pi", &[], &["containers:", "- {name: main, image: busybox, restartPolicy: Never}"]);
    check(
        "1.33: not on an app container",
        &app,
        v(33),
        None,
        Some(
            r#"Job.batch "pi" is invalid: spec.template.spec.containers[0].restartPolicy: Forbidden: may not be set for non-init containers"#,
        ),
        &[],
    );
    check("1.34: an app container's own restartPolicy", &app, v(34), None, None, &[]);
    let rules = job(
        "pi",
        &[],
        &[
            "containers:",
            "- name: main",
            "  image: busybox",
            "  restartPolicy: Never",
            "  restartPolicyRules: [{action: Restart, exitCodes: {operator: In, values: [42]}}]",
        ],
    );
    check(
        "1.34: ContainerRestartRules is alpha",
        &rules,
        v(34),
        None,
        None,
        &["spec.template.spec.containers[0].restartPolicyRules: dropped: the ContainerRestartRules feature is alpha in \
            Kubernetes 1.34 (off by default), so the API server ignores the field"],
    );
    check("1.35: restart rules", &rules, v(35), None, None, &[]);
}
