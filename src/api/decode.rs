//! Decoding a YAML node tree into the typed objects the way the API server decodes a kubectl
//! request: YAML 1.1 scalars are converted for the target type as `sigs.k8s.io/yaml` does
//! (`yes`/`on` are booleans for boolean fields; for string fields any plain scalar is its text,
//! booleans written `true`/`false`), type mismatches are `encoding/json` errors
//! (`json: cannot unmarshal string into Go struct field CronJobSpec.spec.suspend of type bool`),
//! and unknown or duplicate fields are collected rather than dropped (strict field validation).
//!
//! Fields Kubernetes has but the simulation does not model (volumes, probes, …) are skipped
//! quietly; fields that did not exist yet in the chosen Kubernetes release are unknown, and
//! fields whose feature gate was alpha (off by default) are dropped with a warning, as the API
//! server dropped them.

use super::yaml::{Node, NodeKind, Pos};
use super::KubernetesVersion;
use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;

/// A decoding failure that stops the object (a type mismatch), as `encoding/json` reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    pub message: String,
    pub pos: Option<Pos>,
    /// The field path (`spec.suspend`), when known.
    pub path: Option<String>,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DecodeError {}

impl de::Error for DecodeError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        DecodeError { message: msg.to_string(), pos: None, path: None }
    }
}

/// A field the strict decoder objects to without stopping.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrictIssue {
    /// The field's path, `spec.foo`.
    pub path: String,
    /// `unknown field "spec.foo"` or `duplicate field "spec.schedule"`.
    pub message: String,
    /// The OpenAPI-style location kubectl's client-side validation names (used before 1.25).
    pub client_message: String,
    pub pos: Pos,
}

/// Values of enumerated fields (`concurrencyPolicy`, `restartPolicy`…) that are outside their
/// sets, by field path, in document order: validation reports them as `Unsupported value`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Unsupported {
    order: Vec<String>,
    values: HashMap<String, String>,
}

impl Unsupported {
    fn insert(&mut self, path: String, value: String) {
        if self.values.insert(path.clone(), value).is_none() {
            self.order.push(path);
        }
    }

    /// The text written at `path`, if it was outside the field's set.
    pub fn get(&self, path: &str) -> Option<&str> {
        self.values.get(path).map(String::as_str)
    }

    /// Forgets an empty text at `path` (Go defaulting treats `""` as unset); whether there was one.
    pub fn take_empty(&mut self, path: &str) -> bool {
        let empty = self.get(path) == Some("");
        if empty {
            self.values.remove(path);
        }
        empty
    }

    /// The entries not forgotten, in document order.
    pub fn into_entries(mut self) -> impl Iterator<Item = (String, String)> {
        self.order.into_iter().filter_map(move |path| self.values.remove(&path).map(|value| (path, value)))
    }
}

/// What decoding found besides the object.
#[derive(Debug, Default)]
pub struct Findings {
    pub strict: Vec<StrictIssue>,
    pub unsupported: Unsupported,
    /// Paths of fields dropped because their feature was off by default in this release.
    pub dropped: Vec<String>,
    pub warnings: Vec<String>,
}

/// Decodes `node` as a `T`, with the field rules of `version`. `beta_cronjob` selects the
/// `batch/v1beta1` CronJob schema (no `status.lastSuccessfulTime`).
///
/// `json_text` says the document was written as JSON: kubectl sends JSON documents to the API
/// server as written, so duplicate keys meet strict field validation; YAML documents it first
/// converts to JSON (`sigs.k8s.io/yaml`, go-yaml v2), which keeps the last of duplicate keys
/// without a word, in every release — here they are merged the same way, with a warning.
///
/// `gates` are the API server's feature gates switched from the release's defaults: a field of a
/// gate switched on is kept in its alpha release, one switched off is dropped.
pub fn decode<T: de::DeserializeOwned>(
    node: &Node,
    version: KubernetesVersion,
    gates: &[(&str, bool)],
    beta_cronjob: bool,
    json_text: bool,
) -> (Result<T, DecodeError>, Findings) {
    let gates = gates.iter().map(|&(g, on)| (g.to_owned(), on)).collect();
    decode_node(
        node,
        Ctx { version, gates, beta_cronjob, json: false, json_text, findings: RefCell::new(Findings::default()) },
    )
}

