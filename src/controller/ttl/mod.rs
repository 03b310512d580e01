//! The TTL-after-finished controller (`pkg/controller/ttlafterfinished/ttlafterfinished_controller.go`,
//! v1.28.7 = master): a finished Job with `ttlSecondsAfterFinished` is deleted that many seconds
//! after its terminal condition's `lastTransitionTime`, with foreground propagation (the garbage
//! collector deletes its pods first). The CronJob controller watches Jobs, so the deletion also
//! re-syncs the owning CronJob — the runtime wires that hand-off.
//!
//! Gate TTLAfterFinished: alpha (off) from 1.12, beta (on) 1.21, GA 1.23; before 1.21 nothing is
//! deleted.

use crate::api::{Job, KubernetesVersion};
use crate::i18n::decisions::{Arg, DecisionWords as W, Worded};
use chrono::{DateTime, TimeDelta, Utc};

/// What one TTL sync of a Job decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TtlAction {
    /// Nothing to do (no TTL, not finished, already being deleted, or the controller is off).
    Ignore,
    /// Delete the Job now (`propagationPolicy: Foreground`, UID precondition); it expired at this time.
    Delete { expired_at: DateTime<Utc> },
    /// Look again at `expire_at` (the work queue's `AddAfter(remaining)`).
    RequeueAt { expire_at: DateTime<Utc>, after: TimeDelta },
    /// The Job is finished but its terminal condition has no time: the real controller logs
    /// "unable to find the time when the Job … finished" and retries with back-off.
    Error(String),
}

/// The decision and the rule behind it, for the inspector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TtlDecision {
    pub action: TtlAction,
    pub explanation: Worded,
}

/// Whether the TTL-after-finished controller runs by default in `version`.
pub fn ttl_controller_enabled(version: KubernetesVersion) -> bool {
    version.at_least(21)
}

