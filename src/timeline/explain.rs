//! The inspector's texts: for anything on the timeline, its facts and the controller's own
//! explanation — the slot fate and sync decision texts the trace recorded, with the Kubernetes
//! version they were decided under.

use super::lanes::{fate_name, ItemRef, MarkerKind, Timeline};
use super::kubectl::human_duration;
use crate::sim::trace::{format_time, ControllerName, ObjectKind, Time, Trace};

/// What the inspector shows for one item.
#[derive(Clone, Debug, PartialEq)]
pub struct Explanation {
    /// `Slot`, `Job`, `Pod`, ...
    pub kind: &'static str,
    pub title: String,
    /// Label/value pairs (`data-field` on the page).
    pub facts: Vec<(&'static str, String)>,
    /// The controller's reasons, in order: slot fate, the decisions that mattered.
    pub why: Vec<Reason>,
}

/// One reason with where it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Reason {
    /// `slot fate`, `cronjob-controller`, `job-controller`, `kubelet`, ...
    pub source: String,
    /// A stable code (`ran-late`, `created`, ...).
    pub code: String,
    pub at: Option<Time>,
    pub text: String,
}

fn controller_label(c: ControllerName) -> &'static str {
    match c {
        ControllerName::Cronjob => "cronjob-controller",
        ControllerName::Job => "job-controller",
        ControllerName::Ttl => "ttl-after-finished-controller",
        ControllerName::Kubelet => "kubelet",
    }
}

/// The CronJob controller's sync that created Job `job` (its decision names the Job).
fn creating_sync(trace: &Trace, cron_job: &str, job: &str, created: Time) -> Option<Reason> {
    trace
        .syncs
        .iter()
        .filter(|s| s.controller == ControllerName::Cronjob && s.object == cron_job && s.at >= created && s.at < created + chrono::TimeDelta::seconds(2))
        .find(|s| s.decision.explanation.contains(job) || s.decision.code == "created")
        .map(|s| Reason { source: "cronjob-controller".into(), code: s.decision.code.to_string(), at: Some(s.at), text: s.decision.explanation.to_string() })
}

/// The Job controller's syncs of Job `job` within a second of `at` (the API keeps whole seconds,
/// the controllers' clock does not), with a verdict other than waiting.
fn job_syncs_near(trace: &Trace, job: &str, at: Time) -> Vec<Reason> {
    trace
        .syncs
        .iter()
        .filter(|s| s.controller == ControllerName::Job && s.object == job)
        .filter(|s| (s.at - at).abs() <= chrono::TimeDelta::seconds(1))
        .map(|s| Reason { source: "job-controller".into(), code: s.decision.code.to_string(), at: Some(s.at), text: s.decision.explanation.to_string() })
        .take(1)
        .collect()
}

fn events_about(trace: &Trace, kind: ObjectKind, name: &str) -> Vec<Reason> {
    trace
        .events
        .iter()
        .filter(|e| e.object.kind == kind && e.object.name == name)
        .map(|e| Reason { source: e.source.to_string(), code: e.reason.to_string(), at: Some(e.time), text: e.message.to_string() })
        .collect()
}

fn delay(from: Time, to: Time) -> String {
    let d = to - from;
    if d.num_milliseconds() % 1000 == 0 {
        format!("{}s", d.num_seconds())
    } else {
        format!("{:.3}s", d.num_milliseconds() as f64 / 1000.0)
    }
}

