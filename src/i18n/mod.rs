//! The page's words in English, Japanese and Korean — the languages of the seed documents'
//! readers. Every message is a [`Msg`]; each language is one exhaustive `match` (`en.rs`,
//! `ja.rs`, `ko.rs`), so a message missing from a language does not compile. Kubernetes' own
//! output (Event reasons and messages, controller explanations, `kubectl` columns, object kinds)
//! is not translated: it is what the cluster prints.
//!
//! The page's module carries English only: Japanese and Korean come from the engine after its
//! first paint, as [`pack::Pack`]s (builds with the `words` feature — native, the engine's worker,
//! the JS API — compile them in).
//!
//! Messages may hold numbered placeholders (`{0}`, `{1}`) that [`Lang::format`] fills, so each
//! language orders them as its grammar needs.
//!
//! ```
//! use cronjob_playground::i18n::{Lang, Msg};
//! assert_eq!(Lang::Ja.text(Msg::Timeline), "タイムライン");
//! assert_eq!(Lang::Ko.format(Msg::PodsOf, &[&"CronJob", &"hourly"]), "CronJob hourly의 파드");
//! assert_eq!(Lang::from_browser(["ko-KR", "en-US"]), Lang::Ko);
//! ```

/// A catalog of words: the enum as written, and `ALL`, its values in declaration order, which
/// the completeness tests walk (every value has words in every language) and the language packs
/// follow. One list of the values, so adding one cannot leave it out of `ALL`.
macro_rules! catalog {
    ($(#[$attr:meta])* $vis:vis enum $name:ident { $($(#[$doc:meta])* $variant:ident),* $(,)? }) => {
        $(#[$attr])*
        $vis enum $name { $($(#[$doc])* $variant),* }

        impl $name {
            /// Every value, in declaration order (the completeness tests walk it).
            pub const ALL: &'static [$name] = &[$($name::$variant),*];
        }
    };
}
pub(crate) use catalog;

pub mod decisions;
pub mod dialects;
mod en;
#[cfg(feature = "words")]
mod ja;
#[cfg(feature = "words")]
mod ko;
mod msg;
pub mod notices;
pub mod pack;
pub mod particle;
pub mod probes;
pub mod schedule;
pub mod slot_why;
mod told;

pub use told::Told;

pub use msg::Msg;

use std::fmt;
use std::str::FromStr;

/// A language of the interface.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    Ja,
    Ko,
}

impl Lang {
    /// Every language, in the switcher's order.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Ja, Lang::Ko];

    /// The language's place in [`Lang::ALL`]: the index of its entry in per-language arrays.
    ///
    /// ```
    /// use cronjob_playground::i18n::Lang;
    /// assert_eq!(Lang::Ko.index(), 2);
    /// ```
    pub fn index(self) -> usize {
        Lang::ALL.iter().position(|l| *l == self).unwrap_or(0)
    }

    /// This language's entry of per-language words, given in [`Lang::ALL`]'s order.
    ///
    /// ```
    /// use cronjob_playground::i18n::Lang;
    /// assert_eq!(Lang::Ja.pick(["every minute", "毎分", "매분"]), "毎分");
    /// ```
    pub fn pick<T>(self, words: [T; 3]) -> T {
        let [en, ja, ko] = words;
        match self {
            Lang::En => en,
            Lang::Ja => ja,
            Lang::Ko => ko,
        }
    }

    /// The BCP 47 code (`<html lang>`, the stored choice).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ja => "ja",
            Lang::Ko => "ko",
        }
    }

    /// The language's own name, as the switcher shows it.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Ja => "日本語",
            Lang::Ko => "한국어",
        }
    }

    /// The first of the browser's preferred languages (`navigator.languages`) that the page
    /// speaks, English when none is.
    pub fn from_browser<S: AsRef<str>>(preferred: impl IntoIterator<Item = S>) -> Lang {
        preferred.into_iter().find_map(|tag| tag.as_ref().parse().ok()).unwrap_or_default()
    }

    /// The message's text in this language (in English while the page waits for the language's
    /// [`pack`]).
    pub fn text(self, msg: Msg) -> &'static str {
        match self {
            Lang::En => en::text(msg),
            other => compiled(other, msg).or_else(|| pack::installed(other, msg)).unwrap_or_else(|| en::text(msg)),
        }
    }

    /// The message with its placeholders `{0}`, `{1}`, … replaced by `args`.
    pub fn format(self, msg: Msg, args: &[&dyn fmt::Display]) -> String {
        fill(self.text(msg), args)
    }
}

