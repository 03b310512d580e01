//! The object kinds the store holds ([`Stored`]: CronJobs, Jobs, Pods) and what the API server
//! does to every object it writes: `metav1.Time` values keep whole seconds, as a round trip
//! through JSON or protobuf leaves them (`k8s.io/apimachinery/pkg/apis/meta/v1/time.go`).

use super::uid::Uids;
use super::watch::{JobWas, PodWas};
use super::{Change, Objects, Store, Watch};
use crate::api::{CronJob, CronJobStatus, Job, JobStatus, ObjectMeta, Pod, PodStatus};
use crate::sim::trace::{ObjectKind, Time};
use chrono::Timelike;

/// An object kind the store holds.
pub trait Stored: Clone + PartialEq + Sized + 'static {
    /// The status subresource's type.
    type Status: Clone + std::fmt::Debug + PartialEq;
    /// What the informer handlers compare of a status an update replaced
    /// ([`Watch::StatusUpdated`]): small, so the replaced status is dropped at once.
    type Was: Copy + std::fmt::Debug + PartialEq;
    /// The kind, for traces and error texts.
    const KIND: ObjectKind;
    /// The resource as the API server names it in errors (`jobs.batch`).
    const RESOURCE: &'static str;
    fn meta(&self) -> &ObjectMeta;
    fn meta_mut(&mut self) -> &mut ObjectMeta;
    /// Whether the spec (not metadata or status) differs, which bumps `generation`.
    fn spec_differs(&self, other: &Self) -> bool;
    /// Whether the status differs.
    fn status_differs(&self, other: &Self) -> bool;
    fn status(&self) -> &Self::Status;
    fn status_mut(&mut self) -> &mut Self::Status;
    /// What the informer handlers compare of `status` once it is replaced.
    fn was(status: &Self::Status) -> Self::Was;
    /// A copy with another status (the status is not copied only to be replaced).
    fn with_status(&self, status: Self::Status) -> Self;
    fn map(store: &Store) -> &Objects<Self>;
    fn map_mut(store: &mut Store) -> &mut Objects<Self>;
    /// The kind's objects and the UIDs, borrowed together for a create.
    fn objects_and_uids(store: &mut Store) -> (&mut Objects<Self>, &mut Uids);
    fn change(watch: Watch<Self>) -> Change;
    /// Truncates every `metav1.Time` to whole seconds, as a round trip through the API does.
    fn truncate_times(&mut self);
    /// The same for a status.
    fn truncate_status_times(status: &mut Self::Status);
}

/// `metav1.Time` keeps whole seconds on the wire (JSON and protobuf alike), so every time an
/// object carries after a write has second precision, whatever the writer's clock said.
fn second(t: &mut Option<Time>) {
    let Some(v) = t else { return };
    // Read and cut off the UTC instant as stored: `Timelike::nanosecond` and `trunc_subsecs`
    // would first add the (zero) offset to make a local time, and subtract the fraction as a
    // duration with overflow checks, several times the cost of the cut itself. (A leap second's
    // fraction is above 10⁹ ns: it keeps the leap second, as the subtraction did.)
    let nanos = v.timestamp_subsec_nanos();
    let fraction = nanos % 1_000_000_000;
    if fraction != 0 {
        *v = v.naive_utc().with_nanosecond(nanos - fraction).expect("the second the time has").and_utc();
    }
}

fn meta_seconds(m: &mut ObjectMeta) {
    second(&mut m.creation_timestamp);
    second(&mut m.deletion_timestamp);
}

fn cron_job_seconds(s: &mut CronJobStatus) {
    second(&mut s.last_schedule_time);
    second(&mut s.last_successful_time);
}

fn job_seconds(s: &mut JobStatus) {
    second(&mut s.start_time);
    second(&mut s.completion_time);
    for c in &mut s.conditions {
        second(&mut c.last_probe_time);
        second(&mut c.last_transition_time);
    }
}

