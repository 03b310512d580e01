//! Job validation (`ValidateJob`, `validateJobSpec`, `ValidateJobTemplateSpec`, the pod failure
//! and success policies, `ValidateJobUpdate`) from `pkg/apis/batch/validation/validation.go`,
//! 1.28–1.35, with the rules older releases lacked switched off by version.

use super::job_policies::{pod_failure_policy, success_policy, success_policy_value};
use super::meta::{object_meta, object_meta_update};
use super::names;
use super::pod::pod_template;
use super::{Checker, Outcome};
use crate::api::decode::Unsupported;
use crate::api::field_error::{BadValue, FieldError};
use crate::api::{CompletionMode, Job, JobSpec, KubernetesVersion, LabelSelector};
use crate::go::Quoted;
use std::collections::BTreeMap;

const MAX_PARALLELISM_INDEXED: i32 = 100_000;
const MAX_FAILED_INDEXES: i32 = 100_000;
const COMPLETIONS_SOFT_LIMIT: i32 = 100_000;
const PARALLELISM_LIMIT_HIGH_COMPLETIONS: i32 = 10_000;
const MAX_FAILED_INDEXES_HIGH_COMPLETIONS: i32 = 10_000;
const MAX_MANAGED_BY_LENGTH: usize = 63;

/// The UID a created object gets. The API server draws a fresh random UID for every create
/// (`rest.FillObjectMetaSystemFields`) and never keeps one written in the manifest; this fixed
/// stand-in keeps the answers reproducible.
pub const CREATED_UID: &str = "00000000-0000-4000-8000-000000000000";

/// Validates a Job being created (`ValidateJob`), after defaulting.
///
/// For Jobs without `manualSelector: true` the API server first generates the selector and
/// the pod template's labels (`generateSelector` in `pkg/registry/batch/job/strategy.go`),
/// keeping any it finds written, then checks them (`validateGeneratedSelector`): a Job copied
/// from `kubectl get` carries its old UID in both and is rejected.
pub fn validate_job_create(job: &Job, version: KubernetesVersion, unsupported: Unsupported) -> Outcome {
    validate_job_with_uid(job, CREATED_UID, version, unsupported)
}

/// [`validate_job_create`] for a Job as it is stored under its own `metadata.uid` (a `kubectl
/// get` dump of a Job that exists): its selector and labels were generated for that UID.
pub fn validate_job_as_stored(job: &Job, version: KubernetesVersion, unsupported: Unsupported) -> Outcome {
    validate_job_with_uid(job, &job.metadata.uid, version, unsupported)
}

fn validate_job_with_uid(job: &Job, uid: &str, version: KubernetesVersion, unsupported: Unsupported) -> Outcome {
    let mut c = Checker::new(version, unsupported);
    object_meta(&mut c, &job.metadata);
    let generated = (job.spec.manual_selector != Some(true)).then(|| generated_selector(&mut c, job, uid));
    validate_job_spec_with_selector(&mut c, &job.spec);
    // `ValidateJobSpec`'s last rule, on the generated selector and labels.
    if let Some((_, labels)) = generated.filter(|(s, l)| !selector_matches(s, l)) {
        c.push(FieldError::invalid(
            "spec.template.metadata.labels",
            BadValue::Raw(go_string_map(&labels)),
            "`selector` does not match template `labels`",
        ));
    }
    indexed_name(&mut c, job);
    c.finish(&["spec."])
}

