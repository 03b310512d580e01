//! `spec.successPolicy` for Indexed Jobs (`pkg/controller/job/success_policy.go`, 1.30+): the
//! first rule whose indexes (or count) are satisfied ends the Job early.

use super::indexes::Intervals;
use crate::api::SuccessPolicy;

/// The `"Matched rules at index <i>"` message of the first satisfied rule, if any.
///
/// ```
/// use cronjob_playground::api::{SuccessPolicy, SuccessPolicyRule};
/// use cronjob_playground::controller::job::{match_success_policy, Intervals};
/// let policy = SuccessPolicy { rules: vec![
///     SuccessPolicyRule { succeeded_indexes: Some("0-2".into()), succeeded_count: Some(2) },
/// ]};
/// assert_eq!(match_success_policy(&policy, 5, &Intervals::parse("1,2", 5)), Some("Matched rules at index 0".into()));
/// assert_eq!(match_success_policy(&policy, 5, &Intervals::parse("1,3", 5)), None);
/// ```
pub fn match_success_policy(policy: &SuccessPolicy, completions: u32, succeeded: &Intervals) -> Option<String> {
    if succeeded.is_empty() {
        return None;
    }
    policy.rules.iter().enumerate().find_map(|(i, rule)| {
        let matched = match &rule.succeeded_indexes {
            Some(text) => {
                let required = Intervals::parse(text, completions);
                if required.is_empty() {
                    return None;
                }
                let contained = required
                    .intervals()
                    .iter()
                    .map(|&(a, b)| (a..=b).filter(|&ix| succeeded.has(ix)).count() as u32)
                    .sum::<u32>();
                contained == required.total()
                    || rule.succeeded_count.is_some_and(|c| i64::from(contained) >= i64::from(c))
            }
            None => rule.succeeded_count.is_some_and(|c| i64::from(succeeded.total()) >= i64::from(c)),
        };
        matched.then(|| format!("Matched rules at index {i}"))
    })
}
