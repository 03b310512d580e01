//! The built-in scenarios library: teaching cases from published CronJob stories and
//! the pains users most often report, each a manifest with its `Simulation` document
//! and notes in English, Japanese and Korean — what to look at, and why Kubernetes does it.
//!
//! The files live in `scenarios/<id>/` (`scenario.yaml`, `en.md`, `ja.md`, `ko.md`) and are
//! embedded here, so the page opens them without a network and `tests/scenarios_library.rs` runs
//! each one through the engine and asserts its key times.
//!
//! ```
//! use cronjob_playground::{i18n::Lang, scenarios::LIBRARY};
//! let s = LIBRARY.iter().find(|s| s.id == "forbid-catch-up").unwrap();
//! assert!(s.manifest.contains("concurrencyPolicy: Forbid"));
//! assert!(s.notes(Lang::Ja).title.starts_with("Forbid"));
//! ```

use crate::i18n::Lang;

/// Where a scenario comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A published story of a CronJob that surprised its owner.
    Seed,
    /// A pain users often report.
    Pain,
}

/// One built-in scenario.
#[derive(Debug, PartialEq, Eq)]
pub struct Scenario {
    /// Stable name (the directory; `data-scenario` on the page).
    pub id: &'static str,
    pub source: Source,
    /// The manifest and its Simulation document, as the editor receives them.
    pub manifest: &'static str,
    /// The notes as written, in the order of [`Lang::ALL`].
    texts: [&'static str; 3],
}

/// A scenario's notes in one language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Notes<'a> {
    pub title: &'a str,
    /// What to look at on the timeline.
    pub look: &'a str,
    /// Why Kubernetes does it (the controller, its version).
    pub why: &'a str,
}

impl Scenario {
    /// The notes in `lang`.
    pub fn notes(&self, lang: Lang) -> Notes<'static> {
        let i = lang.index();
        parse_notes(self.texts[i])
    }
}

/// Reads a notes file: `# Title`, the paragraphs on what to look at, then a `## …` heading and
/// the paragraphs on why. Missing parts are empty (the library's test requires all three).
pub fn parse_notes(text: &str) -> Notes<'_> {
    let text = text.trim();
    let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
    let title = first.strip_prefix('#').map_or("", str::trim);
    let (look, why) = match rest.find("\n## ") {
        Some(i) => {
            let after = &rest[i + 4..];
            (&rest[..i], after.split_once('\n').map_or("", |(_, body)| body))
        }
        None => (rest, ""),
    };
    Notes { title, look: look.trim(), why: why.trim() }
}

/// A built-in scenario as the page's menu lists it before the files arrive: its titles, copied out
/// of the notes at compile time, and a hash of its manifest — so the page's module does not embed
/// the library's texts (the page fetches them, see `ui::scenario_menu`).
///
/// ```
/// use cronjob_playground::{i18n::Lang, scenarios::{CATALOG, LIBRARY}};
/// for (entry, s) in CATALOG.iter().zip(LIBRARY) {
///     assert_eq!((entry.id, entry.title(Lang::Ko)), (s.id, s.notes(Lang::Ko).title));
///     assert!(entry.is_manifest(s.manifest) && !entry.is_manifest(&format!("{} ", s.manifest)));
/// }
/// ```
#[derive(Debug, PartialEq, Eq)]
pub struct Entry {
    pub id: &'static str,
    pub source: Source,
    /// The titles, in the order of [`Lang::ALL`].
    titles: [Title; 3],
    manifest_hash: u64,
}

impl Entry {
    /// The title in `lang` (the notes' `# Title`).
    pub fn title(&self, lang: Lang) -> &str {
        let i = lang.index();
        let t = &self.titles[i];
        std::str::from_utf8(&t.bytes[..t.len]).unwrap_or_default()
    }

    /// Whether `text` is, byte for byte, this scenario's manifest (by a 64-bit FNV-1a hash).
    pub fn is_manifest(&self, text: &str) -> bool {
        fnv1a(text.as_bytes()) == self.manifest_hash
    }
}

/// A title held by value (a copy, so the notes file it came from is not kept).
#[derive(Debug, PartialEq, Eq)]
struct Title {
    bytes: [u8; 160],
    len: usize,
}

/// The title of a notes file as [`parse_notes`] reads it (its first line without the `#`),
/// at compile time; a title longer than 160 bytes does not compile.
const fn title(text: &str) -> Title {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    if i < b.len() && b[i] == b'#' {
        i += 1;
    }
    let mut end = i;
    while end < b.len() && b[end] != b'\n' {
        end += 1;
    }
    while i < end && b[i].is_ascii_whitespace() {
        i += 1;
    }
    while end > i && b[end - 1].is_ascii_whitespace() {
        end -= 1;
    }
    let mut t = Title { bytes: [0; 160], len: end - i };
    assert!(t.len <= 160, "a scenario title longer than 160 bytes");
    let mut k = 0;
    while k < t.len {
        t.bytes[k] = b[i + k];
        k += 1;
    }
    t
}

