//! The trace packed into bytes for the page: the bulk of a run's answer from the engine's worker
//! (see [`protocol`](super::protocol)). JSON spent most of a keystroke's page-side time on it — every instant
//! written as RFC 3339 text and parsed back, every field named in every record — where this
//! writes instants as whole seconds and nanoseconds, enums as one byte and strings as
//! length-prefixed UTF-8, so packing and unpacking are little more than copies. It also keeps the
//! trace's JSON decoder out of the page's wasm (about 13 KB gzip of derived code for records the
//! page never reads as JSON).
//! The format is private to one build of the page and its worker (both come from this crate):
//! nothing else reads it, and the trace's JSON contract is untouched.
//!
//! ```
//! use cronjob_playground::app::packed::{pack, unpack, Reader};
//! let mut trace = cronjob_playground::sim::simulate("apiVersion: batch/v1\nkind: Job\nmetadata: {name: \
//!     once}\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers: [{name: c, image: \
//!     busybox}]\n", None).unwrap();
//! trace.syncs.clear();
//! trace.events.clear();
//! let mut bytes = Vec::new();
//! pack(&trace, &mut bytes);
//! let back = unpack(&mut Reader::new(&bytes)).unwrap();
//! assert_eq!(back, cronjob_playground::sim::trace::Trace { cluster: Default::default(), ..trace });
//! ```

mod bytes;
mod codes;

pub use bytes::{PackError, Reader, Writer};

use crate::api::KubernetesVersion;
use crate::controller::Message;
use crate::sim::trace::{
    ClusterRecord, CronJobRecord, Events, InitContainerRecord, JobRecord, Name, PodRecord, RanAfter, SlotRecord,
    SlotWhy, Time, Trace,
};
use codes::{
    condition_code, deleter_code, fate_code, opt_code, phase_code, read_runs, write_runs, CONDITIONS, DELETERS, FATES,
    PHASES,
};

/// Appends `trace` to `out`: its release, notices, horizon and CronJobs' final status, then its
/// Jobs, Pods and slots. Its syncs, Events and cluster record are not packed (the page keeps no
/// syncs or Events; the cluster record crosses on its own).
pub fn pack(trace: &Trace, out: &mut Vec<u8>) {
    let mut w = Writer::new(out);
    w.u8(trace.kubernetes_version.minor());
    w.len(trace.notices.len());
    for n in &trace.notices {
        w.str(n);
    }
    w.time(trace.start);
    w.time(trace.end);
    w.len(trace.cron_jobs.len());
    for c in &trace.cron_jobs {
        w.str(&c.name);
        w.value(&c.status);
    }
    w.len(trace.jobs.len());
    for j in &trace.jobs {
        w.str(&j.name);
        w.opt_str(j.cron_job.as_deref());
        w.opt_time(j.scheduled_time);
        w.time(j.created_at);
        w.opt_time(j.finished_at);
        opt_code(&mut w, j.condition, condition_code);
        w.opt_str(j.reason.as_deref());
        w.opt_time(j.deleted_at);
        opt_code(&mut w, j.deleted_by, deleter_code);
        w.opt_str(j.managed_by.as_deref());
    }
    w.len(trace.pods.len());
    for p in &trace.pods {
        w.str(&p.name);
        w.str(&p.job);
        w.time(p.created_at);
        w.opt_time(p.started_at);
        w.opt_time(p.finished_at);
        w.u8(phase_code(p.phase));
        write_runs(&mut w, &p.restarts, &p.exit_codes);
        w.opt_time(p.deleted_at);
        w.opt_str(p.deleted_because.as_ref().map(|b| b.text()).as_deref());
        w.len(p.init_containers.len());
        for c in &p.init_containers {
            w.str(&c.name);
            w.u8(c.sidecar as u8);
            w.opt_time(c.started_at);
            w.opt_time(c.initialized_at);
            write_runs(&mut w, &c.restarts, &c.exit_codes);
            w.opt_time(c.stopping_at);
            w.opt_time(c.finished_at);
        }
    }
    w.len(trace.slots.len());
    for s in &trace.slots {
        w.str(&s.cron_job);
        w.time(s.scheduled_time);
        w.u8(fate_code(s.fate));
        w.opt_str(s.job.as_deref());
        write_why(&mut w, s);
    }
}

