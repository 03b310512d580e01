//! What the page and the CLI say about a schedule written for another cron (`cron::dialect`):
//! after robfig's exact refusal, the dialect it reads as, what it uses that Kubernetes lacks,
//! its runs there beside the nearest Kubernetes schedule's; and, for a schedule Kubernetes takes,
//! where crontab.guru (Vixie cron's day rule) reads it differently.

use super::said::Said;
use crate::api::{Admission, Admitted, AdmittedObject};
use crate::cron::dialect::{recognise, vixie_difference, Dialect, Feature, Reading};
use crate::cron::parse_standard;
use crate::go::Tz;
use crate::i18n::dialects::DialectWords as W;
use crate::i18n::Lang;
use crate::i18n::Sentences;
use chrono::{DateTime, Utc};

/// How many runs a reading shows in each dialect.
const RUNS: usize = 3;

/// The dialect notices of an admission, in manifest order: `dialect` for a CronJob whose
/// schedule robfig refuses and which reads as another dialect, `crontab-guru` for one whose
/// days crontab.guru reads differently. Runs count from the CronJob's creationTimestamp (else
/// `now`) in its `timeZone` (else UTC, the controller's default zone).
///
/// ```
/// use cronjob_playground::api::{admit, KubernetesVersion};
/// use cronjob_playground::app::dialect_notes::dialect_notices;
/// use cronjob_playground::i18n::Lang;
/// let text = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: noon, creationTimestamp: \
///     '2026-11-26T00:00:00Z'}\n\
///     spec:\n  schedule: '0 0 12 ? * MON-FRI'\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          \
///     restartPolicy: OnFailure\n          containers: [{name: c, image: busybox}]\n";
/// let said = dialect_notices(&admit(text, None, KubernetesVersion::NEWEST), chrono::Utc::now());
/// assert_eq!(said[0].0, "dialect");
/// assert_eq!(said[0].1.render(Lang::En), "CronJob noon (line 5): `0 0 12 ? * MON-FRI` is not a Kubernetes schedule, \
///     but it reads as Quartz or Spring (seconds first). `?` (no specific value): Kubernetes reads it as `*`. \
///     There it runs at 2026-11-26 12:00:00, 2026-11-27 12:00:00, 2026-11-30 12:00:00 (UTC). \
///     Kubernetes runs the same with `0 12 * * MON-FRI`.");
/// ```
pub fn dialect_notices(admission: &Admission, now: DateTime<Utc>) -> Vec<(String, Said)> {
    admission.objects.iter().filter_map(|o| notice(o, now)).collect()
}

/// A CronJob's schedule as written, its zone, where it starts and the line to point at.
struct Written {
    name: String,
    schedule: String,
    zone: Tz,
    created: Option<DateTime<Utc>>,
    line: u32,
}

fn notice(o: &AdmittedObject, now: DateTime<Utc>) -> Option<(String, Said)> {
    let r = &o.report;
    if r.kind != "CronJob" || !r.api_version.starts_with("batch/") {
        return None;
    }
    let (w, refused) = match &o.object {
        Some(Admitted::CronJob(cj)) => {
            let written = Written {
                name: cj.metadata.name.clone(),
                schedule: cj.spec.schedule.clone(),
                zone: zone(cj.spec.time_zone.as_deref()),
                created: cj.metadata.creation_timestamp,
                line: r.line,
            };
            (written, false)
        }
        _ => {
            let error = r.errors.iter().find(|e| e.field == "spec.schedule")?;
            let d = r.defaulted.as_ref()?;
            let written = Written {
                name: r.name.clone(),
                schedule: d.pointer("/spec/schedule")?.as_str()?.to_owned(),
                zone: zone(d.pointer("/spec/timeZone").and_then(|z| z.as_str())),
                created: d.pointer("/metadata/creationTimestamp").and_then(|t| t.as_str()?.parse().ok()),
                line: error.line,
            };
            (written, true)
        }
    };
    let after = w.created.unwrap_or(now).with_timezone(&w.zone);
    if refused {
        let reading = recognise(&w.schedule, &w.name)?;
        let said = Said::words(|l| {
            let head =
                W::LooksLike.format(l, &[&"CronJob", &w.name, &w.line, &w.schedule, &dialect_name(l, reading.dialect)]);
            format!("{head} {}", reading_words(l, &reading, after))
        });
        return Some(("dialect".to_owned(), said));
    }
    let d = vixie_difference(&w.schedule, after.date_naive())?;
    let sentence = if d.kubernetes_either { W::VixieEither } else { W::VixieBoth };
    let day = d.example.format("%Y-%m-%d (%a)").to_string();
    let said = Said::words(|l| sentence.format(l, &[&"CronJob", &w.name, &w.line, &w.schedule, &day]));
    Some(("crontab-guru".to_owned(), said))
}

