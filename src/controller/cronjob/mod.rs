//! The CronJob controller as a pure function: given a CronJob, the Jobs the controller can see,
//! what the API server would answer, and the controller's clock, decide exactly what
//! kube-controller-manager decides — Jobs to create and delete, Events, the status write, the
//! requeue delay, the error — plus the rule that decided, explained.
//!
//! Mirrors `pkg/controller/cronjob/` (v2 `cronjob_controllerv2.go` + `utils.go` as of v1.28.7,
//! with each release's differences from 1.21 to 1.37 selected by [`Behaviour`]; the legacy
//! `cronjob_controller.go` for 1.13–1.20). What is exact and what is approximated: `docs/model.md`.
//!
//! ```
//! use chrono::{TimeZone, Utc};
//! use cronjob_playground::api::CronJob;
//! use cronjob_playground::controller::cronjob::{sync, ApiServer, Behaviour, DecisionCode, Faults, JobsView,
//!     SyncInput};
//! let cj: CronJob = serde_json::from_value(serde_json::json!({
//!     "metadata": {"name": "backup", "namespace": "default", "uid": "u1",
//!                  "creationTimestamp": "2016-05-19T09:59:00Z"},
//!     "spec": {"schedule": "0 * * * *", "jobTemplate": {}}})).unwrap();
//! let faults = Faults::default();
//! let out = sync(&SyncInput {
//!     behaviour: Behaviour::of("1.28".parse().unwrap()),
//!     now: Utc.with_ymd_and_hms(2016, 5, 19, 10, 0, 0).unwrap() + chrono::TimeDelta::milliseconds(100),
//!     controller_zone: cronjob_playground::go::Tz::UTC,
//!     cron_job: &cj, jobs: &[],
//!     api: ApiServer { jobs: JobsView::List(&[]), cron_job: &cj, faults: &faults },
//!     new_job_uid: None,
//!     schedule: None,
//! });
//! assert_eq!(out.decision.code, DecisionCode::Created);
//! assert_eq!(out.created_jobs[0].metadata.name, "backup-24394200");
//! assert_eq!(out.requeue_after_seconds(), Some(3600.0));
//! ```

mod api_server;
mod behaviour;
mod decision;
mod effects;
mod events;
mod explain;
mod history;
mod job_template;
mod outcome;
mod reconcile;
mod schedule;
mod slots;
mod sync_v1;
mod sync_v2;
mod triggers;
pub mod wire;
mod working;

pub use api_server::{ApiError, ApiServer, Fault, FaultReason, Faults, JobsView};
pub use behaviour::{Algorithm, Behaviour, LastSuccessfulRule, ReconcileBy};
pub use decision::{Decision, DecisionCode};
pub use events::{CompletedWording, Event, EventType};
pub use explain::Reasoning;
pub use history::{by_job_start_time, jobs_beyond_history_limits};
pub use job_template::{job_from_template, job_name, job_reference, SCHEDULED_TIMESTAMP_ANNOTATION};
pub use outcome::{SyncInput, SyncOutcome};
pub use schedule::{format_schedule, BoundSchedule, ParsedSchedule, ScheduleCache, ScheduleError};
pub use slots::{
    most_recent_schedule_time, next_schedule_time, next_schedule_time_duration, recent_unmet_schedule_times, Missed,
    MostRecent, RequeueRule, ScheduleHang, SlotError, SlotInput, SlotSearch, Slots, UnmetError, NEXT_SCHEDULE_DELTA,
};
pub use sync_v1::{jobs_of_parent, POLL_INTERVAL};
pub use sync_v2::jobs_to_be_reconciled;
pub use triggers::{
    on_cron_job_added_or_deleted, on_cron_job_status_updated, on_cron_job_updated, on_job_event,
    resolve_controller_ref, Enqueue, JobEvent,
};

/// One controller sync of one CronJob: v2 `sync(key)` from 1.21, the legacy `syncOne` +
/// `cleanupFinishedJobs` before (whose output has no requeue: it polls every [`POLL_INTERVAL`]).
pub fn sync(input: &SyncInput<'_>) -> SyncOutcome {
    match input.behaviour.algorithm {
        Algorithm::V2 => sync_v2::sync(input),
        Algorithm::LegacyV1 => sync_v1::sync(input),
    }
}
