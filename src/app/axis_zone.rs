//! The zone the page reads instants in — the timeline's axis, the virtual clock's readout and the
//! inspector's times: UTC (the trace's own), a CronJob's zone (its `timeZone`, or the
//! controller's, as the schedule card names it) or the viewer's (the browser's). A share link
//! carries the choice (`docs/contracts.md` §6). Kubernetes' own texts — Events, log lines,
//! status fields — keep the UTC the API server writes.
//!
//! The page's module has no zone table: a CronJob's zone's offsets come with its schedule card
//! (`app::schedule_card`), the viewer's from the browser.

use super::said::Said;
use super::schedule_card::{offset_at, ScheduleCard};
use crate::timeline::viewport::time_of_ms;
use chrono::{Datelike, Timelike};
use std::fmt;

/// Which zone's wall clock the page shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum AxisZone {
    /// UTC, as the trace and Kubernetes write instants.
    #[default]
    Utc,
    /// The viewer's own zone (the browser's).
    Viewer,
    /// A zone one of the CronJobs is scheduled in (`Europe/Berlin`).
    Named(String),
}

/// The longest zone name a link may carry (the database's longest is 32 characters).
const MAX_NAME: usize = 64;

impl AxisZone {
    /// The choice as a share link and the zone menu write it: `UTC`, `viewer`, or the zone's
    /// name.
    ///
    /// ```
    /// use cronjob_playground::app::axis_zone::AxisZone;
    /// assert_eq!(AxisZone::parse("Europe/Berlin").unwrap(), AxisZone::Named("Europe/Berlin".into()));
    /// assert_eq!(AxisZone::parse("viewer").unwrap().to_string(), "viewer");
    /// assert!(AxisZone::parse("Europe/Berlin\"; x").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<AxisZone, NotAZone> {
        match text {
            "UTC" => Ok(AxisZone::Utc),
            "viewer" => Ok(AxisZone::Viewer),
            name if !name.is_empty()
                && name.len() <= MAX_NAME
                && name.bytes().all(|b| b.is_ascii_alphanumeric() || b"/_+-".contains(&b)) =>
            {
                Ok(AxisZone::Named(name.to_string()))
            }
            _ => Err(NotAZone { text: text.to_string() }),
        }
    }

    /// The offset table of a named zone, from the card of a CronJob scheduled in it (`None`: no
    /// CronJob of `cards` is, and the page falls back to UTC).
    pub fn offsets<'a>(&self, cards: &'a [ScheduleCard]) -> Option<&'a [(f64, i32)]> {
        let AxisZone::Named(name) = self else { return None };
        cards.iter().flat_map(|c| &c.parts).find(|p| p.zone == *name).map(|p| &p.offsets[..])
    }
}

impl fmt::Display for AxisZone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AxisZone::Utc => "UTC",
            AxisZone::Viewer => "viewer",
            AxisZone::Named(name) => name,
        })
    }
}

/// A text that names no zone choice: not `UTC`, `viewer` or a zone's name (a share link's `zone`
/// carries it; the link is then refused with this reason).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAZone {
    /// The text as given.
    pub text: String,
}

impl fmt::Display for NotAZone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the view's zone {:?} is not `UTC`, `viewer` or a zone's name", self.text)
    }
}

impl std::error::Error for NotAZone {}

/// The CronJobs' zones other than UTC, each once, in the order of the cards.
pub fn cron_job_zones(cards: &[ScheduleCard]) -> Vec<&str> {
    let mut zones: Vec<&str> = Vec::new();
    for part in cards.iter().flat_map(|c| &c.parts) {
        if part.zone != "UTC" && !zones.contains(&part.zone.as_str()) {
            zones.push(&part.zone);
        }
    }
    zones
}

