//! The lint's rules against the probes' traces: each finding with its concrete times and words.

use super::*;

fn cronjob(name: &str, schedule: &str, extra: &str) -> String {
    format!(
        "apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: {name}\n  namespace: default\nspec:\n  schedule: \
        \"{schedule}\"\n{extra}  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: \
        OnFailure\n          containers: [{{name: c, image: busybox}}]\n"
    )
}

fn options(version: &str, at: &str) -> LintOptions {
    LintOptions { version: version.parse().unwrap(), at: at.parse().unwrap(), controller_time_zone: Tz::UTC }
}

fn finding<'a>(report: &'a LintReport, rule: &str) -> Option<&'a Finding> {
    report.cron_jobs[0].findings.iter().find(|f| f.rule == rule)
}

#[test]
fn a_minutely_cronjob_stops_for_good_after_an_outage_on_1_20_and_not_on_1_28() {
    let text = cronjob("every-minute", "* * * * *", "");
    let old = lint(&text, &options("1.20", "2020-06-01T08:29:30Z")).unwrap();
    let f = finding(&old, "too-many-missed").expect("1.20 trips");
    assert_eq!(f.severity, Severity::Error);
    // Down from 30 s after the 08:30 run until 30 s after the 101st start time after it.
    assert_eq!(f.times[..2], ["2020-06-01T08:30:30Z", "2020-06-01T10:11:30Z"]);
    assert!(
        f.message.starts_with(
            "A controller outage of 1h41m (from 2020-06-01T08:30:30Z to 2020-06-01T10:11:30Z) \
            misses more than 100 start times: FailedNeedsStart \"Cannot determine if job needs to be started: Too many \
            missed start time (> 100). Set or decrease .spec.startingDeadlineSeconds or check clock skew.\""
        ),
        "{}",
        f.message
    );
    assert!(f.message.contains("no Job after 2020-06-01T10:11:30Z"), "{}", f.message);

    // From 1.21 the v2 controller runs the latest missed time after any outage: passing 100
    // adds only an Event, so there is nothing to report.
    let new = lint(&text, &options("1.28", "2020-06-01T08:29:30Z")).unwrap();
    assert_eq!(finding(&new, "too-many-missed"), None);
    // An hourly or weekly CronJob would need an outage of 101 hours or weeks: not a realistic
    // condition, not a finding.
    for schedule in ["0 * * * *", "0 3 * * 1"] {
        let report = lint(&cronjob("slow", schedule, ""), &options("1.20", "2020-06-01T08:29:30Z")).unwrap();
        assert_eq!(finding(&report, "too-many-missed"), None, "{schedule}");
    }
}

#[test]
fn a_deadline_keeps_an_outage_from_tripping_the_limit() {
    let text = cronjob("every-minute", "* * * * *", "  startingDeadlineSeconds: 200\n");
    for v in ["1.20", "1.28"] {
        let report = lint(&text, &options(v, "2020-06-01T08:29:30Z")).unwrap();
        assert_eq!(finding(&report, "too-many-missed"), None, "{v}");
    }
}

#[test]
fn a_daily_schedule_edit_runs_retroactively_unless_a_deadline_forbids_it() {
    let text = cronjob("cron-test", "5 13 * * *", "");
    let report = lint(&text, &options("1.26", "2023-03-22T13:01:51Z")).unwrap();
    let f = finding(&report, "retroactive-edit").unwrap();
    // Ran 13:05; edited 12 h later to 19:05 daily, which had passed 6 h before. The v2 controller
    // acts at its next sync — the old schedule's 13:05 — and runs the 19:05 of the day before.
    assert_eq!(
        f.times,
        ["2023-03-22T13:05:00Z", "2023-03-23T01:05:00Z", "2023-03-22T19:05:00Z", "2023-03-23T13:05:00.100Z"]
    );
    assert!(
        f.message.contains(
            "editing the schedule to \"5 19 * * *\" at 2023-03-23T01:05:00Z created \
            cron-test-27991865 at 2023-03-23T13:05:00.100Z for 2023-03-22T19:05:00Z"
        ),
        "{}",
        f.message
    );
    // The v1 controller's poll sees it within 10 s of the edit.
    let old = lint(&text.replace("batch/v1", "batch/v1beta1"), &options("1.20", "2023-03-22T13:01:51Z")).unwrap();
    let f = finding(&old, "retroactive-edit").unwrap();
    assert_eq!(f.times[2], "2023-03-22T19:05:00Z");
    assert!(
        f.times[3].as_str() > "2023-03-23T01:05:00Z" && f.times[3].as_str() <= "2023-03-23T01:05:10Z",
        "{:?}",
        f.times
    );
    assert!(f.playground.contains("kind: Simulation"));
    // The playground text reproduces it.
    let trace = crate::sim::simulate(&f.playground, None).unwrap();
    assert!(trace
        .slots
        .iter()
        .any(|s| s.fate == SlotFate::RanLate && s.scheduled_time == "2023-03-22T19:05:00Z".parse::<Time>().unwrap()));

    let guarded = cronjob("cron-test", "5 13 * * *", "  startingDeadlineSeconds: 300\n");
    assert_eq!(finding(&lint(&guarded, &options("1.26", "2023-03-22T13:01:51Z")).unwrap(), "retroactive-edit"), None);
}

