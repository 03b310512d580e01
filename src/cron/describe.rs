//! Plain-language descriptions of schedules in the style of crontab.guru ("At 05:00 on every
//! day-of-week from Monday through Friday"), built from the parsed masks so that every spelling
//! of a field (`*/15`, `0,15,30,45`, `0-59/15`) reads the same, plus the robfig-specific notes a
//! user needs: the day-of-month/day-of-week OR rule and what DST does in the chosen zone.

use super::spec::{Masks, STAR_BIT};
use super::Schedule;
use crate::go::{Location, Tz, Zone};
use crate::i18n::schedule::{month, weekday};
use crate::i18n::Lang;
use chrono::{DateTime, NaiveDateTime, TimeDelta};

/// One field's vocabulary.
struct Unit {
    word: &'static str,
    min: u32,
    max: u32,
    name: fn(u32) -> String,
}

const MINUTE: Unit = Unit { word: "minute", min: 0, max: 59, name: number };
const HOUR: Unit = Unit { word: "hour", min: 0, max: 23, name: number };
const DOM: Unit = Unit { word: "day-of-month", min: 1, max: 31, name: number };
const MONTH: Unit = Unit { word: "month", min: 1, max: 12, name: |v| month(Lang::En, v) };
const DOW: Unit = Unit { word: "day-of-week", min: 0, max: 6, name: |v| weekday(Lang::En, v).to_owned() };

fn number(v: u32) -> String {
    v.to_string()
}

fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// "a", "a and b", "a, b, and c".
fn join(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [a, b] => format!("{a} and {b}"),
        [rest @ .., last] => format!("{}, and {last}", rest.join(", ")),
    }
}

fn values(mask: u64, unit: &Unit) -> Vec<u32> {
    mask_values(mask, unit.min, unit.max)
}

/// The values from `min` to `max` whose bit is set in a field's `mask`.
pub fn mask_values(mask: u64, min: u32, max: u32) -> Vec<u32> {
    (min..=max).filter(|v| mask & (1 << v) != 0).collect()
}

/// Sorted values as they are read out: each maximal run of three or more consecutive values as
/// its first and last, every other value alone (`first == last`).
///
/// ```
/// use cronjob_playground::cron::value_runs;
/// assert_eq!(value_runs(&[1, 2, 3, 4, 6, 8, 9]), [(1, 4), (6, 6), (8, 8), (9, 9)]);
/// ```
pub fn value_runs(vals: &[u32]) -> Vec<(u32, u32)> {
    let mut runs = Vec::new();
    let mut i = 0;
    while i < vals.len() {
        let mut j = i;
        while j + 1 < vals.len() && vals[j + 1] == vals[j] + 1 {
            j += 1;
        }
        if j - i >= 2 {
            runs.push((vals[i], vals[j]));
        } else {
            runs.extend(vals[i..=j].iter().map(|&v| (v, v)));
        }
        i = j + 1;
    }
    runs
}

fn is_all(mask: u64, unit: &Unit) -> bool {
    values(mask, unit).len() == (unit.max - unit.min + 1) as usize
}

/// The phrase for one field's values: "every minute", "minute 5", "every 15th minute",
/// "every day-of-week from Monday through Friday", "hour 5 and 17", …
fn phrase(mask: u64, unit: &Unit) -> String {
    let vals = values(mask, unit);
    let name = |v: &u32| (unit.name)(*v);
    let word = unit.word;
    if vals.len() == (unit.max - unit.min + 1) as usize {
        return format!("every {word}");
    }
    // An arithmetic progression of three or more values with a step above one.
    if vals.len() >= 3 {
        let step = vals[1] - vals[0];
        if step > 1 && vals.windows(2).all(|w| w[1] - w[0] == step) {
            let (first, last) = (vals[0], vals[vals.len() - 1]);
            return if first == unit.min && last + step > unit.max {
                format!("every {} {word}", ordinal(step))
            } else {
                format!("every {} {word} from {} through {}", ordinal(step), name(&first), name(&last))
            };
        }
    }
    // Runs of consecutive values: three or more read as a range.
    let parts: Vec<String> = value_runs(&vals)
        .into_iter()
        .map(|(first, last)| {
            if first == last {
                name(&first)
            } else {
                format!("every {word} from {} through {}", name(&first), name(&last))
            }
        })
        .collect();
    let first_is_value = !parts[0].starts_with("every ");
    let text = join(&parts);
    // Minutes, hours and days of the month are numbers and need their unit word.
    if first_is_value && unit.max > 12 {
        format!("{word} {text}")
    } else {
        text
    }
}

