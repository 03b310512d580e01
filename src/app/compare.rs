//! Compare mode: two runs on one time axis — the same manifest under two Kubernetes releases,
//! under two concurrency policies, or before and after an edit — and what differs between them:
//! schedule slots whose fate differs or that exist in one run only, Jobs created in one run only,
//! Jobs created or finished at other times, or with another outcome.
//!
//! Slots are matched by CronJob and scheduled time; Jobs a CronJob created by CronJob and
//! scheduled time (the v1 controller names them by Unix seconds, v2 by minutes, so names differ
//! between releases), other Jobs by name.
//!
//! ```
//! use cronjob_playground::app::compare::{compare, variant, Variant};
//! let text = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: m, creationTimestamp: '2020-06-01T08:29:30Z'}\n\
//!     spec:\n  schedule: '* * * * *'\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          \
//!     restartPolicy: OnFailure\n          containers: [{name: c, image: busybox}]\n---\nkind: Simulation\n\
//!     apiVersion: playground.cronjob.dev/v1alpha1\nspec:\n  kubernetesVersion: '1.28'\n  duration: 2h\n  \
//!     events: [{at: '2020-06-01T08:29:40Z', controllerDown: {until: '2020-06-01T10:21:00Z'}}]\n";
//! let old = variant(text, &Variant::Version("1.20".parse().unwrap())).unwrap();
//! let a = cronjob_playground::sim::simulate(text, None).unwrap();
//! let b = cronjob_playground::sim::simulate(&old, None).unwrap();
//! let diff = compare(&a, &b);
//! // 1.28 runs the latest missed minute at 10:21; 1.20 starts nothing after the outage.
//! assert!(diff.differences.iter().any(|d| d.kind.name() == "slot-fate" && d.text.contains("10:21:00Z")));
//! ```

use crate::api::load::load_manifest;
use crate::api::yaml::SyntaxError;
use crate::api::{ConcurrencyPolicy, KubernetesVersion};
use crate::i18n::{Lang, Msg};
use crate::sim::trace::{format_time, JobRecord, SlotFate, SlotRecord, Time, Trace};
use crate::timeline::lanes::fate_name;
use chrono::TimeDelta;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// What the second run changes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Variant {
    /// Another release (CronJobs move between `batch/v1beta1` and `batch/v1` as that release serves them).
    Version(KubernetesVersion),
    /// Every CronJob with this `concurrencyPolicy`.
    Policy(ConcurrencyPolicy),
}

/// `text` with the variant applied, as a stream of JSON documents (comments are not kept: the
/// second run is only simulated, never edited).
pub fn variant(text: &str, variant: &Variant) -> Result<String, SyntaxError> {
    let loaded = read_documents(text)?;
    let mut docs: Vec<Value> = loaded.objects.iter().map(|o| o.json()).collect();
    match variant {
        Variant::Version(v) => {
            let served = if v.at_least(21) { "batch/v1" } else { "batch/v1beta1" };
            let mut has_simulation = false;
            for d in docs.iter_mut() {
                match d.get("kind").and_then(Value::as_str) {
                    Some("CronJob")
                        if d["apiVersion"].as_str().is_some_and(|a| a.starts_with("batch/"))
                            && (v.at_least(25) || !v.at_least(21)) =>
                    {
                        d["apiVersion"] = json!(served)
                    }
                    Some("Simulation") => {
                        has_simulation = true;
                        if !d.get("spec").is_some_and(Value::is_object) {
                            d["spec"] = json!({});
                        }
                        d["spec"]["kubernetesVersion"] = json!(v.to_string());
                    }
                    _ => {}
                }
            }
            if !has_simulation {
                docs.push(json!({"apiVersion": crate::sim::scenario::API_VERSION, "kind": "Simulation",
                    "spec": {"kubernetesVersion": v.to_string()}}));
            }
        }
        Variant::Policy(p) => {
            for d in docs.iter_mut().filter(|d| d.get("kind").and_then(Value::as_str) == Some("CronJob")) {
                if !d.get("spec").is_some_and(Value::is_object) {
                    d["spec"] = json!({});
                }
                d["spec"]["concurrencyPolicy"] = serde_json::to_value(p).expect("policies serialize");
            }
        }
    }
    Ok(write_documents(&docs))
}

/// The objects of `text` for a rewrite of it, or its first syntax error.
pub(crate) fn read_documents(text: &str) -> Result<crate::api::load::Manifest, SyntaxError> {
    let loaded = load_manifest(text);
    match loaded.errors.first() {
        Some(e) => Err(e.clone()),
        None => Ok(loaded),
    }
}