fn pod_seconds(s: &mut PodStatus) {
    second(&mut s.start_time);
    for c in &mut s.conditions {
        second(&mut c.last_probe_time);
        second(&mut c.last_transition_time);
    }
    for c in s.container_statuses.iter_mut().chain(s.init_container_statuses.iter_mut()) {
        for state in [&mut c.state, &mut c.last_state] {
            if let Some(r) = &mut state.running {
                second(&mut r.started_at);
            }
            if let Some(t) = &mut state.terminated {
                second(&mut t.started_at);
                second(&mut t.finished_at);
            }
        }
    }
}

fn cron_job_was(_: &CronJobStatus) {}

fn job_was(s: &JobStatus) -> JobWas {
    JobWas { finished: s.finished_condition().is_some() }
}

fn pod_was(s: &PodStatus) -> PodWas {
    PodWas { phase: s.phase.unwrap_or_default() }
}

macro_rules! stored {
    ($t:ident, $status:ty, $was:ty, $kind:ident, $resource:literal, $field:ident, $seconds:ident, $summary:ident) => {
        impl Stored for $t {
            type Status = $status;
            type Was = $was;
            const KIND: ObjectKind = ObjectKind::$kind;
            const RESOURCE: &'static str = $resource;
            fn meta(&self) -> &ObjectMeta {
                &self.metadata
            }
            fn meta_mut(&mut self) -> &mut ObjectMeta {
                &mut self.metadata
            }
            fn spec_differs(&self, other: &Self) -> bool {
                self.spec != other.spec
            }
            fn status_differs(&self, other: &Self) -> bool {
                self.status != other.status
            }
            fn status(&self) -> &$status {
                &self.status
            }
            fn status_mut(&mut self) -> &mut $status {
                &mut self.status
            }
            fn was(status: &$status) -> $was {
                $summary(status)
            }
            fn with_status(&self, status: $status) -> Self {
                $t {
                    api_version: self.api_version.clone(),
                    kind: self.kind.clone(),
                    metadata: self.metadata.clone(),
                    spec: self.spec.clone(),
                    status,
                }
            }
            fn map(store: &Store) -> &Objects<Self> {
                &store.$field
            }
            fn map_mut(store: &mut Store) -> &mut Objects<Self> {
                &mut store.$field
            }
            fn objects_and_uids(store: &mut Store) -> (&mut Objects<Self>, &mut Uids) {
                (&mut store.$field, &mut store.uids)
            }
            fn change(watch: Watch<Self>) -> Change {
                Change::$kind(watch)
            }
            fn truncate_times(&mut self) {
                meta_seconds(&mut self.metadata);
                $seconds(&mut self.status)
            }
            fn truncate_status_times(status: &mut $status) {
                $seconds(status)
            }
        }
    };
}

stored!(CronJob, CronJobStatus, (), CronJob, "cronjobs.batch", cron_jobs, cron_job_seconds, cron_job_was);
stored!(Job, JobStatus, JobWas, Job, "jobs.batch", jobs, job_seconds, job_was);
stored!(Pod, PodStatus, PodWas, Pod, "pods", pods, pod_seconds, pod_was);

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{NaiveDate, SubsecRound};

    #[test]
    fn a_time_keeps_its_whole_seconds_as_chrono_truncates_them() {
        let day = NaiveDate::from_ymd_opt(2016, 12, 31).unwrap();
        let times = [
            day.and_hms_nano_opt(10, 0, 0, 0).unwrap(),
            day.and_hms_nano_opt(10, 0, 1, 5_000_000).unwrap(),
            day.and_hms_nano_opt(23, 59, 59, 999_999_999).unwrap(),
            // A leap second's fraction: it stays in the leap second.
            day.and_hms_nano_opt(23, 59, 59, 1_500_000_000).unwrap(),
        ];
        for naive in times {
            let time = naive.and_utc();
            let mut cut = Some(time);
            second(&mut cut);
            assert_eq!(cut, Some(time.trunc_subsecs(0)), "{time:?}");
            assert_eq!(cut.unwrap().timestamp_subsec_nanos() % 1_000_000_000, 0);
        }
        let mut none = None;
        second(&mut none);
        assert_eq!(none, None);
    }
}
