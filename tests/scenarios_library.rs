//! The built-in scenarios library (`scenarios/`): every scenario runs through the real engine and
//! shows the key times Kubernetes gives it (from the published stories and the reference
//! notes' expected timelines), and every scenario has its notes in English, Japanese and Korean.

use chrono::{DateTime, Utc};
use cronjob_playground::controller::Message;
use cronjob_playground::i18n::Lang;
use cronjob_playground::scenarios::{find, Notes, LIBRARY};
use cronjob_playground::sim::trace::{DeletedBy, FinishedCondition, Trace};
use cronjob_playground::sim::{simulate, SimError};
use cronjob_playground::timeline::kubectl::cron_jobs_at;
use serde_json::json;
use std::borrow::Cow;

fn t(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
}

fn manifest(id: &str) -> &'static str {
    find(id).unwrap_or_else(|| panic!("no scenario {id}")).manifest
}

fn run(id: &str) -> Trace {
    simulate(manifest(id), None).unwrap_or_else(|e| panic!("{id}: {e}"))
}

/// The scenario run with `from` replaced by `to` in its text (an experiment its notes suggest).
fn scenario_with(id: &str, from: &str, to: &str) -> Trace {
    assert!(manifest(id).contains(from), "{id} has no {from:?}");
    simulate(&manifest(id).replacen(from, to, 1), None).unwrap_or_else(|e| panic!("{id}: {e}"))
}

/// `(time, fate)` of each slot of `cron_job`, times as RFC 3339.
fn fates(trace: &Trace, cron_job: &str) -> Vec<(String, String)> {
    let name = |f| serde_json::to_value(f).unwrap().as_str().unwrap().to_owned();
    trace
        .slots
        .iter()
        .filter(|s| s.cron_job == cron_job)
        .map(|s| (s.scheduled_time.to_rfc3339(), name(s.fate)))
        .collect()
}

fn created<'a>(trace: &'a Trace, prefix: &str) -> Vec<(&'a str, DateTime<Utc>)> {
    trace.jobs.iter().filter(|j| j.name.starts_with(prefix)).map(|j| (j.name.as_str(), j.created_at)).collect()
}

fn job<'a>(trace: &'a Trace, name: &str) -> &'a cronjob_playground::sim::trace::JobRecord {
    trace.jobs.iter().find(|j| j.name == name).unwrap_or_else(|| panic!("no job {name}"))
}

/// The messages of the Events with `reason` (warnings: their messages are texts, about no name).
fn events(trace: &Trace, reason: &str) -> Vec<(DateTime<Utc>, Cow<'static, str>)> {
    let text = |m: Message<_>| match m {
        Message::Text(text) => text,
        about => panic!("{about} names an object"),
    };
    trace.events.iter().filter(|e| e.reason == reason).map(|e| (e.time, text(e.message))).collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter().map(|(a, b)| (t(a).to_rfc3339(), b.to_string())).collect()
}

/// Seconds after `from` of each instant.
fn offsets(from: DateTime<Utc>, times: impl IntoIterator<Item = DateTime<Utc>>) -> Vec<i64> {
    times.into_iter().map(|x| (x - from).num_seconds()).collect()
}

