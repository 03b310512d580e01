//! The schedule card: each CronJob's schedule as a sentence in every language, the zone its
//! wall clock is read in (the CronJob's `timeZone` or `TZ=`, else the controller's, as
//! `formatSchedule` in `pkg/controller/cronjob/utils.go` picks it) with that zone's UTC offsets
//! over the horizon, the first runs after the horizon, and the zone's clock changes with what
//! they do to the schedule: robfig/cron skips the times a spring change skips and runs the times
//! an autumn change repeats twice ([`cron::clock_changes`]). The engine computes it from the
//! trace's record of each CronJob's spec (the page's module has no zone table); the page draws
//! it, taking the runs within the horizon from the trace's slots.

use super::said::Said;
use crate::cron::{self, clock_changes, parse_standard, with_time_zone, ClockChange, Masks, Schedule};
use crate::go::{self, Location, Tz, Zone};
use crate::i18n::schedule::{month, weekday, ScheduleWords as W};
use crate::i18n::Lang;
use crate::i18n::Sentences;
use crate::sim::trace::{CronJobSpecRecord, Time, Trace};
use serde::{Deserialize, Serialize};

/// How many runs after the horizon the card lists.
pub const AFTER: usize = 3;
/// The most offset changes and clock changes a card carries (a horizon of years in a zone that
/// changes twice a year has a few dozen).
const MAX_CHANGES: usize = 200;

/// One CronJob's schedule card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScheduleCard {
    pub cron_job: String,
    /// The schedule over the horizon, oldest first: the one the CronJob was created with, then
    /// each one a patch put in force (a patch that leaves the schedule and its zone as they were
    /// starts no new part). Never empty.
    pub parts: Vec<SchedulePart>,
    /// The first scheduled instants from the horizon's end on, by the last part (milliseconds
    /// since the epoch).
    pub after: Vec<f64>,
}

/// A schedule as it was in force from an instant on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SchedulePart {
    /// From when (milliseconds since the epoch; the first part's is the CronJob's creation).
    pub from: f64,
    /// The schedule as written.
    pub schedule: String,
    /// The zone its times are read in (`Europe/Berlin`, `UTC`).
    pub zone: String,
    /// The schedule in words.
    pub words: Said,
    /// The zone's UTC offset from each instant on (milliseconds since the epoch, seconds east of
    /// UTC), over the whole horizon and the runs after it; the first entry holds at the horizon's
    /// start.
    pub offsets: Vec<(f64, i32)>,
    /// The zone's clock changes while the part is in force within the horizon.
    pub changes: Vec<ClockChangeView>,
}

impl ScheduleCard {
    /// The part in force at `at` (ms; the first one before it).
    pub fn part_at(&self, at: f64) -> &SchedulePart {
        let i = self.parts.partition_point(|p| p.from <= at);
        &self.parts[i.saturating_sub(1)]
    }

    /// Whether the schedule (or its zone) changed within the horizon.
    pub fn changed(&self) -> bool {
        self.parts.len() > 1
    }
}

/// The UTC offset (seconds east) that `offsets` (as [`SchedulePart::offsets`]) give at `at` (ms):
/// the first entry's before it.
pub fn offset_at(offsets: &[(f64, i32)], at: f64) -> i32 {
    let i = offsets.partition_point(|(from, _)| *from <= at);
    offsets.get(i.saturating_sub(1)).map_or(0, |(_, o)| *o)
}

/// A clock change as the card and the axis show it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClockChangeView {
    /// The instant (milliseconds since the epoch).
    pub at: f64,
    /// Clocks jump forward (a span of wall-clock time does not exist); else they go back.
    pub gap: bool,
    /// The axis's label (`02:00→03:00 skipped (Europe/Berlin)`).
    pub label: Said,
    /// What it does to the schedule, in a sentence.
    pub note: Said,
}

