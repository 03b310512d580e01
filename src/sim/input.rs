//! Builds the world from the input: the manifests (CronJobs and Jobs, as `kubectl apply` or
//! `kubectl get -o yaml` gives them — a `status` starts the world from that status) and the
//! `Simulation` document, read, defaulted and validated as the API server of the simulated
//! release would, with the horizon's budget checked before anything runs.

use super::budget::{Budget, SimError};
use super::input_error::InputError;
use super::nominal_slots::count_slots;
use super::scenario::{Simulation, SimulationError, KIND as SIMULATION_KIND};
use super::trace::Time;
use super::world::{Later, World};
use crate::api::load::{load_manifest, Manifest};
use crate::api::{admit_loaded, Admission, Admitted, CronJob, Job, KubernetesVersion};
use crate::controller::cronjob::Behaviour;
use crate::go::Tz;
use chrono::{SubsecRound, Utc};

mod partition;

/// The objects of the input.
#[derive(Debug, Default)]
struct Objects {
    cron_jobs: Vec<CronJob>,
    jobs: Vec<Job>,
    /// What reading them left out, said as the run's notices.
    notices: Vec<String>,
}

impl Objects {
    /// Where a run starts when the Simulation document does not say: a pasted status (`kubectl
    /// get -o yaml`) is the present, so the newest time any status shows, or any object was
    /// created; without a status, the earliest creationTimestamp (the objects as applied).
    /// Starting earlier would replay slots the cluster already handled as if the controller had
    /// missed them.
    fn present(&self) -> Option<Time> {
        let created = || {
            let cron_jobs = self.cron_jobs.iter().map(|c| c.metadata.creation_timestamp);
            cron_jobs.chain(self.jobs.iter().map(|j| j.metadata.creation_timestamp)).flatten()
        };
        let cron_job_status =
            self.cron_jobs.iter().flat_map(|c| [c.status.last_schedule_time, c.status.last_successful_time]);
        let job_status = self.jobs.iter().flat_map(|j| {
            let conditions = j.status.conditions.iter().map(|c| c.last_transition_time);
            [j.status.start_time, j.status.completion_time].into_iter().chain(conditions)
        });
        match cron_job_status.chain(job_status).flatten().max() {
            Some(status) => Some(created().fold(status, Time::max)),
            None => created().min(),
        }
    }
}

/// A `Simulation` document of a manifest, where it starts, and what reading it gave.
#[derive(Clone, Debug, PartialEq)]
pub struct SimulationDocument {
    pub line: u32,
    pub column: u32,
    pub read: Result<Simulation, SimulationError>,
}

/// The input of a run, read once: the manifest's objects admitted under the release the
/// Simulation document picks, and the Simulation the run follows (or why it cannot run). The
/// page's diagnostics, the CLI, the JS API and the benchmarks all start from it, so the text is
/// admitted once and the release is picked in one place.
///
/// ```
/// use cronjob_playground::sim::Input;
/// let text = "apiVersion: batch/v1beta1\nkind: CronJob\nmetadata: {name: old}\nspec:\n  schedule: '@hourly'\n  \
///     jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          \
///     containers: [{name: c, image: busybox}]\n\
///     ---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec: {kubernetesVersion: '1.20'}\n";
/// let input = Input::read(text);
/// assert_eq!(input.version().to_string(), "1.20");
/// assert!(input.admission().objects[0].report.valid); // batch/v1beta1 is served by 1.20
/// assert_eq!((input.documents()[0].line, input.documents()[0].column), (13, 1));
/// assert_eq!(input.simulation().unwrap().spec.kubernetes_version.unwrap().to_string(), "1.20");
/// ```
/// Its parts are read-only: the admission is always the one under the Simulation's release.
#[derive(Debug)]
pub struct Input {
    admission: Admission,
    version: KubernetesVersion,
    documents: Vec<SimulationDocument>,
    simulation: Result<Simulation, SimError>,
}