/// Decodes a JSON value (a patched object, a Simulation document) as a `T` by the same rules,
/// except that scalars keep their JSON types as `encoding/json` reads them: a number or a
/// boolean is not a string (`json: cannot unmarshal number into Go struct field
/// CronJobSpec.spec.schedule of type string`). Errors carry no position.
///
/// ```
/// use cronjob_playground::api::{decode::decode_json, CronJob, KubernetesVersion};
/// let doc = serde_json::json!({"spec": {"schedule": 5}});
/// let (result, _) = decode_json::<CronJob>(&doc, KubernetesVersion::NEWEST);
/// assert_eq!(result.unwrap_err().message,
///     "json: cannot unmarshal number into Go struct field CronJobSpec.spec.schedule of type string");
/// ```
pub fn decode_json<T: de::DeserializeOwned>(
    value: &serde_json::Value,
    version: KubernetesVersion,
) -> (Result<T, DecodeError>, Findings) {
    let ctx = Ctx {
        version,
        gates: Vec::new(),
        beta_cronjob: false,
        json: true,
        json_text: true,
        findings: RefCell::new(Findings::default()),
    };
    let (result, findings) = decode_node(&from_json(value), ctx);
    (result.map_err(|e| DecodeError { pos: None, ..e }), findings)
}

fn decode_node<T: de::DeserializeOwned>(node: &Node, ctx: Ctx) -> (Result<T, DecodeError>, Findings) {
    let de = De { node, ctx: &ctx, path: String::new(), go_path: String::new(), struct_name: "", field: "" };
    let result = T::deserialize(de).map_err(|e| DecodeError { pos: e.pos.or(Some(node.pos)), ..e });
    (result, ctx.findings.into_inner())
}

struct Ctx {
    version: KubernetesVersion,
    /// Feature gates switched from the release's defaults.
    gates: Vec<(String, bool)>,
    beta_cronjob: bool,
    /// Scalars are JSON's (typed), not YAML's (converted for the target type).
    json: bool,
    /// The document was JSON text (duplicate keys reach the API server).
    json_text: bool,
    findings: RefCell<Findings>,
}

#[derive(Clone)]
struct De<'n, 'c> {
    node: &'n Node,
    ctx: &'c Ctx,
    /// `spec.containers[0].name`
    path: String,
    /// `spec.containers.name`, as Go's `UnmarshalTypeError.Field` names it.
    go_path: String,
    struct_name: &'static str,
    field: &'n str,
}

/// A plain scalar read with the YAML 1.1 rules of go-yaml v2.
#[derive(Clone, Debug, PartialEq)]
pub enum Scalar<'a> {
    Null,
    Bool(bool),
    Int(i128),
    Float(f64),
    Str(&'a str),
}

/// How go-yaml v2 resolves a scalar (quoted scalars are always strings).
pub fn resolve(text: &str, plain: bool) -> Scalar<'_> {
    if !plain {
        return Scalar::Str(text);
    }
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return Scalar::Null,
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => return Scalar::Bool(true),
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            return Scalar::Bool(false)
        }
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => return Scalar::Float(f64::INFINITY),
        "-.inf" | "-.Inf" | "-.INF" => return Scalar::Float(f64::NEG_INFINITY),
        ".nan" | ".NaN" | ".NAN" => return Scalar::Float(f64::NAN),
        _ => {}
    }
    if let Some(n) = resolve_int(text) {
        return Scalar::Int(n);
    }
    if is_float(text) {
        if let Ok(f) = text.parse::<f64>() {
            return Scalar::Float(f);
        }
    }
    Scalar::Str(text)
}

fn resolve_int(text: &str) -> Option<i128> {
    let cleaned: String = text.chars().filter(|&c| c != '_').collect();
    let (negative, body) = match cleaned.as_bytes().first() {
        Some(b'-') => (true, &cleaned[1..]),
        Some(b'+') => (false, &cleaned[1..]),
        _ => (false, &cleaned[..]),
    };
    let (radix, digits) = if let Some(d) = body.strip_prefix("0x") {
        (16, d)
    } else if let Some(d) = body.strip_prefix("0b") {
        (2, d)
    } else if let Some(d) = body.strip_prefix("0o") {
        (8, d)
    } else if body.len() > 1 && body.starts_with('0') {
        (8, &body[1..])
    } else {
        (10, body)
    };
    if digits.is_empty() || digits.len() > 40 || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let n = i128::from_str_radix(digits, radix).ok()?;
    Some(if negative { -n } else { n })
}

