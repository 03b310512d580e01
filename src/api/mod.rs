//! Kubernetes objects the controllers read (CronJob, Job, the Pod subset), loaded from YAML or
//! JSON the way kubectl does, defaulted and validated the way the API server does
//! (`pkg/apis/batch/v1/defaults.go`, `pkg/apis/batch/validation/validation.go`).

mod version;

pub use version::{KubernetesVersion, VersionError};
