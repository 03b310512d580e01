//! The words of a Job sync's decision ([`SyncDecision`](super::SyncDecision)), kept as the values
//! they name and put into words only when read: a run records several Job syncs per Job and a
//! reader looks at a handful, so the common decisions are not formatted per sync.

use crate::api::JobConditionType;
use crate::i18n::decisions::{DecisionWords as W, Worded};
use crate::i18n::Lang;
use crate::i18n::Sentences;
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
    /// A `SuccessCriteriaMet` condition set by an earlier sync; the pods are still finishing.
    SuccessCriteriaMet,
    /// A `FailureTarget` (with this reason) set by an earlier sync.
    FailureTarget(String),
    /// A `FailJob` rule of the pod failure policy matched (its message).
    PodFailurePolicy(String),
    /// `restartPolicy: OnFailure` restarts reached `backoffLimit`.
    RestartsPastLimit { restarts: i64, limit: i32 },
    /// Before 1.20: work-queue retries past `backoffLimit`.
    RetriesPastLimit { retry: u32, limit: i32 },
    /// Failed pods past `backoffLimit`.
    FailedPastLimit { failed: i32, limit: i32 },
    /// `activeDeadlineSeconds` passed since `startTime` (RFC 3339).
    DeadlinePassed { seconds: i64, start: String },
    /// Words and their values (an Indexed Job's failed indexes, a success policy).
    Worded(Worded),
}

impl From<Worded> for Why {
    fn from(words: Worded) -> Self {
        Why::Worded(words)
    }
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

impl Why {
    /// The words in `lang` (the trace's text is the English, [`Display`](fmt::Display)).
    ///
    /// ```
    /// use cronjob_playground::controller::job::Why;
    /// use cronjob_playground::i18n::Lang;
    /// assert_eq!(Why::Creating { active: 1, want: 1, created: 1 }.render(Lang::Ja), "実行中の Pod 0 個、必要数 1: 1 個作成します");
    /// ```
    pub fn render(&self, lang: Lang) -> String {
        match self {
            Why::Text(text) => text.to_string(),
            Why::Worded(words) => words.render(lang),
            Why::Waiting { active, want, terminating: 0 } => W::JobWaiting.format(lang, &[active, want]),
            Why::Waiting { active, want, terminating } => {
                W::JobWaitingTerminating.format(lang, &[active, want, terminating])
            }
            Why::Creating { active, want, created } => {
                W::JobCreating.format(lang, &[&(active - created), want, created])
            }
            Why::CompleteWorkQueue { succeeded } => W::JobCompleteWorkQueue.format(lang, &[succeeded]),
            Why::Complete { succeeded, completions } => W::JobComplete.format(lang, &[succeeded, completions]),
            Why::Finished(condition) => W::JobFinished.format(lang, &[&format!("{condition:?}")]),
            Why::SuccessCriteriaMet => W::JobSuccessCriteriaMet.text(lang).to_owned(),
            Why::FailureTarget(reason) => W::JobFailureTarget.format(lang, &[reason]),
            Why::PodFailurePolicy(message) => W::JobPodFailurePolicy.format(lang, &[message]),
            Why::RestartsPastLimit { restarts, limit: 0 } => W::JobRestartsPastZero.format(lang, &[restarts]),
            Why::RestartsPastLimit { restarts, limit } => W::JobRestartsPastLimit.format(lang, &[restarts, limit]),
            Why::RetriesPastLimit { retry, limit } => W::JobRetriesPastLimit.format(lang, &[retry, limit]),
            Why::FailedPastLimit { failed, limit } => W::JobFailedPastLimit.format(lang, &[failed, limit]),
            Why::DeadlinePassed { seconds, start } => W::JobDeadlinePassed.format(lang, &[seconds, start]),
        }
    }
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::Text(text) => f.write_str(text),
            other => f.write_str(&other.render(Lang::En)),
        }
    }
}
