//! The Events the CronJob controller records on a CronJob, with `reason` and `message` exactly as
//! kube-controller-manager writes them (`cronjob_controllerv2.go`, `utils.go` and the legacy
//! `cronjob_controller.go`; texts as of v1.28.7 unless a constructor says otherwise).

pub use crate::controller::{CompletedWording, Event, EventType};
use crate::controller::{Finished, Message, Words};
use crate::go::Quoted;
use chrono::{DateTime, Utc};
use std::fmt;

impl Event {
    /// `Warning UnexpectedJob`: an unfinished Job names this CronJob as its controller but is not
    /// in `status.active`.
    pub fn unexpected_job(job: &str) -> Self {
        Self::new(
            EventType::Warning,
            "UnexpectedJob",
            format!("Saw a job that the controller did not create or forgot: {job}"),
        )
    }

    /// `Normal SawCompletedJob` for a finished Job leaving `status.active`. `condition` is
    /// `Complete` or `Failed`; releases before 1.31 say `status:`, later ones `condition:`.
    pub fn saw_completed_job(job: &str, condition: &str, word: CompletedWording) -> Self {
        let finished = match condition {
            "Complete" => Finished::Complete,
            "Failed" => Finished::Failed,
            _ => {
                let word = match word {
                    CompletedWording::Status => "status",
                    CompletedWording::Condition => "condition",
                };
                let message = format!("Saw completed job: {job}, {word}: {condition}");
                return Self::new(EventType::Normal, "SawCompletedJob", message);
            }
        };
        Self::about(EventType::Normal, "SawCompletedJob", Words::SawCompletedJob(word, finished), job)
    }

    fn about(event_type: EventType, reason: &'static str, words: Words, name: &str) -> Self {
        Self::new(event_type, reason, Message::About(words, name.to_owned()))
    }

    /// `Normal SawCompletedJob` as the legacy v1 controller before 1.19 words it: no condition.
    pub fn saw_completed_job_unqualified(job: &str) -> Self {
        Self::about(EventType::Normal, "SawCompletedJob", Words::SawCompletedJobUnqualified, job)
    }

    /// `Normal MissingJob`: a Job in `status.active` no longer exists.
    pub fn missing_job(job: &str) -> Self {
        Self::new(EventType::Normal, "MissingJob", format!("Active job went missing: {job}"))
    }

    /// `Warning UnknownTimeZone`: `spec.timeZone` does not load.
    pub fn unknown_time_zone(zone: &str, err: &impl fmt::Display) -> Self {
        Self::new(EventType::Warning, "UnknownTimeZone", format!("invalid timeZone: {}: {err}", Quoted(zone)))
    }

    /// `Warning UnparseableSchedule`: the (formatted) schedule does not parse.
    pub fn unparseable_schedule(schedule: &str, err: &impl fmt::Display) -> Self {
        Self::new(
            EventType::Warning,
            "UnparseableSchedule",
            format!("unparseable schedule: {} : {err}", Quoted(schedule)),
        )
    }

    /// `Warning UnsupportedSchedule`: the schedule carries a `TZ=`/`CRON_TZ=` prefix (1.23+).
    pub fn unsupported_schedule(schedule: &str) -> Self {
        Self::new(
            EventType::Warning,
            "UnsupportedSchedule",
            format!(
                "CRON_TZ or TZ used in schedule {} is not officially supported, see \
                https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details",
                Quoted(schedule)
            ),
        )
    }

    /// `Warning InvalidSchedule`: the schedule parses but its slots cannot be computed.
    pub fn invalid_schedule(schedule: &str, err: &str) -> Self {
        Self::new(EventType::Warning, "InvalidSchedule", format!("invalid schedule: {schedule} : {err}"))
    }

