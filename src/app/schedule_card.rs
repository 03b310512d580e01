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
use crate::go::{Location, Tz, Zone};
use crate::i18n::schedule::{month, weekday, ScheduleWords as W};
use crate::i18n::Lang;
use crate::sim::trace::{Time, Trace};
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
    /// The schedule as written (the last spec of the horizon).
    pub schedule: String,
    /// The zone its times are read in (`Europe/Berlin`, `UTC`).
    pub zone: String,
    /// The schedule in words.
    pub words: Said,
    /// The zone's UTC offset from each instant on (milliseconds since the epoch, seconds east of
    /// UTC); the first entry holds at the horizon's start.
    pub offsets: Vec<(f64, i32)>,
    /// The first scheduled instants from the horizon's end on (milliseconds since the epoch).
    pub after: Vec<f64>,
    /// The zone's clock changes within the horizon.
    pub changes: Vec<ClockChangeView>,
}

/// A clock change as the card and the axis show it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClockChangeView {
    /// The instant (milliseconds since the epoch).
    pub at: f64,
    /// Clocks jump forward (a span of wall-clock time does not exist); else they go back.
    pub gap: bool,
    /// The axis's label (`clocks jump 02:00→03:00`).
    pub label: Said,
    /// What it does to the schedule, in a sentence.
    pub note: Said,
}

/// The cards of `trace`'s CronJobs (none for a trace read back from JSON, which has no record of
/// the specs), their zone-less schedules read in `controller` (the Simulation's
/// `controllerTimeZone`).
///
/// ```
/// use cronjob_playground::app::{run::run, schedule_card::cards};
/// let text = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: nightly, creationTimestamp: '2026-03-27T00:00:00Z'}\n\
///     spec:\n  schedule: '0 2 * * *'\n  timeZone: Europe/Berlin\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers: [{name: c, image: busybox}]\n\
///     ---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec: {duration: 3d}\n";
/// let result = run(text);
/// let card = &cards(result.trace.as_ref().unwrap(), None)[0];
/// assert_eq!((card.zone.as_str(), card.words.render(cronjob_playground::i18n::Lang::En)), ("Europe/Berlin", "At 02:00 every day".into()));
/// assert!(card.changes[0].gap);
/// ```
pub fn cards(trace: &Trace, controller: Option<&str>) -> Vec<ScheduleCard> {
    let controller: Tz = controller.and_then(|z| z.parse().ok()).unwrap_or(Tz::UTC);
    trace
        .cluster
        .cron_jobs
        .iter()
        .filter_map(|life| {
            let spec = life.specs.last()?;
            let schedule = parse_standard(&with_time_zone(&spec.schedule, spec.time_zone.as_deref())).ok()?;
            let zone = match &schedule {
                Schedule::Spec(s) => match s.location() {
                    Location::Zone(tz) => tz,
                    Location::Local => controller,
                },
                Schedule::Every(_) => controller,
            };
            Some(card(&life.name, &spec.schedule, &schedule, zone, controller, trace.start, trace.end))
        })
        .collect()
}

fn ms(t: Time) -> f64 {
    t.timestamp_millis() as f64
}

fn card(name: &str, text: &str, schedule: &Schedule, zone: Tz, controller: Tz, start: Time, end: Time) -> ScheduleCard {
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
    let until = after.last().map_or(end.timestamp(), |&last| (last / 1000.0) as i64 + 1).max(end.timestamp());
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
    let changes = match schedule {
        Schedule::Spec(spec) => clock_changes(spec.masks(), zone, start.timestamp(), end.timestamp(), MAX_CHANGES)
            .into_iter()
            .map(|c| change_view(&c, zone))
            .collect(),
        Schedule::Every(_) => Vec::new(),
    };
    ScheduleCard {
        cron_job: name.to_string(),
        schedule: text.to_string(),
        zone: zone.name().to_string(),
        words: Said::words(|l| words(l, schedule)),
        offsets,
        after,
        changes,
    }
}

