//! What the API server does with each object of a `kubectl apply`: decode (types, strict
//! fields), default, validate (create, or update against an old version) — and the answer it
//! gives, with the position of every problem in the manifest. This is the `validate` contract
//! of `docs/contracts.md` §2 and the loader the simulation starts from.

use super::decode::{decode, DecodeError, Findings, ReadNote, Unsupported};
use super::defaults::{default_cronjob, default_job};
use super::field_error::{invalid_message, FieldError};
use super::load::{load_manifest, strict_message, Manifest, RawObject, Route};
use super::validation::{
    validate_cronjob_create, validate_cronjob_update, validate_job_as_stored, validate_job_create, validate_job_update,
    Outcome,
};
use super::yaml::{Node, Pos};
use super::{CronJob, Job, KubernetesVersion, PodTemplateSpec};
use serde::Serialize;
use serde_json::Value;

/// The `validate` response: one entry per object, and the errors that made text unreadable.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ValidationReport {
    pub objects: Vec<ObjectReport>,
    pub parse_errors: Vec<ParseErrorReport>,
}

/// What the API server answered for one object.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectReport {
    /// The object's `apiVersion` as routed (a typed list's items take the list's); an
    /// extension of the contract, so that a CronJob of another group is told apart.
    pub api_version: String,
    pub kind: String,
    pub name: String,
    pub valid: bool,
    /// The API server's error message, `None` when the object is accepted.
    pub message: Option<String>,
    pub errors: Vec<ErrorReport>,
    pub warnings: Vec<String>,
    /// The playground's own warnings among `warnings` (the first ones), as facts, so that the page
    /// says them in the reader's language: what reading the text did quietly.
    #[serde(skip)]
    pub notes: Vec<ReadNote>,
    /// The object after defaulting (fields not modelled are echoed as written).
    pub defaulted: Option<Value>,
    /// Where the object starts (an extension of the contract).
    pub line: u32,
    pub column: u32,
}

impl ObjectReport {
    /// Where a refusal points: the first error's field, as `validate` lists it, or the
    /// object's start when no field is named.
    pub fn position(&self) -> (u32, u32) {
        self.errors.first().map_or((self.line, self.column), |e| (e.line, e.column))
    }
}

/// One error of an object, with where it points in the manifest.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ErrorReport {
    pub field: String,
    #[serde(rename = "type")]
    pub error_type: String,
    pub detail: String,
    /// The apimachinery `field.Error` text, or the decoder's message.
    pub text: String,
    pub line: u32,
    pub column: u32,
}

/// Text that could not be read as objects.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ParseErrorReport {
    pub message: String,
    pub line: u32,
    pub column: u32,
}

/// An accepted object, typed and defaulted.
// A manifest holds a handful of objects: plain variants read better than boxed ones.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Admitted {
    CronJob(CronJob),
    Job(Job),
    /// A kind not modelled here (e.g. the `Simulation` document), as JSON.
    Other {
        api_version: String,
        kind: String,
        value: Value,
    },
}

/// An object's report and, when it was accepted, the object.
#[derive(Clone, Debug, PartialEq)]
pub struct AdmittedObject {
    pub report: ObjectReport,
    pub object: Option<Admitted>,
    /// A Job that a create rejects only because it carries the selector and labels generated
    /// for its own `metadata.uid` (a `kubectl get` dump of a Job that exists): the Job as the
    /// cluster stores it, which a simulation starts from.
    pub existing: Option<Admitted>,
}

/// Every object of a manifest as the API server would take it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Admission {
    pub objects: Vec<AdmittedObject>,
    pub parse_errors: Vec<ParseErrorReport>,
}

impl Admission {
    /// The `validate` response.
    pub fn report(&self) -> ValidationReport {
        ValidationReport {
            objects: self.objects.iter().map(|o| o.report.clone()).collect(),
            parse_errors: self.parse_errors.clone(),
        }
    }
}

/// Admits the objects of `text` as creates, or as updates of the same-named objects in `old`.
///
/// ```
/// use cronjob_playground::api::{admit, KubernetesVersion};
/// let text = "apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: hello\nspec:\n  schedule: \"61 * * * *\"\n  \
///     jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          \
///     containers: [{name: c, image: busybox}]\n";
/// let report = admit(text, None, KubernetesVersion::NEWEST).report();
/// let object = &report.objects[0];
/// assert_eq!(object.message.as_deref(),
///     Some(r#"CronJob.batch "hello" is invalid: spec.schedule: Invalid value: "61 * * * *": end of range (61) above maximum (59): 61"#));
/// assert_eq!((object.errors[0].line, object.errors[0].column), (6, 13));
/// ```
pub fn admit(text: &str, old: Option<&str>, version: KubernetesVersion) -> Admission {
    admit_gated(text, old, version, &[])
}

