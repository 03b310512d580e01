//! A row of a finished cluster run opened as a run of its own: the CronJob's part of its
//! namespace's trace (`Trace::of_cron_job`), answered to the page as any run is, so that the
//! page's timeline and inspector draw it as they draw one CronJob. Nothing is simulated again:
//! the namespace's trace is the record of the run the row was read from.

use super::Cluster;
use crate::app::run::{RunResult, Workload};
use crate::app::schedule_card::cards;
use crate::sim::Simulation;

impl Cluster {
    /// CronJob `name` of `namespace` as a run's result (its schedule card read with `simulation`'s
    /// controller zone), or `None` when the run has no such CronJob.
    pub fn open(&self, namespace: &str, name: &str, simulation: &Simulation) -> Option<RunResult> {
        let part = self.parts.iter().find(|p| p.namespace == namespace)?;
        part.trace.cluster.cron_jobs.iter().find(|c| c.name == name)?;
        let trace = part.trace.of_cron_job(name);
        let schedules = cards(&trace, simulation.spec.controller_time_zone.as_deref());
        Some(RunResult {
            trace: Some(trace),
            schedules,
            simulation: simulation.clone(),
            workloads: vec![Workload { kind: "CronJob".into(), name: name.into(), inferred: None }],
            ..RunResult::default()
        })
    }
}

/// What an engine answers to opening row `namespace`/`name` of cluster run `cluster`, given the
/// cluster run it keeps (`kept`, with its id): the row as a run, or the error that it is not
/// there (the run was dropped by a newer one, or has no such CronJob).
pub fn opened(
    kept: Option<&(u64, Cluster)>,
    cluster: u64,
    (namespace, name): (&str, &str),
    simulation: &Simulation,
) -> RunResult {
    kept.filter(|(id, _)| *id == cluster).and_then(|(_, c)| c.open(namespace, name, simulation)).unwrap_or_else(|| {
        RunResult { error: Some(format!("{namespace}/{name}: not in the last cluster run")), ..RunResult::default() }
    })
}