#[test]
fn forbid_with_long_jobs_skips_start_times() {
    let text = cronjob("report", "*/10 * * * *", "  concurrencyPolicy: Forbid\n");
    let deadline = |seconds: u32| {
        text.replace(
            "    spec:\n      template:",
            &format!("    spec:\n      activeDeadlineSeconds: {seconds}\n      template:"),
        )
    };
    let at = options("1.28", "2025-01-15T10:01:00Z");
    // Jobs allowed to run 15 minutes against a 10-minute interval: the ones that use it skip.
    let report = lint(&deadline(900), &at).unwrap();
    let f = finding(&report, "forbid-starves").unwrap();
    assert!(
        f.message.starts_with(
            "concurrencyPolicy Forbid skips runs while a Job is still active: with Jobs of 15m \
            (activeDeadlineSeconds 900 lets a Job run that long) against a 10m interval, "
        ),
        "{}",
        f.message
    );
    assert_eq!(f.times[0], "2025-01-15T10:30:00Z");
    // A deadline shorter than the interval rules it out.
    assert_eq!(finding(&lint(&deadline(300), &at).unwrap(), "forbid-starves"), None);
    assert_eq!(finding(&lint(&deadline(300), &at).unwrap(), "forbid-no-deadline"), None);
    // No deadline: one hung Job stops every later run.
    let report = lint(&text, &at).unwrap();
    assert_eq!(finding(&report, "forbid-starves"), None);
    let f = finding(&report, "forbid-no-deadline").unwrap();
    assert!(
        f.message.starts_with(
            "concurrencyPolicy Forbid and no activeDeadlineSeconds: if one Job hangs, nothing ends it and every later \
            start time is skipped. In the probe report-28948930 (for 2025-01-15T10:10:00Z) never finishes, and 9 of 10 \
            start times until 2025-01-15T11:50:00Z were skipped: concurrencyPolicy is Forbid"
        ),
        "{}",
        f.message
    );
    assert_eq!(f.times[0], "2025-01-15T10:20:00Z");
}

#[test]
fn every_minute_of_hour_nine() {
    let report = lint(&cronjob("morning", "* 9 * * *", ""), &options("1.28", "2025-01-15T10:01:00Z")).unwrap();
    let f = finding(&report, "every-minute-of-hour").unwrap();
    assert_eq!(f.times, ["2025-01-16T09:00:00Z"]);
    assert!(
        f.message.starts_with(
            "\"* 9 * * *\" runs every minute of hour 9, not once: the probe created 60 Jobs in \
            the hour from 2025-01-16T09:00:00Z. For once at the top of the hour, write \"0 9 * * *\"."
        ),
        "{}",
        f.message
    );
    for fine in ["0 9 * * *", "* * * * *", "*/5 9 * * *", "* 9-17 * * *"] {
        let report = lint(&cronjob("fine", fine, ""), &options("1.28", "2025-01-15T10:01:00Z")).unwrap();
        assert_eq!(finding(&report, "every-minute-of-hour"), None, "{fine}");
    }
}

#[test]
fn day_of_month_and_weekday_together_run_on_either() {
    // "On Friday the 13th" runs every Friday and every 13th.
    let report = lint(&cronjob("friday13", "0 0 13 * 5", ""), &options("1.28", "2025-01-01T00:00:00Z")).unwrap();
    let f = finding(&report, "day-or-weekday").unwrap();
    assert!(
        f.message.starts_with(
            "Day-of-month 13 and day-of-week 5 are both restricted, so cron runs on days \
            matching either (OR, not AND): in eight weeks the probe ran 10 Jobs, only 0 of them on days matching both; \
            e.g. 2025-01-03T00:00:00Z (Friday)."
        ),
        "{}",
        f.message
    );
    let report = lint(&cronjob("monthly", "0 0 13 * *", ""), &options("1.28", "2025-01-01T00:00:00Z")).unwrap();
    assert_eq!(finding(&report, "day-or-weekday"), None);
}

