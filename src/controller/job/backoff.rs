//! The Job controller's delay before it replaces failed pods, per release.
//!
//! * 1.27 and later (`pkg/controller/job/backoff_utils.go`, v1.28.7): a per-Job record
//!   `{failuresAfterLastSuccess, lastFailureTime}`; the delay after the n-th consecutive failure is
//!   10 s × 2ⁿ⁻¹ capped at 600 s, counted from the failed pod's finish time.
//! * 1.26 and earlier (`job_controller.go` `getBackoff` + the work queue's rate limiter, v1.23.13):
//!   the work queue's requeue counter drives both a pod-event delay (10 s × 2ⁿ⁻¹, 0 for n = 0) and
//!   the requeue after a sync that saw a new failure (10 s × 2ⁿ), both capped at 360 s.

use chrono::{DateTime, TimeDelta, Utc};

/// `DefaultJobPodFailureBackOff` / `DefaultJobBackOff`: the first delay, 10 s, in every release.
pub const INITIAL_POD_FAILURE_BACKOFF: TimeDelta = TimeDelta::seconds(10);
/// `MaxJobPodFailureBackOff` (1.27+): 10 minutes.
pub const MAX_POD_FAILURE_BACKOFF: TimeDelta = TimeDelta::seconds(600);
/// `MaxJobBackOff` (up to 1.26): 6 minutes.
pub const LEGACY_MAX_BACKOFF: TimeDelta = TimeDelta::seconds(360);

/// The delay after `failures` consecutive failures: `initial × 2^(failures−1)`, capped at `max`
/// (zero when there were none). Mirrors `getRemainingTimeForFailuresCount`'s doubling loop.
///
/// ```
/// use chrono::TimeDelta;
/// use cronjob_playground::controller::job::backoff::{backoff_for_failures, INITIAL_POD_FAILURE_BACKOFF,
///     MAX_POD_FAILURE_BACKOFF};
/// let d = |n| backoff_for_failures(n, INITIAL_POD_FAILURE_BACKOFF, MAX_POD_FAILURE_BACKOFF).num_seconds();
/// assert_eq!([d(0), d(1), d(2), d(3), d(6), d(7), d(40)], [0, 10, 20, 40, 320, 600, 600]);
/// ```
pub fn backoff_for_failures(failures: u32, initial: TimeDelta, max: TimeDelta) -> TimeDelta {
    if failures == 0 {
        return TimeDelta::zero();
    }
    let mut delay = initial;
    for _ in 1..failures {
        delay = delay * 2;
        if delay >= max {
            return max;
        }
    }
    delay
}

/// How long pod creation must still wait at `now` after `failures` consecutive failures, the last
/// finishing at `last_failure` (`getRemainingTimeForFailuresCount`). Zero once the delay has passed.
pub fn remaining_backoff(
    now: DateTime<Utc>,
    initial: TimeDelta,
    max: TimeDelta,
    failures: u32,
    last_failure: Option<DateTime<Utc>>,
) -> TimeDelta {
    let (delay, Some(last)) = (backoff_for_failures(failures, initial, max), last_failure) else {
        return TimeDelta::zero();
    };
    if failures == 0 {
        return TimeDelta::zero();
    }
    let elapsed = now - last;
    if delay < elapsed {
        TimeDelta::zero()
    } else {
        delay - elapsed
    }
}

/// The in-memory back-off state the 1.27+ controller keeps per Job (`backoffRecord`). Lost when
/// kube-controller-manager restarts; dropped when the Job finishes or is deleted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BackoffRecord {
    /// Consecutive pod failures since the last success.
    pub failures_after_last_success: u32,
    /// Finish time of the latest of those failures.
    pub last_failure_time: Option<DateTime<Utc>>,
}

impl BackoffRecord {
    /// The record after this sync's newly finished pods, given by their finish times
    /// (`newBackoffRecord`): failures extend the streak; a success resets it, keeping only the
    /// failures that finished strictly after the latest success.
    ///
    /// ```
    /// use chrono::{TimeZone, Utc};
    /// use cronjob_playground::controller::job::backoff::BackoffRecord;
    /// let t = |s| Utc.timestamp_opt(s, 0).unwrap();
    /// let r = BackoffRecord { failures_after_last_success: 2, last_failure_time: Some(t(10)) };
    /// let r = r.with_new_pods(&[t(50)], &[t(40), t(60), t(70)]);
    /// assert_eq!(r, BackoffRecord { failures_after_last_success: 2, last_failure_time: Some(t(70)) });
    /// ```
    pub fn with_new_pods(self, succeeded: &[DateTime<Utc>], failed: &[DateTime<Utc>]) -> BackoffRecord {
        self.with_finished(succeeded.iter().max().copied(), failed.iter().copied())
    }

