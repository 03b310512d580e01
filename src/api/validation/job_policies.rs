//! Job validation of the pod failure policy and the success policy (`validatePodFailurePolicy`,
//! `validateSuccessPolicy`, `validateIndexesFormat` in `pkg/apis/batch/validation/validation.go`,
//! 1.28–1.35).

use super::names;
use super::Checker;
use crate::api::field_error::{BadValue, FieldError};
use crate::api::{
    JobSpec, PodFailurePolicy, PodFailurePolicyAction, PodFailurePolicyOnExitCodesRequirement,
    PodFailurePolicyOnPodConditionsPattern, SuccessPolicy,
};
use crate::go::{atoi, Quoted};
use std::collections::HashSet;

const MAX_POD_FAILURE_POLICY_RULES: usize = 20;
const MAX_EXIT_CODE_VALUES: usize = 255;
const MAX_POD_CONDITION_PATTERNS: usize = 20;
const MAX_SUCCEEDED_INDEXES_LENGTH: usize = 64 * 1024;
const MAX_SUCCESS_POLICY_RULES: usize = 20;

/// Go's `%q` of a `[]string`: `["a" "b"]`.
fn go_string_list(values: &[&str]) -> String {
    format!("[{}]", values.iter().map(|v| Quoted(v).to_string()).collect::<Vec<_>>().join(" "))
}

/// `validatePodFailurePolicy`: at most 20 rules, each with an action this release knows and
/// exactly one of `onExitCodes` and `onPodConditions`.
pub(super) fn pod_failure_policy(c: &mut Checker, spec: &JobSpec, policy: &PodFailurePolicy, path: &str) {
    let rules_path = format!("{path}.rules");
    if policy.rules.len() > MAX_POD_FAILURE_POLICY_RULES {
        c.push(FieldError::too_many(&rules_path, policy.rules.len(), MAX_POD_FAILURE_POLICY_RULES));
    }
    let containers: HashSet<&str> = spec
        .template
        .spec
        .containers
        .iter()
        .chain(&spec.template.spec.init_containers)
        .map(|c| c.name.as_str())
        .collect();
    for (i, rule) in policy.rules.iter().enumerate() {
        let rule_path = format!("{rules_path}[{i}]");
        rule_action(c, spec, rule.action, &format!("{rule_path}.action"));
        if let Some(on_exit) = &rule.on_exit_codes {
            on_exit_codes(c, on_exit, &containers, &format!("{rule_path}.onExitCodes"));
        }
        if !rule.on_pod_conditions.is_empty() {
            on_pod_conditions(c, &rule.on_pod_conditions, &format!("{rule_path}.onPodConditions"));
        }
        match (rule.on_exit_codes.is_some(), rule.on_pod_conditions.is_empty()) {
            (true, false) => c.push(FieldError::invalid(
                &rule_path,
                BadValue::Omit,
                "specifying both OnExitCodes and OnPodConditions is not supported",
            )),
            (false, true) => c.push(FieldError::invalid(
                &rule_path,
                BadValue::Omit,
                "specifying one of OnExitCodes and OnPodConditions is required",
            )),
            _ => {}
        }
    }
}

/// A rule's `action`. FailIndex arrived with backoffLimitPerIndex in 1.28 (in 1.28 the alpha
/// field is dropped, so a FailIndex rule then always lacks it).
fn rule_action(c: &mut Checker, spec: &JobSpec, action: PodFailurePolicyAction, action_path: &str) {
    let actions: &[&str] = if c.version.at_least(28) {
        &["Count", "FailIndex", "FailJob", "Ignore"]
    } else {
        &["Count", "FailJob", "Ignore"]
    };
    let action = c.enum_text(action_path, Some(action)).unwrap_or_default();
    if action.is_empty() {
        c.push(FieldError::required(action_path, format!("valid values: {}", go_string_list(actions))));
    } else if action == "FailIndex" && actions.contains(&"FailIndex") {
        if spec.backoff_limit_per_index.is_none() {
            c.push(FieldError::invalid(
                action_path,
                BadValue::str(&action),
                "requires the backoffLimitPerIndex to be set",
            ));
        }
    } else if !actions.contains(&action.as_str()) {
        c.push(FieldError::not_supported(action_path, &action, actions));
    }
}

