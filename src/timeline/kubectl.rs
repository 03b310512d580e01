//! The world at an instant of the virtual clock, as `kubectl` would print it: `get cronjob,job,pod`
//! tables, `describe`-style Events aggregated the way the event recorder counts repeats, and the
//! controllers' log lines up to that instant. Ages use apimachinery's `duration.HumanDuration`
//! (`k8s.io/apimachinery/pkg/util/duration`), as kubectl does.

use super::item::ItemRef;
use super::pod_lanes::pod_segments;
use super::pod_lanes::SegmentKind;
use crate::sim::fast_hash::FastMap;
use crate::sim::trace::{
    ControllerName, EventType, FinishedCondition, JobRecord, ObjectKind, RecordedPodPhase, Time, Trace,
};
use chrono::{Datelike, TimeDelta, Timelike};

/// `duration.HumanDuration`: the age format of every `kubectl get` column.
///
/// ```
/// use chrono::TimeDelta;
/// use cronjob_playground::timeline::kubectl::human_duration;
/// assert_eq!(human_duration(TimeDelta::seconds(50)), "50s");
/// assert_eq!(human_duration(TimeDelta::seconds(634)), "10m");
/// assert_eq!(human_duration(TimeDelta::seconds(6 * 60 + 4)), "6m4s");
/// assert_eq!(human_duration(TimeDelta::hours(50)), "2d2h");
/// ```
pub fn human_duration(d: TimeDelta) -> String {
    let seconds = d.num_seconds();
    if seconds < -1 {
        return "<invalid>".into();
    } else if seconds < 0 {
        return "0s".into();
    } else if seconds < 60 * 2 {
        return format!("{seconds}s");
    }
    let minutes = d.num_minutes();
    if minutes < 10 {
        let s = seconds % 60;
        return if s == 0 { format!("{minutes}m") } else { format!("{minutes}m{s}s") };
    } else if minutes < 60 * 3 {
        return format!("{minutes}m");
    }
    let hours = d.num_hours();
    if hours < 8 {
        let m = minutes % 60;
        return if m == 0 { format!("{hours}h") } else { format!("{hours}h{m}m") };
    } else if hours < 48 {
        return format!("{hours}h");
    } else if hours < 24 * 8 {
        let h = hours % 24;
        return if h == 0 { format!("{}d", hours / 24) } else { format!("{}d{h}h", hours / 24) };
    } else if hours < 24 * 365 * 2 {
        return format!("{}d", hours / 24);
    } else if hours < 24 * 365 * 8 {
        let dy = (hours / 24) % 365;
        return if dy == 0 { format!("{}y", hours / 24 / 365) } else { format!("{}y{dy}d", hours / 24 / 365) };
    }
    format!("{}y", hours / 24 / 365)
}

/// A `kubectl get`-style table; each row may point at a timeline item.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub headers: Vec<&'static str>,
    pub rows: Vec<(Option<ItemRef>, Vec<String>)>,
}

impl Table {
    /// The table as kubectl prints it: columns padded to their widest cell plus three spaces.
    pub fn render(&self) -> String {
        let mut widths: Vec<usize> = self.headers.iter().map(|h| h.chars().count()).collect();
        for (_, row) in &self.rows {
            for (w, cell) in widths.iter_mut().zip(row) {
                *w = (*w).max(cell.chars().count());
            }
        }
        let line = |cells: Vec<&str>| {
            let mut out = String::new();
            for (i, (cell, w)) in cells.iter().zip(&widths).enumerate() {
                out.push_str(cell);
                if i + 1 < cells.len() {
                    out.push_str(&" ".repeat(w - cell.chars().count() + 3));
                }
            }
            out.push('\n');
            out
        };
        let mut out = line(self.headers.clone());
        for (_, row) in &self.rows {
            out.push_str(&line(row.iter().map(String::as_str).collect()));
        }
        out
    }
}

fn job_active_at(j: &crate::sim::trace::JobRecord, t: Time) -> bool {
    j.created_at <= t && j.finished_at.is_none_or(|f| f > t) && j.deleted_at.is_none_or(|d| d > t)
}

