//! The accessible names of the timeline's items, in the reader's language: what a screen reader
//! says when the keyboard reaches a slot, a Job or a Pod (`13:10 slot: ran late, retroactive`).
//! Built from the same records the inspector explains — the slot's fate and its reason, the
//! Job's end, the Pod's attempts — so the short name and the long explanation never disagree.

use super::lanes::{fate_name, JobBar};
use super::pod_lanes::PodBar;
use crate::i18n::{Lang, Msg};
use crate::sim::trace::{RanAfter, SlotRecord, SlotWhy, Time};
use chrono::{Datelike, Timelike};

/// An instant as the names say it: `13:10` (`13:10:30` off the minute), after its date
/// (`2023-03-22 13:10`) when the timeline spans more than a day.
///
/// ```
/// use cronjob_playground::timeline::names::clock;
/// let t = chrono::DateTime::parse_from_rfc3339("2023-03-22T13:10:30Z").unwrap().to_utc();
/// assert_eq!(clock(t, false), "13:10:30");
/// assert_eq!(clock(t, true), "2023-03-22 13:10:30");
/// ```
pub fn clock(t: Time, dated: bool) -> String {
    let time = time_of_day(t, t.timestamp() % 60 != 0 || t.timestamp_subsec_millis() != 0);
    if dated {
        format!("{} {time}", date(t))
    } else {
        time
    }
}

/// `t`'s time of day, `13:10` or with the seconds `13:10:30` (what `%H:%M[:%S]` writes). The
/// page's instants come in a few fixed shapes, written by hand: chrono's `format` interpreter
/// would be several KB of the page's module.
///
/// ```
/// use cronjob_playground::timeline::names::time_of_day;
/// let t = chrono::DateTime::parse_from_rfc3339("2023-03-22T09:05:07Z").unwrap().to_utc();
/// assert_eq!(time_of_day(t, false), "09:05");
/// assert_eq!(time_of_day(t, true), "09:05:07");
/// ```
pub fn time_of_day(t: Time, seconds: bool) -> String {
    let (h, m, s) = (t.hour(), t.minute(), t.second());
    if seconds {
        format!("{h:02}:{m:02}:{s:02}")
    } else {
        format!("{h:02}:{m:02}")
    }
}

/// `t`'s date, `2023-03-22` (what `%Y-%m-%d` writes).
///
/// ```
/// use cronjob_playground::timeline::names::date;
/// let t = chrono::DateTime::parse_from_rfc3339("0999-01-02T00:00:00Z").unwrap().to_utc();
/// assert_eq!(date(t), "0999-01-02");
/// ```
pub fn date(t: Time) -> String {
    format!("{:04}-{:02}-{:02}", t.year(), t.month(), t.day())
}

/// Whether names need dates: the timeline from `start` to `end` spans more than a day.
pub fn dated(start: Time, end: Time) -> bool {
    end - start > chrono::TimeDelta::days(1) || start.date_naive() != end.date_naive()
}

/// A slot's name: its time and its fate, with how a late run came about.
pub fn slot(l: Lang, slot: &SlotRecord, dated: bool) -> String {
    let name = fate_name(slot.fate);
    let mut fate = Msg::fate(&name).map_or(name, |m| l.text(m).to_string());
    let how = match &slot.explanation {
        SlotWhy::Ran { after: RanAfter::ScheduleEdit, .. } => Some(Msg::NameRetroactive),
        SlotWhy::Ran { after: RanAfter::Forbid, .. } => Some(Msg::NameHeldByForbid),
        SlotWhy::Ran { after: RanAfter::Suspend, .. } => Some(Msg::NameAfterResume),
        SlotWhy::Ran { after: RanAfter::Outage, .. } => Some(Msg::NameAfterOutage),
        _ => None,
    };
    if let Some(how) = how {
        fate = format!("{fate}, {}", l.text(how));
    }
    l.format(Msg::NameSlot, &[&clock(slot.scheduled_time, dated), &fate])
}

/// A Job's name: its name, when it ran, how it ended (with the Job's failure `reason`).
pub fn job(l: Lang, bar: &JobBar, reason: Option<&str>, dated: bool) -> String {
    let outcome = bar.outcome.name();
    let mut end = Msg::outcome(outcome).map_or(outcome.to_string(), |m| l.text(m).to_string());
    if let Some(reason) = reason {
        end = format!("{end} ({reason})");
    }
    if bar.late {
        end = format!("{end}, {}", l.text(Msg::NameLateRun));
    }
    l.format(Msg::NameJob, &[&bar.name, &clock(bar.from, dated), &clock(bar.to, dated), &end])
}

/// A Pod's name: its name and its attempts' labels in order (`exit 1, back-off 10 s, ...`).
pub fn pod(l: Lang, bar: &PodBar) -> String {
    let attempts: Vec<String> = bar.attempts().iter().map(|a| a.label.text(l)).collect();
    let what = if attempts.is_empty() {
        let end = match bar.end {
            super::pod_lanes::PodEnd::Open => "open",
            _ => "",
        };
        Msg::outcome(end).map_or_else(String::new, |m| l.text(m).to_string())
    } else {
        attempts.join(", ")
    };
    l.format(Msg::NamePod, &[&bar.name, &what])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timeline::fixture::{crash_loop, retroactive, t};
    use crate::timeline::Timeline;

    #[test]
    fn a_retroactive_slot_says_so_in_every_language() {
        let mut trace = retroactive();
        // The engine's own reason for the retroactive 13:10 run (the fixture keeps it as text).
        trace.slots[1].explanation = SlotWhy::Ran {
            job: "cron-test-27991510".into(),
            created: t("2023-03-22T13:16:00Z"),
            late: chrono::TimeDelta::minutes(6),
            after: RanAfter::ScheduleEdit,
        };
        assert_eq!(slot(Lang::En, &trace.slots[1], false), "13:10 slot: ran late, retroactive");
        assert_eq!(slot(Lang::Ja, &trace.slots[1], false), "13:10 のスロット: 遅れて実行, 遡って実行");
        assert_eq!(slot(Lang::Ko, &trace.slots[1], true), "2023-03-22 13:10 슬롯: 지연 실행, 소급 실행");
        assert_eq!(slot(Lang::En, &trace.slots[0], false), "13:05 slot: ran on time");
        let tl = Timeline::build(&trace);
        assert_eq!(
            job(Lang::En, &tl.groups[0].jobs[1], None, false),
            "Job cron-test-27991510, 13:16 – 13:16:12: complete, ran late"
        );
    }

    #[test]
    fn a_crash_looping_pod_is_named_by_its_attempts() {
        let trace = crash_loop();
        let tl = Timeline::build(&trace);
        let bar = &tl.groups[0].jobs[0];
        assert_eq!(
            pod(Lang::En, &bar.pods[0]),
            "Pod job-example-njt5c: exit 1, exit 1, back-off 10 s, exit 1, back-off 20 s, killed: backoffLimit"
        );
        assert_eq!(
            job(Lang::En, bar, trace.jobs[0].reason.as_deref(), false),
            "Job job-example, 00:00 – 00:02:50: failed (BackoffLimitExceeded)"
        );
        assert!(dated(tl.start, tl.start + chrono::TimeDelta::hours(25)));
        assert!(!dated(tl.start, tl.end));
    }
}
