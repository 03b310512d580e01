//! The run's `Simulation` document and the trace's cluster record packed into bytes for the page,
//! beside the trace ([`packed`](super::packed)): the page reads them to draw the form controls and
//! the cluster lane, and never as JSON, so its wasm holds no JSON decoder for the document's types
//! (pod rules, cluster events with their checks, the kubelet's options) or for the cluster
//! record's (about 17 KB gzip of derived code between them). Free-form JSON (the document's
//! `metadata`, a patch's `spec`) crosses as a `serde_json::Value` packed (`Writer::value`), not
//! as text the page would need a JSON parser to read.
//! Same private format as the trace's: one build of the page and its worker.
//!
//! ```
//! use cronjob_playground::app::packed::Reader;
//! use cronjob_playground::app::packed_scenario::{pack_simulation, unpack_simulation};
//! use cronjob_playground::sim::Simulation;
//! let sim: Simulation = serde_json::from_str(r#"{"spec": {"duration": "2h", "pods": [{"attempts": [{"durationSeconds": 20, "exitCode": 1}]}]}}"#).unwrap();
//! let mut bytes = Vec::new();
//! pack_simulation(&sim, &mut bytes);
//! assert_eq!(unpack_simulation(&mut Reader::new(&bytes)).unwrap(), sim);
//! ```

use super::packed::{PackError, Reader, Writer};
use crate::api::{KubernetesVersion, Release};
use crate::sim::scenario::{
    Attempt, ClusterAction, ClusterEvent, HorizonDuration, InitContainerRule, JobBehaviour, KubeletOptions, PodRule,
    PodSelector, RetryTimingName, SimulationSpec, SyncDetail, TraceOptions,
};
use crate::sim::trace::{ClusterEventRecord, ClusterRecord, CronJobLife, CronJobSpecRecord, Outage};
use crate::sim::Simulation;
use chrono::TimeDelta;

/// Appends `sim` to `out`.
pub fn pack_simulation(sim: &Simulation, out: &mut Vec<u8>) {
    let mut w = Writer::new(out);
    w.opt_str(sim.api_version.as_deref());
    w.opt_str(sim.kind.as_deref());
    w.opt_value(sim.metadata.as_ref());
    let s = &sim.spec;
    match s.kubernetes_version {
        Some(r) => {
            w.u8(r.version.minor());
            opt_u32(&mut w, r.patch);
        }
        None => w.u8(0),
    }
    w.len(s.feature_gates.len());
    for (gate, on) in &s.feature_gates {
        w.str(gate);
        w.u8(u8::from(*on));
    }
    w.opt_time(s.start);
    w.opt_time(s.end);
    opt_delta(&mut w, s.duration.map(|d| d.0));
    w.opt_str(s.controller_time_zone.as_deref());
    w.len(s.pods.len());
    for p in &s.pods {
        selector(&mut w, &p.selector);
        w.f64(p.startup_seconds);
        attempts(&mut w, &p.attempts);
        w.len(p.jobs.len());
        for j in &p.jobs {
            attempts(&mut w, &j.attempts);
        }
        w.u8(u8::from(p.ignores_sigterm));
        w.len(p.init_containers.len());
        for c in &p.init_containers {
            w.str(&c.name);
            attempts(&mut w, &c.attempts);
            w.u32(c.startup_probe_failures);
            w.u8(u8::from(c.ignores_sigterm));
        }
    }
    w.len(s.events.len());
    for e in &s.events {
        event(&mut w, e);
    }
    w.u8(match s.trace.syncs {
        SyncDetail::All => 0,
        SyncDetail::None => 1,
    });
    w.u8(match s.kubelet.retry_timing {
        RetryTimingName::BackOffExpiry => 0,
        RetryTimingName::PodWorker => 1,
    });
    opt_delta(&mut w, s.kubelet.max_container_restart_period.map(|d| d.0));
}

