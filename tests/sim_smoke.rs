use cronjob_playground::sim::simulate;

#[test]
fn smoke() {
    let manifest = r#"
apiVersion: batch/v1
kind: CronJob
metadata: {name: hello, creationTimestamp: "2025-01-15T10:00:00Z", namespace: default}
spec:
  schedule: "*/30 * * * *"
  successfulJobsHistoryLimit: 3
  failedJobsHistoryLimit: 1
  concurrencyPolicy: Allow
  suspend: false
  jobTemplate:
    spec:
      backoffLimit: 6
      template:
        spec:
          restartPolicy: OnFailure
          containers: [{name: c, image: busybox}]
"#;
    let trace = simulate(manifest, Some(serde_json::json!({"duration": "3h", "kubernetesVersion": "1.28"}))).unwrap();
    println!("{}", serde_json::to_string_pretty(&trace).unwrap());
}