/// `at` (ms) on a wall clock `offset` seconds east of UTC: `2026-03-29 03:00 UTC+02:00`, with
/// seconds when `seconds`.
///
/// ```
/// use cronjob_playground::app::axis_zone::wall_clock;
/// assert_eq!(wall_clock(1_774_746_000_000.0, 7200, true), "2026-03-29 03:00:00 UTC+02:00");
/// assert_eq!(wall_clock(1_774_746_000_000.0, -16_200, false), "2026-03-28 20:30 UTC-04:30");
/// ```
pub fn wall_clock(at: f64, offset: i32, seconds: bool) -> String {
    let t = time_of_ms(at + f64::from(offset) * 1000.0);
    let (sign, abs) = if offset < 0 { ('-', -offset) } else { ('+', offset) };
    let mut text = format!("{}-{:02}-{:02} {:02}:{:02}", t.year(), t.month(), t.day(), t.hour(), t.minute());
    if seconds {
        text.push_str(&format!(":{:02}", t.second()));
    }
    text.push_str(&format!(" UTC{sign}{:02}:{:02}", abs / 3600, abs / 60 % 60));
    text
}

/// A clock change the axis marks: where, which way, its label and what it does to each schedule
/// it touches.
#[derive(Debug, PartialEq)]
pub struct ClockMark<'a> {
    pub at: f64,
    /// Clocks jump forward (else they go back).
    pub gap: bool,
    pub label: &'a Said,
    /// The CronJobs it touches and what it does to each one's schedule.
    pub notes: Vec<(&'a str, &'a Said)>,
}

/// The clock changes of the CronJobs' zones within the horizon, each instant and zone once,
/// in time order.
pub fn clock_marks(cards: &[ScheduleCard]) -> Vec<ClockMark<'_>> {
    let mut marks: Vec<ClockMark> = Vec::new();
    for card in cards {
        for change in card.parts.iter().flat_map(|p| &p.changes) {
            let note = (card.cron_job.as_str(), &change.note);
            match marks.iter_mut().find(|m| m.at == change.at && m.label == &change.label) {
                Some(mark) => mark.notes.push(note),
                None => {
                    marks.push(ClockMark { at: change.at, gap: change.gap, label: &change.label, notes: vec![note] })
                }
            }
        }
    }
    crate::timeline::order::sort_by(&mut marks, |a, b| a.at.total_cmp(&b.at));
    marks
}