/// The cards of `trace`'s CronJobs (none for a trace read back from JSON, which has no record of
/// the specs), their zone-less schedules read in `controller` (the Simulation's
/// `controllerTimeZone`). Each card follows the trace's record of the CronJob's spec: a patched
/// schedule starts a new part.
///
/// ```
/// use cronjob_playground::app::{run::run, schedule_card::cards};
/// let text = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: nightly, creationTimestamp: \
///     '2026-03-27T00:00:00Z'}\n\
///     spec:\n  schedule: '0 2 * * *'\n  timeZone: Europe/Berlin\n  jobTemplate:\n    spec:\n      template:\n        \
///     spec:\n          restartPolicy: OnFailure\n          containers: [{name: c, image: busybox}]\n\
///     ---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec: {duration: 3d}\n";
/// let result = run(text);
/// let card = &cards(result.trace.as_ref().unwrap(), None)[0];
/// let part = &card.parts[0];
/// assert_eq!((part.zone.as_str(), part.words.render(cronjob_playground::i18n::Lang::En)), ("Europe/Berlin",
///     "At 02:00 every day".into()));
/// assert!(part.changes[0].gap);
/// ```
pub fn cards(trace: &Trace, controller: Option<&str>) -> Vec<ScheduleCard> {
    let controller: Tz = controller.and_then(|z| z.parse().ok()).unwrap_or(Tz::UTC);
    trace
        .cluster
        .cron_jobs
        .iter()
        .filter_map(|life| {
            // The specs that changed the schedule or its zone, each with when it stopped being in force.
            let mut specs: Vec<&CronJobSpecRecord> = Vec::new();
            for spec in &life.specs {
                if specs.last().is_none_or(|s| (&s.schedule, &s.time_zone) != (&spec.schedule, &spec.time_zone)) {
                    specs.push(spec);
                }
            }
            let parsed: Vec<(&CronJobSpecRecord, Schedule, Tz)> = specs
                .into_iter()
                .filter_map(|spec| {
                    let schedule = parse_standard(&with_time_zone(&spec.schedule, spec.time_zone.as_deref())).ok()?;
                    let zone = zone_of(&schedule, controller);
                    Some((spec, schedule, zone))
                })
                .collect();
            let (_, last, _) = parsed.last()?;
            let after = after(last, controller, trace.end);
            let until =
                after.last().map_or(trace.end.timestamp(), |&at| (at / 1000.0) as i64 + 1).max(trace.end.timestamp());
            let parts = parsed
                .iter()
                .enumerate()
                .map(|(i, (spec, schedule, zone))| {
                    let to = parsed.get(i + 1).map_or(trace.end, |(next, _, _)| next.at.min(trace.end));
                    let since = spec.at.max(trace.start).min(to);
                    SchedulePart {
                        from: ms(spec.at),
                        schedule: spec.schedule.clone(),
                        zone: zone.name().to_string(),
                        words: Said::words(|l| words(l, schedule)),
                        offsets: offsets(*zone, trace.start, until),
                        changes: match schedule {
                            Schedule::Spec(s) => {
                                clock_changes(s.masks(), *zone, since.timestamp(), to.timestamp(), MAX_CHANGES)
                                    .into_iter()
                                    .map(|c| change_view(&c, *zone))
                                    .collect()
                            }
                            Schedule::Every(_) => Vec::new(),
                        },
                    }
                })
                .collect();
            Some(ScheduleCard { cron_job: life.name.clone(), parts, after })
        })
        .collect()
}

/// The zone a schedule's times are read in: its own `TZ=`, else the controller's.
fn zone_of(schedule: &Schedule, controller: Tz) -> Tz {
    match schedule {
        Schedule::Spec(s) => match s.location() {
            Location::Zone(tz) => tz,
            Location::Local => controller,
        },
        Schedule::Every(_) => controller,
    }
}

fn ms(t: Time) -> f64 {
    t.timestamp_millis() as f64
}

/// The first [`AFTER`] scheduled instants after the horizon's `end`.
fn after(schedule: &Schedule, controller: Tz, end: Time) -> Vec<f64> {
    let mut after = Vec::new();
    // From just before the end: a time at the end itself is not the horizon's (its slots end
    // before it) and robfig's Next returns only later whole seconds.
    let mut t = end - chrono::TimeDelta::nanoseconds(1);
    while after.len() < AFTER {
        match schedule.next_utc(t, controller) {
            Ok(Some(next)) => {
                after.push(ms(next));
                t = next;
            }
            _ => break,
        }
    }
    after
}

/// `zone`'s offsets from `start` up to `until` (Unix seconds), at most [`MAX_CHANGES`].
fn offsets(zone: Tz, start: Time, until: i64) -> Vec<(f64, i32)> {
    let mut offsets = Vec::new();
    let mut periods = Zone::new(zone);
    let mut at = start.timestamp();
    while offsets.len() < MAX_CHANGES {
        let p = periods.period(at);
        offsets.push((if offsets.is_empty() { ms(start) } else { p.start as f64 * 1000.0 }, p.offset as i32));
        if p.end > until || p.end <= at {
            break;
        }
        at = p.end;
    }
    offsets
}

