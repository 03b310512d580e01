//! The Job controller (`pkg/controller/job`) as pure decision functions, release by release.
//!
//! The retry model in short: with `restartPolicy: Never` every failure is a new pod, created by this
//! controller after a back-off ([`backoff`]); with `OnFailure` the kubelet restarts the container in
//! place ([`crate::controller::kubelet`]) and this controller only sums restart counts.

pub mod backoff;
mod features;

pub use features::{parse_version_with_patch, JobFeatures};
mod conditions;
mod indexes;
mod manage;
mod pod_failure_policy;
mod queue;
pub mod pods;
mod success_policy;
mod sync;

pub use conditions::*;
pub use indexes::Intervals;
pub use manage::{indexes_ready_to_create, new_pod, pod_generate_name, remaining_index_backoff, MAX_POD_CREATE_DELETE_PER_SYNC};
pub use queue::{job_event_delay, pod_event_delay, PodEvent};
pub use pod_failure_policy::{match_pod_failure_policy, PolicyMatch};
pub use success_policy::match_success_policy;
pub use sync::{sync_job, JobMemory, JobSyncInput, JobSyncResult, PodApiFaults, PodDeletion, SyncDecision};
