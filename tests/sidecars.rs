//! Native sidecar containers on the virtual clock (KEP-753, gate SidecarContainers: alpha 1.28,
//! beta on by default 1.29, GA 1.33): the kubelet starts them before the app container, restarts
//! them whatever the pod's `restartPolicy`, stops them when the app container is done — in
//! reverse order from 1.29 (`kuberuntime_termination_order.go`) — and the pod's phase, hence the
//! Job's outcome, is the app container's. Each release boundary on both sides.

use cronjob_playground::sim::simulate;
use cronjob_playground::sim::trace::{FinishedCondition, InitContainerRecord, RecordedPodPhase, Trace};
use serde_json::json;

const START: &str = "2026-03-02T09:00:00Z";

/// A Job (`restartPolicy: Never`, `backoffLimit: 0`) whose pod has `init` as its init
/// containers (YAML flow items) and one app container.
fn job(init: &[&str]) -> String {
    let init: String = init.iter().map(|c| format!("      - {c}\n")).collect();
    format!(
        "apiVersion: batch/v1\nkind: Job\nmetadata: {{name: export, creationTimestamp: \"{START}\"}}\nspec:\n  \
        backoffLimit: 0\n  template:\n    spec:\n      restartPolicy: Never\n      initContainers:\n{init}      \
        containers:\n      - {{name: main, image: busybox}}\n"
    )
}

const SHIPPER: &str = "{name: log-shipper, image: fluent-bit, restartPolicy: Always}";

fn run(manifest: &str, version: &str, gates: serde_json::Value, pod: serde_json::Value) -> Trace {
    let mut rule = json!({"attempts": [{"durationSeconds": 60, "exitCode": 0}]});
    rule.as_object_mut().unwrap().extend(pod.as_object().unwrap().clone());
    simulate(
        manifest,
        Some(json!({"kubernetesVersion": version, "featureGates": gates, "duration": "10m", "pods": [rule]})),
    )
    .unwrap()
}

/// Seconds after the start.
fn s(t: Option<chrono::DateTime<chrono::Utc>>) -> Option<f64> {
    let start: chrono::DateTime<chrono::Utc> = START.parse().unwrap();
    t.map(|t| (t - start).num_milliseconds() as f64 / 1000.0)
}

fn sidecar<'a>(trace: &'a Trace, name: &str) -> &'a InitContainerRecord {
    trace.pods[0].init_containers.iter().find(|c| c.name == name).unwrap()
}

#[test]
fn a_sidecar_starts_first_and_is_stopped_when_the_app_container_is_done() {
    let trace = run(&job(&[SHIPPER]), "1.29", json!({}), json!({}));
    let pod = &trace.pods[0];
    let c = sidecar(&trace, "log-shipper");
    assert!(c.sidecar);
    assert_eq!((s(c.started_at), s(c.initialized_at), s(pod.started_at)), (Some(0.0), Some(0.0), Some(0.0)));
    assert_eq!((s(c.stopping_at), s(c.finished_at), c.exit_codes.as_slice()), (Some(60.0), Some(60.0), &[143][..]));
    assert_eq!(
        (pod.phase, s(pod.finished_at), pod.exit_codes.as_slice()),
        (RecordedPodPhase::Succeeded, Some(60.0), &[0][..])
    );
    let job = &trace.jobs[0];
    assert_eq!((job.condition, s(job.finished_at)), (Some(FinishedCondition::Complete), Some(61.0)));
    let killing: Vec<_> = trace
        .events
        .iter()
        .filter(|e| e.reason == "Killing")
        .map(|e| (s(Some(e.time)), e.message.to_string()))
        .collect();
    assert_eq!(killing, [(Some(60.0), "Stopping container log-shipper".to_string())]);
}

/// A failing app container fails the pod; the sidecar's 143 plays no part.
#[test]
fn the_pod_phase_is_the_app_containers() {
    let trace = run(&job(&[SHIPPER]), "1.29", json!({}), json!({"attempts": [{"durationSeconds": 30, "exitCode": 3}]}));
    assert_eq!((trace.pods[0].phase, s(trace.pods[0].finished_at)), (RecordedPodPhase::Failed, Some(30.0)));
    assert_eq!(trace.jobs[0].condition, Some(FinishedCondition::Failed));
    assert_eq!(trace.jobs[0].reason.as_deref(), Some("BackoffLimitExceeded"));
}