/// `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`, go-yaml v2's float pattern.
fn is_float(text: &str) -> bool {
    let s = text.strip_prefix(['-', '+']).unwrap_or(text);
    let (mantissa, exponent) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    let mantissa_ok = match mantissa.split_once('.') {
        Some(("", frac)) => digits(frac),
        Some((int, frac)) => digits(int) && (frac.is_empty() || digits(frac)),
        None => digits(mantissa),
    };
    let exponent_ok = exponent.is_none_or(|e| digits(e.strip_prefix(['-', '+']).unwrap_or(e)));
    mantissa_ok && exponent_ok
}

/// The text a scalar becomes when the target is a string, as `sigs.k8s.io/yaml` converts it.
fn as_string(text: &str, plain: bool) -> Option<String> {
    match resolve(text, plain) {
        Scalar::Null => None,
        Scalar::Bool(b) => Some(b.to_string()),
        Scalar::Int(n) => Some(n.to_string()),
        Scalar::Float(f) if f.is_finite() => Some(f.to_string()),
        Scalar::Float(_) | Scalar::Str(_) => Some(text.to_string()),
    }
}

/// Kubernetes fields the simulation does not model: accepted, kept in the echoed document, unread.
fn unmodelled(struct_name: &str) -> &'static [&'static str] {
    match struct_name {
        "ObjectMeta" => &["selfLink", "resourceVersion", "managedFields"],
        "PodSpec" => &[
            "volumes",
            "ephemeralContainers",
            "activeDeadlineSeconds",
            "dnsPolicy",
            "nodeSelector",
            "serviceAccountName",
            "serviceAccount",
            "automountServiceAccountToken",
            "nodeName",
            "hostNetwork",
            "hostPID",
            "hostIPC",
            "shareProcessNamespace",
            "securityContext",
            "imagePullSecrets",
            "hostname",
            "subdomain",
            "affinity",
            "schedulerName",
            "tolerations",
            "hostAliases",
            "priorityClassName",
            "priority",
            "dnsConfig",
            "readinessGates",
            "runtimeClassName",
            "enableServiceLinks",
            "preemptionPolicy",
            "overhead",
            "topologySpreadConstraints",
            "setHostnameAsFQDN",
            "os",
            "hostUsers",
            "schedulingGates",
            "resourceClaims",
            "resources",
            "hostnameOverride",
            "workloadRef",
        ],
        "Container" => &[
            "workingDir",
            "ports",
            "envFrom",
            "env",
            "resources",
            "resizePolicy",
            "volumeMounts",
            "volumeDevices",
            "livenessProbe",
            "readinessProbe",
            "startupProbe",
            "lifecycle",
            "terminationMessagePath",
            "terminationMessagePolicy",
            "imagePullPolicy",
            "securityContext",
            "stdin",
            "stdinOnce",
            "tty",
        ],
        "PodStatus" => &[
            "hostIP",
            "hostIPs",
            "podIP",
            "podIPs",
            "nominatedNodeName",
            "qosClass",
            "ephemeralContainerStatuses",
            "resize",
            "resourceClaimStatuses",
            "observedGeneration",
            "extendedResourceClaimStatus",
        ],
        "ContainerStatus" => &[
            "imageID",
            "containerID",
            "started",
            "allocatedResources",
            "resources",
            "volumeMounts",
            "user",
            "allocatedResourcesStatus",
            "stopSignal",
        ],
        "ContainerStateTerminated" => &["containerID"],
        "ObjectReference" => &["resourceVersion", "fieldPath"],
        _ => &[],
    }
}

/// Releases in which a field appeared (alpha) and became usable by default (beta), for the
/// fields added within the modelled range (`pkg/features/kube_features.go`, API changelogs).
fn introduced(struct_name: &str, field: &str) -> Option<(u8, u8, &'static str)> {
    Some(match (struct_name, field) {
        ("JobSpec", "ttlSecondsAfterFinished") => (12, 21, "TTLAfterFinished"),
        ("JobSpec", "suspend") => (21, 22, "SuspendJob"),
        ("JobSpec", "completionMode") => (21, 22, "IndexedJob"),
        ("JobSpec", "podFailurePolicy") => (25, 26, "JobPodFailurePolicy"),
        ("JobSpec", "backoffLimitPerIndex" | "maxFailedIndexes") => (28, 29, "JobBackoffLimitPerIndex"),
        ("JobSpec", "podReplacementPolicy") => (28, 29, "JobPodReplacementPolicy"),
        ("JobSpec", "successPolicy") => (30, 31, "JobSuccessPolicy"),
        ("JobSpec", "managedBy") => (30, 32, "JobManagedBy"),
        ("CronJobSpec", "timeZone") => (24, 25, "CronJobTimeZone"),
        ("Container", "restartPolicy") => (28, 29, "SidecarContainers"),
        ("Container", "restartPolicyRules") => (34, 35, "ContainerRestartRules"),
        ("CronJobStatus", "lastSuccessfulTime") => (21, 21, ""),
        // Pod template fields (`pkg/features/kube_features.go`): the simulation does not read
        // them, but the API server of an older release refuses or drops them.
        ("Container", "resizePolicy") => (27, 33, "InPlacePodVerticalScaling"),
        ("PodSpec", "schedulingGates") => (26, 27, "PodSchedulingReadiness"),
        ("PodSpec", "os") => (23, 24, "IdentifyPodOS"),
        _ => return None,
    })
}

