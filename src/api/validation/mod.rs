//! API-server validation of CronJobs and Jobs after defaulting, with the texts of
//! `pkg/apis/batch/validation/validation.go` and the core/apimachinery checks it calls, per
//! Kubernetes release. One file per concern: names, object metadata, the pod template, the Job
//! spec, the Job's pod failure and success policies, the CronJob spec.

mod cronjob;
mod job;
mod job_policies;
mod meta;
mod names;
mod pod;

use super::decode::Unsupported;
use super::field_error::FieldError;
use super::KubernetesVersion;

pub use cronjob::{validate_cronjob_create, validate_cronjob_update};
pub use job::{validate_job_as_stored, validate_job_create, validate_job_update, CREATED_UID};

/// What validation of one object found: the field errors (in the API server's order) and the
/// API warnings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Outcome {
    pub errors: Vec<FieldError>,
    pub warnings: Vec<String>,
}

/// The state one validation pass shares: the release, the enumerated fields whose text was not
/// one of the known values (kept by the decoder, reported here in order), and what was found.
pub struct Checker {
    pub version: KubernetesVersion,
    unsupported: Unsupported,
    pub outcome: Outcome,
}

impl Checker {
    pub fn new(version: KubernetesVersion, unsupported: Unsupported) -> Self {
        Checker { version, unsupported, outcome: Outcome::default() }
    }

    pub(crate) fn push(&mut self, error: FieldError) {
        self.outcome.errors.push(error);
    }

    /// The text of an enumerated field: what the manifest said if it was not a known value,
    /// else the typed value's name, else `None` (unset).
    pub(crate) fn enum_text<T: std::fmt::Debug>(&self, path: &str, typed: Option<T>) -> Option<String> {
        self.unsupported.get(path).map(str::to_string).or_else(|| typed.map(|t| format!("{t:?}")))
    }

    /// Enumerated values in places validation does not otherwise look at (status) are
    /// reported last, as unsupported.
    pub(crate) fn finish(mut self, checked_prefixes: &[&str]) -> Outcome {
        for (path, value) in std::mem::take(&mut self.unsupported).into_entries() {
            if !checked_prefixes.iter().any(|p| path.starts_with(p)) {
                self.outcome.errors.push(FieldError::not_supported(path, &value, &[]));
            }
        }
        self.outcome
    }
}