/// A catalog of sentences the playground says in every language, with placeholders `{0}`, `{1}`…
/// filled in order: the engine's words besides [`Msg`] (decisions, slot reasons, notices, probes,
/// schedule and dialect words, what only the engine tells).
pub trait Sentences: Copy {
    /// The words in `lang`, placeholders as they are.
    fn text(self, lang: Lang) -> &'static str;

    /// The words in `lang` with the placeholders filled (a placeholder without an argument stays).
    fn format(self, lang: Lang, args: &[&dyn fmt::Display]) -> String {
        fill(self.text(lang), args)
    }
}

/// The words of a language besides English that the build carries.
#[cfg(feature = "words")]
fn compiled(lang: Lang, msg: Msg) -> Option<&'static str> {
    match lang {
        Lang::En => None,
        Lang::Ja => Some(ja::text(msg)),
        Lang::Ko => Some(ko::text(msg)),
    }
}

/// The page's module carries no words besides English ([`pack`] brings them).
#[cfg(not(feature = "words"))]
fn compiled(_: Lang, _: Msg) -> Option<&'static str> {
    None
}

/// A language tag naming no language of the interface; [`fmt::Display`] quotes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLanguage(pub String);

impl fmt::Display for UnknownLanguage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no interface language for {:?}", self.0)
    }
}

impl std::error::Error for UnknownLanguage {}

impl FromStr for Lang {
    type Err = UnknownLanguage;