impl Input {
    /// Reads `manifest`: its first Simulation document picks the release, the objects are
    /// admitted under it.
    pub fn read(manifest: &str) -> Input {
        // Read once: the Simulation documents are of no release (the API server passes them on
        // as written), so they are found before the objects are admitted.
        let loaded = load_manifest(manifest);
        let documents: Vec<SimulationDocument> = loaded
            .objects
            .iter()
            .filter(|raw| raw.kind == SIMULATION_KIND)
            .map(|raw| SimulationDocument {
                line: raw.node.pos.line,
                column: raw.node.pos.column,
                read: Simulation::from_value(raw.json()),
            })
            .collect();
        let picked = documents.first().and_then(|d| d.read.as_ref().ok());
        let (version, admission) = match picked {
            Some(sim) => (sim.release().0.version, admit_under(&loaded, sim)),
            None => (KubernetesVersion::NEWEST, admit_loaded(&loaded, KubernetesVersion::NEWEST, &[])),
        };
        let simulation = the_simulation(&admission, &documents);
        Input { admission, version, documents, simulation }
    }

    /// Reads `manifest` under a Simulation given apart from it, which wins over any in it.
    pub fn with_simulation(manifest: &str, simulation: Simulation) -> Input {
        let version = simulation.release().0.version;
        let admission = admit_under(&load_manifest(manifest), &simulation);
        Input { admission, version, documents: vec![], simulation: Ok(simulation) }
    }

    /// The objects as the API server of [`Input::version`] takes them.
    pub fn admission(&self) -> &Admission {
        &self.admission
    }

    /// The release the objects were admitted under (the Simulation's).
    pub fn version(&self) -> KubernetesVersion {
        self.version
    }

    /// The manifest's Simulation documents, in order (a run allows at most one).
    pub fn documents(&self) -> &[SimulationDocument] {
        &self.documents
    }

    /// The Simulation the run follows — the manifest's document, one given apart from it, or the
    /// default — or the first reason the input cannot run.
    pub fn simulation(&self) -> Result<&Simulation, &SimError> {
        self.simulation.as_ref()
    }
}

/// `manifest` admitted by the API server of `simulation`'s release with its feature gates (a
/// gated field is kept or dropped as the run's gates say).
fn admit_under(manifest: &Manifest, simulation: &Simulation) -> Admission {
    let (release, gates, _) = simulation.release();
    let switched: Vec<(&str, bool)> = gates.overrides().collect();
    admit_loaded(manifest, release.version, &switched)
}

/// The Simulation a manifest's run follows: its one document, or the default; an error when
/// the text cannot be read, or holds a second or a broken document.
fn the_simulation(admission: &Admission, documents: &[SimulationDocument]) -> Result<Simulation, SimError> {
    unreadable(admission)?;
    let mut found = None;
    for d in documents {
        let (line, column) = (d.line, d.column);
        if found.is_some() {
            return Err(InputError::SecondSimulation { line, column }.into());
        }
        let read = d.read.clone().map_err(|error| InputError::Simulation { at: Some((line, column)), error })?;
        found = Some(read);
    }
    Ok(found.unwrap_or_default())
}

/// The text's first place that is not YAML or JSON, as the error.
fn unreadable(admission: &Admission) -> Result<(), InputError> {
    match admission.parse_errors.first() {
        Some(e) => Err(InputError::Unreadable { line: e.line, column: e.column, message: e.message.clone() }),
        None => Ok(()),
    }
}

