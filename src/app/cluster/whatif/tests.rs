//! Five daily CronJobs at midnight in three namespaces, checked by hand over one day from
//! 2026-11-23T00:00:00Z: their five Jobs pile up in the first minute.

use super::*;
use crate::app::cluster::run;

fn dump() -> String {
    let mut text = String::from("apiVersion: v1\nkind: List\nitems:\n");
    for (ns, name, deadline) in [
        ("web", "backup", ""),
        ("web", "report", ""),
        ("billing", "backup", ""),
        ("billing", "invoice", "    startingDeadlineSeconds: 300\n"),
        ("search", "reindex", "    startingDeadlineSeconds: 300\n"),
    ] {
        text += &format!(
            "- apiVersion: batch/v1\n  kind: CronJob\n  metadata: {{name: {name}, namespace: {ns}, \
            creationTimestamp: '2026-11-22T23:59:00Z'}}\n  spec:\n    schedule: '0 0 * * *'\n{deadline}    \
            jobTemplate:\n      spec:\n        template:\n          spec:\n            restartPolicy: OnFailure\n            \
            containers: [{{name: c, image: busybox, command: [sleep, '10']}}]\n"
        );
    }
    text + "---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec: {start: '2026-11-23T00:00:00Z', \
        duration: 1d}\n"
}

fn what_if(text: &str, what: &WhatIf) -> (Cluster, ClusterComparison) {
    let baseline = run(text).unwrap();
    let variant = run(&variant_text(text, &baseline, what).unwrap()).unwrap();
    let compared = compare(&baseline, &variant, Tz::UTC);
    (variant, compared)
}

fn differences(c: &ClusterComparison) -> Vec<(String, Vec<String>)> {
    c.cron_jobs.iter().map(|c| (c.cron_job.clone(), c.differences.iter().map(|d| d.text.clone()).collect())).collect()
}

#[test]
fn the_stagger_suggestions_take_the_midnight_peak_away() {
    let text = dump();
    let (variant, c) = what_if(&text, &WhatIf::Stagger);
    assert_eq!((variant.start, variant.end), (run(&text).unwrap().start, run(&text).unwrap().end));
    assert_eq!(c.baseline.starts[0], 5);
    assert_eq!(
        c.baseline_peaks.iter().map(|p| p.text.as_str()).collect::<Vec<_>>(),
        ["00:00 Mon 23 Nov: 5 Jobs start within 1 minute"]
    );
    assert!(c.variant_peaks.is_empty(), "{:?}", c.variant_peaks);
    assert_eq!(c.most_starts(), (5, 1));
    assert!(c.flat());
    assert_eq!(&c.variant.starts[..6], [1, 1, 1, 1, 1, 0]);
    // Four CronJobs move 1 to 4 minutes later (web/report keeps midnight): each one's midnight
    // slot and Job are in the baseline only, its new minute's in the variant only.
    let c = differences(&c);
    assert_eq!(
        c.iter().map(|(k, d)| (k.as_str(), d.len())).collect::<Vec<_>>(),
        [("web/backup", 4), ("billing/backup", 4), ("billing/invoice", 4), ("search/reindex", 4)]
    );
    assert_eq!(
        c[0].1,
        [
            "backup slot 2026-11-23T00:00:00Z only in A: ran-on-time (backup-29923200)",
            "Job backup-29923200 only in A, created 2026-11-23T00:00:00Z",
            "backup slot 2026-11-23T00:04:00Z only in B: ran-on-time (backup-29923204)",
            "Job backup-29923204 only in B, created 2026-11-23T00:04:00.100Z"
        ]
    );
    assert_eq!(c[1].1[2], "backup slot 2026-11-23T00:01:00Z only in B: ran-on-time (backup-29923201)");
}

