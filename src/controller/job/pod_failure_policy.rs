//! Matching a failed pod against `spec.podFailurePolicy` (`pkg/controller/job/pod_failure_policy.go`,
//! unchanged from v1.26 to 1.35): rules in order, first match wins.

use crate::api::{
    ConditionStatus, ContainerStatus, Pod, PodFailurePolicy, PodFailurePolicyAction,
    PodFailurePolicyOnExitCodesOperator, PodFailurePolicyOnExitCodesRequirement,
};

/// What the policy says about one failed pod.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolicyMatch {
    /// Set when a `FailJob` rule matched: the Job's failure message.
    pub fail_job_message: Option<String>,
    /// Whether the failure counts towards `backoffLimit` (false for `Ignore`).
    pub count_failed: bool,
    /// The matched rule's action, if any rule matched.
    pub action: Option<PodFailurePolicyAction>,
}

/// `matchPodFailurePolicy`. `fail_index_enabled` is the JobBackoffLimitPerIndex gate: without it
/// `FailIndex` rules are skipped.
pub fn match_pod_failure_policy(policy: Option<&PodFailurePolicy>, pod: &Pod, fail_index_enabled: bool) -> PolicyMatch {
    let no_match = PolicyMatch { fail_job_message: None, count_failed: true, action: None };
    let Some(policy) = policy else { return no_match };
    let (ns, name) = (&pod.metadata.namespace, &pod.metadata.name);
    for (index, rule) in policy.rules.iter().enumerate() {
        if rule.action == PodFailurePolicyAction::FailIndex && !fail_index_enabled {
            continue;
        }
        let what = if let Some(req) = &rule.on_exit_codes {
            match_on_exit_codes(pod, req).map(|c| {
                let code = c.state.terminated.as_ref().map_or(0, |t| t.exit_code);
                format!("Container {} for pod {ns}/{name} failed with exit code {code}", c.name)
            })
        } else {
            pod.status
                .conditions
                .iter()
                .find(|c| {
                    rule.on_pod_conditions.iter().any(|p| {
                        p.condition_type == c.condition_type && p.status.unwrap_or(ConditionStatus::True) == c.status
                    })
                })
                .map(|c| format!("Pod {ns}/{name} has condition {}", c.condition_type))
        };
        let Some(what) = what else { continue };
        let action = Some(rule.action);
        return match rule.action {
            PodFailurePolicyAction::Ignore => PolicyMatch { fail_job_message: None, count_failed: false, action },
            PodFailurePolicyAction::Count | PodFailurePolicyAction::FailIndex => {
                PolicyMatch { fail_job_message: None, count_failed: true, action }
            }
            PodFailurePolicyAction::FailJob => PolicyMatch {
                fail_job_message: Some(format!("{what} matching FailJob rule at index {index}")),
                count_failed: true,
                action,
            },
        };
    }
    no_match
}

fn match_on_exit_codes<'p>(pod: &'p Pod, req: &PodFailurePolicyOnExitCodesRequirement) -> Option<&'p ContainerStatus> {
    let matching = |s: &&ContainerStatus| {
        let Some(t) = &s.state.terminated else { return false };
        req.container_name.as_ref().is_none_or(|n| *n == s.name)
            && t.exit_code != 0
            && match req.operator {
                PodFailurePolicyOnExitCodesOperator::In => req.values.contains(&t.exit_code),
                PodFailurePolicyOnExitCodesOperator::NotIn => !req.values.contains(&t.exit_code),
            }
    };
    pod.status
        .container_statuses
        .iter()
        .find(matching)
        .or_else(|| pod.status.init_container_statuses.iter().find(matching))
}