#[test]
fn a_failed_history_limit_of_zero_hides_failures() {
    let text = cronjob("nightly", "0 2 * * *", "  failedJobsHistoryLimit: 0\n");
    let report = lint(&text, &options("1.28", "2025-01-15T00:00:00Z")).unwrap();
    let f = finding(&report, "failed-history-zero").unwrap();
    assert!(
        f.message.starts_with("failedJobsHistoryLimit 0 deletes a failed Job as soon as the controller sees it finish"),
        "{}",
        f.message
    );
    assert!(
        f.message.contains(
            "in the probe nightly-28948440 failed at 2025-01-15T02:06:11.100Z and was gone at 2025-01-15T02:06:11.100Z"
        ),
        "{}",
        f.message
    );
    let kept = lint(&cronjob("nightly", "0 2 * * *", ""), &options("1.28", "2025-01-15T00:00:00Z")).unwrap();
    assert_eq!(finding(&kept, "failed-history-zero"), None);
}

#[test]
fn on_failure_loses_every_attempts_logs_with_the_pod() {
    let report = lint(&cronjob("nightly", "0 2 * * *", ""), &options("1.28", "2025-01-15T00:00:00Z")).unwrap();
    let f = finding(&report, "on-failure-logs-lost").unwrap();
    assert_eq!(f.severity, Severity::Info);
    assert!(f.message.contains("(BackoffLimitExceeded, backoffLimit 6)"), "{}", f.message);
    assert!(f.message.contains("the logs of all 7 attempts go with it"), "{}", f.message);
    let never = cronjob("nightly", "0 2 * * *", "").replace("restartPolicy: OnFailure", "restartPolicy: Never");
    assert_eq!(finding(&lint(&never, &options("1.28", "2025-01-15T00:00:00Z")).unwrap(), "on-failure-logs-lost"), None);
}

#[test]
fn many_cronjobs_at_midnight_are_noted() {
    let names = ["backup", "report", "cleanup", "rotate", "export", "vacuum"];
    let text: Vec<String> = names.iter().map(|n| cronjob(n, "0 0 * * *", "")).collect();
    let report = lint(&text.join("---\n"), &options("1.28", "2025-01-15T10:00:00Z")).unwrap();
    for c in &report.cron_jobs {
        let f = c.findings.iter().find(|f| f.rule == "same-minute").unwrap_or_else(|| panic!("{}", c.name));
        assert!(f.message.starts_with("6 CronJobs start together at 2025-01-16T00:00:00Z"), "{}", f.message);
    }
    let few = lint(&text[..4].join("---\n"), &options("1.28", "2025-01-15T10:00:00Z")).unwrap();
    assert!(few.cron_jobs.iter().all(|c| c.findings.iter().all(|f| f.rule != "same-minute")));
}

#[test]
fn a_deadline_under_the_v1_poll_misses_runs() {
    let text = cronjob("tight", "*/5 * * * *", "  startingDeadlineSeconds: 5\n");
    let old = lint(&text, &options("1.20", "2025-01-15T10:01:03Z")).unwrap();
    let f = finding(&old, "deadline-shorter-than-latency").unwrap();
    assert_eq!(f.severity, Severity::Error);
    assert!(
        f.message.starts_with(
            "startingDeadlineSeconds 5 is shorter than the controller's reaction (the v1 \
            controller polls every 10 s): "
        ),
        "{}",
        f.message
    );
    // v2 reacts in 100 ms: nothing lost, but the margin is worth a note.
    let new = lint(&text, &options("1.28", "2025-01-15T10:01:03Z")).unwrap();
    let f = finding(&new, "deadline-shorter-than-latency").unwrap();
    assert_eq!(f.severity, Severity::Info);
    assert!(f.message.contains("at most 100ms late"), "{}", f.message);
}