/// Explains `item` of `timeline` built from `trace`.
pub fn explain(trace: &Trace, timeline: &Timeline, item: ItemRef) -> Option<Explanation> {
    let version = trace.kubernetes_version.to_string();
    Some(match item {
        ItemRef::Slot(i) => {
            let slot = trace.slots.get(i)?;
            let mut facts = vec![
                ("CronJob", slot.cron_job.clone()),
                ("Scheduled time", format_time(&slot.scheduled_time)),
                ("Fate", fate_name(slot.fate)),
                ("Job", slot.job.clone().unwrap_or_else(|| "none".into())),
            ];
            let mut why = vec![Reason { source: "slot fate".into(), code: fate_name(slot.fate), at: None, text: slot.explanation.clone() }];
            if let Some(job) = slot.job.as_deref().and_then(|n| trace.jobs.iter().find(|j| j.name == n)) {
                facts.push(("Job created", format!("{} ({} after the scheduled time)", format_time(&job.created_at), delay(slot.scheduled_time, job.created_at))));
                if let Some(cj) = &job.cron_job {
                    why.extend(creating_sync(trace, cj, &job.name, job.created_at));
                }
            }
            facts.push(("Kubernetes version", version));
            Explanation { kind: "Slot", title: format!("{} @ {}", slot.cron_job, format_time(&slot.scheduled_time)), facts, why }
        }
        ItemRef::Job(i) => {
            let job = trace.jobs.get(i)?;
            let mut facts = vec![("Job", job.name.clone())];
            if let Some(cj) = &job.cron_job {
                facts.push(("CronJob", cj.clone()));
            }
            if let Some(s) = job.scheduled_time {
                facts.push(("Scheduled time", format_time(&s)));
            }
            facts.push(("Created", format_time(&job.created_at)));
            if let Some(s) = job.scheduled_time {
                facts.push(("Created after schedule", delay(s, job.created_at)));
            }
            let status = match (job.condition, &job.reason) {
                (Some(c), Some(r)) => format!("{c:?} ({r})"),
                (Some(c), None) => format!("{c:?}"),
                (None, _) => "Active".into(),
            };
            facts.push(("Status", status));
            if let Some(f) = job.finished_at {
                facts.push(("Finished", format!("{} (took {})", format_time(&f), human_duration(f - job.created_at))));
            }
            if let (Some(d), Some(by)) = (job.deleted_at, job.deleted_by) {
                let by = serde_json::to_value(by).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default();
                facts.push(("Deleted", format!("{} by {by}", format_time(&d))));
            }
            let pods = trace.pods.iter().filter(|p| p.job == job.name).count();
            facts.push(("Pods", pods.to_string()));
            facts.push(("Kubernetes version", version));
            let mut why = Vec::new();
            if let Some(slot) = trace.slots.iter().find(|s| s.job.as_deref() == Some(job.name.as_str())) {
                why.push(Reason { source: "slot fate".into(), code: fate_name(slot.fate), at: Some(slot.scheduled_time), text: slot.explanation.clone() });
            }
            if let Some(cj) = &job.cron_job {
                why.extend(creating_sync(trace, cj, &job.name, job.created_at));
            }
            if let Some(f) = job.finished_at {
                why.extend(job_syncs_near(trace, &job.name, f));
            }
            if let Some(d) = job.deleted_at {
                why.extend(trace.syncs.iter().filter(|s| s.at == d && s.decision.explanation.contains(job.name.as_str())).map(|s| Reason {
                    source: controller_label(s.controller).into(),
                    code: s.decision.code.to_string(),
                    at: Some(s.at),
                    text: s.decision.explanation.to_string(),
                }));
            }
            why.extend(events_about(trace, ObjectKind::Job, &job.name));
            Explanation { kind: "Job", title: job.name.clone(), facts, why }
        }
        ItemRef::Pod(i) => {
            let pod = trace.pods.get(i)?;
            let mut facts = vec![("Pod", pod.name.clone()), ("Job", pod.job.clone()), ("Created", format_time(&pod.created_at))];
            if let Some(s) = pod.started_at {
                facts.push(("Started", format_time(&s)));
            }
            facts.push(("Phase", format!("{:?}", pod.phase)));
            facts.push(("Restarts", pod.restarts.len().to_string()));
            if !pod.exit_codes.is_empty() {
                facts.push(("Exit codes", pod.exit_codes.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ")));
            }
            if let Some(f) = pod.finished_at {
                facts.push(("Finished", format_time(&f)));
            }
            if let Some(d) = pod.deleted_at {
                facts.push(("Deleted", format_time(&d)));
            }
            facts.push(("Kubernetes version", version));
            let mut why: Vec<Reason> = pod
                .restarts
                .iter()
                .enumerate()
                .map(|(k, r)| Reason {
                    source: "kubelet".into(),
                    code: if r.after_backoff_seconds > 0.0 { "CrashLoopBackOff".into() } else { "Restarted".into() },
                    at: Some(r.at),
                    text: format!(
                        "Container exited with code {}; restarted after a back-off of {}s (restart {}).",
                        pod.exit_codes.get(k).map_or("?".into(), |c| c.to_string()),
                        r.after_backoff_seconds,
                        k + 1
                    ),
                })
                .collect();
            if let Some(because) = &pod.deleted_because {
                why.push(Reason { source: "deletion".into(), code: "deleted".into(), at: pod.deleted_at, text: because.clone() });
            }
            why.extend(events_about(trace, ObjectKind::Pod, &pod.name));
            Explanation { kind: "Pod", title: pod.name.clone(), facts, why }
        }
        ItemRef::Marker(i) => {
            let m = timeline.markers.get(i)?;
            let mut facts = vec![("At", format_time(&m.at)), ("Command", m.label())];
            if let MarkerKind::SpecEdit { patch, .. } = &m.kind {
                facts.push(("Patch", patch.clone()));
            }
            let why = m
                .cron_job()
                .map(|cj| {
                    trace
                        .syncs
                        .iter()
                        .filter(|s| s.controller == ControllerName::Cronjob && s.object == cj && s.at >= m.at)
                        .take(2)
                        .map(|s| Reason { source: "cronjob-controller".into(), code: s.decision.code.to_string(), at: Some(s.at), text: s.decision.explanation.to_string() })
                        .collect()
                })
                .unwrap_or_default();
            Explanation { kind: "Edit", title: m.label(), facts, why }
        }
        ItemRef::Outage(i) => {
            let o = timeline.outages.get(i)?;
            Explanation {
                kind: "Outage",
                title: "kube-controller-manager down".into(),
                facts: vec![("From", format_time(&o.from)), ("Until", format_time(&o.to)), ("Length", human_duration(o.to - o.from))],
                why: vec![Reason {
                    source: "scenario".into(),
                    code: "controller-down".into(),
                    at: Some(o.from),
                    text: "No controller syncs run while kube-controller-manager is down; schedule times that pass meanwhile are judged on the first sync after it returns.".into(),
                }],
            }
        }
        ItemRef::Suspension(g, i) => {
            let group = timeline.groups.get(g)?;
            let s = group.suspended.get(i)?;
            Explanation {
                kind: "Suspended",
                title: format!("{} suspended", group.title()),
                facts: vec![("From", format_time(&s.from)), ("Until", format_time(&s.to))],
                why: vec![Reason {
                    source: "spec".into(),
                    code: "suspended".into(),
                    at: Some(s.from),
                    text: "spec.suspend is true: the controller starts no new Jobs (running ones go on).".into(),
                }],
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timeline::fixture::{crash_loop, retroactive};
    use crate::timeline::CronJobStart;

    #[test]
    fn the_retroactive_job_explains_itself_with_the_slot_fate_and_the_decision() {
        let (trace, events) = retroactive();
        let tl = Timeline::build(&trace, &[CronJobStart { name: "cron-test".into(), ..Default::default() }], &events);
        let e = explain(&trace, &tl, ItemRef::Job(1)).unwrap();
        assert_eq!(e.title, "cron-test-27991510");
        assert!(e.facts.contains(&("Scheduled time", "2023-03-22T13:10:00Z".into())));
        assert!(e.facts.contains(&("Created after schedule", "360s".into())));
        assert!(e.facts.contains(&("Kubernetes version", "1.26".into())));
        let codes: Vec<_> = e.why.iter().map(|r| (r.source.as_str(), r.code.as_str())).collect();
        assert_eq!(codes[..2], [("slot fate", "ran-late"), ("cronjob-controller", "created")]);
        assert!(e.why[0].text.starts_with("Retroactive"));

        let s = explain(&trace, &tl, ItemRef::Slot(1)).unwrap();
        assert_eq!(s.title, "cron-test @ 2023-03-22T13:10:00Z");
        assert!(s.facts.contains(&("Fate", "ran-late".into())));
        assert!(s.facts.contains(&("Job created", "2023-03-22T13:16:00Z (360s after the scheduled time)".into())));

        let m = explain(&trace, &tl, ItemRef::Marker(0)).unwrap();
        assert_eq!(m.kind, "Edit");
        assert_eq!(m.why[0].code, "created");
        assert!(explain(&trace, &tl, ItemRef::Outage(0)).unwrap().facts.contains(&("Length", "10m".into())));
        assert!(explain(&trace, &tl, ItemRef::Job(9)).is_none());
    }

    #[test]
    fn a_crash_looping_pod_lists_its_back_offs_and_why_it_was_deleted() {
        let trace = crash_loop();
        let tl = Timeline::build(&trace, &[], &[]);
        let e = explain(&trace, &tl, ItemRef::Pod(0)).unwrap();
        assert!(e.facts.contains(&("Exit codes", "1, 1, 1".into())));
        let codes: Vec<_> = e.why.iter().map(|r| r.code.as_str()).collect();
        assert_eq!(codes, ["Restarted", "CrashLoopBackOff", "CrashLoopBackOff", "deleted", "BackOff", "BackOff"]);
        assert_eq!(e.why[2].text, "Container exited with code 1; restarted after a back-off of 20s (restart 3).");
        let j = explain(&trace, &tl, ItemRef::Job(0)).unwrap();
        assert!(j.facts.contains(&("Status", "Failed (BackoffLimitExceeded)".into())));
        assert!(j.why.iter().any(|r| r.code == "backoff-limit-exceeded"));
    }
}