/// Rewritten documents as a stream of JSON documents, which the loader reads back.
pub(crate) fn write_documents(docs: &[Value]) -> String {
    docs.iter().map(|d| serde_json::to_string(d).expect("JSON serializes")).collect::<Vec<_>>().join("\n---\n") + "\n"
}

/// What kind of difference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DiffKind {
    /// A slot of both runs whose fate differs.
    SlotFate,
    /// A slot only one run has (another schedule, another horizon).
    SlotOnly,
    /// A Job only one run created.
    JobOnly,
    /// The same Job created or finished at another time.
    JobShift,
    /// The same Job ended differently.
    JobOutcome,
}

impl DiffKind {
    /// Stable kebab-case name (`data-kind` on the page).
    pub fn name(self) -> &'static str {
        match self {
            DiffKind::SlotFate => "slot-fate",
            DiffKind::SlotOnly => "slot-only",
            DiffKind::JobOnly => "job-only",
            DiffKind::JobShift => "job-shift",
            DiffKind::JobOutcome => "job-outcome",
        }
    }
}

/// One difference, at the instant it is drawn.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Difference {
    pub kind: DiffKind,
    #[serde(with = "crate::sim::trace::rfc3339")]
    pub at: Time,
    pub cron_job: Option<String>,
    /// How it reads.
    pub text: String,
    /// The same as data, for the page to say in the reader's language.
    #[serde(skip)]
    pub said: DiffText,
}

/// A slot's fate (its kebab-case name) and the Job it made, if any.
pub type FateOf = (String, Option<String>);

/// A difference's sentence as data; times, names and Kubernetes' conditions stay values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiffText {
    SlotFate {
        cron_job: String,
        slot: String,
        a: FateOf,
        b: FateOf,
    },
    SlotOnly {
        cron_job: String,
        slot: String,
        in_a: bool,
        fate: FateOf,
    },
    JobOnly {
        job: String,
        in_a: bool,
        created: String,
    },
    /// (A, B, B − A) of the creation and of the finish, where they differ.
    JobShift {
        names: String,
        created: Option<(String, String, String)>,
        finished: Option<(String, String, String)>,
    },
    /// Each run's ending: a Job condition (Kubernetes' words), or `None` with whether it was deleted while running.
    JobOutcome {
        names: String,
        a: JobEnding,
        b: JobEnding,
    },
}

/// How a Job ended in one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JobEnding {
    /// A condition and its reason, as Kubernetes writes them (`Complete`, `Failed (BackoffLimitExceeded)`).
    Condition(String),
    DeletedWhileRunning,
    StillRunning,
}

impl DiffText {
    /// The sentence in `lang`.
    ///
    /// ```
    /// use cronjob_playground::i18n::Lang;
    /// use cronjob_playground::app::compare::DiffText;
    /// let d = DiffText::JobOnly { job: "j-1".into(), in_a: false, created: "2024-01-01T00:00:00Z".into() };
    /// assert_eq!(d.render(Lang::En), "Job j-1 only in B, created 2024-01-01T00:00:00Z");
    /// assert_eq!(d.render(Lang::Ja), "Job j-1 は B のみ (作成 2024-01-01T00:00:00Z)");
    /// assert_eq!(d.render(Lang::Ko), "잡 j-1은 B에만 있음 (생성 2024-01-01T00:00:00Z)");
    /// ```
    pub fn render(&self, l: Lang) -> String {
        let fate = |(name, job): &FateOf| {
            // English keeps the trace's kebab-case name (the CLI's text); the others say it in words.
            let name =
                Msg::fate(name).filter(|_| l != Lang::En).map(|m| l.text(m).to_owned()).unwrap_or_else(|| name.clone());
            match job {
                Some(job) => format!("{name} ({job})"),
                None => name,
            }
        };
        let outcome = |o: &JobEnding| match o {
            JobEnding::Condition(c) => c.clone(),
            JobEnding::DeletedWhileRunning => l.text(Msg::DiffDeletedWhileRunning).to_owned(),
            JobEnding::StillRunning => l.text(Msg::DiffStillRunning).to_owned(),
        };
        match self {
            DiffText::SlotFate { cron_job, slot, a, b } => {
                l.format(Msg::DiffSlotFate, &[cron_job, slot, &fate(a), &fate(b)])
            }
            DiffText::SlotOnly { cron_job, slot, in_a, fate: f } => {
                l.format(if *in_a { Msg::DiffSlotOnlyA } else { Msg::DiffSlotOnlyB }, &[cron_job, slot, &fate(f)])
            }
            DiffText::JobOnly { job, in_a, created } => {
                l.format(if *in_a { Msg::DiffJobOnlyA } else { Msg::DiffJobOnlyB }, &[job, created])
            }
            DiffText::JobShift { names, created, finished } => {
                let parts: Vec<String> = [(Msg::DiffCreated, created), (Msg::DiffFinished, finished)]
                    .into_iter()
                    .filter_map(|(m, t)| t.as_ref().map(|(a, b, d)| l.format(m, &[a, b, d])))
                    .collect();
                l.format(Msg::DiffJobShift, &[names, &parts.join(l.text(Msg::DiffPartSeparator))])
            }
            DiffText::JobOutcome { names, a, b } => l.format(Msg::DiffJobOutcome, &[names, &outcome(a), &outcome(b)]),
        }
    }
}

