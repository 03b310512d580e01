//! The jumps `Next` takes (over hours, minutes and days where the UTC offset cannot change)
//! must land exactly where robfig's step-by-step loops land. Compares both on generated
//! schedules, in zones with every kind of transition, at starts near transitions.

use crate::cron::spec::Jumps;
use crate::cron::{parse_standard, Schedule};
use crate::go::Tz;
use crate::go::Zone;
use chrono::{DateTime, TimeDelta};

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

const ZONES: &[&str] = &[
    "UTC",
    "America/New_York",
    "Europe/London",
    "Australia/Lord_Howe",
    "Asia/Kolkata",
    "Africa/Cairo",
    "Asia/Tehran",
    "Pacific/Chatham",
    "America/Santiago",
    "America/Havana",
    "Africa/Casablanca",
    "Pacific/Apia",
    "America/St_Johns",
];

/// Starts a few hours or days before transitions in those zones, and some ordinary ones.
const STARTS: &[&str] = &[
    "2024-03-09T22:00:00Z",
    "2024-11-02T23:30:00Z",
    "2024-10-26T20:00:00Z",
    "2024-04-06T10:00:00Z",
    "2024-10-05T11:00:00Z",
    "2024-04-24T21:00:00Z",
    "2021-03-20T10:00:00Z",
    "2024-09-28T10:00:00Z",
    "2024-09-06T12:00:00Z",
    "2024-11-02T02:00:00Z",
    "2024-03-09T12:00:00Z",
    "2011-12-20T00:00:00Z",
    "2025-06-15T13:47:31Z",
    "2024-02-28T23:59:59Z",
    "1995-12-31T23:00:00Z",
];

fn generated_spec(rng: &mut Rng) -> String {
    let minute = rng.pick(&["*", "0", "30", "*/15", "45", "5,50", "0-10/5", "*/7"]);
    let hour = rng.pick(&["*", "0", "1", "2", "3", "12", "23", "*/6", "1-3", "0,12"]);
    let dom = rng.pick(&["*", "1", "13", "*/2", "29", "31", "1-7", "?", "15,30"]);
    let month = rng.pick(&["*", "*", "2", "3,10", "*/4", "jan-jun"]);
    let dow = rng.pick(&["*", "*", "0", "1-5", "5,6,0", "?", "mon/2"]);
    format!("{minute} {hour} {dom} {month} {dow}")
}

#[test]
fn jumps_land_where_steps_land() {
    let mut rng = Rng(0x5eed_cafe_f00d_1234);
    let mut compared = 0;
    for _ in 0..400 {
        let spec = generated_spec(&mut rng);
        let Ok(Schedule::Spec(schedule)) = parse_standard(&spec) else { panic!("{spec}") };
        let tz: Tz = rng.pick(ZONES).parse().unwrap();
        let mut t = DateTime::parse_from_rfc3339(rng.pick(STARTS)).unwrap().timestamp() + 1;
        for _ in 0..4 {
            let fast = schedule.search(&mut Zone::new(tz), t, Jumps::Allowed);
            let slow = schedule.search(&mut Zone::new(tz), t, Jumps::Off);
            assert_eq!(fast.is_ok(), slow.is_ok(), "{spec} in {tz} from {t}");
            compared += 1;
            match (fast, slow) {
                (Ok(Some(a)), Ok(Some(b))) => {
                    assert_eq!(a, b, "{spec} in {tz} from {t}");
                    t = a + 1;
                }
                (a, b) => {
                    assert_eq!(a.ok(), b.ok(), "{spec} in {tz} from {t}");
                    break;
                }
            }
        }
    }
    assert!(compared > 1000, "{compared}");
}

#[test]
fn a_slot_is_told_by_its_fields_as_next_from_a_second_before_tells_it() {
    let mut rng = Rng(0x0dd5_1075_cafe_beef);
    let mut slots = 0;
    for _ in 0..300 {
        let spec = generated_spec(&mut rng);
        let Ok(Schedule::Spec(schedule)) = parse_standard(&spec) else { panic!("{spec}") };
        let tz: Tz = rng.pick(ZONES).parse().unwrap();
        let start = DateTime::parse_from_rfc3339(rng.pick(STARTS)).unwrap().to_utc();
        let Ok(Some(found)) = schedule.next_utc(start, tz) else { continue };
        for t in
            [found, start, found + TimeDelta::seconds(1), found + TimeDelta::hours(1), found - TimeDelta::minutes(1)]
                .into_iter()
                .chain([found + TimeDelta::milliseconds(500), found + TimeDelta::days(1)])
        {
            let by_search = schedule.next_utc(t - TimeDelta::seconds(1), tz).is_ok_and(|n| n == Some(t));
            assert_eq!(schedule.is_slot(t, tz), by_search, "{spec} in {tz} at {t}");
            slots += usize::from(by_search);
        }
    }
    assert!(slots > 300, "{slots}");
}