/// [`admit`] by an API server whose feature gates differ from the release's defaults
/// (`(gate, on)` pairs): a field whose gate is on is kept even in its alpha release, one whose
/// gate is off is dropped (`dropDisabledFields`).
///
/// ```
/// use cronjob_playground::api::{admit_gated, Admitted, KubernetesVersion};
/// let text = "apiVersion: batch/v1\nkind: Job\nmetadata: {name: j}\nspec:\n  managedBy: example.com/queue\n  \
///     template:\n    spec:\n      restartPolicy: Never\n      containers: [{name: c, image: busybox}]\n";
/// let v31 = KubernetesVersion::new(31).unwrap();
/// let managed = |gates: &[(&str, bool)]| match &admit_gated(text, None, v31, gates).objects[0].object {
///     Some(Admitted::Job(j)) => j.spec.managed_by.clone(),
///     _ => unreachable!(),
/// };
/// assert_eq!(managed(&[]), None); // alpha in 1.31: dropped
/// assert_eq!(managed(&[("JobManagedBy", true)]).as_deref(), Some("example.com/queue"));
/// ```
pub fn admit_gated(text: &str, old: Option<&str>, version: KubernetesVersion, gates: &[(&str, bool)]) -> Admission {
    let old_objects: Vec<Admitted> = old
        .map(|o| {
            load_manifest(o)
                .objects
                .iter()
                .filter_map(|raw| decode_and_default(raw, version, gates).map(|(a, _)| a))
                .collect()
        })
        .unwrap_or_default();
    admit_all(&load_manifest(text), &old_objects, version, gates)
}

/// Admits the objects of a manifest already read, as creates: [`admit_gated`] without reading the
/// text again (a manifest is read once, then admitted under the release its Simulation document
/// picks).
///
/// ```
/// use cronjob_playground::api::{admit_loaded, load::load_manifest, KubernetesVersion};
/// let manifest = load_manifest("apiVersion: batch/v1beta1\nkind: CronJob\nmetadata: {name: old}\n");
/// let report = |minor| admit_loaded(&manifest, KubernetesVersion::new(minor).unwrap(),
///     &[]).objects[0].report.message.clone();
/// assert_eq!(report(25).as_deref(), Some("no matches for kind \"CronJob\" in version \"batch/v1beta1\""));
/// assert!(report(20).is_some_and(|m| m.starts_with("CronJob.batch \"old\" is invalid: ")));
/// ```
pub fn admit_loaded(manifest: &Manifest, version: KubernetesVersion, gates: &[(&str, bool)]) -> Admission {
    admit_all(manifest, &[], version, gates)
}

fn admit_all(manifest: &Manifest, old: &[Admitted], version: KubernetesVersion, gates: &[(&str, bool)]) -> Admission {
    let objects =
        manifest.objects.iter().enumerate().map(|(i, raw)| admit_object(raw, i, old, version, gates)).collect();
    let parse_errors = manifest
        .errors
        .iter()
        .map(|e| ParseErrorReport { message: e.message.clone(), line: e.pos.line, column: e.pos.column })
        .collect();
    Admission { objects, parse_errors }
}

/// [`admit`] and its report in one call: the `validate` command.
pub fn validate_manifest(text: &str, old: Option<&str>, version: KubernetesVersion) -> ValidationReport {
    admit(text, old, version).report()
}

fn report_for(raw: &RawObject) -> ObjectReport {
    ObjectReport {
        api_version: raw.api_version.clone(),
        kind: raw.kind.clone(),
        name: raw.name.clone(),
        valid: false,
        message: None,
        errors: Vec::new(),
        warnings: Vec::new(),
        notes: Vec::new(),
        defaulted: None,
        line: raw.node.pos.line,
        column: raw.node.pos.column,
    }
}

fn error_at(node: &Node, field: &str, error_type: &str, detail: String, text: String) -> ErrorReport {
    let Pos { line, column } = node.locate(field).pos;
    ErrorReport { field: field.to_string(), error_type: error_type.into(), detail, text, line, column }
}