/// The Go type of a struct or named string type, for `cannot unmarshal … of type v1.JobSpec`:
/// Kubernetes' types are in package `v1`, the Simulation document's in `v1alpha1`.
fn go_named_type(name: &str) -> String {
    let package = match name {
        "Simulation" | "SimulationSpec" | "TraceOptions" | "KubeletOptions" | "PodSelector" | "PodRule" | "Attempt"
        | "JobBehaviour" | "ClusterEvent" | "Patch" | "ControllerDown" | "Trigger" => "v1alpha1",
        _ => "v1",
    };
    format!("{package}.{name}")
}

/// The Go type of a sequence field, for `cannot unmarshal … of type []v1.Container`.
fn go_slice_type(struct_name: &str, field: &str) -> &'static str {
    match (struct_name, field) {
        ("SimulationSpec", "pods") => "[]v1alpha1.PodRule",
        ("SimulationSpec", "events") => "[]v1alpha1.ClusterEvent",
        ("PodRule", "jobs") => "[]v1alpha1.JobBehaviour",
        ("PodRule" | "JobBehaviour", "attempts") => "[]v1alpha1.Attempt",
        (_, "containers" | "initContainers") => "[]v1.Container",
        (_, "ownerReferences") => "[]v1.OwnerReference",
        ("CronJobStatus", "active") => "[]v1.ObjectReference",
        ("JobStatus", "conditions") => "[]v1.JobCondition",
        (_, "conditions") => "[]v1.PodCondition",
        (_, "containerStatuses" | "initContainerStatuses") => "[]v1.ContainerStatus",
        ("PodFailurePolicy", "rules") => "[]v1.PodFailurePolicyRule",
        ("SuccessPolicy", "rules") => "[]v1.SuccessPolicyRule",
        (_, "onPodConditions") => "[]v1.PodFailurePolicyOnPodConditionsPattern",
        ("PodFailurePolicyOnExitCodesRequirement" | "ContainerRestartRuleOnExitCodes", "values") => "[]int32",
        (_, "restartPolicyRules") => "[]v1.ContainerRestartRule",
        (_, "matchExpressions") => "[]v1.LabelSelectorRequirement",
        _ => "[]string",
    }
}

impl<'n, 'c> De<'n, 'c> {
    fn kind_name(&self) -> String {
        match &self.node.kind {
            NodeKind::Seq(_) => "array".into(),
            NodeKind::Map(_) => "object".into(),
            NodeKind::Scalar { text, plain } => match resolve(text, *plain) {
                Scalar::Null => "null".into(),
                Scalar::Bool(_) => "bool".into(),
                Scalar::Int(_) | Scalar::Float(_) => "number".into(),
                Scalar::Str(_) => "string".into(),
            },
        }
    }

    fn type_error(&self, value: String, go_type: &str) -> DecodeError {
        let message = if self.struct_name.is_empty() {
            format!("json: cannot unmarshal {value} into Go value of type {go_type}")
        } else {
            format!(
                "json: cannot unmarshal {value} into Go struct field {}.{} of type {go_type}",
                self.struct_name, self.go_path
            )
        };
        DecodeError { message, pos: Some(self.node.pos), path: Some(self.path.clone()) }
    }

    fn mismatch(&self, go_type: &str) -> DecodeError {
        self.type_error(self.kind_name(), go_type)
    }

