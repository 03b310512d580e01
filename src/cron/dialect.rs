//! Other cron dialects, recognised to explain a refusal or a silent difference. Kubernetes runs
//! one dialect, robfig/cron v3 `ParseStandard`; people paste expressions written for Quartz and
//! Spring (seconds first, `?`, `L`, `W`, `#`, a year), AWS EventBridge (`cron(…)`, a year last),
//! Jenkins (`H`), cronie and OpenBSD cron (`~`), and Vixie cron (`@reboot`, day-of-week 7).
//!
//! This module never changes what runs: the exact robfig error stays what the API server says.
//! It tells which dialect a refused text looks like ([`recognise`]), what the text uses that
//! Kubernetes lacks ([`Feature`]), the nearest schedule Kubernetes takes, and — for the seconds
//! dialects — the text's own runs, computed by the `cron` crate (Quartz's reading: seconds first,
//! day-of-week 1 = Sunday, the two day fields both applying). For a schedule both dialects take,
//! [`vixie_difference`] finds where Vixie cron's day rule (which crontab.guru follows) disagrees
//! with robfig's.

use super::{parse_standard, Schedule, STAR_BIT};
use crate::go::Tz;
use chrono::{DateTime, Datelike, Days, NaiveDate};
use serde::Serialize;

/// The dialect a schedule looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Dialect {
    /// Quartz (Java) and Spring `@Scheduled`: six or seven fields, seconds first, an optional year.
    Quartz,
    /// AWS EventBridge rules: `cron(minutes hours day-of-month month day-of-week year)`.
    EventBridge,
    /// Jenkins: five fields with `H`, a value hashed from the job's name.
    Jenkins,
    /// Vixie cron and its descendants (cronie, ISC, OpenBSD): `@reboot`, day-of-week 7, `~`.
    Vixie,
    /// Five fields with Quartz's `L`, `W` or `#` (cron-utils, croner and other libraries).
    Extended,
}

/// What a schedule uses that robfig's `ParseStandard` lacks, with the field's text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "feature", content = "text", rename_all = "kebab-case")]
pub enum Feature {
    /// A seconds field other than `0`: Kubernetes' unit is the minute.
    Seconds(String),
    /// A year field other than `*`: Kubernetes has none.
    Year(String),
    /// Day-of-week numbers counted from 1 = Sunday (Quartz, EventBridge), shifted to robfig's 0.
    WeekdayFromOne(String),
    /// `?` for "no specific value" in a day field; robfig reads it as `*`.
    NoSpecificValue,
    /// `L` in day-of-month: the month's last day (`L-3`: three days before it, `LW`: its last weekday).
    LastDayOfMonth(String),
    /// `FRIL`, `6L` in day-of-week: the month's last such weekday.
    LastWeekday(String),
    /// `MON#2`: the month's second Monday.
    NthWeekday(String),
    /// `15W`: the weekday nearest the 15th.
    NearestWeekday(String),
    /// Jenkins' `H`: a value hashed from the job's name, fixed per job.
    Hashed(String),
    /// `~`: a random value chosen when the crontab is loaded.
    Random(String),
    /// `@reboot`: once, when cron starts.
    Reboot,
    /// Day-of-week 7 for Sunday.
    Sunday7(String),
}

/// A refused schedule read in the dialect it looks like.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reading {
    pub dialect: Dialect,
    pub features: Vec<Feature>,
    /// The nearest schedule Kubernetes takes (robfig parses it), when there is one.
    pub nearest: Option<String>,
    /// Whether `nearest` runs exactly when the text runs in its dialect.
    pub exact: bool,
    /// The text as the `cron` crate reads it, when its runs can be computed.
    #[serde(skip)]
    quartz: Option<String>,
}

