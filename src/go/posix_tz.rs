//! The recurring rule at the end of a TZif file (a POSIX `TZ` string such as
//! `EST5EDT,M3.2.0,M11.1.0`), read and applied exactly as Go's `time` package does (`tzset`,
//! `tzsetRule`, `tzruleTime` in `src/time/zoneinfo.go`): Go uses it for every instant after a
//! zone's last listed transition, so the same rule gives offsets in any year.

use super::calendar::{civil_from_local, days_from_civil, SECONDS_PER_DAY};
/// A parsed POSIX `TZ` rule. Offsets are seconds east of UTC (the string's are west).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PosixTz {
    standard: i32,
    daylight: Option<Daylight>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Daylight {
    offset: i32,
    start: Rule,
    end: Rule,
}

/// When in the year daylight time starts or ends, and at which wall time (seconds, may be
/// negative or past 24 h as tzcode allows).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Rule {
    day: RuleDay,
    time: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RuleDay {
    /// `Jn`: day 1..=365, February 29 never counted.
    Julian(i32),
    /// `n`: day 0..=365, February 29 counted.
    DayOfYear(i32),
    /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (5 = last) of month `m`.
    MonthWeekDay { month: i32, week: i32, weekday: i32 },
}

impl PosixTz {
    /// Reads a `TZ` string; `None` where Go's `tzset` reports it malformed.
    pub fn parse(text: &str) -> Option<PosixTz> {
        let mut s = Cursor(text.as_bytes());
        s.name()?;
        let standard = -s.offset()?;
        if s.0.is_empty() || s.0[0] == b',' {
            return Some(PosixTz { standard, daylight: None });
        }
        s.name()?;
        let offset = if s.0.is_empty() || s.0[0] == b',' { standard + 3600 } else { -s.offset()? };
        let rules = if s.0.is_empty() { &b",M3.2.0,M11.1.0"[..] } else { s.0 };
        let mut s = Cursor(rules);
        if !(s.eat(b',') || s.eat(b';')) {
            return None;
        }
        let start = s.rule()?;
        if !s.eat(b',') {
            return None;
        }
        let end = s.rule()?;
        s.0.is_empty().then_some(PosixTz { standard, daylight: Some(Daylight { offset, start, end }) })
    }

    /// Whether the rule ever changes the offset.
    pub fn has_daylight(&self) -> bool {
        self.daylight.is_some()
    }

    /// The UTC offset (seconds east) at the instant `unix`, as Go's `tzset` computes it: the
    /// rule's two changes are placed in the UTC year of `unix`.
    pub fn offset_at(&self, unix: i64) -> i32 {
        let Some(d) = self.daylight else { return self.standard };
        let year = civil_from_local(unix).year;
        let year_start = days_from_civil(year, 1, 1) * SECONDS_PER_DAY;
        let since_year_start = unix - year_start;
        let start = d.start.seconds_into(year, self.standard);
        let end = d.end.seconds_into(year, d.offset);
        // Southern hemisphere: the year starts and ends in daylight time.
        let (first, last, outside, inside) =
            if end < start { (end, start, d.offset, self.standard) } else { (start, end, self.standard, d.offset) };
        if since_year_start < first || since_year_start >= last {
            outside
        } else {
            inside
        }
    }

    /// The instants in UTC year `year` at which [`offset_at`](Self::offset_at) changes,
    /// ascending. Go evaluates the rule year by year, so a change can also fall on the year's
    /// first second (when a rule's change lies outside its own year).
    pub fn changes_in(&self, year: i64) -> Vec<i64> {
        let Some(d) = self.daylight else { return Vec::new() };
        let year_start = days_from_civil(year, 1, 1) * SECONDS_PER_DAY;
        let next_year = days_from_civil(year + 1, 1, 1) * SECONDS_PER_DAY;
        let mut candidates = [
            year_start,
            year_start + d.start.seconds_into(year, self.standard),
            year_start + d.end.seconds_into(year, d.offset),
        ];
        candidates.sort_unstable();
        let mut changes: Vec<i64> = candidates
            .into_iter()
            .filter(|&c| (year_start..next_year).contains(&c) && self.offset_at(c) != self.offset_at(c - 1))
            .collect();
        changes.dedup();
        changes
    }
}

impl Rule {
    /// Go's `tzruleTime`: seconds from the UTC start of `year` to the change, for a wall clock
    /// running at `offset`.
    fn seconds_into(&self, year: i64, offset: i32) -> i64 {
        let leap = is_leap(year);
        let day = match self.day {
            RuleDay::Julian(n) => i64::from(n - 1) + i64::from(leap && n >= 60),
            RuleDay::DayOfYear(n) => i64::from(n),
            RuleDay::MonthWeekDay { month, week, weekday } => {
                let first = days_from_civil(year, month as u32, 1);
                let first_weekday = (first + 4).rem_euclid(7); // 1970-01-01 was a Thursday
                let mut d = (i64::from(weekday) - first_weekday).rem_euclid(7);
                let length = days_from_civil(year + i64::from(month == 12), month as u32 % 12 + 1, 1) - first;
                for _ in 1..week {
                    if d + 7 >= length {
                        break;
                    }
                    d += 7;
                }
                first - days_from_civil(year, 1, 1) + d
            }
        };
        day * SECONDS_PER_DAY + i64::from(self.time) - i64::from(offset)
    }
}

