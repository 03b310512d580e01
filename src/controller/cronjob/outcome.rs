//! The value one CronJob sync produces — what the simulator applies and the `sync` CLI prints —
//! and the state it starts from.

use super::api_server::ApiServer;
use super::behaviour::Behaviour;
use super::decision::Decision;
use super::events::Event;
use super::schedule::ParsedSchedule;
use crate::api::{CronJob, CronJobStatus, Job};
use crate::go::Tz;
use chrono::{DateTime, TimeDelta, Utc};

/// Everything one sync reads: the cached CronJob and Jobs, the API server behind them, the
/// controller's clock and zone, and the release.
#[derive(Clone, Copy, Debug)]
pub struct SyncInput<'a> {
    /// The release's switches ([`Behaviour::of`]).
    pub behaviour: Behaviour,
    /// The controller's clock (`jm.now()`).
    pub now: DateTime<Utc>,
    /// kube-controller-manager's local zone: where schedules without a zone are evaluated.
    pub controller_zone: Tz,
    /// The CronJob as the informer cache holds it.
    pub cron_job: &'a CronJob,
    /// Every Job in the informer cache (the controller picks the ones it owns).
    pub jobs: &'a [&'a Job],
    /// What GETs return and which calls fail.
    pub api: ApiServer<'a>,
    /// UID the API server gives a Job created in this sync (default: `<namespace>/<name>`).
    pub new_job_uid: Option<&'a str>,
    /// The CronJob's schedule as parsed before (a runtime's [`ScheduleCache`](super::ScheduleCache)),
    /// so the sync need not parse it again; ignored unless it is the parse of the current text.
    pub schedule: Option<&'a ParsedSchedule>,
}

/// What one sync did and decided.
#[derive(Clone, Debug, PartialEq)]
pub struct SyncOutcome {
    /// Jobs sent to `CreateJob` that the API server accepted, as the controller built them.
    pub created_jobs: Vec<Job>,
    /// Names of Jobs deleted (Replace, history limits), in order.
    pub deleted_jobs: Vec<String>,
    /// Events recorded on the CronJob, in order.
    pub events: Vec<Event>,
    /// The status sent with the last `UpdateStatus`, if any was sent.
    pub status_update: Option<CronJobStatus>,
    /// How many `UpdateStatus` calls were made (v2: at most one; legacy v1: up to three).
    pub status_updates: u32,
    /// When the controller wants to look again (`AddAfter`); `None` = no requeue.
    pub requeue_after: Option<TimeDelta>,
    /// The error `sync` returned (the key is then retried with rate-limited back-off).
    pub error: Option<String>,
    /// The rule that decided, explained.
    pub decision: Decision,
}

impl SyncOutcome {
    /// The requeue delay in seconds, as the `sync` contract prints it.
    pub fn requeue_after_seconds(&self) -> Option<f64> {
        self.requeue_after.map(|d| d.num_nanoseconds().map_or(d.num_seconds() as f64, |n| n as f64 / 1e9))
    }
}