/// The key times of one scenario; every scenario of the library must have a case here.
fn check(id: &str) {
    match id {
        "retroactive-schedule-edit" => {
            let trace = run(id);
            assert_eq!(trace.kubernetes_version.to_string(), "1.26");
            assert_eq!(
                fates(&trace, "cron-test"),
                pairs(&[("2023-03-22T13:05:00Z", "ran-on-time"), ("2023-03-22T13:10:00Z", "ran-late")])
            );
            // Edited at 13:15; the deletion of the 13:05 Job at 13:16 wakes the controller, which
            // starts today's 13:10 of the new schedule at once.
            assert_eq!(
                created(&trace, "cron-test"),
                [
                    ("cron-test-27991505", t("2023-03-22T13:05:00.1Z")),
                    ("cron-test-27991510", t("2023-03-22T13:16:00Z"))
                ]
            );
        }
        "forbid-catch-up" => {
            let trace = run(id);
            assert_eq!(
                created(&trace, "hourly"),
                [
                    ("hourly-1544000400", t("2018-12-05T09:00:00Z")),
                    ("hourly-1544004000", t("2018-12-05T10:00:00Z")),
                    ("hourly-1544007600", t("2018-12-05T11:30:10Z")),
                    ("hourly-1544011200", t("2018-12-05T12:00:20Z")),
                ]
            );
            assert_eq!(
                fates(&trace, "hourly")[2..],
                pairs(&[("2018-12-05T11:00:00Z", "ran-late"), ("2018-12-05T12:00:00Z", "ran-late")])
            );
        }
        "starting-deadline-1200" => {
            let trace = run(id);
            assert_eq!(job(&trace, "in-time-1544007600").created_at, t("2018-12-05T11:10:10Z"));
            assert_eq!(
                fates(&trace, "too-late"),
                pairs(&[
                    ("2018-12-05T10:00:00Z", "ran-on-time"),
                    ("2018-12-05T11:00:00Z", "missed-deadline"),
                    ("2018-12-05T12:00:00Z", "ran-on-time")
                ])
            );
            assert_eq!(created(&trace, "too-late")[1], ("too-late-1544011200", t("2018-12-05T12:00:00Z")));
        }
        "too-many-missed-v1" => {
            let trace = run(id);
            assert!(trace.jobs.is_empty());
            let f = fates(&trace, "every-minute");
            assert_eq!(f.iter().filter(|(_, f)| f == "controller-down").count(), 111, "08:30 .. 10:20");
            assert_eq!(f.iter().filter(|(_, f)| f == "too-many-missed").count(), 4, "10:21 .. 10:24");
            let warnings = events(&trace, "FailedNeedsStart");
            assert_eq!(warnings[0].0, t("2020-06-01T10:21:00Z"));
            assert_eq!(warnings[1].0, t("2020-06-01T10:21:10Z"), "every 10 s poll");
            assert_eq!(
                warnings[0].1,
                "Cannot determine if job needs to be started: Too many missed start time (> 100). Set or decrease \
                .spec.startingDeadlineSeconds or check clock skew."
            );
        }
        "too-many-missed-v2" => {
            let trace = run(id);
            assert_eq!(
                events(&trace, "TooManyMissedTimes"),
                [(
                    t("2020-06-01T10:21:00Z"),
                    "too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew"
                        .into()
                )]
            );
            assert_eq!(
                created(&trace, "every-minute"),
                [
                    ("every-minute-26516781", t("2020-06-01T10:21:00Z")),
                    ("every-minute-26516782", t("2020-06-01T10:22:00.1Z")),
                    ("every-minute-26516783", t("2020-06-01T10:23:00.1Z")),
                    ("every-minute-26516784", t("2020-06-01T10:24:00.1Z")),
                ]
            );
            assert_eq!(fates(&trace, "every-minute").iter().filter(|(_, f)| f == "controller-down").count(), 111);
        }
        "unparseable-schedule" => {
            let trace = run(id);
            assert_eq!(
                events(&trace, "KubectlError"),
                [(
                    t("2018-12-05T09:12:00Z"),
                    "Error from server: CronJob.batch \"report\" is invalid: spec.schedule: Invalid value: \"0 25 * * \
                    *\": End of range (25) above maximum (23): 25"
                        .into()
                )]
            );
            let times: Vec<_> = created(&trace, "report").into_iter().map(|(_, at)| at).collect();
            assert_eq!(
                offsets(t("2018-12-05T09:00:00Z"), times),
                [600, 1200, 1800, 2400, 3000],
                "still every 10 minutes"
            );
            // `kubectl get cronjob` after the refused edit shows the schedule the object kept.
            let table = cron_jobs_at(&trace, trace.end);
            assert_eq!(table.rows[0].1[1], "*/10 * * * *");
        }
        "schedule-change-recent-slot" => {
            let trace = run(id);
            assert_eq!(
                created(&trace, "report"),
                [
                    ("report-1591005600", t("2020-06-01T10:00:00Z")),
                    ("report-1591007400", t("2020-06-01T10:31:00Z")),
                    ("report-1591009200", t("2020-06-01T11:00:00Z")),
                ]
            );
            assert_eq!(fates(&trace, "report")[1], (t("2020-06-01T10:30:00Z").to_rfc3339(), "ran-late".into()));
        }
        "backoff-limit-onfailure" => {
            let trace = run(id);
            let j = job(&trace, "job-pod-failure-policy-example");
            assert_eq!(
                (j.finished_at, j.reason.as_deref()),
                (Some(t("2024-08-01T00:01:55Z")), Some("BackoffLimitExceeded"))
            );
            let pod = &trace.pods[0];
            assert_eq!(trace.pods.len(), 1);
            assert_eq!(
                offsets(j.created_at, pod.restarts.iter().map(|r| r.at)),
                [30, 67, 114],
                "3 s startup + 27 s run, then 10 s and 20 s back-off"
            );
            assert_eq!(pod.exit_codes, [1, 1, 1, 143]);
        }
        "onfailure-vs-never" => {
            let trace = run(id);
            let start = t("2025-01-15T10:00:00Z");
            let pods = |job: &'static str| trace.pods.iter().filter(move |p| p.job == job);
            assert_eq!(offsets(start, pods("never").map(|p| p.created_at)), [0, 40, 90, 160]);
            assert_eq!(offsets(start, job(&trace, "never").finished_at), [191]);
            let on_failure: Vec<_> = pods("on-failure").collect();
            assert_eq!(on_failure.len(), 1);
            assert_eq!(offsets(start, on_failure[0].restarts.iter().map(|r| r.at)), [30, 70, 120]);
            assert_eq!(on_failure[0].exit_codes, [1, 1, 1, 143]);
            assert_eq!(offsets(start, job(&trace, "on-failure").finished_at), [121]);
            assert!(trace.jobs.iter().all(|j| j.reason.as_deref() == Some("BackoffLimitExceeded")));
        }
        "suspend-resume" => {
            let trace = run(id);
            assert_eq!(
                fates(&trace, "catch-up"),
                pairs(&[
                    ("2025-01-15T10:00:00Z", "ran-on-time"),
                    ("2025-01-15T11:00:00Z", "suspended"),
                    ("2025-01-15T12:00:00Z", "suspended"),
                    ("2025-01-15T13:00:00Z", "ran-late"),
                    ("2025-01-15T14:00:00Z", "ran-on-time"),
                ])
            );
            assert_eq!(job(&trace, "catch-up-28949100").created_at, t("2025-01-15T13:20:00Z"));
            assert_eq!(
                created(&trace, "deadline"),
                [
                    ("deadline-28948920", t("2025-01-15T10:00:00.1Z")),
                    ("deadline-28949160", t("2025-01-15T14:00:00.1Z"))
                ]
            );
        }
        "deadline-under-10s" => {
            let trace = run(id);
            assert!(created(&trace, "five").is_empty());
            assert_eq!(fates(&trace, "five").iter().filter(|(_, f)| f == "missed-deadline").count(), 5);
            let ten: Vec<_> = created(&trace, "ten").into_iter().map(|(_, at)| at).collect();
            assert_eq!(offsets(t("2020-06-01T10:00:00Z"), ten), [607, 1207, 1807, 2407, 3007], "7 s after each slot");
        }
        "dst-time-zone" => {
            let trace = run(id);
            let runs: Vec<_> = trace.jobs.iter().map(|j| j.scheduled_time.unwrap()).collect();
            assert_eq!(
                runs,
                [t("2025-10-26T00:30:00Z"), t("2025-10-26T01:30:00Z"), t("2025-10-27T01:30:00Z")],
                "02:30 CEST and 02:30 CET"
            );
        }
        "tz-in-schedule" => {
            let trace = run(id);
            assert_eq!(
                created(&trace, "tokyo-morning"),
                [
                    ("tokyo-morning-28949760", t("2025-01-16T00:00:00.1Z")),
                    ("tokyo-morning-28951200", t("2025-01-17T00:00:00.1Z"))
                ]
            );
            let warning = events(&trace, "UnsupportedSchedule");
            assert_eq!(
                warning[0],
                (
                    t("2025-01-15T00:30:00Z"),
                    "CRON_TZ or TZ used in schedule \"TZ=Asia/Tokyo 0 9 * * \
                    *\" is not officially supported, see \
                    https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details"
                        .into()
                )
            );
            let error = |version: &str| match simulate(manifest(id), Some(json!({"kubernetesVersion": version}))) {
                Err(SimError::Input(e)) => e.to_string(),
                other => panic!("{version}: {other:?}"),
            };
            assert!(
                error("1.29").ends_with(
                    "spec.schedule: Invalid value: \"TZ=Asia/Tokyo 0 9 * * *\": cannot use TZ \
                    or CRON_TZ in schedule, use timeZone field instead"
                ),
                "{}",
                error("1.29")
            );
            assert!(
                error("1.21").ends_with("Expected exactly 5 fields, found 6: TZ=Asia/Tokyo 0 9 * * *"),
                "{}",
                error("1.21")
            );
        }
        "history-limits-vs-ttl" => {
            let trace = run(id);
            let ttl = job(&trace, "ttl-28948925");
            assert_eq!(
                (ttl.finished_at, ttl.deleted_at, ttl.deleted_by),
                (Some(t("2025-01-15T10:05:21.1Z")), Some(t("2025-01-15T10:06:51Z")), Some(DeletedBy::Ttl))
            );
            let h = job(&trace, "history-28948925");
            assert_eq!(
                (h.deleted_at, h.deleted_by),
                (Some(t("2025-01-15T10:20:21.1Z")), Some(DeletedBy::HistoryLimit))
            );
        }
        "replace" => {
            let trace = run(id);
            for (name, at) in
                [("replace-28948925", "2025-01-15T10:10:00.1Z"), ("replace-28948935", "2025-01-15T10:20:00.1Z")]
            {
                let j = job(&trace, name);
                assert_eq!((j.deleted_at, j.deleted_by), (Some(t(at)), Some(DeletedBy::Replace)), "{name}");
            }
            assert_eq!(trace.pods.iter().find(|p| p.job == "replace-28948925").unwrap().exit_codes, [143]);
            assert_eq!(job(&trace, "history-28948925").deleted_at, Some(t("2025-01-15T10:20:31.1Z")));
        }
        "container-restart-rules" => {
            let trace = run(id);
            let with = job(&trace, "with-rules");
            assert_eq!(
                (with.finished_at, with.condition),
                (Some(t("2026-03-02T09:01:11Z")), Some(FinishedCondition::Complete))
            );
            let without = job(&trace, "without-rules");
            assert_eq!(
                (without.finished_at, without.reason.as_deref()),
                (Some(t("2026-03-02T09:00:21Z")), Some("BackoffLimitExceeded"))
            );
            let pod = trace.pods.iter().find(|p| p.job == "with-rules").unwrap();
            assert_eq!(trace.pods.iter().filter(|p| p.job == "with-rules").count(), 1, "restarted in place");
            assert_eq!(offsets(with.created_at, pod.restarts.iter().map(|r| r.at)), [20, 50]);
            assert_eq!(pod.exit_codes, [42, 42, 0]);
        }
        "native-sidecar" => {
            let trace = run(id);
            let export = job(&trace, "nightly-export");
            assert_eq!(
                (export.finished_at, export.condition),
                (Some(t("2026-03-02T09:01:31Z")), Some(FinishedCondition::Complete))
            );
            let pod = &trace.pods[0];
            assert_eq!(
                (pod.started_at, pod.finished_at),
                (Some(t("2026-03-02T09:00:00Z")), Some(t("2026-03-02T09:01:30Z")))
            );
            let shipper = &pod.init_containers[0];
            assert_eq!(
                (shipper.name.as_str(), shipper.sidecar, shipper.exit_codes.as_slice()),
                ("log-shipper", true, &[143][..])
            );
            assert_eq!(shipper.stopping_at, Some(t("2026-03-02T09:01:30Z")));
            // The notes' 1.28 experiment: the dropped field leaves an init container that never exits.
            let on_1_28 = scenario_with(id, "kubernetesVersion: \"1.29\"", "kubernetesVersion: \"1.28\"");
            assert_eq!((on_1_28.jobs[0].condition, on_1_28.pods[0].started_at), (None, None));
            let gate = scenario_with(
                id,
                "kubernetesVersion: \"1.29\"",
                "kubernetesVersion: \"1.28\"\n  featureGates: {SidecarContainers: true}",
            );
            assert_eq!(gate.jobs[0].finished_at, Some(t("2026-03-02T09:01:31Z")));
        }
        "pod-failure-policy" => {
            let trace = run(id);
            let policy = job(&trace, "policy");
            assert_eq!(
                (policy.finished_at, policy.reason.as_deref()),
                (Some(t("2024-08-01T10:00:51Z")), Some("PodFailurePolicy"))
            );
            let example = job(&trace, "job-example");
            assert_eq!(
                (example.finished_at, example.reason.as_deref()),
                (Some(t("2024-08-01T10:01:01Z")), Some("BackoffLimitExceeded"))
            );
        }
        "irregular-schedule-after-gap" => {
            let trace = run(id);
            let f = fates(&trace, "weekdays");
            assert_eq!(f[5], (t("2025-01-17T12:30:00Z").to_rfc3339(), "not-found-by-search".into()));
            assert_eq!(
                created(&trace, "weekdays")[1],
                ("weekdays-28956150", t("2025-01-20T10:30:00.1Z")),
                "the next Job is Monday's"
            );
        }
        "yaml-unquoted-star" => {
            let error = simulate(manifest(id), None).expect_err("an alias is not a schedule");
            let SimError::Input(e) = &error else { panic!("{error:?}") };
            assert_eq!(e.position(), Some((7, 13)), "line 7, column 13: {e}");
            let e = e.to_string();
            assert!(e.contains("quote it, e.g. \"*/5 * * * *\""), "{e}");
            // The fix the notes give: quoted, it runs every 5 minutes.
            let fixed = manifest(id).replace("schedule: */5 * * * *", "schedule: \"*/5 * * * *\"");
            let trace = simulate(&fixed, None).unwrap();
            let times: Vec<_> = trace.jobs.iter().map(|j| j.created_at).collect();
            assert_eq!(offsets(t("2025-01-15T10:00:00Z"), times), (1..=11).map(|i| i * 300).collect::<Vec<_>>());
        }
        other => panic!("scenario {other} has no key times in tests/scenarios_library.rs"),
    }
}