/// `validatePodFailurePolicyRuleOnExitCodes`.
fn on_exit_codes(
    c: &mut Checker,
    on_exit: &PodFailurePolicyOnExitCodesRequirement,
    containers: &HashSet<&str>,
    exit_path: &str,
) {
    let operator_path = format!("{exit_path}.operator");
    let operator = c.enum_text(&operator_path, Some(on_exit.operator)).unwrap_or_default();
    if operator.is_empty() {
        c.push(FieldError::required(&operator_path, format!("valid values: {}", go_string_list(&["In", "NotIn"]))));
    } else if operator != "In" && operator != "NotIn" {
        c.push(FieldError::not_supported(&operator_path, &operator, &["In", "NotIn"]));
    }
    if let Some(name) = &on_exit.container_name {
        if !containers.contains(&name.as_str()) {
            c.push(FieldError::invalid(
                format!("{exit_path}.containerName"),
                BadValue::str(name),
                "must be one of the container or initContainer names in the pod template",
            ));
        }
    }
    let values_path = format!("{exit_path}.values");
    if on_exit.values.is_empty() {
        c.push(FieldError::invalid(
            &values_path,
            BadValue::Raw("[]int32(nil)".into()),
            "at least one value is required",
        ));
    } else if on_exit.values.len() > MAX_EXIT_CODE_VALUES {
        c.push(FieldError::too_many(&values_path, on_exit.values.len(), MAX_EXIT_CODE_VALUES));
    }
    let mut seen = HashSet::new();
    for (j, &value) in on_exit.values.iter().enumerate() {
        let value_path = format!("{values_path}[{j}]");
        if operator == "In" && value == 0 {
            c.push(FieldError::invalid(&value_path, BadValue::Int(0), "must not be 0 for the In operator"));
        }
        if !seen.insert(value) {
            c.push(FieldError::duplicate(&value_path, BadValue::Int(value.into())));
        }
    }
    if on_exit.values.windows(2).any(|w| w[0] > w[1]) {
        let list = on_exit.values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ");
        c.push(FieldError::invalid(&values_path, BadValue::Raw(format!("[]int32{{{list}}}")), "must be ordered"));
    }
}

/// `validatePodFailurePolicyRuleOnPodConditions`.
fn on_pod_conditions(c: &mut Checker, patterns: &[PodFailurePolicyOnPodConditionsPattern], conditions_path: &str) {
    if patterns.len() > MAX_POD_CONDITION_PATTERNS {
        c.push(FieldError::too_many(conditions_path, patterns.len(), MAX_POD_CONDITION_PATTERNS));
    }
    for (j, pattern) in patterns.iter().enumerate() {
        let pattern_path = format!("{conditions_path}[{j}]");
        for msg in names::qualified_name(&pattern.condition_type) {
            c.push(FieldError::invalid(format!("{pattern_path}.type"), BadValue::str(&pattern.condition_type), msg));
        }
        let status_path = format!("{pattern_path}.status");
        let status = c.enum_text(&status_path, pattern.status).unwrap_or_default();
        let statuses = ["False", "True", "Unknown"];
        if status.is_empty() {
            c.push(FieldError::required(&status_path, format!("valid values: {}", go_string_list(&statuses))));
        } else if !statuses.contains(&status.as_str()) {
            c.push(FieldError::not_supported(&status_path, &status, &statuses));
        }
    }
}

/// `validateSuccessPolicy`: its rules, and how many indexes each names against `completions`.
pub(super) fn success_policy(c: &mut Checker, spec: &JobSpec, policy: &SuccessPolicy, path: &str) {
    let rules_path = format!("{path}.rules");
    if policy.rules.is_empty() {
        c.push(FieldError::required(
            &rules_path,
            "at least one rules must be specified when the successPolicy is specified",
        ));
    }
    if policy.rules.len() > MAX_SUCCESS_POLICY_RULES {
        c.push(FieldError::too_many(&rules_path, policy.rules.len(), MAX_SUCCESS_POLICY_RULES));
    }
    let completions = spec.completions.unwrap_or(0);
    for (i, rule) in policy.rules.iter().enumerate() {
        let rule_path = format!("{rules_path}[{i}]");
        if rule.succeeded_count.is_none() && rule.succeeded_indexes.is_none() {
            c.push(FieldError::required(
                &rule_path,
                "at least one of succeededCount or succeededIndexes must be specified",
            ));
        }
        let mut total = 0;
        if let Some(indexes) = &rule.succeeded_indexes {
            let indexes_path = format!("{rule_path}.succeededIndexes");
            if indexes.len() > MAX_SUCCEEDED_INDEXES_LENGTH {
                c.push(FieldError::too_long(&indexes_path, MAX_SUCCEEDED_INDEXES_LENGTH));
            }
            match count_indexes(indexes, completions) {
                Ok(n) => total = n,
                Err(err) => c.push(FieldError::invalid(
                    &indexes_path,
                    BadValue::str(indexes),
                    format!("error parsing succeededIndexes: {err}"),
                )),
            }
        }
        if let Some(count) = rule.succeeded_count {
            let count_path = format!("{rule_path}.succeededCount");
            FieldError::check_nonnegative(&count_path, count.into(), &mut c.outcome.errors);
            if count > completions {
                c.push(FieldError::invalid(
                    &count_path,
                    BadValue::Int(count.into()),
                    format!("must be less than or equal to {completions} (the number of specified completions)"),
                ));
            }
            if rule.succeeded_indexes.is_some() && i64::from(count) > total {
                c.push(FieldError::invalid(
                    &count_path,
                    BadValue::Int(count.into()),
                    format!(
                        "must be less than or equal to {total} (the number of indexes in the specified \
                        succeededIndexes field)"
                    ),
                ));
            }
        }
    }
}

