//! Builds the world from the input: the manifests (CronJobs and Jobs, as `kubectl apply` or
//! `kubectl get -o yaml` gives them — a `status` starts the world from that status) and the
//! `Simulation` document, read, defaulted and validated as the API server of the simulated
//! release would, with the horizon's budget checked before anything runs.

use super::budget::{Budget, SimError};
use super::fates::count_slots;
use super::scenario::{Simulation, KIND as SIMULATION_KIND};
use super::trace::Time;
use super::world::World;
use crate::api::decode::{decode, to_json};
use crate::api::yaml::{parse_documents, Node};
use crate::api::{CronJob, Job, KubernetesVersion};
use crate::controller::cronjob::Behaviour;
use chrono::{SubsecRound, Utc};
use chrono_tz::Tz;

/// The objects of the input.
#[derive(Debug, Default)]
struct Objects {
    cron_jobs: Vec<CronJob>,
    jobs: Vec<Job>,
    simulation: Option<Simulation>,
}

fn input_error(node: &Node, message: impl std::fmt::Display) -> SimError {
    SimError::Input(format!("{}: {message}", node.pos))
}

fn read_objects(manifest: &str, version_hint: Option<KubernetesVersion>) -> Result<Objects, SimError> {
    let docs = parse_documents(manifest);
    if let Some(e) = docs.error {
        return Err(SimError::Input(e.to_string()));
    }
    let mut objects = Objects::default();
    // The Simulation document picks the release the other documents are read with.
    for node in &docs.documents {
        if node.get("kind").and_then(Node::scalar) == Some(SIMULATION_KIND) {
            if objects.simulation.is_some() {
                return Err(input_error(node, "at most one Simulation document is allowed"));
            }
            objects.simulation = Some(Simulation::from_value(to_json(node)).map_err(|e| input_error(node, e))?);
        }
    }
    let version = version_hint
        .or_else(|| objects.simulation.as_ref().and_then(|s| s.spec.kubernetes_version))
        .unwrap_or_default();
    for node in &docs.documents {
        match node.get("kind").and_then(Node::scalar) {
            Some(SIMULATION_KIND) => {}
            Some("CronJob") => {
                let beta = node.get("apiVersion").and_then(Node::scalar) == Some("batch/v1beta1");
                let (cj, _) = decode::<CronJob>(node, version, beta);
                objects.cron_jobs.push(cj.map_err(|e| input_error(node, e.message))?);
            }
            Some("Job") => {
                let (job, _) = decode::<Job>(node, version, false);
                objects.jobs.push(job.map_err(|e| input_error(node, e.message))?);
            }
            Some(other) => {
                return Err(input_error(node, format!("kind {other:?} cannot be simulated (expected CronJob, Job or Simulation)")))
            }
            None if node.is_null() => {}
            None => return Err(input_error(node, "the document has no kind")),
        }
    }
    Ok(objects)
}

/// Reads the input and sets up the world at the start of its horizon.
pub(crate) fn build_world(manifest: &str, simulation: Option<Simulation>) -> Result<World, SimError> {
    let hint = simulation.as_ref().and_then(|s| s.spec.kubernetes_version);
    let objects = read_objects(manifest, hint)?;
    let scenario = simulation.or(objects.simulation).unwrap_or_default();
    let version = scenario.spec.kubernetes_version.unwrap_or_default();
    let zone: Tz = match scenario.spec.controller_time_zone.as_deref() {
        None => Tz::UTC,
        Some(z) => z.parse().map_err(|_| SimError::Input(format!("Simulation: spec.controllerTimeZone: unknown time zone {z}")))?,
    };
    let earliest = objects
        .cron_jobs
        .iter()
        .map(|c| c.metadata.creation_timestamp)
        .chain(objects.jobs.iter().map(|j| j.metadata.creation_timestamp))
        .flatten()
        .min();
    let default_start: Time = earliest.unwrap_or_else(|| Utc::now().trunc_subsecs(0));
    let (start, end) = scenario.horizon(default_start).map_err(|e| SimError::Input(e.0))?;

    let behaviour = Behaviour::of(version);
    let budget = Budget::default();
    let refs: Vec<&CronJob> = objects.cron_jobs.iter().collect();
    let slots = count_slots(&refs, &behaviour, zone, start, end, budget.max_slots);
    if slots > budget.max_slots {
        return Err(SimError::TooLarge(format!(
            "the horizon {} .. {} holds more than {} schedule slots; the limit is {} (a year of a minutely CronJob): \
             shorten the horizon or make the schedule less frequent",
            super::trace::format_time(&start),
            super::trace::format_time(&end),
            budget.max_slots,
            budget.max_slots
        )));
    }
    let mut world = World::new(version, scenario, start, end, zone, budget.for_slots(slots));
    for cj in objects.cron_jobs {
        world.import_cron_job(cj);
    }
    for job in objects.jobs {
        world.import_job(job);
    }
    world.start_controllers(super::trace::SyncTrigger::Startup);
    Ok(world)
}
