//! A small cluster checked by hand: five daily CronJobs at midnight in three namespaces (two of
//! them named `backup`), a half-hourly sync, a 20-minute reindex at 00:50, over two days.

use super::query::Window;
use super::stagger::apply;
use super::*;
use crate::sim::trace::format_time;

fn cron_job(namespace: &str, name: &str, schedule: &str, extra: &str) -> String {
    format!(
        "- apiVersion: batch/v1\n  kind: CronJob\n  metadata: {{name: {name}, namespace: {namespace}, \
        creationTimestamp: '2026-11-22T23:59:00Z'}}\n  spec:\n    schedule: '{schedule}'\n{extra}    \
        jobTemplate:\n      spec:\n        template:\n          spec:\n            restartPolicy: \
        OnFailure\n            containers: [{{name: c, image: busybox, command: [sleep, '{}']}}]\n",
        if name == "reindex" { 1200 } else { 10 }
    )
}

fn dump() -> String {
    let mut text = String::from("apiVersion: v1\nkind: List\nitems:\n");
    for (ns, name, schedule) in [
        ("web", "backup", "0 0 * * *"),
        ("billing", "backup", "0 0 * * *"),
        ("search", "backup", "@daily"),
        ("web", "report", "0 0 * * *"),
        ("billing", "invoice", "0 0 * * *"),
        ("web", "sync", "*/30 * * * *"),
        ("search", "reindex", "50 0 * * *"),
    ] {
        text += &cron_job(ns, name, schedule, "");
    }
    text + "---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec: {start: '2026-11-23T00:00:00Z', \
        duration: 2d}\n"
}

#[test]
fn every_namespace_runs_and_each_cron_job_has_its_row() {
    let run = run(&dump()).unwrap();
    assert_eq!(run.parts.iter().map(|p| p.namespace.as_str()).collect::<Vec<_>>(), ["web", "billing", "search"]);
    let rows: Vec<(String, u32)> = run.sorted(Sort::Manifest).iter().map(|r| (r.key(), r.runs)).collect();
    assert_eq!(
        rows,
        [
            ("web/backup".into(), 2),
            ("web/report".into(), 2),
            ("web/sync".into(), 96),
            ("billing/backup".into(), 2),
            ("billing/invoice".into(), 2),
            ("search/backup".into(), 2),
            ("search/reindex".into(), 2)
        ]
    );
    let next: Vec<String> = run.sorted(Sort::Next).iter().take(2).map(|r| r.key()).collect();
    assert_eq!(next, ["billing/backup", "billing/invoice"]);
}

#[test]
fn midnight_piles_up_six_jobs_on_both_days() {
    let run = run(&dump()).unwrap();
    assert_eq!((run.density.starts[0], run.density.starts[30], run.density.starts[50]), (6, 1, 1));
    // The reindex runs 00:50:00.1 → 00:50:01.1 (pod start) + 1200 s: minutes 50 to 70.
    assert_eq!(
        (run.density.running[49], run.density.running[50], run.density.running[70], run.density.running[71]),
        (0, 1, 1, 0)
    );
    let peaks = run.peaks(crate::go::Tz::UTC);
    assert_eq!(peaks.len(), 1);
    assert_eq!(peaks[0].text, "00:00 on 2 days, Mon 23 Nov – Tue 24 Nov: 6 Jobs start within 1 minute");
    assert_eq!(
        peaks[0].cron_jobs,
        ["billing/backup", "billing/invoice", "search/backup", "web/backup", "web/report", "web/sync"]
    );
    // Read in Tokyo (UTC+9) the same minutes are at 09:00.
    assert_eq!(run.peaks("Asia/Tokyo".parse().unwrap())[0].time_of_day, "09:00");
}