fn is_leap(year: i64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

/// The unread rest of a `TZ` string, with Go's `tzsetName`/`tzsetOffset`/`tzsetNum` readers.
struct Cursor<'a>(&'a [u8]);

impl Cursor<'_> {
    fn eat(&mut self, c: u8) -> bool {
        let hit = self.0.first() == Some(&c);
        if hit {
            self.0 = &self.0[1..];
        }
        hit
    }

    /// A zone abbreviation: `<...>` quoted, or at least three characters up to a digit, sign or comma.
    fn name(&mut self) -> Option<()> {
        if self.eat(b'<') {
            let close = self.0.iter().position(|&c| c == b'>')?;
            self.0 = &self.0[close + 1..];
            return Some(());
        }
        let end = self.0.iter().position(|c| c.is_ascii_digit() || b",-+".contains(c)).unwrap_or(self.0.len());
        (end >= 3).then(|| self.0 = &self.0[end..])
    }

    /// `[+-]hh[:mm[:ss]]` in seconds (hours up to 24 × 7, as tzcode allows).
    fn offset(&mut self) -> Option<i32> {
        let negative = self.eat(b'-');
        if !negative {
            self.eat(b'+');
        }
        let mut seconds = self.number(0, 24 * 7)? * 3600;
        if self.eat(b':') {
            seconds += self.number(0, 59)? * 60;
            if self.eat(b':') {
                seconds += self.number(0, 59)?;
            }
        }
        Some(if negative { -seconds } else { seconds })
    }

    fn number(&mut self, min: i32, max: i32) -> Option<i32> {
        let digits = self.0.iter().take_while(|c| c.is_ascii_digit()).count();
        let mut n = 0i32;
        for &c in &self.0[..digits] {
            n = n * 10 + i32::from(c - b'0');
            if n > max {
                return None;
            }
        }
        self.0 = &self.0[digits..];
        (digits > 0 && n >= min).then_some(n)
    }

    fn rule(&mut self) -> Option<Rule> {
        let day = if self.eat(b'J') {
            RuleDay::Julian(self.number(1, 365)?)
        } else if self.eat(b'M') {
            let month = self.number(1, 12)?;
            if !self.eat(b'.') {
                return None;
            }
            let week = self.number(1, 5)?;
            if !self.eat(b'.') {
                return None;
            }
            RuleDay::MonthWeekDay { month, week, weekday: self.number(0, 6)? }
        } else {
            RuleDay::DayOfYear(self.number(0, 365)?)
        };
        let time = if self.eat(b'/') { self.offset()? } else { 2 * 3600 };
        Some(Rule { day, time })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unix(rfc3339: &str) -> i64 {
        chrono::DateTime::parse_from_rfc3339(rfc3339).unwrap().timestamp()
    }

    #[test]
    fn northern_rule_changes_at_local_two_am() {
        let ny = PosixTz::parse("EST5EDT,M3.2.0,M11.1.0").unwrap();
        // 2300: second Sunday of March is the 11th, first Sunday of November the 4th.
        assert_eq!(ny.offset_at(unix("2300-03-11T01:59:59-05:00")), -5 * 3600);
        assert_eq!(ny.offset_at(unix("2300-03-11T03:00:00-04:00")), -4 * 3600);
        assert_eq!(ny.offset_at(unix("2300-11-04T01:59:59-04:00")), -4 * 3600);
        assert_eq!(ny.offset_at(unix("2300-11-04T01:00:00-05:00")), -5 * 3600);
    }

    #[test]
    fn southern_rule_and_odd_times() {
        // Sydney: daylight from the first Sunday of October to the first Sunday of April.
        let sydney = PosixTz::parse("AEST-10AEDT,M10.1.0,M4.1.0/3").unwrap();
        assert_eq!(sydney.offset_at(unix("2200-01-15T00:00:00Z")), 11 * 3600);
        assert_eq!(sydney.offset_at(unix("2200-06-15T00:00:00Z")), 10 * 3600);
        // Jerusalem: the Friday before the last Sunday of March, at 26:00 of the Thursday.
        let jerusalem = PosixTz::parse("IST-2IDT,M3.4.4/26,M10.5.0").unwrap();
        assert_eq!(jerusalem.offset_at(unix("2025-03-28T01:59:59+02:00")), 2 * 3600);
        assert_eq!(jerusalem.offset_at(unix("2025-03-28T03:00:00+03:00")), 3 * 3600);
        // Quoted names, minutes, and a rule without daylight.
        assert_eq!(PosixTz::parse("<+0545>-5:45").unwrap().offset_at(0), 5 * 3600 + 45 * 60);
        assert!(!PosixTz::parse("<-03>3").unwrap().has_daylight());
        // No rules after the daylight name: tzcode's US default.
        assert_eq!(PosixTz::parse("EST5EDT").unwrap(), PosixTz::parse("EST5EDT,M3.2.0,M11.1.0").unwrap());
    }

    #[test]
    fn malformed_strings_are_refused_like_go() {
        for bad in [
            "",
            "E5",
            "EST",
            "EST5EDT,M3.2.0",
            "EST5EDT,M13.1.0,M11.1.0",
            "EST5EDT,J0,J365",
            "<EST5",
            "EST5EDT,M3.2.0,M11.1.0x",
        ] {
            assert_eq!(PosixTz::parse(bad), None, "{bad}");
        }
    }
}