    /// [`with_new_pods`](Self::with_new_pods) given the latest success's finish time and the
    /// failures' finish times in any order: only their number and the latest one matter, so
    /// nothing is collected or sorted.
    pub(crate) fn with_finished(
        self,
        last_success: Option<DateTime<Utc>>,
        failed: impl Iterator<Item = DateTime<Utc>>,
    ) -> BackoffRecord {
        // After a success only the failures strictly after it count; without one, all extend the streak.
        let (mut count, mut last) = (0u32, None::<DateTime<Utc>>);
        for f in failed.filter(|&f| last_success.is_none_or(|s| f > s)) {
            count += 1;
            last = Some(last.map_or(f, |l| l.max(f)));
        }
        match last_success {
            None if count == 0 => self,
            None => BackoffRecord {
                failures_after_last_success: self.failures_after_last_success + count,
                last_failure_time: last,
            },
            Some(_) => BackoffRecord { failures_after_last_success: count, last_failure_time: last },
        }
    }

    /// Remaining creation delay at `now` with the 1.27+ constants (10 s doubling to 600 s).
    pub fn remaining(&self, now: DateTime<Utc>) -> TimeDelta {
        remaining_backoff(
            now,
            INITIAL_POD_FAILURE_BACKOFF,
            MAX_POD_FAILURE_BACKOFF,
            self.failures_after_last_success,
            self.last_failure_time,
        )
    }
}

/// Up to 1.26: the delay before the sync triggered by a pod turning `Failed`
/// (`getBackoff(queue, key)`): 0 while the requeue counter is 0, then 10 s × 2^(requeues−1), ≤ 360 s.
///
/// ```
/// use cronjob_playground::controller::job::backoff::legacy_pod_failure_delay;
/// let d: Vec<i64> = (0..8).map(|n| legacy_pod_failure_delay(n).num_seconds()).collect();
/// assert_eq!(d, [0, 10, 20, 40, 80, 160, 320, 360]);
/// ```
pub fn legacy_pod_failure_delay(requeues: u32) -> TimeDelta {
    backoff_for_failures(requeues, INITIAL_POD_FAILURE_BACKOFF, LEGACY_MAX_BACKOFF)
}

/// Up to 1.26: the delay of `AddRateLimited` after a sync returned an error, with the requeue
/// counter at `requeues` before the call (`ItemExponentialFailureRateLimiter(10s, 360s)`):
/// 10 s × 2^requeues, ≤ 360 s.
pub fn legacy_rate_limited_delay(requeues: u32) -> TimeDelta {
    backoff_for_failures(requeues.saturating_add(1), INITIAL_POD_FAILURE_BACKOFF, LEGACY_MAX_BACKOFF)
}

/// From 1.27: the delay of `AddRateLimited` after a sync error (`DefaultJobApiBackOff` 1 s doubling,
/// `MaxJobApiBackOff` 60 s), with the error counter at `errors` before the call.
pub fn api_error_delay(errors: u32) -> TimeDelta {
    backoff_for_failures(errors.saturating_add(1), TimeDelta::seconds(1), TimeDelta::seconds(60))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn t(s: i64) -> DateTime<Utc> {
        Utc.timestamp_opt(s, 0).unwrap()
    }

    #[test]
    fn modern_delays_from_finish_time() {
        // Reference timeline (v1.28.7, `restartPolicy: Never`, 30 s containers): failures at 30,
        // 70, 120 → replacements at 40, 90, 160.
        for (n, last, created) in [(1, 30, 40), (2, 70, 90), (3, 120, 160)] {
            let r = BackoffRecord { failures_after_last_success: n, last_failure_time: Some(t(last)) };
            assert_eq!(r.remaining(t(last + 1)), TimeDelta::seconds(created - last - 1));
            assert_eq!(r.remaining(t(created)), TimeDelta::zero());
        }
    }

    #[test]
    fn cap_is_600_modern_and_360_legacy() {
        assert_eq!(backoff_for_failures(8, INITIAL_POD_FAILURE_BACKOFF, MAX_POD_FAILURE_BACKOFF).num_seconds(), 600);
        assert_eq!(legacy_pod_failure_delay(7).num_seconds(), 360);
        assert_eq!(legacy_rate_limited_delay(0).num_seconds(), 10);
        assert_eq!(legacy_rate_limited_delay(3).num_seconds(), 80);
        assert_eq!(legacy_rate_limited_delay(10).num_seconds(), 360);
        assert_eq!(api_error_delay(0).num_seconds(), 1);
        assert_eq!(api_error_delay(9).num_seconds(), 60);
    }

    #[test]
    fn success_resets_streak() {
        let r = BackoffRecord { failures_after_last_success: 3, last_failure_time: Some(t(5)) };
        assert_eq!(r.with_new_pods(&[t(9)], &[]), BackoffRecord::default());
        assert_eq!(r.with_new_pods(&[], &[]), r);
    }
}
