//! One CronJob's part of a trace: what a run of a namespace recorded about that CronJob, its Jobs
//! and their Pods, read out of the namespace's record rather than simulated again (the trace is
//! the one record of a run). The controllers of one namespace never let one CronJob's objects
//! change another's, so the part reads as the CronJob simulated alone, except for what the API
//! server hands out from one counter per namespace: the `generateName` suffixes of Pod names.

use super::{ClusterRecord, ControllerName, Events, ObjectKind, Trace};
use crate::sim::scenario::ClusterAction;
use std::collections::HashSet;

impl Trace {
    /// What this trace recorded about CronJob `name`: its spec history, slots, final status and
    /// syncs, the Jobs it owns, their Pods, the Events and syncs about any of them, the scenario's
    /// events that name one of them or the whole controller manager (an outage), the outages and
    /// the run's notices. A name the trace does not hold gives a trace of nothing but its horizon.
    pub fn of_cron_job(&self, name: &str) -> Trace {
        let jobs: HashSet<&str> =
            self.jobs.iter().filter(|j| j.cron_job.as_deref() == Some(name)).map(|j| j.name.as_str()).collect();
        let pods: HashSet<&str> =
            self.pods.iter().filter(|p| jobs.contains(p.job.as_str())).map(|p| p.name.as_str()).collect();
        let about = |kind: ObjectKind, object: &str| match kind {
            ObjectKind::CronJob => object == name,
            ObjectKind::Job => jobs.contains(object),
            ObjectKind::Pod => pods.contains(object),
        };
        let synced = |controller: ControllerName, object: &str| match controller {
            ControllerName::Cronjob => object == name,
            ControllerName::Job | ControllerName::Ttl => jobs.contains(object),
            ControllerName::Kubelet => pods.contains(object),
        };
        let mut events: Events = self.events.iter().filter(|e| about(e.object.kind, &e.object.name)).collect();
        events.seal();
        let cluster = &self.cluster;
        Trace {
            kubernetes_version: self.kubernetes_version,
            notices: self.notices.clone(),
            start: self.start,
            end: self.end,
            events,
            jobs: self.jobs.iter().filter(|j| jobs.contains(j.name.as_str())).cloned().collect(),
            pods: self.pods.iter().filter(|p| pods.contains(p.name.as_str())).cloned().collect(),
            syncs: self.syncs.iter().filter(|s| synced(s.controller, &s.object)).cloned().collect(),
            slots: self.slots.iter().filter(|s| s.cron_job == name).cloned().collect(),
            cron_jobs: self.cron_jobs.iter().filter(|c| c.name == name).cloned().collect(),
            cluster: ClusterRecord {
                cron_jobs: cluster.cron_jobs.iter().filter(|c| c.name == name).cloned().collect(),
                events: cluster
                    .events
                    .iter()
                    .filter(|e| match &e.event.action {
                        ClusterAction::Patch { cron_job, .. }
                        | ClusterAction::DeleteCronJob { cron_job }
                        | ClusterAction::Trigger { cron_job } => cron_job == name,
                        ClusterAction::DeleteJob { job } => jobs.contains(job.as_str()),
                        ClusterAction::ControllerDown { .. } => true,
                    })
                    .cloned()
                    .collect(),
                outages: cluster.outages.clone(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::SlotFate;
    use super::Trace;
    use crate::sim::simulate;

    /// A CronJob of `schedule` whose pods run `seconds` and exit `code`.
    fn cron_job(name: &str, schedule: &str, seconds: u32, code: u32) -> String {
        format!(
            "apiVersion: batch/v1\nkind: CronJob\nmetadata: {{name: {name}, creationTimestamp: '2025-01-15T09:00:00Z'}}\n\
            spec:\n  schedule: '{schedule}'\n  successfulJobsHistoryLimit: 1\n  jobTemplate:\n    spec:\n      \
            backoffLimit: 1\n      template:\n        spec:\n          restartPolicy: Never\n          containers:\n          \
            - name: c\n            image: busybox\n            command: [sh, -c, 'sleep {seconds}; exit {code}']\n---\n"
        )
    }

    const WINDOW: &str = "apiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\n\
        spec: {start: '2025-01-15T10:00:00Z', duration: 2h}\n";

    #[test]
    fn the_part_of_a_cron_job_reads_as_the_cron_job_simulated_alone() {
        let (x, y) = (cron_job("backup", "*/30 * * * *", 120, 0), cron_job("report", "*/20 * * * *", 30, 1));
        let together = simulate(&format!("{x}{y}{WINDOW}"), None).unwrap();
        let alone = simulate(&format!("{x}{WINDOW}"), None).unwrap();
        let part = together.of_cron_job("backup");
        // Four slots in two hours at :00 and :30, each a Job of one Pod that succeeds.
        assert_eq!(part.slots.len(), 4);
        assert_eq!(
            part.jobs.iter().map(|j| j.name.as_str()).collect::<Vec<_>>(),
            ["backup-28948920", "backup-28948950", "backup-28948980", "backup-28949010"]
        );
        assert_eq!(part.pods.len(), 4);
        // The same Jobs, names, times, Events and syncs; the Pods' `generateName` suffixes come from
        // the namespace's one counter, which report's Pods advanced: past the first Pod they differ.
        let names = |t: &Trace| t.pods.iter().map(|p| p.name.to_string()).collect::<Vec<_>>();
        assert_eq!(names(&part)[0], names(&alone)[0]);
        assert_ne!(names(&part)[1..], names(&alone)[1..]);
        let mut json = serde_json::to_string(&part).unwrap();
        for (ours, theirs) in names(&part).iter().zip(names(&alone)) {
            json = json.replace(ours.as_str(), &theirs);
        }
        assert_eq!(json, serde_json::to_string(&alone).unwrap());
        assert_eq!(part.syncs.len(), alone.syncs.len());
        assert_eq!(part.cluster, alone.cluster);
    }

    #[test]
    fn the_part_keeps_the_scenario_events_about_its_cron_job_and_the_outages() {
        let (x, y) = (cron_job("backup", "0 * * * *", 60, 0), cron_job("report", "0 * * * *", 60, 0));
        let events = "apiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\n\
            spec:\n  start: '2025-01-15T10:00:00Z'\n  duration: 2h\n  events:\n  \
            - {at: '2025-01-15T10:20:00Z', patch: {cronJob: report, spec: {suspend: true}}}\n  \
            - {at: '2025-01-15T10:30:00Z', patch: {cronJob: backup, spec: {schedule: '*/30 * * * *'}}}\n  \
            - {at: '2025-01-15T11:10:00Z', controllerDown: {until: '2025-01-15T11:35:00Z'}}\n";
        let together = simulate(&format!("{x}{y}{events}"), None).unwrap();
        let part = together.of_cron_job("backup");
        assert_eq!(together.cluster.events.len(), 3);
        let at =
            |t: &Trace| t.cluster.events.iter().map(|e| super::super::format_time(&e.event.at)).collect::<Vec<_>>();
        assert_eq!(at(&part), ["2025-01-15T10:30:00Z", "2025-01-15T11:10:00Z"]);
        assert_eq!(part.cluster.outages.len(), 1);
        assert_eq!(part.cluster.cron_jobs.iter().map(|c| c.specs.len()).collect::<Vec<_>>(), [2]);
        assert!(part.jobs.iter().all(|j| j.cron_job.as_deref() == Some("backup")));
        let scheduled =
            part.jobs.iter().map(|j| j.scheduled_time.map(|t| super::super::format_time(&t))).collect::<Vec<_>>();
        // The patch at 10:30 makes that instant a slot after the controller has looked past it;
        // 11:30 comes due in the outage and runs when the controller manager is back.
        assert_eq!(
            scheduled,
            [
                Some("2025-01-15T10:00:00Z".into()),
                Some("2025-01-15T11:00:00Z".into()),
                Some("2025-01-15T11:30:00Z".into())
            ]
        );
        let fates = part.slots.iter().map(|s| s.fate).collect::<Vec<_>>();
        assert_eq!(fates, [SlotFate::RanOnTime, SlotFate::NotFoundBySearch, SlotFate::RanOnTime, SlotFate::RanLate]);
        // An unknown name: the horizon alone.
        let none = together.of_cron_job("nightly");
        assert_eq!((none.jobs.len(), none.slots.len(), none.events.len()), (0, 0, 0));
        assert_eq!((none.start, none.end), (together.start, together.end));
    }
}