impl Reading {
    /// The text's next runs in its own dialect after `after` (at most `count`), when the `cron`
    /// crate can compute them (seconds dialects without `L`, `W` or `#`); empty otherwise.
    ///
    /// ```
    /// use cronjob_playground::cron::dialect::recognise;
    /// use cronjob_playground::go::Tz;
    /// use chrono::TimeZone;
    /// let reading = recognise("*/20 30 9 ? * MON-FRI", "report").unwrap();
    /// let after = Tz::UTC.with_ymd_and_hms(2026, 11, 27, 9, 30, 30).unwrap(); // a Friday
    /// let runs: Vec<String> = reading.runs(after, 2).iter().map(|t| t.to_rfc3339()).collect();
    /// assert_eq!(runs, ["2026-11-27T09:30:40+00:00", "2026-11-30T09:30:00+00:00"]);
    /// ```
    pub fn runs(&self, after: DateTime<Tz>, count: usize) -> Vec<DateTime<Tz>> {
        let Some(schedule) = self.quartz.as_deref().and_then(|q| q.parse::<cron::Schedule>().ok()) else {
            return Vec::new();
        };
        schedule.after(&after).take(count).collect()
    }
}

/// Reads a schedule robfig refuses as the dialect it looks like; `None` when it looks like none
/// (a plain mistake such as `61 * * * *`). `seed` (the CronJob's name) fixes the values Jenkins'
/// `H` and `~` stand for, so the nearest schedule stays the same for the same CronJob.
///
/// ```
/// use cronjob_playground::cron::dialect::{recognise, Dialect, Feature};
/// let quartz = recognise("0 0 12 ? * 2-6", "noon").unwrap();
/// assert_eq!(quartz.dialect, Dialect::Quartz);
/// assert_eq!((quartz.nearest.as_deref(), quartz.exact), (Some("0 12 * * 1-5"), true));
/// let last = recognise("0 0 L * *", "month-end").unwrap();
/// assert_eq!(last.features, [Feature::LastDayOfMonth("L".into())]);
/// assert_eq!((last.nearest.as_deref(), last.exact), (Some("0 0 28-31 * *"), false));
/// assert!(recognise("61 * * * *", "typo").is_none());
/// ```
pub fn recognise(schedule: &str, seed: &str) -> Option<Reading> {
    if parse_standard(schedule).is_ok() {
        return None;
    }
    let text = schedule.trim();
    if text.eq_ignore_ascii_case("@reboot") {
        return Some(Reading {
            dialect: Dialect::Vixie,
            features: vec![Feature::Reboot],
            nearest: None,
            exact: false,
            quartz: None,
        });
    }
    // A `TZ=` prefix is robfig's own; it is kept on the nearest schedule.
    let (prefix, text) = match text.split_once(char::is_whitespace) {
        Some((zone, rest)) if zone.starts_with("TZ=") || zone.starts_with("CRON_TZ=") => (Some(zone), rest.trim()),
        _ => (None, text),
    };
    let (wrapped, text) = match text.strip_prefix("cron(").and_then(|t| t.strip_suffix(')')) {
        Some(inner) => (true, inner),
        None => (false, text),
    };
    let fields: Vec<&str> = text.split_whitespace().collect();
    let mut r = Rewrite { features: Vec::new(), exact: true, seed: fnv(seed) };
    let (dialect, five, quartz) = match fields.len() {
        5 => {
            let five = r.five(&fields);
            let dialect = if r.has(|f| matches!(f, Feature::Hashed(_))) {
                Dialect::Jenkins
            } else if r.has(|f| {
                matches!(
                    f,
                    Feature::LastDayOfMonth(_)
                        | Feature::LastWeekday(_)
                        | Feature::NthWeekday(_)
                        | Feature::NearestWeekday(_)
                )
            }) {
                Dialect::Extended
            } else if r.has(|f| matches!(f, Feature::Sunday7(_) | Feature::Random(_))) {
                Dialect::Vixie
            } else {
                return None;
            };
            (dialect, five, None)
        }
        6 | 7 => {
            // EventBridge puts `?` in fields 3 or 5 and a year last; Quartz puts `?` in 4 or 6.
            let event_bridge = fields.len() == 6
                && (wrapped || matches!(fields.iter().position(|f| *f == "?"), Some(2 | 4)) || is_year(fields[5]));
            let (seconds, rest, year) = if event_bridge {
                ("0", &fields[..5], Some(fields[5]))
            } else {
                (fields[0], &fields[1..6], fields.get(6).copied())
            };
            if seconds != "0" {
                r.lose(Feature::Seconds(seconds.to_string()));
            }
            if let Some(year) = year.filter(|y| !matches!(*y, "*" | "?")) {
                r.lose(Feature::Year(year.to_string()));
            }
            let mut quartz = vec![seconds];
            quartz.extend_from_slice(rest);
            quartz.extend(year);
            let computable = !quartz.iter().any(|f| f.contains(['L', 'W', '#']) && !is_named(f));
            let five = r.quartz_five(rest);
            (
                if event_bridge { Dialect::EventBridge } else { Dialect::Quartz },
                five,
                computable.then(|| quartz.join(" ")),
            )
        }
        _ => return None,
    };
    let nearest = five.map(|f| {
        let joined = f.join(" ");
        prefix.map_or(joined.clone(), |p| format!("{p} {joined}"))
    });
    let nearest = nearest.filter(|n| parse_standard(n).is_ok());
    Some(Reading { dialect, exact: r.exact && nearest.is_some(), features: r.features, nearest, quartz })
}

