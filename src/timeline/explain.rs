//! The inspector's texts: for anything on the timeline, its facts and the controller's own
//! explanation — the slot fate and sync decision texts the trace recorded, with the Kubernetes
//! version they were decided under. Values and sentences in the playground's own words are
//! [`ExplainText`] data, so the page renders them in the reader's language (the controllers'
//! decisions too); Kubernetes' texts (Event reasons and messages, error texts) are carried
//! verbatim.

use super::explain_text::ExplainText;
use super::item::ItemRef;
use super::kubectl::human_duration;
use super::lanes::{fate_name, Marker, MarkerKind, Span, Timeline};
use crate::sim::trace::{
    format_time, ControllerName, JobRecord, ObjectKind, PodRecord, SlotFate, SlotRecord, SyncRecord, Time, Trace,
};

/// What the inspector shows for one item.
#[derive(Clone, Debug, PartialEq)]
pub struct Inspection {
    /// `Slot`, `Job`, `Pod`, ...
    pub kind: &'static str,
    pub title: ExplainText,
    /// Label/value pairs (the label is `data-field` on the page).
    pub facts: Vec<(&'static str, ExplainText)>,
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
    pub text: ExplainText,
}

impl Inspection {
    /// The value of fact `field` in English, as the inspector shows it.
    ///
    /// ```
    /// use cronjob_playground::timeline::explain::Inspection;
    /// let e = Inspection { kind: "Job", title: "j".into(), facts: vec![("Pods", "1".into())], why: vec![] };
    /// assert_eq!(e.fact("Pods").as_deref(), Some("1"));
    /// assert_eq!(e.fact("Phase"), None);
    /// ```
    pub fn fact(&self, field: &str) -> Option<String> {
        self.facts.iter().find(|(k, _)| *k == field).map(|(_, v)| v.render(crate::i18n::Lang::En))
    }
}

fn controller_label(c: ControllerName) -> &'static str {
    match c {
        ControllerName::Cronjob => "cronjob-controller",
        ControllerName::Job => "job-controller",
        ControllerName::Ttl => "ttl-after-finished-controller",
        ControllerName::Kubelet => "kubelet",
    }
}

/// A controller's sync as a reason: its decision, with its waits and delays in hours and minutes
/// (`{:#}`: the trace keeps them in seconds).
fn sync_reason(s: &SyncRecord) -> Reason {
    Reason {
        source: controller_label(s.controller).into(),
        code: s.decision.code.to_string(),
        at: Some(s.at),
        text: ExplainText::Decision(s.decision.explanation.clone()),
    }
}

/// The CronJob controller's sync that created Job `job` (its decision names the Job).
fn creating_sync(trace: &Trace, cron_job: &str, job: &str, created: Time) -> Option<Reason> {
    trace
        .syncs
        .iter()
        .filter(|s| {
            s.controller == ControllerName::Cronjob
                && s.object == cron_job
                && s.at >= created
                && s.at < created + chrono::TimeDelta::seconds(2)
        })
        .find(|s| s.decision.explanation.contains(job) || s.decision.code == "created")
        .map(sync_reason)
}

/// The Job controller's syncs of Job `job` within a second of `at` (the API keeps whole seconds,
/// the controllers' clock does not), with a verdict other than waiting.
fn job_syncs_near(trace: &Trace, job: &str, at: Time) -> Vec<Reason> {
    trace
        .syncs
        .iter()
        .filter(|s| s.controller == ControllerName::Job && s.object == job)
        .filter(|s| (s.at - at).abs() <= chrono::TimeDelta::seconds(1))
        .map(sync_reason)
        .take(1)
        .collect()
}