/// A CronJob as it stands at an instant: its spec in force (after the patches the API server
/// accepted) and the status the controller has written (for `kubectl get` and the YAML export).
pub(crate) struct CronJobAt<'a> {
    pub name: &'a str,
    pub schedule: &'a str,
    pub suspend: bool,
    /// Its Jobs still running.
    pub active: Vec<&'a JobRecord>,
    pub last_schedule_time: Option<Time>,
}

/// The CronJobs that exist at `t` (not deleted), in manifest order.
pub(crate) fn cron_jobs_state(trace: &Trace, t: Time) -> Vec<CronJobAt<'_>> {
    let jobs = jobs_by_cron_job(trace, t);
    trace
        .cluster
        .cron_jobs
        .iter()
        .filter(|c| c.deleted_at.is_none_or(|d| d > t))
        .filter_map(|c| {
            let spec = c.spec_at(t)?;
            let (active, last_schedule_time) = jobs.get(c.name.as_str()).cloned().unwrap_or_default();
            Some(CronJobAt {
                name: &c.name,
                schedule: &spec.schedule,
                suspend: spec.suspend,
                active,
                last_schedule_time,
            })
        })
        .collect()
}

/// Per CronJob name, its Jobs running at `t` (in creation order) and the latest slot of those
/// created by then: one pass over the Jobs, however many CronJobs there are.
fn jobs_by_cron_job(trace: &Trace, t: Time) -> FastMap<&str, (Vec<&JobRecord>, Option<Time>)> {
    let mut by_name: FastMap<&str, (Vec<&JobRecord>, Option<Time>)> = FastMap::default();
    for j in &trace.jobs {
        let Some(owner) = j.cron_job.as_deref() else { continue };
        let (active, last) = by_name.entry(owner).or_default();
        if job_active_at(j, t) {
            active.push(j);
        }
        if j.created_at <= t {
            *last = (*last).max(j.scheduled_time);
        }
    }
    by_name
}

/// `kubectl get cronjob` at `t`.
pub fn cron_jobs_at(trace: &Trace, t: Time) -> Table {
    let rows = cron_jobs_state(trace, t)
        .into_iter()
        .map(|c| {
            (
                None,
                vec![
                    c.name.to_string(),
                    c.schedule.to_string(),
                    if c.suspend { "True" } else { "False" }.into(),
                    c.active.len().to_string(),
                    c.last_schedule_time.map_or("<none>".into(), |l| human_duration(t - l)),
                    human_duration(t - trace.start),
                ],
            )
        })
        .collect();
    Table { headers: vec!["NAME", "SCHEDULE", "SUSPEND", "ACTIVE", "LAST SCHEDULE", "AGE"], rows }
}

/// `kubectl get job` at `t` (with the `STATUS` column of kubectl 1.28+).
pub fn jobs_at(trace: &Trace, t: Time) -> Table {
    // Pods that succeeded by `t`, per Job name: one pass over the pods.
    let mut succeeded_pods: FastMap<&str, usize> = FastMap::default();
    for p in
        trace.pods.iter().filter(|p| p.phase == RecordedPodPhase::Succeeded && p.finished_at.is_some_and(|f| f <= t))
    {
        *succeeded_pods.entry(p.job.as_str()).or_default() += 1;
    }
    let mut rows = Vec::new();
    for (i, j) in trace.jobs.iter().enumerate() {
        if j.created_at > t || j.deleted_at.is_some_and(|d| d <= t) {
            continue;
        }
        let done = j.finished_at.filter(|f| *f <= t);
        let status = match (done, j.condition) {
            (Some(_), Some(FinishedCondition::Complete)) => "Complete",
            (Some(_), Some(FinishedCondition::Failed)) => "Failed",
            _ => "Running",
        };
        let succeeded = succeeded_pods.get(j.name.as_str()).copied().unwrap_or(0);
        let duration = human_duration(done.unwrap_or(t) - j.created_at);
        rows.push((
            Some(ItemRef::Job(i)),
            vec![
                j.name.to_string(),
                status.into(),
                format!("{}/1", succeeded.min(1)),
                duration,
                human_duration(t - j.created_at),
            ],
        ));
    }
    Table { headers: vec!["NAME", "STATUS", "COMPLETIONS", "DURATION", "AGE"], rows }
}

