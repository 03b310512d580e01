//! From manifest text to the objects in it, the way `kubectl apply -f` splits and routes them:
//! YAML or JSON, several documents separated by `---`, `kind: List` (what `kubectl get -o yaml`
//! prints) unpacked into its items, and each object's group/version/kind checked against what
//! the chosen Kubernetes release serves.

use super::decode::{to_json, StrictIssue};
use super::yaml::{parse_documents, Node, NodeKind, SyntaxError};
use super::KubernetesVersion;

/// One object of a manifest, before decoding.
#[derive(Clone, Debug)]
pub struct RawObject {
    pub api_version: String,
    pub kind: String,
    /// `metadata.name` as written (empty when absent).
    pub name: String,
    /// The object's YAML tree, for positions.
    pub node: Node,
    /// Written as JSON (its document starts with `{`), which kubectl sends as written.
    pub json_text: bool,
}

impl RawObject {
    /// The object as kubectl would send it, in JSON.
    pub fn json(&self) -> serde_json::Value {
        to_json(&self.node)
    }

    /// What kind of object `version` serves for its `apiVersion`/`kind`: splitting a manifest
    /// does not depend on the release, routing does, so one reading is admitted under any release.
    pub fn route(&self, version: KubernetesVersion) -> Route {
        route(&self.api_version, &self.kind, version)
    }
}

/// How an object is handled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// A CronJob; `beta` for `batch/v1beta1`.
    CronJob {
        beta: bool,
    },
    Job,
    /// `batch` kinds the release does not serve at this version (`batch/v1beta1` CronJob from
    /// 1.25, `batch/v1` CronJob before 1.21).
    NotServed,
    /// Any other kind (a `Simulation` document, a ConfigMap…): passed on as JSON.
    Other,
}

/// What a manifest holds: its objects in order, and the errors that stopped reading it or
/// made a document unusable.
#[derive(Debug, Default)]
pub struct Manifest {
    pub objects: Vec<RawObject>,
    pub errors: Vec<SyntaxError>,
}

/// Splits a manifest into objects.
///
/// ```
/// use cronjob_playground::api::{load::{load_manifest, Route}, KubernetesVersion};
/// let text = "apiVersion: v1\nkind: List\nitems:\n- apiVersion: batch/v1\n  kind: Job\n  metadata: {name: \
///     a}\n---\n{\"apiVersion\": \"batch/v1beta1\", \"kind\": \"CronJob\", \"metadata\": {\"name\": \"b\"}}\n";
/// let m = load_manifest(text);
/// let served_by = |minor| m.objects.iter().map(|o| (o.name.as_str(),
///     o.route(KubernetesVersion::new(minor).unwrap()))).collect::<Vec<_>>();
/// assert_eq!(served_by(28), [("a", Route::Job), ("b", Route::NotServed)]);
/// assert_eq!(served_by(20), [("a", Route::Job), ("b", Route::CronJob { beta: true })]);
/// assert_eq!(m.objects[1].node.pos.to_string(), "8:1");
/// ```
pub fn load_manifest(text: &str) -> Manifest {
    let docs = parse_documents(text);
    let mut manifest = Manifest::default();
    // Each document's first line, found by number: walking the text from its start for every
    // document would make a dump of many objects quadratic in its length.
    let lines: Vec<&str> = text.lines().collect();
    for doc in docs.documents {
        if doc.is_null() {
            continue;
        }
        if !matches!(doc.kind, NodeKind::Map(_)) {
            manifest.errors.push(SyntaxError {
                pos: doc.pos,
                message: "error converting YAML to JSON: the document is not an object (expected apiVersion, kind, \
                    metadata, spec)"
                    .into(),
            });
            continue;
        }
        // `List`, and typed lists such as `CronJobList`, carry their objects in `items`.
        let json_text = lines
            .get(doc.pos.line.saturating_sub(1) as usize)
            .and_then(|l| l.get(doc.pos.column.saturating_sub(1) as usize..))
            .is_some_and(|rest| rest.starts_with('{'));
        let list_kind = text_of(&doc, "kind").filter(|k| k.ends_with("List"));
        if let Some(list_kind) = list_kind {
            // A typed list (what the API server returns for a list request) leaves its items'
            // apiVersion and kind empty; kubectl takes them from the list (apimachinery
            // `unstructured.UnstructuredJSONScheme`, `decodeToList`: only when both are empty).
            let typed = (list_kind != "List").then(|| {
                (text_of(&doc, "apiVersion").unwrap_or_default(), list_kind.trim_end_matches("List").to_string())
            });
            if let Some(NodeKind::Seq(items)) = doc.get("items").map(|i| &i.kind) {
                for item in items {
                    let inherited = typed
                        .clone()
                        .filter(|_| text_of(item, "apiVersion").is_none() && text_of(item, "kind").is_none());
                    add_object(&mut manifest, item.clone(), inherited, json_text);
                }
            }
        } else {
            add_object(&mut manifest, doc, None, json_text);
        }
    }
    manifest.errors.extend(docs.error);
    manifest
}