/// `processTTL` for a Job at `now`.
///
/// ```
/// use chrono::{TimeDelta, TimeZone, Utc};
/// use cronjob_playground::api::{ConditionStatus, Job, JobCondition, JobConditionType, KubernetesVersion};
/// use cronjob_playground::controller::ttl::{ttl_after_finished, TtlAction};
/// let t = |s| Utc.timestamp_opt(s, 0).unwrap();
/// let mut job = Job::default();
/// job.spec.ttl_seconds_after_finished = Some(100);
/// job.status.conditions.push(JobCondition { condition_type: JobConditionType::Complete, status: ConditionStatus::True,
///     last_probe_time: Some(t(50)), last_transition_time: Some(t(50)), reason: String::new(),
///         message: String::new() });
/// let v = KubernetesVersion::new(28).unwrap();
/// assert_eq!(ttl_after_finished(&job, t(60), v).action, TtlAction::RequeueAt { expire_at: t(150),
///     after: TimeDelta::seconds(90) });
/// assert_eq!(ttl_after_finished(&job, t(150), v).action, TtlAction::Delete { expired_at: t(150) });
/// ```
pub fn ttl_after_finished(job: &Job, now: DateTime<Utc>, version: KubernetesVersion) -> TtlDecision {
    let ignore = |why: Worded| TtlDecision { action: TtlAction::Ignore, explanation: why };
    let said = |words| Worded::new(words, []);
    if !ttl_controller_enabled(version) {
        return ignore(Worded::new(W::TtlOff, [Arg::from(version)]));
    }
    let Some(ttl) = job.spec.ttl_seconds_after_finished else {
        return ignore(said(W::TtlUnset));
    };
    if job.metadata.deletion_timestamp.is_some() {
        return ignore(said(W::TtlDeleting));
    }
    let Some(cond) = job.status.finished_condition() else {
        return ignore(said(W::TtlNotFinished));
    };
    let Some(finished_at) = cond.last_transition_time else {
        let ns = if job.metadata.namespace.is_empty() { "default" } else { &job.metadata.namespace };
        return TtlDecision {
            action: TtlAction::Error(format!(
                "unable to find the time when the Job {ns}/{} finished",
                job.metadata.name
            )),
            explanation: said(W::TtlNoTransition),
        };
    };
    let expire_at = finished_at + TimeDelta::seconds(ttl.into());
    let remaining = expire_at - now;
    let (word, action) = if remaining <= TimeDelta::zero() {
        (W::TtlExpired, TtlAction::Delete { expired_at: expire_at })
    } else {
        (W::TtlWaiting, TtlAction::RequeueAt { expire_at, after: remaining })
    };
    // Both sentences name the same four facts: the TTL, the finishing condition, when it
    // finished and when it expires.
    let facts = [
        ttl.into(),
        format!("{:?}", cond.condition_type).into(),
        finished_at.to_rfc3339().into(),
        expire_at.to_rfc3339().into(),
    ];
    TtlDecision { action, explanation: Worded::new(word, facts) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{ConditionStatus, JobCondition, JobConditionType};
    use chrono::TimeZone;

    fn t(s: i64) -> DateTime<Utc> {
        Utc.timestamp_opt(s, 0).unwrap()
    }

    fn finished(ct: JobConditionType, at: Option<DateTime<Utc>>, ttl: Option<i32>) -> Job {
        let mut job = Job::default();
        job.metadata.name = "pi".into();
        job.spec.ttl_seconds_after_finished = ttl;
        job.status.conditions.push(JobCondition {
            condition_type: ct,
            status: ConditionStatus::True,
            last_probe_time: at,
            last_transition_time: at,
            reason: String::new(),
            message: String::new(),
        });
        job
    }

    #[test]
    fn ttl_zero_deletes_in_the_first_sync() {
        let job = finished(JobConditionType::Failed, Some(t(191)), Some(0));
        assert_eq!(
            ttl_after_finished(&job, t(191), KubernetesVersion::new(28).unwrap()).action,
            TtlAction::Delete { expired_at: t(191) }
        );
    }

    #[test]
    fn interim_conditions_do_not_start_the_clock() {
        let v = KubernetesVersion::new(31).unwrap();
        for ct in [JobConditionType::FailureTarget, JobConditionType::SuccessCriteriaMet] {
            assert_eq!(ttl_after_finished(&finished(ct, Some(t(10)), Some(0)), t(100), v).action, TtlAction::Ignore);
        }
    }

    #[test]
    fn version_boundary_1_21() {
        let job = finished(JobConditionType::Complete, Some(t(10)), Some(5));
        assert_eq!(ttl_after_finished(&job, t(100), KubernetesVersion::new(20).unwrap()).action, TtlAction::Ignore);
        assert_eq!(
            ttl_after_finished(&job, t(100), KubernetesVersion::new(21).unwrap()).action,
            TtlAction::Delete { expired_at: t(15) }
        );
    }

    #[test]
    fn being_deleted_or_no_ttl_is_ignored_and_missing_time_is_an_error() {
        let v = KubernetesVersion::new(28).unwrap();
        let mut job = finished(JobConditionType::Complete, Some(t(10)), Some(5));
        job.metadata.deletion_timestamp = Some(t(11));
        assert_eq!(ttl_after_finished(&job, t(100), v).action, TtlAction::Ignore);
        assert_eq!(
            ttl_after_finished(&finished(JobConditionType::Complete, Some(t(10)), None), t(100), v).action,
            TtlAction::Ignore
        );
        assert_eq!(
            ttl_after_finished(&finished(JobConditionType::Complete, None, Some(5)), t(100), v).action,
            TtlAction::Error("unable to find the time when the Job default/pi finished".into())
        );
    }

    #[test]
    fn the_decisions_read_in_every_language_with_kubernetes_values_as_they_are() {
        use crate::i18n::Lang;
        let v = KubernetesVersion::new(28).unwrap();
        let job = finished(JobConditionType::Complete, Some(t(10)), Some(100));
        let waiting = ttl_after_finished(&job, t(60), v).explanation;
        assert_eq!(
            waiting.to_string(),
            "ttlSecondsAfterFinished 100: the Job became Complete at 1970-01-01T00:00:10+00:00; it will be deleted at \
            1970-01-01T00:01:50+00:00"
        );
        assert_eq!(
            waiting.render(Lang::Ja),
            "ttlSecondsAfterFinished 100: Job は 1970-01-01T00:00:10+00:00 に Complete になりました。1970-01-01T00:01:50+00:00 \
            に削除されます"
        );
        let expired = ttl_after_finished(&job, t(200), v).explanation;
        assert_eq!(
            expired.render(Lang::Ko),
            "ttlSecondsAfterFinished 100: 잡이 1970-01-01T00:00:10+00:00에 Complete가 되었으므로 1970-01-01T00:01:50+00:00에 \
            만료되어 파드와 함께 삭제됩니다 (foreground)"
        );
        let off = ttl_after_finished(&job, t(200), KubernetesVersion::new(20).unwrap()).explanation;
        assert_eq!(
            off.render(Lang::Ja),
            "Kubernetes 1.20: TTLAfterFinished 機能は 1.21 より前は既定で無効なので、終了した Job は残ります"
        );
    }
}