impl Difference {
    fn new(kind: DiffKind, at: Time, cron_job: Option<String>, said: DiffText) -> Difference {
        Difference { kind, at, cron_job, text: said.render(Lang::En), said }
    }
}

/// Counts of each run, for the headline.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RunSummary {
    pub jobs: usize,
    pub ran: usize,
    pub not_run: usize,
    pub failed_jobs: usize,
}

/// The differences between run A and run B, in time order.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Comparison {
    pub a: RunSummary,
    pub b: RunSummary,
    pub differences: Vec<Difference>,
}

fn summary(t: &Trace) -> RunSummary {
    let ran = t.slots.iter().filter(|s| matches!(s.fate, SlotFate::RanOnTime | SlotFate::RanLate)).count();
    RunSummary {
        jobs: t.jobs.len(),
        ran,
        not_run: t.slots.iter().filter(|s| s.fate != SlotFate::Pending).count() - ran,
        failed_jobs: t
            .jobs
            .iter()
            .filter(|j| j.condition == Some(crate::sim::trace::FinishedCondition::Failed))
            .count(),
    }
}

/// The key a Job is matched by across runs.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum JobKey {
    Scheduled(String, Time),
    Named(String),
}

fn job_key(j: &JobRecord) -> JobKey {
    match (&j.cron_job, j.scheduled_time) {
        (Some(c), Some(t)) => JobKey::Scheduled(c.to_string(), t),
        _ => JobKey::Named(j.name.to_string()),
    }
}

fn fate_of(s: &SlotRecord) -> FateOf {
    (fate_name(s.fate), s.job.as_deref().map(str::to_string))
}

fn signed(d: TimeDelta) -> String {
    let ms = d.num_milliseconds();
    let (sign, ms) = if ms < 0 { ("-", -ms) } else { ("+", ms) };
    if ms % 1000 == 0 {
        format!("{sign}{}s", ms / 1000)
    } else {
        format!("{sign}{}.{:03}s", ms / 1000, ms % 1000)
    }
}

fn outcome(j: &JobRecord) -> JobEnding {
    match (j.condition, &j.reason) {
        (Some(c), Some(r)) => JobEnding::Condition(format!("{c:?} ({r})")),
        (Some(c), None) => JobEnding::Condition(format!("{c:?}")),
        (None, _) if j.deleted_at.is_some() => JobEnding::DeletedWhileRunning,
        (None, _) => JobEnding::StillRunning,
    }
}