/// A decoded object.
#[allow(clippy::large_enum_variant)]
enum Decoded {
    CronJob(CronJob),
    Job(Job),
}

fn decode_raw(
    raw: &RawObject,
    version: KubernetesVersion,
    gates: &[(&str, bool)],
) -> Option<(Result<Decoded, DecodeError>, Findings)> {
    match raw.route(version) {
        Route::CronJob { beta } => {
            let (result, findings) = decode::<CronJob>(&raw.node, version, gates, beta, raw.json_text);
            Some((result.map(Decoded::CronJob), findings))
        }
        Route::Job => {
            let (result, findings) = decode::<Job>(&raw.node, version, gates, false, raw.json_text);
            Some((result.map(Decoded::Job), findings))
        }
        Route::NotServed | Route::Other => None,
    }
}

/// Decodes and defaults without validating: how an `old` object is read.
fn decode_and_default(
    raw: &RawObject,
    version: KubernetesVersion,
    gates: &[(&str, bool)],
) -> Option<(Admitted, Findings)> {
    let (result, mut findings) = decode_raw(raw, version, gates)?;
    let admitted = match result.ok()? {
        Decoded::CronJob(mut cj) => {
            default_cronjob(&mut cj, version, &mut findings.unsupported);
            Admitted::CronJob(cj)
        }
        Decoded::Job(mut job) => {
            default_job(&mut job, version, &mut findings.unsupported);
            Admitted::Job(job)
        }
    };
    Some((admitted, findings))
}

/// One object of the manifest through the API server: routed by kind and version, decoded
/// strictly, named, defaulted and validated (as an update when an earlier object of the
/// manifest has its name).
fn admit_object(
    raw: &RawObject,
    index: usize,
    old: &[Admitted],
    version: KubernetesVersion,
    gates: &[(&str, bool)],
) -> AdmittedObject {
    let group_version = raw.api_version.rsplit('/').next().unwrap_or_default().to_string();
    let route = raw.route(version);
    let mut report = match not_batch(raw, route, report_for(raw)) {
        Ok(report) => report,
        Err(answered) => return *answered,
    };
    let refused = |report| AdmittedObject { report, object: None, existing: None };
    let Some((result, findings)) = decode_raw(raw, version, gates) else {
        return refused(report);
    };
    report.warnings.extend(findings.notes.iter().map(ReadNote::to_string));
    report.notes.clone_from(&findings.notes);
    if route == (Route::CronJob { beta: true }) && version.at_least(21) {
        report
            .warnings
            .push("batch/v1beta1 CronJob is deprecated in v1.21+, unavailable in v1.25+; use batch/v1 CronJob".into());
    }
    let mut decoded = match result {
        Ok(decoded) => decoded,
        Err(err) => {
            let pos = err.pos.unwrap_or(raw.node.pos);
            report.message = Some(format!(
                "{} in version \"{group_version}\" cannot be handled as a {}: {}",
                raw.kind, raw.kind, err.message
            ));
            report.errors.push(ErrorReport {
                field: err.path.unwrap_or_default(),
                error_type: "Invalid type".into(),
                detail: err.message.clone(),
                text: err.message,
                line: pos.line,
                column: pos.column,
            });
            return refused(report);
        }
    };
    if !findings.strict.is_empty() {
        let beta = route == (Route::CronJob { beta: true });
        report.message = Some(strict_message(&findings.strict, &raw.kind, &group_version, version, beta));
        for issue in &findings.strict {
            let error_type = if issue.message.starts_with("unknown") { "Unknown field" } else { "Duplicate field" };
            report.errors.push(ErrorReport {
                field: issue.path.clone(),
                error_type: error_type.into(),
                detail: issue.message.clone(),
                text: issue.message.clone(),
                line: issue.pos.line,
                column: issue.pos.column,
            });
        }
        return refused(report);
    }
    let meta = match &mut decoded {
        Decoded::CronJob(cj) => &mut cj.metadata,
        Decoded::Job(job) => &mut job.metadata,
    };
    name_from_prefix(meta, index);
    report.name = meta.name.clone();
    let (admitted, outcome, typed_json, existing) = default_and_validate(decoded, old, version, findings.unsupported);
    let mut echoed = raw.json();
    for note in &findings.notes {
        if let ReadNote::DroppedField { path, .. } = note {
            remove_path(&mut echoed, path);
        }
    }
    report.defaulted = Some(merge(echoed, typed_json));
    let mut admitted = finish(report, raw, admitted, outcome);
    admitted.existing = existing;
    admitted
}