    fn at(&self) -> impl Fn(DecodeError) -> DecodeError + '_ {
        move |e| DecodeError {
            pos: e.pos.or(Some(self.node.pos)),
            path: e.path.or_else(|| Some(self.path.clone())),
            ..e
        }
    }

    fn child(&self, node: &'n Node, key: Option<&'n str>, index: Option<usize>) -> De<'n, 'c> {
        let (path, go_path, field) = match (key, index) {
            (Some(k), _) => (join(&self.path, k), join(&self.go_path, k), k),
            (None, Some(i)) => (format!("{}[{i}]", self.path), self.go_path.clone(), self.field),
            (None, None) => (self.path.clone(), self.go_path.clone(), self.field),
        };
        De { node, ctx: self.ctx, path, go_path, struct_name: self.struct_name, field }
    }

    fn is_null(&self) -> bool {
        self.node.is_null()
    }

    fn integer(&self, go_type: &str, min: i128, max: i128) -> Result<Option<i128>, DecodeError> {
        match &self.node.kind {
            NodeKind::Scalar { text, plain } => match resolve(text, *plain) {
                Scalar::Null => Ok(None),
                Scalar::Int(n) if (min..=max).contains(&n) => Ok(Some(n)),
                Scalar::Int(_) => Err(self.type_error(format!("number {text}"), go_type)),
                Scalar::Float(f) if f.fract() == 0.0 && (min as f64..=max as f64).contains(&f) => Ok(Some(f as i128)),
                Scalar::Float(_) => Err(self.type_error(format!("number {text}"), go_type)),
                _ => Err(self.mismatch(go_type)),
            },
            _ => Err(self.mismatch(go_type)),
        }
    }

    fn string(&self, go_type: &str) -> Result<Option<String>, DecodeError> {
        match &self.node.kind {
            // In JSON only strings (never plain) and null are read into a string.
            NodeKind::Scalar { plain: true, .. } if self.ctx.json && !self.is_null() => Err(self.mismatch(go_type)),
            NodeKind::Scalar { text, plain } => Ok(as_string(text, *plain)),
            _ => Err(self.mismatch(go_type)),
        }
    }

    /// The index of the variant written at this node for Go's named string type `name`: the
    /// first when the text is outside the set, which validation then reports.
    fn variant(&self, name: &str, variants: &[&str]) -> Result<u32, DecodeError> {
        let text = self.string(&go_named_type(name))?.unwrap_or_default();
        Ok(match variants.iter().position(|v| *v == text) {
            Some(i) => i as u32,
            None => {
                self.ctx.findings.borrow_mut().unsupported.insert(self.path.clone(), text);
                0
            }
        })
    }

    fn strict(&self, path: &str, message: String, client_message: String, pos: Pos) {
        self.ctx.findings.borrow_mut().strict.push(StrictIssue {
            path: path.to_string(),
            message,
            client_message,
            pos,
        });
    }

    /// A key written twice: an error for JSON text (strict field validation sees it), for YAML
    /// the earlier value dropped as kubectl's conversion drops it, with a warning that says so.
    fn duplicate(&self, path: &str, key: &str, struct_name: Option<&str>, earlier: Pos, pos: Pos) {
        if self.ctx.json_text {
            let client = match struct_name {
                Some(name) => format!("duplicate field \"{key}\" in {}", openapi_name(name)),
                None => format!("duplicate field \"{key}\""),
            };
            return self.strict(path, format!("duplicate field \"{path}\""), client, pos);
        }
        let hint = if path == "apiVersion" {
            ": two objects without the \"---\" between them? Only the second one reaches the API server"
        } else {
            ""
        };
        self.ctx.findings.borrow_mut().warnings.push(format!(
            "{path}: written twice (lines {} and {}); kubectl's YAML reader keeps the last value and drops the one at line {} without a word{hint}",
            earlier.line, pos.line, earlier.line
        ));
    }

    /// The entries of a mapping to hand to a struct visitor: known fields only (with their index
    /// in `fields`), last duplicate wins.
    fn struct_entries(
        &self,
        name: &'static str,
        fields: &'static [&'static str],
    ) -> Result<Vec<Field<'n>>, DecodeError> {
        let NodeKind::Map(entries) = &self.node.kind else {
            return Err(self.mismatch(&go_named_type(name)));
        };
        let mut kept: Vec<Field<'n>> = Vec::new();
        for (key, value) in entries {
            let Some(text) = key.scalar() else {
                return Err(DecodeError {
                    message: "mapping keys must be strings".into(),
                    pos: Some(key.pos),
                    path: Some(self.path.clone()),
                });
            };
            let path = join(&self.path, text);
            if let Some(i) = kept.iter().position(|(k, _, _)| *k == text) {
                let earlier = entries.iter().find(|(k, _)| k.scalar() == Some(text)).map_or(key.pos, |(k, _)| k.pos);
                self.duplicate(&path, text, Some(name), earlier, key.pos);
                kept.remove(i);
            }
            let index = fields.iter().position(|f| *f == text);
            if index.is_none() && !unmodelled(name).contains(&text) {
                self.unknown(name, text, &path, key.pos);
                continue;
            }
            // A field of a later release, modelled or not: unknown before it existed, dropped
            // while its feature gate was alpha.
            if let Some((alpha, beta, gate)) = introduced(name, text) {
                let version = self.ctx.version;
                let beta_status = name == "CronJobStatus" && self.ctx.beta_cronjob;
                if !version.at_least(alpha) || beta_status {
                    self.unknown(name, text, &path, key.pos);
                    continue;
                }
                let switched = self.ctx.gates.iter().find(|(g, _)| g == gate).map(|&(_, on)| on);
                if !switched.unwrap_or(version.at_least(beta)) {
                    let mut findings = self.ctx.findings.borrow_mut();
                    findings.warnings.push(match switched {
                        Some(_) => format!(
                            "{path}: dropped: the {gate} feature gate is off in this run (featureGates), so the API server ignores the field"
                        ),
                        None => format!(
                            "{path}: dropped: the {gate} feature is alpha in Kubernetes {version} (off by default), so the API server ignores the field"
                        ),
                    });
                    findings.dropped.push(path);
                    continue;
                }
            }
            if let Some(index) = index {
                kept.push((text, value, index));
            }
        }
        Ok(kept)
    }

    fn unknown(&self, struct_name: &str, field: &str, path: &str, pos: Pos) {
        let parent = path.rsplit_once('.').map_or("", |(p, _)| p);
        let location = if parent.is_empty() { String::new() } else { format!(".{parent}") };
        self.strict(
            path,
            format!("unknown field \"{path}\""),
            format!("ValidationError({{kind}}{location}): unknown field \"{field}\" in {}", openapi_name(struct_name)),
            pos,
        );
    }
}