/// Validates an update of a Job (`ValidateJobUpdate`): the spec rules plus immutable fields.
pub fn validate_job_update(job: &Job, old: &Job, version: KubernetesVersion, unsupported: Unsupported) -> Outcome {
    let mut c = Checker::new(version, unsupported);
    object_meta_update(&mut c, &job.metadata);
    validate_job_spec_with_selector(&mut c, &job.spec);
    let (new, old) = (&job.spec, &old.spec);
    let indexed = new.completion_mode == Some(CompletionMode::Indexed);
    if new.completions != old.completions && !(indexed && version.at_least(27)) {
        immutable(&mut c, "spec.completions", int_or_null(new.completions));
    } else if new.completions != old.completions && new.completions.is_some() && new.completions != new.parallelism {
        c.push(FieldError::invalid(
            "spec.completions",
            int_or_null(new.completions),
            "can only be modified in tandem with spec.parallelism",
        ));
    }
    if new.selector != old.selector {
        immutable(&mut c, "spec.selector", new.selector.as_ref().map_or(BadValue::Null, selector_value));
    }
    if new.template != old.template {
        immutable(&mut c, "spec.template", BadValue::Raw("core.PodTemplateSpec{…}".into()));
    }
    if new.completion_mode != old.completion_mode {
        immutable(
            &mut c,
            "spec.completionMode",
            new.completion_mode.map_or(BadValue::Null, |m| BadValue::str(format!("{m:?}"))),
        );
    }
    if new.pod_failure_policy != old.pod_failure_policy {
        immutable(&mut c, "spec.podFailurePolicy", BadValue::Raw("batch.PodFailurePolicy{…}".into()));
    }
    if new.backoff_limit_per_index != old.backoff_limit_per_index {
        immutable(&mut c, "spec.backoffLimitPerIndex", int_or_null(new.backoff_limit_per_index));
    }
    if new.success_policy != old.success_policy {
        immutable(&mut c, "spec.successPolicy", BadValue::Raw("batch.SuccessPolicy{…}".into()));
    }
    if new.managed_by != old.managed_by {
        immutable(&mut c, "spec.managedBy", new.managed_by.as_ref().map_or(BadValue::Null, BadValue::str));
    }
    c.finish(&["spec."])
}

fn immutable(c: &mut Checker, path: &str, value: BadValue) {
    c.push(FieldError::invalid(path, value, "field is immutable"));
}

fn int_or_null(v: Option<i32>) -> BadValue {
    v.map_or(BadValue::Null, |n| BadValue::Int(n.into()))
}

/// `ValidateJobSpec`: `validateJobSpec` and, for manual selectors, the selector rules.
fn validate_job_spec_with_selector(c: &mut Checker, spec: &JobSpec) {
    validate_job_spec(c, spec, "spec");
    if spec.manual_selector != Some(true) {
        return;
    }
    match &spec.selector {
        None => c.push(FieldError::required("spec.selector", "")),
        Some(selector) => {
            if !selector_matches(selector, &spec.template.metadata.labels) {
                c.push(FieldError::invalid(
                    "spec.template.metadata.labels",
                    BadValue::Raw(go_string_map(&spec.template.metadata.labels)),
                    "`selector` does not match template `labels`",
                ));
            }
        }
    }
}

/// `generateSelector` then `validateGeneratedSelector` for a create: the labels the strategy
/// adds where absent (`job-name`, `controller-uid`, and from 1.27 their `batch.kubernetes.io/`
/// forms, checked with `RequirePrefixedLabels`), the selector key it adds where absent
/// (`batch.kubernetes.io/controller-uid` from 1.27, `controller-uid` before), and whether what
/// was written agrees with the new object's name and UID. Returns the selector and labels as
/// generated.
fn generated_selector(c: &mut Checker, job: &Job, uid: &str) -> (LabelSelector, BTreeMap<String, String>) {
    let prefixed = c.version.at_least(27);
    let name = job.metadata.name.as_str();
    let mut keys = vec![("controller-uid", uid), ("job-name", name)];
    if prefixed {
        keys.extend([("batch.kubernetes.io/controller-uid", uid), ("batch.kubernetes.io/job-name", name)]);
    }
    let mut labels = job.spec.template.metadata.labels.clone();
    for (key, value) in &keys {
        labels.entry((*key).to_string()).or_insert_with(|| (*value).to_string());
    }
    let mut selector = job.spec.selector.clone().unwrap_or_default();
    let selector_key = if prefixed { "batch.kubernetes.io/controller-uid" } else { "controller-uid" };
    selector.match_labels.entry(selector_key.to_string()).or_insert_with(|| uid.to_string());
    for (key, expected) in &keys {
        if labels.get(*key).map(String::as_str) != Some(*expected) {
            c.push(FieldError::invalid(
                format!("spec.template.metadata.labels[{key}]"),
                BadValue::Raw(go_string_map(&labels)),
                format!("must be '{expected}'"),
            ));
        }
    }
    let expected: BTreeMap<String, String> = keys.iter().map(|(k, v)| ((*k).to_string(), (*v).to_string())).collect();
    if !selector_matches(&selector, &expected) {
        c.push(FieldError::invalid("spec.selector", selector_value(&selector), "`selector` not auto-generated"));
    }
    (selector, labels)
}