#[test]
fn dst_repeats_and_skips_a_daily_run_in_berlin_but_not_an_hourly_one() {
    let text = cronjob("nightly", "30 2 * * *", "  timeZone: Europe/Berlin\n");
    let report = lint(&text, &options("1.28", "2024-01-10T00:00:00Z")).unwrap();
    let skipped = finding(&report, "dst-skipped-run").unwrap();
    // 2024-03-31 02:30 does not exist in Berlin: 03-30 02:30 CET, then 04-01 02:30 CEST.
    assert_eq!(skipped.times, ["2024-03-30T01:30:00Z", "2024-04-01T00:30:00Z"]);
    let double = finding(&report, "dst-double-run").unwrap();
    // 2024-10-27 02:30 happens twice: CEST (00:30Z) and CET (01:30Z), and both run.
    assert_eq!(double.times, ["2024-10-27T00:30:00Z", "2024-10-27T01:30:00Z"]);
    assert!(
        double.message.contains(
            "2024-10-27T00:30:00Z (2024-10-27 02:30 +02:00) and 2024-10-27T01:30:00Z \
            (2024-10-27 02:30 +01:00) are one hour apart"
        ),
        "{}",
        double.message
    );
    assert!(
        double
            .message
            .contains("nightly-28833150 at 2024-10-27T00:30:00.100Z, nightly-28833210 at 2024-10-27T01:30:00.100Z"),
        "{}",
        double.message
    );

    // 04:30 exists once on both change days: the day that falls back is 25 hours long, and the
    // gap across it skips nothing.
    let late = cronjob("late", "30 4 * * *", "  timeZone: Europe/Berlin\n");
    let report = lint(&late, &options("1.28", "2024-01-10T00:00:00Z")).unwrap();
    assert!(
        report.cron_jobs[0].findings.iter().all(|f| !f.rule.starts_with("dst")),
        "{:?}",
        report.cron_jobs[0].findings
    );

    let hourly = cronjob("hourly", "0 * * * *", "  timeZone: Europe/Berlin\n");
    let report = lint(&hourly, &options("1.28", "2024-01-10T00:00:00Z")).unwrap();
    assert!(
        report.cron_jobs[0].findings.iter().all(|f| !f.rule.starts_with("dst")),
        "{:?}",
        report.cron_jobs[0].findings
    );
}

#[test]
fn a_kubectl_list_is_linted_per_cronjob() {
    let text = include_str!("../../../tests/data/kubectl-get-list.yaml");
    let report = lint(text, &options("1.28", "2024-05-01T10:00:00Z")).unwrap();
    assert_eq!(report.errors, Vec::<String>::new());
    assert_eq!(
        report.cron_jobs.iter().map(|c| (c.namespace.as_str(), c.name.as_str())).collect::<Vec<_>>(),
        [("default", "hello")]
    );
    // Minutely, OnFailure, on 1.28: the pod that holds every attempt's logs is deleted when
    // the Job fails; an outage passing 100 start times changes nothing from 1.21.
    let rules: Vec<&str> = report.cron_jobs[0].findings.iter().map(|f| f.rule).collect();
    assert_eq!(rules, ["on-failure-logs-lost"]);
}

#[test]
fn more_cronjobs_than_the_cap_are_refused_before_any_probe() {
    let list =
        |n: usize| (0..n).map(|i| cronjob(&format!("cj-{i}"), "0 3 * * *", "")).collect::<Vec<_>>().join("---\n");
    let at = options("1.28", "2025-01-15T10:30:00Z");
    let err = Linting::new(&list(MAX_CRON_JOBS + 1), at.clone()).err().expect("refused");
    assert_eq!(err, TooManyCronJobs { count: 201, cap: 200 });
    assert_eq!(err.to_string(), "201 CronJobs: a lint probes at most 200 at once; split the list (by namespace, say)");
    assert_eq!(lint(&list(MAX_CRON_JOBS + 1), &at), Err(err));
    // At the cap it is read, and nothing is probed until asked.
    let linting = Linting::new(&list(MAX_CRON_JOBS), at).unwrap();
    assert_eq!((linting.done(), linting.total()), (0, 200));
    assert!(linting.report().cron_jobs.is_empty());
}

#[test]
fn a_report_and_its_options_cross_to_the_page_and_back() {
    let text = cronjob("nightly", "30 2 * * *", "  timeZone: Europe/Berlin\n");
    let mut at = options("1.28", "2024-01-10T00:00:00Z");
    at.controller_time_zone = "Asia/Tokyo".parse().unwrap();
    let report = lint(&text, &at).unwrap();
    assert_eq!(report.cron_jobs[0].findings.len(), 4);
    let back: LintReport = serde_json::from_str(&serde_json::to_string(&report).unwrap()).unwrap();
    assert_eq!(back, report);
    let json = serde_json::to_string(&at).unwrap();
    assert!(json.contains("\"controller_time_zone\":\"Asia/Tokyo\""), "{json}");
    assert_eq!(serde_json::from_str::<LintOptions>(&json).unwrap(), at);
    assert!(serde_json::from_str::<Finding>(
        r#"{"rule":"no-such-rule","severity":"info","message":"","times":[],"playground":""}"#
    )
    .is_err());
}