fn text_of(node: &Node, key: &str) -> Option<String> {
    node.get(key).and_then(Node::scalar).map(str::to_string)
}

/// Adds one object; `inherited` is the apiVersion and kind a typed list gives its items.
fn add_object(manifest: &mut Manifest, node: Node, inherited: Option<(String, String)>, json_text: bool) {
    let (api_version, kind) = inherited.unwrap_or_else(|| {
        (text_of(&node, "apiVersion").unwrap_or_default(), text_of(&node, "kind").unwrap_or_default())
    });
    let missing: Vec<&str> = [("apiVersion", &api_version), ("kind", &kind)]
        .into_iter()
        .filter(|(_, v)| v.is_empty())
        .map(|(f, _)| f)
        .collect();
    if !missing.is_empty() {
        let list: Vec<String> = missing.iter().map(|f| format!("{f} not set")).collect();
        let joined = if list.len() == 1 { list[0].clone() } else { format!("[{}]", list.join(", ")) };
        manifest.errors.push(SyntaxError { pos: node.pos, message: format!("error validating data: {joined}") });
        return;
    }
    let name = node.get("metadata").and_then(|m| m.get("name")).and_then(Node::scalar).unwrap_or("").to_string();
    manifest.objects.push(RawObject { api_version, kind, name, node, json_text });
}

/// Which batch kinds a release serves: `batch/v1beta1` CronJob until 1.24 (removed in 1.25),
/// `batch/v1` CronJob from 1.21, `batch/v1` Job throughout.
fn route(api_version: &str, kind: &str, version: KubernetesVersion) -> Route {
    match (api_version, kind) {
        ("batch/v1", "Job") => Route::Job,
        ("batch/v1", "CronJob") if version.at_least(21) => Route::CronJob { beta: false },
        ("batch/v1beta1", "CronJob") if !version.at_least(25) => Route::CronJob { beta: true },
        ("batch/v1" | "batch/v1beta1" | "batch/v2alpha1", "CronJob" | "Job") => Route::NotServed,
        _ => Route::Other,
    }
}

/// A CronJob or Job of an API group other than `batch` (e.g. kubebuilder's tutorial CRD
/// `batch.tutorial.kubebuilder.io/v1`): a custom resource, which the API server serves only
/// with its CRD installed and which only its own controller acts on.
///
/// ```
/// use cronjob_playground::api::load::is_look_alike;
/// assert!(is_look_alike("batch.tutorial.kubebuilder.io/v1", "CronJob"));
/// assert!(!is_look_alike("batch/v1", "CronJob") && !is_look_alike("v1", "ConfigMap"));
/// ```
pub fn is_look_alike(api_version: &str, kind: &str) -> bool {
    let group = api_version.rsplit_once('/').map_or("", |(g, _)| g);
    matches!(kind, "CronJob" | "Job") && group != "batch"
}

/// The message the API server (1.25+, strict field validation) or kubectl's client-side
/// validation (before 1.25) gives for unknown and duplicate fields.
pub fn strict_message(
    issues: &[StrictIssue],
    kind: &str,
    version_text: &str,
    version: KubernetesVersion,
    beta: bool,
) -> String {
    if version.at_least(25) {
        let list: Vec<&str> = issues.iter().map(|i| i.message.as_str()).collect();
        format!(
            "{kind} in version \"{version_text}\" cannot be handled as a {kind}: strict decoding error: {}",
            list.join(", ")
        )
    } else {
        let list: Vec<String> = issues
            .iter()
            .map(|i| {
                let text = i.client_message.replace("{kind}", kind);
                if beta && !text.contains("io.k8s.api.batch.v1.JobSpec") {
                    text.replace("io.k8s.api.batch.v1.", "io.k8s.api.batch.v1beta1.")
                } else {
                    text
                }
            })
            .collect();
        let joined = if list.len() == 1 { list[0].clone() } else { format!("[{}]", list.join(", ")) };
        format!(
            "error validating data: {joined}; if you choose to ignore these errors, turn validation off with \
            --validate=false"
        )
    }
}