/// Indexed pods are named `<job>-<index>` in their hostname, which must be a DNS label.
fn indexed_name(c: &mut Checker, job: &Job) {
    let (Some(CompletionMode::Indexed), Some(completions)) = (job.spec.completion_mode, job.spec.completions) else {
        return;
    };
    if completions <= 0 || !c.version.at_least(24) {
        return;
    }
    let hostname = format!("{}-{}", job.metadata.name, completions - 1);
    if !names::dns1123_label(&hostname).is_empty() {
        c.push(FieldError::invalid(
            "metadata.name",
            BadValue::str(&job.metadata.name),
            format!("will not able to create pod with invalid DNS label: {hostname}"),
        ));
    }
}

/// `ValidateJobTemplateSpec`: a CronJob's Job template at `spec.jobTemplate`.
pub fn validate_job_template(c: &mut Checker, spec: &JobSpec, path: &str) {
    let spec_path = format!("{path}.spec");
    validate_job_spec(c, spec, &spec_path);
    if let Some(selector) = &spec.selector {
        c.push(FieldError::invalid(
            format!("{spec_path}.selector"),
            selector_value(selector),
            "`selector` will be auto-generated",
        ));
    }
    if spec.manual_selector == Some(true) {
        c.push(FieldError::not_supported_value(
            format!("{spec_path}.manualSelector"),
            BadValue::Bool(true),
            &["nil", "false"],
        ));
    }
}

/// `validateJobSpec`.
fn validate_job_spec(c: &mut Checker, spec: &JobSpec, path: &str) {
    let p = |f: &str| format!("{path}.{f}");
    let nonneg = |c: &mut Checker, f: &str, v: Option<i64>| {
        if let Some(v) = v {
            FieldError::check_nonnegative(&p(f), v, &mut c.outcome.errors);
        }
    };
    nonneg(c, "parallelism", spec.parallelism.map(i64::from));
    nonneg(c, "completions", spec.completions.map(i64::from));
    nonneg(c, "activeDeadlineSeconds", spec.active_deadline_seconds);
    nonneg(c, "backoffLimit", spec.backoff_limit.map(i64::from));
    nonneg(c, "ttlSecondsAfterFinished", spec.ttl_seconds_after_finished.map(i64::from));
    nonneg(c, "backoffLimitPerIndex", spec.backoff_limit_per_index.map(i64::from));
    if let Some(max_failed) = spec.max_failed_indexes {
        FieldError::check_nonnegative(&p("maxFailedIndexes"), max_failed.into(), &mut c.outcome.errors);
        if spec.backoff_limit_per_index.is_none() {
            c.push(FieldError::required(p("backoffLimitPerIndex"), "when maxFailedIndexes is specified"));
        }
    }
    if let Some(managed_by) = &spec.managed_by {
        managed_by_path(c, managed_by, &p("managedBy"));
    }
    let mode = c.enum_text(&p("completionMode"), spec.completion_mode);
    if let Some(mode) = &mode {
        if mode != "NonIndexed" && mode != "Indexed" {
            c.push(FieldError::not_supported(p("completionMode"), mode, &["NonIndexed", "Indexed"]));
        }
        if mode == "Indexed" {
            indexed_limits(c, spec, &p);
        }
    }
    if mode.as_deref().is_none_or(|m| m == "NonIndexed") {
        if let Some(v) = spec.backoff_limit_per_index {
            c.push(FieldError::invalid(
                p("backoffLimitPerIndex"),
                BadValue::Int(v.into()),
                "requires indexed completion mode",
            ));
        }
        if let Some(v) = spec.max_failed_indexes {
            c.push(FieldError::invalid(
                p("maxFailedIndexes"),
                BadValue::Int(v.into()),
                "requires indexed completion mode",
            ));
        }
    }
    if let Some(policy) = &spec.pod_failure_policy {
        pod_failure_policy(c, spec, policy, &p("podFailurePolicy"));
    }
    if let Some(policy) = &spec.success_policy {
        if mode.as_deref() != Some("Indexed") {
            c.push(FieldError::invalid(
                p("successPolicy"),
                BadValue::Raw(success_policy_value(policy)),
                "requires indexed completion mode",
            ));
        } else {
            success_policy(c, spec, policy, &p("successPolicy"));
        }
    }
    if let Some(replacement) = c.enum_text(&p("podReplacementPolicy"), spec.pod_replacement_policy) {
        if spec.pod_failure_policy.is_some() {
            if replacement != "Failed" {
                c.push(FieldError::not_supported(p("podReplacementPolicy"), &replacement, &["Failed"]));
            }
        } else if replacement != "Failed" && replacement != "TerminatingOrFailed" {
            c.push(FieldError::not_supported(
                p("podReplacementPolicy"),
                &replacement,
                &["Failed", "TerminatingOrFailed"],
            ));
        }
    }
    let restart_path = p("template.spec.restartPolicy");
    let restart = c.enum_text(&restart_path, spec.template.spec.restart_policy).unwrap_or_default();
    pod_template(c, &spec.template, &p("template"), &restart);
    // Before 1.20 (kubernetes#95747) the defaulted `Always` was reported as unsupported.
    match restart.as_str() {
        "Always" | "" if c.version.at_least(20) => {
            c.push(FieldError::required(restart_path, "valid values: \"OnFailure\", \"Never\""));
        }
        "OnFailure" | "Never" => {
            if spec.pod_failure_policy.is_some() && restart != "Never" {
                c.push(FieldError::invalid(
                    restart_path,
                    BadValue::str(&restart),
                    "only \"Never\" is supported when podFailurePolicy is specified",
                ));
            }
        }
        other => c.push(FieldError::not_supported(restart_path, other, &["OnFailure", "Never"])),
    }
}

