//! `zones.bin`: its generator and its cross-check against chrono-tz.
//!
//! The generator (`cargo test --lib -- --ignored regenerate_zone_data`) compiles the tz source
//! that chrono-tz vendors (so Cargo.lock pins the release, and the cross-check compares the same
//! release) with `zic` — the files Go's `time.LoadLocation` reads — and packs them:
//!
//! ```text
//! "cronjob-playground zones 1\n" "tzdata <release>\n" "<name count>\n"
//! names, one a line: "UTC" first, then the rest in byte order
//! per name: varint index of its zone record
//! varint zone count; per zone: varint byte length, then the record:
//!   varint n, n × zigzag offset (seconds east; the first holds before the first change)
//!   varint m, m × zigzag change instant (each minus the previous one), m × u8 offset index
//!   zigzag instant from which the rule gives every change (Go follows it after the last
//!   TZif transition; the changes in between are the rule's own and are left out)
//!   the rest: the TZif footer, a POSIX TZ string (empty: none)
//! ```
//!
//! Only changes of the UTC offset are kept (a transition that changes only the abbreviation or
//! the DST flag changes no time the playground shows); zones whose records come out equal
//! share one.

use crate::go::posix_tz::PosixTz;
use crate::go::zone::{Period, Tz};
use chrono::{DateTime, Datelike, NaiveDateTime, Offset, TimeZone};
use std::path::{Path, PathBuf};

/// One TZif file as Go reads it: 64-bit transitions, local time types, footer.
struct TzIf {
    times: Vec<i64>,
    kinds: Vec<u8>,
    types: Vec<(i64, bool)>,
    footer: String,
}

fn be32(b: &[u8]) -> usize {
    u32::from_be_bytes([b[0], b[1], b[2], b[3]]) as usize
}

fn read_tzif(bytes: &[u8]) -> TzIf {
    assert_eq!(&bytes[..4], b"TZif");
    let counts =
        |h: &[u8]| (be32(&h[20..]), be32(&h[24..]), be32(&h[28..]), be32(&h[32..]), be32(&h[36..]), be32(&h[40..]));
    let (isut, isstd, leap, time, typ, chars) = counts(bytes);
    let v1 = 44 + time * 5 + typ * 6 + chars + leap * 8 + isstd + isut;
    let h = &bytes[v1..];
    assert_eq!(&h[..4], b"TZif", "version 2+ data");
    let (isut, isstd, leap, time, typ, chars) = counts(h);
    let mut p = 44;
    let times = (0..time).map(|i| i64::from_be_bytes(h[p + i * 8..p + i * 8 + 8].try_into().unwrap())).collect();
    p += time * 8;
    let kinds = h[p..p + time].to_vec();
    p += time;
    let types = (0..typ)
        .map(|i| {
            let t = &h[p + i * 6..];
            (i64::from(i32::from_be_bytes([t[0], t[1], t[2], t[3]])), t[4] != 0)
        })
        .collect();
    p += typ * 6 + chars + leap * 12 + isstd + isut;
    let footer = std::str::from_utf8(&h[p..]).unwrap().trim_matches('\n').to_owned();
    TzIf { times, kinds, types, footer }
}

impl TzIf {
    /// Go's `lookupFirstZone`: the type for instants before the first transition.
    fn first_type(&self) -> usize {
        if !self.kinds.contains(&0) {
            return 0;
        }
        if let Some(&k) = self.kinds.first() {
            if self.types[usize::from(k)].1 {
                if let Some(i) = (0..usize::from(k)).rev().find(|&i| !self.types[i].1) {
                    return i;
                }
            }
        }
        self.types.iter().position(|t| !t.1).unwrap_or(0)
    }

    /// Go's offset at `unix`, rule included.
    fn offset_at(&self, unix: i64) -> i64 {
        let rule = PosixTz::parse(&self.footer);
        match self.times.partition_point(|&t| t <= unix) {
            0 if self.times.is_empty() => rule.map_or(self.types[0].0, |r| i64::from(r.offset_at(unix))),
            0 => self.types[self.first_type()].0,
            i if i == self.times.len() && rule.is_some() => i64::from(rule.unwrap().offset_at(unix)),
            i => self.types[usize::from(self.kinds[i - 1])].0,
        }
    }

