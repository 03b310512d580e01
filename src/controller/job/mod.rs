//! The Job controller (`pkg/controller/job`) as pure decision functions, release by release.
//!
//! The retry model in short: with `restartPolicy: Never` every failure is a new pod, created by this
//! controller after a back-off ([`backoff`]); with `OnFailure` the kubelet restarts the container in
//! place ([`crate::controller::kubelet`]) and this controller only sums restart counts.
//!
//! # Driving it (what a runtime does)
//!
//! * Keep one [`JobMemory`] per Job (the controller's in-memory state) and a delaying queue per Job
//!   key with client-go's rules: an add with no delay is queued at once; a delayed add waits in a
//!   heap that holds one entry per key, the earliest.
//! * Enqueue a sync on the Job's creation (at once), on Job updates ([`job_event_delay`]) and on
//!   pod events ([`pod_event_delay`]).
//! * Run [`sync_job`] with the Job, its pods, `now`, [`JobFeatures::for_version`] and the memory,
//!   then apply [`JobSyncResult`]: create `created` (name them with
//!   [`JobSyncResult::assign_pod_names`]), set a
//!   `deletionTimestamp` on `deleted` pods (the kubelet then kills them), drop the tracking
//!   finalizer of `finalizers_removed` pods (a deleted pod without finalizers disappears once its
//!   containers stopped), store `status`, record `events`, keep `memory`, and enqueue again after
//!   `requeue_after`.
//! * `decision` says which rule decided, with the values, for the inspector.
//!
//! Behaviours are selected by [`JobFeatures`] — the feature gates at each release's defaults plus the
//! structural changes (work-queue back-off up to 1.26, per-Job record since 1.27; two-step terminal
//! conditions since 1.31) — so upstream tests that flip a gate port as they are.

pub mod backoff;
mod conditions;
mod context;
mod explain;
mod features;
mod indexes;
mod manage;
mod pod_failure_policy;
pub mod pods;
mod queue;
mod success_policy;
mod sync;
mod tracking;
pub use tracking::MAX_UNCOUNTED_PODS;

pub use conditions::*;
pub use context::{JobMemory, JobSyncInput, JobSyncResult, PodApiFaults, PodDeletion, SyncDecision, MANAGED_ELSEWHERE};
pub use explain::Why;
pub use features::JobFeatures;
pub use indexes::Intervals;
pub use manage::{
    indexes_ready_to_create, new_pod, pod_generate_name, remaining_index_backoff, MAX_POD_CREATE_DELETE_PER_SYNC,
};
pub use pod_failure_policy::{match_pod_failure_policy, PolicyMatch};
pub use queue::{job_event_delay, pod_event_delay, PodEvent, LEGACY_POD_UPDATE_BATCH_PERIOD, SYNC_JOB_BATCH_PERIOD};
pub use success_policy::match_success_policy;
pub use sync::sync_job;
