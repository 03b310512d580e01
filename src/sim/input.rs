//! Builds the world from the input: the manifests (CronJobs and Jobs, as `kubectl apply` or
//! `kubectl get -o yaml` gives them — a `status` starts the world from that status) and the
//! `Simulation` document, read, defaulted and validated as the API server of the simulated
//! release would, with the horizon's budget checked before anything runs.

use super::budget::{Budget, SimError};
use super::fates::count_slots;
use super::scenario::{Simulation, KIND as SIMULATION_KIND};
use super::trace::Time;
use super::world::{Later, World};
use crate::api::load::load_manifest;
use crate::api::{admit, Admission, Admitted, CronJob, Job, KubernetesVersion};
use crate::controller::cronjob::Behaviour;
use crate::go::Tz;
use chrono::{SubsecRound, Utc};

/// The objects of the input.
#[derive(Debug, Default)]
struct Objects {
    cron_jobs: Vec<CronJob>,
    jobs: Vec<Job>,
}

/// The Simulation document of a manifest, if it has one (read before anything else: it picks
/// the release the other objects are admitted by).
fn find_simulation(manifest: &str) -> Result<Option<Simulation>, SimError> {
    let loaded = load_manifest(manifest, KubernetesVersion::default());
    if let Some(e) = loaded.errors.first() {
        return Err(SimError::Input(e.to_string()));
    }
    let mut found = None;
    for raw in loaded.objects.iter().filter(|o| o.kind == SIMULATION_KIND) {
        if found.is_some() {
            return Err(SimError::Input(format!("{}: at most one Simulation document is allowed", raw.node.pos)));
        }
        found =
            Some(Simulation::from_value(raw.json()).map_err(|e| SimError::Input(format!("{}: {e}", raw.node.pos)))?);
    }
    Ok(found)
}

/// The CronJobs and Jobs as the API server of `version` accepts them (defaulted), or the first
/// rejection with its position.
fn admit_objects(manifest: &str, version: KubernetesVersion) -> Result<Objects, SimError> {
    objects_of(admit(manifest, None, version))
}

/// The CronJobs and Jobs of an admission, or its first rejection with its position.
fn objects_of(admission: Admission) -> Result<Objects, SimError> {
    if let Some(e) = admission.parse_errors.first() {
        return Err(SimError::Input(format!("{}:{}: {}", e.line, e.column, e.message)));
    }
    let mut objects = Objects::default();
    for o in admission.objects {
        let r = &o.report;
        match o.object {
            Some(Admitted::CronJob(cj)) => objects.cron_jobs.push(cj),
            Some(Admitted::Job(job)) => objects.jobs.push(job),
            Some(Admitted::Other { kind, .. }) if kind == SIMULATION_KIND => {}
            Some(Admitted::Other { api_version, kind, .. }) => {
                return Err(SimError::Input(format!(
                    "{}:{}: {kind} ({api_version}) cannot be simulated: expected CronJob, Job or Simulation",
                    r.line, r.column
                )))
            }
            None => {
                let message = r.message.clone().unwrap_or_else(|| format!("{} {:?} is invalid", r.kind, r.name));
                return Err(SimError::Input(format!("{}:{}: {message}", r.line, r.column)));
            }
        }
    }
    Ok(objects)
}

/// Reads the input and sets up the world at the start of its horizon.
pub(crate) fn build_world(manifest: &str, simulation: Option<Simulation>) -> Result<World, SimError> {
    build_world_admitted(manifest, simulation, None)
}

/// [`build_world`], given the manifest's admission under a release (used when it is the one the
/// Simulation picks, rather than admitting the text again).
pub(crate) fn build_world_admitted(
    manifest: &str,
    simulation: Option<Simulation>,
    admitted: Option<(Admission, KubernetesVersion)>,
) -> Result<World, SimError> {
    let scenario = match simulation {
        Some(s) => s,
        None => find_simulation(manifest)?.unwrap_or_default(),
    };
    let (release, gates, notices) = scenario.release();
    let version = release.version;
    let objects = match admitted {
        Some((admission, by)) if by == version => objects_of(admission)?,
        _ => admit_objects(manifest, version)?,
    };
    let zone: Tz = match scenario.spec.controller_time_zone.as_deref() {
        None => Tz::UTC,
        Some(z) => z
            .parse()
            .map_err(|_| SimError::Input(format!("Simulation: spec.controllerTimeZone: unknown time zone {z}")))?,
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

    let behaviour = Behaviour::for_release(release, &gates);
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
    let mut world = World::new(release, &gates, scenario, start, end, zone, budget.for_slots(slots));
    world.notices = notices;
    // Objects created after the start appear at their creationTimestamp, as `kubectl apply` then.
    let later = |t: Option<Time>| t.is_some_and(|t| t > start);
    for cj in objects.cron_jobs {
        let created = cj.metadata.creation_timestamp.unwrap_or(start);
        world.recorder.cron_job_declared(&cj.metadata.name, created, &cj.spec);
        match cj.metadata.creation_timestamp {
            Some(at) if later(Some(at)) => world.create_later(at, Later::CronJob(Box::new(cj))),
            _ => world.import_cron_job(cj),
        }
    }
    for job in objects.jobs {
        match job.metadata.creation_timestamp {
            Some(at) if later(Some(at)) => world.create_later(at, Later::Job(Box::new(job))),
            _ => world.import_job(job),
        }
    }
    world.start_controllers(super::trace::SyncTrigger::Startup);
    Ok(world)
}