/// The CronJobs and Jobs of an admission, or its first rejection with its position; for
/// `one_namespace` (a run's world) only the first object of each kind and name.
fn objects_of(admission: Admission, one_namespace: bool) -> Result<Objects, SimError> {
    unreadable(&admission)?;
    let mut objects = Objects::default();
    // The first object of each kind and name, with its namespace and line: the world is one
    // namespace, so a second object of that name would silently replace the first.
    let mut seen: Vec<(&'static str, String, String, u32)> = Vec::new();
    for o in admission.objects {
        let r = &o.report;
        // A `kubectl get` dump of a Job that exists is simulated as it stands in the cluster,
        // though creating it again would be refused (its selector names its old UID).
        let object = o.object.or(o.existing);
        let identity = match &object {
            Some(Admitted::CronJob(cj)) => Some(("CronJob", &cj.metadata)),
            Some(Admitted::Job(job)) => Some(("Job", &job.metadata)),
            _ => None,
        };
        if let Some((kind, meta)) = identity.filter(|_| one_namespace) {
            let first = seen.iter().find(|(k, name, ..)| *k == kind && *name == meta.name);
            if let Some((_, _, namespace, line)) = first {
                objects.notices.push(left_out(kind, &meta.name, (&meta.namespace, r.line), (namespace, *line)));
                continue;
            }
            seen.push((kind, meta.name.clone(), meta.namespace.clone(), r.line));
        }
        match object {
            Some(Admitted::CronJob(cj)) => objects.cron_jobs.push(cj),
            Some(Admitted::Job(job)) => objects.jobs.push(job),
            // Other kinds (an install file's ServiceAccount, ConfigMap, Deployment…) are not
            // simulated; `not_simulated` lists them for the notice.
            Some(Admitted::Other { .. }) => {}
            None => {
                let message = r.message.clone().unwrap_or_else(|| format!("{} {:?} is invalid", r.kind, r.name));
                let (line, column) = r.position();
                return Err(InputError::Refused { line, column, message }.into());
            }
        }
    }
    Ok(objects)
}

/// The notice for an object left out because one of the same kind and name came first
/// (`(namespace, line)` of each).
fn left_out(kind: &str, name: &str, (namespace, line): (&str, u32), first: (&str, u32)) -> String {
    let ns = |n: &str| if n.is_empty() { "no namespace".to_string() } else { format!("namespace {n}") };
    let why = if namespace == first.0 {
        "the first object of that name is simulated".to_string()
    } else {
        format!(
            "a run models one namespace and the {kind} of that name in {} (line {}) came first; \
            `cronjob-playground cluster` simulates each namespace apart",
            ns(first.0),
            first.1
        )
    };
    format!("{kind} {name:?} ({}, line {line}) is left out: {why}", ns(namespace))
}

/// An object of the input that the simulation leaves out: any kind but CronJob, Job and the
/// Simulation document — the rest of an install file, or a look-alike CronJob of another API
/// group (a custom resource that no built-in controller runs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotSimulated {
    pub api_version: String,
    pub kind: String,
    pub name: String,
    pub line: u32,
    pub column: u32,
}

impl NotSimulated {
    /// A CronJob or Job of a group other than `batch`: a custom resource with its own
    /// controller, which the playground does not have.
    pub fn is_look_alike(&self) -> bool {
        crate::api::load::is_look_alike(&self.api_version, &self.kind)
    }
}

/// The objects of an admission that a simulation of it leaves out, in manifest order.
///
/// ```
/// use cronjob_playground::api::{admit, KubernetesVersion};
/// use cronjob_playground::sim::not_simulated;
/// let text = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\n---\n\
///     apiVersion: batch.tutorial.kubebuilder.io/v1\nkind: CronJob\nmetadata: {name: sample}\n";
/// let left = not_simulated(&admit(text, None, KubernetesVersion::NEWEST));
/// assert_eq!(left.iter().map(|o| (o.kind.as_str(), o.name.as_str(), o.line, o.is_look_alike())).collect::<Vec<_>>(),
///            [("ConfigMap", "settings", 1, false), ("CronJob", "sample", 5, true)]);
/// ```
pub fn not_simulated(admission: &Admission) -> Vec<NotSimulated> {
    admission
        .objects
        .iter()
        .filter_map(|o| match &o.object {
            Some(Admitted::Other { api_version, kind, .. }) if kind != SIMULATION_KIND => Some(NotSimulated {
                api_version: api_version.clone(),
                kind: kind.clone(),
                name: o.report.name.clone(),
                line: o.report.line,
                column: o.report.column,
            }),
            _ => None,
        })
        .collect()
}