/// The crontab.guru-style sentence for a schedule.
///
/// ```
/// use cronjob_playground::cron::{describe, parse_standard};
/// let d = |s| describe(&parse_standard(s).unwrap());
/// assert_eq!(d("0 5 * * 1-5"), "At 05:00 on every day-of-week from Monday through Friday");
/// assert_eq!(d("*/15 9-17 * * *"), "At every 15th minute past every hour from 9 through 17");
/// assert_eq!(d("0 0 13 * 5"), "At 00:00 on day-of-month 13 or on Friday");
/// assert_eq!(d("@monthly"), "At 00:00 on day-of-month 1");
/// assert_eq!(d("@every 90m"), "Every 1 hour 30 minutes, counted from the previous run");
/// ```
pub fn describe(schedule: &Schedule) -> String {
    match schedule {
        Schedule::Every(every) => format!("Every {}, counted from the previous run", duration_words(every.delay())),
        Schedule::Spec(spec) => describe_masks(spec.masks()),
    }
}

fn duration_words(delay: TimeDelta) -> String {
    let total = delay.num_seconds();
    let parts: Vec<String> =
        [(total / 86_400, "day"), (total / 3600 % 24, "hour"), (total / 60 % 60, "minute"), (total % 60, "second")]
            .into_iter()
            .filter(|(n, _)| *n > 0)
            .map(|(n, unit)| if n == 1 { format!("1 {unit}") } else { format!("{n} {unit}s") })
            .collect();
    parts.join(" ")
}

fn describe_masks(m: &Masks) -> String {
    for (mask, unit) in [(m.minute, &MINUTE), (m.hour, &HOUR), (m.month, &MONTH)] {
        if values(mask, unit).is_empty() {
            return format!("Never: the {} field is empty", unit.word);
        }
    }
    let mut text = time_phrase(m);
    let (dom_star, dow_star) = (m.dom & STAR_BIT != 0, m.dow & STAR_BIT != 0);
    let (dom_empty, dow_empty) = (values(m.dom, &DOM).is_empty(), values(m.dow, &DOW).is_empty());
    match (dom_star, dow_star) {
        (true, true) => {}
        (true, false) if dow_empty => return "Never: the day-of-week field is empty".to_owned(),
        (false, true) if dom_empty => return "Never: the day-of-month field is empty".to_owned(),
        (true, false) => text += &format!(" on {}", phrase(m.dow, &DOW)),
        (false, true) => text += &format!(" on {}", phrase(m.dom, &DOM)),
        (false, false) => match (dom_empty, dow_empty) {
            (true, true) => return "Never: the day fields are empty".to_owned(),
            (true, false) => text += &format!(" on {}", phrase(m.dow, &DOW)),
            (false, true) => text += &format!(" on {}", phrase(m.dom, &DOM)),
            (false, false) => text += &format!(" on {} or on {}", phrase(m.dom, &DOM), phrase(m.dow, &DOW)),
        },
    }
    if !is_all(m.month, &MONTH) {
        text += &format!(" in {}", phrase(m.month, &MONTH));
    }
    text
}

fn time_phrase(m: &Masks) -> String {
    let (minutes, hours) = (values(m.minute, &MINUTE), values(m.hour, &HOUR));
    if minutes.len() * hours.len() <= 4 && !is_all(m.hour, &HOUR) {
        let times: Vec<String> =
            hours.iter().flat_map(|h| minutes.iter().map(move |mi| format!("{h:02}:{mi:02}"))).collect();
        return format!("At {}", join(&times));
    }
    if is_all(m.hour, &HOUR) {
        format!("At {}", phrase(m.minute, &MINUTE))
    } else {
        format!("At {} past {}", phrase(m.minute, &MINUTE), phrase(m.hour, &HOUR))
    }
}