/// A slot's reason: a run's facts as they are (the page names how a late run came about), any
/// other reason as its words.
fn write_why(w: &mut Writer, s: &SlotRecord) {
    match &s.explanation {
        SlotWhy::Ran { job, created, late, after }
            if s.job.as_ref() == Some(job) && *late == *created - s.scheduled_time =>
        {
            w.u8(1);
            w.time(*created);
            match after {
                RanAfter::FirstSync => w.u8(0),
                RanAfter::Forbid => w.u8(1),
                RanAfter::Suspend => w.u8(2),
                RanAfter::Outage => w.u8(3),
                RanAfter::ScheduleEdit => w.u8(4),
                RanAfter::Syncs(n) => {
                    w.u8(5);
                    w.u32(*n);
                }
            }
        }
        other => {
            w.u8(0);
            w.str(&other.text());
        }
    }
}

/// Reads what [`write_why`] wrote for a slot scheduled at `scheduled` whose Job is `job`.
fn read_why(r: &mut Reader, scheduled: Time, job: Option<&Name>) -> Result<SlotWhy, PackError> {
    let at = r.offset();
    if r.u8()? == 0 {
        return Ok(r.string()?.into());
    }
    let created = r.time()?;
    let after = match r.u8()? {
        0 => RanAfter::FirstSync,
        1 => RanAfter::Forbid,
        2 => RanAfter::Suspend,
        3 => RanAfter::Outage,
        4 => RanAfter::ScheduleEdit,
        5 => RanAfter::Syncs(r.u32()?),
        _ => return Err(PackError { what: "slot reason", at }),
    };
    let job = job.cloned().ok_or(PackError { what: "slot reason", at })?;
    Ok(SlotWhy::Ran { job, created, late: created - scheduled, after })
}

/// Reads what [`pack`] wrote: the trace without syncs, Events or cluster record.
pub fn unpack(r: &mut Reader) -> Result<Trace, PackError> {
    let mut unpacking = Unpacking::start(r)?;
    while !unpacking.step(r, usize::MAX)? {}
    Ok(unpacking.finish())
}

/// What [`pack`] wrote, read a number of records at a time: the page reads a large run's answer
/// in slices with the event loop free between them (two years of an hourly CronJob are 52,000
/// Jobs, Pods and slots, too many for one short task), and [`unpack`] reads it in one go.
///
/// ```
/// use cronjob_playground::app::packed::{pack, unpack, Reader, Unpacking};
/// let trace = cronjob_playground::sim::simulate(include_str!("../../../e2e/seeds/perf-30d-hourly.yaml"),
///     None).unwrap();
/// let mut bytes = Vec::new();
/// pack(&trace, &mut bytes);
/// let mut r = Reader::new(&bytes);
/// let mut unpacking = Unpacking::start(&mut r).unwrap();
/// let mut slices = 1;
/// while !unpacking.step(&mut r, 500).unwrap() {
///     slices += 1;
/// }
/// // 719 Jobs, 719 Pods and 719 slots, 500 at a time.
/// assert_eq!(slices, 5);
/// assert_eq!(unpacking.finish().slots, unpack(&mut Reader::new(&bytes)).unwrap().slots);
/// ```
#[derive(Debug)]
pub struct Unpacking {
    trace: Trace,
    /// The records still to read in the current part (Jobs, then Pods, then slots).
    part: Part,
    left: usize,
}

/// The part of a packed trace being read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    Jobs,
    Pods,
    Slots,
    Done,
}