/// `kubectl get pod` at `t`.
pub fn pods_at(trace: &Trace, t: Time) -> Table {
    let mut rows = Vec::new();
    for (i, p) in trace.pods.iter().enumerate() {
        if p.created_at > t || p.deleted_at.is_some_and(|d| d <= t) {
            continue;
        }
        let (segments, _) = pod_segments(p, trace.end);
        let seg = segments.iter().rev().find(|s| s.from <= t);
        let finished = p.finished_at.is_some_and(|f| f <= t);
        let init = InitAt::of(p, t);
        let outcome = if p.phase == RecordedPodPhase::Succeeded { "Completed" } else { "Error" };
        let (ready, status) = if finished {
            (0, outcome.to_string())
        } else if let Some(waiting) = &init.waiting {
            (init.ready, waiting.clone())
        } else if init.app_done {
            (init.ready, outcome.to_string())
        } else {
            match seg.map(|s| s.kind) {
                Some(SegmentKind::Running) => (init.ready + 1, "Running".into()),
                Some(SegmentKind::BackOff) => (init.ready, "CrashLoopBackOff".into()),
                _ => (init.ready, "ContainerCreating".into()),
            }
        };
        let restarts = match init.waiting {
            Some(_) => init.all_restarts,
            None => {
                let app = p.restarts.iter().map(|r| r.at).filter(|&at| at <= t);
                init.sidecar_restarts.into_iter().chain(app).collect()
            }
        };
        let restarts = match restarts.iter().max() {
            Some(&last) => format!("{} ({} ago)", restarts.len(), human_duration(t - last)),
            None => "0".into(),
        };
        rows.push((
            Some(ItemRef::Pod(i)),
            vec![
                p.name.to_string(),
                format!("{ready}/{}", init.sidecars + 1),
                status,
                restarts,
                human_duration(t - p.created_at),
            ],
        ));
    }
    Table { headers: vec!["NAME", "READY", "STATUS", "RESTARTS", "AGE"], rows }
}

/// What a Pod's init containers add to its `kubectl get pods` row at `t` (`printPod`,
/// `pkg/printers/internalversion/printers.go`): sidecars count among the containers and, once
/// started and running, among the ready ones; until every init container has completed or (a
/// sidecar) started, the status is `Init:i/n` or, for one that exited in error, `Init:Error`.
struct InitAt {
    sidecars: usize,
    ready: usize,
    waiting: Option<String>,
    /// The app container has finished while sidecars are being stopped.
    app_done: bool,
    /// Restarts up to `t`: of every init container (counted while initializing), of the sidecars
    /// (counted afterwards, with the app container's).
    all_restarts: Vec<Time>,
    sidecar_restarts: Vec<Time>,
}

impl InitAt {
    fn of(p: &crate::sim::trace::PodRecord, t: Time) -> InitAt {
        let before = |x: Option<Time>| x.is_some_and(|x| x <= t);
        let mut at = InitAt {
            sidecars: 0,
            ready: 0,
            waiting: None,
            app_done: false,
            all_restarts: Vec::new(),
            sidecar_restarts: Vec::new(),
        };
        let n = p.init_containers.len();
        for (i, c) in p.init_containers.iter().enumerate() {
            let running = before(c.started_at) && !before(c.finished_at);
            let restarts = c.restarts.iter().map(|r| r.at).filter(|&r| r <= t);
            at.all_restarts.extend(restarts.clone());
            if c.sidecar {
                at.sidecars += 1;
                at.ready += usize::from(running && before(c.initialized_at));
                at.app_done |= before(c.stopping_at);
                at.sidecar_restarts.extend(restarts);
            }
            if at.waiting.is_none() && !before(c.initialized_at) {
                at.waiting = Some(if !running && before(c.finished_at) {
                    "Init:Error".to_string()
                } else {
                    format!("Init:{i}/{n}")
                });
            }
        }
        at
    }
}

/// The resource name `kubectl` uses for an object kind (`kubectl describe job …`, `job/name`).
///
/// ```
/// use cronjob_playground::{sim::trace::ObjectKind, timeline::kubectl::resource};
/// assert_eq!(resource(ObjectKind::CronJob), "cronjob");
/// ```
pub fn resource(kind: ObjectKind) -> &'static str {
    match kind {
        ObjectKind::CronJob => "cronjob",
        ObjectKind::Job => "job",
        ObjectKind::Pod => "pod",
    }
}

