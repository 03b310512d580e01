//! Fuzzes the schedule engine: `parse_standard` on arbitrary text, then chained `Next`,
//! descriptions and notes in an arbitrary zone from an arbitrary start. Nothing may panic or
//! hang; every `Next` result must be a whole second strictly after its input, and every error
//! must have a message.
//!
//! Input: 2 bytes zone index, 8 bytes start time, the rest the schedule text.
#![no_main]

use chrono::{DateTime, TimeZone, Timelike};
use cronjob_playground::cron::{describe, notes, parse_standard};
use cronjob_playground::go::Tz;
use libfuzzer_sys::fuzz_target;

/// Every zone of the database the page and the CLI carry.
fn zones() -> &'static [Tz] {
    static ZONES: std::sync::OnceLock<Vec<Tz>> = std::sync::OnceLock::new();
    ZONES.get_or_init(|| Tz::all().collect())
}

/// 1700-01-01 to 2300-01-01: the years a CronJob could plausibly meet, plus margin.
const EARLIEST: i64 = -8_520_336_000;
const SPAN: u64 = 18_934_329_600;

fuzz_target!(|data: &[u8]| {
    if data.len() < 10 {
        return;
    }
    let zones = zones();
    let zone = zones[usize::from(u16::from_le_bytes([data[0], data[1]])) % zones.len()];
    let raw = u64::from_le_bytes(data[2..10].try_into().unwrap());
    let start = zone.timestamp_opt(EARLIEST + (raw % SPAN) as i64, (raw >> 40) as u32 % 1_000_000_000).unwrap();
    let spec = String::from_utf8_lossy(&data[10..]);

    let schedule = match parse_standard(&spec) {
        Ok(schedule) => schedule,
        Err(error) => {
            assert!(!error.to_string().is_empty());
            return;
        }
    };
    let _ = describe(&schedule);
    let _ = notes(&schedule, start);
    let mut t: DateTime<Tz> = start;
    for _ in 0..3 {
        match schedule.next(t) {
            Ok(Some(next)) => {
                assert!(next > t, "{spec:?} from {t}: {next} is not after it");
                assert_eq!(next.nanosecond(), 0, "{spec:?} from {t}: {next}");
                t = next;
            }
            Ok(None) => break,
            Err(endless) => {
                assert!(!endless.to_string().is_empty());
                break;
            }
        }
    }
});