    /// A language tag's primary subtag: `ja`, `ja-JP`, `ko_KR`, `EN-gb`.
    fn from_str(tag: &str) -> Result<Lang, UnknownLanguage> {
        let primary = tag.split(['-', '_']).next().unwrap_or_default().to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary).ok_or_else(|| UnknownLanguage(tag.to_owned()))
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Replaces `{i}` in `template` by `args[i]` and a Korean particle pair (`{을/를}`) by the form
/// that agrees with the text before it ([`particle`]); a placeholder without an argument stays
/// as it is.
pub(crate) fn fill(template: &str, args: &[&dyn fmt::Display]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let filled = after.find('}').and_then(|close| {
            let inner = &after[..close];
            let text = match inner.parse::<usize>() {
                Ok(i) => args.get(i)?.to_string(),
                Err(_) => particle::choose(&out, inner)?.to_owned(),
            };
            Some((close, text))
        });
        match filled {
            Some((close, text)) => {
                out.push_str(&text);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The numbered placeholders of `text`, each once, in order (a catalog's tests compare them
/// across languages).
#[cfg(test)]
pub(crate) fn placeholders(text: &str) -> Vec<usize> {
    let mut found: Vec<usize> =
        text.split('{').skip(1).filter_map(|s| s.split_once('}').and_then(|(n, _)| n.parse().ok())).collect();
    found.sort_unstable();
    found.dedup();
    found
}

/// Checks that a catalog's entry has words in every language, with English's placeholders.
#[cfg(test)]
pub(crate) fn assert_complete(name: &dyn fmt::Debug, text: impl Fn(Lang) -> &'static str) {
    for l in Lang::ALL {
        assert!(!text(l).trim().is_empty(), "{name:?} is empty in {l:?}");
        assert_eq!(placeholders(text(l)), placeholders(text(Lang::En)), "{name:?} in {l:?}: {}", text(l));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_every_message_with_the_same_placeholders() {
        for &msg in Msg::ALL {
            let english = placeholders(Lang::En.text(msg));
            for lang in [Lang::Ja, Lang::Ko] {
                let text = lang.text(msg);
                assert!(!text.trim().is_empty(), "{msg:?} is empty in {lang}");
                assert_eq!(placeholders(text), english, "{msg:?} in {lang}: {text}");
            }
        }
    }

    #[test]
    fn japanese_and_korean_are_translated_not_copied() {
        // Messages that are the same in every language: symbols and Kubernetes' words (the
        // Japanese documentation keeps resource names such as Job as they are).
        let same_everywhere = [Msg::Kubernetes, Msg::LintListSeparator, Msg::DiffPartSeparator, Msg::ClusterPolicy];
        let same_in_japanese = [Msg::LegendJob, Msg::DiffJobShift, Msg::NamePod, Msg::ClusterName];
        for &msg in Msg::ALL.iter().filter(|m| !same_everywhere.contains(m)) {
            for lang in [Lang::Ja, Lang::Ko] {
                if lang == Lang::Ja && same_in_japanese.contains(&msg) {
                    continue;
                }
                assert_ne!(lang.text(msg), Lang::En.text(msg), "{msg:?} is not translated into {lang}");
            }
        }
    }

    #[test]
    fn the_explanations_field_names_all_have_labels() {
        let fields = [
            "Scheduled time",
            "Fate",
            "Job created",
            "Kubernetes version",
            "Created",
            "Created after schedule",
            "Status",
            "Finished",
            "Deleted",
            "Pods",
            "Started",
            "Phase",
            "Restarts",
            "Exit codes",
            "Sidecars",
            "Init containers",
            "At",
            "Command",
            "Patch",
            "From",
            "Until",
            "Length",
        ];
        for f in fields {
            assert_eq!(Lang::En.text(Msg::field(f).unwrap()), f);
        }
        assert_eq!(Msg::field("CronJob"), None, "a Kubernetes kind is not translated");
    }

    #[test]
    fn browser_preferences_pick_the_first_language_spoken() {
        assert_eq!(Lang::from_browser(["fr-FR", "ja-JP", "en"]), Lang::Ja);
        assert_eq!(Lang::from_browser(["ko"]), Lang::Ko);
        assert_eq!(Lang::from_browser(["de", "fr"]), Lang::En);
        assert_eq!(Lang::from_browser(Vec::<String>::new()), Lang::En);
        assert_eq!("JA_jp".parse::<Lang>(), Ok(Lang::Ja));
    }

    #[test]
    fn placeholders_fill_in_any_order_and_unknown_ones_stay() {
        assert_eq!(fill("{1} の {0}", &[&"a", &7]), "7 の a");
        assert_eq!(fill("{x} {0} {5}", &[&"a"]), "{x} a {5}");
        assert_eq!(fill("{", &[]), "{");
        assert_eq!(fill("{7", &[&"a"]), "{7");
    }

    /// Every Korean message filled with values of every kind a placeholder takes (Hangul with and
    /// without a final consonant, digits, Latin words and letters, times), and every scenario's
    /// Korean notes: no mechanical particle is left.
    #[test]
    fn no_korean_output_has_a_mechanical_particle() {
        let samples: [&[&dyn fmt::Display]; 6] = [
            &[&"잡", &"파드", &"스케줄", &"시간", &"컨트롤러", &"서울", &"크론잡", &"잡"],
            &[&1, &2, &3, &7, &10, &143, &1200, &0],
            &[&"Job", &"hourly", &"Forbid", &"TTL", &"backup", &"Replace", &"L", &"N"],
            &[
                &"2023-03-22T13:00:00Z",
                &"1.31",
                &"1h41m",
                &"'!'",
                &"\"0 2 * * *\"",
                &"cron-test-27991865",
                &"5m",
                &"+09:00",
            ],
            &[&"(x)", &"“일시 중지와 재개”", &"@daily", &"Asia/Seoul", &"", &" ", &"Z", &"M"],
            &[
                &"startingDeadlineSeconds(300)",
                &"(seed 000)",
                &"Europe/Berlin",
                &"OnFailure",
                &"Never",
                &"Allow",
                &"R",
                &"3",
            ],
        ];
        for &msg in Msg::ALL {
            for args in samples {
                particle::assert_no_mechanical_particle(&Lang::Ko.format(msg, args));
            }
        }
        for told in Told::ALL {
            for args in samples {
                particle::assert_no_mechanical_particle(&told.format(Lang::Ko, args));
            }
        }
        let scenarios = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
        let mut notes = 0;
        for entry in std::fs::read_dir(scenarios).unwrap() {
            let ko = entry.unwrap().path().join("ko.md");
            if ko.exists() {
                particle::assert_no_mechanical_particle(&std::fs::read_to_string(ko).unwrap());
                notes += 1;
            }
        }
        assert!(notes >= 18, "{notes} scenarios' Korean notes");
    }

    #[test]
    fn korean_particles_agree_with_the_value_before_them() {
        let object = |v: &dyn fmt::Display| fill("“{0}”{을/를} 열까요?", &[v]);
        assert_eq!(object(&"일시 중지와 재개"), "“일시 중지와 재개”를 열까요?");
        assert_eq!(object(&"Forbid와 밀린 실행"), "“Forbid와 밀린 실행”을 열까요?");
        let code = |v: &dyn fmt::Display| fill("종료 코드 {0}{으로/로} 끝나", &[v]);
        assert_eq!(
            [code(&1), code(&3), code(&137), code(&143)],
            ["종료 코드 1로 끝나", "종료 코드 3으로 끝나", "종료 코드 137로 끝나", "종료 코드 143으로 끝나"]
        );
        assert_eq!(fill("{0}{과/와} {1}{은/는}", &[&"10:00", &"11:00"]), "10:00과 11:00은");
        assert_eq!(fill("{x/y}", &[]), "{x/y}", "not a particle pair");
    }
}
