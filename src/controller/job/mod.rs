//! The Job controller (`pkg/controller/job`) as pure decision functions, release by release.
//!
//! The retry model in short: with `restartPolicy: Never` every failure is a new pod, created by this
//! controller after a back-off ([`backoff`]); with `OnFailure` the kubelet restarts the container in
//! place ([`crate::controller::kubelet`]) and this controller only sums restart counts.

pub mod backoff;
mod features;

pub use features::{parse_version_with_patch, JobFeatures};
