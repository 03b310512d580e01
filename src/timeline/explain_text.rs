//! The inspector's texts as data: a fact's value, a reason's sentence or a title is either
//! verbatim (names, times, numbers, Kubernetes' own words: Event messages, error texts, condition
//! reasons) or one of the playground's own phrasings with its values (the controllers' decisions
//! among them), so the page says it in the reader's
//! language through the catalog ([`crate::i18n`]). English renders exactly as the inspector always
//! read, from the same catalog.

use super::lanes::fate_name;
use crate::i18n::Sentences;
use crate::i18n::{Lang, Msg, Told};
use crate::sim::trace::{DeletedBy, Explanation, SlotFate, SlotWhy};
use serde::{Deserialize, Serialize};

/// One text of an explanation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum ExplainText {
    /// Shown as it is in every language.
    Verbatim(String),
    /// A slot's fate: its trace name (what `data-fate` and the CLI say), in words outside English.
    Fate(SlotFate),
    /// A slot without a Job.
    NoJob,
    /// A Job with no terminal condition yet.
    JobActive,
    /// A Job's creation time and how long after its scheduled time.
    CreatedAfter { at: String, delay: String },
    /// A finish time and how long the run took.
    FinishedTook { at: String, took: String },
    /// A deletion time and who deleted.
    DeletedBy { at: String, by: DeletedBy },
    /// The kubelet restarted the container (`restart` counts from 1) after a back-off.
    Restarted { exit_code: Option<i32>, back_off_seconds: f64, restart: usize },
    /// A sidecar started before the app container, which started once it counted as started (`at`).
    SidecarStarted { name: String, at: String },
    /// The kubelet stopped a sidecar because the app container was done.
    SidecarStopped { name: String, exit_code: Option<i32> },
    /// A regular init container has not finished, so the app container never started.
    InitWaiting { name: String },
    /// Why nothing happens during a controller outage.
    ControllerDownWhy,
    /// Why nothing starts while a CronJob is suspended.
    SuspendedWhy,
    /// The title of a controller outage.
    OutageTitle,
    /// The title of a suspension band of `cron_job`.
    SuspendedTitle { cron_job: String },
    /// Why a slot met its fate, in the reader's language.
    Slot(SlotWhy),
    /// A controller's decision on a sync, in the reader's language.
    Decision(Explanation),
}

impl From<String> for ExplainText {
    fn from(text: String) -> Self {
        ExplainText::Verbatim(text)
    }
}

impl From<&str> for ExplainText {
    fn from(text: &str) -> Self {
        ExplainText::Verbatim(text.to_owned())
    }
}

impl ExplainText {
    /// The text in `lang`.
    ///
    /// ```
    /// use cronjob_playground::i18n::Lang;
    /// use cronjob_playground::timeline::explain_text::ExplainText;
    /// let took = ExplainText::FinishedTook { at: "2023-03-22T13:16:08Z".into(), took: "8s".into() };
    /// assert_eq!(took.render(Lang::En), "2023-03-22T13:16:08Z (took 8s)");
    /// assert_eq!(took.render(Lang::Ja), "2023-03-22T13:16:08Z (所要 8s)");
    /// assert_eq!(ExplainText::from("Failed (BackoffLimitExceeded)").render(Lang::Ko),
    ///     "Failed (BackoffLimitExceeded)");
    /// ```
    pub fn render(&self, lang: Lang) -> String {
        let l = lang;
        match self {
            ExplainText::Verbatim(text) => text.clone(),
            ExplainText::Fate(fate) => {
                let name = fate_name(*fate);
                match Msg::fate(&name) {
                    Some(m) if l != Lang::En => format!("{} ({name})", l.text(m)),
                    _ => name,
                }
            }
            ExplainText::NoJob => l.text(Msg::FactNoJob).to_owned(),
            ExplainText::JobActive => l.text(Msg::FactJobActive).to_owned(),
            ExplainText::CreatedAfter { at, delay } => l.format(Msg::FactCreatedAfter, &[at, delay]),
            ExplainText::FinishedTook { at, took } => l.format(Msg::FactFinishedTook, &[at, took]),
            ExplainText::DeletedBy { at, by } => l.format(Msg::FactDeletedBy, &[at, &l.text(deleter(*by))]),
            ExplainText::Restarted { exit_code, back_off_seconds, restart } => {
                let code = exit_code.map_or("?".into(), |c| c.to_string());
                Told::Restarted.format(l, &[&code, back_off_seconds, restart])
            }
            ExplainText::SidecarStarted { name, at } => Told::SidecarStarted.format(l, &[name, at]),
            ExplainText::SidecarStopped { name, exit_code } => {
                let code = exit_code.map_or("?".into(), |c| c.to_string());
                Told::SidecarStopped.format(l, &[name, &code])
            }
            ExplainText::InitWaiting { name } => Told::InitWaiting.format(l, &[name]),
            ExplainText::ControllerDownWhy => Told::ControllerDown.format(l, &[]),
            ExplainText::SuspendedWhy => Told::Suspended.format(l, &[]),
            ExplainText::OutageTitle => l.text(Msg::TitleOutage).to_owned(),
            ExplainText::SuspendedTitle { cron_job } => l.format(Msg::TitleSuspended, &[cron_job]),
            ExplainText::Slot(why) => why.render(l),
            ExplainText::Decision(why) => why.render(l),
        }
    }

