//! Which Job-controller behaviours a Kubernetes release has: the feature gates at their default
//! values (`pkg/features/kube_features.go`) and the structural changes that were not gated
//! (the v1.20 failed-pod count, the v1.27 back-off record). The controller reads these flags,
//! never the version number, so upstream tests that flip a gate can be ported as they are.

use crate::api::{KubernetesVersion, Release};
use crate::controller::gates::FeatureGates;
use crate::controller::patches::JOB_BACKOFF_RESET;

/// The Job controller's behaviour switches for one release, at their default values.
///
/// ```
/// use cronjob_playground::api::KubernetesVersion;
/// use cronjob_playground::controller::job::JobFeatures;
/// let f = JobFeatures::for_version(KubernetesVersion::new(28).unwrap(), None);
/// assert!(f.pod_failure_backoff_record && f.pod_failure_policy && !f.pod_replacement_policy);
/// assert!(!f.delay_terminal_condition());
/// let f = JobFeatures::for_version(KubernetesVersion::new(31).unwrap(), None);
/// assert!(f.delay_terminal_condition());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JobFeatures {
    /// `spec.suspend` is honoured (gate SuspendJob: beta on in 1.22, GA 1.24).
    pub suspend_job: bool,
    /// `status.ready` is written (gate JobReadyPods: beta on in 1.24, GA 1.29).
    pub job_ready_pods: bool,
    /// Pods carry the `batch.kubernetes.io/job-tracking` finalizer and finished pods are counted
    /// through `status.uncountedTerminatedPods` (gate JobTrackingWithFinalizers: on from 1.25).
    pub tracking_with_finalizers: bool,
    /// `spec.podFailurePolicy` is evaluated (gate JobPodFailurePolicy: beta on in 1.26).
    pub pod_failure_policy: bool,
    /// `DisruptionTarget` pod conditions exist (gate PodDisruptionConditions: beta on in 1.26).
    pub pod_disruption_conditions: bool,
    /// Indexed pods also get the completion-index label (gate PodIndexLabel: beta on in 1.28).
    pub pod_index_label: bool,
    /// `spec.backoffLimitPerIndex` (gate JobBackoffLimitPerIndex: beta on in 1.29).
    pub backoff_limit_per_index: bool,
    /// `spec.podReplacementPolicy` and `status.terminating` (gate JobPodReplacementPolicy: beta on in 1.29).
    pub pod_replacement_policy: bool,
    /// `spec.successPolicy` (gate JobSuccessPolicy: beta on in 1.31).
    pub success_policy: bool,
    /// `spec.managedBy` (gate JobManagedBy: beta on in 1.32).
    pub managed_by: bool,
    /// The controller knows the interim `FailureTarget`/`SuccessCriteriaMet` step and holds
    /// `Failed`/`Complete` back while pods terminate (PR #125510, 1.31), when JobManagedBy or
    /// JobPodReplacementPolicy is on.
    pub terminal_condition_after_pods_gone: bool,
    /// Pod-failure back-off kept in a per-Job record (10 s doubling to 600 s from the failed pod's
    /// finish time), decoupled from the work queue (PR #114768, 1.27). Before: the work queue's
    /// requeue counter (10 s doubling to 360 s).
    pub pod_failure_backoff_record: bool,
    /// Failures are counted from pods (PR #93779, 1.20). Before: the Never path compared the work
    /// queue's requeue count with `backoffLimit`.
    pub count_failed_pods: bool,
    /// Up to 1.27 a new failure is handled by the sync that sees it: `backoffLimit` is checked
    /// only then and only while fewer pods than `parallelism` are active
    /// (`jobHasNewFailure && active != parallelism && failed > backoffLimit`), and the sync returns
    /// the error "failed pod(s) detected" to re-queue itself rate-limited. From 1.28:
    /// `failed > backoffLimit` on every sync.
    pub new_failure_handled_in_sync: bool,
    /// 1.27–1.33: while replacements wait for the back-off, `status.active` is written as 0 even if
    /// pods run (issue #139428; fixed by PR #139457, back-ported to 1.34 and 1.35).
    pub backoff_reports_zero_active: bool,
    /// 1.32+: the API server rejects a Job status with `ready > active` ("cannot set more ready pods
    /// than active", validation `RejectMoreReadyThanActivePods` with JobManagedBy beta).
    pub rejects_more_ready_than_active: bool,
    /// 1.25.0–1.25.5 and 1.26.0: with finalizer tracking, every sync without a new failure reset the
    /// requeue counter, so failed pods were replaced with no delay (issue #114391, fixed by PR #114516).
    pub legacy_backoff_reset_regression: bool,
}