/// Where a schedule both robfig and Vixie cron take runs on different days: Vixie (and
/// crontab.guru, which follows it) requires both day fields when either *starts with* `*`;
/// robfig requires both only when either is `*` or `?` with no step above 1 (its star bit). So
/// `0 0 */2 * 1` runs on odd days or Mondays in Kubernetes, on odd-day Mondays in crontab.guru.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VixieDifference {
    /// Whether Kubernetes runs on a day matching either day field (else: both).
    pub kubernetes_either: bool,
    /// The first day on or after the given date where the two disagree.
    pub example: NaiveDate,
}

/// The first day from `from` (within eight years) where Vixie cron's day rule and robfig's
/// disagree about `schedule`, when they can.
///
/// ```
/// use cronjob_playground::cron::dialect::vixie_difference;
/// use chrono::NaiveDate;
/// let from = NaiveDate::from_ymd_opt(2026, 11, 26).unwrap(); // a Thursday
/// let d = vixie_difference("0 0 */2 * 1", from).unwrap();
/// assert!(d.kubernetes_either);
/// assert_eq!(d.example.to_string(), "2026-11-27"); // the 27th, a Friday: Kubernetes runs, crontab.guru does not
/// assert_eq!(vixie_difference("0 0 1 * 1", from), None); // both read "either"
/// ```
pub fn vixie_difference(schedule: &str, from: NaiveDate) -> Option<VixieDifference> {
    let Ok(Schedule::Spec(spec)) = parse_standard(schedule) else { return None };
    let fields: Vec<&str> =
        schedule.split_whitespace().filter(|w| !w.starts_with("TZ=") && !w.starts_with("CRON_TZ=")).collect();
    let [_, _, dom, _, dow] = fields[..] else { return None };
    let m = spec.masks();
    let robfig_both = (m.dom | m.dow) & STAR_BIT != 0;
    let vixie_both = dom.starts_with('*') || dow.starts_with('*');
    if robfig_both == vixie_both {
        return None;
    }
    let mut day = from;
    for _ in 0..366 * 8 {
        let month = m.month & (1 << day.month()) != 0;
        let by_date = m.dom & (1 << day.day()) != 0;
        let by_weekday = m.dow & (1 << day.weekday().num_days_from_sunday()) != 0;
        if month && by_date != by_weekday {
            return Some(VixieDifference { kubernetes_either: !robfig_both, example: day });
        }
        day = day.checked_add_days(Days::new(1))?;
    }
    None
}

/// The rewrite of a dialect's fields into robfig's, collecting what does not carry over.
struct Rewrite {
    features: Vec<Feature>,
    exact: bool,
    seed: u64,
}

/// The five robfig fields' smallest values and sizes (day-of-month's `H` spans 1–28 in Jenkins,
/// so that every month has the day).
const FIELDS: [(u32, u32); 5] = [(0, 60), (0, 24), (1, 28), (1, 12), (0, 7)];

impl Rewrite {
    fn has(&self, f: impl Fn(&Feature) -> bool) -> bool {
        self.features.iter().any(f)
    }

    /// A feature that changes the runs.
    fn lose(&mut self, feature: Feature) {
        self.exact = false;
        self.features.push(feature);
    }