#[test]
fn a_whole_cluster_dump_gives_its_real_mistakes_and_nothing_imagined() {
    // `kubectl get cronjobs,jobs -A -o yaml` of fifteen CronJobs with their status and three Jobs.
    let text = include_str!("../../../tests/data/manifests/cluster-dump.yaml");
    let report = lint(text, &options("1.31", "2025-05-12T10:00:00Z")).unwrap();
    assert_eq!(report.errors, Vec::<String>::new());
    let found: Vec<(String, &str, Severity)> = report
        .cron_jobs
        .iter()
        .flat_map(|c| c.findings.iter().map(move |f| (format!("{}/{}", c.namespace, c.name), f.rule, f.severity)))
        .filter(|(_, rule, _)| *rule != "retroactive-edit")
        .collect();
    let w = Severity::Warning;
    assert_eq!(
        found,
        [
            ("ops/cert-check".to_string(), "every-minute-of-hour", w),
            ("ops/disk-report".to_string(), "day-or-weekday", w),
            ("etl/hourly-load".to_string(), "forbid-no-deadline", w),
            ("ml/retrain".to_string(), "on-failure-logs-lost", Severity::Info),
            ("default/cleanup-tmp".to_string(), "failed-history-zero", w),
        ]
    );
    // A schedule edit's retroactive run is certain for every CronJob without
    // startingDeadlineSeconds whose runs leave room for an edit: said once, by the first of them,
    // naming the other eleven; the one with a deadline, the suspended one and the minutely
    // cert-check are not named. Seventeen findings would be six.
    let retroactive: Vec<(&str, &Finding)> = report
        .cron_jobs
        .iter()
        .flat_map(|c| c.findings.iter().filter(|f| f.rule == "retroactive-edit").map(move |f| (c.name.as_str(), f)))
        .collect();
    assert_eq!(retroactive.len(), 1);
    let (name, f) = retroactive[0];
    assert_eq!(name, "etcd-backup");
    let group = [
        "monitoring/rules-sync",
        "default/log-rotate",
        "default/db-vacuum",
        "billing/invoice-run",
        "billing/usage-export",
        "reports/weekly-digest",
        "ops/disk-report",
        "etl/hourly-load",
        "ml/retrain",
        "default/cleanup-tmp",
        "web/sitemap",
    ];
    let FindingText::RetroactiveEdit { others, .. } = &f.text else { panic!("{:?}", f.text) };
    assert_eq!(others, &group);
    assert!(
        f.message.ends_with(&format!(
            "The same holds for the 11 other CronJobs without startingDeadlineSeconds: {}.",
            group.join(", ")
        )),
        "{}",
        f.message
    );
    assert_eq!(report.cron_jobs.iter().map(|c| c.findings.len()).sum::<usize>(), 6);
    // The group's claim holds CronJob by CronJob: probed alone, each of the twelve runs a past
    // time after the probe's edit, and none of the other three does.
    let options = options("1.31", "2025-05-12T10:00:00Z");
    let admitted = admit(text, None, options.version);
    let alone: Vec<String> = admitted
        .objects
        .iter()
        .filter_map(|o| match &o.object {
            Some(Admitted::CronJob(cj)) => Some(cj),
            _ => None,
        })
        .filter(|cj| lint_cron_job(cj, &options, Some(vec![])).findings.iter().any(|f| f.rule == "retroactive-edit"))
        .map(qualified_name)
        .collect();
    assert_eq!(alone[0], "kube-system/etcd-backup");
    assert_eq!(alone[1..], group);
    let by_name = |name: &str| report.cron_jobs.iter().find(|c| c.name == name).unwrap();
    assert_eq!(
        by_name("cert-check").findings[0].message,
        "\"* 9 * * *\" runs every minute of hour 9, not once: the \
        probe created 60 Jobs in the hour from 2025-05-13T09:00:00Z. For once at the top of the hour, write \"0 9 * * \
        *\"."
    );
    assert!(by_name("disk-report").findings[0]
        .message
        .contains("in eight weeks the probe ran 10 Jobs, only 0 of them on days matching both"));
    // Four CronJobs at midnight are under the same-minute threshold; Berlin's 04:30 is never skipped.
    assert!(by_name("sitemap").findings.iter().all(|f| !f.rule.starts_with("dst")));
    assert!(["reindex", "newsletter", "weekly-digest"].iter().all(|n| by_name(n).findings.is_empty()));
}