#[test]
fn a_berlin_window_finds_what_starts_in_it_and_what_still_runs() {
    let run = run(&dump()).unwrap();
    let berlin = "Europe/Berlin".parse().unwrap();
    // 01:50–02:10 in Berlin is 00:50–01:10 UTC in November: the reindex starts, then the 01:00 sync.
    let hits = run.query(&Window::parse("01:50-02:10", berlin).unwrap());
    let first_day: Vec<(&str, String, bool)> = hits
        .iter()
        .filter(|h| h.span.starts_with("2026-11-23"))
        .map(|h| (h.cron_job.as_str(), format_time(&h.started), h.still_running))
        .collect();
    assert_eq!(
        first_day,
        [
            ("search/reindex", "2026-11-23T00:50:00.100Z".into(), false),
            ("web/sync", "2026-11-23T01:00:00.100Z".into(), false)
        ]
    );
    // From 02:00 Berlin the reindex is still running, and only the 01:00 sync starts.
    let hits = run.query(&Window::parse("02:00-02:10", berlin).unwrap());
    let first_day: Vec<(&str, bool)> = hits
        .iter()
        .filter(|h| h.span.starts_with("2026-11-23"))
        .map(|h| (h.cron_job.as_str(), h.still_running))
        .collect();
    assert_eq!(first_day, [("search/reindex", true), ("web/sync", false)]);
    // The window of the day before the horizon ends before it starts; the last day's is inside.
    assert_eq!(Window::parse("02:00-02:10", berlin).unwrap().spans(run.start, run.end).len(), 2);
}

#[test]
fn staggering_moves_the_pile_up_apart_and_the_rerun_shows_no_peak() {
    let text = dump();
    let before = run(&text).unwrap();
    let suggestions = before.stagger();
    let moved: Vec<(String, String, u32)> = suggestions
        .iter()
        .map(|s| (format!("{}/{}", s.namespace, s.name), s.to.clone(), s.tolerance_minutes))
        .collect();
    assert_eq!(
        moved,
        [
            ("web/sync".into(), "1-59/30 * * * *".into(), 7),
            ("billing/backup".into(), "2 0 * * *".into(), 30),
            ("billing/invoice".into(), "3 0 * * *".into(), 30),
            ("search/backup".into(), "4 0 * * *".into(), 30),
            ("web/backup".into(), "5 0 * * *".into(), 30),
        ]
    );
    assert_eq!(
        suggestions[0].diff(),
        "# web/sync: 1 min later\n- schedule: \"*/30 * * * *\"\n+ schedule: \"1-59/30 * * * *\"\n"
    );
    let after = run(&apply(&text, &suggestions, (before.start, before.end)).unwrap()).unwrap();
    assert_eq!((after.start, after.end), (before.start, before.end));
    assert!(after.peaks(crate::go::Tz::UTC).is_empty());
    assert_eq!(after.density.starts.iter().max(), Some(&1));
    assert!(after.stagger().is_empty());
}

#[test]
fn a_deadline_bounds_how_far_a_cron_job_moves() {
    let mut text = String::from("apiVersion: v1\nkind: List\nitems:\n");
    for i in 0..6 {
        text += &cron_job("ops", &format!("task-{i}"), "0 3 * * *", "    startingDeadlineSeconds: 120\n");
    }
    text +=
        "---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec: {start: '2026-11-23T00:00:00Z', \
        duration: 7d}\n";
    let suggestions = run(&text).unwrap().stagger();
    assert_eq!(
        suggestions.iter().map(|s| (s.to.as_str(), s.tolerance_minutes)).collect::<Vec<_>>(),
        [("1 3 * * *", 2), ("2 3 * * *", 2), ("1 3 * * *", 2), ("2 3 * * *", 2),]
    );
}

#[test]
fn too_many_cron_jobs_are_refused_before_anything_runs() {
    let mut text = String::from("apiVersion: v1\nkind: List\nitems:\n");
    for i in 0..=MAX_CRON_JOBS {
        text += &cron_job(&format!("ns-{}", i % 9), &format!("job-{i}"), "0 * * * *", "");
    }
    let error = run(&text).unwrap_err();
    assert_eq!(error, ClusterError::TooMany { cron_jobs: 501 });
    assert_eq!(
        error.to_string(),
        "501 CronJobs: a cluster run simulates at most 500 together; pick namespaces (`--namespace`) or split the dump"
    );
}