    /// Five fields (Vixie, Jenkins, the `L`/`W`/`#` libraries) in robfig's terms.
    fn five(&mut self, fields: &[&str]) -> Option<Vec<String>> {
        let mut out: Vec<String> = Vec::with_capacity(5);
        for (i, field) in fields.iter().enumerate() {
            out.push(if field.contains('H') && !is_named(field) {
                self.features.push(Feature::Hashed(field.to_string()));
                self.exact = false;
                self.hashed(field, i)?
            } else if field.contains('~') {
                self.lose(Feature::Random(field.to_string()));
                self.hashed(&field.replace('~', "H"), i)?
            } else if i == 4
                && field.split(',').any(|item| item.split('/').next().is_some_and(|r| r.split('-').any(|v| v == "7")))
            {
                self.features.push(Feature::Sunday7(field.to_string()));
                sunday_seven(field)
            } else {
                field.to_string()
            });
        }
        self.days(&mut out)?;
        Some(out)
    }

    /// Quartz's minute, hour, day-of-month, month and day-of-week in robfig's terms.
    fn quartz_five(&mut self, fields: &[&str]) -> Option<Vec<String>> {
        let mut out: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
        for i in [2, 4] {
            if out[i] == "?" {
                out[i] = "*".into();
                if !self.has(|f| *f == Feature::NoSpecificValue) {
                    self.features.push(Feature::NoSpecificValue);
                }
            }
        }
        if out[4].chars().any(|c| c.is_ascii_digit()) && !out[4].contains(['L', '#']) {
            self.features.push(Feature::WeekdayFromOne(out[4].clone()));
            out[4] = shift_weekdays(&out[4])?;
        }
        self.days(&mut out)?;
        Some(out)
    }

    /// `L`, `W` and `#` in the day fields: the nearest robfig days, which the Job itself must
    /// narrow (no robfig schedule says "last" or "second Monday").
    fn days(&mut self, out: &mut [String]) -> Option<()> {
        let (dom, dow) = (out[2].clone(), out[4].clone());
        if dom.contains('W') {
            self.lose(Feature::NearestWeekday(dom));
            return None;
        }
        if dom.contains('L') {
            self.lose(Feature::LastDayOfMonth(dom.clone()));
            if dom != "L" {
                return None;
            }
            out[2] = "28-31".into();
        }
        if let Some((_, n)) = dow.split_once('#') {
            self.lose(Feature::NthWeekday(dow.clone()));
            let n: u32 = n.parse().ok().filter(|n| (1..=5).contains(n))?;
            out[2] = format!("{}-{}", 7 * n - 6, (7 * n).min(31));
            out[4] = "*".into();
        } else if dow.ends_with('L') && dow.len() > 1 {
            self.lose(Feature::LastWeekday(dow));
            out[2] = "22-31".into();
            out[4] = "*".into();
        }
        Some(())
    }

    /// Jenkins' `H` (and `~`, read as it) in field `i`: `H`, `H/n`, `H(a-b)`, `H(a-b)/n`, with a
    /// value fixed by the seed.
    fn hashed(&self, field: &str, i: usize) -> Option<String> {
        let (min, size) = FIELDS[i];
        let (range, step) = match field.split_once('/') {
            Some((range, step)) => (range, Some(step.parse::<u32>().ok().filter(|s| *s > 0)?)),
            None => (field, None),
        };
        let (low, high) = match range.strip_prefix('H').map(|r| r.trim_matches(['(', ')'])) {
            Some("") => (min, min + size - 1),
            Some(r) => {
                let (a, b) = r.split_once('-')?;
                (a.parse().ok()?, b.parse().ok()?)
            }
            // `a~b`, `~`
            None => match range.split_once('H') {
                Some(("", "")) => (min, min + size - 1),
                Some((a, b)) => (a.parse().ok()?, b.parse().ok()?),
                None => return None,
            },
        };
        if high < low {
            return None;
        }
        // `H/n` picks an offset below the step, `H` a value of the whole range.
        let span = step.unwrap_or(u32::MAX).min(high - low + 1);
        let value = low + (self.seed % u64::from(span)) as u32;
        Some(match step {
            Some(s) => format!("{value}-{high}/{s}"),
            None => value.to_string(),
        })
    }
}

