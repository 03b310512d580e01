//! [`Worded`]: a decision's words with their values, kept instead of the English text so the
//! inspector can say a rarer decision in the reader's language.

use super::{DecisionWords, Lang, Sentences};
use std::fmt;

/// Decision words with their values: the names, instants, errors and numbers written once (they
/// read the same in every language), and any part that is words itself as [`Arg::Words`]. What a
/// rarer decision keeps instead of its English text, so the inspector can say it in the reader's
/// language; its [`Display`](fmt::Display) is the English, the trace's own text.
///
/// ```
/// use cronjob_playground::i18n::decisions::{Arg, DecisionWords as W, Worded};
/// use cronjob_playground::i18n::Lang;
/// let why = Worded::new(W::KubeletRestart, [Arg::from(1), Arg::Words(Worded::new(W::KubeletFirstCrash, [])),
///     Arg::from("10s")]);
/// assert_eq!(why.to_string(),
///     "kubelet restart #1: first crash: the kubelet has no back-off entry yet, so it restarts the container at once; the next crash waits 10s");
/// assert_eq!(why.render(Lang::Ko),
///     "kubelet 재시작 #1: 첫 비정상 종료: kubelet에 아직 백오프 기록이 없으므로 컨테이너를 바로 재시작합니다. 다음 비정상 종료는 10s 기다립니다");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Worded {
    pub words: DecisionWords,
    pub args: Vec<Arg>,
}

/// A value of [`Worded`]: as written, or words in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Value(String),
    Words(Worded),
}

impl<T: fmt::Display> From<T> for Arg {
    fn from(value: T) -> Self {
        Arg::Value(value.to_string())
    }
}

impl Worded {
    pub fn new(words: DecisionWords, args: impl IntoIterator<Item = Arg>) -> Worded {
        Worded { words, args: args.into_iter().collect() }
    }

    /// The words in `lang` with their values.
    pub fn render(&self, lang: Lang) -> String {
        let args: Vec<String> = self
            .args
            .iter()
            .map(|a| match a {
                Arg::Value(v) => v.clone(),
                Arg::Words(w) => w.render(lang),
            })
            .collect();
        let args: Vec<&dyn fmt::Display> = args.iter().map(|a| a as &dyn fmt::Display).collect();
        self.words.format(lang, &args)
    }
}

impl fmt::Display for Worded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Lang::En))
    }
}