/// `validateIndexesFormat`: how many indexes an interval list like `1,3-5` names. `Err` is the
/// text of Go's `error`, which the caller puts verbatim into the field error's detail.
fn count_indexes(text: &str, completions: i32) -> Result<i64, String> {
    if text.is_empty() {
        return Ok(0);
    }
    let mut last: Option<i64> = None;
    let mut total = 0;
    for interval in text.split(',') {
        let (x, y) = parse_interval(interval, completions)?;
        if let Some(previous) = last.filter(|&l| l >= x) {
            return Err(format!("non-increasing order, previous: {previous}, current: {x}"));
        }
        total += y - x + 1;
        last = Some(y);
    }
    Ok(total)
}

fn parse_interval(interval: &str, completions: i32) -> Result<(i64, i64), String> {
    let limits: Vec<&str> = interval.split('-').collect();
    if limits.len() > 2 {
        return Err(format!(
            "the fragment {} violates the requirement that an index interval can have at most two parts separated by \
            '-'",
            Quoted(interval)
        ));
    }
    let atoi = |s: &str| atoi(s).map_err(|_| format!("cannot convert string to integer for index: {}", Quoted(s)));
    let too_large = |s: &str| format!("too large index: {}", Quoted(s));
    let x = atoi(limits[0])?;
    if x >= i64::from(completions) {
        return Err(too_large(limits[0]));
    }
    let Some(second) = limits.get(1) else {
        return Ok((x, x));
    };
    let y = atoi(second)?;
    if y >= i64::from(completions) {
        return Err(too_large(second));
    }
    if x >= y {
        return Err(format!("non-increasing order, previous: {x}, current: {y}"));
    }
    Ok((x, y))
}

/// An approximation of Go's `%#v` of a `batch.SuccessPolicy` (Go prints pointer addresses,
/// which no reimplementation can reproduce; the values are shown instead).
pub(super) fn success_policy_value(policy: &SuccessPolicy) -> String {
    let rules: Vec<String> = policy
        .rules
        .iter()
        .map(|r| {
            format!(
                "batch.SuccessPolicyRule{{SucceededIndexes:{}, SucceededCount:{}}}",
                r.succeeded_indexes.as_deref().map_or("(*string)(nil)".into(), |s| Quoted(s).to_string()),
                r.succeeded_count.map_or("(*int32)(nil)".into(), |n| n.to_string())
            )
        })
        .collect();
    format!("batch.SuccessPolicy{{Rules:[]batch.SuccessPolicyRule{{{}}}}}", rules.join(", "))
}

#[cfg(test)]
mod tests {
    use super::count_indexes;

    #[test]
    fn index_lists_are_counted_or_refused_with_validation_gos_texts() {
        assert_eq!(count_indexes("", 5), Ok(0));
        assert_eq!(count_indexes("0,2-4", 5), Ok(4));
        assert_eq!(count_indexes("+1", 5), Ok(1));
        let err = |text| count_indexes(text, 5).unwrap_err();
        assert_eq!(err("2-4,3"), "non-increasing order, previous: 4, current: 3");
        assert_eq!(err("3-1"), "non-increasing order, previous: 3, current: 1");
        assert_eq!(err("a"), r#"cannot convert string to integer for index: "a""#);
        assert_eq!(err("1_0"), r#"cannot convert string to integer for index: "1_0""#);
        assert_eq!(err("5"), r#"too large index: "5""#);
        assert_eq!(
            err("1-2-3"),
            r#"the fragment "1-2-3" violates the requirement that an index interval can have at most two parts separated by '-'"#
        );
    }
}
