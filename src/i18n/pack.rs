//! A language's words for [`Msg`] as data: what the engine's worker hands the page. Native builds,
//! the engine and the JS API compile every language in (feature `words`: `ja.rs` and `ko.rs` are
//! exhaustive `match`es, so a message without Japanese or Korean words does not compile). The
//! page's module is built without them, so its first load carries English only; after its first
//! paint it asks the engine for the other languages ([`Pack::of`]) and [`install`]s them. Until a
//! language's pack has arrived, that language's messages read in English.
//!
//! A pack is its words in the order of [`Msg::ALL`] with a fingerprint of the English words in the
//! same order, so a page and an engine of different builds never pair words with the wrong
//! message: such a pack is refused, and the page stays in English.
//!
//! ```
//! use cronjob_playground::i18n::{pack::Pack, Lang, Msg};
//! let ja = Pack::of(Lang::Ja);
//! assert_eq!(ja.texts.len(), Msg::ALL.len());
//! assert!(ja.texts.contains(&"タイムライン".to_string()));
//! ```

use super::{en, Lang, Msg};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

/// One language's words, as they cross from the engine to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pack {
    /// The language's code (`ja`, `ko`).
    pub lang: String,
    /// [`fingerprint`] of the build that made the pack.
    pub fingerprint: u64,
    /// The words of every message, in the order of [`Msg::ALL`].
    pub texts: Vec<String>,
}

impl Pack {
    /// The words of `lang` this build carries (English when it carries none for `lang`).
    pub fn of(lang: Lang) -> Pack {
        Pack {
            lang: lang.code().to_owned(),
            fingerprint: fingerprint(),
            texts: Msg::ALL.iter().map(|&m| lang.text(m).to_owned()).collect(),
        }
    }
}

/// Why a pack was not installed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Not one of the page's languages, or English (which every build carries).
    Language(String),
    /// Made by another build: its messages differ from this one's.
    OtherBuild,
    /// Its words are not one per message.
    Count { got: usize, want: usize },
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refused::Language(l) => write!(f, "no pack is installed for language {l:?}"),
            Refused::OtherBuild => f.write_str("the words are another build's"),
            Refused::Count { got, want } => write!(f, "{got} words for {want} messages"),
        }
    }
}

/// A digest of the English words in the order of [`Msg::ALL`] (64-bit FNV-1a): equal on both
/// sides when the page and the engine have the same messages in the same order.
pub fn fingerprint() -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &m in Msg::ALL {
        for b in en::text(m).bytes().chain([0]) {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// The installed words of the languages besides English (indexed by [`Lang::index`] - 1).
static INSTALLED: [OnceLock<Box<[&'static str]>>; 2] = [OnceLock::new(), OnceLock::new()];

fn slot(lang: Lang) -> Option<&'static OnceLock<Box<[&'static str]>>> {
    lang.index().checked_sub(1).and_then(|i| INSTALLED.get(i))
}

/// Makes `pack`'s words the ones [`Lang::text`] says (once per language: the words of a build never
/// change, so a second pack for the same language is taken as installed). Returns the language.
pub fn install(pack: Pack) -> Result<Lang, Refused> {
    let lang: Lang = pack.lang.parse().map_err(|_| Refused::Language(pack.lang.clone()))?;
    let slot = slot(lang).ok_or_else(|| Refused::Language(pack.lang.clone()))?;
    check(&pack)?;
    // Each language's words are installed once and live as long as the page.
    slot.get_or_init(|| pack.texts.into_iter().map(|t| &*Box::leak(t.into_boxed_str())).collect());
    Ok(lang)
}

/// Whether `pack` has one word per message of this build, in this build's order.
fn check(pack: &Pack) -> Result<(), Refused> {
    if pack.texts.len() != Msg::ALL.len() {
        return Err(Refused::Count { got: pack.texts.len(), want: Msg::ALL.len() });
    }
    if pack.fingerprint != fingerprint() {
        return Err(Refused::OtherBuild);
    }
    Ok(())
}

/// The installed word of `msg` in `lang`, if its pack has arrived.
pub(super) fn installed(lang: Lang, msg: Msg) -> Option<&'static str> {
    slot(lang)?.get()?.get(msg as usize).copied()
}

/// Whether this page can say everything in `lang`: English always; the others when the build
/// carries them or their pack has arrived.
pub fn speaks(lang: Lang) -> bool {
    lang == Lang::En || cfg!(feature = "words") || slot(lang).is_some_and(|s| s.get().is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pack_holds_every_message_in_the_catalogs_order() {
        for lang in [Lang::Ja, Lang::Ko] {
            let pack = Pack::of(lang);
            assert_eq!(pack.lang, lang.code());
            assert_eq!(pack.texts.len(), Msg::ALL.len());
            for (k, &m) in Msg::ALL.iter().enumerate() {
                assert_eq!(m as usize, k, "{m:?} is not at its place in Msg::ALL");
                assert_eq!(pack.texts[k], lang.text(m));
            }
            assert_eq!(check(&pack), Ok(()));
        }
        assert_eq!(Pack::of(Lang::Ja).texts[Msg::Timeline as usize], "タイムライン");
        assert_eq!(Pack::of(Lang::Ko).texts[Msg::Timeline as usize], "타임라인");
    }

    #[test]
    fn a_pack_of_another_build_or_language_is_refused() {
        let mut short = Pack::of(Lang::Ja);
        short.texts.pop();
        assert_eq!(install(short), Err(Refused::Count { got: Msg::ALL.len() - 1, want: Msg::ALL.len() }));
        let mut long = Pack::of(Lang::Ko);
        long.texts.push("unknown".into());
        assert_eq!(check(&long), Err(Refused::Count { got: Msg::ALL.len() + 1, want: Msg::ALL.len() }));
        let mut other = Pack::of(Lang::Ja);
        other.fingerprint ^= 1;
        assert_eq!(install(other), Err(Refused::OtherBuild));
        assert_eq!(install(Pack::of(Lang::En)), Err(Refused::Language("en".into())));
        let fr = Pack { lang: "fr".into(), ..Pack::of(Lang::Ja) };
        assert_eq!(install(fr).unwrap_err().to_string(), "no pack is installed for language \"fr\"");
    }

    #[test]
    fn an_installed_pack_is_what_the_language_says() {
        assert_eq!(install(Pack::of(Lang::Ko)), Ok(Lang::Ko));
        assert_eq!(installed(Lang::Ko, Msg::Timeline), Some("타임라인"));
        assert_eq!(installed(Lang::En, Msg::Timeline), None);
        assert!(speaks(Lang::Ko) && speaks(Lang::En));
    }

    #[test]
    fn the_fingerprint_follows_the_english_words_and_their_order() {
        assert_eq!(fingerprint(), fingerprint());
        assert_ne!(fingerprint(), 0xcbf2_9ce4_8422_2325);
    }
}
