//! The kubelet's per-container restart back-off (CrashLoopBackOff), the engine behind
//! `restartPolicy: OnFailure` Job retries.
//!
//! Mirrors `client-go/util/flowcontrol/backoff.go` (`Next`, `IsInBackOffSince`, `hasExpired`) as the
//! kubelet configures it (`pkg/kubelet/kubelet.go`: initial 10 s, max 300 s, no jitter) and
//! `kuberuntime_manager.go:doBackOff`. The first restart after a crash is immediate (no entry
//! exists yet; issue #133472); an entry expires once a crash happens more than 600 s after the last
//! restart (2 × max before 1.32, a hard-coded 10 minutes since), which resets the delay to 10 s.
//!
//! KEP-4603 (`kubelet.go:newCrashLoopBackOff`) makes the bounds configurable: gate
//! `ReduceDefaultCrashLoopBackOffDecay` (alpha, off, 1.33) starts at 1 s and caps at 60 s; gate
//! `KubeletCrashLoopBackOffMax` (alpha 1.32, beta on 1.35) caps at the kubelet configuration's
//! `crashLoopBackOff.maxContainerRestartPeriod` (defaulted to 300 s when the gate is on, which then
//! wins over the reduced 60 s), and lowers the start to that cap when the cap is below it.

use chrono::{DateTime, TimeDelta, Utc};

/// `initialCrashLoopBackOff`.
pub const INITIAL_CRASH_LOOP_BACKOFF: TimeDelta = TimeDelta::seconds(10);
/// `MaxContainerBackOff`.
pub const MAX_CRASH_LOOP_BACKOFF: TimeDelta = TimeDelta::seconds(300);
/// A container that ran this long after its last restart before crashing starts over at 10 s.
pub const CRASH_LOOP_RESET_AFTER: TimeDelta = TimeDelta::seconds(600);

/// `reducedInitialCrashLoopBackOff` (gate ReduceDefaultCrashLoopBackOffDecay).
pub const REDUCED_INITIAL_CRASH_LOOP_BACKOFF: TimeDelta = TimeDelta::seconds(1);
/// `reducedMaxCrashLoopBackOff` (gate ReduceDefaultCrashLoopBackOffDecay).
pub const REDUCED_MAX_CRASH_LOOP_BACKOFF: TimeDelta = TimeDelta::seconds(60);

/// The first delay and the cap of the kubelet's container back-off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BackOffBounds {
    pub initial: TimeDelta,
    pub max: TimeDelta,
}

impl Default for BackOffBounds {
    fn default() -> Self {
        BackOffBounds { initial: INITIAL_CRASH_LOOP_BACKOFF, max: MAX_CRASH_LOOP_BACKOFF }
    }
}

impl BackOffBounds {
    /// `newCrashLoopBackOff`: the bounds for the kubelet's gates and its configured
    /// `maxContainerRestartPeriod` (read only with `KubeletCrashLoopBackOffMax` on; unset means
    /// the configuration default, 300 s).
    ///
    /// ```
    /// use chrono::TimeDelta;
    /// use cronjob_playground::controller::kubelet::BackOffBounds;
    /// let s = TimeDelta::seconds;
    /// assert_eq!(BackOffBounds::for_kubelet(true, false, None), BackOffBounds { initial: s(1), max: s(60) });
    /// assert_eq!(BackOffBounds::for_kubelet(false, true, Some(s(5))), BackOffBounds { initial: s(5), max: s(5) });
    /// assert_eq!(BackOffBounds::for_kubelet(true, true, None), BackOffBounds { initial: s(1), max: s(300) });
    /// ```
    pub fn for_kubelet(reduced_decay: bool, configurable_max: bool, configured_max: Option<TimeDelta>) -> Self {
        let mut b = if reduced_decay {
            BackOffBounds { initial: REDUCED_INITIAL_CRASH_LOOP_BACKOFF, max: REDUCED_MAX_CRASH_LOOP_BACKOFF }
        } else {
            BackOffBounds::default()
        };
        if configurable_max {
            b.max = configured_max.unwrap_or(MAX_CRASH_LOOP_BACKOFF);
            b.initial = b.initial.min(b.max);
        }
        b
    }
}

/// The back-off entry of one container (keyed in the kubelet by pod UID, container name and spec
/// hash). `None` until the first restart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CrashLoopBackOff {
    entry: Option<Entry>,
    bounds: BackOffBounds,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    backoff: TimeDelta,
    last_update: DateTime<Utc>,
}

impl CrashLoopBackOff {
    /// A container's back-off with the kubelet's bounds.
    pub fn with_bounds(bounds: BackOffBounds) -> Self {
        CrashLoopBackOff { entry: None, bounds }
    }

    fn live_entry(&self, finished_at: DateTime<Utc>) -> Option<Entry> {
        self.entry.filter(|e| finished_at - e.last_update <= CRASH_LOOP_RESET_AFTER)
    }

    /// The current delay (what the `CrashLoopBackOff` message shows), if an entry exists.
    pub fn current(&self) -> Option<TimeDelta> {
        self.entry.map(|e| e.backoff)
    }

