//! robfig/cron v3.0.1 `ConstantDelaySchedule` (constantdelay.go), what `@every <duration>`
//! parses to: a fixed delay in whole seconds, counted in absolute time (no wall clock, no zone).

use chrono::{DateTime, TimeDelta, TimeZone};

/// A schedule that fires every `delay` (robfig's `Every`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ConstantDelaySchedule {
    delay: TimeDelta,
}

impl ConstantDelaySchedule {
    /// robfig's `Every(duration)`: under one second becomes one second (zero and negative
    /// included), then the fraction of a second is dropped.
    ///
    /// ```
    /// use cronjob_playground::cron::ConstantDelaySchedule;
    /// use chrono::TimeDelta;
    /// assert_eq!(ConstantDelaySchedule::every(TimeDelta::milliseconds(1500)).delay(), TimeDelta::seconds(1));
    /// assert_eq!(ConstantDelaySchedule::every(TimeDelta::zero()).delay(), TimeDelta::seconds(1));
    /// ```
    pub fn every(duration: TimeDelta) -> Self {
        let duration = duration.max(TimeDelta::seconds(1));
        Self { delay: TimeDelta::seconds(duration.num_seconds()) }
    }

    /// The delay between runs, whole seconds, at least one.
    pub fn delay(&self) -> TimeDelta {
        self.delay
    }

    /// robfig's `Next(t)` = `t + delay − t's nanoseconds`: the delay after the start of `t`'s
    /// second. `None` only beyond chrono's range of dates.
    pub fn next<Z: TimeZone>(&self, t: DateTime<Z>) -> Option<DateTime<Z>> {
        let nanos = TimeDelta::nanoseconds(t.timestamp_subsec_nanos().into());
        t.checked_add_signed(self.delay - nanos)
    }
}
