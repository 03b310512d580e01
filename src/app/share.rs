//! Share links: the page's whole state — the editor's text (manifests and the Simulation
//! document) and the view (visible window, virtual clock, selection, open pod lanes, speed) — in a
//! URL fragment, so that the link reproduces the view in any browser and never reaches a server.
//!
//! A link also carries the zone the sender read times in (UTC, a CronJob's, their own), the
//! sender's interface language and the panels open beside the timeline
//! (compare mode and what it compares against, the lint view). Both fields are optional and were
//! added within format 1: links made before them open as they always did.
//!
//! A fragment is `#s=1.<payload>`: the format version, then the state as JSON, raw-deflated
//! (RFC 1951) and written in unpadded base64url (RFC 4648 §5). The page deflates with the
//! browser's `CompressionStream("deflate-raw")` (no compression code in the wasm); the CLI and the
//! tests use [`link`] / [`open`] (native only). Everything else — the envelope, base64url, the size
//! caps and the checks that turn a damaged link into a clear message — is here, shared by both.
//!
//! ```
//! use cronjob_playground::app::share::{decode_fragment, encode_fragment, ShareState};
//! let state = ShareState::new("kind: CronJob\n".into(), None);
//! let deflated = b"(pretend this was deflated)";
//! let fragment = encode_fragment(deflated).unwrap();
//! assert!(fragment.starts_with("#s=1."));
//! assert_eq!(decode_fragment(&fragment).unwrap(), deflated);
//! assert_eq!(ShareState::from_json(&state.to_json()).unwrap(), state);
//! ```

use crate::app::axis_zone::AxisZone;
use crate::i18n::{Lang, Msg};
use crate::timeline::ItemRef;
use serde::Serialize;
use std::fmt;

mod read;

/// The format this code writes and reads.
pub const FORMAT: u32 = 1;
/// What a share fragment starts with (before the version).
pub const PREFIX: &str = "#s=";
/// The longest fragment accepted or produced (characters). Chromium and Firefox take URLs of
/// megabytes, but chat tools and mail clients cut or refuse links far shorter than that.
pub const MAX_FRAGMENT: usize = 32 * 1024;
/// The most the payload may inflate to (bytes): bounds the work a hostile link can cause.
pub const MAX_STATE: usize = 1024 * 1024;

/// Why a link cannot be opened (or made); `Display` is the message the page shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShareError {
    /// The fragment is not a share link at all (the page then ignores it).
    NotAShareLink,
    /// Made by a newer (or unknown) format.
    UnknownFormat(String),
    /// The link is longer than [`MAX_FRAGMENT`].
    TooLong { chars: usize },
    /// A character outside base64url, or a length base64 cannot have.
    BadCharacter { position: usize, found: char },
    /// The payload's length cannot be base64 (cut while copied).
    Truncated,
    /// The compressed data does not inflate.
    Corrupt(String),
    /// It inflates to more than [`MAX_STATE`] bytes.
    TooLarge,
    /// It inflates, but not to a playground state.
    NotAState(String),
}

impl ShareError {
    /// The message in `lang` (the page shows it; `Display` is the English one).
    pub fn message(&self, lang: Lang) -> String {
        match self {
            ShareError::NotAShareLink => lang.text(Msg::ShareErrNotALink).to_string(),
            ShareError::UnknownFormat(v) => lang.format(Msg::ShareErrUnknownFormat, &[&format!("{v:?}"), &FORMAT]),
            ShareError::TooLong { chars } => lang.format(Msg::ShareErrTooLong, &[chars, &MAX_FRAGMENT]),
            ShareError::BadCharacter { position, found } => {
                lang.format(Msg::ShareErrBadCharacter, &[&format!("{found:?}"), position])
            }
            ShareError::Truncated => lang.text(Msg::ShareErrTruncated).to_string(),
            ShareError::Corrupt(why) => lang.format(Msg::ShareErrCorrupt, &[why]),
            ShareError::TooLarge => lang.format(Msg::ShareErrTooLarge, &[&(MAX_STATE / 1024)]),
            ShareError::NotAState(why) => lang.format(Msg::ShareErrNotAState, &[why]),
        }
    }
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for ShareError {}

/// The part of the page's view a link restores. Instants are milliseconds since the epoch (the
/// page's own unit).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ShareView {
    /// The visible window.
    pub from: f64,
    pub to: f64,
    /// The virtual clock.
    pub cursor: f64,
    /// The selected item, in the page's `data-item` form ([`ItemRef`]'s `Display`: `job:0`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub selected: Option<String>,
    /// Jobs whose pod lanes are pinned open.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pinned: Vec<String>,
    /// Playback speed (virtual ms per real ms).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub speed: Option<f64>,
    /// The zone the axis, the clock and the inspector read instants in, as
    /// [`AxisZone`](crate::app::axis_zone::AxisZone) writes it (`viewer`, `Europe/Berlin`); absent:
    /// UTC. Added within format 1: links without it open in UTC as they always did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zone: Option<String>,
}

