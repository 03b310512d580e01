//! API-server defaulting: `pkg/apis/batch/v1/defaults.go` (`SetDefaults_CronJob`,
//! `SetDefaults_Job`, `SetDefaults_PodFailurePolicyOnPodConditionsPattern`) and the two
//! `SetDefaults_PodSpec` fields modelled here, per release. The API server also fills the
//! request's namespace; kubectl's default is `default`.
//!
//! A CronJob's Job template is *not* Job-defaulted (`SetDefaults_Job` takes a Job): its Jobs are
//! defaulted when the controller creates them.

use super::decode::Unsupported;
use super::{CompletionMode, ConditionStatus, PodReplacementPolicy, RestartPolicy};
use super::{ConcurrencyPolicy, CronJob, Job, KubernetesVersion, ObjectMeta, PodFailurePolicy, PodTemplateSpec};

/// The Pod default grace period, `terminationGracePeriodSeconds: 30`.
pub const DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS: i64 = 30;
/// `backoffLimit` when neither it nor `backoffLimitPerIndex` is set.
pub const DEFAULT_BACKOFF_LIMIT: i32 = 6;

/// Defaults a CronJob in place. `unsupported` holds the enumerated fields decoded from text
/// outside their sets; an empty `concurrencyPolicy` or `restartPolicy` counts as unset, as in Go.
///
/// ```
/// use cronjob_playground::api::{defaults::default_cronjob, ConcurrencyPolicy, CronJob, KubernetesVersion};
/// let mut cj = CronJob::default();
/// default_cronjob(&mut cj, KubernetesVersion::NEWEST, &mut Default::default());
/// assert_eq!(cj.spec.concurrency_policy, Some(ConcurrencyPolicy::Allow));
/// assert_eq!((cj.spec.suspend, cj.spec.successful_jobs_history_limit, cj.spec.failed_jobs_history_limit),
///     (Some(false), Some(3), Some(1)));
/// assert_eq!(cj.spec.job_template.spec.backoff_limit, None);
/// ```
pub fn default_cronjob(cj: &mut CronJob, version: KubernetesVersion, unsupported: &mut Unsupported) {
    namespace(&mut cj.metadata);
    let spec = &mut cj.spec;
    if spec.concurrency_policy.is_none() || unsupported.take_empty("spec.concurrencyPolicy") {
        spec.concurrency_policy = Some(ConcurrencyPolicy::Allow);
    }
    spec.suspend.get_or_insert(false);
    spec.successful_jobs_history_limit.get_or_insert(3);
    spec.failed_jobs_history_limit.get_or_insert(1);
    let job = &mut spec.job_template.spec;
    pod_template(&mut job.template, "spec.jobTemplate.spec.template", unsupported);
    // The per-type pattern defaulter (applies inside CronJobs too) replaced the loop in
    // SetDefaults_Job in 1.29.
    if version.at_least(29) {
        if let Some(policy) = &mut job.pod_failure_policy {
            condition_statuses(policy, "spec.jobTemplate.spec.podFailurePolicy", unsupported);
        }
    }
}

/// Defaults a Job in place (`SetDefaults_Job` of the release).
///
/// ```
/// use cronjob_playground::api::{defaults::default_job, CompletionMode, Job, KubernetesVersion, PodReplacementPolicy};
/// let mut job = Job::default();
/// default_job(&mut job, KubernetesVersion::NEWEST, &mut Default::default());
/// assert_eq!((job.spec.completions, job.spec.parallelism, job.spec.backoff_limit), (Some(1), Some(1), Some(6)));
/// assert_eq!(job.spec.completion_mode, Some(CompletionMode::NonIndexed));
/// assert_eq!(job.spec.pod_replacement_policy, Some(PodReplacementPolicy::TerminatingOrFailed));
/// ```
pub fn default_job(job: &mut Job, version: KubernetesVersion, unsupported: &mut Unsupported) {
    namespace(&mut job.metadata);
    let spec = &mut job.spec;
    if spec.completions.is_none() && spec.parallelism.is_none() {
        spec.completions = Some(1);
        spec.parallelism = Some(1);
    }
    spec.parallelism.get_or_insert(1);
    if spec.backoff_limit.is_none() {
        spec.backoff_limit =
            Some(if spec.backoff_limit_per_index.is_some() { i32::MAX } else { DEFAULT_BACKOFF_LIMIT });
    }
    if !spec.template.metadata.labels.is_empty() && job.metadata.labels.is_empty() {
        job.metadata.labels = spec.template.metadata.labels.clone();
    }
    if version.at_least(22) {
        spec.completion_mode.get_or_insert(CompletionMode::NonIndexed);
        spec.suspend.get_or_insert(false);
    }
    if let Some(policy) = &mut spec.pod_failure_policy {
        condition_statuses(policy, "spec.podFailurePolicy", unsupported);
    }
    if version.at_least(29) && spec.pod_replacement_policy.is_none() {
        spec.pod_replacement_policy = Some(if spec.pod_failure_policy.is_some() {
            PodReplacementPolicy::Failed
        } else {
            PodReplacementPolicy::TerminatingOrFailed
        });
    }
    if version.at_least(28) {
        spec.manual_selector.get_or_insert(false);
    }
    pod_template(&mut spec.template, "spec.template", unsupported);
}

fn namespace(meta: &mut ObjectMeta) {
    if meta.namespace.is_empty() {
        meta.namespace = "default".into();
    }
}

/// `SetDefaults_PodSpec` for the modelled fields.
fn pod_template(template: &mut PodTemplateSpec, path: &str, unsupported: &mut Unsupported) {
    let spec = std::rc::Rc::make_mut(&mut template.spec);
    if spec.restart_policy.is_none() || unsupported.take_empty(&format!("{path}.spec.restartPolicy")) {
        spec.restart_policy = Some(RestartPolicy::Always);
    }
    spec.termination_grace_period_seconds.get_or_insert(DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS);
}

fn condition_statuses(policy: &mut PodFailurePolicy, path: &str, unsupported: &mut Unsupported) {
    for (i, rule) in policy.rules.iter_mut().enumerate() {
        for (j, pattern) in rule.on_pod_conditions.iter_mut().enumerate() {
            let status_path = format!("{path}.rules[{i}].onPodConditions[{j}].status");
            if pattern.status.is_none() || unsupported.take_empty(&status_path) {
                pattern.status = Some(ConditionStatus::True);
            }
        }
    }
}
