//! The controllers' decisions in the playground's words, in each language: why a CronJob or Job
//! sync did what it did (`controller::cronjob::Reasoning`, `controller::job::Why`,
//! `sim::trace::Explanation`). English is the trace's own text (`simulate --output json` writes
//! it); the inspector shows the reader's language. The values they name — instants, names,
//! schedules, field names, Event reasons — stay as Kubernetes writes them. Only the engine says
//! them, so the page's module does not carry them.
//!
//! This module holds the catalog ([`DecisionWords`]) and [`Worded`], a decision's words with
//! their values; the words themselves are in one table per controller (the CronJob controller's
//! slots and Jobs, what only v1 or v2 says, the Job, TTL-after-finished and kubelet back-off).

use super::{Lang, Sentences};

mod cronjob_jobs;
mod cronjob_slots;
mod cronjob_v1;
mod cronjob_v2;
mod job;
mod kubelet;
mod ttl;
mod worded;

pub use worded::{Arg, Worded};

super::catalog! {
    /// One sentence or part of one; the placeholders are the values the sync's facts hold.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum DecisionWords {
        /// Between two sentences of one explanation.
        SentenceSeparator,
        /// `{0}` when the controller looks again, `{1}` how long until then.
        Wake,
        /// `{0}` the schedule (quoted), `{1}` since when, `{2}` the first slot after it.
        NotDue,
        /// The first slot of [`DecisionWords::NotDue`] when there is none.
        Never,
        /// `{0}` the slot.
        NeverOnTime,
        /// `{0}` the slot, `{1}` the deadline, `{2}` where the search starts.
        SkippedSilently,
        /// `{0}` the schedule (quoted), `{1}` since when.
        NotFoundBySearch,
        /// `{0}` the deadline in seconds, `{1}` where the search starts, `{2}` the first slot.
        EveryBeyondDeadline,
        /// `{0}` the delay: the sentence that follows [`DecisionWords::EveryBeyondDeadline`].
        EveryNeverStarts,
        /// `{0}` the slot, `{1}` the deadline.
        MissSchedule,
        /// `{0}` the slot, `{1}` how it was handled (the next two).
        AlreadyProcessed,
        /// `{0}` the Job.
        HandledActive,
        HandledLastScheduleTime,
        /// `{0}` the Jobs, `{1}` the slot, `{2}` when it would still start (the next two).
        ForbidActive,
        /// `{0}` the deadline in seconds.
        StillWithin,
        StillAnyTime,
        /// `{0}` the Job, `{1}` the slot, `{2}` the schedule (quoted), `{3}` how late (the next two).
        Created,
        OnTime,
        /// `{0}` a duration.
        AfterTheSlot,
        /// `{0}` the Job, `{1}` the slot.
        Adopted,
        /// `{0}` the Job, `{1}` the API error, `{2}` the slot.
        Phantom,
        NotASlot,
        /// `{0}` the delay, `{1}` where the count starts (a field, or the next), `{2}` that instant.
        Every,
        /// `{0}` the deadline in seconds.
        AnchorDeadline,
        /// `{0}` since when.
        Missed,
        MissedMany,
        /// `{0}` the Jobs.
        Replaced,
        /// Before the notes on other Jobs, each after a space.
        Also,
        /// `{0}` the Job.
        UnexpectedJob,
        MissingJob,
        /// `{0}` the Job, `{1}` its condition.
        CompletedJob,
        /// `{0}` and `{1}` the history limits (a number or the next), `{2}` the Jobs.
        HistoryDeleted,
        LimitUnset,
        /// `{0}` the API error.
        StatusWriteFailed,
        /// The v2 controller's suspended sync.
        Suspended,
        /// `{0}` the object.
        GoneCronJob,
        GoneTtl,
        GoneJob,
        /// `{0}` pods active, `{1}` wanted.
        JobWaiting,
        /// … `{2}` terminating pods.
        JobWaitingTerminating,
        /// `{0}` pods active, `{1}` wanted, `{2}` created.
        JobCreating,
        /// `{0}` pods succeeded.
        JobCompleteWorkQueue,
        /// `{0}` succeeded, `{1}` completions.
        JobComplete,
        /// `{0}` the condition.
        JobFinished,
        JobSuccessCriteriaMet,
        /// `{0}` the condition's reason.
        JobFailureTarget,
        /// `{0}` the rule's message.
        JobPodFailurePolicy,
        /// `{0}` restarts, `{1}` backoffLimit.
        JobRestartsPastLimit,
        /// `{0}` restarts (backoffLimit 0).
        JobRestartsPastZero,
        /// `{0}` the retry, `{1}` backoffLimit.
        JobRetriesPastLimit,
        /// `{0}` failed pods, `{1}` backoffLimit.
        JobFailedPastLimit,
        /// `{0}` activeDeadlineSeconds, `{1}` startTime.
        JobDeadlinePassed,
        /// `{0}` the poll interval.
        V1Poll,
        V1StatusWriteFailed,
        V1Deleting,
        V1Suspended,
        /// `{0}` the schedule (quoted), `{1}` robfig's error.
        V1Unparseable,
        /// `{0}` the schedule (quoted), `{1}` since when.
        V1TooManyMissed,
        /// `{0}` why robfig's search never ends.
        V1Hangs,
        /// `{0}` the slot, `{1}` the deadline.
        V1TooLate,
        /// `{0}` the Jobs, `{1}` the slot, `{2}` when it would still start.
        V1ForbidActive,
        /// `{0}` the Job, `{1}` the API error.
        V1ReplaceGetFailed,
        /// `{0}` the Job.
        V1ReplaceDeleteFailed,
        /// `{0}` the Job, `{1}` the slot, `{2}` the API error.
        V1CreateFailed,
        /// `{0}` how many slots were unmet.
        V1Unmet,
        /// `{0}` the schedule (quoted), `{1}` since when, `{2}` the first slot after it, `{3}` the deadline.
        V1NotDueClamped,
        /// `{0}` the API error.
        V2ApiError,
        /// `{0}` the schedule (quoted), `{1}` robfig's error.
        V2Unparseable,
        V2Deleting,
        /// `{0}` the zone (quoted), `{1}` the error.
        V2UnknownZone,
        /// `{0}` why robfig's search never ends.
        V2Hangs,
        /// `{0}` the schedule (quoted), `{1}` the error.
        V2NeverFires,
        /// `{0}` the Job, `{1}` the API error, `{2}` the slot.
        V2ReplaceGetFailed,
        /// `{0}` the Job, `{1}` the slot.
        V2ReplaceDeleteFailed,
        /// `{0}` the Job, `{1}` the API error.
        V2NamespaceTerminating,
        /// `{0}` the Job, `{1}` the API error.
        V2ExistsUnreadable,
        /// `{0}` the Job.
        V2ExistsNotOurs,
        /// `{0}` the Job, `{1}` the slot.
        V2ExistsActive,
        /// `{0}` the Job, `{1}` the slot.
        V2ExistsBefore128,
        /// `{0}` the Job, `{1}` the slot, `{2}` the API error.
        V2CreateFailed,
        /// `{0}` the release.
        TtlOff,
        TtlUnset,
        TtlDeleting,
        TtlNotFinished,
        TtlNoTransition,
        /// `{0}` ttlSecondsAfterFinished, `{1}` the condition, `{2}` when it was set, `{3}` when it expired.
        TtlExpired,
        /// `{0}` ttlSecondsAfterFinished, `{1}` the condition, `{2}` when it was set, `{3}` when the Job expires.
        TtlWaiting,
        /// `{0}` when the container crashed, `{1}` the back-off, `{2}` when it may restart.
        KubeletBackOff,
        /// `{0}` the restart's number, `{1}` why at once (the next three), `{2}` the next back-off.
        KubeletRestart,
        KubeletBackOffReset,
        KubeletFirstCrash,
        KubeletBackOffExpired,
        /// `{0}` failed indexes, `{1}` maxFailedIndexes.
        JobFailedIndexesPastMax,
        /// `{0}` failed indexes.
        JobIndexesFailed,
        /// `{0}` the condition's message (Kubernetes' words).
        JobSuccessPolicy,
    }
}