fn zone(time_zone: Option<&str>) -> Tz {
    time_zone.and_then(|z| z.parse().ok()).unwrap_or(Tz::UTC)
}

/// The body of a reading in `lang`: each feature, the runs in the dialect, and the nearest
/// Kubernetes schedule (with its runs when they differ), all from `after`, in `after`'s zone.
///
/// ```
/// use cronjob_playground::app::dialect_notes::reading_words;
/// use cronjob_playground::cron::dialect::recognise;
/// use cronjob_playground::go::Tz;
/// use cronjob_playground::i18n::Lang;
/// use chrono::TimeZone;
/// let after = Tz::UTC.with_ymd_and_hms(2026, 11, 26, 0, 0, 0).unwrap();
/// let reading = recognise("0 0 L * *", "month-end").unwrap();
/// assert_eq!(reading_words(Lang::En, &reading, after), "`L` counts from the month's last day; Kubernetes has no \
///     \"last\": run on the days it can fall on and let the Job exit unless it is the day. Nearest Kubernetes \
///     schedule: `0 0 28-31 * *` (runs at 2026-11-28 00:00:00, 2026-11-29 00:00:00, 2026-11-30 00:00:00 (UTC)).");
/// ```
pub fn reading_words(lang: Lang, reading: &Reading, after: DateTime<Tz>) -> String {
    let mut out: Vec<String> = reading.features.iter().map(|f| feature_words(lang, f)).collect();
    let there = reading.runs(after, RUNS);
    if !there.is_empty() {
        out.push(W::RunsThere.format(lang, &[&times(&there)]));
    }
    out.push(match &reading.nearest {
        Some(n) if reading.exact => W::SameRuns.format(lang, &[n]),
        Some(n) => W::Nearest.format(lang, &[n, &times(&kubernetes_runs(n, after))]),
        None => W::NoNearest.format(lang, &[]),
    });
    out.join(" ")
}

/// The dialect's name in `lang`.
pub fn dialect_name(lang: Lang, dialect: Dialect) -> String {
    let words = match dialect {
        Dialect::Quartz => W::Quartz,
        Dialect::EventBridge => W::EventBridge,
        Dialect::Jenkins => W::Jenkins,
        Dialect::Vixie => W::Vixie,
        Dialect::Extended => W::Extended,
    };
    words.format(lang, &[])
}

/// What a feature means there, and what Kubernetes does instead, in `lang`.
pub fn feature_words(lang: Lang, f: &Feature) -> String {
    let (words, text) = match f {
        Feature::Seconds(t) => (W::Seconds, t.as_str()),
        Feature::Year(t) => (W::Year, t.as_str()),
        Feature::WeekdayFromOne(t) => (W::WeekdayFromOne, t.as_str()),
        Feature::NoSpecificValue => (W::NoSpecificValue, ""),
        Feature::LastDayOfMonth(t) => (W::LastDayOfMonth, t.as_str()),
        Feature::LastWeekday(t) => (W::LastWeekday, t.as_str()),
        Feature::NthWeekday(t) => (W::NthWeekday, t.as_str()),
        Feature::NearestWeekday(t) => (W::NearestWeekday, t.as_str()),
        Feature::Hashed(t) => (W::Hashed, t.as_str()),
        Feature::Random(t) => (W::Random, t.as_str()),
        Feature::Reboot => (W::Reboot, ""),
        Feature::Sunday7(t) => (W::Sunday7, t.as_str()),
    };
    words.format(lang, &[&text])
}