fn indexed_limits(c: &mut Checker, spec: &JobSpec, p: &impl Fn(&str) -> String) {
    if spec.completions.is_none() {
        c.push(FieldError::required(p("completions"), "when completion mode is Indexed"));
    }
    if let Some(parallelism) = spec.parallelism.filter(|&n| n > MAX_PARALLELISM_INDEXED) {
        c.push(FieldError::invalid(
            p("parallelism"),
            BadValue::Int(parallelism.into()),
            format!("must be less than or equal to {MAX_PARALLELISM_INDEXED} when completion mode is Indexed"),
        ));
    }
    if let (Some(completions), Some(max_failed)) = (spec.completions, spec.max_failed_indexes) {
        if max_failed > completions {
            c.push(FieldError::invalid(
                p("maxFailedIndexes"),
                BadValue::Int(max_failed.into()),
                "must be less than or equal to completions",
            ));
        }
    }
    if let Some(max_failed) = spec.max_failed_indexes.filter(|&n| n > MAX_FAILED_INDEXES) {
        c.push(FieldError::invalid(
            p("maxFailedIndexes"),
            BadValue::Int(max_failed.into()),
            format!("must be less than or equal to {MAX_FAILED_INDEXES}"),
        ));
    }
    let high = spec.completions.is_some_and(|n| n > COMPLETIONS_SOFT_LIMIT) && spec.backoff_limit_per_index.is_some();
    if high {
        if spec.max_failed_indexes.is_none() {
            c.push(FieldError::required(
                p("maxFailedIndexes"),
                format!("must be specified when completions is above {COMPLETIONS_SOFT_LIMIT}"),
            ));
        }
        let suffix =
            format!("when completions are above {COMPLETIONS_SOFT_LIMIT} and used with backoff limit per index");
        if let Some(n) = spec.parallelism.filter(|&n| n > PARALLELISM_LIMIT_HIGH_COMPLETIONS) {
            c.push(FieldError::invalid(
                p("parallelism"),
                BadValue::Int(n.into()),
                format!("must be less than or equal to {PARALLELISM_LIMIT_HIGH_COMPLETIONS} {suffix}"),
            ));
        }
        if let Some(n) = spec.max_failed_indexes.filter(|&n| n > MAX_FAILED_INDEXES_HIGH_COMPLETIONS) {
            c.push(FieldError::invalid(
                p("maxFailedIndexes"),
                BadValue::Int(n.into()),
                format!("must be less than or equal to {MAX_FAILED_INDEXES_HIGH_COMPLETIONS} {suffix}"),
            ));
        }
    }
}