/// The differences between two runs of (variants of) one manifest.
pub fn compare(a: &Trace, b: &Trace) -> Comparison {
    let mut out = Comparison { a: summary(a), b: summary(b), differences: vec![] };
    let slots = |t: &Trace| -> BTreeMap<(String, Time), SlotRecord> {
        t.slots.iter().map(|s| ((s.cron_job.to_string(), s.scheduled_time), s.clone())).collect()
    };
    let (sa, sb) = (slots(a), slots(b));
    for (key, s) in &sa {
        match sb.get(key) {
            Some(o) if o.fate != s.fate => out.differences.push(Difference::new(
                DiffKind::SlotFate,
                key.1,
                Some(key.0.clone()),
                DiffText::SlotFate { cron_job: key.0.clone(), slot: format_time(&key.1), a: fate_of(s), b: fate_of(o) },
            )),
            Some(_) => {}
            None => out.differences.push(Difference::new(
                DiffKind::SlotOnly,
                key.1,
                Some(key.0.clone()),
                DiffText::SlotOnly { cron_job: key.0.clone(), slot: format_time(&key.1), in_a: true, fate: fate_of(s) },
            )),
        }
    }
    for (key, s) in sb.iter().filter(|(k, _)| !sa.contains_key(*k)) {
        out.differences.push(Difference::new(
            DiffKind::SlotOnly,
            key.1,
            Some(key.0.clone()),
            DiffText::SlotOnly { cron_job: key.0.clone(), slot: format_time(&key.1), in_a: false, fate: fate_of(s) },
        ));
    }
    let jobs = |t: &Trace| -> BTreeMap<JobKey, JobRecord> { t.jobs.iter().map(|j| (job_key(j), j.clone())).collect() };
    let (ja, jb) = (jobs(a), jobs(b));
    for (key, j) in &ja {
        let Some(o) = jb.get(key) else {
            out.differences.push(Difference::new(
                DiffKind::JobOnly,
                j.created_at,
                j.cron_job.as_deref().map(str::to_owned),
                DiffText::JobOnly { job: j.name.to_string(), in_a: true, created: format_time(&j.created_at) },
            ));
            continue;
        };
        let created = (o.created_at != j.created_at)
            .then(|| (format_time(&j.created_at), format_time(&o.created_at), signed(o.created_at - j.created_at)));
        let finished = match (j.finished_at, o.finished_at) {
            (Some(fa), Some(fb)) if fa != fb => Some((format_time(&fa), format_time(&fb), signed(fb - fa))),
            _ => None,
        };
        if created.is_some() || finished.is_some() {
            out.differences.push(Difference::new(
                DiffKind::JobShift,
                j.created_at.min(o.created_at),
                j.cron_job.as_deref().map(str::to_owned),
                DiffText::JobShift { names: names(j, o), created, finished },
            ));
        }
        if outcome(j) != outcome(o) {
            out.differences.push(Difference::new(
                DiffKind::JobOutcome,
                j.finished_at.or(o.finished_at).unwrap_or(j.created_at),
                j.cron_job.as_deref().map(str::to_owned),
                DiffText::JobOutcome { names: names(j, o), a: outcome(j), b: outcome(o) },
            ));
        }
    }
    for j in jb.iter().filter(|(k, _)| !ja.contains_key(*k)).map(|(_, j)| j) {
        out.differences.push(Difference::new(
            DiffKind::JobOnly,
            j.created_at,
            j.cron_job.as_deref().map(str::to_owned),
            DiffText::JobOnly { job: j.name.to_string(), in_a: false, created: format_time(&j.created_at) },
        ));
    }
    out.differences.sort_by(|x, y| (x.at, x.kind, &x.text).cmp(&(y.at, y.kind, &y.text)));
    out
}