/// robfig-specific notes for a schedule evaluated in `zone` from `after`: the day rule when it
/// surprises, the schedule's own zone, and what the next DST changes within a year do to it.
///
/// ```
/// use cronjob_playground::cron::{notes, parse_standard};
/// use chrono::TimeZone;
/// use cronjob_playground::go::Tz;
/// let new_york: Tz = "America/New_York".parse().unwrap();
/// let after = new_york.with_ymd_and_hms(2025, 1, 15, 0, 0, 0).unwrap();
/// let n = notes(&parse_standard("30 2 * * *").unwrap(), after);
/// assert!(n[0].starts_with("On 2025-03-09 the clock in America/New_York jumps from 02:00 to 03:00"), "{n:?}");
/// ```
pub fn notes(schedule: &Schedule, after: DateTime<Tz>) -> Vec<String> {
    let spec = match schedule {
        Schedule::Every(_) => {
            return vec!["@every counts absolute time from the previous run (or from the start time); \
                DST changes do not move it, and any time zone prefix is ignored"
                .to_owned()]
        }
        Schedule::Spec(spec) => spec,
    };
    let m = spec.masks();
    let mut notes = Vec::new();
    let (dom_restricted, dow_restricted) = (m.dom & STAR_BIT == 0, m.dow & STAR_BIT == 0);
    if dom_restricted && dow_restricted && !values(m.dom, &DOM).is_empty() && !values(m.dow, &DOW).is_empty() {
        notes.push(
            "Neither day-of-month nor day-of-week is `*`, so robfig/cron runs on days matching EITHER \
            (not both); write `*` or `?` in one of them to restrict by the other alone"
                .to_owned(),
        );
    }
    notes.extend(calendar_note(m));
    for (mask, unit, period) in [(m.minute, &MINUTE, "hour"), (m.hour, &HOUR, "day"), (m.dom, &DOM, "month")] {
        notes.extend(uneven_step_note(mask, unit, period));
    }
    let zone = match spec.location() {
        Location::Zone(tz) => {
            notes.push(format!("The schedule names its own zone: it runs on {}'s wall clock", tz.name()));
            tz
        }
        Location::Local => after.timezone(),
    };
    notes.extend(dst_notes(m, zone, after.timestamp()));
    notes
}

/// Days of the month that the chosen months never have (`30 2`, `31 4,6`), when the day of the
/// week does not rescue them: robfig then finds nothing, or (for the 29th of February) only in
/// leap years.
fn calendar_note(m: &Masks) -> Option<String> {
    let restricts_by_date = m.dow & STAR_BIT != 0 || values(m.dow, &DOW).is_empty();
    let (days, months) = (values(m.dom, &DOM), values(m.month, &MONTH));
    if !restricts_by_date || days.is_empty() || months.is_empty() || m.dom & STAR_BIT != 0 {
        return None;
    }
    const LONGEST: [u32; 13] = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    let fits = |limit: &dyn Fn(u32) -> u32| months.iter().any(|&mo| days.iter().any(|&d| d <= limit(mo)));
    if !fits(&|mo| LONGEST[mo as usize]) {
        Some(
            "No chosen month has any chosen day-of-month: robfig/cron finds no time (its search gives up after five \
            years) and Kubernetes never runs the job"
                .to_owned(),
        )
    } else if !fits(&|mo| if mo == 2 { 28 } else { LONGEST[mo as usize] }) {
        Some("The only date that fits is 29 February: it runs in leap years only".to_owned())
    } else {
        None
    }
}

/// A step that does not divide the field's range restarts at the top of the next hour, day or
/// month, so the last gap is shorter (`*/7` minutes: …, :49, :56, then :00).
fn uneven_step_note(mask: u64, unit: &Unit, period: &str) -> Option<String> {
    let vals = values(mask, unit);
    let &[first, second, .., last] = &vals[..] else { return None };
    let step = second - first;
    let progression = step > 1 && vals.windows(2).all(|w| w[1] - w[0] == step);
    let wrap_gap = unit.max + 1 - unit.min - (last - first);
    if !progression || first != unit.min || last + step <= unit.max || wrap_gap == step {
        return None;
    }
    let word = unit.word;
    Some(if period == "month" {
        format!(
            "The {word} step restarts every month: after day {last} comes day {first} of the next month, so the \
            last gap depends on the month's length"
        )
    } else {
        format!(
            "The {word} step restarts every {period}: after {word} {last} comes {word} {first}, {wrap_gap} apart \
            rather than {step}"
        )
    })
}

