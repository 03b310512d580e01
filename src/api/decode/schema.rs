//! What the decoder knows of Kubernetes' types beyond the modelled fields: the fields it skips
//! quietly, the release each field appeared in (and its feature gate), and the Go and OpenAPI
//! type names `encoding/json` and kubectl's client-side validation print.

/// Kubernetes fields the simulation does not model: accepted, kept in the echoed document, unread.
pub(super) fn unmodelled(struct_name: &str) -> &'static [&'static str] {
    match struct_name {
        "ObjectMeta" => &["selfLink", "resourceVersion", "managedFields"],
        "PodSpec" => POD_SPEC,
        "Container" => CONTAINER,
        "PodStatus" => POD_STATUS,
        "ContainerStatus" => CONTAINER_STATUS,
        "Probe" => PROBE,
        "ContainerStateTerminated" => &["containerID"],
        "ObjectReference" => &["resourceVersion", "fieldPath"],
        _ => &[],
    }
}

/// The `PodSpec` fields of [`unmodelled`].
const POD_SPEC: &[&str] = &[
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
];

/// The `Container` fields of [`unmodelled`].
const CONTAINER: &[&str] = &[
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
    "lifecycle",
    "terminationMessagePath",
    "terminationMessagePolicy",
    "imagePullPolicy",
    "securityContext",
    "stdin",
    "stdinOnce",
    "tty",
];

/// The `PodStatus` fields of [`unmodelled`].
const POD_STATUS: &[&str] = &[
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
];

/// The `ContainerStatus` fields of [`unmodelled`].
const CONTAINER_STATUS: &[&str] = &[
    "imageID",
    "containerID",
    "started",
    "allocatedResources",
    "resources",
    "volumeMounts",
    "user",
    "allocatedResourcesStatus",
    "stopSignal",
];

/// The `Probe` fields of [`unmodelled`].
const PROBE: &[&str] =
    &["exec", "httpGet", "tcpSocket", "grpc", "timeoutSeconds", "successThreshold", "terminationGracePeriodSeconds"];

/// Releases in which a field appeared (alpha) and became usable by default (beta), for the
/// fields added within the modelled range (`pkg/features/kube_features.go`, API changelogs).
pub(super) fn introduced(struct_name: &str, field: &str) -> Option<(u8, u8, &'static str)> {
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
pub(super) fn go_named_type(name: &str) -> String {
    let package = match name {
        "Simulation" | "SimulationSpec" | "TraceOptions" | "KubeletOptions" | "PodSelector" | "PodRule" | "Attempt"
        | "JobBehaviour" | "InitContainerRule" | "ClusterEvent" | "Patch" | "ControllerDown" | "Trigger" => "v1alpha1",
        _ => "v1",
    };
    format!("{package}.{name}")
}

/// The Go type of a sequence field, for `cannot unmarshal … of type []v1.Container`.
pub(super) fn go_slice_type(struct_name: &str, field: &str) -> &'static str {
    match (struct_name, field) {
        ("SimulationSpec", "pods") => "[]v1alpha1.PodRule",
        ("SimulationSpec", "events") => "[]v1alpha1.ClusterEvent",
        ("PodRule", "jobs") => "[]v1alpha1.JobBehaviour",
        ("PodRule" | "JobBehaviour" | "InitContainerRule", "attempts") => "[]v1alpha1.Attempt",
        ("PodRule", "initContainers") => "[]v1alpha1.InitContainerRule",
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

/// The OpenAPI definition name kubectl's client-side validation prints for a struct.
pub(super) fn openapi_name(struct_name: &str) -> String {
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
        | "Probe"
        | "Pod" => format!("io.k8s.api.core.v1.{struct_name}"),
        _ => format!("io.k8s.api.batch.v1.{struct_name}"),
    }
}