/// The nearest schedule's runs as robfig chains them, in `after`'s zone.
pub fn kubernetes_runs(schedule: &str, after: DateTime<Tz>) -> Vec<DateTime<Tz>> {
    let Ok(s) = parse_standard(schedule) else { return Vec::new() };
    s.runs(after).map_while(|run| run.ok().flatten()).take(RUNS).collect()
}

/// `2026-11-26 12:00:00, 2026-11-27 12:00:00 (Europe/Berlin)`.
fn times(runs: &[DateTime<Tz>]) -> String {
    let list: Vec<String> = runs.iter().map(|t| t.format("%Y-%m-%d %H:%M:%S").to_string()).collect();
    let zone = runs.first().map_or("UTC", |t| t.timezone().name());
    format!("{} ({zone})", list.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{admit, KubernetesVersion};

    fn cron_job(name: &str, schedule: &str, zone: &str) -> String {
        format!(
            "apiVersion: batch/v1\nkind: CronJob\nmetadata: {{name: {name}, creationTimestamp: \
            '2026-11-26T00:00:00Z'}}\nspec:\n  schedule: '{schedule}'\n  timeZone: {zone}\n  jobTemplate:\n    \
            spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers: [{{name: \
            c, image: busybox}}]\n---\n"
        )
    }

    #[test]
    fn refused_dialects_and_crontab_guru_differences_are_told_in_every_language() {
        let text = [
            cron_job("quartz", "0 30 2 ? * 1", "Europe/Berlin"),
            cron_job("plain", "0 2 * * *", "UTC"),
            cron_job("typo", "61 * * * *", "UTC"),
            cron_job("odd-days", "0 0 */2 * 1", "UTC"),
            cron_job("jenkins", "H 3 * * *", "UTC"),
        ]
        .concat();
        let said = dialect_notices(&admit(&text, None, KubernetesVersion::NEWEST), Utc::now());
        let kinds: Vec<&str> = said.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(kinds, ["dialect", "crontab-guru", "dialect"]);
        // 1 = Sunday in Quartz; 2026-11-29 is a Sunday; the zone is the CronJob's.
        assert_eq!(
            said[0].1.render(Lang::En),
            "CronJob quartz (line 5): `0 30 2 ? * 1` is not a Kubernetes schedule, but it reads as Quartz or Spring \
            (seconds first). `?` (no specific value): Kubernetes reads it as `*`. Day-of-week `1` counts 1 = Sunday \
            there (Spring counts 1 = Monday); Kubernetes counts 0 = Sunday. There it runs at 2026-11-29 02:30:00, \
            2026-12-06 02:30:00, 2026-12-13 02:30:00 (Europe/Berlin). Kubernetes runs the same with `30 2 * * 0`."
        );
        assert!(said[0].1.render(Lang::Ja).contains("Quartz または Spring (先頭が秒) の式として読めます"));
        assert!(said[0].1.render(Lang::Ko).contains("Kubernetes에서는 `30 2 * * 0`(으)로 똑같이 실행합니다."));
        // The 27th is odd and a Friday: Kubernetes runs (either field), crontab.guru does not (both).
        assert!(said[1].1.render(Lang::En).ends_with("2026-11-27 (Fri): Kubernetes runs, crontab.guru does not."));
        assert!(said[2].1.render(Lang::En).contains("reads as Jenkins. `H` is Jenkins' H"));
    }
}