#[test]
fn a_midnight_outage_makes_the_slots_late_or_missed() {
    // The controllers are down 00:00 → 00:10. Back, each CronJob's midnight slot is missed: the
    // three without a deadline start it late at 00:10; the two that refuse to start more than 300 s
    // late never do (their slot lost to the outage).
    let (_, c) = what_if(&dump(), &WhatIf::Outage { from: 0, minutes: 10 });
    assert_eq!((c.baseline.starts[0], c.variant.starts[0], c.variant.starts[10]), (5, 0, 3));
    let c = differences(&c);
    assert_eq!(
        c[0],
        (
            "web/backup".to_string(),
            vec![
                "backup slot 2026-11-23T00:00:00Z: A ran-on-time (backup-29923200), B ran-late (backup-29923200)"
                    .to_string(),
                "Job backup-29923200: created 2026-11-23T00:00:00Z in A, 2026-11-23T00:10:00Z in B (+600s); finished \
                2026-11-23T00:00:11Z in A, 2026-11-23T00:10:11Z in B (+600s)"
                    .to_string()
            ]
        )
    );
    let firsts = c.iter().map(|(k, d)| (k.as_str(), d[0].rsplit(", B ").next().unwrap())).collect::<Vec<_>>();
    assert_eq!(
        firsts,
        [
            ("web/backup", "ran-late (backup-29923200)"),
            ("web/report", "ran-late (report-29923200)"),
            ("billing/backup", "ran-late (backup-29923200)"),
            ("billing/invoice", "controller-down"),
            ("search/reindex", "controller-down")
        ]
    );
    assert_eq!(c[3].1[1], "Job invoice-29923200 only in A, created 2026-11-23T00:00:00Z");
}

#[test]
fn another_release_runs_the_cluster_as_its_controller_does() {
    // 1.20's CronJob controller (v1) names Jobs by Unix seconds and its Job controller writes
    // no reason on the Complete condition; the same five Jobs run at midnight.
    let (variant, c) = what_if(&dump(), &WhatIf::Release("1.20".parse().unwrap()));
    assert_eq!(variant.parts[0].trace.kubernetes_version.to_string(), "1.20");
    assert_eq!((c.most_starts(), c.cron_jobs.len()), ((5, 5), 5));
    assert_eq!(
        differences(&c)[0].1,
        [
            "Job backup-29923200 (B: backup-1795392000): finished 2026-11-23T00:00:11Z in A, 2026-11-23T00:00:10Z in B \
            (-1s)",
            "Job backup-29923200 (B: backup-1795392000): A Complete (CompletionsReached), B Complete"
        ]
    );
}

#[test]
fn an_outage_starts_at_its_time_of_day_within_the_window() {
    let t = |s: &str| chrono::DateTime::parse_from_rfc3339(s).unwrap().to_utc();
    let (start, end) = (t("2026-11-23T13:00:30Z"), t("2026-11-24T13:00:30Z"));
    assert_eq!(first_at(start, end, 14 * 60), Some(t("2026-11-23T14:00:00Z")));
    assert_eq!(first_at(start, end, 2 * 60), Some(t("2026-11-24T02:00:00Z")));
    // 13:00 has begun before the window's start: the next day's, 30 s before its end.
    assert_eq!(first_at(start, end, 13 * 60), Some(t("2026-11-24T13:00:00Z")));
    assert_eq!(first_at(start, t("2026-11-23T13:30:00Z"), 13 * 60), None);
    let baseline = run(&dump()).unwrap();
    let none = variant_text(&dump(), &baseline, &WhatIf::Outage { from: 60, minutes: 0 });
    assert_eq!(none.unwrap_err().to_string(), "the outage starts at no minute of the window, or lasts none");
}

#[test]
fn the_page_s_view_draws_both_strips_on_one_scale_and_lists_the_suggestions() {
    let baseline = run(&dump()).unwrap();
    let page = crate::app::cluster::view::ClusterView::from(&baseline);
    assert_eq!(
        page.stagger.lines().take(3).collect::<Vec<_>>(),
        ["# billing/backup: 1 min later", "- schedule: \"0 0 * * *\"", "+ schedule: \"1 0 * * *\""]
    );
    assert_eq!(page.stagger.lines().filter(|l| l.starts_with('+')).count(), 4);
    let (_, c) = what_if(&dump(), &WhatIf::Stagger);
    let v = view::WhatIfView::from(&c);
    // One day in half hours; the baseline's first bar is 5 (40 high), the variant's 1 (8 high).
    assert_eq!(v.bars_width, 48);
    assert_eq!((v.baseline_path.as_str(), v.variant_path.as_str()), ("M0 40V0.0", "M0 40V32.0"));
    assert_eq!(v.baseline_peaks, ["00:00 Mon 23 Nov: 5 Jobs start within 1 minute"]);
    assert!(v.variant_peaks.is_empty());
    assert_eq!(
        v.cron_jobs.iter().map(|c| (c.cron_job.as_str(), c.differences.len(), c.more)).collect::<Vec<_>>(),
        [("web/backup", 4, 0), ("billing/backup", 4, 0), ("billing/invoice", 4, 0), ("search/reindex", 4, 0)]
    );
}