fn change_view(c: &ClockChange, zone: Tz) -> ClockChangeView {
    let (from, to) = (c.start.format("%H:%M").to_string(), c.end.format("%H:%M").to_string());
    let span = format!("{from}–{to}");
    let date = c.start.format("%Y-%m-%d").to_string();
    let label = Said::words(|l| {
        let words = if c.is_gap() { W::GapLabel } else { W::OverlapLabel };
        words.format(l, &[&from, &to, &zone.name()])
    });
    let note = Said::words(|l| {
        let times = c.affected.join(W::ListSeparator.text(l));
        let words = match (c.is_gap(), c.affected.is_empty()) {
            (true, false) => W::GapSkips,
            (true, true) => W::GapNone,
            (false, false) => W::OverlapTwice,
            (false, true) => W::OverlapNone,
        };
        words.format(l, &[&date, &zone.name(), &span, &times])
    });
    ClockChangeView { at: c.at as f64 * 1000.0, gap: c.is_gap(), label, note }
}

/// The schedule as a sentence in `lang`.
pub fn words(lang: Lang, schedule: &Schedule) -> String {
    let text = match schedule {
        Schedule::Every(every) => W::EveryDuration.format(lang, &[&go::duration_string(every.delay())]),
        Schedule::Spec(spec) => spec_words(lang, spec.masks()),
    };
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |first| first.to_uppercase().chain(chars).collect())
}

/// `vals` named and joined, three or more consecutive ones as a range.
fn list(lang: Lang, vals: &[u32], name: impl Fn(u32) -> String) -> String {
    let parts: Vec<String> = cron::value_runs(vals)
        .into_iter()
        .map(
            |(first, last)| {
                if first == last {
                    name(first)
                } else {
                    W::Range.format(lang, &[&name(first), &name(last)])
                }
            },
        )
        .collect();
    parts.join(W::ListSeparator.text(lang))
}