impl Sentences for DecisionWords {
    /// The words in `lang`, placeholders as they are (`format` fills them).
    ///
    /// ```
    /// use cronjob_playground::i18n::{decisions::DecisionWords, Lang, Sentences};
    /// let args: [&dyn std::fmt::Display; 2] = [&"job x", &"2025-01-15T11:00:00Z"];
    /// assert_eq!(DecisionWords::Replaced.format(Lang::En, &args[..1]), "Replace: the still-running job job x was \
    ///     deleted first.");
    /// assert!(DecisionWords::Replaced.format(Lang::Ja, &args[..1]).contains("job x"));
    /// ```
    fn text(self, lang: Lang) -> &'static str {
        let words = match self {
            DecisionWords::SentenceSeparator => [" ", "", " "],
            w => cronjob_slots::words(w)
                .or_else(|| cronjob_jobs::words(w))
                .or_else(|| cronjob_v1::words(w))
                .or_else(|| cronjob_v2::words(w))
                .or_else(|| job::words(w))
                .or_else(|| ttl::words(w))
                .or_else(|| kubelet::words(w))
                .expect("every decision has its words in one table"),
        };
        lang.pick(words)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sentence_has_words_in_every_language_with_the_same_placeholders() {
        for &w in DecisionWords::ALL {
            if w == DecisionWords::SentenceSeparator {
                continue;
            }
            super::super::assert_complete(&w, |l| w.text(l));
        }
    }

    #[test]
    fn every_decision_has_its_words_in_exactly_one_table() {
        for &w in DecisionWords::ALL {
            let tables = [
                cronjob_slots::words(w),
                cronjob_jobs::words(w),
                cronjob_v1::words(w),
                cronjob_v2::words(w),
                job::words(w),
                ttl::words(w),
                kubelet::words(w),
            ];
            let found = tables.iter().filter(|t| t.is_some()).count();
            assert_eq!(found, usize::from(w != DecisionWords::SentenceSeparator), "{w:?}");
        }
    }
}
