//! Bounded work. A simulation's cost grows with the number of schedule slots in its horizon (each
//! slot is a Job, its pods and a dozen syncs), so the horizon × firing rate is checked before the
//! run starts, and a step budget stops a run that keeps the controllers busy without the clock
//! advancing. Both fail with an error that says what to change; neither is ever a hang.

use super::input_error::InputError;
use super::trace::{format_time, Time};
use std::fmt;

/// The most schedule slots one run may hold: a year of a minutely CronJob (525,600) fits.
pub const DEFAULT_MAX_SLOTS: u64 = 600_000;
/// Steps (agenda entries and syncs) allowed per slot, on top of [`BASE_STEPS`].
pub const STEPS_PER_SLOT: u64 = 64;
/// Steps allowed for a run with few or no slots (standalone Jobs, long back-offs).
pub const BASE_STEPS: u64 = 2_000_000;

/// The limits of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Most schedule slots in the horizon, over all CronJobs.
    pub max_slots: u64,
    /// Most steps; set from the slot count when the run starts.
    pub max_steps: u64,
}

impl Default for Budget {
    fn default() -> Self {
        Budget { max_slots: DEFAULT_MAX_SLOTS, max_steps: BASE_STEPS }
    }
}

impl Budget {
    /// The step budget for a run with `slots` schedule slots.
    pub fn for_slots(self, slots: u64) -> Budget {
        Budget { max_steps: BASE_STEPS.saturating_add(slots.saturating_mul(STEPS_PER_SLOT)), ..self }
    }

    pub(crate) fn exceeded(&self, now: Time, steps: u64) -> SimError {
        SimError::BudgetExceeded(format!(
            "simulation stopped at {}: {steps} steps exceed the budget of {} for this horizon; \
            the controllers kept working without the clock advancing, or the scenario is too busy — \
            shorten the horizon",
            format_time(&now),
            self.max_steps
        ))
    }
}

/// Why a simulation did not produce a trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SimError {
    /// The manifests or the Simulation document cannot be used: where and why.
    Input(InputError),
    /// The horizon holds more schedule slots than the budget allows.
    TooLarge(String),
    /// The run used up its step budget.
    BudgetExceeded(String),
    /// The caller cancelled the run.
    Cancelled,
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimError::Input(e) => e.fmt(f),
            SimError::TooLarge(m) | SimError::BudgetExceeded(m) => f.write_str(m),
            SimError::Cancelled => f.write_str("simulation cancelled"),
        }
    }
}

impl std::error::Error for SimError {}

impl From<InputError> for SimError {
    fn from(e: InputError) -> Self {
        SimError::Input(e)
    }
}