impl JobFeatures {
    /// The defaults of release `version`. `patch` (e.g. `Some(3)` for 1.25.3) matters only for the
    /// 1.25/1.26 back-off regression; `None` means the latest patch release, which has the fix.
    pub fn for_version(version: KubernetesVersion, patch: Option<u32>) -> Self {
        Self::for_release(Release { version, patch }, &FeatureGates::defaults(version))
    }

    /// The behaviour of `release` with `gates` (the release's defaults and the run's overrides).
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use cronjob_playground::api::Release;
    /// use cronjob_playground::controller::{gates::FeatureGates, job::JobFeatures};
    /// let r: Release = "1.24.3".parse().unwrap();
    /// let (gates, _) = FeatureGates::resolve(r.version, &BTreeMap::from([("JobTrackingWithFinalizers".into(),
    ///     true)]));
    /// assert!(JobFeatures::for_release(r, &gates).tracking_with_finalizers);
    /// assert!(!JobFeatures::for_version(r.version, r.patch).tracking_with_finalizers);
    /// ```
    pub fn for_release(release: Release, gates: &FeatureGates) -> Self {
        let version = release.version;
        let v = |minor| version.at_least(minor);
        let on = |name| gates.enabled(name);
        let regression = JOB_BACKOFF_RESET.iter().any(|fix| fix.missing_in(release));
        JobFeatures {
            suspend_job: on("SuspendJob"),
            job_ready_pods: on("JobReadyPods"),
            tracking_with_finalizers: on("JobTrackingWithFinalizers"),
            pod_failure_policy: on("JobPodFailurePolicy"),
            pod_disruption_conditions: on("PodDisruptionConditions"),
            pod_index_label: on("PodIndexLabel"),
            backoff_limit_per_index: on("JobBackoffLimitPerIndex"),
            pod_replacement_policy: on("JobPodReplacementPolicy"),
            success_policy: on("JobSuccessPolicy"),
            managed_by: on("JobManagedBy"),
            terminal_condition_after_pods_gone: v(31),
            pod_failure_backoff_record: v(27),
            count_failed_pods: v(20),
            new_failure_handled_in_sync: !v(28),
            backoff_reports_zero_active: v(27) && !v(34),
            rejects_more_ready_than_active: v(32),
            legacy_backoff_reset_regression: regression,
        }
    }

    /// Since 1.31 (JobManagedBy or JobPodReplacementPolicy on) `Failed`/`Complete` wait until no pod
    /// is terminating; the interim `FailureTarget`/`SuccessCriteriaMet` is written first (PR #125510).
    pub fn delay_terminal_condition(&self) -> bool {
        self.terminal_condition_after_pods_gone && (self.managed_by || self.pod_replacement_policy)
    }

    /// `status.terminating` is computed (and used to delay the terminal condition).
    pub(crate) fn track_terminating(&self, has_pod_failure_policy: bool) -> bool {
        self.pod_replacement_policy || self.managed_by || has_pod_failure_policy
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(minor: u8, patch: Option<u32>) -> JobFeatures {
        JobFeatures::for_version(KubernetesVersion::new(minor).unwrap(), patch)
    }

    #[test]
    fn backoff_engine_switches_at_1_27() {
        assert!(!at(26, None).pod_failure_backoff_record);
        assert!(at(27, None).pod_failure_backoff_record);
    }

    #[test]
    fn failed_pods_counted_from_1_20() {
        assert!(!at(19, None).count_failed_pods);
        assert!(at(20, None).count_failed_pods);
    }

    #[test]
    fn regression_window_is_1_25_0_to_1_25_5_and_1_26_0() {
        assert!(!at(24, Some(0)).legacy_backoff_reset_regression);
        assert!(at(25, Some(0)).legacy_backoff_reset_regression);
        assert!(at(25, Some(5)).legacy_backoff_reset_regression);
        assert!(!at(25, Some(6)).legacy_backoff_reset_regression);
        assert!(at(26, Some(0)).legacy_backoff_reset_regression);
        assert!(!at(26, Some(1)).legacy_backoff_reset_regression);
        assert!(!at(25, None).legacy_backoff_reset_regression);
        assert!(!at(27, Some(0)).legacy_backoff_reset_regression);
    }

    #[test]
    fn terminal_condition_delayed_from_1_31() {
        // JobPodReplacementPolicy is on from 1.29, but the delaying code arrived in 1.31.
        assert!(at(30, None).pod_replacement_policy);
        assert!(!at(30, None).delay_terminal_condition());
        assert!(at(31, None).delay_terminal_condition());
    }
}