#[test]
fn the_pods_requests_add_up_per_minute_and_the_search_reads_labels() {
    // Two CronJobs at midnight whose pods ask for 250m + 64Mi and 1 CPU + 1Gi; their 10-second
    // pods run in minute 0 only. A third asks nothing.
    let with = |ns: &str, name: &str, labels: &str, requests: &str| {
        format!(
            "- apiVersion: batch/v1\n  kind: CronJob\n  metadata: {{name: {name}, namespace: {ns}, labels: \
            {{{labels}}}, creationTimestamp: '2026-11-22T23:59:00Z'}}\n  spec:\n    schedule: '0 0 * * *'\n    \
            jobTemplate:\n      spec:\n        template:\n          spec:\n            restartPolicy: \
            OnFailure\n            containers:\n            - name: c\n              image: busybox\n              \
            command: [sleep, '10']\n              resources: {{requests: {{{requests}}}}}\n"
        )
    };
    let text = format!(
        "apiVersion: v1\nkind: List\nitems:\n{}{}{}---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\n\
        spec: {{start: '2026-11-23T00:00:00Z', duration: 1h}}\n",
        with("web", "backup", "team: web", "cpu: 250m, memory: 64Mi"),
        with("billing", "backup", "team: billing, tier: gold", "cpu: 1, memory: 1Gi"),
        cron_job("web", "plain", "0 0 * * *", ""),
    );
    let run = run(&text).unwrap();
    let r = run.density.requests.as_ref().expect("two templates request");
    assert_eq!((r.cpu_millis[0], r.memory_bytes[0]), (1250, 64 * 1024 * 1024 + 1024 * 1024 * 1024));
    assert_eq!((r.cpu_millis[1], r.memory_bytes[1]), (0, 0));
    let keys = |g: &str| run.rows.iter().filter(|r| r.matches(g)).map(ClusterRow::key).collect::<Vec<_>>();
    assert_eq!(keys("tier=gold"), ["billing/backup"]);
    assert_eq!(keys("team"), ["web/backup", "billing/backup"]);
    // The dump of the first test requests nothing: no series.
    assert_eq!(super::run(&dump()).unwrap().density.requests, None);
}

#[test]
fn the_page_s_view_has_the_rows_half_hour_bars_and_peak_sentences() {
    let run = run(&dump()).unwrap();
    let view = view::ClusterView::from(&run);
    assert_eq!((view.start.as_str(), view.end.as_str()), ("2026-11-23T00:00:00Z", "2026-11-25T00:00:00Z"));
    let sync = view.rows.iter().find(|r| (r.namespace.as_str(), r.name.as_str()) == ("web", "sync")).unwrap();
    assert_eq!(sync.cells, ["sync", "*/30 * * * *", "Allow", "96", "0 / 0", "2026-11-23T00:00:00Z"]);
    assert_eq!(view.rows.len(), 7);
    // By runs: the sync (96) first, then the dailies (2 each) by namespace and name.
    let names = |order: &[u32]| order.iter().map(|&i| view.rows[i as usize].name.as_str()).collect::<Vec<_>>();
    assert_eq!(view.orders.len(), 3);
    assert_eq!(names(&view.orders[1]), ["sync", "backup", "invoice", "backup", "reindex", "backup", "report"]);
    // Two days in half hours; midnight's six starts (five backups and reports, the sync) fill the first bar.
    let bars = view::bars(&run.density);
    assert_eq!((bars.len(), view.bars_width), (96, 96));
    assert_eq!((bars[0], bars[1], bars[48]), (6, 1, 6));
    // The highest bar (6) is 40 high, a bar of 1 a sixth of it.
    assert!(view.bars_path.starts_with("M0 40V0.0M1 40V33.3M2 40V"), "{}", view.bars_path);
    assert_eq!(view.peaks, run.peaks(crate::go::Tz::UTC).into_iter().map(|p| p.text).collect::<Vec<_>>());
    assert_eq!(view.peaks.len(), 1);
    let too_many = view::ClusterRefused::from(ClusterError::TooMany { cron_jobs: 1000 });
    assert_eq!(too_many, view::ClusterRefused::TooMany { cron_jobs: 1000, max: MAX_CRON_JOBS });
}

