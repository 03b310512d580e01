//! The time axis: tick marks on calendar boundaries at every zoom from seconds to centuries, and
//! their labels in the reader's language. Steps run 1 s … 12 h, 1, 2 and 7 days (weeks start on
//! Monday), 1, 3 and 6 months, then 1, 2, 5, 10… years; months and years are counted on the
//! calendar (a "year" step is never 365 days, so labels never drift or repeat). A label names the
//! step's unit and, where a larger one changes (a new day, a new year), that one instead; a label
//! that would run past the right edge is left out. Ticks are on the calendar of the zone the axis
//! is read in ([`ticks_in`]: UTC's, or a wall clock whose offset changes): a tick at a wall-clock
//! time that a spring change skips is left out, and one an autumn change repeats is drawn once.

use super::viewport::{time_of_ms, Viewport};
use crate::i18n::{Lang, Msg};
use chrono::{DateTime, Datelike, NaiveDate, Timelike, Utc};

/// A tick mark at `at` (ms since the epoch), with its label unless the label would not fit.
#[derive(Clone, Debug, PartialEq)]
pub struct Tick {
    pub at: f64,
    pub label: Option<String>,
}

/// The distance between two ticks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Seconds(i64),
    Months(i32),
    Years(i32),
}

const DAY_S: i64 = 86_400;
/// The fixed-length steps, in seconds.
const FIXED_S: [i64; 15] =
    [1, 5, 15, 30, 60, 300, 900, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600, DAY_S, 2 * DAY_S, 7 * DAY_S];
/// A Monday (1970-01-05), where week steps start.
const MONDAY_MS: f64 = 4.0 * DAY_S as f64 * 1000.0;
/// Calendar steps after the fixed ones: 1, 3, 6 months.
const MONTHS: [i32; 3] = [1, 3, 6];

impl Step {
    /// Its length in ms (months and years: their average length), to compare with pixels.
    fn approx_ms(self) -> f64 {
        match self {
            Step::Seconds(s) => s as f64 * 1000.0,
            Step::Months(m) => f64::from(m) * 30.44 * DAY_S as f64 * 1000.0,
            Step::Years(y) => f64::from(y) * 365.25 * DAY_S as f64 * 1000.0,
        }
    }

    /// The finest step whose ticks are at least `min_ms` apart.
    fn at_least(min_ms: f64) -> Step {
        let fixed = FIXED_S.iter().map(|s| Step::Seconds(*s));
        let months = MONTHS.iter().map(|m| Step::Months(*m));
        if let Some(step) = fixed.chain(months).find(|s| s.approx_ms() >= min_ms) {
            return step;
        }
        // 1, 2, 5, 10, 20, 50… years.
        let mut decade = 1;
        loop {
            for years in [decade, 2 * decade, 5 * decade] {
                if Step::Years(years).approx_ms() >= min_ms || years >= 100_000 {
                    return Step::Years(years);
                }
            }
            decade *= 10;
        }
    }
}

/// The first day of month `month0` (months since year 0) as ms since the epoch.
fn month_start(month0: i64) -> Option<f64> {
    let (year, month) = (month0.div_euclid(12), month0.rem_euclid(12) as u32 + 1);
    let date = NaiveDate::from_ymd_opt(i32::try_from(year).ok()?, month, 1)?;
    Some(date.and_hms_opt(0, 0, 0)?.and_utc().timestamp_millis() as f64)
}

/// The instants of the ticks of `step` inside the window (at most 1000).
fn instants(view: &Viewport, step: Step) -> Vec<f64> {
    let mut out = Vec::new();
    match step {
        Step::Seconds(s) => {
            let step_ms = s as f64 * 1000.0;
            let origin = if s == 7 * DAY_S { MONDAY_MS } else { 0.0 };
            let mut t = ((view.from - origin) / step_ms).ceil() * step_ms + origin;
            while t <= view.to && out.len() < 1000 {
                out.push(t);
                t += step_ms;
            }
        }
        Step::Months(_) | Step::Years(_) => {
            let every = match step {
                Step::Months(m) => i64::from(m),
                Step::Years(y) => 12 * i64::from(y),
                Step::Seconds(_) => unreachable!(),
            };
            let first = time_of_ms(view.from);
            let mut m = i64::from(first.year()) * 12 + i64::from(first.month0());
            m = m.div_euclid(every) * every;
            while let Some(t) = month_start(m) {
                if t > view.to || out.len() >= 1000 {
                    break;
                }
                if t >= view.from {
                    out.push(t);
                }
                m += every;
            }
        }
    }
    out
}