/// `IsDomainPrefixedPath` and the length limit of `spec.managedBy`.
fn managed_by_path(c: &mut Checker, value: &str, path: &str) {
    match value.split_once('/') {
        Some((host, rest)) if !rest.is_empty() => {
            for msg in names::dns1123_subdomain(host) {
                c.push(FieldError::invalid(path, BadValue::str(host), msg));
            }
            let path_ok = rest.chars().all(|ch| ch.is_ascii_alphanumeric() || "/-._~%!$&'()*+,;=:".contains(ch));
            if !path_ok {
                c.push(FieldError::invalid(
                    path,
                    BadValue::str(rest),
                    "Invalid path: must only contain characters: a-z, A-Z, 0-9, /, -, ., _, ~, %, !, $, &, ', (, ), *, \
                    +, ,, ;, =, :",
                ));
            }
        }
        _ => c.push(FieldError::invalid(
            path,
            BadValue::str(value),
            "must be a domain-prefixed path (such as \"acme.io/foo\")",
        )),
    }
    if value.len() > MAX_MANAGED_BY_LENGTH {
        c.push(FieldError::too_long(path, MAX_MANAGED_BY_LENGTH));
    }
}

/// Go's `%#v` of a `map[string]string` (keys sorted, as `fmt` prints maps).
fn go_string_map(map: &BTreeMap<String, String>) -> String {
    if map.is_empty() {
        return "map[string]string(nil)".into();
    }
    let entries: Vec<String> = map.iter().map(|(k, v)| format!("{}:{}", Quoted(k), Quoted(v))).collect();
    format!("map[string]string{{{}}}", entries.join(", "))
}

/// Go's `%#v` of a `metav1.LabelSelector`.
fn selector_value(selector: &LabelSelector) -> BadValue {
    let expressions = if selector.match_expressions.is_empty() {
        "[]v1.LabelSelectorRequirement(nil)".to_string()
    } else {
        let items: Vec<String> = selector
            .match_expressions
            .iter()
            .map(|r| {
                let values = if r.values.is_empty() {
                    "[]string(nil)".to_string()
                } else {
                    format!(
                        "[]string{{{}}}",
                        r.values.iter().map(|v| Quoted(v).to_string()).collect::<Vec<_>>().join(", ")
                    )
                };
                format!(
                    "v1.LabelSelectorRequirement{{Key:{}, Operator:{}, Values:{values}}}",
                    Quoted(&r.key),
                    Quoted(&r.operator)
                )
            })
            .collect();
        format!("[]v1.LabelSelectorRequirement{{{}}}", items.join(", "))
    };
    BadValue::Raw(format!(
        "v1.LabelSelector{{MatchLabels:{}, MatchExpressions:{expressions}}}",
        go_string_map(&selector.match_labels)
    ))
}

/// Whether a selector's `matchLabels` and `matchExpressions` select the given labels.
fn selector_matches(selector: &LabelSelector, labels: &BTreeMap<String, String>) -> bool {
    let labels_ok = selector.match_labels.iter().all(|(k, v)| labels.get(k) == Some(v));
    let expressions_ok = selector.match_expressions.iter().all(|r| match r.operator.as_str() {
        "In" => labels.get(&r.key).is_some_and(|v| r.values.contains(v)),
        "NotIn" => labels.get(&r.key).is_none_or(|v| !r.values.contains(v)),
        "Exists" => labels.contains_key(&r.key),
        "DoesNotExist" => !labels.contains_key(&r.key),
        _ => false,
    });
    labels_ok && expressions_ok
}