impl Unpacking {
    /// Reads the trace's head (release, notices, horizon, CronJobs) and the count of its Jobs.
    pub fn start(r: &mut Reader) -> Result<Unpacking, PackError> {
        let at = r.offset();
        let kubernetes_version = KubernetesVersion::new(r.u8()?).ok_or(PackError { what: "release", at })?;
        let notices = (0..r.len()?).map(|_| r.string()).collect::<Result<_, _>>()?;
        let (start, end) = (r.time()?, r.time()?);
        let cron_jobs = (0..r.len()?)
            .map(|_| {
                let name = r.string()?;
                Ok(CronJobRecord { name, status: r.value()? })
            })
            .collect::<Result<_, PackError>>()?;
        let left = r.len()?;
        let trace = Trace {
            kubernetes_version,
            notices,
            start,
            end,
            events: Events::default(),
            jobs: Vec::with_capacity(left),
            pods: Vec::new(),
            syncs: Vec::new(),
            slots: Vec::new(),
            cron_jobs,
            cluster: ClusterRecord::default(),
        };
        Ok(Unpacking { trace, part: Part::Jobs, left })
    }

    /// Reads up to `records` more Jobs, Pods or slots from `r` (positioned where the last step
    /// stopped); true once the whole trace is read.
    pub fn step(&mut self, r: &mut Reader, records: usize) -> Result<bool, PackError> {
        let mut budget = records.max(1);
        while self.part != Part::Done && budget > 0 {
            let n = self.left.min(budget);
            match self.part {
                Part::Jobs => {
                    for _ in 0..n {
                        self.trace.jobs.push(read_job(r)?);
                    }
                }
                Part::Pods => {
                    for _ in 0..n {
                        self.trace.pods.push(read_pod(r)?);
                    }
                }
                Part::Slots => {
                    for _ in 0..n {
                        self.trace.slots.push(read_slot(r)?);
                    }
                }
                Part::Done => unreachable!("the loop stops at Done"),
            }
            (self.left, budget) = (self.left - n, budget - n);
            if self.left == 0 {
                self.part = match self.part {
                    Part::Jobs => Part::Pods,
                    Part::Pods => Part::Slots,
                    _ => Part::Done,
                };
                if self.part != Part::Done {
                    self.left = r.len()?;
                }
                match self.part {
                    Part::Pods => self.trace.pods.reserve_exact(self.left),
                    Part::Slots => self.trace.slots.reserve_exact(self.left),
                    _ => {}
                }
            }
        }
        Ok(self.part == Part::Done)
    }

    /// The trace read (whole once [`Unpacking::step`] has said so).
    pub fn finish(self) -> Trace {
        self.trace
    }
}

fn read_job(r: &mut Reader) -> Result<JobRecord, PackError> {
    Ok(JobRecord {
        name: r.string()?.into(),
        cron_job: r.opt_string()?.map(Name::from),
        scheduled_time: r.opt_time()?,
        created_at: r.time()?,
        finished_at: r.opt_time()?,
        condition: r.opt_pick(&CONDITIONS, "condition")?,
        reason: r.opt_string()?.map(Name::from),
        deleted_at: r.opt_time()?,
        deleted_by: r.opt_pick(&DELETERS, "deleter")?,
        managed_by: r.opt_string()?.map(Name::from),
    })
}