/// A panel open beside the timeline.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum SharePanel {
    /// Compare mode; `against` is the compare menu's value (`version:1.20`, `policy:Forbid`,
    /// `snapshot`), and `kept` the kept text a `snapshot` compares with.
    Compare {
        against: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        kept: Option<String>,
    },
    /// The lint view.
    Lint,
}

/// Everything a link holds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ShareState {
    /// The editor's text: manifests and the Simulation document, exactly as typed.
    pub text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view: Option<ShareView>,
    /// The sender's interface language (`en`, `ja`, `ko`). A receiver who chose a language keeps
    /// it; otherwise the page opens in this one (an unknown code is ignored).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
    /// The panels that were open.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub panels: Vec<SharePanel>,
}

impl ShareState {
    /// A state of text and view only (no language, no panels).
    pub fn new(text: String, view: Option<ShareView>) -> ShareState {
        ShareState { text, view, lang: None, panels: Vec::new() }
    }

    /// The link's language, if it names one this page speaks.
    ///
    /// ```
    /// use cronjob_playground::{app::share::ShareState, i18n::Lang};
    /// let mut s = ShareState::new("x".into(), None);
    /// assert_eq!(s.language(), None);
    /// s.lang = Some("ko".into());
    /// assert_eq!(s.language(), Some(Lang::Ko));
    /// s.lang = Some("fr".into());
    /// assert_eq!(s.language(), None);
    /// ```
    pub fn language(&self) -> Option<Lang> {
        self.lang.as_deref().and_then(|code| code.parse().ok())
    }

    /// The JSON the link carries (before deflate).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a share state serializes")
    }

    /// Reads and checks the JSON of a link (strict JSON, no field unknown or given twice).
    pub fn from_json(json: &str) -> Result<ShareState, ShareError> {
        if json.len() > MAX_STATE {
            return Err(ShareError::TooLarge);
        }
        let mut state = read::state(json).map_err(|e| ShareError::NotAState(e.to_string()))?;
        if let Some(v) = &mut state.view {
            // Instants lie in the years 1 to 9999 (what RFC 3339 writes), the speed in (0, 10⁹]. A
            // number that would not read back as itself from its own JSON (the reader takes floats
            // of more than 15 significant digits only approximately) is rounded — instants to
            // whole milliseconds, the speed to 1/1000, which within those bounds read back
            // exactly — so that a link made from an opened state opens to the same state.
            let instant = |x: f64| (FIRST_MS..=LAST_MS).contains(&x).then(|| exact_or(x, x.round()));
            let (Some(from), Some(to), Some(cursor)) = (instant(v.from), instant(v.to), instant(v.cursor)) else {
                return Err(ShareError::NotAState("the view's window is not a time range".into()));
            };
            if from >= to {
                return Err(ShareError::NotAState("the view's window is not a time range".into()));
            }
            (v.from, v.to, v.cursor) = (from, to, cursor);
            if let Some(speed) = &mut v.speed {
                if !(*speed > 0.0 && *speed <= MAX_SPEED) {
                    return Err(ShareError::NotAState(
                        "the view's speed is not a positive number of at most 10⁹".into(),
                    ));
                }
                *speed = exact_or(*speed, ((*speed * 1000.0).round() / 1000.0).max(0.001));
            }
            if let Some(sel) = &v.selected {
                sel.parse::<ItemRef>().map_err(|e| ShareError::NotAState(e.to_string()))?;
            }
            if let Some(zone) = &v.zone {
                AxisZone::parse(zone).map_err(|e| ShareError::NotAState(e.to_string()))?;
            }
        }
        Ok(state)
    }
}

/// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z in ms since the epoch: the instants RFC 3339
/// can write.
const FIRST_MS: f64 = -62_135_596_800_000.0;
const LAST_MS: f64 = 253_402_300_799_999.0;
/// The fastest playback a link may ask for, in virtual ms per real ms.
const MAX_SPEED: f64 = 1e9;

/// `x` when its JSON reads back as `x`, else `rounded` (whose JSON has few enough digits to).
fn exact_or(x: f64, rounded: f64) -> f64 {
    let again = serde_json::to_string(&x).ok().and_then(|json| read::number(&json));
    if again == Some(x) {
        x
    } else {
        rounded
    }
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Unpadded base64url.
pub fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | (*b as u32) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// The bytes of unpadded base64url text (padding `=` is tolerated at the end).
pub fn from_base64url(text: &str) -> Result<Vec<u8>, ShareError> {
    let text = text.trim_end_matches('=');
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for (position, c) in text.chars().enumerate() {
        let v = match c {
            'A'..='Z' => c as u32 - 'A' as u32,
            'a'..='z' => c as u32 - 'a' as u32 + 26,
            '0'..='9' => c as u32 - '0' as u32 + 52,
            '-' | '+' => 62,
            '_' | '/' => 63,
            found => return Err(ShareError::BadCharacter { position, found }),
        };
        acc = acc << 6 | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    if text.len() % 4 == 1 {
        return Err(ShareError::Truncated);
    }
    Ok(out)
}

/// The fragment for deflated state bytes (`#s=1.…`), or [`ShareError::TooLong`].
pub fn encode_fragment(deflated: &[u8]) -> Result<String, ShareError> {
    let fragment = format!("{PREFIX}{FORMAT}.{}", base64url(deflated));
    if fragment.len() > MAX_FRAGMENT {
        return Err(ShareError::TooLong { chars: fragment.len() });
    }
    Ok(fragment)
}

/// The deflated state bytes of a fragment (with or without its `#`).
pub fn decode_fragment(fragment: &str) -> Result<Vec<u8>, ShareError> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let Some(rest) = fragment.strip_prefix(&PREFIX[1..]) else { return Err(ShareError::NotAShareLink) };
    if fragment.len() + 1 > MAX_FRAGMENT {
        return Err(ShareError::TooLong { chars: fragment.len() + 1 });
    }
    let (version, payload) = rest.split_once('.').unwrap_or((rest, ""));
    if version != FORMAT.to_string() {
        return Err(ShareError::UnknownFormat(version.chars().take(16).collect()));
    }
    if payload.is_empty() {
        return Err(ShareError::Truncated);
    }
    from_base64url(payload)
}

/// A whole link: `base` (the page's address, any fragment dropped) with the state's fragment.
#[cfg(not(target_arch = "wasm32"))]
pub fn link(base: &str, state: &ShareState) -> Result<String, ShareError> {
    let deflated = miniz_oxide::deflate::compress_to_vec(state.to_json().as_bytes(), 10);
    let base = base.split('#').next().unwrap_or(base);
    Ok(format!("{base}{}", encode_fragment(&deflated)?))
}

/// The state of a link or fragment.
#[cfg(not(target_arch = "wasm32"))]
pub fn open(link: &str) -> Result<ShareState, ShareError> {
    let fragment = link.find('#').map_or(link, |i| &link[i..]);
    let deflated = decode_fragment(fragment)?;
    let json =
        miniz_oxide::inflate::decompress_to_vec_with_limit(&deflated, MAX_STATE).map_err(|e| match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => ShareError::TooLarge,
            miniz_oxide::inflate::TINFLStatus::FailedCannotMakeProgress => {
                ShareError::Corrupt("the data ends early".into())
            }
            other => ShareError::Corrupt(format!("{other:?}")),
        })?;
    let json = String::from_utf8(json).map_err(|_| ShareError::NotAState("not UTF-8 text".into()))?;
    ShareState::from_json(&json)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    const SEED_002: &str = include_str!("../../scenarios/retroactive-schedule-edit/scenario.yaml");

    fn view() -> ShareView {
        ShareView {
            from: 1_679_490_111_000.0,
            to: 1_679_491_911_000.0,
            cursor: 1_679_490_960_000.0,
            selected: Some("job:1".into()),
            pinned: vec!["cron-test-27991510".into()],
            speed: Some(600.0),
            zone: None,
        }
    }

    #[test]
    fn base64url_matches_rfc4648_vectors_without_padding() {
        // RFC 4648 §10, with '=' dropped.
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64url(plain.as_bytes()), coded);
            assert_eq!(from_base64url(coded).unwrap(), plain.as_bytes());
        }
        // The URL-safe letters for 62 and 63.
        assert_eq!(base64url(&[0xfb, 0xff]), "-_8");
        assert_eq!(from_base64url("-_8").unwrap(), [0xfb, 0xff]);
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(from_base64url(&base64url(&all)).unwrap(), all);
    }

    #[test]
    fn a_link_round_trips_the_exact_text_and_view() {
        let state = ShareState::new(SEED_002.to_string(), Some(view()));
        let url = link("http://127.0.0.1:8080/?editor=plain#old", &state).unwrap();
        assert!(url.starts_with("http://127.0.0.1:8080/?editor=plain#s=1."), "{url}");
        assert_eq!(open(&url).unwrap(), state);
        // Seed 002 (1 244 bytes of YAML) and its view fit in well under a thousand characters.
        let chars = url.len() - "http://127.0.0.1:8080/?editor=plain".len();
        assert!((500..900).contains(&chars), "{chars}");
    }

    #[test]
    fn the_language_and_open_panels_round_trip_and_links_without_them_still_open() {
        let mut state = ShareState::new(SEED_002.to_string(), Some(view()));
        state.lang = Some("ja".into());
        state.panels = vec![
            SharePanel::Compare { against: "snapshot".into(), kept: Some("kind: CronJob\n".into()) },
            SharePanel::Lint,
        ];
        let url = link("http://127.0.0.1:8080/", &state).unwrap();
        assert!(url.starts_with("http://127.0.0.1:8080/#s=1."), "{url}");
        let opened = open(&url).unwrap();
        assert_eq!(opened, state);
        assert_eq!(opened.language(), Some(Lang::Ja));
        let json = state.to_json();
        assert!(
            json.ends_with(
                r#","lang":"ja","panels":[{"compare":{"against":"snapshot","kept":"kind: CronJob\n"}},"lint"]}"#
            ),
            "{json}"
        );
        // A state without them writes exactly the JSON of links made before they existed, and
        // such a link (here the JSON an earlier page wrote) opens with neither.
        let before = r#"{"text":"kind: CronJob\n","view":{"from":1.0,"to":2.0,"cursor":1.5,"selected":"job:0"}}"#;
        let old = ShareState::from_json(before).unwrap();
        assert_eq!((old.lang.as_deref(), old.panels.len()), (None, 0));
        assert_eq!(old.to_json(), before);
        let compare = r#"{"text":"x","panels":[{"compare":{"against":"version:1.20"}}]}"#;
        assert_eq!(
            ShareState::from_json(compare).unwrap().panels,
            [SharePanel::Compare { against: "version:1.20".into(), kept: None }]
        );
        assert!(matches!(ShareState::from_json(r#"{"text":"x","panels":["timeline"]}"#),
                Err(ShareError::NotAState(m)) if m.contains("unknown variant `timeline`")));
    }

    /// Found by the `share_link` fuzz target: `"to": 1.7370555555e101` read as one float and,
    /// written back, as another (1.7370555555000002e101), so the link made from the opened state
    /// opened to a different state. Such a window is no time at all; and numbers with more digits
    /// than read back exactly are rounded, while the page's own numbers are kept as they are.
    #[test]
    fn a_view_reads_back_as_itself_and_holds_only_real_times() {
        let with = |from: &str, to: &str, speed: &str| {
            ShareState::from_json(&format!(
                r#"{{"text":"x","view":{{"from":{from},"to":{to},"cursor":{from},"speed":{speed}}}}}"#
            ))
        };
        assert!(matches!(with("1736935200000.0", "1.7370555555e101", "60.0"),
                Err(ShareError::NotAState(m)) if m == "the view's window is not a time range"));
        assert!(matches!(with("-62135596800000.0", "253402300800000.0", "60.0"), Err(ShareError::NotAState(_))));
        assert!(matches!(with("-62135596800001.0", "0.0", "60.0"), Err(ShareError::NotAState(_))));
        assert!(matches!(with("0", "1", "0"), Err(ShareError::NotAState(m)) if m.contains("speed")));
        assert!(matches!(with("0", "1", "1e10"), Err(ShareError::NotAState(m)) if m.contains("speed")));
        let v = with("1736935200000.5", "1736935299999.25", "3600.125").unwrap().view.unwrap();
        assert_eq!((v.from, v.to, v.speed), (1_736_935_200_000.5, 1_736_935_299_999.25, Some(3600.125)));
        for (from, to, speed) in [
            ("1736935200000.1234567891", "1736935299999.987654321", "3600.12345678901234"),
            ("2176230355305.36233216230355305", "7313676524194.10422673676524194", "0.00012345678901234567"),
            ("-62135596799999.999999", "253402300799998.99999999", "999999999.99999999"),
        ] {
            let state = with(from, to, speed).unwrap();
            let v = state.view.clone().unwrap();
            assert!((v.from - from.parse::<f64>().unwrap()).abs() <= 0.5, "{from} → {}", v.from);
            assert!((v.to - to.parse::<f64>().unwrap()).abs() <= 0.5, "{to} → {}", v.to);
            assert_eq!(read::number(&serde_json::to_string(&v.from).unwrap()), Some(v.from));
            assert_eq!(ShareState::from_json(&state.to_json()).unwrap(), state);
            assert_eq!(open(&link("https://example.test/", &state).unwrap()).unwrap(), state);
        }
    }

    #[test]
    fn damaged_links_say_what_is_wrong() {
        let state = ShareState::new(SEED_002.to_string(), Some(view()));
        let fragment = link("", &state).unwrap();
        // A character a mail client might insert.
        let mut spaced = fragment.clone();
        spaced.insert(40, ' ');
        assert_eq!(open(&spaced).unwrap_err(), ShareError::BadCharacter { position: 35, found: ' ' });
        // Cut short while being copied: either not a whole base64 group or not a whole deflate stream.
        let cut = &fragment[..fragment.len() / 2];
        let err = open(cut).unwrap_err();
        assert!(matches!(err, ShareError::Truncated | ShareError::Corrupt(_)), "{err:?}");
        let cut = &fragment[..fragment.len() - 1 - (fragment.len() - 6) % 4];
        assert_eq!(open(&format!("{cut}x")).unwrap_err(), ShareError::Truncated);
        // A newer format.
        assert_eq!(open("#s=2.abc").unwrap_err(), ShareError::UnknownFormat("2".into()));
        assert_eq!(
            open("#s=2.abc").unwrap_err().to_string(),
            "This link was made by a different version of the playground (format \"2\"); this page reads format 1. \
            Your own text is unchanged."
        );
        assert_eq!(open("#section-2").unwrap_err(), ShareError::NotAShareLink);
        assert_eq!(open("#s=1.").unwrap_err(), ShareError::Truncated);
        // Valid deflate of something that is not a state.
        let other = encode_fragment(&miniz_oxide::deflate::compress_to_vec(b"{\"text\": 5}", 6)).unwrap();
        assert!(
            matches!(open(&other).unwrap_err(), ShareError::NotAState(m) if m.contains("invalid type: integer `5`"))
        );
        let backwards = ShareState::new("x".into(), Some(ShareView { from: 5.0, to: 1.0, ..ShareView::default() }));
        assert_eq!(
            ShareState::from_json(&backwards.to_json()).unwrap_err().to_string(),
            "This link is damaged: it does not hold a playground state (the view's window is not a time range)."
        );
    }

    #[test]
    fn size_caps_refuse_long_links_and_inflation_bombs() {
        // 40 000 characters of incompressible text do not fit the fragment cap.
        let mut x = 0x2545_f491_u32;
        let noise: String = (0..40_000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                ALPHABET[(x >> 26) as usize] as char
            })
            .collect();
        let err = link("", &ShareState::new(noise, None)).unwrap_err();
        assert!(matches!(err, ShareError::TooLong { chars } if chars > MAX_FRAGMENT), "{err:?}");
        assert!(err.to_string().starts_with("This link is too long to open: "));
        // 2 MiB of one letter deflates to a few KB but would unpack past the cap.
        let bomb = miniz_oxide::deflate::compress_to_vec(&vec![b'a'; 2 * MAX_STATE], 10);
        let fragment = encode_fragment(&bomb).unwrap();
        assert!(fragment.len() < 8 * 1024);
        assert_eq!(open(&fragment).unwrap_err(), ShareError::TooLarge);
        assert_eq!(
            open(&fragment).unwrap_err().to_string(),
            "This link is refused: it unpacks to more than 1024 KiB, the limit for a shared state."
        );
        assert_eq!(
            ShareError::TooLarge.message(Lang::Ja),
            "このリンクは拒否されました: 展開すると共有状態の上限 1024 KiB を超えます。"
        );
        let long = format!("#s=1.{}", "A".repeat(MAX_FRAGMENT));
        assert!(matches!(decode_fragment(&long), Err(ShareError::TooLong { .. })));
    }

    /// The axis's zone rides in the view; a link without it (every link made before it existed)
    /// opens in UTC and writes the same JSON again; a zone that is no zone's name is refused.
    #[test]
    fn the_axis_zone_round_trips_and_older_links_open_in_utc() {
        for zone in ["Europe/Berlin", "viewer", "UTC"] {
            let state = ShareState::new(SEED_002.to_string(), Some(ShareView { zone: Some(zone.into()), ..view() }));
            let opened = open(&link("https://example.test/", &state).unwrap()).unwrap();
            assert_eq!(opened, state);
            assert!(state.to_json().contains(&format!(r#","speed":600.0,"zone":"{zone}"}}"#)), "{}", state.to_json());
        }
        let before = r#"{"text":"x","view":{"from":1.0,"to":2.0,"cursor":1.5,"speed":60.0}}"#;
        let old = ShareState::from_json(before).unwrap();
        assert_eq!(old.view.as_ref().unwrap().zone, None);
        assert_eq!(old.to_json(), before);
        let bad = r#"{"text":"x","view":{"from":1.0,"to":2.0,"cursor":1.5,"zone":"Europe/Berlin\u0000"}}"#;
        assert_eq!(
            ShareState::from_json(bad).unwrap_err(),
            ShareError::NotAState(
                "the view's zone \"Europe/Berlin\\0\" is not `UTC`, `viewer` or a zone's name".into()
            )
        );
        let twice = r#"{"text":"x","view":{"from":1.0,"to":2.0,"cursor":1.5,"zone":"UTC","zone":"UTC"}}"#;
        assert!(
            matches!(ShareState::from_json(twice), Err(ShareError::NotAState(m)) if m.starts_with("duplicate field \
                `zone`"))
        );
        let number = r#"{"text":"x","view":{"from":1.0,"to":2.0,"cursor":1.5,"zone":3}}"#;
        assert!(
            matches!(ShareState::from_json(number), Err(ShareError::NotAState(m)) if m.starts_with("invalid type: \
                integer `3`, expected a string"))
        );
    }

    #[test]
    fn selections_are_checked() {
        let mut v = view();
        v.selected = Some("job:one".into());
        let json = ShareState::new("x".into(), Some(v)).to_json();
        assert_eq!(ShareState::from_json(&json).unwrap_err(), ShareError::NotAState("unknown item \"job:one\"".into()));
        for item in [
            ItemRef::Slot(0),
            ItemRef::Job(12),
            ItemRef::Pod(3),
            ItemRef::Marker(1),
            ItemRef::Outage(2),
            ItemRef::Suspension(0, 4),
        ] {
            assert_eq!(item.to_string().parse(), Ok(item));
        }
        assert!("suspended:1".parse::<ItemRef>().is_err());
    }
}