fn spec_words(lang: Lang, m: &Masks) -> String {
    let (minutes, hours) = (cron::mask_values(m.minute, 0, 59), cron::mask_values(m.hour, 0, 23));
    let (days, weekdays, months) =
        (cron::mask_values(m.dom, 1, 31), cron::mask_values(m.dow, 0, 6), cron::mask_values(m.month, 1, 12));
    let (dom_star, dow_star) = (m.dom & cron::STAR_BIT != 0, m.dow & cron::STAR_BIT != 0);
    // robfig's dayMatches: with either day field starred both must match, else either.
    let no_day = if dom_star || dow_star {
        days.is_empty() || weekdays.is_empty()
    } else {
        days.is_empty() && weekdays.is_empty()
    };
    if minutes.is_empty() || hours.is_empty() || months.is_empty() || no_day {
        return W::Never.text(lang).to_string();
    }
    let number = |v: u32| v.to_string();
    let every_hour = hours.len() == 24;
    let at_times = minutes.len() * hours.len() <= 4 && !every_hour;
    let time = if at_times {
        let times: Vec<String> =
            hours.iter().flat_map(|h| minutes.iter().map(move |mi| format!("{h:02}:{mi:02}"))).collect();
        W::AtTimes.format(lang, &[&times.join(W::ListSeparator.text(lang))])
    } else if every_hour && minutes.len() == 60 {
        W::EveryMinute.text(lang).to_string()
    } else if every_hour && minutes.len() > 1 && minutes[0] == 0 && 60 % minutes[1] == 0 && {
        let step = minutes[1];
        minutes.iter().enumerate().all(|(i, &v)| v == i as u32 * step) && minutes.len() as u32 * step == 60
    } {
        W::EveryNMinutes.format(lang, &[&minutes[1]])
    } else if every_hour {
        W::MinutesEveryHour.format(lang, &[&list(lang, &minutes, number)])
    } else {
        W::MinutesOfHours.format(lang, &[&list(lang, &minutes, number), &list(lang, &hours, number)])
    };
    let all_days = days.len() == 31;
    let all_weekdays = weekdays.len() == 7;
    let on_days = || W::OnDays.format(lang, &[&list(lang, &days, number)]);
    let on_weekdays = || W::OnWeekdays.format(lang, &[&list(lang, &weekdays, |d| weekday(lang, d).to_string())]);
    let day = match (all_days || days.is_empty(), all_weekdays || weekdays.is_empty()) {
        (true, true) => None,
        (false, true) => Some(on_days()),
        (true, false) => Some(on_weekdays()),
        (false, false) if !dom_star && !dow_star => Some(
            W::OnDaysOrWeekdays
                .format(lang, &[&list(lang, &days, number), &list(lang, &weekdays, |d| weekday(lang, d).to_string())]),
        ),
        (false, false) => Some(format!("{} {}", on_days(), on_weekdays())),
    };
    let all_months = months.len() == 12;
    let day = match (day, at_times || !all_months) {
        (Some(day), _) => day,
        (None, true) => W::EveryDay.text(lang).to_string(),
        (None, false) => return time,
    };
    if all_months {
        W::Sentence.format(lang, &[&time, &day])
    } else {
        W::SentenceInMonths.format(lang, &[&time, &day, &list(lang, &months, |mo| month(lang, mo))])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::run::run;

    fn say(schedule: &str) -> [String; 3] {
        let s = parse_standard(schedule).unwrap();
        Lang::ALL.map(|l| words(l, &s))
    }

    #[test]
    fn schedules_read_in_each_languages_word_order() {
        assert_eq!(say("0 2 * * *"), ["At 02:00 every day", "毎日 02:00 に", "매일 02:00에"]);
        assert_eq!(
            say("0 5 * * 1-5"),
            ["At 05:00 on Monday through Friday", "月曜日〜金曜日 05:00 に", "월요일~금요일 05:00에"]
        );
        assert_eq!(say("*/15 * * * *"), ["Every 15 minutes", "15 分ごと", "15분마다"]);
        assert_eq!(say("* * * * *"), ["Every minute", "毎分", "매분"]);
        assert_eq!(say("5 * * * *"), ["At minute 5 of every hour", "毎時 5 分に", "매시 5분에"]);
        assert_eq!(
            say("0 0 1 jan-mar *"),
            [
                "At 00:00 on day 1 of the month in January through March",
                "1月〜3月の毎月 1 日 00:00 に",
                "1월~3월 매월 1일 00:00에"
            ]
        );
        assert_eq!(
            say("30 9 13 * 5"),
            [
                "At 09:30 on day 13 of the month or on Friday",
                "毎月 13 日または金曜日 09:30 に",
                "매월 13일 또는 금요일 09:30에"
            ]
        );
        assert_eq!(say("@every 90m")[0], "Every 1h30m0s, counted from the previous run");
        assert_eq!(say("@every 90m")[1], "前回の実行から 1h30m0s ごと");
        assert_eq!(say("0 0 30 2 *")[0], "At 00:00 on day 30 of the month in February");
        assert_eq!(say("0 0 , * *")[2], "실행되지 않음 (일치하는 시각 없음)");
        assert_eq!(say("0 0 , * 1")[0], "At 00:00 on Monday");
    }

    const NIGHTLY: &str = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: nightly, creationTimestamp: \
        '2026-03-27T00:00:00Z'}\nspec:\n  schedule: '0 2 * * *'\n  timeZone: Europe/Berlin\n  jobTemplate:\n    \
        spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers: [{name: c, \
        image: busybox}]\n---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec: {duration: 3d}\n";

    #[test]
    fn a_berlin_nightly_skips_the_spring_day_and_the_card_says_why() {
        let result = run(NIGHTLY);
        let trace = result.trace.unwrap();
        let card = &cards(&trace, None)[0];
        let [part] = &card.parts[..] else { panic!("{:?}", card.parts) };
        assert_eq!(
            (card.cron_job.as_str(), part.schedule.as_str(), part.zone.as_str(), card.changed()),
            ("nightly", "0 2 * * *", "Europe/Berlin", false)
        );
        // The trace's slots: 02:00 CET = 01:00 UTC on the 27th and 28th, none on the 29th (02:00
        // does not exist there); the horizon ends at 00:00 UTC on the 30th.
        let slots: Vec<String> = trace.slots.iter().map(|s| s.scheduled_time.to_rfc3339()).collect();
        assert_eq!(slots, ["2026-03-27T01:00:00+00:00", "2026-03-28T01:00:00+00:00"]);
        // Offsets: CET from the start, CEST from 01:00 UTC on the 29th.
        assert_eq!(part.offsets, [(ms(trace.start), 3600), (1_774_746_000_000.0, 7200)]);
        assert_eq!(offset_at(&part.offsets, 1_774_745_999_999.0), 3600);
        assert_eq!(offset_at(&part.offsets, 1_774_746_000_000.0), 7200);
        let [change] = &part.changes[..] else { panic!("{:?}", part.changes) };
        assert_eq!((change.at, change.gap), (1_774_746_000_000.0, true));
        assert_eq!(change.label.render(Lang::En), "02:00→03:00 skipped (Europe/Berlin)");
        assert_eq!(
            change.note.render(Lang::En),
            "On 2026-03-29 the clock in Europe/Berlin skips 02:00–03:00: robfig/cron skips this schedule's 02:00 that \
            day (it does not run it later)."
        );
        assert_eq!(change.label.render(Lang::Ja), "02:00→03:00 は存在しない (Europe/Berlin)");
        assert_eq!(change.label.render(Lang::Ko), "02:00→03:00 건너뜀 (Europe/Berlin)");
        // After the horizon: 02:00 CEST = 00:00 UTC on the 30th, the 31st and 1 April.
        assert_eq!(card.after, [1_774_828_800_000.0, 1_774_915_200_000.0, 1_775_001_600_000.0]);
    }

    #[test]
    fn the_autumn_change_runs_the_repeated_time_twice() {
        let text = NIGHTLY.replace("2026-03-27", "2026-10-24");
        let trace = run(&text).trace.unwrap();
        let slots: Vec<String> = trace.slots.iter().map(|s| s.scheduled_time.to_rfc3339()).collect();
        // 02:00 CEST (00:00 UTC) and again 02:00 CET (01:00 UTC) on the 25th (the 24th's 02:00 is
        // the creation instant itself, before the first slot).
        assert_eq!(slots, ["2026-10-25T00:00:00+00:00", "2026-10-25T01:00:00+00:00", "2026-10-26T01:00:00+00:00"]);
        let card = &cards(&trace, None)[0];
        let [change] = &card.parts[0].changes[..] else { panic!() };
        assert!(!change.gap);
        assert_eq!(change.label.render(Lang::En), "02:00–03:00 twice (Europe/Berlin)");
        assert_eq!(change.label.render(Lang::Ja), "02:00–03:00 が 2 回 (Europe/Berlin)");
        assert!(change.note.render(Lang::En).contains("runs this schedule's 02:00 twice"), "{:?}", change.note);
        // A CronJob without a zone runs in the controller's.
        let utc = text.replace("  timeZone: Europe/Berlin\n", "");
        let trace = run(&utc).trace.unwrap();
        assert_eq!(cards(&trace, Some("Asia/Tokyo"))[0].parts[0].zone, "Asia/Tokyo");
        let utc = &cards(&trace, None)[0].parts[0];
        assert_eq!((utc.zone.as_str(), utc.changes.len()), ("UTC", 0));
    }

    /// The built-in scenario whose schedule is patched from `5 13 * * *` to `10 13 * * *` at
    /// 13:15: the card has both, each from when it was in force, and the patch that deletes a
    /// Job (no spec change) starts no part.
    #[test]
    fn a_patched_schedule_is_a_new_part_from_the_patch_on() {
        let text = include_str!("../../scenarios/retroactive-schedule-edit/scenario.yaml");
        let trace = run(text).trace.unwrap();
        let [card] = &cards(&trace, None)[..] else { panic!() };
        assert!(card.changed());
        let parts: Vec<(f64, &str, String)> =
            card.parts.iter().map(|p| (p.from, p.schedule.as_str(), p.words.render(Lang::En))).collect();
        // Created at the start (2023-03-22T13:01:51Z), patched at 13:15:00Z.
        assert_eq!(
            parts,
            [
                (1_679_490_111_000.0, "5 13 * * *", "At 13:05 every day".to_string()),
                (1_679_490_900_000.0, "10 13 * * *", "At 13:10 every day".to_string())
            ]
        );
        // At 13:05 the first is in force, from the patch on the second; before the creation, the first.
        assert_eq!(card.part_at(1_679_490_300_000.0).schedule, "5 13 * * *");
        assert_eq!(card.part_at(1_679_490_900_000.0).schedule, "10 13 * * *");
        assert_eq!(card.part_at(0.0).schedule, "5 13 * * *");
        // The next runs after the horizon (13:31:51) are the new schedule's: 13:10 on the next days.
        assert_eq!(card.after[0], 1_679_577_000_000.0);
        assert_eq!(card.parts[1].words.render(Lang::Ko), "매일 13:10에");
    }
}
