//! One input cut into its namespaces, each run on its own over the same horizon.
//!
//! A run's world is one namespace (`sim::store`), while a `kubectl get cronjobs -A -o yaml` dump
//! holds many, often with the same names in several (`backup` in every team's namespace). The
//! CronJob and Job controllers never look across namespaces — a CronJob owns Jobs of its own
//! namespace only, and each object is synced on its own key — so a cluster's run is exactly its
//! namespaces' runs side by side, provided they share the horizon: the start is the present of
//! the whole dump (the newest status any namespace shows), not of each namespace's part.

use super::{controller_zone, objects_of, slots_within, Input, Objects};
use crate::api::{Admission, Admitted};
use crate::sim::budget::{Budget, SimError};
use crate::sim::scenario::{ClusterAction, ClusterEvent, HorizonDuration};
use crate::sim::trace::Time;

impl Input {
    /// The namespaces of the input's CronJobs and Jobs, in the order they first appear (`""` for
    /// objects that name none).
    ///
    /// ```
    /// use cronjob_playground::sim::Input;
    /// let cj = |ns: &str| format!("apiVersion: batch/v1\nkind: CronJob\nmetadata: {{name: backup, namespace: \
    ///     {ns}}}\nspec:\n  schedule: '@hourly'\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          \
    ///     restartPolicy: OnFailure\n          containers: [{{name: c, image: busybox}}]\n");
    /// let input = Input::read(&format!("{}---\n{}---\n{}", cj("web"), cj("billing"), cj("web")));
    /// assert_eq!(input.namespaces(), ["web", "billing"]);
    /// ```
    pub fn namespaces(&self) -> Vec<String> {
        let mut found: Vec<String> = Vec::new();
        for namespace in
            self.admission.objects.iter().filter_map(|o| namespace_of(o.object.as_ref().or(o.existing.as_ref())))
        {
            if !found.iter().any(|n| n == namespace) {
                found.push(namespace.to_string());
            }
        }
        found
    }

    /// The horizon `[start, end)` of a run of the whole input: the Simulation's start, or the
    /// present the objects' statuses show (as a run of the input would start), and its end, or
    /// `default_duration` after the start when the Simulation gives neither an end nor a duration.
    pub fn horizon(&self, default_duration: HorizonDuration) -> Result<(Time, Time), SimError> {
        let simulation = self.simulation.as_ref().map_err(Clone::clone)?;
        let objects: Objects = objects_of(self.admission.clone(), false)?;
        let present = objects.present().unwrap_or_else(super::now);
        let mut spec = simulation.clone();
        if spec.spec.end.is_none() && spec.spec.duration.is_none() {
            spec.spec.duration = Some(default_duration);
        }
        spec.horizon(present).map_err(|error| super::InputError::Simulation { at: None, error }.into())
    }

    /// The nominal slots of the input's CronJobs in every namespace within `horizon`, or the
    /// error of one run's budget exceeded: a cluster's parts share that budget, so that their
    /// work together stays bounded as one run's does.
    pub fn slots(&self, horizon: (Time, Time)) -> Result<u64, SimError> {
        let simulation = self.simulation.as_ref().map_err(Clone::clone)?;
        let objects = objects_of(self.admission.clone(), false)?;
        let zone = controller_zone(simulation)?;
        slots_within(&objects, simulation, zone, horizon, &Budget::default())
    }

    /// The part of the input in `namespace` (its CronJobs and Jobs; objects of other kinds stay
    /// out of every part, as they stay out of a run), over the horizon `[start, end)`. The
    /// Simulation's events that name a CronJob or Job go to the parts that hold it — an event
    /// that names nothing of any part goes to the first, where the API server refuses it as a
    /// run of the whole input would; an outage of kube-controller-manager goes to every part.
    /// Pod rules select by name in every part.
    pub fn in_namespace(&self, namespace: &str, (start, end): (Time, Time)) -> Input {
        let keep = |o: &&crate::api::AdmittedObject| {
            namespace_of(o.object.as_ref().or(o.existing.as_ref())).is_some_and(|n| n == namespace)
        };
        let admission = Admission {
            objects: self.admission.objects.iter().filter(keep).cloned().collect(),
            parse_errors: self.admission.parse_errors.clone(),
        };
        let names = |a: &Admission| -> Vec<String> {
            a.objects
                .iter()
                .filter_map(|o| Some(meta_of(o.object.as_ref().or(o.existing.as_ref()))?.name.clone()))
                .collect()
        };
        let here = names(&admission);
        let everywhere = names(&self.admission);
        let first = self.namespaces().first().is_none_or(|n| n == namespace);
        let simulation = self.simulation.clone().map(|mut sim| {
            sim.spec.start = Some(start);
            sim.spec.end = Some(end);
            sim.spec.duration = None;
            sim.spec.events.retain(|e| match target(e) {
                None => true,
                Some(name) if names_any(&here, name) => true,
                Some(name) => first && !names_any(&everywhere, name),
            });
            sim
        });
        Input { admission, version: self.version, documents: self.documents.clone(), simulation }
    }
}