/// The offset (seconds east of UTC) of a named zone's `offsets` at `at`, or 0 for UTC.
pub fn named_offset(offsets: Option<&[(f64, i32)]>, at: f64) -> i32 {
    offsets.map_or(0, |o| offset_at(o, at))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::run::run;
    use crate::app::schedule_card::cards;
    use crate::i18n::Lang;

    fn cron_job(name: &str, schedule: &str, zone: Option<&str>) -> String {
        let zone = zone.map(|z| format!("  timeZone: {z}\n")).unwrap_or_default();
        format!(
            "apiVersion: batch/v1\nkind: CronJob\nmetadata: {{name: {name}, creationTimestamp: \
            '2026-03-27T00:00:00Z'}}\nspec:\n  schedule: '{schedule}'\n{zone}  jobTemplate:\n    spec:\n      \
            template:\n        spec:\n          restartPolicy: OnFailure\n          containers: [{{name: c, image: \
            busybox}}]\n---\n"
        )
    }

    fn three_cron_jobs(duration: &str) -> String {
        format!(
            "{}{}{}apiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec: {{duration: {duration}}}\n",
            cron_job("berlin-0230", "30 2 * * *", Some("Europe/Berlin")),
            cron_job("berlin-hourly", "0 * * * *", Some("Europe/Berlin")),
            cron_job("utc", "0 2 * * *", None),
        )
    }

    #[test]
    fn choices_read_and_write_as_links_carry_them() {
        for text in ["UTC", "viewer", "Europe/Berlin", "America/Argentina/Buenos_Aires", "Etc/GMT+5"] {
            assert_eq!(AxisZone::parse(text).unwrap().to_string(), text);
        }
        for bad in ["", "Europe/Berlin ", "../x", &"A".repeat(65), "Zürich"] {
            assert!(AxisZone::parse(bad).is_err(), "{bad:?}");
        }
        assert_eq!(AxisZone::default(), AxisZone::Utc);
    }

    /// Two Berlin CronJobs and one in UTC over the spring change: Berlin is offered once, the
    /// change is marked once with both Berlin CronJobs' notes, and the axis reads Berlin's offsets.
    #[test]
    fn a_zone_shared_by_cron_jobs_is_offered_and_marked_once() {
        let trace = run(&three_cron_jobs("3d")).trace.unwrap();
        let cards = cards(&trace, None);
        assert_eq!(cron_job_zones(&cards), ["Europe/Berlin"]);
        let marks = clock_marks(&cards);
        let [mark] = &marks[..] else { panic!("{marks:?}") };
        // 2026-03-29T01:00:00Z: 02:00 CET becomes 03:00 CEST.
        assert_eq!((mark.at, mark.gap), (1_774_746_000_000.0, true));
        assert_eq!(mark.label.render(Lang::En), "02:00→03:00 skipped (Europe/Berlin)");
        let notes: Vec<(&str, String)> = mark.notes.iter().map(|(c, n)| (*c, n.render(Lang::En))).collect();
        assert_eq!(
            notes,
            [
                (
                    "berlin-0230",
                    "On 2026-03-29 the clock in Europe/Berlin skips 02:00–03:00: robfig/cron skips this schedule's \
                    02:30 that day (it does not run it later)."
                        .to_string()
                ),
                (
                    "berlin-hourly",
                    "On 2026-03-29 the clock in Europe/Berlin skips 02:00–03:00: robfig/cron skips this schedule's \
                    02:00 that day (it does not run it later)."
                        .to_string()
                ),
            ]
        );
        let berlin = AxisZone::Named("Europe/Berlin".into());
        let offsets = berlin.offsets(&cards);
        assert_eq!(named_offset(offsets, mark.at - 1.0), 3600);
        assert_eq!(named_offset(offsets, mark.at), 7200);
        assert_eq!(wall_clock(mark.at, named_offset(offsets, mark.at), true), "2026-03-29 03:00:00 UTC+02:00");
        assert_eq!(AxisZone::Named("Asia/Tokyo".into()).offsets(&cards), None);
        assert_eq!(named_offset(AxisZone::Utc.offsets(&cards), mark.at), 0);
    }

    /// robfig's Next on the Berlin days of 2026: `30 2 * * *` has no 02:30 on 29 March (no slot)
    /// and runs the repeated 02:30 of 25 October.
    #[test]
    fn the_half_past_two_schedule_on_the_change_days() {
        let trace = run(&three_cron_jobs("3d")).trace.unwrap();
        let slots = |trace: &crate::sim::trace::Trace| -> Vec<String> {
            trace
                .slots
                .iter()
                .filter(|s| *s.cron_job == *"berlin-0230")
                .map(|s| s.scheduled_time.to_rfc3339())
                .collect()
        };
        assert_eq!(slots(&trace), ["2026-03-27T01:30:00+00:00", "2026-03-28T01:30:00+00:00"]);
        let autumn = run(&three_cron_jobs("3d").replace("2026-03-27", "2026-10-24")).trace.unwrap();
        let marks =
            clock_marks(&cards(&autumn, None)).into_iter().map(|m| m.label.render(Lang::En)).collect::<Vec<_>>();
        assert_eq!(marks, ["02:00–03:00 twice (Europe/Berlin)"]);
        assert_eq!(
            slots(&autumn),
            [
                "2026-10-24T00:30:00+00:00",
                "2026-10-25T00:30:00+00:00",
                "2026-10-25T01:30:00+00:00",
                "2026-10-26T01:30:00+00:00"
            ]
        );
    }
}