/// Reads what [`pack_simulation`] wrote.
pub fn unpack_simulation(r: &mut Reader) -> Result<Simulation, PackError> {
    let (api_version, kind, metadata) = (r.opt_string()?, r.opt_string()?, r.opt_value()?);
    let at = r.offset();
    let kubernetes_version = match r.u8()? {
        0 => None,
        minor => {
            let version = KubernetesVersion::new(minor).ok_or(PackError { what: "release", at })?;
            Some(Release { version, patch: read_opt_u32(r)? })
        }
    };
    let feature_gates = (0..r.len()?).map(|_| Ok((r.string()?, r.u8()? == 1))).collect::<Result<_, PackError>>()?;
    let (start, end) = (r.opt_time()?, r.opt_time()?);
    let duration = read_opt_delta(r)?.map(HorizonDuration);
    let controller_time_zone = r.opt_string()?;
    let pods = (0..r.len()?)
        .map(|_| {
            Ok(PodRule {
                selector: read_selector(r)?,
                startup_seconds: r.f64()?,
                attempts: read_attempts(r)?,
                jobs: (0..r.len()?)
                    .map(|_| Ok(JobBehaviour { attempts: read_attempts(r)? }))
                    .collect::<Result<_, PackError>>()?,
                ignores_sigterm: r.u8()? == 1,
                init_containers: (0..r.len()?)
                    .map(|_| {
                        Ok(InitContainerRule {
                            name: r.string()?,
                            attempts: read_attempts(r)?,
                            startup_probe_failures: r.u32()?,
                            ignores_sigterm: r.u8()? == 1,
                        })
                    })
                    .collect::<Result<_, PackError>>()?,
            })
        })
        .collect::<Result<_, PackError>>()?;
    let events = (0..r.len()?).map(|_| read_event(r)).collect::<Result<_, _>>()?;
    let syncs = r.pick(&[SyncDetail::All, SyncDetail::None], "sync detail")?;
    let retry_timing = r.pick(&[RetryTimingName::BackOffExpiry, RetryTimingName::PodWorker], "retry timing")?;
    let max_container_restart_period = read_opt_delta(r)?.map(HorizonDuration);
    Ok(Simulation {
        api_version,
        kind,
        metadata,
        spec: SimulationSpec {
            kubernetes_version,
            feature_gates,
            start,
            end,
            duration,
            controller_time_zone,
            pods,
            events,
            trace: TraceOptions { syncs },
            kubelet: KubeletOptions { retry_timing, max_container_restart_period },
        },
    })
}

/// Appends the cluster record to `out` (without the CronJobs' labels and requests, which only the
/// engine's cluster view reads).
pub fn pack_cluster(c: &ClusterRecord, out: &mut Vec<u8>) {
    let mut w = Writer::new(out);
    w.len(c.cron_jobs.len());
    for life in &c.cron_jobs {
        w.str(&life.name);
        w.len(life.specs.len());
        for s in &life.specs {
            w.time(s.at);
            w.str(&s.schedule);
            w.opt_str(s.time_zone.as_deref());
            w.u8(u8::from(s.suspend));
            w.str(&s.concurrency_policy);
            match s.starting_deadline_seconds {
                Some(d) => {
                    w.u8(1);
                    w.i64(d);
                }
                None => w.u8(0),
            }
        }
        w.opt_time(life.deleted_at);
    }
    w.len(c.events.len());
    for e in &c.events {
        event(&mut w, &e.event);
        w.opt_str(e.refused.as_deref());
    }
    w.len(c.outages.len());
    for o in &c.outages {
        w.time(o.from);
        w.time(o.to);
    }
}

/// Reads what [`pack_cluster`] wrote.
pub fn unpack_cluster(r: &mut Reader) -> Result<ClusterRecord, PackError> {
    let cron_jobs = (0..r.len()?)
        .map(|_| {
            let name = r.string()?;
            let specs = (0..r.len()?)
                .map(|_| {
                    Ok(CronJobSpecRecord {
                        at: r.time()?,
                        schedule: r.string()?,
                        time_zone: r.opt_string()?,
                        suspend: r.u8()? == 1,
                        concurrency_policy: r.string()?,
                        starting_deadline_seconds: if r.flag()? { Some(r.i64()?) } else { None },
                        // Not sent: only the engine's cluster view reads them.
                        labels: Default::default(),
                        requests: Default::default(),
                    })
                })
                .collect::<Result<_, PackError>>()?;
            Ok(CronJobLife { name, specs, deleted_at: r.opt_time()? })
        })
        .collect::<Result<_, PackError>>()?;
    let events = (0..r.len()?)
        .map(|_| Ok(ClusterEventRecord { event: read_event(r)?, refused: r.opt_string()? }))
        .collect::<Result<_, PackError>>()?;
    let outages =
        (0..r.len()?).map(|_| Ok(Outage { from: r.time()?, to: r.time()? })).collect::<Result<_, PackError>>()?;
    Ok(ClusterRecord { cron_jobs, events, outages })
}

