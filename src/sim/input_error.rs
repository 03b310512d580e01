//! Why an input cannot run, as a type that crosses from the runtime to the shells: where in the
//! text (the editor and `simulate` point there) and what — Kubernetes' own message for the text
//! and its objects, or the Simulation document's field and why.

use super::scenario::{KubeletConfigError, SimulationError};
use std::fmt;

/// The first reason an input cannot run.
///
/// ```
/// use cronjob_playground::sim::{simulate, InputError, SimError};
/// let text = "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  template:\n    spec:\n      \
///     restartPolicy: Always\n      containers: [{name: pi, image: perl}]\n";
/// let Err(SimError::Input(e)) = simulate(text, None) else { panic!() };
/// assert!(matches!(e, InputError::Refused { .. }));
/// assert_eq!(e.position(), Some((7, 22)));
/// assert!(e.to_string().starts_with("7:22: Job.batch \"pi\" is invalid: spec.template.spec.restartPolicy: Required \
///     value: valid values: \"OnFailure\", \"Never\""));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputError {
    /// The text is not YAML or JSON there: the reader's message.
    Unreadable { line: u32, column: u32, message: String },
    /// The API server refuses an object: its message, at the field the first error names.
    Refused { line: u32, column: u32, message: String },
    /// A second Simulation document there; a run follows one.
    SecondSimulation { line: u32, column: u32 },
    /// The Simulation document (at `at` when it is part of the text) cannot be used.
    Simulation { at: Option<(u32, u32)>, error: SimulationError },
    /// `spec.controllerTimeZone` names no zone of the time zone database.
    UnknownTimeZone(String),
    /// `spec.kubelet` cannot be used with the run's feature gates.
    Kubelet(KubeletConfigError),
}

impl InputError {
    /// The 1-based line and column the error points at, when it is in the text.
    pub fn position(&self) -> Option<(u32, u32)> {
        match self {
            InputError::Unreadable { line, column, .. }
            | InputError::Refused { line, column, .. }
            | InputError::SecondSimulation { line, column } => Some((*line, *column)),
            InputError::Simulation { at, .. } => *at,
            InputError::UnknownTimeZone(_) | InputError::Kubelet(_) => None,
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((line, column)) = self.position() {
            write!(f, "{line}:{column}: ")?;
        }
        match self {
            InputError::Unreadable { message, .. } | InputError::Refused { message, .. } => f.write_str(message),
            InputError::SecondSimulation { .. } => f.write_str("at most one Simulation document is allowed"),
            InputError::Simulation { error, .. } => error.fmt(f),
            InputError::UnknownTimeZone(zone) => {
                write!(f, "Simulation: spec.controllerTimeZone: unknown time zone {zone}")
            }
            InputError::Kubelet(error) => write!(f, "Simulation: spec.kubelet: {error}"),
        }
    }
}

impl std::error::Error for InputError {}