fn join(base: &str, key: &str) -> String {
    if base.is_empty() {
        key.to_string()
    } else {
        format!("{base}.{key}")
    }
}

/// The OpenAPI definition name kubectl's client-side validation prints for a struct.
fn openapi_name(struct_name: &str) -> String {
    match struct_name {
        "ObjectMeta" | "OwnerReference" | "LabelSelector" | "LabelSelectorRequirement" => {
            format!("io.k8s.apimachinery.pkg.apis.meta.v1.{struct_name}")
        }
        "PodTemplateSpec"
        | "PodSpec"
        | "Container"
        | "PodStatus"
        | "PodCondition"
        | "ContainerStatus"
        | "ContainerState"
        | "ContainerStateTerminated"
        | "ContainerStateRunning"
        | "ContainerStateWaiting"
        | "ObjectReference"
        | "Pod" => format!("io.k8s.api.core.v1.{struct_name}"),
        _ => format!("io.k8s.api.batch.v1.{struct_name}"),
    }
}

macro_rules! integer_method {
    ($method:ident, $visit:ident, $ty:ty, $go:literal) => {
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
            match self.integer($go, <$ty>::MIN as i128, <$ty>::MAX as i128)? {
                Some(n) => visitor.$visit(n as $ty).map_err(self.at()),
                None => visitor.$visit(0).map_err(self.at()),
            }
        }
    };
}

impl<'de, 'n, 'c> de::Deserializer<'de> for De<'n, 'c> {
    type Error = DecodeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match &self.node.kind {
            NodeKind::Scalar { text, plain } => match resolve(text, *plain) {
                Scalar::Null => visitor.visit_unit(),
                Scalar::Bool(b) => visitor.visit_bool(b),
                Scalar::Int(n) => match i64::try_from(n) {
                    Ok(n) => visitor.visit_i64(n),
                    Err(_) => visitor.visit_f64(n as f64),
                },
                Scalar::Float(f) => visitor.visit_f64(f),
                Scalar::Str(s) => visitor.visit_str(s),
            }
            .map_err(self.at()),
            NodeKind::Seq(_) => self.deserialize_seq(visitor),
            NodeKind::Map(_) => self.deserialize_map(visitor),
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match &self.node.kind {
            NodeKind::Scalar { text, plain } => match resolve(text, *plain) {
                Scalar::Bool(b) => visitor.visit_bool(b).map_err(self.at()),
                Scalar::Null => visitor.visit_bool(false).map_err(self.at()),
                _ => Err(self.mismatch("bool")),
            },
            _ => Err(self.mismatch("bool")),
        }
    }

