//! Kubernetes objects the controllers read (CronJob, Job, the Pod subset), loaded from YAML or
//! JSON the way kubectl does, defaulted and validated the way the API server does
//! (`pkg/apis/batch/v1/defaults.go`, `pkg/apis/batch/validation/validation.go`).
//!
//! The types serialise in the API's JSON form (lowerCamelCase, RFC 3339 times, absent optionals
//! omitted), so JSON requests and responses round-trip.
//!
//! A manifest goes through the steps of a `kubectl apply`: [`yaml`] reads the text into
//! positioned nodes, [`load`] splits documents and lists and routes each object by
//! `apiVersion`/`kind` for the release, [`decode`] turns nodes into typed objects (YAML 1.1 as
//! kubectl converts it, strict fields), [`defaults`] applies `defaults.go`, and validation checks
//! `validation.go`'s rules; [`admit`] runs them all and reports every problem with its
//! `line:column` ([`validate_manifest`] is the `validate` command).
//!
//! ```
//! use cronjob_playground::api::{admit, Admitted, KubernetesVersion};
//! let text = "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  template:\n    spec:\n      \
//!     restartPolicy: Never\n      containers: [{name: pi, image: perl}]\n";
//! let admission = admit(text, None, KubernetesVersion::NEWEST);
//! let Some(Admitted::Job(job)) = &admission.objects[0].object else { panic!() };
//! assert_eq!(job.spec.backoff_limit, Some(6));
//! ```

mod admission;
mod cronjob;
pub mod decode;
pub mod defaults;
mod field_error;
mod job;
pub mod load;
mod meta;
mod pod;
mod resources;
mod validation;
mod version;
pub mod yaml;

pub use admission::{
    admit, admit_gated, admit_loaded, validate_manifest, Admission, Admitted, AdmittedObject, ErrorReport,
    ObjectReport, ParseErrorReport, ValidationReport,
};
pub use cronjob::{ConcurrencyPolicy, CronJob, CronJobSpec, CronJobStatus, JobTemplateSpec};
pub use field_error::{invalid_message, BadValue, ErrorType, FieldError};
pub use job::{
    CompletionMode, Job, JobCondition, JobConditionType, JobSpec, JobStatus, PodFailurePolicy, PodFailurePolicyAction,
    PodFailurePolicyOnExitCodesOperator, PodFailurePolicyOnExitCodesRequirement,
    PodFailurePolicyOnPodConditionsPattern, PodFailurePolicyRule, PodReplacementPolicy, SuccessPolicy,
    SuccessPolicyRule, UncountedTerminatedPods,
};
pub use meta::{
    generated_name, ConditionStatus, LabelSelector, LabelSelectorRequirement, ObjectMeta, ObjectReference,
    OwnerReference, Word,
};
pub use pod::{
    Container, ContainerRestartRule, ContainerRestartRuleOnExitCodes, ContainerState, ContainerStateRunning,
    ContainerStateTerminated, ContainerStateWaiting, ContainerStatus, Pod, PodCondition, PodPhase, PodSpec, PodStatus,
    PodTemplateSpec, Probe, RestartPolicy, POD_DISRUPTION_TARGET, POD_READY,
};
pub use resources::{pod_requests, PodRequests, Quantity, ResourceRequirements, QUANTITY_FORMAT};
pub use validation::{
    validate_cronjob_create, validate_cronjob_update, validate_job_as_stored, validate_job_create, validate_job_update,
    Outcome, CREATED_UID,
};
pub use version::{KubernetesVersion, Release, VersionError};
