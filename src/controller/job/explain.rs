//! The words of a Job sync's decision ([`SyncDecision`](super::SyncDecision)), kept as the values
//! they name and put into words only when read: a run records several Job syncs per Job and a
//! reader looks at a handful, so the common decisions are not formatted per sync.

use crate::api::JobConditionType;
use std::borrow::Cow;
use std::fmt;

/// Why a Job sync decided what it did.
///
/// ```
/// use cronjob_playground::controller::job::Why;
/// assert_eq!(Why::Creating { active: 1, want: 1, created: 1 }.to_string(), "0 pod(s) active, 1 wanted: creating 1");
/// assert_eq!(Why::from("the Job is being deleted").to_string(), "the Job is being deleted");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// Words already.
    Text(Cow<'static, str>),
    /// `manageJob` has as many pods as it wants (`terminating` still count while they fail).
    Waiting { active: i32, want: i32, terminating: i32 },
    /// `manageJob` creates pods; `active` counts the new ones.
    Creating { active: i32, want: i32, created: i32 },
    /// A work-queue Job (no `completions`) whose pods succeeded and none runs.
    CompleteWorkQueue { succeeded: i32 },
    /// A Job with `completions` that has them all.
    Complete { succeeded: i32, completions: i32 },
    /// The Job has its terminal condition already.
    Finished(JobConditionType),
}

impl Why {
    /// Appends `more` to the words.
    pub fn push_str(&mut self, more: &str) {
        let mut text = self.to_string();
        text.push_str(more);
        *self = Why::Text(Cow::Owned(text));
    }
}

impl Default for Why {
    fn default() -> Self {
        Why::Text(Cow::Borrowed(""))
    }
}

impl From<&'static str> for Why {
    fn from(text: &'static str) -> Self {
        Why::Text(Cow::Borrowed(text))
    }
}

impl From<String> for Why {
    fn from(text: String) -> Self {
        Why::Text(Cow::Owned(text))
    }
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::Text(text) => f.write_str(text),
            Why::Waiting { active, want, terminating } => {
                write!(f, "{active} pod(s) active, {want} wanted")?;
                if *terminating > 0 {
                    write!(f, " ({terminating} terminating pod(s) still count until they fail)")?;
                }
                f.write_str(": nothing to create")
            }
            Why::Creating { active, want, created } => {
                write!(f, "{} pod(s) active, {want} wanted: creating {created}", active - created)
            }
            Why::CompleteWorkQueue { succeeded } => {
                write!(f, "work-queue Job: {succeeded} pod(s) succeeded and none is running, so the Job is complete")
            }
            Why::Complete { succeeded, completions } => {
                write!(f, "{succeeded} of {completions} completions reached and no pod is running: the Job is complete")
            }
            Why::Finished(condition) => {
                write!(f, "the Job already has {condition:?}=True, so the controller does nothing more")
            }
        }
    }
}
