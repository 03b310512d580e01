//! `ParseStandard` rules (robfig/cron v3.0.1 `parser.go`): parse order, prefixes, descriptors, field grammar,
//! names, steps, bounds, and the error that wins.

use super::{error, schedule};
use crate::cron::{parse_standard, Masks, ParseError, Schedule, STAR_BIT};
use crate::go::Location;
use crate::go::Tz;
use chrono::TimeDelta;

fn masks(spec: &str) -> Masks {
    match schedule(spec) {
        Schedule::Spec(s) => *s.masks(),
        other => panic!("{spec:?} is {other:?}"),
    }
}

fn location(spec: &str) -> Location {
    match schedule(spec) {
        Schedule::Spec(s) => s.location(),
        other => panic!("{spec:?} is {other:?}"),
    }
}

fn delay(spec: &str) -> TimeDelta {
    match schedule(spec) {
        Schedule::Every(e) => e.delay(),
        other => panic!("{spec:?} is {other:?}"),
    }
}

#[test]
fn empty_and_blank_specs() {
    assert_eq!(error(""), "empty spec string");
    // Only the empty string is empty; blanks fail on the field count.
    assert_eq!(error("   "), "expected exactly 5 fields, found 0: []");
    assert_eq!(error("* * * * * *"), "expected exactly 5 fields, found 6: [* * * * * *]");
}

#[test]
fn time_zone_prefixes() {
    assert_eq!(location("TZ=Europe/London 0 5 * * *"), Location::Zone("Europe/London".parse::<Tz>().unwrap()));
    assert_eq!(location("CRON_TZ=Asia/Kolkata 0 5 * * *"), Location::Zone("Asia/Kolkata".parse::<Tz>().unwrap()));
    assert_eq!(location("TZ= 0 5 * * *"), Location::Zone(Tz::UTC));
    assert_eq!(location("TZ=Local 0 5 * * *"), Location::Local);
    assert_eq!(location("0 5 * * *"), Location::Local);
    // The rest after the first space is trimmed, so descriptors work after a prefix.
    assert_eq!(location("TZ=UTC \t @daily "), Location::Zone(Tz::UTC));
    assert_eq!(error("TZ=Nowhere 0 5 * * *"), "provided bad location Nowhere: unknown time zone Nowhere");
    assert_eq!(
        error("TZ=europe/london 0 5 * * *"),
        "provided bad location europe/london: unknown time zone europe/london"
    );
    assert_eq!(error("TZ=../x 0 5 * * *"), "provided bad location ../x: time: invalid location name");
    assert_eq!(
        error("TZ=/etc/localtime 0 5 * * *"),
        "provided bad location /etc/localtime: time: invalid location name"
    );
    // The zone name runs to the first ASCII space, tabs and NBSP included.
    assert_eq!(error("TZ=UTC\t0 5 * * *"), "provided bad location UTC\t0: unknown time zone UTC\t0");
    assert_eq!(
        error("TZ=UTC\t0\t5\t*\t*\t*"),
        "time zone prefix needs a space before the schedule: \
        TZ=UTC\t0\t5\t*\t*\t* (robfig/cron panics on this: runtime error: slice bounds out of range [:-1])"
    );
    assert_eq!(error("TZ=UTC\u{a0}0 5 * * * x"), "provided bad location UTC\u{a0}0: unknown time zone UTC\u{a0}0");
    assert!(matches!(parse_standard("CRON_TZ=UTC"), Err(ParseError::MissingSpaceAfterTimeZone { .. })));
    // Case-sensitive and only at the very start.
    assert_eq!(error("tz=UTC 0 5 * * *"), "expected exactly 5 fields, found 6: [tz=UTC 0 5 * * *]");
    assert_eq!(error(" TZ=UTC 0 5 * * *"), "expected exactly 5 fields, found 6: [TZ=UTC 0 5 * * *]");
}

