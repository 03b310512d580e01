//! Korean particles that agree with the word before them: 은/는, 을/를, 이/가, 과/와 and
//! 으로/로 depend on whether that word, as a Korean reader says it, ends in a consonant (and, for
//! 으로/로, whether that consonant is ㄹ). A catalog text writes the pair in braces after a
//! placeholder (`{0}{을/를}`) and [`super::Lang::format`] keeps the one form that fits the value
//! inserted, so no reader ever sees the mechanical `을(를)`.
//!
//! Words are read as Korean reads them: a Hangul syllable by its final consonant; digits by their
//! Sino-Korean names (영 일 이 삼 사 오 육 칠 팔 구: 0, 1, 3, 6, 7, 8 end in a consonant, 1, 7, 8 in
//! ㄹ; 10, 100, 1000 read 십, 백, 천); a single Latin letter or an acronym by the letter's name
//! (엘, 엠, 엔, 알 end in a consonant); an English word by the usual loanword endings (Job → 잡,
//! Forbid → 포비드). Closing quotes and brackets are looked through, and a parenthesised aside
//! is skipped: the particle agrees with the word before it.
//!
//! ```
//! use cronjob_playground::i18n::particle;
//! assert_eq!(particle::choose("137", "으로/로"), Some("로"));
//! assert_eq!(particle::choose("“잡 이름”", "을/를"), Some("을"));
//! assert_eq!(particle::choose("Job", "이/가"), Some("이"));
//! ```

/// How a word ends when read aloud in Korean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// An open syllable: 는, 를, 가, 와, 로.
    Vowel,
    /// A final ㄹ: 은, 을, 이, 과, but 로.
    Rieul,
    /// Any other final consonant: 은, 을, 이, 과, 으로.
    Consonant,
}

/// The particles written as `consonant form/vowel form`.
const PAIRS: [&str; 5] = ["은/는", "을/를", "이/가", "과/와", "으로/로"];

/// The form of `pair` (one of `은/는`, `을/를`, `이/가`, `과/와`, `으로/로`) that follows `word`;
/// `None` when `pair` is not a particle pair. A word with nothing readable at its end takes the
/// form after a vowel (symbols' Korean names mostly end open: 별표, 슬래시).
pub fn choose(word: &str, pair: &str) -> Option<&'static str> {
    let pair = PAIRS.into_iter().find(|p| *p == pair)?;
    let (consonant, vowel) = pair.split_once('/')?;
    Some(match ending(word).unwrap_or(Ending::Vowel) {
        Ending::Consonant => consonant,
        Ending::Rieul if vowel == "로" => vowel,
        Ending::Rieul => consonant,
        Ending::Vowel => vowel,
    })
}

/// How `word` ends when read in Korean; `None` when it ends in nothing readable.
pub fn ending(word: &str) -> Option<Ending> {
    let word = last_word(word)?;
    let last = word.chars().next_back()?;
    Some(match last {
        '가'..='힣' => match (last as u32 - 0xAC00) % 28 {
            0 => Ending::Vowel,
            8 => Ending::Rieul,
            _ => Ending::Consonant,
        },
        '1' | '7' | '8' => Ending::Rieul,
        '0' | '3' | '6' => Ending::Consonant,
        '2' | '4' | '5' | '9' => Ending::Vowel,
        _ if last.is_ascii_alphabetic() => latin(word),
        _ => return None,
    })
}

/// `text` without closing quotes, brackets and a trailing parenthesised aside.
fn last_word(text: &str) -> Option<&str> {
    let mut rest = text.trim_end();
    loop {
        let last = rest.chars().next_back()?;
        if last == ')' {
            let open = rest.rfind('(')?;
            if rest[..open].trim_end().is_empty() {
                // Nothing before the aside: it is the word.
                rest = &rest[open + 1..rest.len() - 1];
            } else {
                rest = rest[..open].trim_end();
            }
        } else if "\"'”’」』]>`.".contains(last) {
            rest = rest[..rest.len() - last.len_utf8()].trim_end();
        } else {
            return Some(rest);
        }
    }
}

/// A Latin word's ending: letters by name (one letter, or an acronym in capitals), other words
/// by how their loanword spelling ends.
fn latin(text: &str) -> Ending {
    let start = text.char_indices().rev().find(|(_, c)| !c.is_ascii_alphabetic()).map_or(0, |(i, c)| i + c.len_utf8());
    let word = &text[start..];
    let bytes = word.as_bytes();
    let last = bytes[bytes.len() - 1].to_ascii_lowercase();
    if bytes.len() == 1 || word.bytes().all(|b| b.is_ascii_uppercase()) {
        // 엘, 알; 엠, 엔; the other letters' names end open (에이, 비, 씨, …, 제트).
        return match last {
            b'l' | b'r' => Ending::Rieul,
            b'm' | b'n' => Ending::Consonant,
            _ => Ending::Vowel,
        };
    }
    let before = bytes[bytes.len() - 2].to_ascii_lowercase();
    let vowel = |b: u8| b"aeiou".contains(&b);
    match last {
        // 컨트롤, 풀; 테이블.
        b'l' => Ending::Rieul,
        b'e' if before == b'l' => Ending::Rieul,
        // 타임존, 네임; 타임, 라인; 스트링.
        b'm' | b'n' => Ending::Consonant,
        b'e' if before == b'm' || before == b'n' => Ending::Consonant,
        b'g' if before == b'n' => Ending::Consonant,
        // A stop after a vowel closes the syllable: 잡, 북, 셋, 맥, 백.
        b'b' | b'k' | b'p' | b't' | b'c' if vowel(before) || before == b'c' => Ending::Consonant,
        // 포비드, 리플레이스, 얼라우, 타이머, 리포트.
        _ => Ending::Vowel,
    }
}

