//! Each of the trace's enums as one byte, and a container's restarts and exit codes, in the
//! packed format (see [`super`]).

use super::bytes::{PackError, Reader, Writer};
use crate::sim::trace::{DeletedBy, ExitCodes, Few, FinishedCondition, RecordedPodPhase, Restart, SlotFate};

// Each enum's byte is its position in its table; the `*_code` functions are exhaustive matches, so
// a new variant does not compile until it has a byte (and the tests check that every byte comes
// back as its variant).
pub(super) const FATES: [SlotFate; 11] = SlotFate::ALL;
pub(super) const CONDITIONS: [FinishedCondition; 2] = [FinishedCondition::Complete, FinishedCondition::Failed];
pub(super) const DELETERS: [DeletedBy; 4] =
    [DeletedBy::HistoryLimit, DeletedBy::Ttl, DeletedBy::Replace, DeletedBy::User];
pub(super) const PHASES: [RecordedPodPhase; 4] =
    [RecordedPodPhase::Pending, RecordedPodPhase::Running, RecordedPodPhase::Succeeded, RecordedPodPhase::Failed];

pub(super) fn fate_code(f: SlotFate) -> u8 {
    match f {
        SlotFate::RanOnTime => 0,
        SlotFate::RanLate => 1,
        SlotFate::SkippedForbid => 2,
        SlotFate::MissedDeadline => 3,
        SlotFate::Superseded => 4,
        SlotFate::Suspended => 5,
        SlotFate::ControllerDown => 6,
        SlotFate::NotFoundBySearch => 7,
        SlotFate::TooManyMissed => 8,
        SlotFate::CreateFailed => 9,
        SlotFate::Pending => 10,
    }
}

pub(super) fn condition_code(c: FinishedCondition) -> u8 {
    match c {
        FinishedCondition::Complete => 0,
        FinishedCondition::Failed => 1,
    }
}

pub(super) fn deleter_code(d: DeletedBy) -> u8 {
    match d {
        DeletedBy::HistoryLimit => 0,
        DeletedBy::Ttl => 1,
        DeletedBy::Replace => 2,
        DeletedBy::User => 3,
    }
}

pub(super) fn phase_code(p: RecordedPodPhase) -> u8 {
    match p {
        RecordedPodPhase::Pending => 0,
        RecordedPodPhase::Running => 1,
        RecordedPodPhase::Succeeded => 2,
        RecordedPodPhase::Failed => 3,
    }
}

pub(super) fn opt_code<T>(w: &mut Writer, v: Option<T>, code: fn(T) -> u8) {
    match v {
        Some(v) => {
            w.u8(1);
            w.u8(code(v));
        }
        None => w.u8(0),
    }
}

/// A container's restarts and exit codes.
pub(super) fn write_runs(w: &mut Writer<'_>, restarts: &[Restart], exit_codes: &[i32]) {
    w.len(restarts.len());
    for r in restarts {
        w.time(r.at);
        w.f64(r.after_backoff_seconds);
    }
    w.len(exit_codes.len());
    for c in exit_codes {
        w.u32(*c as u32);
    }
}

pub(super) fn read_runs(r: &mut Reader<'_>) -> Result<(Few<Restart>, ExitCodes), PackError> {
    let restarts = (0..r.len()?)
        .map(|_| Ok(Restart { at: r.time()?, after_backoff_seconds: r.f64()? }))
        .collect::<Result<_, PackError>>()?;
    let exit_codes = (0..r.len()?).map(|_| Ok(r.u32()? as i32)).collect::<Result<_, PackError>>()?;
    Ok((restarts, exit_codes))
}
