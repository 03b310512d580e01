//! Kubernetes objects the controllers read (CronJob, Job, the Pod subset), loaded from YAML or
//! JSON the way kubectl does, defaulted and validated the way the API server does
//! (`pkg/apis/batch/v1/defaults.go`, `pkg/apis/batch/validation/validation.go`).
//!
//! The types serialise in the API's JSON form (lowerCamelCase, RFC 3339 times, absent optionals
//! omitted), so JSON requests and responses round-trip.

mod admission;
mod cronjob;
pub mod defaults;
mod field_error;
mod validation;
mod job;
mod meta;
mod pod;
pub mod yaml;
pub mod load;
pub mod decode;
mod version;

pub use admission::{admit, validate_manifest, Admission, Admitted, AdmittedObject, ErrorReport, ObjectReport, ParseErrorReport, ValidationReport};
pub use cronjob::{ConcurrencyPolicy, CronJob, CronJobSpec, CronJobStatus, JobTemplateSpec};
pub use job::{
    CompletionMode, Job, JobCondition, JobConditionType, JobSpec, JobStatus, PodFailurePolicy,
    PodFailurePolicyAction, PodFailurePolicyOnExitCodesOperator, PodFailurePolicyOnExitCodesRequirement,
    PodFailurePolicyOnPodConditionsPattern, PodFailurePolicyRule, PodReplacementPolicy, SuccessPolicy,
    SuccessPolicyRule, UncountedTerminatedPods,
};
pub use meta::{ConditionStatus, LabelSelector, LabelSelectorRequirement, ObjectMeta, ObjectReference, OwnerReference};
pub use pod::{
    Container, ContainerState, ContainerStateRunning, ContainerStateTerminated, ContainerStateWaiting,
    ContainerStatus, Pod, PodCondition, PodPhase, PodSpec, PodStatus, PodTemplateSpec, RestartPolicy,
    POD_DISRUPTION_TARGET, POD_READY,
};
pub use field_error::{go_quote, invalid_message, BadValue, ErrorType, FieldError};
pub use validation::{validate_cronjob_create, validate_cronjob_update, validate_job_create, validate_job_update, Outcome};
pub use version::{KubernetesVersion, VersionError};