fn read_pod(r: &mut Reader) -> Result<PodRecord, PackError> {
    let (name, job, created_at, started_at, finished_at) =
        (r.string()?, r.string()?, r.time()?, r.opt_time()?, r.opt_time()?);
    let phase = r.pick(&PHASES, "phase")?;
    let (restarts, exit_codes) = read_runs(r)?;
    let (deleted_at, deleted_because) = (r.opt_time()?, r.opt_string()?);
    let init_containers = (0..r.len()?)
        .map(|_| {
            let (name, sidecar, started_at, initialized_at) = (r.string()?, r.u8()? != 0, r.opt_time()?, r.opt_time()?);
            let (restarts, exit_codes) = read_runs(r)?;
            let (stopping_at, finished_at) = (r.opt_time()?, r.opt_time()?);
            Ok(InitContainerRecord {
                name,
                sidecar,
                started_at,
                initialized_at,
                restarts,
                exit_codes,
                stopping_at,
                finished_at,
            })
        })
        .collect::<Result<_, PackError>>()?;
    Ok(PodRecord {
        name: name.into(),
        job: job.into(),
        created_at,
        started_at,
        finished_at,
        phase,
        restarts,
        exit_codes,
        deleted_at,
        deleted_because: deleted_because.map(Message::from),
        init_containers,
    })
}