/// How wide `label` draws at the axis's 10.5 px font, roughly (CJK characters are about square).
pub fn label_px(label: &str) -> f64 {
    label.chars().map(|c| if c.is_ascii() { 6.3 } else { 10.5 }).sum()
}

/// The label of the tick at `t` for `step`, given the tick before it (`None` for the first).
fn label(l: Lang, step: Step, t: DateTime<Utc>, before: Option<DateTime<Utc>>) -> String {
    let new_year = before.is_none_or(|b| b.year() != t.year());
    let (day, year) = (t.day(), t.year());
    let month = l.text(Msg::AxisMonthNames).split(' ').nth(t.month0() as usize).unwrap_or_default();
    let date = |with_year: bool| {
        let msg = if with_year { Msg::AxisDateYear } else { Msg::AxisDate };
        l.format(msg, &[&month, &day, &year])
    };
    match step {
        Step::Years(_) => l.format(Msg::AxisYear, &[&year]),
        Step::Months(_) if t.month() == 1 => l.format(Msg::AxisYear, &[&year]),
        Step::Months(_) => month.to_owned(),
        Step::Seconds(s) if s >= DAY_S => date(new_year && before.is_some()),
        Step::Seconds(s) => {
            if t.hour() == 0 && t.minute() == 0 && t.second() == 0 {
                date(new_year && before.is_some())
            } else {
                super::names::time_of_day(t, s < 60)
            }
        }
    }
}

/// The ticks for the window: a step whose ticks are at least `min_px` apart, each tick labelled,
/// except those whose label would run past the lanes' right edge.
///
/// ```
/// use cronjob_playground::i18n::Lang;
/// use cronjob_playground::timeline::axis::ticks;
/// use cronjob_playground::timeline::viewport::Viewport;
/// // Ten years from 2023-03-22 on 1000 px: one tick a year, on the 1st of January.
/// let from = 1_679_443_200_000.0;
/// let view = Viewport { from, to: from + 3650.0 * 86_400_000.0, width: 1000.0 };
/// let labels: Vec<String> = ticks(&view, 90.0, Lang::En).into_iter().filter_map(|t| t.label).collect();
/// assert_eq!(labels, ["2024", "2025", "2026", "2027", "2028", "2029", "2030", "2031", "2032"]);
/// ```
pub fn ticks(view: &Viewport, min_px: f64, l: Lang) -> Vec<Tick> {
    ticks_in(view, min_px, l, |_| 0)
}