/// `kubectl describe`-style Events up to `t`, aggregated as the event recorder does (same object,
/// type, reason, message and source → one Event with a count), newest last. `object` limits them
/// to one object.
pub fn events_at(trace: &Trace, t: Time, object: Option<(ObjectKind, &str)>) -> Table {
    struct Agg {
        first: Time,
        last: Time,
        count: usize,
        e: crate::sim::trace::EventRecord,
    }
    let mut aggs: Vec<Agg> = Vec::new();
    let mut index = FastMap::default();
    for e in trace.events.iter().take_while(|e| e.time <= t) {
        if object.is_some_and(|(k, n)| e.object.kind != k || e.object.name != n) {
            continue;
        }
        let key = (
            e.object.kind,
            e.object.name.clone(),
            e.event_type == EventType::Warning,
            e.reason.clone(),
            e.message.to_string(),
            e.source.clone(),
        );
        match index.get(&key) {
            Some(&i) => {
                let a: &mut Agg = &mut aggs[i];
                a.count += 1;
                a.last = e.time;
            }
            None => {
                index.insert(key, aggs.len());
                aggs.push(Agg { first: e.time, last: e.time, count: 1, e });
            }
        }
    }
    super::order::sort_by_key(&mut aggs, |a| a.last);
    let rows = aggs
        .iter()
        .map(|a| {
            let age = if a.count > 1 {
                format!("{} (x{} over {})", human_duration(t - a.last), a.count, human_duration(t - a.first))
            } else {
                human_duration(t - a.last)
            };
            let kind = resource(a.e.object.kind);
            (
                None,
                vec![
                    format!("{:?}", a.e.event_type),
                    a.e.reason.to_string(),
                    age,
                    format!("{kind}/{}", a.e.object.name),
                    a.e.source.to_string(),
                    a.e.message.to_string(),
                ],
            )
        })
        .collect();
    Table { headers: vec!["TYPE", "REASON", "AGE", "OBJECT", "FROM", "MESSAGE"], rows }
}