/// One change of a zone's UTC offset, and the schedule's wall-clock times it skips (clocks jump
/// forward: robfig/cron skips them) or repeats (clocks go back: robfig/cron runs them twice).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockChange {
    /// The instant of the change (Unix seconds).
    pub at: i64,
    /// The offsets before and after it (seconds east of UTC).
    pub from_offset: i64,
    pub to_offset: i64,
    /// The wall-clock span skipped or repeated, `[start, end)`.
    pub start: NaiveDateTime,
    pub end: NaiveDateTime,
    /// The schedule's times in that span (`02:30`).
    pub affected: Vec<String>,
}

impl ClockChange {
    /// Clocks jump forward (a span of wall-clock time does not exist).
    pub fn is_gap(&self) -> bool {
        self.to_offset > self.from_offset
    }
}

/// The zone's clock changes after `from` and before `until` (Unix seconds), at most `max`, with
/// the times of the schedule `m` each one skips or repeats.
///
/// ```
/// use cronjob_playground::cron::{clock_changes, parse_standard, Schedule};
/// let Ok(Schedule::Spec(spec)) = parse_standard("0 2 * * *") else { panic!() };
/// let berlin = "Europe/Berlin".parse().unwrap();
/// // 2026-01-01 to 2027-01-01: the spring change skips 02:00, the autumn one repeats it.
/// let changes = clock_changes(spec.masks(), berlin, 1_767_225_600, 1_798_761_600, 4);
/// assert_eq!(changes.len(), 2);
/// assert!(changes[0].is_gap() && !changes[1].is_gap());
/// assert_eq!((changes[0].start.to_string(), changes[0].affected.clone()), ("2026-03-29 02:00:00".into(),
///     vec!["02:00".to_string()]));
/// assert_eq!((changes[1].start.to_string(), changes[1].affected.clone()), ("2026-10-25 02:00:00".into(),
///     vec!["02:00".to_string()]));
/// ```
pub fn clock_changes(m: &Masks, tz: Tz, from: i64, until: i64, max: usize) -> Vec<ClockChange> {
    let mut zone = Zone::new(tz);
    let mut changes = Vec::new();
    let mut t = from;
    while changes.len() < max {
        let before = zone.period(t);
        if before.end >= until || before.end <= t {
            break;
        }
        let change = before.end;
        let after = zone.period(change);
        t = change;
        let (from_offset, to_offset) = (before.offset, after.offset);
        // The wall-clock window that is skipped (gap) or repeated (overlap).
        let (window_start, window_end) = if to_offset > from_offset {
            (change + from_offset, change + to_offset)
        } else {
            (change + to_offset, change + from_offset)
        };
        let wall = |local: i64| DateTime::from_timestamp(local, 0).map(|d| d.naive_utc());
        let (Some(start), Some(end)) = (wall(window_start), wall(window_end)) else { break };
        let affected: Vec<String> = (window_start..window_end)
            .step_by(60)
            .filter_map(wall)
            .filter(|w| {
                use chrono::{Datelike, Timelike};
                m.minute & (1 << w.minute()) != 0
                    && m.hour & (1 << w.hour()) != 0
                    && m.month & (1 << w.month()) != 0
                    && m.day_matches(w.day(), w.weekday().num_days_from_sunday())
            })
            .map(|w| w.format("%H:%M").to_string())
            .collect();
        changes.push(ClockChange { at: change, from_offset, to_offset, start, end, affected });
    }
    changes
}