fn events_about(trace: &Trace, kind: ObjectKind, name: &str) -> Vec<Reason> {
    trace
        .events
        .iter()
        .filter(|e| e.object.kind == kind && e.object.name == name)
        .map(|e| Reason {
            source: e.source.to_string(),
            code: e.reason.to_string(),
            at: Some(e.time),
            text: e.message.to_string().into(),
        })
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
pub fn explain(trace: &Trace, timeline: &Timeline, item: ItemRef) -> Option<Inspection> {
    let version = trace.kubernetes_version.to_string();
    Some(match item {
        ItemRef::Slot(i) => slot(trace, trace.slots.get(i)?, version),
        ItemRef::Job(i) => job(trace, trace.jobs.get(i)?, version),
        ItemRef::Pod(i) => pod(trace, trace.pods.get(i)?, version),
        ItemRef::Marker(i) => marker(trace, timeline.markers.get(i)?),
        ItemRef::Outage(i) => outage(timeline.outages.get(i)?),
        ItemRef::Suspension(g, i) => {
            let group = timeline.groups.get(g)?;
            suspension(group.title(), group.suspended.get(i)?)
        }
    })
}

/// A slot: its fate, and the sync that created its Job.
fn slot(trace: &Trace, slot: &SlotRecord, version: String) -> Inspection {
    let mut facts = vec![
        ("CronJob", slot.cron_job.to_string().into()),
        ("Scheduled time", format_time(&slot.scheduled_time).into()),
        ("Fate", ExplainText::Fate(slot.fate)),
        ("Job", slot.job.as_deref().map_or(ExplainText::NoJob, |j| ExplainText::Verbatim(j.to_string()))),
    ];
    let mut why = vec![Reason {
        source: "slot fate".into(),
        code: fate_name(slot.fate),
        at: None,
        text: ExplainText::Slot(slot.explanation.clone()),
    }];
    if slot.fate == SlotFate::CreateFailed {
        // The sync that tried to create the slot's Job: the first after the slot.
        let tried = trace.syncs.iter().find(|s| {
            s.controller == ControllerName::Cronjob && s.object == slot.cron_job && s.at >= slot.scheduled_time
        });
        why.extend(tried.map(sync_reason));
    }
    if let Some(job) = slot.job.as_deref().and_then(|n| trace.jobs.iter().find(|j| j.name == n)) {
        let (at, delay) = (format_time(&job.created_at), delay(slot.scheduled_time, job.created_at));
        facts.push(("Job created", ExplainText::CreatedAfter { at, delay }));
        if let Some(cj) = &job.cron_job {
            why.extend(creating_sync(trace, cj, &job.name, job.created_at));
        }
    }
    facts.push(("Kubernetes version", version.into()));
    Inspection {
        kind: "Slot",
        title: format!("{} @ {}", slot.cron_job, format_time(&slot.scheduled_time)).into(),
        facts,
        why,
    }
}

/// A Job: its life in facts; its slot's fate, the syncs that created, finished and deleted it,
/// and its Events.
fn job(trace: &Trace, job: &JobRecord, version: String) -> Inspection {
    let mut facts = vec![("Job", job.name.to_string().into())];
    if let Some(cj) = &job.cron_job {
        facts.push(("CronJob", cj.to_string().into()));
    }
    if let Some(s) = job.scheduled_time {
        facts.push(("Scheduled time", format_time(&s).into()));
    }
    facts.push(("Created", format_time(&job.created_at).into()));
    if let Some(s) = job.scheduled_time {
        facts.push(("Created after schedule", delay(s, job.created_at).into()));
    }
    let status = match (job.condition, &job.reason) {
        (Some(c), Some(r)) => format!("{c:?} ({r})").into(),
        (Some(c), None) => format!("{c:?}").into(),
        (None, _) => ExplainText::JobActive,
    };
    facts.push(("Status", status));
    if let Some(controller) = &job.managed_by {
        facts.push(("Managed by", controller.to_string().into()));
    }
    if let Some(f) = job.finished_at {
        facts.push((
            "Finished",
            ExplainText::FinishedTook { at: format_time(&f), took: human_duration(f - job.created_at) },
        ));
    }
    if let (Some(d), Some(by)) = (job.deleted_at, job.deleted_by) {
        facts.push(("Deleted", ExplainText::DeletedBy { at: format_time(&d), by }));
    }
    let pods = trace.pods.iter().filter(|p| p.job == job.name).count();
    facts.push(("Pods", pods.to_string().into()));
    facts.push(("Kubernetes version", version.into()));
    Inspection { kind: "Job", title: job.name.to_string().into(), facts, why: job_reasons(trace, job) }
}

fn job_reasons(trace: &Trace, job: &JobRecord) -> Vec<Reason> {
    let mut why = Vec::new();
    if let Some(slot) = trace.slots.iter().find(|s| s.job.as_deref() == Some(job.name.as_str())) {
        why.push(Reason {
            source: "slot fate".into(),
            code: fate_name(slot.fate),
            at: Some(slot.scheduled_time),
            text: ExplainText::Slot(slot.explanation.clone()),
        });
    }
    if let Some(cj) = &job.cron_job {
        why.extend(creating_sync(trace, cj, &job.name, job.created_at));
    }
    if let Some(f) = job.finished_at {
        why.extend(job_syncs_near(trace, &job.name, f));
    }
    if job.managed_by.is_some() {
        why.extend(job_syncs_near(trace, &job.name, job.created_at));
    }
    if let Some(d) = job.deleted_at {
        // The sync that deleted it: one that names it, or the TTL-after-finished controller's own.
        let deleting = trace.syncs.iter().filter(|s| {
            s.at == d
                && (s.decision.explanation.contains(job.name.as_str())
                    || (s.controller == ControllerName::Ttl && s.object == job.name))
        });
        why.extend(deleting.map(sync_reason));
    }
    why.extend(events_about(trace, ObjectKind::Job, &job.name));
    why
}

/// A Pod: its life in facts; its restarts and back-offs, why it was deleted, and its Events.
fn pod(trace: &Trace, pod: &PodRecord, version: String) -> Inspection {
    let mut facts = vec![
        ("Pod", pod.name.to_string().into()),
        ("Job", pod.job.to_string().into()),
        ("Created", format_time(&pod.created_at).into()),
    ];
    if let Some(s) = pod.started_at {
        facts.push(("Started", format_time(&s).into()));
    }
    facts.push(("Phase", format!("{:?}", pod.phase).into()));
    facts.push(("Restarts", pod.restarts.len().to_string().into()));
    if !pod.exit_codes.is_empty() {
        facts.push(("Exit codes", pod.exit_codes.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ").into()));
    }
    if let Some(f) = pod.finished_at {
        facts.push(("Finished", format_time(&f).into()));
    }
    if let Some(d) = pod.deleted_at {
        facts.push(("Deleted", format_time(&d).into()));
    }
    let (sidecars, regular): (Vec<_>, Vec<_>) = pod.init_containers.iter().partition(|c| c.sidecar);
    for (label, list) in [("Sidecars", &sidecars), ("Init containers", &regular)] {
        if !list.is_empty() {
            facts.push((label, list.iter().map(|c| c.name.as_str()).collect::<Vec<_>>().join(", ").into()));
        }
    }
    facts.push(("Kubernetes version", version.into()));
    let mut why = init_container_reasons(pod);
    why.extend(pod.restarts.iter().enumerate().map(|(k, r)| Reason {
        source: "kubelet".into(),
        code: if r.after_backoff_seconds > 0.0 { "CrashLoopBackOff".into() } else { "Restarted".into() },
        at: Some(r.at),
        text: ExplainText::Restarted {
            exit_code: pod.exit_codes.get(k).copied(),
            back_off_seconds: r.after_backoff_seconds,
            restart: k + 1,
        },
    }));
    if let Some(because) = &pod.deleted_because {
        why.push(Reason {
            source: "deletion".into(),
            code: "deleted".into(),
            at: pod.deleted_at,
            text: because.to_string().into(),
        });
    }
    why.extend(events_about(trace, ObjectKind::Pod, &pod.name));
    Inspection { kind: "Pod", title: pod.name.to_string().into(), facts, why }
}

/// The kubelet's part in a pod with init containers: when each sidecar let the next container
/// start and when it was stopped, its restarts, and a regular init container that never finished.
fn init_container_reasons(pod: &PodRecord) -> Vec<Reason> {
    let kubelet = |code: &str, at: Option<Time>, text: ExplainText| Reason {
        source: "kubelet".into(),
        code: code.into(),
        at,
        text,
    };
    let mut why = Vec::new();
    for c in &pod.init_containers {
        let name = c.name.clone();
        match (c.sidecar, c.initialized_at) {
            (true, Some(at)) => why.push(kubelet(
                "sidecar-started",
                Some(at),
                ExplainText::SidecarStarted { name: name.clone(), at: format_time(&at) },
            )),
            (false, None) if c.started_at.is_some() => {
                why.push(kubelet("init-waiting", c.started_at, ExplainText::InitWaiting { name: name.clone() }))
            }
            _ => {}
        }
        for (k, r) in c.restarts.iter().enumerate() {
            let code = if r.after_backoff_seconds > 0.0 { "CrashLoopBackOff" } else { "Restarted" };
            let text = ExplainText::Restarted {
                exit_code: c.exit_codes.get(k).copied(),
                back_off_seconds: r.after_backoff_seconds,
                restart: k + 1,
            };
            why.push(kubelet(code, Some(r.at), text));
        }
        if c.stopping_at.is_some() {
            let text = ExplainText::SidecarStopped { name, exit_code: c.exit_codes.last().copied() };
            why.push(kubelet("sidecar-stopped", c.finished_at.or(c.stopping_at), text));
        }
    }
    why
}

/// A command of the scenario: the API server's refusal, else the CronJob controller's next two
/// syncs of the CronJob it touched.
fn marker(trace: &Trace, m: &Marker) -> Inspection {
    let mut facts = vec![("At", format_time(&m.at).into()), ("Command", m.label().into())];
    if let MarkerKind::SpecEdit { patch, .. } = &m.kind {
        facts.push(("Patch", patch.clone().into()));
    }
    // A refused command changed nothing: the API server's answer is the whole story.
    let refusal = m.refused.as_ref().map(|message| Reason {
        source: "kube-apiserver".into(),
        code: "refused".into(),
        at: Some(m.at),
        text: message.clone().into(),
    });
    let why = refusal.map(|r| vec![r]).unwrap_or_else(|| {
        m.cron_job()
            .map(|cj| {
                trace
                    .syncs
                    .iter()
                    .filter(|s| s.controller == ControllerName::Cronjob && s.object == cj && s.at >= m.at)
                    .take(2)
                    .map(sync_reason)
                    .collect()
            })
            .unwrap_or_default()
    });
    Inspection { kind: "Edit", title: m.label().into(), facts, why }
}

fn outage(o: &Span) -> Inspection {
    Inspection {
        kind: "Outage",
        title: ExplainText::OutageTitle,
        facts: vec![
            ("From", format_time(&o.from).into()),
            ("Until", format_time(&o.to).into()),
            ("Length", human_duration(o.to - o.from).into()),
        ],
        why: vec![Reason {
            source: "scenario".into(),
            code: "controller-down".into(),
            at: Some(o.from),
            text: ExplainText::ControllerDownWhy,
        }],
    }
}

fn suspension(cron_job: &str, s: &Span) -> Inspection {
    Inspection {
        kind: "Suspended",
        title: ExplainText::SuspendedTitle { cron_job: cron_job.to_owned() },
        facts: vec![("From", format_time(&s.from).into()), ("Until", format_time(&s.to).into())],
        why: vec![Reason {
            source: "spec".into(),
            code: "suspended".into(),
            at: Some(s.from),
            text: ExplainText::SuspendedWhy,
        }],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::timeline::fixture::{crash_loop, retroactive};

    #[test]
    fn the_retroactive_job_explains_itself_with_the_slot_fate_and_the_decision() {
        let trace = retroactive();
        let tl = Timeline::build(&trace);
        let e = explain(&trace, &tl, ItemRef::Job(1)).unwrap();
        assert_eq!(e.title, ExplainText::from("cron-test-27991510"));
        assert_eq!(e.fact("Scheduled time").as_deref(), Some("2023-03-22T13:10:00Z"));
        assert_eq!(e.fact("Created after schedule").as_deref(), Some("360s"));
        assert_eq!(e.fact("Kubernetes version").as_deref(), Some("1.26"));
        let codes: Vec<_> = e.why.iter().map(|r| (r.source.as_str(), r.code.as_str())).collect();
        assert_eq!(codes[..2], [("slot fate", "ran-late"), ("cronjob-controller", "created")]);
        // The slot's reason is the playground's sentence (this fixture's is words already).
        assert!(e.why[0].text.render(Lang::En).starts_with("Retroactive") && !e.why[0].text.is_verbatim());

        let s = explain(&trace, &tl, ItemRef::Slot(1)).unwrap();
        assert_eq!(s.title, ExplainText::from("cron-test @ 2023-03-22T13:10:00Z"));
        assert_eq!(s.fact("Fate").as_deref(), Some("ran-late"));
        assert_eq!(s.facts.iter().find(|(k, _)| *k == "Fate").unwrap().1.render(Lang::Ja), "遅れて実行 (ran-late)");
        assert_eq!(s.fact("Job created").as_deref(), Some("2023-03-22T13:16:00Z (360s after the scheduled time)"));

        let m = explain(&trace, &tl, ItemRef::Marker(0)).unwrap();
        assert_eq!(m.kind, "Edit");
        assert_eq!(m.why[0].code, "created");
        let mut refused = trace.clone();
        refused.cluster.events[0].refused = Some("Error from server: no".into());
        let m = explain(&refused, &Timeline::build(&refused), ItemRef::Marker(0)).unwrap();
        assert_eq!(
            (m.why.len(), m.why[0].code.as_str(), m.why[0].text.render(Lang::En)),
            (1, "refused", "Error from server: no".to_string())
        );
        let o = explain(&trace, &tl, ItemRef::Outage(0)).unwrap();
        assert_eq!(o.fact("Length").as_deref(), Some("10m"));
        assert_eq!(
            (o.title.render(Lang::En), o.title.render(Lang::Ko)),
            ("kube-controller-manager down".into(), "kube-controller-manager 중단".into())
        );
        assert!(explain(&trace, &tl, ItemRef::Job(9)).is_none());
    }

    /// The CronJob controller's decision is the playground's sentence: English as the trace writes
    /// it (`{:#}`), Japanese and Korean around the same names, times and schedule.
    #[test]
    fn the_controllers_decision_reads_in_the_readers_language() {
        let text = include_str!("../../scenarios/retroactive-schedule-edit/scenario.yaml");
        let trace = crate::sim::simulate(text, None).unwrap();
        let job = trace.jobs.iter().position(|j| j.name == "cron-test-27991510").unwrap();
        let e = explain(&trace, &Timeline::build(&trace), ItemRef::Job(job)).unwrap();
        let created = &e.why.iter().find(|r| r.source == "cronjob-controller" && r.code == "created").unwrap().text;
        assert!(!created.is_verbatim());
        let sync = trace
            .syncs
            .iter()
            .find(|s| s.decision.code == "created" && s.decision.explanation.contains("cron-test-27991510"))
            .unwrap();
        assert_eq!(created.render(Lang::En), format!("{:#}", sync.decision.explanation));
        let (ja, ko) = (created.render(Lang::Ja), created.render(Lang::Ko));
        for text in [&ja, &ko] {
            assert!(text.contains("cron-test-27991510") && text.contains("2023-03-22T13:10:00Z"), "{text}");
            assert!(!text.contains("Created job") && !text.contains("requeues"), "{text}");
        }
        assert!(ja.contains("の Job cron-test-27991510 を作成しました"), "{ja}");
        assert!(ko.contains("잡 cron-test-27991510을 생성했습니다"), "{ko}");
        crate::i18n::particle::assert_no_mechanical_particle(&ko);
    }

    #[test]
    fn a_crash_looping_pod_lists_its_back_offs_and_why_it_was_deleted() {
        let trace = crash_loop();
        let tl = Timeline::build(&trace);
        let e = explain(&trace, &tl, ItemRef::Pod(0)).unwrap();
        assert_eq!(e.fact("Exit codes").as_deref(), Some("1, 1, 1"));
        let codes: Vec<_> = e.why.iter().map(|r| r.code.as_str()).collect();
        assert_eq!(codes, ["Restarted", "CrashLoopBackOff", "CrashLoopBackOff", "deleted", "BackOff", "BackOff"]);
        assert_eq!(
            e.why[2].text.render(Lang::En),
            "Container exited with code 1; restarted after a back-off of 20s (restart 3)."
        );
        assert_eq!(e.why[2].text, ExplainText::Restarted { exit_code: Some(1), back_off_seconds: 20.0, restart: 3 });
        let j = explain(&trace, &tl, ItemRef::Job(0)).unwrap();
        assert_eq!(j.fact("Status").as_deref(), Some("Failed (BackoffLimitExceeded)"));
        assert!(j.why.iter().any(|r| r.code == "backoff-limit-exceeded"));
    }
}