    /// When a container that exited at `finished_at` may be restarted: `None` means at once
    /// (no live entry), otherwise `finished_at + backoff` (`IsInBackOffSince` is true before it).
    ///
    /// ```
    /// use chrono::{TimeZone, Utc};
    /// use cronjob_playground::controller::kubelet::CrashLoopBackOff;
    /// let t = |s| Utc.timestamp_opt(s, 0).unwrap();
    /// let mut b = CrashLoopBackOff::default();
    /// assert_eq!(b.restart_allowed_at(t(30)), None);          // first crash: restart at once
    /// b.record_restart(t(30), t(30));
    /// assert_eq!(b.restart_allowed_at(t(60)), Some(t(70)));   // second crash: 10 s
    /// b.record_restart(t(60), t(70));
    /// assert_eq!(b.restart_allowed_at(t(100)), Some(t(120))); // third crash: 20 s
    /// ```
    pub fn restart_allowed_at(&self, finished_at: DateTime<Utc>) -> Option<DateTime<Utc>> {
        self.live_entry(finished_at).map(|e| finished_at + e.backoff)
    }

    /// Whether a restart attempt at `now` of a container that exited at `finished_at` is refused.
    pub fn is_in_backoff_since(&self, finished_at: DateTime<Utc>, now: DateTime<Utc>) -> bool {
        self.restart_allowed_at(finished_at).is_some_and(|at| now < at)
    }

    /// Records a restart performed at `now` of a container that exited at `finished_at`
    /// (`Backoff.Next`): a new or expired entry starts at 10 s, a live one doubles up to 300 s
    /// (or the bounds the gates set).
    pub fn record_restart(&mut self, finished_at: DateTime<Utc>, now: DateTime<Utc>) {
        let backoff = match self.live_entry(finished_at) {
            None => self.bounds.initial,
            Some(e) => (e.backoff * 2).min(self.bounds.max),
        };
        self.entry = Some(Entry { backoff, last_update: now });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn t(s: i64) -> DateTime<Utc> {
        Utc.timestamp_opt(s, 0).unwrap()
    }

    /// Fast crash loop (v1.28.7, `restartPolicy: OnFailure`): delays 0, 10, 20, 40, 80, 160, 300, 300 after each crash.
    #[test]
    fn delays_double_to_300() {
        let mut b = CrashLoopBackOff::default();
        let mut now = t(0);
        let mut delays = vec![];
        for _ in 0..8 {
            let at = b.restart_allowed_at(now).unwrap_or(now);
            delays.push((at - now).num_seconds());
            b.record_restart(now, at);
            now = at;
        }
        assert_eq!(delays, [0, 10, 20, 40, 80, 160, 300, 300]);
    }

    fn delays_with(bounds: BackOffBounds) -> Vec<i64> {
        let mut b = CrashLoopBackOff::with_bounds(bounds);
        let mut now = t(0);
        let mut delays = vec![];
        for _ in 0..9 {
            let at = b.restart_allowed_at(now).unwrap_or(now);
            delays.push((at - now).num_seconds());
            b.record_restart(now, at);
            now = at;
        }
        delays
    }

    /// KEP-4603 (`kubelet.go:newCrashLoopBackOff`, 1.33): the reduced decay is 1 s doubling to 60 s;
    /// a configured maximum wins over it (300 s when left at its default) and lowers the start
    /// when smaller.
    #[test]
    fn gated_bounds_1_33() {
        let s = TimeDelta::seconds;
        assert_eq!(delays_with(BackOffBounds::for_kubelet(true, false, None)), [0, 1, 2, 4, 8, 16, 32, 60, 60]);
        assert_eq!(
            delays_with(BackOffBounds::for_kubelet(false, true, Some(s(30)))),
            [0, 10, 20, 30, 30, 30, 30, 30, 30]
        );
        assert_eq!(delays_with(BackOffBounds::for_kubelet(false, true, None)), [0, 10, 20, 40, 80, 160, 300, 300, 300]);
        assert_eq!(delays_with(BackOffBounds::for_kubelet(true, true, None)), [0, 1, 2, 4, 8, 16, 32, 64, 128]);
        assert_eq!(delays_with(BackOffBounds::for_kubelet(true, true, Some(s(1)))), [0, 1, 1, 1, 1, 1, 1, 1, 1]);
    }

    #[test]
    fn resets_after_ten_minutes_of_running() {
        let mut b = CrashLoopBackOff::default();
        b.record_restart(t(0), t(0));
        b.record_restart(t(5), t(15)); // backoff 20 s, last restart at 15
        assert_eq!(b.restart_allowed_at(t(615)), Some(t(635))); // exactly 600 s: still live
        assert_eq!(b.restart_allowed_at(t(616)), None); // 601 s: expired, restart at once
        b.record_restart(t(616), t(616));
        assert_eq!(b.current(), Some(INITIAL_CRASH_LOOP_BACKOFF));
        assert!(b.is_in_backoff_since(t(620), t(629)));
        assert!(!b.is_in_backoff_since(t(620), t(630)));
    }
}