fn opt_u32(w: &mut Writer, v: Option<u32>) {
    match v {
        Some(v) => {
            w.u8(1);
            w.u32(v);
        }
        None => w.u8(0),
    }
}

fn read_opt_u32(r: &mut Reader) -> Result<Option<u32>, PackError> {
    Ok(if r.flag()? { Some(r.u32()?) } else { None })
}

/// A span exactly: whole seconds and the nanoseconds within the second.
fn opt_delta(w: &mut Writer, d: Option<TimeDelta>) {
    match d {
        Some(d) => {
            w.u8(1);
            w.i64(d.num_seconds());
            w.u32(d.subsec_nanos().unsigned_abs());
        }
        None => w.u8(0),
    }
}

fn read_opt_delta(r: &mut Reader) -> Result<Option<TimeDelta>, PackError> {
    if !r.flag()? {
        return Ok(None);
    }
    let at = r.offset();
    let (secs, nanos) = (r.i64()?, r.u32()?);
    // A negative span carries its nanoseconds with its sign (`TimeDelta::subsec_nanos`).
    let nanos = if secs < 0 { -TimeDelta::nanoseconds(nanos.into()) } else { TimeDelta::nanoseconds(nanos.into()) };
    TimeDelta::try_seconds(secs).and_then(|s| s.checked_add(&nanos)).map(Some).ok_or(PackError { what: "span", at })
}

fn selector(w: &mut Writer, s: &PodSelector) {
    w.opt_str(s.cron_job.as_deref());
    w.opt_str(s.job.as_deref());
}

fn read_selector(r: &mut Reader) -> Result<PodSelector, PackError> {
    Ok(PodSelector { cron_job: r.opt_string()?, job: r.opt_string()? })
}

fn attempts(w: &mut Writer, attempts: &[Attempt]) {
    w.len(attempts.len());
    for a in attempts {
        w.f64(a.duration_seconds);
        w.u32(a.exit_code as u32);
    }
}

fn read_attempts(r: &mut Reader) -> Result<Vec<Attempt>, PackError> {
    (0..r.len()?).map(|_| Ok(Attempt { duration_seconds: r.f64()?, exit_code: r.u32()? as i32 })).collect()
}

fn event(w: &mut Writer, e: &ClusterEvent) {
    w.time(e.at);
    match &e.action {
        ClusterAction::Patch { cron_job, spec } => {
            w.u8(0);
            w.str(cron_job);
            w.value(spec);
        }
        ClusterAction::DeleteJob { job } => {
            w.u8(1);
            w.str(job);
        }
        ClusterAction::DeleteCronJob { cron_job } => {
            w.u8(2);
            w.str(cron_job);
        }
        ClusterAction::ControllerDown { until } => {
            w.u8(3);
            w.time(*until);
        }
        ClusterAction::Trigger { cron_job } => {
            w.u8(4);
            w.str(cron_job);
        }
    }
}