/// The mechanical spellings that a reader must never see (tests scan rendered Korean for them).
#[cfg(test)]
pub(crate) fn assert_no_mechanical_particle(text: &str) {
    for fallback in ["(으)로", "을(를)", "를(을)", "은(는)", "는(은)", "이(가)", "가(이)", "와(과)", "과(와)"]
    {
        assert!(!text.contains(fallback), "{fallback} in {text}");
    }
    for pair in PAIRS {
        assert!(!text.contains(&format!("{{{pair}}}")), "{{{pair}}} left in {text}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hangul_by_the_final_consonant() {
        for (word, expected) in [
            ("잡", Ending::Consonant),
            ("파드", Ending::Vowel),
            ("크론잡", Ending::Consonant),
            ("스케줄", Ending::Rieul),
            ("컨트롤러", Ending::Vowel),
            ("시간", Ending::Consonant),
            ("서울", Ending::Rieul),
            ("힣", Ending::Consonant),
            ("가", Ending::Vowel),
        ] {
            assert_eq!(ending(word), Some(expected), "{word}");
        }
    }

    #[test]
    fn digits_by_their_sino_korean_names() {
        // 영 일 이 삼 사 오 육 칠 팔 구; 10 십, 100 백, 1000 천, 1.30 일 점 삼십.
        let table = [
            ("0", "은", "으로"),
            ("1", "은", "로"),
            ("2", "는", "로"),
            ("3", "은", "으로"),
            ("4", "는", "로"),
            ("5", "는", "로"),
            ("6", "은", "으로"),
            ("7", "은", "로"),
            ("8", "은", "로"),
            ("9", "는", "로"),
            ("10", "은", "으로"),
            ("100", "은", "으로"),
            ("1000", "은", "으로"),
            ("137", "은", "로"),
            ("143", "은", "으로"),
            ("1.31", "은", "로"),
            ("1.30", "은", "으로"),
            ("1.29", "는", "로"),
            ("cron-test-27991865", "는", "로"),
        ];
        for (word, topic, toward) in table {
            assert_eq!(choose(word, "은/는"), Some(topic), "{word}");
            assert_eq!(choose(word, "으로/로"), Some(toward), "{word}");
        }
    }

    #[test]
    fn latin_letters_by_name_and_words_by_their_loanword_ending() {
        let table = [
            // Letters and acronyms: 엘, 엠, 엔, 알 close; 에이, 비, 씨, 에스, 제트 are open.
            ("L", "을", "로"),
            ("M", "을", "으로"),
            ("N", "을", "으로"),
            ("R", "을", "로"),
            ("A", "를", "로"),
            ("B", "를", "로"),
            ("S", "를", "로"),
            ("Z", "를", "로"),
            ("TTL", "을", "로"),
            ("API", "를", "로"),
            ("UTC", "를", "로"),
            ("2018-12-05T11:30:00Z", "를", "로"),
            // Words.
            ("Job", "을", "으로"),
            ("CronJob", "을", "으로"),
            ("Forbid", "를", "로"),
            ("Allow", "를", "로"),
            ("Replace", "를", "로"),
            ("hourly", "를", "로"),
            ("backup", "을", "으로"),
            ("nightly-report", "를", "로"),
            ("Asia/Seoul", "을", "로"),
            ("timezone", "을", "으로"),
            ("string", "을", "으로"),
            ("table", "을", "로"),
            ("Never", "를", "로"),
            ("OnFailure", "를", "로"),
        ];
        for (word, object, toward) in table {
            assert_eq!(choose(word, "을/를"), Some(object), "{word}");
            assert_eq!(choose(word, "으로/로"), Some(toward), "{word}");
        }
    }

    #[test]
    fn quotes_and_asides_are_looked_through() {
        assert_eq!(choose("“일시 중지와 재개”", "을/를"), Some("를"));
        assert_eq!(choose("\"0 2 * * 1-5\"", "으로/로"), Some("로"));
        assert_eq!(choose("Forbid: 밀린 실행 (seed 000)", "을/를"), Some("을"));
        assert_eq!(choose("startingDeadlineSeconds(300)", "이/가"), Some("가"));
        assert_eq!(choose("(300)", "이/가"), Some("이"));
        assert_eq!(choose("'잡'.", "과/와"), Some("과"));
    }

    #[test]
    fn every_pair_and_unreadable_endings() {
        for (pair, after_consonant, after_vowel) in [
            ("은/는", "은", "는"),
            ("을/를", "을", "를"),
            ("이/가", "이", "가"),
            ("과/와", "과", "와"),
            ("으로/로", "으로", "로"),
        ] {
            assert_eq!(choose("잡", pair), Some(after_consonant));
            assert_eq!(choose("파드", pair), Some(after_vowel));
        }
        assert_eq!(choose("*", "으로/로"), Some("로"), "별표");
        assert_eq!(choose("", "이/가"), Some("가"));
        assert_eq!(choose("잡", "의"), None, "not a pair");
    }
}