/// 64-bit FNV-1a: the catalog's fingerprint of a scenario's text (and the determinism tests' of
/// a run's JSON).
///
/// ```
/// assert_eq!(cronjob_playground::scenarios::fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
/// ```
pub const fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    let mut i = 0;
    while i < bytes.len() {
        h = (h ^ bytes[i] as u64).wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    h
}

macro_rules! library {
    ($($source:ident $id:literal),* $(,)?) => {
        /// Every built-in scenario, in the menu's order.
        pub const LIBRARY: &[Scenario] = &[$(Scenario {
            id: $id,
            source: Source::$source,
            manifest: include_str!(concat!("../../scenarios/", $id, "/scenario.yaml")),
            texts: [
                include_str!(concat!("../../scenarios/", $id, "/en.md")),
                include_str!(concat!("../../scenarios/", $id, "/ja.md")),
                include_str!(concat!("../../scenarios/", $id, "/ko.md")),
            ],
        }),*];

        /// [`LIBRARY`] without its texts, in the same order.
        pub const CATALOG: &[Entry] = &[$(Entry {
            id: $id,
            source: Source::$source,
            titles: [
                title(include_str!(concat!("../../scenarios/", $id, "/en.md"))),
                title(include_str!(concat!("../../scenarios/", $id, "/ja.md"))),
                title(include_str!(concat!("../../scenarios/", $id, "/ko.md"))),
            ],
            manifest_hash: fnv1a(include_str!(concat!("../../scenarios/", $id, "/scenario.yaml")).as_bytes()),
        }),*];
    };
}

library! {
    Seed "retroactive-schedule-edit",
    Seed "forbid-catch-up",
    Seed "starting-deadline-1200",
    Seed "too-many-missed-v1",
    Seed "too-many-missed-v2",
    Seed "unparseable-schedule",
    Seed "schedule-change-recent-slot",
    Seed "backoff-limit-onfailure",
    Seed "onfailure-vs-never",
    Pain "suspend-resume",
    Pain "deadline-under-10s",
    Pain "dst-time-zone",
    Pain "tz-in-schedule",
    Pain "history-limits-vs-ttl",
    Pain "replace",
    Pain "pod-failure-policy",
    Pain "container-restart-rules",
    Pain "native-sidecar",
    Pain "irregular-schedule-after-gap",
    Pain "yaml-unquoted-star",
}

/// The scenario named `id`.
pub fn find(id: &str) -> Option<&'static Scenario> {
    LIBRARY.iter().find(|s| s.id == id)
}

/// Whether an edit from `old` to `new` replaces the text rather than changing it: less than half
/// of `old` survives around the changed stretch (what the two share at the start and at the end).
/// A scenario's notes close on such a change — a paste over everything, a share link, emptying
/// the editor — because they describe a manifest that is no longer there; typing, deleting a line
/// or changing a value keeps them.
///
/// ```
/// use cronjob_playground::scenarios::replaces;
/// assert!(!replaces("schedule: \"*/5 * * * *\"\nsuspend: false\n", "schedule: \"*/10 * * * *\"\nsuspend: false\n"));
/// assert!(replaces("schedule: \"*/5 * * * *\"\n", "apiVersion: batch/v1\nkind: Job\n"));
/// assert!(replaces("a: 1\n", ""));
/// ```
pub fn replaces(old: &str, new: &str) -> bool {
    let (a, b) = (old.as_bytes(), new.as_bytes());
    let start = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let end = a[start..].iter().rev().zip(b[start.min(b.len())..].iter().rev()).take_while(|(x, y)| x == y).count();
    2 * (start + end) < a.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn another_scenario_or_a_paste_replaces_a_manifest_and_edits_do_not() {
        for a in LIBRARY {
            for b in LIBRARY.iter().filter(|b| b.id != a.id) {
                assert!(replaces(a.manifest, b.manifest), "{} over {}", b.id, a.id);
            }
            // A typed character, a line deleted, a value changed anywhere in the text.
            let mid = a.manifest.len() / 2;
            let mid = (mid..a.manifest.len()).find(|&i| a.manifest.is_char_boundary(i)).unwrap();
            assert!(!replaces(a.manifest, &format!("{}x{}", &a.manifest[..mid], &a.manifest[mid..])), "{}", a.id);
            let first_line = a.manifest.split_inclusive('\n').next().unwrap();
            assert!(!replaces(a.manifest, &a.manifest[first_line.len()..]), "{}", a.id);
            let edited = a.manifest.replacen("schedule: ", "schedule: \"0 * * * *\" #", 1);
            assert!(!replaces(a.manifest, &edited), "{}", a.id);
        }
        assert!(!replaces("", "anything"), "an empty editor has nothing to replace");
        assert!(replaces("apiVersion: batch/v1\n", "  "));
    }

    #[test]
    fn notes_split_into_title_look_and_why() {
        let n = parse_notes("# T\n\nLook here.\nAnd here.\n\n## Why\n\nBecause.\n");
        assert_eq!(n, Notes { title: "T", look: "Look here.\nAnd here.", why: "Because." });
        assert_eq!(parse_notes("no title"), Notes { title: "", look: "", why: "" });
    }
}