/// Day-of-week numbers counted from 1 = Sunday, shifted to robfig's 0 = Sunday
/// (`2-6` → `1-5`, `1,7` → `0,6`); names are kept.
fn shift_weekdays(field: &str) -> Option<String> {
    let shift = |v: &str| -> Option<String> {
        match v.parse::<u32>() {
            Ok(n) if (1..=7).contains(&n) => Some((n - 1).to_string()),
            Ok(_) => None,
            Err(_) => Some(v.to_string()),
        }
    };
    let items: Option<Vec<String>> = field
        .split(',')
        .map(|item| {
            let (range, step) = item.split_once('/').map_or((item, None), |(r, s)| (r, Some(s)));
            let range = match range.split_once('-') {
                Some((a, b)) => format!("{}-{}", shift(a)?, shift(b)?),
                None => shift(range)?,
            };
            Some(step.map_or(range.clone(), |s| format!("{range}/{s}")))
        })
        .collect();
    items.map(|i| i.join(","))
}

/// Vixie's day-of-week 7 (Sunday) as robfig's 0: `7` → `0`, `5-7` → `5-6,0`.
fn sunday_seven(field: &str) -> String {
    field
        .split(',')
        .map(|item| match item.split_once('-') {
            Some((a, "7")) => format!("{a}-6,0"),
            _ if item == "7" => "0".to_string(),
            _ => item.to_string(),
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// A year field: `2026`, `2026-2030`, `2026,2027`.
fn is_year(field: &str) -> bool {
    field.split([',', '-', '/']).all(|v| v.len() == 4 && v.bytes().all(|b| b.is_ascii_digit()))
}

/// A field of names (`MON-FRI`, `JUL`), whose letters are not `L`, `W` or `H` specials.
fn is_named(field: &str) -> bool {
    field.split([',', '-', '/']).all(|v| v.len() == 3 && v.bytes().all(|b| b.is_ascii_alphabetic()))
}

/// FNV-1a of the seed: a stable stand-in for Jenkins' hash of the job's name.
fn fnv(seed: &str) -> u64 {
    seed.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    /// Text, dialect, nearest schedule, exact.
    const READINGS: &[(&str, Dialect, Option<&str>, bool)] = &[
        // Quartz: seconds first, `?`, 1 = Sunday.
        ("0 0 12 * * ?", Dialect::Quartz, Some("0 12 * * *"), true),
        ("0 15 10 ? * MON-FRI", Dialect::Quartz, Some("15 10 * * MON-FRI"), true),
        ("0 0 8 ? * 1,7", Dialect::Quartz, Some("0 8 * * 0,6"), true),
        ("0 0/5 14 * * ?", Dialect::Quartz, Some("0/5 14 * * *"), true),
        ("30 0 12 * * ?", Dialect::Quartz, Some("0 12 * * *"), false),
        ("*/10 * * * * *", Dialect::Quartz, Some("* * * * *"), false),
        ("0 0 12 * * ? 2027", Dialect::Quartz, Some("0 12 * * *"), false),
        ("0 0 12 * * ? *", Dialect::Quartz, Some("0 12 * * *"), true),
        ("0 15 10 L * ?", Dialect::Quartz, Some("15 10 28-31 * *"), false),
        ("0 15 10 ? * 6#3", Dialect::Quartz, Some("15 10 15-21 * *"), false),
        ("0 15 10 ? * 6L", Dialect::Quartz, Some("15 10 22-31 * *"), false),
        ("0 0 12 15W * ?", Dialect::Quartz, None, false),
        ("0 0 12 L-3 * ?", Dialect::Quartz, None, false),
        // EventBridge: minutes first, a year last.
        ("cron(0 12 * * ? *)", Dialect::EventBridge, Some("0 12 * * *"), true),
        ("cron(15 10 ? * 6L 2026)", Dialect::EventBridge, Some("15 10 22-31 * *"), false),
        ("0 18 ? * MON-FRI *", Dialect::EventBridge, Some("0 18 * * MON-FRI"), true),
        // Five fields.
        ("0 0 * * 7", Dialect::Vixie, Some("0 0 * * 0"), true),
        ("0 0 * * 5-7", Dialect::Vixie, Some("0 0 * * 5-6,0"), true),
        ("0 0 L * *", Dialect::Extended, Some("0 0 28-31 * *"), false),
        ("0 9 * * MON#1", Dialect::Extended, Some("0 9 1-7 * *"), false),
        ("TZ=Europe/Berlin 0 0 L * *", Dialect::Extended, Some("TZ=Europe/Berlin 0 0 28-31 * *"), false),
        ("@reboot", Dialect::Vixie, None, false),
    ];

    #[test]
    fn dialects_and_their_nearest_kubernetes_schedules() {
        for &(text, dialect, nearest, exact) in READINGS {
            let r = recognise(text, "backup").unwrap_or_else(|| panic!("{text}: not recognised"));
            assert_eq!((r.dialect, r.nearest.as_deref(), r.exact), (dialect, nearest, exact), "{text}: {r:?}");
        }
    }

    #[test]
    fn plain_mistakes_and_valid_schedules_are_no_dialect() {
        for text in ["61 * * * *", "* * *", "0 0 * * 8", "@every 0s", "0 0 * * *", "TZ=UTC 0 5 * * *", "bogus"] {
            assert_eq!(recognise(text, "x"), None, "{text}");
        }
    }

    #[test]
    fn jenkins_hash_is_fixed_per_name_and_kept_in_its_range() {
        let a = recognise("H H(0-5) * * *", "nightly-backup").unwrap();
        assert_eq!(a.dialect, Dialect::Jenkins);
        assert_eq!(a.features, [Feature::Hashed("H".into()), Feature::Hashed("H(0-5)".into())]);
        let fields: Vec<u32> = a.nearest.as_deref().unwrap().split(' ').take(2).map(|f| f.parse().unwrap()).collect();
        assert!(fields[0] < 60 && fields[1] <= 5, "{fields:?}");
        assert_eq!(recognise("H H(0-5) * * *", "nightly-backup"), Some(a.clone()));
        assert_ne!(recognise("H H(0-5) * * *", "report").unwrap().nearest, a.nearest);
        let step = recognise("H/15 * * * *", "nightly-backup").unwrap().nearest.unwrap();
        assert!(step.ends_with("-59/15 * * * *") && step.split('-').next().unwrap().parse::<u32>().unwrap() < 15);
        assert_eq!(recognise("0~30 * * * *", "x").unwrap().dialect, Dialect::Vixie);
    }

    #[test]
    fn seconds_dialect_runs_come_from_the_cron_crate() {
        let after = Tz::UTC.with_ymd_and_hms(2026, 11, 26, 0, 0, 0).unwrap(); // a Thursday
        let runs = |text: &str| -> Vec<String> {
            recognise(text, "x").unwrap().runs(after, 3).iter().map(|t| t.format("%a %F %T").to_string()).collect()
        };
        // 1 = Sunday in Quartz: `2-6` is Monday to Friday.
        assert_eq!(
            runs("0 0 12 ? * 2-6"),
            ["Thu 2026-11-26 12:00:00", "Fri 2026-11-27 12:00:00", "Mon 2026-11-30 12:00:00"]
        );
        assert_eq!(
            runs("30 0 12 * * ?"),
            ["Thu 2026-11-26 12:00:30", "Fri 2026-11-27 12:00:30", "Sat 2026-11-28 12:00:30"]
        );
        assert_eq!(
            runs("cron(0 12 1 * ? 2027)"),
            ["Fri 2027-01-01 12:00:00", "Mon 2027-02-01 12:00:00", "Mon 2027-03-01 12:00:00"]
        );
        // `L` is not the cron crate's: no runs rather than wrong ones.
        assert!(runs("0 15 10 L * ?").is_empty());
        assert!(runs("0 0 L * *").is_empty());
    }

    #[test]
    fn vixie_day_rule_differs_only_where_the_star_bit_and_the_leading_star_disagree() {
        let from = NaiveDate::from_ymd_opt(2026, 11, 26).unwrap();
        // `*/2` starts with `*` (Vixie: both) but steps past 1 (robfig: either).
        assert_eq!(vixie_difference("0 0 */2 * 1", from).map(|d| d.kubernetes_either), Some(true));
        // `1,*` carries robfig's star bit (both) but does not start with `*` (Vixie: either).
        let d = vixie_difference("0 0 1,* * 1", from).unwrap();
        assert!(!d.kubernetes_either);
        assert_eq!(d.example.to_string(), "2026-11-26");
        for same in ["0 0 * * 1", "0 0 1 * 1", "0 0 */1 * 1", "@daily", "0 0 1-5 * *"] {
            assert_eq!(vixie_difference(same, from), None, "{same}");
        }
    }
}