    /// `Warning TooManyMissedTimes` (v2). Releases before 1.28 include the count of missed slots.
    pub fn too_many_missed_times(count: Option<i64>) -> Self {
        let message: std::borrow::Cow<'static, str> = match count {
            Some(n) => format!(
                "too many missed start times: {n}. Set or decrease .spec.startingDeadlineSeconds or check clock skew"
            )
            .into(),
            None => {
                "too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew".into()
            }
        };
        Self::new(EventType::Warning, "TooManyMissedTimes", message)
    }

    /// `Warning MissSchedule`: the chosen slot is older than `startingDeadlineSeconds`. The slot
    /// search already excludes such slots, so this is practically never recorded.
    pub fn miss_schedule(scheduled: DateTime<Utc>) -> Self {
        Self::new(
            EventType::Warning,
            "MissSchedule",
            format!("Missed scheduled time to start a job: {}", scheduled.format("%a, %d %b %Y %H:%M:%S %z")),
        )
    }

    /// `Normal JobAlreadyActive`: Forbid and a Job is still active (v2 only; v1 is silent).
    pub fn job_already_active() -> Self {
        Self::new(
            EventType::Normal,
            "JobAlreadyActive",
            "Not starting job because prior execution is running and concurrency policy is Forbid",
        )
    }

    /// `Warning FailedGet`: reading an active Job (Replace) failed.
    pub fn failed_get(err: &str) -> Self {
        Self::new(EventType::Warning, "FailedGet", format!("Get job: {err}"))
    }

    /// `Warning FailedDelete`: deleting a Job failed.
    pub fn failed_delete(err: &str) -> Self {
        Self::new(EventType::Warning, "FailedDelete", format!("Deleted job: {err}"))
    }

    /// `Warning FailedCreate`: creating the Job failed.
    pub fn failed_create(err: &str) -> Self {
        Self::new(EventType::Warning, "FailedCreate", format!("Error creating job: {err}"))
    }

    /// `Normal SuccessfulCreate`.
    pub fn successful_create(job: &str) -> Self {
        Self::about(EventType::Normal, "SuccessfulCreate", Words::CreatedJob, job)
    }

    /// `Normal SuccessfulDelete`.
    pub fn successful_delete(job: &str) -> Self {
        Self::about(EventType::Normal, "SuccessfulDelete", Words::DeletedJob, job)
    }

    /// `Warning UnParseableCronJobSchedule`: recorded by the update handler only, when an edited
    /// schedule does not parse.
    pub fn unparseable_cron_job_schedule(schedule: &str) -> Self {
        Self::new(
            EventType::Warning,
            "UnParseableCronJobSchedule",
            format!("unparseable schedule for cronjob: {schedule}"),
        )
    }

    /// `Warning FailedNeedsStart` (legacy v1): the unmet slots could not be listed.
    pub fn failed_needs_start(err: &str) -> Self {
        Self::new(EventType::Warning, "FailedNeedsStart", format!("Cannot determine if job needs to be started: {err}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn texts_match_the_controller() {
        assert_eq!(
            Event::unknown_time_zone("bad timezone", &"unknown time zone bad timezone").message,
            "invalid timeZone: \"bad timezone\": unknown time zone bad timezone"
        );
        assert_eq!(
            Event::unparseable_schedule(
                "obvious error schedule",
                &"expected exactly 5 fields, found 3: [obvious error \
                    schedule]"
            )
            .message,
            "unparseable schedule: \"obvious error schedule\" : expected exactly 5 fields, found 3: [obvious error \
            schedule]"
        );
        assert_eq!(
            Event::invalid_schedule("59 23 31 2 *", "time difference between two schedules is less than 1 second")
                .message,
            "invalid schedule: 59 23 31 2 * : time difference between two schedules is less than 1 second"
        );
        assert_eq!(
            Event::too_many_missed_times(Some(168)).message,
            "too many missed start times: 168. Set or decrease .spec.startingDeadlineSeconds or check clock skew"
        );
        let t = Utc.with_ymd_and_hms(2016, 5, 19, 10, 0, 0).unwrap();
        assert_eq!(
            Event::miss_schedule(t).message,
            "Missed scheduled time to start a job: Thu, 19 May 2016 10:00:00 +0000"
        );
        assert_eq!(
            Event::saw_completed_job("j", "Failed", CompletedWording::Condition).message,
            "Saw completed job: j, condition: Failed"
        );
        assert_eq!(
            serde_json::to_string(&Event::missing_job("j")).unwrap(),
            r#"{"type":"Normal","reason":"MissingJob","message":"Active job went missing: j"}"#
        );
    }

    #[test]
    fn quotes_like_go() {
        assert_eq!(
            Event::unparseable_schedule("a\"b\\c\n", &"e").message,
            "unparseable schedule: \"a\\\"b\\\\c\\n\" : e"
        );
        // strconv.Quote uses the short escapes for BEL/BS/FF/VT and \u for format characters.
        assert_eq!(
            Event::unparseable_schedule("\u{7}\u{8}\u{c}\u{b}\u{200b}", &"e").message,
            r#"unparseable schedule: "\a\b\f\v\u200b" : e"#
        );
    }
}
