//! `Next` rules (robfig/cron v3.0.1 `spec.go`; the defects not copied: `docs/model.md`): the
//! day-of-month / day-of-week rule, the five-year limit, whole seconds, `@every`, and robfig's DST
//! behaviour in each kind of zone.

use super::{chain, schedule};
use crate::go::Tz;
use chrono::TimeZone;

#[test]
fn dom_or_dow_when_neither_is_starred() {
    // The 13th or any Friday.
    assert_eq!(
        chain("0 0 13 * 5", "UTC", "2025-01-04T00:00:00Z", 3),
        ["2025-01-10T00:00:00Z", "2025-01-13T00:00:00Z", "2025-01-17T00:00:00Z"]
    );
    // `1-31` is not a star: every day (the Monday side adds nothing).
    assert_eq!(
        chain("0 0 1-31 * 1", "UTC", "2025-01-04T12:00:00Z", 2),
        ["2025-01-05T00:00:00Z", "2025-01-06T00:00:00Z"]
    );
    // `*/2` is not a star either: odd days or Mondays.
    assert_eq!(
        chain("0 0 */2 * 1", "UTC", "2025-01-01T12:00:00Z", 3),
        ["2025-01-03T00:00:00Z", "2025-01-05T00:00:00Z", "2025-01-06T00:00:00Z"]
    );
}

#[test]
fn dom_and_dow_when_either_is_starred() {
    // `@weekly` is Sundays only; `?/1` keeps the star, so this is Mondays only.
    assert_eq!(chain("@weekly", "UTC", "2025-01-01T00:00:00Z", 2), ["2025-01-05T00:00:00Z", "2025-01-12T00:00:00Z"]);
    assert_eq!(
        chain("0 0 ?/1 * 1", "UTC", "2025-01-01T00:00:00Z", 2),
        ["2025-01-06T00:00:00Z", "2025-01-13T00:00:00Z"]
    );
}

#[test]
fn empty_fields() {
    assert_eq!(chain("0 0 , * *", "UTC", "2025-01-01T00:00:00Z", 1), ["zero"]);
    // An empty day-of-week beside a non-star day-of-month: the 1st only.
    assert_eq!(chain("0 0 1 * ,", "UTC", "2025-01-05T00:00:00Z", 2), ["2025-02-01T00:00:00Z", "2025-03-01T00:00:00Z"]);
    assert_eq!(chain("0 0 , * 1", "UTC", "2025-01-01T00:00:00Z", 1), ["2025-01-06T00:00:00Z"]);
    assert_eq!(chain(", * * * *", "UTC", "2025-01-01T00:00:00Z", 1), ["zero"]);
}

#[test]
fn impossible_dates_and_the_five_year_limit() {
    assert_eq!(chain("0 0 30 2 *", "UTC", "2012-07-09T23:35:00Z", 1), ["zero"]);
    assert_eq!(chain("0 0 31 4 *", "UTC", "2012-07-09T23:35:00Z", 1), ["zero"]);
    assert_eq!(chain("0 0 29 2 *", "UTC", "2024-03-01T00:00:00Z", 2), ["2028-02-29T00:00:00Z", "2032-02-29T00:00:00Z"]);
    // 2100 is not a leap year and 2104 is past 2096 + 5.
    assert_eq!(chain("0 0 29 2 *", "UTC", "2096-03-01T00:00:00Z", 1), ["zero"]);
    assert_eq!(chain("0 0 29 2 *", "UTC", "2095-03-01T00:00:00Z", 1), ["2096-02-29T00:00:00Z"]);
}

#[test]
fn next_is_strictly_after_the_whole_second() {
    assert_eq!(chain("* * * * *", "UTC", "2024-12-31T23:59:59.999999999Z", 1), ["2025-01-01T00:00:00Z"]);
    assert_eq!(chain("* * * * *", "UTC", "2025-01-01T00:00:00Z", 1), ["2025-01-01T00:01:00Z"]);
}

#[test]
fn every_counts_absolute_time_from_the_second() {
    assert_eq!(
        chain("@every 1.5s", "America/New_York", "2024-03-10T01:59:59.5-05:00", 2),
        ["2024-03-10T03:00:00-04:00", "2024-03-10T03:00:01-04:00"]
    );
    assert_eq!(chain("@every 1h", "America/New_York", "2024-11-03T01:30:00-04:00", 1), ["2024-11-03T01:30:00-05:00"]);
}

#[test]
fn schedule_zone_versus_evaluation_zone() {
    // A TZ= prefix wins over the zone of the instant; results come back in the instant's zone.
    assert_eq!(
        chain("TZ=Asia/Tokyo 0 9 * * *", "America/New_York", "2025-01-15T00:00:00-05:00", 1),
        ["2025-01-15T19:00:00-05:00"]
    );
    assert_eq!(chain("0 9 * * *", "America/New_York", "2025-01-15T00:00:00-05:00", 1), ["2025-01-15T09:00:00-05:00"]);
    assert_eq!(
        chain("TZ=Local 0 9 * * *", "Asia/Kolkata", "2025-01-15T00:00:00+05:30", 1),
        ["2025-01-15T09:00:00+05:30"]
    );
}

#[test]
fn dst_gap_skips_the_day() {
    assert_eq!(chain("30 2 * * *", "America/New_York", "2024-03-10T00:00:00-05:00", 1), ["2024-03-11T02:30:00-04:00"]);
    assert_eq!(
        chain("0 * * * *", "America/New_York", "2024-03-10T00:30:00-05:00", 2),
        ["2024-03-10T01:00:00-05:00", "2024-03-10T03:00:00-04:00"]
    );
}

