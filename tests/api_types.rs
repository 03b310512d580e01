//! The typed API objects read every Job and Pod of the upstream Job controller tables
//! (`tests/data/job_cases.json`, Kubernetes API JSON) and every CronJob/Job of the CronJob
//! controller tables, and write them back in the same JSON form.

use cronjob_playground::api::{CronJob, Job, Pod};
use serde_json::Value;

fn collect<'a>(value: &'a Value, key: &str, out: &mut Vec<&'a Value>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                if k == key {
                    match v {
                        Value::Array(items) => out.extend(items.iter().filter(|i| i.is_object())),
                        Value::Object(_) => out.push(v),
                        _ => {}
                    }
                }
                collect(v, key, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|i| collect(i, key, out)),
        _ => {}
    }
}

/// The tables write times relative to the test's clock as `"NOW"`, `"NOW-10s"` or `{"t_rel_s": x}`;
/// any fixed instant will do for reading them.
fn resolve_now(value: Value) -> Value {
    match value {
        Value::String(s) if s.starts_with("NOW") => Value::String("2024-01-01T00:00:00Z".into()),
        Value::Object(map) if map.contains_key("t_rel_s") => Value::String("2024-01-01T00:00:00Z".into()),
        Value::Object(map) => Value::Object(map.into_iter().map(|(k, v)| (k, resolve_now(v))).collect()),
        Value::Array(items) => Value::Array(items.into_iter().map(resolve_now).collect()),
        other => other,
    }
}

/// Every object under `key` deserialises, and re-serialising then re-reading gives the same value.
fn round_trips<T>(data: &Value, key: &str) -> usize
where
    T: serde::de::DeserializeOwned + serde::Serialize + PartialEq + std::fmt::Debug,
{
    let mut found = Vec::new();
    collect(data, key, &mut found);
    for object in &found {
        let typed: T =
            serde_json::from_value(resolve_now((*object).clone())).unwrap_or_else(|e| panic!("{key}: {e}: {object}"));
        let again: T = serde_json::from_value(serde_json::to_value(&typed).unwrap()).unwrap();
        assert_eq!(typed, again);
    }
    found.len()
}

#[test]
fn job_controller_tables_read_as_typed_objects() {
    let data: Value = serde_json::from_str(include_str!("data/job_cases.json")).unwrap();
    let pods = round_trips::<Pod>(&data, "pods") + round_trips::<Pod>(&data, "pod");
    let jobs = round_trips::<Job>(&data, "job");
    assert_eq!(pods, 48);
    assert_eq!(jobs, 32);
}

#[test]
fn pod_status_fields_are_read() {
    let pod: Pod = serde_json::from_str(
        r#"{"metadata": {"name": "p", "deletionTimestamp": "2024-01-01T00:00:30Z"},
            "status": {"phase": "Failed", "conditions": [{"type": "DisruptionTarget", "status": "True"}],
              "containerStatuses": [{"name": "c", "restartCount": 2,
                "state": {"terminated": {"exitCode": 42, "finishedAt": "2024-01-01T00:00:10Z"}}}]}}"#,
    )
    .unwrap();
    assert_eq!(pod.status.phase, Some(cronjob_playground::api::PodPhase::Failed));
    assert_eq!(pod.status.container_statuses[0].restart_count, 2);
    assert_eq!(pod.status.container_statuses[0].state.terminated.as_ref().unwrap().exit_code, 42);
    assert!(pod.status.condition("DisruptionTarget").is_some());
    assert_eq!(pod.metadata.deletion_timestamp.unwrap().to_rfc3339(), "2024-01-01T00:00:30+00:00");
}

#[test]
fn cronjob_serialises_in_api_json_form() {
    let cj: CronJob = serde_json::from_str(
        r#"{"metadata": {"name": "c", "creationTimestamp": "2016-05-19T09:00:00+01:00"},
            "spec": {"schedule": "0 * * * *", "startingDeadlineSeconds": 10,
              "jobTemplate": {"spec": {"template": {"spec": {"containers": []}}}}},
            "status": {"active": [{"kind": "Job", "name": "c-1", "namespace": "default"}]}}"#,
    )
    .unwrap();
    assert_eq!(
        serde_json::to_string(&cj).unwrap(),
        r#"{"apiVersion":"batch/v1","kind":"CronJob","metadata":{"name":"c","creationTimestamp":"2016-05-19T08:00:00Z"},"spec":{"schedule":"0 * * * *","startingDeadlineSeconds":10,"jobTemplate":{"metadata":{},"spec":{"template":{"metadata":{},"spec":{"containers":[]}}}}},"status":{"active":[{"kind":"Job","namespace":"default","name":"c-1"}]}}"#
    );
}