/// The object an event acts on, by name.
fn target(event: &ClusterEvent) -> Option<&str> {
    match &event.action {
        ClusterAction::Patch { cron_job, .. }
        | ClusterAction::DeleteCronJob { cron_job }
        | ClusterAction::Trigger { cron_job } => Some(cron_job),
        ClusterAction::DeleteJob { job } => Some(job),
        ClusterAction::ControllerDown { .. } => None,
    }
}

/// Whether `name` is one of `names`, or a Job of one of them (`<cronjob>-<scheduled minute>`).
fn names_any(names: &[String], name: &str) -> bool {
    names.iter().any(|n| {
        n == name || name.strip_prefix(n.as_str()).and_then(|rest| rest.strip_prefix('-')).is_some_and(is_number)
    })
}

fn is_number(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

fn meta_of(object: Option<&Admitted>) -> Option<&crate::api::ObjectMeta> {
    match object? {
        Admitted::CronJob(cj) => Some(&cj.metadata),
        Admitted::Job(job) => Some(&job.metadata),
        Admitted::Other { .. } => None,
    }
}

fn namespace_of(object: Option<&Admitted>) -> Option<&str> {
    meta_of(object).map(|m| m.namespace.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Run;

    const NS: &str = "apiVersion: v1\nkind: List\nitems:\n- apiVersion: batch/v1\n  kind: CronJob\n  metadata: {name: \
        backup, namespace: a}\n  status: {lastScheduleTime: '2026-01-01T00:00:00Z'}\n  spec:\n    schedule: '0 * * * \
        *'\n    jobTemplate: {spec: {template: {spec: {restartPolicy: OnFailure, containers: [{name: c, image: \
        busybox}]}}}}\n- apiVersion: batch/v1\n  kind: CronJob\n  metadata: {name: backup, namespace: b}\n  status: \
        {lastScheduleTime: '2026-01-01T01:30:00Z'}\n  spec:\n    schedule: '30 * * * *'\n    jobTemplate: {spec: \
        {template: {spec: {restartPolicy: OnFailure, containers: [{name: c, image: busybox}]}}}}\n---\napiVersion: \
        playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec:\n  duration: 3h\n  events:\n  - {at: \
        '2026-01-01T02:10:00Z', delete: {job: backup-29453910}}\n  - {at: '2026-01-01T02:20:00Z', controllerDown: \
        {until: '2026-01-01T02:40:00Z'}}\n";

    #[test]
    fn each_namespace_runs_over_the_whole_dumps_horizon() {
        let input = Input::read(NS);
        assert_eq!(input.namespaces(), ["a", "b"]);
        // The present is b's status, the newest of the dump: a's part starts there too.
        let horizon = input.horizon(HorizonDuration(chrono::TimeDelta::days(7))).unwrap();
        // Without the document's duration, the default given (a week, for a cluster).
        let no_duration = Input::read(&NS.replace("  duration: 3h\n", ""));
        assert_eq!(
            no_duration.horizon(HorizonDuration(chrono::TimeDelta::days(7))).unwrap().1.to_rfc3339(),
            "2026-01-08T01:30:00+00:00"
        );
        assert_eq!(
            (horizon.0.to_rfc3339(), horizon.1.to_rfc3339()),
            ("2026-01-01T01:30:00+00:00".into(), "2026-01-01T04:30:00+00:00".into())
        );
        let run = |namespace| {
            let mut run = Run::from_input(input.in_namespace(namespace, horizon)).unwrap();
            while !run.step(10_000).unwrap().done {}
            run.finish()
        };
        let (a, b) = (run("a"), run("b"));
        let slots = |t: &crate::sim::Trace| {
            t.slots.iter().map(|s| s.scheduled_time.format("%H:%M").to_string()).collect::<Vec<_>>()
        };
        // a last ran at 00:00: at the present (01:30) its 01:00 slot is unmet, and run late.
        assert_eq!(slots(&a), ["01:00", "02:00", "03:00", "04:00"]);
        assert_eq!(slots(&b), ["02:30", "03:30"]);
        // `backup-29453910` is the 02:30 Job: a Job of `backup`, which both parts hold.
        assert_eq!(a.cluster.events.len(), 2);
        assert_eq!(b.cluster.events.len(), 2);
    }

    #[test]
    fn a_run_of_the_whole_dump_keeps_the_first_of_a_name_and_says_so() {
        let trace = crate::sim::simulate(NS, None).unwrap();
        assert_eq!(trace.cluster.cron_jobs.len(), 1);
        assert_eq!(trace.cluster.cron_jobs[0].specs[0].schedule, "0 * * * *");
        assert!(
            trace
                .notices
                .iter()
                .any(|n| n
                    .starts_with("CronJob \"backup\" (namespace b, line 11) is left out: a run models one namespace")),
            "{:?}",
            trace.notices
        );
    }
}
