//! A text the engine has put into words in each of the page's languages, so that the page's
//! module carries neither the facts' decoders nor the sentences and still switches language at
//! once. Below the page's protocol: the run's result and its notices say things this way too.

use crate::i18n::Lang;
use crate::timeline::explain_text::ExplainText;
use serde::{Deserialize, Serialize};

/// A text as the page shows it in each of its languages: the engine puts the trace's facts into
/// words ([`ExplainText`], [`DiffText`](super::compare::DiffText)), so the page's module
/// carries neither those types' decoders nor their sentences, and still switches language at once.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Said {
    /// The same in every language (names, times, Kubernetes' own words).
    Verbatim(String),
    /// In the order of [`Lang::ALL`].
    Words([String; 3]),
}

impl Said {
    /// Every language's words from one renderer.
    pub fn words(render: impl Fn(Lang) -> String) -> Said {
        Said::Words(Lang::ALL.map(render))
    }

    /// The text in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        match self {
            Said::Verbatim(text) => text.clone(),
            Said::Words(words) => words[lang.index()].clone(),
        }
    }

    /// Whether it reads the same in every language.
    pub fn is_verbatim(&self) -> bool {
        matches!(self, Said::Verbatim(_))
    }
}

impl From<ExplainText> for Said {
    fn from(text: ExplainText) -> Said {
        match text {
            ExplainText::Verbatim(text) => Said::Verbatim(text),
            text => Said::words(|l| text.render(l)),
        }
    }
}
