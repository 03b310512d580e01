//! The time-window question: what starts between two times, and what is still running when the
//! window opens — "what starts between 02:00 and 03:00 Berlin time, and what is still running?" —
//! asked of each day of the cluster's window, or of one span.

use super::density::{key, stopped};
use super::Cluster;
use crate::go::Tz;
use crate::sim::trace::{format_time, Time};
use chrono::{Days, NaiveTime, TimeZone};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Where the question looks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Window {
    /// Every day's `[from, to)` on the wall clock of `zone` (`to` before `from` runs past midnight).
    Daily { from: NaiveTime, to: NaiveTime, zone: Tz },
    /// One span `[from, to)`.
    Span { from: Time, to: Time },
}

impl Window {
    /// Reads `02:00-03:00` (read in `zone` each day) or `<RFC 3339>..<RFC 3339>`.
    ///
    /// ```
    /// use cronjob_playground::app::cluster::query::Window;
    /// let berlin = "Europe/Berlin".parse().unwrap();
    /// assert!(matches!(Window::parse("02:00-03:00", berlin), Ok(Window::Daily { .. })));
    /// assert!(matches!(Window::parse("2026-11-23T02:00:00Z..2026-11-23T03:00:00Z", berlin), Ok(Window::Span { .. })));
    /// assert_eq!(Window::parse("2-3", berlin).unwrap_err().to_string(),
    ///            "window \"2-3\": write HH:MM-HH:MM (each day, in the zone) or <RFC 3339>..<RFC 3339>");
    /// ```
    pub fn parse(text: &str, zone: Tz) -> Result<Window, WindowError> {
        let fault = |fault| WindowError { text: text.to_string(), fault };
        let bad = || fault(WindowFault::Unreadable);
        if let Some((a, b)) = text.split_once("..") {
            let instant =
                |t: &str| chrono::DateTime::parse_from_rfc3339(t.trim()).map(|t| t.to_utc()).map_err(|_| bad());
            let (from, to) = (instant(a)?, instant(b)?);
            if to <= from {
                return Err(fault(WindowFault::EndNotAfterStart));
            }
            return Ok(Window::Span { from, to });
        }
        let (a, b) = text.split_once('-').ok_or_else(bad)?;
        let clock = |t: &str| NaiveTime::parse_from_str(t.trim(), "%H:%M").map_err(|_| bad());
        let (from, to) = (clock(a)?, clock(b)?);
        if from == to {
            return Err(fault(WindowFault::EndIsStart));
        }
        Ok(Window::Daily { from, to, zone })
    }

    /// The spans of the window within `[start, end)`, in time order.
    pub fn spans(&self, start: Time, end: Time) -> Vec<(Time, Time)> {
        match *self {
            Window::Span { from, to } => vec![(from, to)],
            Window::Daily { from, to, zone } => {
                // A wall-clock time a spring change skips is read as the first instant after it.
                let at = |day: chrono::NaiveDate, t: NaiveTime| {
                    let local = day.and_time(t);
                    zone.from_local_datetime(&local)
                        .earliest()
                        .or_else(|| zone.from_local_datetime(&(local + chrono::TimeDelta::hours(1))).earliest())
                        .map(|t| t.to_utc())
                };
                let mut day = start.with_timezone(&zone).date_naive() - Days::new(1);
                let mut spans = Vec::new();
                while let Some(open) = at(day, from) {
                    if open >= end {
                        break;
                    }
                    let close_day = if to > from { day } else { day + Days::new(1) };
                    if let Some(close) = at(close_day, to) {
                        if close > start {
                            spans.push((open, close));
                        }
                    }
                    day = day + Days::new(1);
                }
                spans
            }
        }
    }
}

/// A window text [`Window::parse`] refuses, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WindowError {
    /// The text as given.
    pub text: String,
    pub fault: WindowFault,
}

/// What is wrong with a window text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WindowFault {
    /// Neither `HH:MM-HH:MM` nor two RFC 3339 instants joined by `..`.
    Unreadable,
    /// A span whose end is not after its start.
    EndNotAfterStart,
    /// A daily window whose end is its start.
    EndIsStart,
}

impl fmt::Display for WindowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "window {:?}: ", self.text)?;
        f.write_str(match self.fault {
            WindowFault::Unreadable => "write HH:MM-HH:MM (each day, in the zone) or <RFC 3339>..<RFC 3339>",
            WindowFault::EndNotAfterStart => "the end must be after the start",
            WindowFault::EndIsStart => "the end must differ from the start",
        })
    }
}

impl std::error::Error for WindowError {}

/// A Job the question found.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Hit {
    /// Its CronJob (`namespace/name`), or the Job's own name for a Job of no CronJob.
    pub cron_job: String,
    pub job: String,
    #[serde(with = "crate::sim::trace::rfc3339")]
    pub started: Time,
    #[serde(with = "crate::sim::trace::rfc3339::option")]
    pub stopped: Option<Time>,
    /// It started before the span opened and was still running then.
    pub still_running: bool,
    /// The span it was found in (`from..to`).
    pub span: String,
}

impl Cluster {
    /// The Jobs starting within each span of `window`, and those still running as a span opens,
    /// span by span in time order (Jobs running at the opening first, then by start).
    pub fn query(&self, window: &Window) -> Vec<Hit> {
        let mut hits = Vec::new();
        for (from, to) in window.spans(self.start, self.end) {
            let span = format!("{}..{}", format_time(&from), format_time(&to));
            let mut found: Vec<Hit> = Vec::new();
            for p in &self.parts {
                for j in &p.trace.jobs {
                    let stop = stopped(j, self.end);
                    let starts_within = j.created_at >= from && j.created_at < to;
                    let still_running = j.created_at < from && stop > from;
                    if starts_within || still_running {
                        found.push(Hit {
                            cron_job: key(&p.namespace, j.cron_job.as_ref().map_or(j.name.as_str(), |c| c.as_str())),
                            job: j.name.to_string(),
                            started: j.created_at,
                            stopped: (stop < self.end).then_some(stop),
                            still_running,
                            span: span.clone(),
                        });
                    }
                }
            }
            found.sort_by(|a, b| {
                (!a.still_running, a.started, &a.cron_job).cmp(&(!b.still_running, b.started, &b.cron_job))
            });
            hits.extend(found);
        }
        hits
    }
}