/// The Jobs of an admission whose controlling owner is a CronJob not in it (a `kubectl get
/// jobs` dump), with that CronJob's name. They are simulated as if the CronJob existed in the
/// cluster outside the input: the run does not garbage-collect them, though a cluster where the
/// owner is really gone would (the garbage collector deletes a dependent whose owner is absent
/// within seconds of noticing).
///
/// ```
/// use cronjob_playground::api::{admit, KubernetesVersion};
/// use cronjob_playground::sim::owners_not_in_input;
/// let job = "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: report-29110680\n  ownerReferences:\n  - \
///     {apiVersion: batch/v1, kind: CronJob, name: report, uid: u1, controller: true}\n\
///     spec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers: [{name: c, image: busybox}]\n";
/// assert_eq!(owners_not_in_input(&admit(job, None, KubernetesVersion::NEWEST)), [("report-29110680".to_string(),
///     "report".to_string())]);
/// ```
pub fn owners_not_in_input(admission: &Admission) -> Vec<(String, String)> {
    let cron_jobs: Vec<&str> = admission
        .objects
        .iter()
        .filter_map(|o| match &o.object {
            Some(Admitted::CronJob(cj)) => Some(cj.metadata.name.as_str()),
            _ => None,
        })
        .collect();
    admission
        .objects
        .iter()
        .filter_map(|o| match o.object.as_ref().or(o.existing.as_ref()) {
            Some(Admitted::Job(job)) => {
                let owner = job.metadata.controller_of().filter(|r| r.kind == "CronJob")?;
                (!cron_jobs.contains(&owner.name.as_str())).then(|| (job.metadata.name.clone(), owner.name.clone()))
            }
            _ => None,
        })
        .collect()
}

/// The wall clock to the second: where a run of objects with no time of their own starts.
fn now() -> Time {
    Utc::now().trunc_subsecs(0)
}

/// The nominal slots of `objects`' CronJobs within `[start, end)`, or the error of a horizon that
/// holds more than `budget` allows (checked before anything runs).
fn slots_within(
    objects: &Objects,
    scenario: &Simulation,
    zone: Tz,
    (start, end): (Time, Time),
    budget: &Budget,
) -> Result<u64, SimError> {
    let (release, gates, _) = scenario.release();
    let behaviour = Behaviour::for_release(release, &gates);
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
    Ok(slots)
}

/// The controller manager's zone (`controllerTimeZone`), which reads schedules that name none.
fn controller_zone(scenario: &Simulation) -> Result<Tz, InputError> {
    match scenario.spec.controller_time_zone.as_deref() {
        None => Ok(Tz::UTC),
        Some(z) => z.parse().map_err(|_| InputError::UnknownTimeZone(z.to_string())),
    }
}

/// Sets up the world of `input` at the start of its horizon.
pub(crate) fn build_world(input: Input) -> Result<World, SimError> {
    let scenario = input.simulation?;
    let (release, gates, notices) = scenario.release();
    let mut objects = objects_of(input.admission, true)?;
    let zone = controller_zone(&scenario)?;
    let default_start: Time = objects.present().unwrap_or_else(now);
    let (start, end) = scenario.horizon(default_start).map_err(|error| InputError::Simulation { at: None, error })?;

    let budget = Budget::default();
    let slots = slots_within(&objects, &scenario, zone, (start, end), &budget)?;
    let bounds = scenario.spec.kubelet.backoff_bounds(&gates).map_err(InputError::Kubelet)?;
    let mut world = World::new(release, &gates, scenario, start, end, zone, budget.for_slots(slots));
    world.kubelet.bounds = bounds;
    world.notices = notices;
    world.notices.append(&mut objects.notices);
    // Objects created after the start appear at their creationTimestamp, as `kubectl apply` then.
    let later = |t: Option<Time>| t.is_some_and(|t| t > start);
    for cj in objects.cron_jobs {
        let created = cj.metadata.creation_timestamp.unwrap_or(start);
        world.recorder.cron_job_declared(&cj.metadata.name, created, &cj.spec, &cj.metadata.labels);
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