fn change_view(c: &ClockChange, zone: Tz) -> ClockChangeView {
    let (from, to) = (c.start.format("%H:%M").to_string(), c.end.format("%H:%M").to_string());
    let span = format!("{from}–{to}");
    let date = c.start.format("%Y-%m-%d").to_string();
    let label = Said::words(|l| {
        if c.is_gap() {
            W::GapLabel.format(l, &[&from, &to])
        } else {
            W::OverlapLabel.format(l, &[&to, &from])
        }
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
        Schedule::Every(every) => W::EveryDuration.format(lang, &[&go_duration(every.delay().num_seconds())]),
        Schedule::Spec(spec) => spec_words(lang, spec.masks()),
    };
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |first| first.to_uppercase().chain(chars).collect())
}

/// Go's way of writing a whole-second duration (`1h30m0s`, `15s`).
fn go_duration(secs: i64) -> String {
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    match (h, m) {
        (0, 0) => format!("{s}s"),
        (0, _) => format!("{m}m{s}s"),
        _ => format!("{h}h{m}m{s}s"),
    }
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

    const NIGHTLY: &str = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: nightly, creationTimestamp: '2026-03-27T00:00:00Z'}\n\
        spec:\n  schedule: '0 2 * * *'\n  timeZone: Europe/Berlin\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers: [{name: c, image: busybox}]\n\
        ---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec: {duration: 3d}\n";

    #[test]
    fn a_berlin_nightly_skips_the_spring_day_and_the_card_says_why() {
        let result = run(NIGHTLY);
        let trace = result.trace.unwrap();
        let card = &cards(&trace, None)[0];
        assert_eq!(
            (card.cron_job.as_str(), card.schedule.as_str(), card.zone.as_str()),
            ("nightly", "0 2 * * *", "Europe/Berlin")
        );
        // The trace's slots: 02:00 CET = 01:00 UTC on the 27th and 28th, none on the 29th (02:00
        // does not exist there); the horizon ends at 00:00 UTC on the 30th.
        let slots: Vec<String> = trace.slots.iter().map(|s| s.scheduled_time.to_rfc3339()).collect();
        assert_eq!(slots, ["2026-03-27T01:00:00+00:00", "2026-03-28T01:00:00+00:00"]);
        // Offsets: CET from the start, CEST from 01:00 UTC on the 29th.
        assert_eq!(card.offsets, [(ms(trace.start), 3600), (1_774_746_000_000.0, 7200)]);
        let [change] = &card.changes[..] else { panic!("{:?}", card.changes) };
        assert_eq!((change.at, change.gap), (1_774_746_000_000.0, true));
        assert_eq!(change.label.render(Lang::En), "clocks jump 02:00→03:00");
        assert_eq!(
            change.note.render(Lang::En),
            "On 2026-03-29 the clock in Europe/Berlin skips 02:00–03:00: robfig/cron skips this schedule's 02:00 that day (it does not run it later)."
        );
        assert_eq!(change.label.render(Lang::Ja), "時計が 02:00→03:00 に進む");
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
        let [change] = &card.changes[..] else { panic!() };
        assert!(!change.gap);
        assert_eq!(change.label.render(Lang::En), "clocks go back 03:00→02:00");
        assert!(change.note.render(Lang::En).contains("runs this schedule's 02:00 twice"), "{:?}", change.note);
        // A CronJob without a zone runs in the controller's.
        let utc = text.replace("  timeZone: Europe/Berlin\n", "");
        let trace = run(&utc).trace.unwrap();
        assert_eq!(cards(&trace, Some("Asia/Tokyo"))[0].zone, "Asia/Tokyo");
        assert_eq!((cards(&trace, None)[0].zone.as_str(), cards(&trace, None)[0].changes.len()), ("UTC", 0));
    }
}