    /// This zone's record of `zones.bin`.
    fn record(&self) -> Vec<u8> {
        let initial = self.offset_at(i64::MIN / 2);
        let mut changes: Vec<(i64, i64)> = Vec::new();
        for (&t, &k) in self.times.iter().zip(&self.kinds) {
            let offset = self.types[usize::from(k)].0;
            if offset != changes.last().map_or(initial, |c| c.1) {
                changes.push((t, offset));
            }
        }
        // Keep only the changes before the rule takes over (what `zic -b slim` means to write;
        // Debian 12's zic gets it wrong for America/Ojinaga in 2022, so it runs with `-b fat`).
        let rule = PosixTz::parse(&self.footer);
        let (listed, rule_from) = match rule {
            Some(rule) if !changes.is_empty() => {
                let last = self.times.last().copied().unwrap_or(0);
                let from =
                    (0..changes.len()).find(|&k| rule_predicts(&rule, &changes[k..], last)).unwrap_or(changes.len());
                (&changes[..from], changes.get(from).map_or(last, |c| c.0))
            }
            _ => (&changes[..], self.times.last().copied().unwrap_or(0)),
        };
        // A file without transitions follows its rule at every instant (Go adds a transition at
        // the beginning of time); none of those rules has daylight time.
        assert!(!self.times.is_empty() || !rule.is_some_and(|r| r.has_daylight()));
        let mut kinds = vec![initial];
        for c in listed {
            if !kinds.contains(&c.1) {
                kinds.push(c.1);
            }
        }
        let mut out = Vec::new();
        put_varint(&mut out, kinds.len() as u64);
        kinds.iter().for_each(|&o| put_zigzag(&mut out, o));
        put_varint(&mut out, listed.len() as u64);
        let mut previous = 0;
        for &(t, _) in listed {
            put_zigzag(&mut out, t - previous);
            previous = t;
        }
        out.extend(listed.iter().map(|c| kinds.iter().position(|&o| o == c.1).unwrap() as u8));
        put_zigzag(&mut out, rule_from);
        out.extend_from_slice(self.footer.as_bytes());
        out
    }
}

/// Whether following `rule` from the first of `changes` gives exactly `changes` up to `last`.
fn rule_predicts(rule: &PosixTz, changes: &[(i64, i64)], last: i64) -> bool {
    let from = changes[0].0;
    let mut predicted = vec![(from, i64::from(rule.offset_at(from)))];
    for year in civil_year(from)..=civil_year(last) {
        for c in rule.changes_in(year) {
            if c > from && c <= last {
                predicted.push((c, i64::from(rule.offset_at(c))));
            }
        }
    }
    predicted == changes
}

fn civil_year(unix: i64) -> i64 {
    DateTime::from_timestamp(unix, 0).unwrap().year().into()
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn put_zigzag(out: &mut Vec<u8>, v: i64) {
    put_varint(out, ((v << 1) ^ (v >> 63)) as u64);
}

/// chrono-tz's vendored tz source directory, found through `cargo metadata` (Cargo.lock's version).
fn chrono_tz_source() -> PathBuf {
    let out = std::process::Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--locked",
            "--manifest-path",
            concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"),
        ])
        .output()
        .expect("cargo metadata");
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let package = meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "chrono-tz")
        .expect("chrono-tz in Cargo.lock");
    Path::new(package["manifest_path"].as_str().unwrap()).with_file_name("tz")
}

fn walk(dir: &Path, prefix: &str, out: &mut Vec<(String, PathBuf)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        let name = format!("{prefix}{}", entry.file_name().to_str().unwrap());
        if entry.file_type().unwrap().is_dir() {
            walk(&entry.path(), &format!("{name}/"), out);
        } else {
            out.push((name, entry.path()));
        }
    }
}

#[test]
#[ignore = "regenerates src/go/zones.bin; needs zic"]
fn regenerate_zone_data() {
    let source = chrono_tz_source();
    let news = std::fs::read_to_string(source.join("NEWS")).unwrap();
    let release = news.lines().find_map(|l| l.strip_prefix("Release ")).unwrap().split(' ').next().unwrap().to_owned();
    let out_dir = std::env::temp_dir().join(format!("cronjob-playground-zic-{}", std::process::id()));
    let files = [
        "africa",
        "antarctica",
        "asia",
        "australasia",
        "backward",
        "etcetera",
        "europe",
        "northamerica",
        "southamerica",
    ];
    let status = std::process::Command::new("zic")
        .args(["-b", "fat", "-d"])
        .arg(&out_dir)
        .args(files)
        .current_dir(&source)
        .status()
        .expect("zic (Debian: libc-bin)");
    assert!(status.success());
    let mut names = Vec::new();
    walk(&out_dir, "", &mut names);
    names.sort_by(|a, b| (a.0 != "UTC", &a.0).cmp(&(b.0 != "UTC", &b.0)));
    let mut records: Vec<Vec<u8>> = Vec::new();
    let mut zone_of = Vec::new();
    for (_, path) in &names {
        let record = read_tzif(&std::fs::read(path).unwrap()).record();
        let i = records.iter().position(|r| *r == record).unwrap_or_else(|| {
            records.push(record);
            records.len() - 1
        });
        zone_of.push(i);
    }
    std::fs::remove_dir_all(&out_dir).unwrap();
    let mut out = format!("cronjob-playground zones 1\ntzdata {release}\n{}\n", names.len()).into_bytes();
    for (name, _) in &names {
        out.extend_from_slice(name.as_bytes());
        out.push(b'\n');
    }
    zone_of.iter().for_each(|&i| put_varint(&mut out, i as u64));
    put_varint(&mut out, records.len() as u64);
    for r in &records {
        put_varint(&mut out, r.len() as u64);
        out.extend_from_slice(r);
    }
    std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/src/go/zones.bin"), out).unwrap();
}