/// 1.28 (alpha, off by default): the API server drops `restartPolicy`, so the log shipper is a
/// regular init container that must exit first — it never does, and the Job never starts its
/// work. With the gate on, 1.28 runs it as a sidecar; 1.29 does by default.
#[test]
fn release_boundary_1_28_gate_off_and_on_and_1_29() {
    let forever = json!({"initContainers": [{"name": "log-shipper"}]});
    let off = run(&job(&[SHIPPER]), "1.28", json!({}), forever.clone());
    let c = sidecar(&off, "log-shipper");
    assert!(!c.sidecar);
    assert_eq!((s(c.started_at), c.initialized_at, off.pods[0].started_at), (Some(0.0), None, None));
    assert_eq!((off.pods[0].phase, off.jobs[0].condition), (RecordedPodPhase::Pending, None));

    let on = run(&job(&[SHIPPER]), "1.28", json!({"SidecarContainers": true}), forever.clone());
    assert!(sidecar(&on, "log-shipper").sidecar);
    assert_eq!((on.pods[0].phase, s(on.jobs[0].finished_at)), (RecordedPodPhase::Succeeded, Some(61.0)));
    assert!(on.notices.is_empty(), "the gate is simulated: {:?}", on.notices);

    let beta = run(&job(&[SHIPPER]), "1.29", json!({}), forever.clone());
    assert_eq!((beta.pods[0].phase, s(beta.jobs[0].finished_at)), (RecordedPodPhase::Succeeded, Some(61.0)));
    let off_in_beta = run(&job(&[SHIPPER]), "1.29", json!({"SidecarContainers": false}), forever);
    assert_eq!(off_in_beta.pods[0].phase, RecordedPodPhase::Pending);

    // 1.27 does not know the field: the API server's strict decoding refuses the Job.
    let err = simulate(&job(&[SHIPPER]), Some(json!({"kubernetesVersion": "1.27"}))).unwrap_err().to_string();
    assert!(
        err.ends_with(r#"strict decoding error: unknown field "spec.template.spec.initContainers[0].restartPolicy""#),
        "{err}"
    );
}

/// Two sidecars that ignore SIGTERM, grace period 30 s: from 1.29 the later one is stopped first
/// (SIGKILL at +30), the earlier one waits for it and gets the 2 s minimum (+32); in 1.28 both
/// are stopped together, as app containers are (+30).
#[test]
fn termination_order_1_28_all_at_once_1_29_reverse() {
    let manifest = job(&[SHIPPER, "{name: proxy, image: envoy, restartPolicy: Always}"]);
    let stubborn = json!({"initContainers": [{"name": "log-shipper", "ignoresSigterm": true}, {"name": "proxy", "ignoresSigterm": true}]});
    let ends = |t: &Trace| {
        (s(sidecar(t, "log-shipper").finished_at), s(sidecar(t, "proxy").finished_at), s(t.pods[0].finished_at))
    };
    let alpha = run(&manifest, "1.28", json!({"SidecarContainers": true}), stubborn.clone());
    assert_eq!(ends(&alpha), (Some(90.0), Some(90.0), Some(90.0)));
    assert_eq!(sidecar(&alpha, "proxy").exit_codes, [137]);
    let beta = run(&manifest, "1.29", json!({}), stubborn);
    assert_eq!(ends(&beta), (Some(92.0), Some(90.0), Some(92.0)));
    // The Job waits for the pod: Complete one second after the last sidecar is gone.
    assert_eq!(s(beta.jobs[0].finished_at), Some(93.0));
    let quick = run(&manifest, "1.29", json!({}), json!({}));
    assert_eq!(ends(&quick), (Some(60.0), Some(60.0), Some(60.0)));
}

/// A sidecar that crashes while the app container runs is restarted under its own
/// CrashLoopBackOff (at once, then 10 s, 20 s), although the pod says `restartPolicy: Never`.
#[test]
fn a_crashing_sidecar_is_restarted_with_the_container_back_off() {
    let trace = run(
        &job(&[SHIPPER]),
        "1.29",
        json!({}),
        json!({"attempts": [{"durationSeconds": 100}], "initContainers": [{"name": "log-shipper", "attempts": [{"durationSeconds": 20, "exitCode": 1}]}]}),
    );
    let c = sidecar(&trace, "log-shipper");
    let restarts: Vec<_> = c.restarts.iter().map(|r| (s(Some(r.at)), r.after_backoff_seconds)).collect();
    assert_eq!(restarts, [(Some(20.0), 0.0), (Some(50.0), 10.0), (Some(90.0), 20.0)]);
    assert_eq!(c.exit_codes, [1, 1, 1, 143]);
    assert_eq!((trace.pods[0].phase, s(trace.pods[0].finished_at)), (RecordedPodPhase::Succeeded, Some(100.0)));
    assert!(trace.events.iter().any(|e| e.reason == "BackOff"
        && e.message.text().starts_with("Back-off restarting failed container log-shipper in pod export-")));
}

/// A startup probe holds the next container back until it succeeds (`prober/worker.go`: the
/// worker's ticks every periodSeconds from its start, counted once initialDelaySeconds have
/// run); a regular init container after the sidecar waits for it.
#[test]
fn a_startup_probe_delays_the_next_containers() {
    let manifest = job(&[
        "{name: log-shipper, image: fluent-bit, restartPolicy: Always, startupProbe: {exec: {command: [true]}, \
        initialDelaySeconds: 12, periodSeconds: 5}}",
        "{name: migrate, image: flyway}",
    ]);
    let trace = run(
        &manifest,
        "1.29",
        json!({}),
        json!({"initContainers": [{"name": "migrate", "attempts": [{"durationSeconds": 4}]}]}),
    );
    assert_eq!(s(sidecar(&trace, "log-shipper").initialized_at), Some(15.0));
    let migrate = sidecar(&trace, "migrate");
    assert_eq!(
        (s(migrate.started_at), s(migrate.finished_at), migrate.exit_codes.as_slice()),
        (Some(15.0), Some(19.0), &[0][..])
    );
    assert_eq!((s(trace.pods[0].started_at), s(trace.pods[0].finished_at)), (Some(19.0), Some(79.0)));

    // Three failures (the default failureThreshold) at 15, 20, 25: killed and restarted at once;
    // the new instance's probe counts from 37 (12 s after 25), on the worker's 5 s grid.
    let failing = run(
        &manifest,
        "1.29",
        json!({}),
        json!({"initContainers": [{"name": "log-shipper", "startupProbeFailures": 3}]}),
    );
    let c = sidecar(&failing, "log-shipper");
    assert_eq!((c.exit_codes.first(), s(c.restarts.first().map(|r| r.at))), (Some(&143), Some(25.0)));
    assert!(
        failing
            .events
            .iter()
            .any(|e| e.reason == "Killing"
                && e.message == "Container log-shipper failed startup probe, will be restarted")
    );
    assert_eq!(failing.pods[0].started_at, None, "the sidecar never starts, so neither does the app container");
}

/// A regular init container that fails fails a `Never` pod before the app container runs.
#[test]
fn a_failing_regular_init_container_fails_a_never_pod() {
    let trace = run(
        &job(&["{name: migrate, image: flyway}"]),
        "1.29",
        json!({}),
        json!({"initContainers": [{"name": "migrate", "attempts": [{"durationSeconds": 5, "exitCode": 1}]}]}),
    );
    assert_eq!(
        (trace.pods[0].phase, s(trace.pods[0].finished_at), trace.pods[0].started_at),
        (RecordedPodPhase::Failed, Some(5.0), None)
    );
    assert_eq!(trace.jobs[0].condition, Some(FinishedCondition::Failed));
}

/// The JSON of a pod without init containers that run keeps its shape; one with a sidecar gains
/// `initContainers`.
#[test]
fn the_trace_json_gains_init_containers_only_when_they_ran() {
    let plain =
        serde_json::to_value(run(&job(&["{name: setup, image: busybox}"]), "1.29", json!({}), json!({}))).unwrap();
    assert!(plain["pods"][0].get("initContainers").is_none());
    let with = serde_json::to_value(run(&job(&[SHIPPER]), "1.29", json!({}), json!({}))).unwrap();
    assert_eq!(
        with["pods"][0]["initContainers"][0],
        json!({"name": "log-shipper", "sidecar": true, "startedAt": START, "initializedAt": START, "restarts": [],
               "exitCodes": [143], "stoppingAt": "2026-03-02T09:01:00Z", "finishedAt": "2026-03-02T09:01:00Z"})
    );
}

/// From 1.28 only a sidecar may have a startup probe: with the gate off the API server drops
/// `restartPolicy`, and what is left is a regular init container with a probe
/// (`validateInitContainers`).
#[test]
fn a_startup_probe_on_a_regular_init_container_is_forbidden() {
    let manifest =
        job(&["{name: log-shipper, image: fluent-bit, restartPolicy: Always, startupProbe: {periodSeconds: 5}}"]);
    let err = simulate(&manifest, Some(json!({"kubernetesVersion": "1.28"}))).unwrap_err().to_string();
    assert!(
        err.contains(
            "spec.template.spec.initContainers[0].startupProbe: Forbidden: may not be set for init containers \
            without restartPolicy=Always"
        ),
        "{err}"
    );
    assert!(simulate(
        &manifest,
        Some(json!({"kubernetesVersion": "1.28", "featureGates": {"SidecarContainers": true}}))
    )
    .is_ok());
}

/// The inspector tells the story in the reader's language: the sidecar started first, was
/// stopped when the app container was done, and its exit code decided nothing; a log shipper
/// left a regular init container (1.28, gate off) is why the app container never started.
#[test]
fn the_inspector_explains_the_sidecar() {
    use cronjob_playground::i18n::Lang;
    use cronjob_playground::timeline::{explain::explain, ItemRef, Timeline};
    let trace = run(&job(&[SHIPPER]), "1.29", json!({}), json!({}));
    let e = explain(&trace, &Timeline::build(&trace), ItemRef::Pod(0)).unwrap();
    assert_eq!(e.fact("Sidecars").as_deref(), Some("log-shipper"));
    let codes: Vec<_> = e.why.iter().map(|r| r.code.as_str()).collect();
    assert_eq!(codes, ["sidecar-started", "sidecar-stopped", "Killing"]);
    assert_eq!(
        e.why[1].text.render(Lang::En),
        "The app container has finished, so the kubelet stops sidecar log-shipper (exit code 143). A sidecar does not \
        keep a Job's pod running, and its exit code does not decide the pod's phase."
    );
    assert!(e.why[1]
        .text
        .render(Lang::Ko)
        .starts_with("앱 컨테이너가 끝났으므로 kubelet이 사이드카 log-shipper를 멈춥니다"));
    assert!(e.why[0].text.render(Lang::Ja).starts_with("サイドカー log-shipper はアプリコンテナより先に起動し"));

    let stuck = run(&job(&[SHIPPER]), "1.28", json!({}), json!({"initContainers": [{"name": "log-shipper"}]}));
    let e = explain(&stuck, &Timeline::build(&stuck), ItemRef::Pod(0)).unwrap();
    assert_eq!((e.fact("Init containers").as_deref(), e.why[0].code.as_str()), (Some("log-shipper"), "init-waiting"));
}

/// `kubectl get pods` at the cursor (`printPod`): a sidecar counts among the containers and,
/// started and running, among the ready ones; a pod whose init container never finishes is
/// `Init:0/1`.
#[test]
fn kubectl_get_pods_counts_the_sidecar() {
    use cronjob_playground::timeline::kubectl::pods_at;
    let row = |trace: &Trace, at: f64| {
        let t = START.parse::<chrono::DateTime<chrono::Utc>>().unwrap()
            + chrono::TimeDelta::milliseconds((at * 1000.0) as i64);
        let table = pods_at(trace, t);
        table.rows[0].1[1..3].join(" ")
    };
    let trace = run(&job(&[SHIPPER]), "1.29", json!({}), json!({}));
    assert_eq!((row(&trace, 30.0), row(&trace, 61.0)), ("2/2 Running".into(), "0/2 Completed".into()));
    let stubborn = run(
        &job(&[SHIPPER]),
        "1.29",
        json!({}),
        json!({"initContainers": [{"name": "log-shipper", "ignoresSigterm": true}]}),
    );
    assert_eq!(
        row(&stubborn, 75.0),
        "1/2 Completed",
        "the app container is done, the sidecar runs out the grace period"
    );
    let stuck = run(&job(&[SHIPPER]), "1.28", json!({}), json!({"initContainers": [{"name": "log-shipper"}]}));
    assert_eq!(row(&stuck, 300.0), "0/1 Init:0/1");
}
