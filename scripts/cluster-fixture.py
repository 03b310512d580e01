#!/usr/bin/env python3
"""Writes tests/data/cluster-200.yaml: a `kubectl get cronjobs -A -o yaml` dump of 200 CronJobs
in ten teams' namespaces (seeded, so the file is the same on every run), with the mixed schedules,
time zones and concurrency policies of a real cluster, pods that sleep 30 s to 20 min, and each
CronJob's status.lastScheduleTime at its most recent slot before 2026-11-23T00:00:00Z (the newest of
them, 23:55, is the present a run starts from). The slots come from the release CLI (`next`), so it must
be built: cargo build --release; python3 scripts/cluster-fixture.py > tests/data/cluster-200.yaml
"""
import json, os, random, subprocess, sys

CLI = os.path.join(os.environ.get("CARGO_TARGET_DIR", "target"), "release", "cronjob-playground")
PRESENT = "2026-11-23T00:00:00Z"
rng = random.Random(20261123)
teams = ["payments", "billing", "search", "identity", "data-platform", "ml-training", "observability", "backup", "web", "mobile-api"]
tasks = ["report", "cleanup", "sync", "backup", "reindex", "export", "digest", "rotate-logs", "refresh-cache",
         "snapshot", "compact", "reconcile", "invoice", "notify", "aggregate"]
zones = [None, None, None, "Europe/Berlin", "America/New_York", "Asia/Tokyo", "UTC"]


def schedule():
    k = rng.random()
    if k < 0.35: return f"0 {rng.choice([0, 0, 0, 1, 2, 3, 4, 6])} * * *"
    if k < 0.60: return f"{rng.choice([0, 0, 15, 30, 45])} * * * *"
    if k < 0.75: return f"*/{rng.choice([15, 30, 20])} * * * *"
    if k < 0.85: return f"*/{rng.choice([5, 10])} * * * *"
    if k < 0.95: return f"0 {rng.choice([0, 2, 3])} * * {rng.choice([0, 1, 6])}"
    return "0 0 1 * *"


def last_slot(spec, zone):
    for after in ["2026-11-22T00:00:00Z", "2026-10-13T00:00:00Z"]:
        args = [CLI, "next", spec, "--after", after, "--count", "1000", "--output", "json"]
        if zone:
            args += ["--time-zone", zone]
        times = [t for t in json.loads(subprocess.check_output(args))["times"] if t < PRESENT]
        if times:
            return times[-1]
    return None


print("apiVersion: v1\nkind: List\nmetadata: {resourceVersion: \"\"}\nitems:")
for i in range(200):
    ns, name = teams[i % len(teams)], f"{rng.choice(tasks)}-{i:03d}"
    spec, zone = schedule(), rng.choice(zones)
    policy = rng.choice(["Allow", "Allow", "Forbid", "Replace"])
    seconds = rng.choice([30, 60, 90, 120, 300, 600, 1200])
    cpu, memory = rng.choice(["100m", "250m", "500m", "1"]), rng.choice(["128Mi", "256Mi", "512Mi", "1Gi"])
    last = last_slot(spec, zone)
    print(f"- apiVersion: batch/v1\n  kind: CronJob\n  metadata:\n    name: {name}\n    namespace: {ns}\n"
          f"    labels: {{team: {ns}, app: {name.rsplit('-', 1)[0]}}}\n    creationTimestamp: \"2026-03-0{1 + i % 9}T12:00:00Z\"")
    print(f"  spec:\n    schedule: \"{spec}\"" + (f"\n    timeZone: {zone}" if zone else ""))
    print(f"    concurrencyPolicy: {policy}\n    successfulJobsHistoryLimit: 3\n    failedJobsHistoryLimit: 1")
    print("    jobTemplate:\n      spec:\n        backoffLimit: 2\n        template:\n          spec:\n            restartPolicy: OnFailure")
    print(f"            containers:\n            - name: {name.rsplit('-', 1)[0]}\n              image: registry.example.com/{ns}/jobs:1.{i % 7}")
    print(f"              command: [sleep, \"{seconds}\"]\n              resources: {{requests: {{cpu: \"{cpu}\", memory: {memory}}}}}")
    print("  status:" + (f"\n    lastScheduleTime: \"{last}\"" if last else " {}"))