/// What is not a batch object the API server serves: another kind, passed through (with a
/// warning for a look-alike of another API group), or a kind and version discovery does not
/// know, refused as kubectl refuses it. `Ok` hands a batch object's report back.
fn not_batch(raw: &RawObject, route: Route, mut report: ObjectReport) -> Result<ObjectReport, Box<AdmittedObject>> {
    match route {
        Route::Other => {
            report.valid = true;
            if super::load::is_look_alike(&raw.api_version, &raw.kind) {
                let group = raw.api_version.rsplit_once('/').map_or("", |(g, _)| g);
                report.warnings.push(format!(
                    "{} {:?} is of API group {group:?}, not \"batch\": a custom resource, served only once its CRD is \
                    installed (until then kubectl answers: no matches for kind {:?} in version {:?}; ensure CRDs are \
                    installed first) and run by its own controller, not Kubernetes' {} controller, so it is neither \
                    validated nor simulated here",
                    raw.kind, raw.name, raw.kind, raw.api_version, raw.kind
                ));
            }
            report.defaulted = Some(raw.json());
            let object =
                Admitted::Other { api_version: raw.api_version.clone(), kind: raw.kind.clone(), value: raw.json() };
            Err(Box::new(AdmittedObject { report, object: Some(object), existing: None }))
        }
        Route::NotServed => {
            // kubectl's discovery finds no such kind and says so before anything reaches the
            // API server (cli-runtime's mapper adds the second line).
            let message = format!("no matches for kind \"{}\" in version \"{}\"", raw.kind, raw.api_version);
            let text = format!("{message}\nensure CRDs are installed first");
            report.errors.push(error_at(&raw.node, "apiVersion", "Not served", message.clone(), text));
            report.message = Some(message);
            Err(Box::new(AdmittedObject { report, object: None, existing: None }))
        }
        Route::CronJob { .. } | Route::Job => Ok(report),
    }
}

/// Defaulting then validation, as a create or (when an earlier object of the manifest has the
/// name) an update; the typed object's JSON. A Job refused as new but valid as stored under
/// its own UID (a `kubectl get` dump of a Job that exists) is also answered as `existing`.
fn default_and_validate(
    decoded: Decoded,
    old: &[Admitted],
    version: KubernetesVersion,
    mut unsupported: Unsupported,
) -> (Admitted, Outcome, Value, Option<Admitted>) {
    match decoded {
        Decoded::CronJob(mut cj) => {
            default_cronjob(&mut cj, version, &mut unsupported);
            let previous = old.iter().find_map(|o| match o {
                Admitted::CronJob(p) if p.metadata.name == cj.metadata.name => Some(p),
                _ => None,
            });
            let outcome = match previous {
                Some(p) => validate_cronjob_update(&cj, p, version, unsupported),
                None => validate_cronjob_create(&cj, version, unsupported),
            };
            let json = serde_json::to_value(&cj).unwrap_or(Value::Null);
            (Admitted::CronJob(cj), outcome, json, None)
        }
        Decoded::Job(mut job) => {
            default_job(&mut job, version, &mut unsupported);
            let previous = old.iter().find_map(|o| match o {
                Admitted::Job(p) if p.metadata.name == job.metadata.name => Some(p),
                _ => None,
            });
            let mut existing = None;
            let outcome = match previous {
                Some(p) => validate_job_update(&job, p, version, unsupported),
                None => {
                    let stored = (!job.metadata.uid.is_empty())
                        .then(|| validate_job_as_stored(&job, version, unsupported.clone()));
                    let outcome = validate_job_create(&job, version, unsupported);
                    if !outcome.errors.is_empty() && stored.is_some_and(|s| s.errors.is_empty()) {
                        existing = Some(Admitted::Job(job.clone()));
                    }
                    outcome
                }
            };
            let json = serde_json::to_value(&job).unwrap_or(Value::Null);
            (Admitted::Job(job), outcome, json, existing)
        }
    }
}

/// `rest.BeforeCreate`: an object with a `generateName` and no name gets a generated name
/// before it is validated. The suffix is seeded by the prefix and the object's place in the
/// manifest, so the same text always names its objects the same and two objects with one
/// prefix get different names.
fn name_from_prefix(meta: &mut super::ObjectMeta, index: usize) {
    if !meta.name.is_empty() || meta.generate_name.is_empty() {
        return;
    }
    let seed =
        meta.generate_name.bytes().fold(0x811c_9dc5_u64, |h, b| ((h ^ u64::from(b)) * 0x0100_0193) & 0xffff_ffff);
    meta.name = super::generated_name(&meta.generate_name, seed + index as u64);
}