#[test]
fn a_cluster_run_stepped_in_slices_is_the_run_in_one_go() {
    let input = crate::sim::Input::read(&dump());
    let mut clustering = Clustering::new(&input, &Scope::default()).unwrap();
    assert_eq!((clustering.done(), clustering.total()), (0, 3));
    let mut slices = 0;
    while !clustering.step(50).unwrap() {
        slices += 1;
    }
    assert!(slices > 2, "{slices} slices");
    assert_eq!(clustering.done(), 3);
    let sliced = clustering.finish().unwrap();
    let whole = run(&dump()).unwrap();
    assert_eq!((sliced.rows, sliced.density), (whole.rows, whole.density));
}

#[test]
fn an_opened_row_is_its_cron_job_cut_from_its_namespace_run() {
    let run = run(&dump()).unwrap();
    let simulation = crate::sim::Simulation::default();
    let opened = run.open("web", "sync", &simulation).unwrap();
    let trace = opened.trace.unwrap();
    // Every half hour of the two days from 2026-11-23T00:00Z, one Job each; web's backup and
    // report are left out.
    assert_eq!(trace.slots.len(), 96);
    assert_eq!(trace.jobs.len(), 96);
    assert_eq!(format_time(&trace.slots[1].scheduled_time), "2026-11-23T00:30:00Z");
    assert!(trace.jobs.iter().all(|j| j.cron_job.as_deref() == Some("sync")));
    assert_eq!(trace.cluster.cron_jobs.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["sync"]);
    assert_eq!(opened.schedules.len(), 1);
    assert_eq!(trace, run.parts[0].trace.of_cron_job("sync"));
    assert!(run.open("web", "invoice", &simulation).is_none(), "invoice runs in billing");
    assert!(run.open("staging", "sync", &simulation).is_none());
}

#[test]
fn the_page_s_filter_keeps_rows_by_text_and_policy_and_lists_a_window_s_jobs_in_its_zone() {
    use super::ask::{ClusterAnswer, ClusterAsk, HitView};
    use super::query::WindowFault;
    let run = run(&dump()).unwrap();
    let ask = |search: &str, only: Vec<Only>, window: &str| {
        run.ask(&ClusterAsk { search: search.into(), only, window: window.into(), zone: "Europe/Berlin".into() })
    };
    // Manifest order: web/backup, web/report, web/sync, billing/backup, billing/invoice, search/backup, search/reindex.
    assert_eq!(ask("backup", vec![], "").rows, [0, 3, 5]);
    assert_eq!(ask("", vec![Only::Allow], "").rows, [0, 1, 2, 3, 4, 5, 6]);
    assert_eq!(ask("", vec![Only::Forbid], "").rows, Vec::<u32>::new());
    assert_eq!(ask("web", vec![Only::Allow, Only::LostOrLate], "").rows, Vec::<u32>::new());
    // 02:00–02:10 Berlin (01:00–01:10 UTC) of "re" (report, reindex): the reindex of 00:50 UTC is
    // still running on both days, till 01:10:01 UTC; no report starts then, so its row goes.
    let reindex = |day: &str| HitView {
        cron_job: "search/reindex".into(),
        job: String::new(),
        started: format!("2026-11-{day} 01:50"),
        stopped: Some(format!("2026-11-{day} 02:10")),
        still_running: true,
    };
    let mut answer = ask("re", vec![], " 02:00-02:10 ");
    for hit in answer.window.iter_mut().flatten().flatten() {
        assert!(hit.job.starts_with("reindex-"), "{}", hit.job);
        hit.job.clear();
    }
    assert_eq!(answer, ClusterAnswer { rows: vec![6], window: Some(Ok(vec![reindex("23"), reindex("24")])), more: 0 });
    let refused = ask("", vec![], "2-3");
    assert_eq!(refused.rows, Vec::<u32>::new());
    let Some(Err(e)) = refused.window else { panic!("{refused:?}") };
    assert_eq!((e.text.as_str(), e.fault), ("2-3", WindowFault::Unreadable));
    // A zone the engine does not know reads the window in UTC: 00:00–00:05 finds the midnight Jobs.
    let utc = run.ask(&ClusterAsk { window: "00:00-00:05".into(), zone: "Mars/Base".into(), ..ClusterAsk::default() });
    assert_eq!(utc.rows, [0, 1, 2, 3, 4, 5]);
}