fn names(a: &JobRecord, b: &JobRecord) -> String {
    if a.name == b.name {
        a.name.to_string()
    } else {
        format!("{} (B: {})", a.name, b.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::simulate;

    const SEED_001: &str = include_str!("../../scenarios/too-many-missed-v1/scenario.yaml");
    const SEED_000: &str = include_str!("../../scenarios/forbid-catch-up/scenario.yaml");

    #[test]
    fn seed_001_under_1_18_and_1_28_differs_after_the_outage() {
        let a = simulate(SEED_001, None).unwrap();
        let b = simulate(&variant(SEED_001, &Variant::Version("1.28".parse().unwrap())).unwrap(), None).unwrap();
        assert_eq!(a.kubernetes_version.to_string(), "1.18");
        assert_eq!(b.kubernetes_version.to_string(), "1.28");
        let diff = compare(&a, &b);
        let texts: Vec<&str> = diff.differences.iter().map(|d| d.text.as_str()).collect();
        // After the outage v1 refuses every minute (more than 100 missed since creation) while v2
        // warns and runs the minute it wakes at, 10:21, and every minute after.
        assert_eq!(
            texts[..3],
            [
                "every-minute slot 2020-06-01T10:21:00Z: A too-many-missed, B ran-on-time (every-minute-26516781)",
                "Job every-minute-26516781 only in B, created 2020-06-01T10:21:00Z",
                "every-minute slot 2020-06-01T10:22:00Z: A too-many-missed, B ran-on-time (every-minute-26516782)",
            ]
        );
        assert_eq!(texts.len(), 8);
        assert_eq!((diff.a.jobs, diff.b.jobs), (0, 4));
        // The same run compared with itself has no differences.
        assert_eq!(compare(&a, &a).differences, vec![]);
    }

    #[test]
    fn forbid_against_allow_shows_the_late_runs_and_shifted_jobs() {
        let a = simulate(SEED_000, None).unwrap();
        let b = simulate(&variant(SEED_000, &Variant::Policy(ConcurrencyPolicy::Allow)).unwrap(), None).unwrap();
        let diff = compare(&a, &b);
        let texts: Vec<&str> = diff.differences.iter().map(|d| d.text.as_str()).collect();
        // The v1 controller (1.13) polls every 10 s: Forbid held 11:00 until the 10:00 Job ended at 11:30.
        assert_eq!(texts[..2], [
            "hourly slot 2018-12-05T11:00:00Z: A ran-late (hourly-1544007600), B ran-on-time (hourly-1544007600)",
            "Job hourly-1544007600: created 2018-12-05T11:30:10Z in A, 2018-12-05T11:00:00Z in B (-1810s); finished \
            2018-12-05T12:00:10Z in A, 2018-12-05T11:30:00Z in B (-1810s)",
        ]);
        assert_eq!(
            diff.differences.iter().map(|d| d.kind.name()).collect::<Vec<_>>(),
            ["slot-fate", "job-shift", "slot-fate", "job-shift"]
        );
        assert!(diff.differences.iter().all(|d| d.cron_job.as_deref() == Some("hourly")));
    }

    #[test]
    fn the_version_variant_moves_cronjobs_to_the_served_api_version() {
        let text = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: a}\nspec: {schedule: '* * * * *'}\n";
        let old = variant(text, &Variant::Version("1.20".parse().unwrap())).unwrap();
        assert_eq!(
            old,
            "{\"apiVersion\":\"batch/v1beta1\",\"kind\":\"CronJob\",\"metadata\":{\"name\":\"a\"},\"spec\":{\"schedule\":\"* * * * *\"}}\n---\n\
            {\"apiVersion\":\"playground.cronjob.dev/v1alpha1\",\"kind\":\"Simulation\",\"spec\":{\"kubernetesVersion\":\"1.20\"}}\n"
        );
        // 1.21–1.24 serve both: the manifest's choice stays.
        assert!(variant(text, &Variant::Version("1.22".parse().unwrap()))
            .unwrap()
            .starts_with("{\"apiVersion\":\"batch/v1\""));
        assert_eq!(
            variant("a: [", &Variant::Policy(ConcurrencyPolicy::Forbid)).unwrap_err().to_string(),
            "2:1: while parsing a node, did not find expected node content"
        );
    }

    #[test]
    fn differences_read_in_japanese_and_korean_with_their_values() {
        let shift = DiffText::JobShift {
            names: "hourly-1".into(),
            created: Some(("2018-12-05T11:30:10Z".into(), "2018-12-05T11:00:00Z".into(), "-1810s".into())),
            finished: None,
        };
        assert_eq!(
            shift.render(Lang::Ja),
            "Job hourly-1: 作成は A で 2018-12-05T11:30:10Z、B で 2018-12-05T11:00:00Z (-1810s)"
        );
        assert_eq!(
            shift.render(Lang::Ko),
            "잡 hourly-1: 생성은 A에서 2018-12-05T11:30:10Z, B에서 2018-12-05T11:00:00Z (-1810s)"
        );
        let fate = DiffText::SlotFate {
            cron_job: "hourly".into(),
            slot: "T".into(),
            a: ("ran-late".into(), Some("j".into())),
            b: ("too-many-missed".into(), None),
        };
        assert_eq!(fate.render(Lang::En), "hourly slot T: A ran-late (j), B too-many-missed");
        assert!(fate.render(Lang::Ja).starts_with("hourly のスケジュール時刻 T: A は "), "{}", fate.render(Lang::Ja));
        assert!(!fate.render(Lang::Ko).contains("ran-late"), "{}", fate.render(Lang::Ko));
        let outcome = DiffText::JobOutcome {
            names: "j".into(),
            a: JobEnding::Condition("Failed (BackoffLimitExceeded)".into()),
            b: JobEnding::StillRunning,
        };
        assert_eq!(outcome.render(Lang::Ko), "잡 j: A는 Failed (BackoffLimitExceeded), B는 아직 실행 중");
        // The particle follows the Job's name as Korean reads it: 일, 이.
        let only = |job: &str| DiffText::JobOnly { job: job.into(), in_a: true, created: "T".into() }.render(Lang::Ko);
        assert_eq!(
            [only("hourly-28000001"), only("hourly-28000002")],
            ["잡 hourly-28000001은 A에만 있음 (생성 T)", "잡 hourly-28000002는 A에만 있음 (생성 T)"]
        );
    }
}