fn chrono_tz_offset(tz: chrono_tz::Tz, unix: i64) -> i64 {
    let utc = DateTime::from_timestamp(unix, 0).unwrap().naive_utc();
    i64::from(tz.offset_from_utc_datetime(&utc).fix().local_minus_utc())
}

#[test]
fn the_names_are_chrono_tz_names() {
    let ours: Vec<&str> = Tz::all().map(Tz::name).collect();
    let mut theirs: Vec<&str> = chrono_tz::TZ_VARIANTS.iter().map(|t| t.name()).collect();
    theirs.sort_by_key(|n| (*n != "UTC", *n));
    assert_eq!(ours, theirs);
    assert_eq!(Tz::database_version(), "2025b");
}

/// 1840-01-01 (before chrono-tz's first change, in 1845) and 2100-01-01 (after its last).
const CHECKED: std::ops::Range<i64> = -4_102_444_800..4_102_444_800;

/// Every zone, 1840–2099: the offset one second before and at each of our changes is
/// chrono-tz's, and so is the offset at every 6-hour step in 1970–2039 and every day outside
/// (no zone has two changes closer than that which cancel out), so neither has a change the
/// other lacks.
#[test]
fn every_zone_matches_chrono_tz_from_1840_to_2099() {
    let mut seen = std::collections::HashSet::new();
    for theirs in chrono_tz::TZ_VARIANTS {
        let tz: Tz = theirs.name().parse().unwrap();
        if !seen.insert(tz.record()) {
            continue; // an alias of a zone already checked
        }
        let rules = tz.rules();
        let mut p = rules.period(CHECKED.start);
        while p.end < CHECKED.end {
            for t in [p.end - 1, p.end] {
                assert_eq!(rules.period(t).offset, chrono_tz_offset(theirs, t), "{} at {t}", tz.name());
            }
            p = rules.period(p.end);
        }
        let (mut t, mut p) = (CHECKED.start, rules.period(CHECKED.start));
        while t < CHECKED.end {
            if t >= p.end {
                p = rules.period(t);
            }
            assert_eq!(p.offset, chrono_tz_offset(theirs, t), "{} at {t}", tz.name());
            t += if (0..2_208_988_800).contains(&t) { 6 * 3600 } else { 86_400 };
        }
    }
}

/// Past the table's end the rule is applied on each lookup: it gives the periods the table
/// would (here a table ending in 2050 against the real one, ending in 2100).
#[test]
fn the_rule_continues_the_table() {
    const Y2050: i64 = 2_524_608_000;
    for tz in Tz::all() {
        let (short, long) = (tz.rules_with_table_end(Y2050), tz.rules());
        let mut p = short.period(Y2050 - 400 * 86_400);
        while p.end < CHECKED.end {
            assert_eq!(p, long.period(p.start.max(Y2050 - 400 * 86_400)), "{}", tz.name());
            p = short.period(p.end);
        }
    }
}

/// From-local lookups agree with chrono-tz around every change, gaps and overlaps included.
#[test]
fn local_times_resolve_like_chrono_tz() {
    for name in
        ["America/New_York", "Europe/London", "Australia/Lord_Howe", "Pacific/Apia", "America/Santiago", "Asia/Tehran"]
    {
        let theirs: chrono_tz::Tz = name.parse().unwrap();
        let tz: Tz = name.parse().unwrap();
        let mut p = tz.rules().period(0);
        while p.end < CHECKED.end {
            let c = p.end;
            p = tz.rules().period(c);
            for delta in [-7200, -3600, -1800, -1, 0, 1, 1800, 3600, 7200] {
                let wall: NaiveDateTime = DateTime::from_timestamp(c + delta, 0).unwrap().naive_utc();
                let a = theirs.from_local_datetime(&wall).map(|t| t.timestamp());
                let b = tz.from_local_datetime(&wall).map(|t| t.timestamp());
                assert_eq!(a, b, "{name} {wall}");
            }
        }
    }
}

#[test]
fn years_far_ahead_follow_the_rule() {
    let ny: Tz = "America/New_York".parse().unwrap();
    let p = ny.rules().period(DateTime::parse_from_rfc3339("2500-07-01T00:00:00Z").unwrap().timestamp());
    // 2500: second Sunday of March is the 14th, first Sunday of November the 7th.
    let at = |s: &str| DateTime::parse_from_rfc3339(s).unwrap().timestamp();
    assert_eq!(
        p,
        Period { offset: -4 * 3600, start: at("2500-03-14T02:00:00-05:00"), end: at("2500-11-07T02:00:00-04:00") }
    );
    let london: Tz = "Europe/London".parse().unwrap();
    assert_eq!(london.rules().period(at("2200-12-01T00:00:00Z")).offset, 0);
    assert_eq!(london.rules().period(at("2200-07-01T00:00:00Z")).offset, 3600);
}