/// The controllers' syncs up to `t` as klog-formatted lines (`I0115 11:00:00.100000 ...`), the
/// newest `limit` of them.
pub fn log_lines(trace: &Trace, t: Time, limit: usize) -> Vec<String> {
    let upto = trace.syncs.partition_point(|s| s.at <= t);
    let from = upto.saturating_sub(limit);
    trace.syncs[from..upto]
        .iter()
        .map(|s| {
            let component = match s.controller {
                ControllerName::Cronjob => "cronjob_controllerv2",
                ControllerName::Job => "job_controller",
                ControllerName::Ttl => "ttlafterfinished_controller",
                ControllerName::Kubelet => "kubelet",
            };
            let trigger =
                serde_json::to_value(s.trigger).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default();
            let requeue = s.requeue_after_seconds.map(|r| format!(" requeueAfter=\"{r}s\"")).unwrap_or_default();
            format!(
                "I{} {}] \"{}\" object=\"{}\" trigger=\"{trigger}\" decision=\"{}\"{requeue}",
                // klog's header, `%m%d %H:%M:%S%.6f`.
                format_args!(
                    "{:02}{:02} {}.{:06}",
                    s.at.month(),
                    s.at.day(),
                    super::names::time_of_day(s.at, true),
                    s.at.nanosecond() % 1_000_000_000 / 1000
                ),
                component,
                s.decision.explanation.text().replace('"', "\\\""),
                s.object,
                s.decision.code
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timeline::fixture::{crash_loop, retroactive, t};

    #[test]
    fn human_duration_follows_apimachinery() {
        let cases = [
            (-2, "<invalid>"),
            (-1, "0s"),
            (0, "0s"),
            (119, "119s"),
            (120, "2m"),
            (121, "2m1s"),
            (600, "10m"),
            (3 * 3600 - 1, "179m"),
            (3 * 3600, "3h"),
            (3 * 3600 + 60, "3h1m"),
            (8 * 3600, "8h"),
            (47 * 3600, "47h"),
            (48 * 3600, "2d"),
            (49 * 3600, "2d1h"),
            (8 * 86400, "8d"),
            (2 * 365 * 86400, "2y"),
            (2 * 365 * 86400 + 86400, "2y1d"),
            (8 * 365 * 86400, "8y"),
        ];
        for (s, want) in cases {
            assert_eq!(human_duration(TimeDelta::seconds(s)), want, "{s}s");
        }
    }

    #[test]
    fn seed_002_kubectl_get_all_like_the_blog_shows() {
        let trace = retroactive();
        // 13:15:45, after the edit, before the delete: the blog's second `kubectl get all`.
        let at = t("2023-03-22T13:15:45Z");
        assert_eq!(
            cron_jobs_at(&trace, at).render(),
            "NAME        SCHEDULE      SUSPEND   ACTIVE   LAST SCHEDULE   AGE\n\
            cron-test   10 13 * * *   False     0        10m             13m\n"
        );
        assert_eq!(
            jobs_at(&trace, at).render(),
            "NAME                 STATUS     COMPLETIONS   DURATION   AGE\n\
            cron-test-27991505   Complete   1/1           8s         10m\n"
        );
        // 13:16:02: the old Job is gone, the retroactive one runs.
        let at = t("2023-03-22T13:16:02Z");
        assert_eq!(
            pods_at(&trace, at).render(),
            "NAME                       READY   STATUS    RESTARTS   AGE\n\
            cron-test-27991510-rnwvs   1/1     Running   0          2s\n"
        );
        assert_eq!(jobs_at(&trace, at).rows[0].0, Some(ItemRef::Job(1)));
        // Suspended by the 13:45 patch; before the 13:15 edit, the schedule as created.
        assert_eq!(
            cron_jobs_at(&trace, t("2023-03-22T13:50:00Z")).rows[0].1[1..3],
            ["10 13 * * *".to_string(), "True".into()]
        );
        assert_eq!(
            cron_jobs_at(&trace, t("2023-03-22T13:10:00Z")).rows[0].1[1..3],
            ["5 13 * * *".to_string(), "False".into()]
        );
    }

    #[test]
    fn crash_loop_pod_status_restarts_and_aggregated_events() {
        let trace = crash_loop();
        let row = |at: &str| pods_at(&trace, t(at)).rows[0].1.clone();
        assert_eq!(row("2024-08-01T00:00:01Z")[2], "ContainerCreating");
        assert_eq!(row("2024-08-01T00:00:10Z")[1..4], ["1/1", "Running", "0"]);
        assert_eq!(row("2024-08-01T00:01:05Z")[1..4], ["0/1", "CrashLoopBackOff", "1 (32s ago)"]);
        assert_eq!(row("2024-08-01T00:02:10Z")[3], "3 (7s ago)");
        assert!(pods_at(&trace, t("2024-08-01T00:02:50Z")).rows.is_empty());
        let events = events_at(&trace, t("2024-08-01T00:03:00Z"), Some((ObjectKind::Pod, "job-example-njt5c")));
        assert_eq!(events.rows.len(), 1);
        assert_eq!(events.rows[0].1[..3], ["Warning".to_string(), "BackOff".into(), "70s (x2 over 2m)".into()]);
        let all = events_at(&trace, t("2024-08-01T00:03:00Z"), None);
        assert_eq!(
            all.rows.iter().map(|r| r.1[1].as_str()).collect::<Vec<_>>(),
            ["SuccessfulCreate", "BackOff", "BackoffLimitExceeded"]
        );
    }

    #[test]
    fn log_lines_are_klog_formatted_and_limited_to_the_cursor() {
        let trace = retroactive();
        let lines = log_lines(&trace, t("2023-03-22T13:10:00Z"), 10);
        assert_eq!(lines.len(), 1);
        assert!(
            lines[0].starts_with("I0322 13:05:00.000000 cronjob_controllerv2] \"13:05:00 is the most recent"),
            "{}",
            lines[0]
        );
        assert!(
            lines[0].ends_with("object=\"cron-test\" trigger=\"requeue\" decision=\"created\" requeueAfter=\"86400s\""),
            "{}",
            lines[0]
        );
        assert_eq!(log_lines(&trace, t("2023-03-22T14:00:00Z"), 1).len(), 1);
    }
}