/// What the zone's next clock changes (within a year) do to the schedule's times.
fn dst_notes(m: &Masks, tz: Tz, from: i64) -> Vec<String> {
    let mut notes = Vec::new();
    for ClockChange { from_offset, to_offset, start, end, affected, .. } in
        clock_changes(m, tz, from, from + 366 * 86_400, 2)
    {
        let (window_start, window_end) = (start.and_utc().timestamp(), end.and_utc().timestamp());
        let date = start.format("%Y-%m-%d");
        let (from_text, to_text) = (start.format("%H:%M"), end.format("%H:%M"));
        let odd = (window_end - window_start) % 3600 != 0 || start.time() == chrono::NaiveTime::MIN;
        let mut note = if to_offset > from_offset {
            let mut s = format!("On {date} the clock in {} jumps from {from_text} to {to_text}", tz.name());
            s += &if affected.is_empty() {
                ": none of this schedule's times fall in the skipped span".to_owned()
            } else {
                format!(
                    ": robfig/cron skips this schedule's {} run that day (it does not move it later)",
                    join(&affected)
                )
            };
            s
        } else {
            let mut s = format!("On {date} the clock in {} repeats {from_text}–{to_text}", tz.name());
            s += &if affected.is_empty() {
                ": none of this schedule's times fall in the repeated span".to_owned()
            } else {
                format!(": robfig/cron runs this schedule's {} twice, once at each UTC offset", join(&affected))
            };
            s
        };
        if odd {
            note += "; because this change is not a whole hour or touches midnight, robfig/cron's day search \
                can also lose (or, east of UTC, misplace) a whole day's run around it";
        }
        notes.push(note);
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cron::parse_standard;
    use chrono::TimeZone;

    fn d(spec: &str) -> String {
        describe(&parse_standard(spec).unwrap())
    }

    #[test]
    fn sentences_in_crontab_guru_style() {
        assert_eq!(d("* * * * *"), "At every minute");
        assert_eq!(d("0 * * * *"), "At minute 0");
        assert_eq!(d("0 5,17 * * *"), "At 05:00 and 17:00");
        assert_eq!(d("5/15 * * * *"), "At every 15th minute from 5 through 50");
        assert_eq!(d("0,15,30,45 * * * *"), "At every 15th minute");
        assert_eq!(d("1-5,10 0 * * *"), "At every minute from 1 through 5 and 10 past hour 0");
        assert_eq!(d("0 0 * * 5,6,0"), "At 00:00 on Sunday, Friday, and Saturday");
        assert_eq!(d("0 0 1 jan-mar *"), "At 00:00 on day-of-month 1 in every month from January through March");
        assert_eq!(d("0 0 * */4 *"), "At 00:00 in every 4th month");
        assert_eq!(d("@weekly"), "At 00:00 on Sunday");
        assert_eq!(d("0 0 , * *"), "Never: the day-of-month field is empty");
        assert_eq!(d("0 0 , * 1"), "At 00:00 on Monday");
        assert_eq!(d("@every 15s"), "Every 15 seconds, counted from the previous run");
    }

    #[test]
    fn notes_explain_the_or_rule_and_dst() {
        let new_york: Tz = "America/New_York".parse().unwrap();
        let after = new_york.with_ymd_and_hms(2025, 6, 1, 0, 0, 0).unwrap();
        let n = notes(&parse_standard("30 1 13 * 5").unwrap(), after);
        assert!(n[0].contains("EITHER"), "{n:?}");
        assert_eq!(
            n[1],
            "On 2025-11-02 the clock in America/New_York repeats 01:00–02:00: none of this schedule's times fall in \
            the repeated span"
        );
        let n = notes(&parse_standard("30 1 * * *").unwrap(), after);
        assert!(n[0].ends_with("runs this schedule's 01:30 twice, once at each UTC offset"), "{n:?}");
        let utc = Tz::UTC.with_ymd_and_hms(2025, 1, 1, 0, 0, 0).unwrap();
        assert!(notes(&parse_standard("0 5 * * *").unwrap(), utc).is_empty());
        let note = |spec| notes(&parse_standard(spec).unwrap(), utc);
        assert_eq!(
            note("*/7 * * * *"),
            ["The minute step restarts every hour: after minute 56 comes minute 0, 4 apart rather than 7"]
        );
        assert!(note("*/15 * * * *").is_empty());
        assert_eq!(
            note("0 */5 * * *"),
            ["The hour step restarts every day: after hour 20 comes hour 0, 4 apart rather than 5"]
        );
        assert!(note("0 0 30 2 *")[0].starts_with("No chosen month has any chosen day-of-month"));
        assert!(note("0 0 31 2,4 ?")[0].starts_with("No chosen month"));
        assert_eq!(note("0 0 29 2 *"), ["The only date that fits is 29 February: it runs in leap years only"]);
        assert!(note("0 0 31 1-12 *").is_empty());
        assert!(note("0-20/5 * * * *").is_empty());
        assert_eq!(
            note("0 0 */2 * *"),
            ["The day-of-month step restarts every month: after day 31 comes day 1 of the \
                next month, so the last gap depends on the month's length"]
        );
        // With a non-star day-of-week the weekday side still fires (OR rule), so no calendar note.
        assert!(!note("0 0 30 2 1").iter().any(|n| n.starts_with("No chosen month")));
    }
}