/// The ticks for the window on the wall clock `offset` seconds east of UTC at each instant (ms):
/// labels and calendar boundaries are the wall clock's, each tick at the instant it shows that
/// time.
///
/// ```
/// use cronjob_playground::i18n::Lang;
/// use cronjob_playground::timeline::axis::ticks_in;
/// use cronjob_playground::timeline::viewport::Viewport;
/// // 2026-03-29 00:00–06:00 UTC in Berlin: 01:00 CET becomes 03:00 CEST (UTC+2) at 01:00 UTC.
/// let (from, change) = (1_774_742_400_000.0, 1_774_746_000_000.0);
/// let view = Viewport { from, to: from + 6.0 * 3_600_000.0, width: 660.0 };
/// let berlin = |at: f64| if at < change { 3600 } else { 7200 };
/// let ticks = ticks_in(&view, 90.0, Lang::En, berlin);
/// let labels: Vec<&str> = ticks.iter().filter_map(|t| t.label.as_deref()).collect();
/// // Hourly: no 02:00 that day (08:00, at the right edge, has no room for its label).
/// assert_eq!(labels, ["01:00", "03:00", "04:00", "05:00", "06:00", "07:00"]);
/// assert_eq!(ticks[1].at, change);
/// ```
pub fn ticks_in(view: &Viewport, min_px: f64, l: Lang, offset: impl Fn(f64) -> i32) -> Vec<Tick> {
    let step = Step::at_least(min_px * view.span() / view.width);
    let shift = |at: f64| f64::from(offset(at)) * 1000.0;
    let wall = Viewport { from: view.from + shift(view.from), to: view.to + shift(view.to), ..*view };
    let mut before = None;
    instants(&wall, step)
        .into_iter()
        .filter_map(|local| {
            // The instant the wall clock shows `local` (the offset there read twice, so that a
            // time just past a change finds the new offset); none in a spring gap.
            let guess = local - shift(local);
            let at = local - shift(guess);
            let shown = at + shift(at) == local && at >= view.from && at <= view.to;
            shown.then_some((local, at))
        })
        .map(|(local, at)| {
            let t = time_of_ms(local);
            let text = label(l, step, t, before);
            before = Some(t);
            let fits = view.x(at) + 3.0 + label_px(&text) <= view.width;
            Tick { at, label: fits.then_some(text) }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY_MS: f64 = 86_400_000.0;
    /// 2023-03-22T13:01:51Z.
    const FROM: f64 = 1_679_490_111_000.0;

    fn labels(view: &Viewport, l: Lang) -> Vec<String> {
        ticks(view, 90.0, l).into_iter().filter_map(|t| t.label).collect()
    }

    /// At every zoom from 10 s to 30 years, on a phone's lanes and a laptop's: ticks in order, at
    /// least 90 px apart, labels distinct and inside the lanes, and at least two of them.
    #[test]
    fn every_zoom_has_readable_ticks_in_order() {
        let spans = [
            10e3,
            60e3,
            600e3,
            3600e3,
            6.0 * 3600e3,
            DAY_MS,
            7.0 * DAY_MS,
            30.0 * DAY_MS,
            90.0 * DAY_MS,
            365.0 * DAY_MS,
            3650.0 * DAY_MS,
            30.0 * 365.0 * DAY_MS,
        ];
        for width in [254.0, 1000.0] {
            for span in spans {
                for l in Lang::ALL {
                    let view = Viewport { from: FROM, to: FROM + span, width };
                    let ticks = ticks(&view, 90.0, l);
                    let xs: Vec<f64> = ticks.iter().map(|t| view.x(t.at)).collect();
                    assert!(xs.windows(2).all(|w| w[1] - w[0] >= 89.0), "{span} ms on {width} px: {xs:?}");
                    let shown = labels(&view, l);
                    let least = if width < 500.0 { 1 } else { 2 };
                    assert!(shown.len() >= least, "{span} ms on {width} px ({l:?}): {shown:?}");
                    let mut distinct = shown.clone();
                    distinct.dedup();
                    assert_eq!(distinct, shown, "{span} ms on {width} px ({l:?})");
                    for t in &ticks {
                        if let Some(text) = &t.label {
                            assert!(view.x(t.at) + 3.0 + label_px(text) <= width, "{text} cut off");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn labels_name_the_step_and_the_larger_unit_that_changes() {
        // A year on 1400 px: months, the new year named instead of January; on 1000 px, quarters.
        let year = Viewport { from: FROM, to: FROM + 365.0 * DAY_MS, width: 1400.0 };
        assert_eq!(
            labels(&year, Lang::En),
            ["Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "2024", "Feb", "Mar"]
        );
        assert_eq!(labels(&Viewport { width: 1000.0, ..year }, Lang::En), ["Apr", "Jul", "Oct", "2024"]);
        assert_eq!(labels(&year, Lang::Ja)[..3], ["4月", "5月", "6月"]);
        assert_eq!(labels(&year, Lang::Ko)[9], "2024년");
        // A day: every three hours, midnight named by its date.
        let day = Viewport { from: FROM, to: FROM + DAY_MS, width: 960.0 };
        assert_eq!(labels(&day, Lang::En), ["15:00", "18:00", "21:00", "Mar 23", "03:00", "06:00", "09:00", "12:00"]);
        assert_eq!(labels(&day, Lang::Ja)[3], "3月23日");
        assert_eq!(labels(&day, Lang::Ko)[3], "3월 23일");
        // A minute: seconds.
        let minute = Viewport { from: FROM, to: FROM + 60e3, width: 960.0 };
        assert_eq!(labels(&minute, Lang::En), ["13:02:00", "13:02:15", "13:02:30", "13:02:45"]);
        // Weeks start on Mondays (2023-03-27 was one); a new year's date carries the year.
        let quarter = Viewport { from: FROM, to: FROM + 60.0 * DAY_MS, width: 1000.0 };
        assert_eq!(labels(&quarter, Lang::En)[0], "Mar 27");
        let new_year = Viewport { from: 1_703_980_800_000.0, to: 1_703_980_800_000.0 + 14.0 * DAY_MS, width: 1000.0 };
        let shown = labels(&new_year, Lang::En);
        assert_eq!(shown[..2], ["Dec 31", "Jan 2, 2024"]);
        assert_eq!(labels(&new_year, Lang::Ja).iter().filter(|s| s.contains('年')).count(), 1);
    }

    /// Berlin's wall clock over the autumn change of 2026-10-25 (01:00 UTC: 03:00 CEST becomes
    /// 02:00 CET): the repeated 02:00 is ticked once, at its second instant; days start at local
    /// midnight, 22:00 UTC before the change and 23:00 UTC after it.
    #[test]
    fn ticks_follow_a_wall_clock_across_a_change() {
        let change = 1_792_890_000_000.0;
        let berlin = |at: f64| if at < change { 7200 } else { 3600 };
        let hours = Viewport { from: change - 3.0 * 3_600_000.0, to: change + 3.0 * 3_600_000.0, width: 700.0 };
        let shown: Vec<(String, f64)> =
            ticks_in(&hours, 90.0, Lang::En, berlin).into_iter().filter_map(|t| Some((t.label?, t.at))).collect();
        let at = |h: f64| change + h * 3_600_000.0;
        assert_eq!(
            shown,
            [
                ("Oct 25".to_string(), at(-3.0)),
                ("01:00".to_string(), at(-2.0)),
                ("02:00".to_string(), at(0.0)),
                ("03:00".to_string(), at(1.0)),
                ("04:00".to_string(), at(2.0)),
            ]
        );
        let days = Viewport { from: change - 3.0 * DAY_MS, to: change + 3.0 * DAY_MS, width: 700.0 };
        let midnights: Vec<(String, f64)> =
            ticks_in(&days, 90.0, Lang::En, berlin).into_iter().filter_map(|t| Some((t.label?, t.at))).collect();
        assert!(midnights.contains(&("Oct 25".to_string(), at(-3.0))), "{midnights:?}");
        assert!(midnights.contains(&("Oct 26".to_string(), at(22.0))), "{midnights:?}");
    }

    #[test]
    fn long_steps_count_calendar_years() {
        assert_eq!(Step::at_least(400.0 * DAY_MS), Step::Years(2));
        assert_eq!(Step::at_least(3.0 * 365.25 * DAY_MS), Step::Years(5));
        assert_eq!(Step::at_least(6.0 * 365.25 * DAY_MS), Step::Years(10));
        assert_eq!(Step::at_least(15.0 * 365.25 * DAY_MS), Step::Years(20));
        assert_eq!(Step::at_least(40.0 * 365.25 * DAY_MS), Step::Years(50));
        assert_eq!(Step::at_least(2.0 * 30.44 * DAY_MS), Step::Months(3));
        // Ten years on a phone: every five years, on round years.
        let view = Viewport { from: FROM, to: FROM + 3650.0 * DAY_MS, width: 254.0 };
        assert_eq!(labels(&view, Lang::En), ["2025", "2030"]);
    }
}