    integer_method!(deserialize_i8, visit_i8, i8, "int8");
    integer_method!(deserialize_i16, visit_i16, i16, "int16");
    integer_method!(deserialize_i32, visit_i32, i32, "int32");
    integer_method!(deserialize_i64, visit_i64, i64, "int64");
    integer_method!(deserialize_u8, visit_u8, u8, "uint8");
    integer_method!(deserialize_u16, visit_u16, u16, "uint16");
    integer_method!(deserialize_u32, visit_u32, u32, "uint32");
    integer_method!(deserialize_u64, visit_u64, u64, "uint64");

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_f64(visitor)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match &self.node.kind {
            NodeKind::Scalar { text, plain } => match resolve(text, *plain) {
                Scalar::Int(n) => visitor.visit_f64(n as f64).map_err(self.at()),
                Scalar::Float(f) => visitor.visit_f64(f).map_err(self.at()),
                Scalar::Null => visitor.visit_f64(0.0).map_err(self.at()),
                _ => Err(self.mismatch("float64")),
            },
            _ => Err(self.mismatch("float64")),
        }
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        let text = self.string("string")?.unwrap_or_default();
        visitor.visit_str(&text).map_err(|e: DecodeError| {
            let message =
                if self.field.ends_with("Timestamp") || self.field.ends_with("Time") || self.field.ends_with("At") {
                    format!("parsing time \"{text}\" as \"2006-01-02T15:04:05Z07:00\": {}", e.message)
                } else {
                    e.message
                };
            DecodeError { message, pos: Some(self.node.pos), path: Some(self.path.clone()) }
        })
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        if self.is_null() {
            visitor.visit_none()
        } else {
            let at = self.node.pos;
            visitor.visit_some(self).map_err(|e| DecodeError { pos: e.pos.or(Some(at)), ..e })
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        visitor.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        visitor.visit_unit()
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match &self.node.kind {
            NodeKind::Seq(items) => {
                let access = Seq { parent: self.clone(), items: items.iter().enumerate() };
                visitor.visit_seq(access).map_err(self.at())
            }
            _ if self.is_null() => visitor.visit_seq(Seq { parent: self.clone(), items: [].iter().enumerate() }),
            _ => Err(self.mismatch(go_slice_type(self.struct_name, self.field))),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match &self.node.kind {
            NodeKind::Map(entries) => {
                // Last duplicate wins; an index keeps large maps (labels) linear.
                let mut kept: Vec<Option<(String, &'n Node, &'n Node)>> = Vec::new();
                let mut index: HashMap<String, usize> = HashMap::new();
                for (key, value) in entries {
                    let NodeKind::Scalar { text, plain } = &key.kind else {
                        return Err(DecodeError {
                            message: "mapping keys must be strings".into(),
                            pos: Some(key.pos),
                            path: Some(self.path.clone()),
                        });
                    };
                    let text = as_string(text, *plain).unwrap_or_else(|| "null".into());
                    if let Some(i) = index.insert(text.clone(), kept.len()) {
                        let path = join(&self.path, &text);
                        let earlier = kept[i].as_ref().map_or(key.pos, |(_, k, _)| k.pos);
                        self.duplicate(&path, &text, None, earlier, key.pos);
                        kept[i] = None;
                    }
                    kept.push(Some((text, key, value)));
                }
                let kept: Vec<_> = kept.into_iter().flatten().collect();
                let access = Map { parent: self.clone(), entries: kept.into_iter(), value: None };
                visitor.visit_map(access).map_err(self.at())
            }
            _ if self.is_null() => {
                visitor.visit_map(Map { parent: self.clone(), entries: Vec::new().into_iter(), value: None })
            }
            _ => Err(self.mismatch("map[string]string")),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        if self.is_null() {
            return visitor.visit_map(Fields { parent: self.clone(), entries: Vec::new().into_iter(), value: None });
        }
        let entries = self.struct_entries(name, fields)?;
        let inner = De { struct_name: name, ..self.clone() };
        visitor.visit_map(Fields { parent: inner, entries: entries.into_iter(), value: None }).map_err(self.at())
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        let variant = self.variant(name, variants)?;
        visitor.visit_enum(IntoDeserializer::<DecodeError>::into_deserializer(variant)).map_err(self.at())
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        visitor.visit_unit()
    }
}

struct Seq<'n, 'c, I> {
    parent: De<'n, 'c>,
    items: I,
}

impl<'de, 'n, 'c, I: Iterator<Item = (usize, &'n Node)>> de::SeqAccess<'de> for Seq<'n, 'c, I> {
    type Error = DecodeError;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, DecodeError> {
        match self.items.next() {
            Some((i, node)) => seed.deserialize(self.parent.child(node, None, Some(i))).map(Some),
            None => Ok(None),
        }
    }
}