#[test]
fn dst_overlap_runs_twice() {
    assert_eq!(
        chain("30 1 * * *", "America/New_York", "2024-11-03T00:00:00-04:00", 3),
        ["2024-11-03T01:30:00-04:00", "2024-11-03T01:30:00-05:00", "2024-11-04T01:30:00-05:00"]
    );
    assert_eq!(
        chain("30 1 * * *", "Europe/London", "2024-10-27T00:00:00+01:00", 2),
        ["2024-10-27T01:30:00+01:00", "2024-10-27T01:30:00Z"]
    );
    assert_eq!(
        chain("@hourly", "America/New_York", "2024-11-03T00:30:00-04:00", 3),
        ["2024-11-03T01:00:00-04:00", "2024-11-03T01:00:00-05:00", "2024-11-03T02:00:00-05:00"]
    );
}

#[test]
fn lord_howe_half_hour_dst_loses_days() {
    assert_eq!(
        chain("@daily", "Australia/Lord_Howe", "2024-04-06T12:00:00+11:00", 2),
        ["2024-04-07T00:00:00+11:00", "2024-04-09T00:00:00+10:30"]
    );
    assert_eq!(
        chain("0 2 * * *", "Australia/Lord_Howe", "2024-04-06T12:00:00+11:00", 1),
        ["2024-04-08T02:00:00+10:30"]
    );
    assert_eq!(
        chain("0 3 * * *", "Australia/Lord_Howe", "2024-04-06T12:00:00+11:00", 1),
        ["2024-04-08T03:00:00+10:30"]
    );
    assert_eq!(chain("@daily", "Australia/Lord_Howe", "2024-10-06T00:00:00+10:30", 1), ["2024-10-08T00:00:00+11:00"]);
}

#[test]
fn missing_midnight_east_of_utc() {
    // Cairo: stepping into 2024-04-26 (no midnight) loses the whole Friday …
    assert_eq!(chain("0 12 * * 5,6,0", "Africa/Cairo", "2024-04-25T13:00:00+02:00", 1), ["2024-04-27T12:00:00+03:00"]);
    // … but a schedule that needs no day step is unaffected.
    assert_eq!(chain("0 12 * * *", "Africa/Cairo", "2024-04-25T13:00:00+02:00", 1), ["2024-04-26T12:00:00+03:00"]);
    // Tehran: the hour loop crosses the missing midnight, never reads 0, and fires on a Monday.
    assert_eq!(
        chain("0 12 * * 5,6,0", "Asia/Tehran", "2021-03-20T13:00:00+03:30", 3),
        ["2021-03-21T12:00:00+03:30", "2021-03-22T12:00:00+04:30", "2021-03-26T12:00:00+04:30"]
    );
}

#[test]
fn missing_or_repeated_midnight_west_of_utc() {
    assert_eq!(chain("@daily", "America/Santiago", "2024-09-07T12:00:00-04:00", 1), ["2024-09-09T00:00:00-03:00"]);
    assert_eq!(chain("0 1 * * *", "America/Santiago", "2024-09-07T12:00:00-04:00", 1), ["2024-09-08T01:00:00-03:00"]);
    assert_eq!(
        chain("@daily", "America/Havana", "2024-11-02T12:00:00-04:00", 3),
        ["2024-11-03T00:00:00-04:00", "2024-11-03T00:00:00-05:00", "2024-11-04T00:00:00-05:00"]
    );
}

#[test]
fn transition_off_the_hour() {
    // Chatham springs from 02:45 to 03:45: the minute loop crosses the gap.
    assert_eq!(chain("45 2 * * *", "Pacific/Chatham", "2024-09-29T01:00:00+12:45", 1), ["2024-09-29T03:45:00+13:45"]);
}

#[test]
fn a_missing_calendar_day_is_an_error_not_a_hang() {
    let apia: Tz = "Pacific/Apia".parse().unwrap();
    let t = apia.with_ymd_and_hms(2011, 12, 29, 0, 0, 0).unwrap();
    for spec in ["@weekly", "0 0 1 * *"] {
        let err = schedule(spec).next(t).unwrap_err();
        assert_eq!(err.zone, apia);
        assert!(err.to_string().contains("in Pacific/Apia the day after 2011-12-29 does not exist"), "{err}");
    }
    // Schedules that need no day step pass straight over the missing day.
    assert_eq!(schedule("0 12 * * *").next(t).unwrap().unwrap().to_rfc3339(), "2011-12-29T12:00:00-10:00");
}

#[test]
fn truncation_to_the_minute_is_absolute() {
    // New York kept local mean time (UTC−4:56:02) until 1883. robfig truncates the instant, not
    // the wall clock, to the minute: the wall seconds read :58, the second loop then runs into
    // the next minute, and the search wraps to the next hour's :05.
    let ny: Tz = "America/New_York".parse().unwrap();
    let start = ny.with_ymd_and_hms(1880, 1, 1, 0, 0, 0).unwrap();
    let next = schedule("5 * * * *").next(start).unwrap().unwrap();
    assert_eq!(next.naive_local().to_string(), "1880-01-01 01:05:00");
    // Where the offset is whole minutes nothing of the sort happens.
    let start = ny.with_ymd_and_hms(2025, 1, 1, 0, 0, 0).unwrap();
    assert_eq!(schedule("5 * * * *").next(start).unwrap().unwrap().naive_local().to_string(), "2025-01-01 00:05:00");
}
