//! A whole run on arbitrary text, as the CLI and the page make it: admission, a simulation over
//! a short horizon (the input's own, cut to six hours), the timeline, the `kubectl get` tables
//! and the state snapshot at instants across it, and the packed answer. Nothing may panic; the
//! run must end — done, refused with a message, or stopped by its step budget — within the
//! budget for its slots (libFuzzer's `-timeout` catches a hang between slices).
#![no_main]

use cronjob_playground::app::packed::{pack, unpack, Reader};
use cronjob_playground::app::snapshot::state_at;
use cronjob_playground::sim::budget::{BASE_STEPS, STEPS_PER_SLOT};
use cronjob_playground::sim::scenario::HorizonDuration;
use cronjob_playground::sim::{Run, SimError};
use cronjob_playground::timeline::kubectl::{cron_jobs_at, events_at, jobs_at, log_lines, pods_at};
use cronjob_playground::timeline::Timeline;
use libfuzzer_sys::fuzz_target;

/// The longest horizon a fuzzed run is given.
const HORIZON: chrono::TimeDelta = chrono::TimeDelta::hours(6);
/// Steps per slice, as a worker steps a run.
const SLICE: u64 = 20_000;

fn refused(error: SimError) {
    assert!(!error.to_string().is_empty(), "{error:?}");
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let run = match Run::new(&text, None) {
        Ok(run) => run,
        Err(error) => return refused(error),
    };
    // Cut the horizon: the same document, with `duration` instead of a later `end`.
    let mut simulation = run.simulation().clone();
    let start = run.progress().now;
    let long = simulation.horizon(start).map_or(true, |(s, e)| e - s > HORIZON);
    let mut run = if long {
        simulation.spec.start = Some(start);
        simulation.spec.end = None;
        simulation.spec.duration = Some(HorizonDuration(HORIZON));
        match Run::new(&text, Some(serde_json::to_value(&simulation).unwrap())) {
            Ok(run) => run,
            Err(error) => return refused(error),
        }
    } else {
        run
    };
    // A CronJob takes more than 40 bytes of text (kind, schedule, jobTemplate, a container).
    let cron_jobs = (data.len() / 40) as u64;
    let mut stepped = 0u64;
    loop {
        match run.step(SLICE) {
            Ok(progress) if progress.done => break,
            Ok(progress) => {
                assert!((0.0..=1.0).contains(&progress.fraction), "{progress:?}");
                stepped += SLICE;
                // The budget is BASE_STEPS + STEPS_PER_SLOT per slot; six hours hold at most
                // 21,600 slots per CronJob (`@every 1s`), and a run past that must have stopped.
                let bound = BASE_STEPS + STEPS_PER_SLOT * 21_600 * cron_jobs.max(1);
                assert!(stepped <= bound + SLICE, "{stepped} steps and the run neither ended nor was stopped");
            }
            Err(error @ SimError::BudgetExceeded(_)) => return refused(error),
            Err(error) => panic!("a run that started failed while stepping: {error}"),
        }
    }
    let trace = run.finish();
    assert!(trace.start <= trace.end);
    let timeline = Timeline::build(&trace);
    let instants = [trace.start, trace.start + (trace.end - trace.start) / 2, trace.end];
    for at in instants.iter().chain(timeline.instants.iter().take(8)) {
        for table in
            [cron_jobs_at(&trace, *at), jobs_at(&trace, *at), pods_at(&trace, *at), events_at(&trace, *at, None)]
        {
            let _ = table.render();
        }
        let _ = log_lines(&trace, *at, 50);
        let _ = state_at(&trace, *at);
    }
    let mut packed = Vec::new();
    pack(&trace, &mut packed);
    let back = unpack(&mut Reader::new(&packed)).expect("a run's own packed bytes unpack");
    assert!(back.jobs == trace.jobs && back.pods == trace.pods && back.slots == trace.slots);
    assert!(back.start == trace.start && back.end == trace.end && back.cron_jobs == trace.cron_jobs);
});
