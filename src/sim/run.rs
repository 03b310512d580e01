//! The runtime's public face: a [`Run`] built from manifests and a Simulation document, stepped to
//! the end of its horizon (in slices, so a UI worker can report progress and cancel between
//! them), then turned into the [`Trace`].

use super::budget::SimError;
use super::input::{build_world, Input};
use super::input_error::InputError;
use super::scenario::Simulation;
use super::trace::{CronJobRecord, Trace};
use super::world::{Progress, World};
use crate::api::CronJob;

/// Steps per slice when [`simulate`] runs to the end (checks for cancellation in between).
const SLICE: u64 = 50_000;

/// A simulation in progress.
///
/// ```
/// use cronjob_playground::sim::Run;
/// let manifest = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: hello, creationTimestamp: \
///     '2025-01-15T10:00:00Z'}\n\
///     spec:\n  schedule: '*/30 * * * *'\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          \
///     restartPolicy: OnFailure\n          containers: [{name: c, image: busybox}]\n";
/// let mut run = Run::new(manifest, Some(serde_json::json!({"duration": "2h"}))).unwrap();
/// while !run.step(1_000).unwrap().done {}
/// let trace = run.finish();
/// assert_eq!(trace.jobs.len(), 3); // 10:30, 11:00, 11:30 (the horizon ends at 12:00, exclusive)
/// assert_eq!(trace.jobs[0].name, "hello-28948950");
/// ```
#[derive(Debug)]
pub struct Run {
    world: World,
}

impl Run {
    /// Reads the manifests (CronJobs, Jobs, at most one `Simulation` document) and the optional
    /// Simulation given separately (a whole document or its `spec`; it wins over one in the
    /// manifests), and sets up the world at the start of the horizon.
    pub fn new(manifest: &str, simulation: Option<serde_json::Value>) -> Result<Run, SimError> {
        let input = match simulation {
            None => Input::read(manifest),
            Some(s) => Input::with_simulation(
                manifest,
                Simulation::from_value(s).map_err(|error| InputError::Simulation { at: None, error })?,
            ),
        };
        Run::from_input(input)
    }

    /// [`Run::new`] for an input already read (the page reads it once for its diagnostics and
    /// hands the same admission to the run).
    ///
    /// ```
    /// use cronjob_playground::sim::{Input, Run};
    /// let manifest = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: hello, creationTimestamp: \
    ///     '2025-01-15T10:00:00Z'}\n\
    ///     spec:\n  schedule: '*/30 * * * *'\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          \
    ///     restartPolicy: OnFailure\n          containers: [{name: c, image: busybox}]\n\
    ///     ---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec: {kubernetesVersion: '1.30', \
    ///     duration: 2h}\n";
    /// let mut run = Run::from_input(Input::read(manifest)).unwrap();
    /// while !run.step(1_000).unwrap().done {}
    /// assert_eq!(run.finish(), Run::new(manifest,
    ///     None).map(|mut r| { while !r.step(1_000).unwrap().done {} r.finish() }).unwrap());
    /// ```
    pub fn from_input(input: Input) -> Result<Run, SimError> {
        Ok(Run { world: build_world(input)? })
    }

    /// Runs at most `max_steps` more steps (each one agenda entry or one controller sync).
    pub fn step(&mut self, max_steps: u64) -> Result<Progress, SimError> {
        self.world.run_steps(max_steps)
    }

    /// How far the run is.
    pub fn progress(&self) -> Progress {
        self.world.progress()
    }

    /// The Simulation document in force.
    pub fn simulation(&self) -> &Simulation {
        &self.world.scenario
    }

    /// The trace of the run so far (the whole horizon once [`Progress::done`]).
    pub fn finish(self) -> Trace {
        let mut w = self.world;
        w.recorder.seal();
        let slots = w.slot_fates();
        let cron_jobs = w
            .store
            .all::<CronJob>()
            .map(|c| CronJobRecord {
                name: c.metadata.name.clone(),
                status: serde_json::to_value(&c.status).expect("statuses serialize"),
            })
            .collect();
        Trace {
            kubernetes_version: w.version,
            notices: w.notices,
            start: w.start,
            end: w.end,
            events: w.recorder.events,
            jobs: w.recorder.jobs,
            pods: w.recorder.pods,
            syncs: w.recorder.syncs,
            slots,
            cron_jobs,
            cluster: w.recorder.cluster,
        }
    }
}

/// Runs a whole simulation; `cancelled` is asked between slices of work and stops the run with
/// [`SimError::Cancelled`] when it answers true.
pub fn simulate_with(
    manifest: &str,
    simulation: Option<serde_json::Value>,
    mut cancelled: impl FnMut(Progress) -> bool,
) -> Result<Trace, SimError> {
    let mut run = Run::new(manifest, simulation)?;
    loop {
        let progress = run.step(SLICE)?;
        if progress.done {
            return Ok(run.finish());
        }
        if cancelled(progress) {
            return Err(SimError::Cancelled);
        }
    }
}

/// Runs a whole simulation: the trace of `docs/contracts.md` §4.
pub fn simulate(manifest: &str, simulation: Option<serde_json::Value>) -> Result<Trace, SimError> {
    simulate_with(manifest, simulation, |_| false)
}