#[test]
fn every_scenario_runs_with_its_key_times() {
    for s in LIBRARY {
        check(s.id);
    }
}

#[test]
fn every_scenario_has_notes_in_english_japanese_and_korean() {
    for s in LIBRARY {
        let english = s.notes(Lang::En);
        for lang in Lang::ALL {
            let Notes { title, look, why } = s.notes(lang);
            assert!(!title.is_empty() && !look.is_empty() && !why.is_empty(), "{} is incomplete in {lang}", s.id);
            if lang != Lang::En {
                assert_ne!(title, english.title, "{}: the {lang} title is not translated", s.id);
                assert_ne!(look, english.look, "{}: the {lang} notes are not translated", s.id);
                assert!(!why.is_ascii(), "{}: the {lang} why is not in {lang}", s.id);
            }
        }
    }
}

#[test]
fn the_library_holds_every_scenario_directory_once() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios");
    let mut on_disk: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    on_disk.sort();
    let mut ids: Vec<&str> = LIBRARY.iter().map(|s| s.id).collect();
    ids.sort();
    assert_eq!(on_disk, ids);
    for id in ids {
        let mut files: Vec<String> = std::fs::read_dir(format!("{dir}/{id}"))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        files.sort();
        assert_eq!(files, ["en.md", "ja.md", "ko.md", "scenario.yaml"], "{id}");
    }
}

#[test]
fn every_story_and_common_pain_is_covered() {
    // Every published story and every common pain has its scenario.
    for id in [
        "forbid-catch-up",
        "suspend-resume",
        "starting-deadline-1200",
        "too-many-missed-v1",
        "too-many-missed-v2",
        "unparseable-schedule",
        "retroactive-schedule-edit",
        "onfailure-vs-never",
        "deadline-under-10s",
        "dst-time-zone",
        "tz-in-schedule",
        "history-limits-vs-ttl",
        "replace",
        "pod-failure-policy",
        "container-restart-rules",
        "native-sidecar",
        "irregular-schedule-after-gap",
        "yaml-unquoted-star",
    ] {
        assert!(find(id).is_some(), "{id}");
    }
}