fn read_event(r: &mut Reader) -> Result<ClusterEvent, PackError> {
    let at = r.time()?;
    let tag_at = r.offset();
    let action = match r.u8()? {
        0 => {
            let cron_job = r.string()?;
            ClusterAction::Patch { cron_job, spec: r.value()? }
        }
        1 => ClusterAction::DeleteJob { job: r.string()? },
        2 => ClusterAction::DeleteCronJob { cron_job: r.string()? },
        3 => ClusterAction::ControllerDown { until: r.time()? },
        4 => ClusterAction::Trigger { cron_job: r.string()? },
        _ => return Err(PackError { what: "cluster event", at: tag_at }),
    };
    Ok(ClusterEvent { at, action })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timeline::fixture::retroactive;

    fn simulation(json: &str) -> Simulation {
        serde_json::from_str(json).unwrap()
    }

    fn round_trip(sim: &Simulation) -> Simulation {
        let mut bytes = Vec::new();
        pack_simulation(sim, &mut bytes);
        let mut r = Reader::new(&bytes);
        let back = unpack_simulation(&mut r).unwrap();
        assert!(r.is_empty());
        back
    }

    #[test]
    fn every_field_of_a_simulation_document_comes_back_exactly() {
        let full = simulation(
            r#"{"apiVersion": "playground.cronjob.dev/v1alpha1", "kind": "Simulation", "metadata": {"name": "s", "labels": {"a": "b"}},
            "spec": {"kubernetesVersion": "1.26.3", "featureGates": {"JobPodFailurePolicy": false, "SidecarContainers": true},
              "start": "2025-01-15T10:00:00.250Z", "duration": "1d12h30m0.5s", "controllerTimeZone": "Asia/Tokyo",
              "pods": [{"selector": {"cronJob": "nightly"}, "startupSeconds": 2.5, "attempts": [{"durationSeconds": 20, "exitCode": 1}, {"durationSeconds": 0.25}],
                        "ignoresSigterm": true, "initContainers": [{"name": "log-shipper", "startupProbeFailures": 2, "ignoresSigterm": true},
                          {"name": "migrate", "attempts": [{"durationSeconds": 3, "exitCode": 0}]}]},
                       {"selector": {"job": "once"}, "jobs": [{"attempts": [{"durationSeconds": 5, "exitCode": -1}]}, {"attempts": []}]}],
              "events": [{"at": "2025-01-15T11:00:00Z", "patch": {"cronJob": "nightly", "spec": {"suspend": true, "schedule": "0 * * * *"}}},
                         {"at": "2025-01-15T12:00:00Z", "delete": {"job": "once"}},
                         {"at": "2025-01-15T12:30:00Z", "delete": {"cronJob": "nightly"}},
                         {"at": "2025-01-15T13:00:00Z", "controllerDown": {"until": "2025-01-15T14:00:00.000000001Z"}},
                         {"at": "2025-01-15T15:00:00Z", "trigger": {"cronJob": "nightly"}}],
              "trace": {"syncs": "none"}, "kubelet": {"retryTiming": "podWorker", "maxContainerRestartPeriod": "30s"}}}"#,
        );
        assert_eq!(round_trip(&full), full);
        let bare = Simulation::default();
        assert_eq!(round_trip(&bare), bare);
        let end = simulation(r#"{"spec": {"kubernetesVersion": "1.20", "end": "2025-01-16T00:00:00Z"}}"#);
        assert_eq!(round_trip(&end), end);
    }

    #[test]
    fn the_cluster_record_comes_back_exactly() {
        let mut cluster = retroactive().cluster;
        cluster.events[0].refused = Some("Error from server: no".into());
        assert!(!cluster.cron_jobs.is_empty() && !cluster.outages.is_empty());
        let mut bytes = Vec::new();
        pack_cluster(&cluster, &mut bytes);
        let mut r = Reader::new(&bytes);
        assert_eq!(unpack_cluster(&mut r), Ok(cluster));
        assert!(r.is_empty());
    }

    #[test]
    fn a_damaged_buffer_is_an_error_not_a_panic() {
        let mut bytes = Vec::new();
        pack_cluster(&retroactive().cluster, &mut bytes);
        for cut in [0, 3, bytes.len() / 2, bytes.len() - 1] {
            assert!(unpack_cluster(&mut Reader::new(&bytes[..cut])).is_err(), "cut at {cut}");
        }
        let mut bytes = Vec::new();
        pack_simulation(&Simulation::default(), &mut bytes);
        bytes[3] = 99; // the release: no 1.99
        assert_eq!(unpack_simulation(&mut Reader::new(&bytes)), Err(PackError { what: "release", at: 3 }));
    }
}
