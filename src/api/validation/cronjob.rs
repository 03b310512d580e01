//! CronJob validation (`ValidateCronJobCreate`, `ValidateCronJobUpdate`, `validateCronJobSpec`,
//! `validateScheduleFormat`, `validateTimeZone`) from `pkg/apis/batch/validation/validation.go`,
//! with the `TZ`/`CRON_TZ` and `timeZone` rules of each release.

use super::job::validate_job_template;
use super::meta::{object_meta, object_meta_update};
use super::{Checker, Outcome};
use crate::api::decode::Unsupported;
use crate::api::field_error::{BadValue, FieldError};
use crate::api::{CronJob, CronJobSpec, KubernetesVersion};
use crate::cron;

/// The longest CronJob name: a Job name (63) less the 11 characters of `-<suffix>`.
const MAX_CRONJOB_NAME: usize = 52;

/// The API warning of 1.23–1.28 for a schedule that mentions `TZ` (the doubled `spec.spec` is
/// the API server's).
pub const TZ_WARNING: &str = "CRON_TZ or TZ used in spec.spec.schedule is not officially supported, see \
    https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details";

/// Validates a CronJob being created, after defaulting.
///
/// ```
/// use cronjob_playground::api::{validate_cronjob_create, CronJob, KubernetesVersion};
/// let mut cj = CronJob::default();
/// cj.metadata.name = "hello".into();
/// cj.metadata.namespace = "default".into();
/// cj.spec.schedule = "61 * * * *".into();
/// let outcome = validate_cronjob_create(&cj, KubernetesVersion::NEWEST, Default::default());
/// assert_eq!(
///     outcome.errors[0].to_string(),
///     r#"spec.schedule: Invalid value: "61 * * * *": end of range (61) above maximum (59): 61"#
/// );
/// ```
pub fn validate_cronjob_create(cj: &CronJob, version: KubernetesVersion, unsupported: Unsupported) -> Outcome {
    let mut c = Checker::new(version, unsupported);
    object_meta(&mut c, &cj.metadata);
    cronjob_spec(&mut c, &cj.spec, None);
    if cj.metadata.name.len() > MAX_CRONJOB_NAME {
        c.push(FieldError::invalid(
            "metadata.name",
            BadValue::str(&cj.metadata.name),
            format!("must be no more than {MAX_CRONJOB_NAME} characters"),
        ));
    }
    c.finish(&["spec."])
}

/// Validates an update of a CronJob: the spec rules, with the old spec deciding whether a
/// `TZ` schedule and an unchanged `timeZone` are tolerated; no name-length rule.
pub fn validate_cronjob_update(
    cj: &CronJob,
    old: &CronJob,
    version: KubernetesVersion,
    unsupported: Unsupported,
) -> Outcome {
    let mut c = Checker::new(version, unsupported);
    object_meta_update(&mut c, &cj.metadata);
    cronjob_spec(&mut c, &cj.spec, Some(&old.spec));
    c.finish(&["spec."])
}

fn cronjob_spec(c: &mut Checker, spec: &CronJobSpec, old: Option<&CronJobSpec>) {
    if spec.schedule.is_empty() {
        c.push(FieldError::required("spec.schedule", ""));
    } else {
        schedule(c, spec, old);
    }
    if let Some(deadline) = spec.starting_deadline_seconds {
        FieldError::check_nonnegative("spec.startingDeadlineSeconds", deadline, &mut c.outcome.errors);
    }
    if old.is_none_or(|o| o.time_zone != spec.time_zone) {
        if let Some(zone) = &spec.time_zone {
            time_zone(c, zone);
        }
    }
    match c.enum_text("spec.concurrencyPolicy", spec.concurrency_policy).as_deref() {
        Some("Allow" | "Forbid" | "Replace") => {}
        None | Some("") => c.push(FieldError::required("spec.concurrencyPolicy", "")),
        Some(other) => {
            c.push(FieldError::not_supported("spec.concurrencyPolicy", other, &["Allow", "Forbid", "Replace"]))
        }
    }
    validate_job_template(c, &spec.job_template.spec, "spec.jobTemplate");
    if let Some(limit) = spec.successful_jobs_history_limit {
        FieldError::check_nonnegative("spec.successfulJobsHistoryLimit", limit.into(), &mut c.outcome.errors);
    }
    if let Some(limit) = spec.failed_jobs_history_limit {
        FieldError::check_nonnegative("spec.failedJobsHistoryLimit", limit.into(), &mut c.outcome.errors);
    }
}

/// `validateScheduleFormat`: robfig's parse error, then the `TZ` rules of the release.
fn schedule(c: &mut Checker, spec: &CronJobSpec, old: Option<&CronJobSpec>) {
    let text = &spec.schedule;
    let invalid = |detail: String| FieldError::invalid("spec.schedule", BadValue::str(text), detail);
    let error = if c.version.at_least(22) {
        cron::parse_standard(text).err().map(|e| e.to_string())
    } else {
        cron::parse_standard_v1(text).err().map(|e| e.to_string())
    };
    if let Some(error) = error {
        c.push(invalid(error));
    }
    let mentions_tz = text.contains("TZ");
    let both = "cannot use both timeZone field and TZ or CRON_TZ in schedule".to_string();
    if c.version.at_least(29) {
        // kubernetes#116252: TZ in a schedule is refused unless the stored object already had it.
        let tolerated = old.is_some_and(|o| o.schedule.contains("TZ"));
        if tolerated && mentions_tz && spec.time_zone.is_some() {
            c.push(invalid(both));
        } else if !tolerated && mentions_tz {
            c.push(invalid("cannot use TZ or CRON_TZ in schedule, use timeZone field instead".into()));
        }
    } else if mentions_tz {
        if c.version.at_least(24) && spec.time_zone.is_some() {
            c.push(invalid(both));
        }
        if c.version.at_least(23) {
            c.outcome.warnings.push(TZ_WARNING.into());
        }
    }
}

/// `validateTimeZone` (1.24+; the character check arrived in 1.27 with kubernetes#115375).
fn time_zone(c: &mut Checker, zone: &str) {
    let invalid = |detail: String| FieldError::invalid("spec.timeZone", BadValue::str(zone), detail);
    if zone.is_empty() {
        c.push(invalid("timeZone must be nil or non-empty string".into()));
        return;
    }
    if c.version.at_least(27) {
        let part_ok = |part: &str| {
            part != "."
                && part != ".."
                && !part.starts_with('-')
                && (1..=14).contains(&part.len())
                && part.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-+".contains(&b))
        };
        if !zone.split('/').all(part_ok) {
            c.push(invalid(format!("unknown time zone {zone}")));
            return;
        }
    }
    if zone.eq_ignore_ascii_case("Local") {
        c.push(invalid("timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones".into()));
    }
    if let Err(err) = crate::go::load_location(zone) {
        c.push(invalid(err.to_string()));
    }
}