#[test]
fn descriptors() {
    let day = Masks {
        second: 1,
        minute: 1,
        hour: 1,
        dom: 0x8000_0000_ffff_fffe,
        month: 0x8000_0000_0000_1ffe,
        dow: 0x8000_0000_0000_007f,
    };
    assert_eq!(masks("@daily"), day);
    assert_eq!(masks("@midnight"), day);
    assert_eq!(masks("@hourly"), Masks { hour: 0x8000_0000_00ff_ffff, ..day });
    assert_eq!(masks("@weekly"), Masks { dow: 1, ..day });
    assert_eq!(masks("@monthly"), Masks { dom: 2, ..day });
    assert_eq!(masks("@yearly"), Masks { dom: 2, month: 2, ..day });
    assert_eq!(masks("@annually"), masks("@yearly"));
    assert_eq!(error("@DAILY"), "unrecognized descriptor: @DAILY");
    assert_eq!(error("@reboot"), "unrecognized descriptor: @reboot");
    assert_eq!(error("@daily "), "unrecognized descriptor: @daily ");
    // Without a prefix nothing is trimmed: a leading blank makes it a one-field spec.
    assert_eq!(error(" @daily"), "expected exactly 5 fields, found 1: [@daily]");
}

#[test]
fn every_durations() {
    assert_eq!(delay("@every 5m"), TimeDelta::minutes(5));
    assert_eq!(delay("@every 1.5s"), TimeDelta::seconds(1));
    assert_eq!(delay("@every 15ms"), TimeDelta::seconds(1));
    assert_eq!(delay("@every 0"), TimeDelta::seconds(1));
    assert_eq!(delay("@every -1h"), TimeDelta::seconds(1));
    assert_eq!(delay("@every 1h0.5m"), TimeDelta::seconds(3630));
    // `@every` ignores a TZ prefix (ConstantDelaySchedule has no zone).
    assert_eq!(delay("TZ=Asia/Tokyo @every 1h"), TimeDelta::hours(1));
    assert_eq!(error("@every"), "unrecognized descriptor: @every");
    assert_eq!(error("@every\t1h"), "unrecognized descriptor: @every\t1h");
    assert_eq!(error("@every "), r#"failed to parse duration @every : time: invalid duration """#);
    assert_eq!(error("@every 1d"), r#"failed to parse duration @every 1d: time: unknown unit "d" in duration "1d""#);
    assert_eq!(error("@every 10"), r#"failed to parse duration @every 10: time: missing unit in duration "10""#);
    assert_eq!(
        error("@every 1h "),
        r#"failed to parse duration @every 1h : time: unknown unit "h " in duration "1h ""#
    );
    assert_eq!(
        error("@every 3000000h"),
        r#"failed to parse duration @every 3000000h: time: invalid duration "3000000h""#
    );
    assert_eq!(
        error("@every 5é"),
        r#"failed to parse duration @every 5é: time: unknown unit "\xc3\xa9" in duration "5\xc3\xa9""#
    );
}

#[test]
fn fields_split_on_unicode_white_space() {
    assert_eq!(masks("0\u{a0}5\u{3000}*\u{2028}*\t*").hour, 1 << 5);
    assert_eq!(masks("0 5 * * *\n").hour, 1 << 5);
    // U+200B is not white space: it stays in the token and is quoted in the error.
    assert_eq!(
        error("0 5\u{200b} * * *"),
        "failed to parse int from 5\u{200b}: strconv.Atoi: parsing \"5\\u200b\": invalid syntax"
    );
}

#[test]
fn lists_ranges_and_steps() {
    assert_eq!(masks("1,,2 * * * *").minute, 0b110);
    assert_eq!(masks(", * * * *").minute, 0);
    assert_eq!(masks("5/15 * * * *").minute, 1 << 5 | 1 << 20 | 1 << 35 | 1 << 50);
    assert_eq!(masks("*/60 * * * *").minute, 1);
    assert_eq!(masks("0 */100 * * *").hour, 1);
    assert_eq!(masks("10-20/5 * * * *").minute, 1 << 10 | 1 << 15 | 1 << 20);
    assert_eq!(masks("0 0 * * mon/2").dow, 0b0101010);
    assert_eq!(masks("+5 05 * * *").minute, 1 << 5);
    assert_eq!(masks("*/9223372036854775807 * * * *").minute, 1);
}

#[test]
fn star_bit() {
    let starred = |field: &str| masks(&format!("0 0 {field} * *")).dom & STAR_BIT != 0;
    for field in ["*", "?", "*/1", "?/1", "1,*", "*-5", "?-x-y", "*-5/1"] {
        assert!(starred(field), "{field}");
    }
    for field in ["*/2", "1-31", "1/1", "1"] {
        assert!(!starred(field), "{field}");
    }
    // Anything after `*-` is ignored.
    assert_eq!(masks("0 0 *-5 * *").dom, masks("0 0 * * *").dom);
}

#[test]
fn names() {
    assert_eq!(masks("0 0 * jan-MAR,Dec *").month, 0b1_0000_0000_1110);
    assert_eq!(masks("0 0 * * FRİ").dow, 1 << 5);
    assert_eq!(masks("0 0 * * sun,Sat").dow, 0b100_0001);
    assert_eq!(
        error("0 0 * * friday"),
        r#"failed to parse int from friday: strconv.Atoi: parsing "friday": invalid syntax"#
    );
    assert_eq!(error("jan 0 * * *"), r#"failed to parse int from jan: strconv.Atoi: parsing "jan": invalid syntax"#);
    assert_eq!(error("0 0 * 1-jun-3 *"), "too many hyphens: 1-jun-3");
}

#[test]
fn bounds_and_their_errors() {
    assert_eq!(error("70 * * * *"), "end of range (70) above maximum (59): 70");
    assert_eq!(error("0 24 * * *"), "end of range (24) above maximum (23): 24");
    assert_eq!(error("0 0 0 * *"), "beginning of range (0) below minimum (1): 0");
    assert_eq!(error("0 0 * 0 *"), "beginning of range (0) below minimum (1): 0");
    assert_eq!(error("0 0 * * 7"), "end of range (7) above maximum (6): 7");
    assert_eq!(error("0 0 * * 0,7"), "end of range (7) above maximum (6): 7");
    assert_eq!(error("0 0 * * 0-7"), "end of range (7) above maximum (6): 0-7");
    assert_eq!(error("0 0 * * sat-sun"), "beginning of range (6) beyond end of range (0): sat-sun");
    assert_eq!(error("30-10 * * * *"), "beginning of range (30) beyond end of range (10): 30-10");
    assert_eq!(error("*/0 * * * *"), "step of range should be a positive number: */0");
    assert_eq!(error("*/-0 * * * *"), "step of range should be a positive number: */-0");
    assert_eq!(error("*/-1 * * * *"), "negative number (-1) not allowed: -1");
    assert_eq!(error("1-2-3 * * * *"), "too many hyphens: 1-2-3");
    assert_eq!(error("1/2/3 * * * *"), "too many slashes: 1/2/3");
    assert_eq!(error("x/2/3 * * * *"), r#"failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax"#);
    for bad in ["-5", "5-", "/5", "5/", "-"] {
        assert_eq!(
            error(&format!("{bad} * * * *")),
            r#"failed to parse int from : strconv.Atoi: parsing "": invalid syntax"#,
            "{bad}"
        );
    }
    assert_eq!(
        error("99999999999999999999x * * * *"),
        r#"failed to parse int from 99999999999999999999x: strconv.Atoi: parsing "99999999999999999999x": value out of range"#
    );
    assert_eq!(error("L W # * *"), r#"failed to parse int from L: strconv.Atoi: parsing "L": invalid syntax"#);
}

#[test]
fn the_first_failing_field_wins() {
    assert_eq!(error("x 99 * * 7"), r#"failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax"#);
    assert_eq!(error("0 99 0 * 7"), "end of range (99) above maximum (23): 99");
    assert_eq!(error("0 0 1,0 * *"), "beginning of range (0) below minimum (1): 0");
}
