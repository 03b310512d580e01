//! What reading a manifest did without an error, kept as facts: a key written twice (kubectl's
//! YAML reader, `sigs.k8s.io/yaml` over go-yaml v2, keeps the last value without a word) and a
//! field the API server drops because its feature gate is off (`dropDisabledFields` in the pod
//! and Job strategies). `validate` prints them after `Warning:` in English; the page says them in
//! the reader's language, from the same facts.

use super::KubernetesVersion;
use crate::i18n::Sentences;
use crate::i18n::{notices::Notice, Lang};
use std::fmt;

/// One thing the reading of an object did quietly.
///
/// ```
/// use cronjob_playground::api::decode::ReadNote;
/// use cronjob_playground::i18n::Lang;
/// let note = ReadNote::DuplicateKey { path: "spec.schedule".into(), earlier_line: 6, line: 9 };
/// assert_eq!(note.to_string(), "spec.schedule: written twice (lines 6 and 9); kubectl's YAML reader keeps the last \
///     value and drops the one at line 6 without a word");
/// assert!(note.say(Lang::Ja).starts_with("spec.schedule: 2 回書かれています (6 行目と 9 行目)"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadNote {
    /// `path` written twice in YAML: the value at `earlier_line` is lost. Written twice at the
    /// top (`apiVersion`), it is two objects whose `---` was lost, and the first one vanishes.
    DuplicateKey { path: String, earlier_line: u32, line: u32 },
    /// A field of feature gate `gate` dropped by the API server: the gate is alpha (off by
    /// default) in `alpha_in`, or, with `alpha_in` `None`, switched off by the run's feature gates.
    DroppedField { path: String, gate: String, alpha_in: Option<KubernetesVersion> },
}

impl ReadNote {
    /// The note's sentence in `lang`.
    pub fn say(&self, lang: Lang) -> String {
        match self {
            ReadNote::DuplicateKey { path, earlier_line, line } => {
                let notice = if path == "apiVersion" { Notice::DuplicateObject } else { Notice::DuplicateKey };
                notice.format(lang, &[path, earlier_line, line])
            }
            ReadNote::DroppedField { path, gate, alpha_in: None } => Notice::DroppedGateOff.format(lang, &[path, gate]),
            ReadNote::DroppedField { path, gate, alpha_in: Some(version) } => {
                Notice::DroppedAlpha.format(lang, &[path, gate, version])
            }
        }
    }

    /// The page's name for the note's kind (its notices' `data-testid`).
    pub fn kind(&self) -> &'static str {
        match self {
            ReadNote::DuplicateKey { .. } => "duplicate-key",
            ReadNote::DroppedField { .. } => "dropped-field",
        }
    }
}

/// The English sentence, as `validate` prints it after `Warning:`.
impl fmt::Display for ReadNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}