/// A plain map (labels, annotations): keys converted like strings.
struct Map<'n, 'c> {
    parent: De<'n, 'c>,
    entries: std::vec::IntoIter<(String, &'n Node, &'n Node)>,
    value: Option<(String, &'n Node)>,
}

impl<'de, 'n, 'c> de::MapAccess<'de> for Map<'n, 'c> {
    type Error = DecodeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, DecodeError> {
        let Some((key, key_node, value)) = self.entries.next() else { return Ok(None) };
        let result = seed
            .deserialize(key.as_str().into_deserializer())
            .map_err(|e: DecodeError| DecodeError { pos: Some(key_node.pos), ..e });
        self.value = Some((key, value));
        result.map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, DecodeError> {
        let (key, node) = self.value.take().expect("serde asks for a value after its key");
        let mut child = self.parent.child(node, None, None);
        child.path = join(&self.parent.path, &key);
        seed.deserialize(child)
    }
}

/// A known field of a struct: its name, its value and its index among the struct's fields.
type Field<'n> = (&'n str, &'n Node, usize);

/// A struct's known fields. Keys go to the visitor as field indexes: serde's derived field
/// visitors match an index with one jump where a name takes a string comparison per field.
struct Fields<'n, 'c> {
    parent: De<'n, 'c>,
    entries: std::vec::IntoIter<Field<'n>>,
    value: Option<(&'n str, &'n Node)>,
}

impl<'de, 'n, 'c> de::MapAccess<'de> for Fields<'n, 'c> {
    type Error = DecodeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, DecodeError> {
        let Some((key, value, index)) = self.entries.next() else {
            return Ok(None);
        };
        self.value = Some((key, value));
        seed.deserialize(IntoDeserializer::<DecodeError>::into_deserializer(index as u64)).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, DecodeError> {
        let (key, node) = self.value.take().expect("serde asks for a value after its key");
        seed.deserialize(self.parent.child(node, Some(key), None))
    }
}

/// A JSON value as a node tree for [`decode_json`]: strings are quoted scalars, numbers,
/// booleans and null plain ones (so they resolve to their JSON types), positions are unknown.
fn from_json(value: &serde_json::Value) -> Node {
    use serde_json::Value;
    let scalar = |text: String, plain: bool| Node { pos: Pos::default(), kind: NodeKind::Scalar { text, plain } };
    match value {
        Value::Null => scalar("null".into(), true),
        Value::Bool(b) => scalar(b.to_string(), true),
        Value::Number(n) => scalar(n.to_string(), true),
        Value::String(s) => scalar(s.clone(), false),
        Value::Array(items) => Node { pos: Pos::default(), kind: NodeKind::Seq(items.iter().map(from_json).collect()) },
        Value::Object(map) => Node {
            pos: Pos::default(),
            kind: NodeKind::Map(map.iter().map(|(k, v)| (scalar(k.clone(), false), from_json(v))).collect()),
        },
    }
}

/// The document as JSON, the way kubectl would send it: used to echo fields that are not
/// modelled. Scalars are resolved by YAML 1.1 rules; `null` entries are left out.
pub fn to_json(node: &Node) -> serde_json::Value {
    use serde_json::Value;
    match &node.kind {
        NodeKind::Scalar { text, plain } => match resolve(text, *plain) {
            Scalar::Null => Value::Null,
            Scalar::Bool(b) => Value::Bool(b),
            Scalar::Int(n) => i64::try_from(n).map(Value::from).unwrap_or_else(|_| Value::from(n as f64)),
            Scalar::Float(f) => serde_json::Number::from_f64(f).map(Value::Number).unwrap_or(Value::Null),
            Scalar::Str(s) => Value::String(s.to_string()),
        },
        NodeKind::Seq(items) => Value::Array(items.iter().map(to_json).collect()),
        NodeKind::Map(entries) => {
            // Inserted one by one (the last duplicate wins), not collected: collecting sorts,
            // and a sort is a few KB of code per element type in the wasm.
            let mut map = serde_json::Map::new();
            for (k, v) in entries.iter().filter(|(_, v)| !v.is_null()) {
                let key = match &k.kind {
                    NodeKind::Scalar { text, plain } => as_string(text, *plain).unwrap_or_else(|| "null".into()),
                    _ => String::new(),
                };
                map.insert(key, to_json(v));
            }
            Value::Object(map)
        }
    }
}