fn read_slot(r: &mut Reader) -> Result<SlotRecord, PackError> {
    let (cron_job, scheduled_time) = (r.string()?.into(), r.time()?);
    let (fate, job) = (r.pick(&FATES, "fate")?, r.opt_string()?.map(Name::from));
    let explanation = read_why(r, scheduled_time, job.as_ref())?;
    Ok(SlotRecord { cron_job, scheduled_time, fate, job, explanation })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timeline::fixture::{crash_loop, retroactive};

    fn round_trip(trace: &Trace) -> Trace {
        let mut bytes = Vec::new();
        pack(trace, &mut bytes);
        let mut r = Reader::new(&bytes);
        let back = unpack(&mut r).unwrap();
        assert!(r.is_empty());
        Trace { syncs: trace.syncs.clone(), events: trace.events.clone(), cluster: trace.cluster.clone(), ..back }
    }

    #[test]
    fn jobs_pods_and_slots_come_back_exactly() {
        let trace = retroactive();
        assert_eq!(round_trip(&trace), trace);
        // Restarts with fractional back-offs, exit codes, terminations, sub-second instants.
        let mut trace = crash_loop();
        trace.pods[0].restarts[0].after_backoff_seconds = 10.25;
        trace.pods[0].exit_codes.push(-1);
        trace.pods[0].created_at += chrono::TimeDelta::nanoseconds(123_456_789);
        assert_eq!(round_trip(&trace), trace);
    }

    #[test]
    fn a_run_keeps_how_it_came_about() {
        // The engine's retroactive 13:10 run of seed 002: the page names it "retroactive".
        let trace =
            crate::sim::simulate(include_str!("../../../scenarios/retroactive-schedule-edit/scenario.yaml"), None)
                .unwrap();
        let back = round_trip(&trace);
        let afters: Vec<_> = back
            .slots
            .iter()
            .map(|s| match s.explanation {
                SlotWhy::Ran { after, .. } => Some(after),
                _ => None,
            })
            .collect();
        assert_eq!(afters, [Some(RanAfter::FirstSync), Some(RanAfter::ScheduleEdit)]);
        assert_eq!(back, trace);
    }

    #[test]
    fn a_month_of_hourly_runs_comes_back_exactly_in_less_than_three_fifths_of_its_json() {
        let mut trace = crate::sim::simulate(include_str!("../../../e2e/seeds/perf-30d-hourly.yaml"), None).unwrap();
        trace.syncs.clear();
        trace.events.clear();
        assert_eq!((trace.slots.len(), trace.jobs.len(), trace.pods.len()), (719, 719, 719));
        assert_eq!(round_trip(&trace), trace);
        let mut bytes = Vec::new();
        pack(&trace, &mut bytes);
        let json = serde_json::to_vec(&(&trace.jobs, &trace.pods, &trace.slots)).unwrap().len();
        assert!(bytes.len() * 5 < json * 3, "{} bytes packed, {json} as JSON", bytes.len());
    }

    #[test]
    fn read_in_slices_of_any_size_it_is_the_same_trace() {
        let mut trace = crate::sim::simulate(include_str!("../../../e2e/seeds/perf-30d-hourly.yaml"), None).unwrap();
        trace.syncs.clear();
        trace.events.clear();
        let mut bytes = Vec::new();
        pack(&trace, &mut bytes);
        let whole = unpack(&mut Reader::new(&bytes)).unwrap();
        // 2,157 records: a slice of 1, 7 (not dividing any part), 719 (one part) and all of them.
        for (records, slices) in [(1, 2157), (7, 309), (719, 3), (100_000, 1)] {
            let mut r = Reader::new(&bytes);
            let mut unpacking = Unpacking::start(&mut r).unwrap();
            let mut n = 1;
            // Each slice resumes where the last one stopped, with a fresh reader (as the page's
            // tasks do).
            let mut at = r.offset();
            loop {
                let mut r = Reader::resume(&bytes, at);
                let done = unpacking.step(&mut r, records).unwrap();
                at = r.offset();
                if done {
                    break;
                }
                n += 1;
            }
            assert_eq!((records, n), (records, slices));
            assert_eq!(at, bytes.len());
            assert_eq!(unpacking.finish(), whole);
        }
        // A buffer cut within a part fails at the slice that reaches the cut.
        let cut = &bytes[..bytes.len() * 2 / 3];
        let mut r = Reader::new(cut);
        let mut unpacking = Unpacking::start(&mut r).unwrap();
        assert_eq!(unpacking.step(&mut r, 1000), Ok(false));
        assert!((0..3).any(|_| unpacking.step(&mut r, 1000).is_err()));
    }

    #[test]
    fn every_enum_value_has_its_own_byte() {
        for (i, f) in FATES.iter().enumerate() {
            assert_eq!(fate_code(*f) as usize, i);
        }
        for (i, c) in CONDITIONS.iter().enumerate() {
            assert_eq!(condition_code(*c) as usize, i);
        }
        for (i, d) in DELETERS.iter().enumerate() {
            assert_eq!(deleter_code(*d) as usize, i);
        }
        for (i, p) in PHASES.iter().enumerate() {
            assert_eq!(phase_code(*p) as usize, i);
        }
    }

    #[test]
    fn a_damaged_buffer_is_an_error_not_a_panic() {
        let trace = retroactive();
        let mut bytes = Vec::new();
        pack(&trace, &mut bytes);
        for cut in [0, 1, 5, bytes.len() / 2, bytes.len() - 1] {
            assert!(unpack(&mut Reader::new(&bytes[..cut])).is_err(), "cut at {cut}");
        }
        // A count far beyond the buffer is refused before anything is reserved.
        let huge = [&[35][..], &u32::MAX.to_le_bytes()].concat();
        assert_eq!(unpack(&mut Reader::new(&huge)), Err(PackError { what: "count", at: 5 }));
        // A release outside the modelled range.
        assert_eq!(unpack(&mut Reader::new(&[99])), Err(PackError { what: "release", at: 0 }));
    }

    #[test]
    fn json_values_cross_as_tagged_bytes_and_read_back_the_same() {
        let v = serde_json::json!({
            "lastScheduleTime": "2025-01-15T11:00:00Z", "active": [{"name": "a-1"}], "suspend": false,
            "n": 18446744073709551615u64, "neg": -3, "f": 0.25, "none": null, "t": true
        });
        let mut bytes = Vec::new();
        Writer::new(&mut bytes).value(&v);
        let mut r = Reader::new(&bytes);
        assert_eq!(r.value(), Ok(v));
        assert!(r.is_empty());
        // Nesting beyond the limit, and an unknown tag, are errors.
        let deep = [[7, 1, 0, 0, 0].repeat(200), vec![0]].concat();
        assert_eq!(Reader::new(&deep).value(), Err(PackError { what: "depth", at: 640 }));
        assert_eq!(Reader::new(&[9]).value(), Err(PackError { what: "value", at: 0 }));
    }
}