    /// Whether the text is Kubernetes' (or the trace's) own, shown as it is in every language.
    pub fn is_verbatim(&self) -> bool {
        matches!(self, ExplainText::Verbatim(_))
    }
}

/// Who deleted a Job, in words (in English the trace's kebab-case name, as the inspector says it).
fn deleter(by: DeletedBy) -> Msg {
    match by {
        DeletedBy::HistoryLimit => Msg::DeletedByHistoryLimit,
        DeletedBy::Ttl => Msg::DeletedByTtl,
        DeletedBy::Replace => Msg::DeletedByReplace,
        DeletedBy::User => Msg::DeletedByUser,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_slot_fate_has_a_word_in_the_catalog() {
        for fate in SlotFate::ALL {
            let name = fate_name(fate);
            assert!(Msg::fate(&name).is_some(), "{name}");
        }
    }

    fn s(v: &str) -> String {
        v.to_owned()
    }

    /// Every phrasing with the values that must come through in every language.
    fn every_kind() -> Vec<(ExplainText, &'static str, Vec<&'static str>)> {
        let t = "2023-03-22T13:16:00Z";
        vec![
            (ExplainText::Fate(SlotFate::RanLate), "ran-late", vec!["ran-late"]),
            (ExplainText::NoJob, "none", vec![]),
            (ExplainText::JobActive, "Active", vec![]),
            (ExplainText::CreatedAfter { at: s(t), delay: s("360s") }, "2023-03-22T13:16:00Z (360s after the scheduled \
                time)", vec![t, "360s"]),
            (ExplainText::FinishedTook { at: s(t), took: s("8s") }, "2023-03-22T13:16:00Z (took 8s)", vec![t, "8s"]),
            (ExplainText::DeletedBy { at: s(t), by: DeletedBy::Ttl }, "2023-03-22T13:16:00Z by \
                ttl", vec![t, "ttl-after-finished"]),
            (ExplainText::DeletedBy { at: s(t), by: DeletedBy::HistoryLimit }, "2023-03-22T13:16:00Z by \
                history-limit", vec![t]),
            (ExplainText::DeletedBy { at: s(t), by: DeletedBy::Replace }, "2023-03-22T13:16:00Z by \
                replace", vec![t, "Replace"]),
            (ExplainText::DeletedBy { at: s(t), by: DeletedBy::User }, "2023-03-22T13:16:00Z by user", vec![t]),
            (
                ExplainText::Restarted { exit_code: Some(1), back_off_seconds: 20.0, restart: 3 },
                "Container exited with code 1; restarted after a back-off of 20s (restart 3).",
                vec!["1", "20", "3"],
            ),
            (ExplainText::Restarted { exit_code: None, back_off_seconds: 0.5, restart: 1 }, "Container exited with \
                code ?; restarted after a back-off of 0.5s (restart 1).", vec!["?", "0.5"]),
            (
                ExplainText::ControllerDownWhy,
                "No controller syncs run while kube-controller-manager is down; schedule times that pass meanwhile are \
                judged on the first sync after it returns.",
                vec!["kube-controller-manager"],
            ),
            (ExplainText::SuspendedWhy, "spec.suspend is true: the controller starts no new Jobs (running ones go \
                on).", vec!["spec.suspend", "true", "Job"]),
            (ExplainText::OutageTitle, "kube-controller-manager down", vec!["kube-controller-manager"]),
            (ExplainText::SuspendedTitle { cron_job: s("hourly") }, "hourly suspended", vec!["hourly"]),
        ]
    }

    #[test]
    fn english_reads_as_the_inspector_always_did_and_japanese_and_korean_keep_the_values() {
        for (text, english, values) in every_kind() {
            assert_eq!(text.render(Lang::En), english);
            let ja = text.render(Lang::Ja);
            let ko = text.render(Lang::Ko);
            for v in values {
                assert!(ja.contains(v) && ko.contains(v), "{v:?} missing from {ja} / {ko}");
            }
            assert!(
                ja.chars().any(|c| ('\u{3040}'..='\u{30ff}').contains(&c) || ('\u{4e00}'..='\u{9fff}').contains(&c)),
                "not Japanese: {ja}"
            );
            assert!(ko.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c)), "not Korean: {ko}");
            crate::i18n::particle::assert_no_mechanical_particle(&ko);
            for phrase in ["took", " by ", "after the", "none", "Active", "restarted", "suspended", "down"] {
                assert!(!ja.contains(phrase) && !ko.contains(phrase), "English {phrase:?} in {ja} / {ko}");
            }
        }
    }

    #[test]
    fn verbatim_texts_stay_as_they_are_and_cross_to_the_page_as_json() {
        let k8s = ExplainText::from("Job has reached the specified backoff limit");
        assert!(k8s.is_verbatim() && !ExplainText::NoJob.is_verbatim());
        assert_eq!(k8s.render(Lang::Ja), "Job has reached the specified backoff limit");
        let deleted = ExplainText::DeletedBy { at: s("T"), by: DeletedBy::Ttl };
        let json = serde_json::to_string(&deleted).unwrap();
        assert_eq!(json, r#"{"deletedBy":{"at":"T","by":"ttl"}}"#);
        assert_eq!(serde_json::from_str::<ExplainText>(&json).unwrap(), deleted);
        assert_eq!(serde_json::to_string(&ExplainText::NoJob).unwrap(), r#""noJob""#);
    }
}