fn finish(mut report: ObjectReport, raw: &RawObject, admitted: Admitted, outcome: Outcome) -> AdmittedObject {
    report.warnings.extend(outcome.warnings);
    let template = match &admitted {
        Admitted::CronJob(cj) => Some((&cj.spec.job_template.spec.template, "spec.jobTemplate.spec.template.spec")),
        Admitted::Job(job) => Some((&job.spec.template, "spec.template.spec")),
        Admitted::Other { .. } => None,
    };
    if let Some((template, path)) = template {
        report.warnings.extend(restart_all_containers_not_simulated(template, path));
    }
    report.valid = outcome.errors.is_empty();
    if report.valid {
        return AdmittedObject { report, object: Some(admitted), existing: None };
    }
    let kind = raw.kind.as_str();
    report.message = Some(invalid_message(kind, &report.name, &outcome.errors));
    report.errors = outcome.errors.iter().map(|e| field_error_report(&raw.node, e)).collect();
    AdmittedObject { report, object: None, existing: None }
}

/// A restart rule with the action `RestartAllContainers` (KEP-5532: beta, on by default, from
/// 1.36) restarts the whole pod in place; the model does not simulate that (`docs/model.md`, "1.36
/// and 1.37"), so it says so rather than draw a run the cluster would not have.
///
/// ```
/// # use cronjob_playground::api::admit;
/// # use cronjob_playground::api::KubernetesVersion;
/// let text = r#"
/// apiVersion: batch/v1
/// kind: Job
/// metadata: {name: j}
/// spec:
///   template:
///     spec:
///       restartPolicy: Never
///       containers:
///       - name: c
///         image: busybox
///         restartPolicy: Never
///         restartPolicyRules: [{action: RestartAllContainers, exitCodes: {operator: In, values: [42]}}]
/// "#;
/// let report = admit(text, None, KubernetesVersion::NEWEST).report();
/// let warnings = &report.objects[0].warnings;
/// assert!(warnings.iter().any(|w| w.starts_with("spec.template.spec.containers[0].restartPolicyRules[0].action: \
///     RestartAllContainers restarts the whole pod in place from 1.36")), "{warnings:?}");
/// ```
fn restart_all_containers_not_simulated(template: &PodTemplateSpec, path: &str) -> Vec<String> {
    let lists = [("initContainers", &template.spec.init_containers), ("containers", &template.spec.containers)];
    let mut notes = Vec::new();
    for (list, containers) in lists {
        for (i, container) in containers.iter().enumerate() {
            for (r, rule) in container.restart_policy_rules.iter().enumerate() {
                if rule.action == "RestartAllContainers" {
                    notes.push(format!(
                        "{path}.{list}[{i}].restartPolicyRules[{r}].action: RestartAllContainers restarts the whole \
                        pod in place from 1.36 (RestartAllContainersOnContainerExits); the playground does not \
                        simulate it, so here the rule never matches and the container's exit follows its restartPolicy"
                    ));
                }
            }
        }
    }
    notes
}

fn field_error_report(node: &Node, e: &FieldError) -> ErrorReport {
    error_at(node, &e.field, e.error_type.as_str(), e.detail.clone(), e.to_string())
}

fn remove_path(value: &mut Value, path: &str) {
    let mut parts: Vec<&str> = path.split('.').collect();
    let Some(last) = parts.pop() else { return };
    let mut current = value;
    for part in parts {
        match current.get_mut(part) {
            Some(next) => current = next,
            None => return,
        }
    }
    if let Some(map) = current.as_object_mut() {
        map.remove(last);
    }
}

/// The typed object's JSON laid over what was written: modelled fields take their defaulted
/// value, fields not modelled stay as written.
fn merge(written: Value, typed: Value) -> Value {
    match (written, typed) {
        (Value::Object(mut base), Value::Object(over)) => {
            for (key, value) in over {
                let merged = match base.remove(&key) {
                    Some(old) => merge(old, value),
                    None => value,
                };
                base.insert(key, merged);
            }
            Value::Object(base)
        }
        (Value::Array(base), Value::Array(over)) if base.len() == over.len() => {
            Value::Array(base.into_iter().zip(over).map(|(b, o)| merge(b, o)).collect())
        }
        (_, typed) => typed,
    }
}
