//! The Job a CronJob creates for a slot: `getJobFromTemplate2` (v2, `utils.go`) and the legacy
//! `getJobFromTemplate` (≤1.20), with the deterministic name that makes creation idempotent.

use super::behaviour::{Algorithm, Behaviour};
use crate::api::{CronJob, Job, ObjectMeta, ObjectReference, OwnerReference};
use crate::go::Tz;
use chrono::{DateTime, SecondsFormat, Utc};

/// Annotation holding the slot's time in the CronJob's zone (1.28+).
pub const SCHEDULED_TIMESTAMP_ANNOTATION: &str = "batch.kubernetes.io/cronjob-scheduled-timestamp";

/// `<cronjob>-<suffix>`: minutes since the epoch in v2, seconds in the legacy controller.
///
/// ```
/// use chrono::{TimeZone, Utc};
/// use cronjob_playground::controller::cronjob::{job_name, Algorithm};
/// let t = Utc.with_ymd_and_hms(2016, 5, 19, 10, 0, 0).unwrap();
/// assert_eq!(job_name("mycronjob", t, Algorithm::V2), "mycronjob-24394200");
/// assert_eq!(job_name("mycronjob", t, Algorithm::LegacyV1), "mycronjob-1463652000");
/// ```
pub fn job_name(cron_job: &str, scheduled: DateTime<Utc>, algorithm: Algorithm) -> String {
    let seconds = scheduled.timestamp();
    let suffix = match algorithm {
        // Go's integer division truncates toward zero, as Rust's does.
        Algorithm::V2 => seconds / 60,
        Algorithm::LegacyV1 => seconds,
    };
    // Written by hand: every slot names its Job twice (to look for it, then to create it).
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    let mut rest = suffix.unsigned_abs();
    loop {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    let mut name = String::with_capacity(cron_job.len() + 2 + digits.len() - start);
    name.push_str(cron_job);
    name.push('-');
    if suffix < 0 {
        name.push('-');
    }
    name.push_str(std::str::from_utf8(&digits[start..]).unwrap_or_default());
    name
}

/// The Job the controller sends to `CreateJob` for `scheduled`: template labels and annotations,
/// the scheduled-timestamp annotation (1.28+, rendered in `zone`), a controller owner reference,
/// `creationTimestamp` = the slot (the API server overwrites it), and the template's spec.
pub fn job_from_template(cron_job: &CronJob, scheduled: DateTime<Utc>, zone: Tz, behaviour: &Behaviour) -> Job {
    let name = job_name(&cron_job.metadata.name, scheduled, behaviour.algorithm);
    named_job_from_template(cron_job, name, scheduled, zone, behaviour)
}

/// [`job_from_template`] for a sync that has named the Job already ([`job_name`]).
pub(crate) fn named_job_from_template(
    cron_job: &CronJob,
    name: String,
    scheduled: DateTime<Utc>,
    zone: Tz,
    behaviour: &Behaviour,
) -> Job {
    let template = &cron_job.spec.job_template;
    let mut annotations = template.metadata.annotations.clone();
    if behaviour.scheduled_timestamp_annotation {
        let local = scheduled.with_timezone(&zone);
        annotations.insert(SCHEDULED_TIMESTAMP_ANNOTATION.to_owned(), local.to_rfc3339_opts(SecondsFormat::Secs, true));
    }
    Job {
        api_version: "batch/v1".into(),
        kind: "Job".into(),
        metadata: ObjectMeta {
            name,
            labels: template.metadata.labels.clone(),
            annotations,
            creation_timestamp: (behaviour.algorithm == Algorithm::V2).then_some(scheduled),
            owner_references: vec![OwnerReference {
                api_version: behaviour.owner_api_version.into(),
                kind: "CronJob".into(),
                name: cron_job.metadata.name.clone(),
                uid: cron_job.metadata.uid.clone(),
                controller: Some(true),
                block_owner_deletion: Some(true),
            }],
            ..ObjectMeta::default()
        },
        spec: template.spec.clone(),
        status: Default::default(),
    }
}

/// The reference the controller appends to `status.active` (`getRef`).
pub fn job_reference(job: &Job, namespace: &str) -> ObjectReference {
    ObjectReference {
        kind: "Job".into(),
        namespace: namespace.to_owned(),
        name: job.metadata.name.clone(),
        uid: job.metadata.uid.clone(),
        api_version: "batch/v1".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn job_names_print_the_slot_as_go_does() {
        for (seconds, v2, legacy) in [
            (0, "c-0", "c-0"),
            (59, "c-0", "c-59"),
            (1_463_652_000, "c-24394200", "c-1463652000"),
            // Before 1970 Go's division truncates toward zero: -61 s is minute -1.
            (-61, "c--1", "c--61"),
            (-59, "c-0", "c--59"),
        ] {
            let t = Utc.timestamp_opt(seconds, 0).unwrap();
            assert_eq!(job_name("c", t, Algorithm::V2), v2);
            assert_eq!(job_name("c", t, Algorithm::LegacyV1), legacy);
            assert_eq!(job_name("c", t, Algorithm::LegacyV1), format!("c-{seconds}"));
        }
    }
}
