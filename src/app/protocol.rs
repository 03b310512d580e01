//! The page's internal protocol with its engine (the simulation worker, or the page itself in the
//! component tests): runs, and the inspector's questions about the last run. A run's answer is
//! everything the timeline and the `kubectl get` tables need at once — the trace without its
//! decision history (`syncs`) and its Events (together nine tenths of a long run's JSON; the
//! Event times come along for the clock); the engine keeps them and answers from them when the
//! inspector explains an item or shows the Events or the controllers' log.
//! A run's answer crosses as bytes of its own shape ([`encode_ran`]): its small parts in bincode,
//! the trace, its cluster record and the Simulation document packed (`app::packed`,
//! `app::packed_scenario`) and the Event times as numbers, so neither side spends a
//! keystroke's time writing and parsing instants as text. Every other answer, and every request,
//! is bincode ([`encode_answer`], [`encode_request`]): fields in declaration order, no names, so
//! the page's module holds no JSON decoder for any of them (a derived JSON decoder matches field
//! names and skips unknown values; a bincode one reads fields in order, a fraction of the code).
//! This is not the JS API: `simulate` there still returns the whole trace.

use super::cluster::ask::{ClusterAnswer, ClusterAsk};
use super::cluster::view::{ClusterRefused, ClusterView};
use super::cluster::whatif::{view::WhatIfView, WhatIf};
use super::compare::{DiffKind, RunSummary, Variant};
use super::finding_text::SentencePart;
use super::lint::{CronJobLint, Finding, LintReport, Severity, TooManyCronJobs};
use super::packed::{pack, PackError, Reader, Unpacking, Writer};
use super::packed_scenario::{pack_cluster, pack_simulation, unpack_cluster, unpack_simulation};
use super::run::RunResult;
pub use super::said::Said;
use crate::api::KubernetesVersion;
use crate::i18n::pack::Pack;
use crate::i18n::Lang;
use crate::sim::trace::{ObjectKind, Time};
use crate::timeline::explain::{Inspection, Reason};
use crate::timeline::kubectl::Table;
use serde::{Deserialize, Serialize};

/// A question to the engine (bincode bytes on the wire: [`encode_request`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// Simulate `text`; a newer `Run` cancels this one if it has not finished.
    Run { id: u64, text: String },
    /// Explain `item` (an [`ItemRef`](crate::timeline::ItemRef) in its `data-item` form) of run `run`.
    Explain { run: u64, item: String },
    /// The controllers' last `limit` log lines of run `run` up to `at`.
    Logs { run: u64, at: Time, limit: usize },
    /// The Events of run `run` up to `at` (about `object` only, when given), aggregated.
    Events { run: u64, at: Time, object: Option<(ObjectKind, String)> },
    /// Lint the CronJobs in `text`, one per slice; a newer `Lint` or a `CancelLint` drops it.
    Lint { id: u64, text: String, options: LintAsk },
    /// Stop lint `id` (a no-op when it has finished).
    CancelLint { id: u64 },
    /// Stop run `id` (a `Run` or a `Compare`, queued or going; a no-op when it has finished):
    /// no answer comes for it, and the engine keeps the run it answered last.
    Cancel { id: u64 },
    /// Simulate text `a` changed as `b` says (compare mode's run B, answered like a `Run`), then
    /// compare it with `a`'s run (answered by `Compared`).
    Compare { id: u64, a: String, b: CompareWith },
    /// A file of run `run` to download (answered by `Download`).
    Export { run: u64, what: ExportKind },
    /// The interface's words in language `lang` (its code), which the page's module does not
    /// carry (answered by `Words`, at once, with or without a run).
    Words { lang: String },
    /// Simulate every CronJob of `text` together (`app::cluster`), answered by `Clustered`.
    Cluster { id: u64, text: String },
    /// Open CronJob `name` of `namespace` from cluster run `cluster` (the last the engine
    /// finished) as run `id`: its part of the namespace's trace, answered by `Ran` as a run of
    /// its own (so the inspector's questions name `id`), with an error when that run is no
    /// longer kept or has no such CronJob.
    Open { id: u64, cluster: u64, namespace: String, name: String },
    /// Which rows of cluster run `run` the page's filter keeps, and what its window finds
    /// (`app::cluster::ask`), answered by `ClusterAnswered` from the run the engine keeps (no
    /// answer once a newer run or cluster run has dropped it).
    ClusterAsk { run: u64, ask: ClusterAsk },
    /// Run `text` (the text of cluster run `run`, which the engine keeps) again changed as `what`
    /// says over the same window (`app::cluster::whatif`), stepped like a cluster run (a `Cancel`
    /// of `run` drops it, the kept run stays), and compare it with the kept run: answered by
    /// `WhatIfRan`.
    ClusterWhatIf { run: u64, text: String, what: WhatIf },
}

/// A [`LintReport`] as it crosses to the page: each finding's sentence already in words, in each of
/// the page's languages (as [`Said`] does for explanations).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LintReportView {
    pub kubernetes_version: KubernetesVersion,
    pub at: String,
    pub cron_jobs: Vec<CronJobLintView>,
    pub errors: Vec<String>,
}

/// A [`CronJobLint`] as it crosses to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CronJobLintView {
    pub namespace: String,
    pub name: String,
    pub schedule: String,
    pub findings: Vec<FindingView>,
}

/// A [`Finding`] as it crosses to the page: its sentence in pieces
/// ([`FindingText::parts`](super::finding_text::FindingText::parts)) per language.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FindingView {
    pub rule: String,
    pub severity: Severity,
    /// The English sentence, for a finding without pieces.
    pub message: String,
    /// In the order of [`Lang::ALL`].
    pub parts: [Option<Vec<SentencePart>>; 3],
    /// Manifest + Simulation document that reproduce it in the playground.
    pub playground: String,
}

impl FindingView {
    /// The sentence in `lang`, in pieces (`None`: say `message`).
    pub fn parts(&self, lang: Lang) -> Option<&[SentencePart]> {
        self.parts[lang.index()].as_deref()
    }
}

impl From<Finding> for FindingView {
    fn from(f: Finding) -> Self {
        FindingView {
            rule: f.rule.to_string(),
            severity: f.severity,
            parts: Lang::ALL.map(|l| f.text.parts(l)),
            message: f.message,
            playground: f.playground,
        }
    }
}

impl From<CronJobLint> for CronJobLintView {
    fn from(c: CronJobLint) -> Self {
        CronJobLintView {
            namespace: c.namespace,
            name: c.name,
            schedule: c.schedule,
            findings: c.findings.into_iter().map(Into::into).collect(),
        }
    }
}

impl From<LintReport> for LintReportView {
    fn from(r: LintReport) -> Self {
        LintReportView {
            kubernetes_version: r.kubernetes_version,
            at: r.at,
            cron_jobs: r.cron_jobs.into_iter().map(Into::into).collect(),
            errors: r.errors,
        }
    }
}

/// A lint's options as the page sends them
/// ([`LintOptions`](super::lint::LintOptions) with the zone by name: the page's module
/// has no zone table, the engine looks the name up).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LintAsk {
    pub version: KubernetesVersion,
    pub at: Time,
    pub controller_time_zone: String,
}

/// Why a lint did not run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LintRefused {
    TooMany(TooManyCronJobs),
    /// No zone has this name.
    UnknownZone(String),
}

/// What compare mode's run B is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum CompareWith {
    /// Run A's text with a change.
    Variant(Variant),
    /// Another text (the kept one).
    Text(String),
}

/// What to export of a run.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum ExportKind {
    /// The whole trace as JSON (what `cronjob-playground simulate --output json` prints).
    Trace,
    /// The world at `at` as YAML (`app::snapshot`).
    State { at: Time },
}

/// The engine's answer (bincode bytes on the wire: [`encode_answer`]). Its instants are written and read as the trace's
/// (`sim::trace::rfc3339`), so the page's module carries one time parser, not chrono's general one.
/// `R` is the run's result: borrowed when the engine encodes it, owned when the page decodes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer<R> {
    /// Run `id` finished in `ms` milliseconds of engine time; `result` has no `syncs`.
    Ran { id: u64, ms: f64, result: R },
    /// The explanation of `item` in run `run` (`None` when the run has no such item).
    Explained { run: u64, item: String, explanation: Option<InspectionView> },
    /// The log lines of run `run` up to `at`.
    Logs {
        run: u64,
        #[serde(with = "crate::sim::trace::rfc3339")]
        at: Time,
        lines: Vec<String>,
    },
    /// The Events table of run `run` at `at` for `object`.
    Events {
        run: u64,
        #[serde(with = "crate::sim::trace::rfc3339")]
        at: Time,
        object: Option<(ObjectKind, String)>,
        table: TableView,
    },
    /// Lint `id` has probed `done` of `total` CronJobs, `probed` the latest of them (so the page
    /// shows each CronJob's findings as its probe ends); `outcome` comes with the last message
    /// (at once, and with no progress, when the input holds too many CronJobs).
    Linted {
        id: u64,
        done: usize,
        total: usize,
        probed: Option<CronJobLintView>,
        outcome: Option<Result<LintReportView, LintRefused>>,
    },
    /// Compare run `id` (run B) against its run A.
    Compared { id: u64, comparison: ComparisonView },
    /// A file for the browser to save.
    Download { name: String, mime: String, text: String },
    /// Run `id` (a `Run` or a `Compare`, still going) has simulated `fraction` (0..=1) of its
    /// horizon; the worker says so at most every 50 ms while it steps a run.
    Progress { id: u64, fraction: f64 },
    /// The words of a language (see [`Pack`]).
    Words(Pack),
    /// Cluster run `id` has simulated `done` of `total` namespaces; `outcome` comes last.
    Clustered { id: u64, done: usize, total: usize, outcome: Option<Result<ClusterView, ClusterRefused>> },
    /// The answer to `ask` about cluster run `run`.
    ClusterAnswered { run: u64, ask: ClusterAsk, answer: ClusterAnswer },
    /// What-if of cluster run `run`: namespaces done of all while it runs, then its comparison
    /// with the run, or why there is none (in words).
    WhatIfRan { run: u64, done: usize, total: usize, outcome: Option<Result<WhatIfView, String>> },
}

/// A [`Comparison`](super::compare::Comparison) as it crosses to the page: the
/// differences as data, for the page to say in the reader's language.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ComparisonView {
    pub a: RunSummary,
    pub b: RunSummary,
    pub differences: Vec<DifferenceView>,
}

/// One difference: its kind, the instant it is drawn at, and its sentence.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DifferenceView {
    pub kind: DiffKind,
    #[serde(with = "crate::sim::trace::rfc3339")]
    pub at: Time,
    pub said: Said,
}

impl From<&super::compare::Difference> for DifferenceView {
    fn from(d: &super::compare::Difference) -> Self {
        DifferenceView { kind: d.kind, at: d.at, said: Said::words(|l| d.said.render(l)) }
    }
}

impl From<super::compare::Comparison> for ComparisonView {
    fn from(c: super::compare::Comparison) -> Self {
        ComparisonView {
            a: c.a,
            b: c.b,
            differences: c.differences.into_iter().map(|d| DifferenceView::from(&d)).collect(),
        }
    }
}

/// A `kubectl`-style table as it crosses to the page (rows name their item in `data-item` form).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TableView {
    pub headers: Vec<String>,
    pub rows: Vec<(Option<String>, Vec<String>)>,
}

impl From<Table> for TableView {
    fn from(t: Table) -> Self {
        TableView {
            headers: t.headers.into_iter().map(str::to_owned).collect(),
            rows: t.rows.into_iter().map(|(item, cells)| (item.map(|i| i.to_string()), cells)).collect(),
        }
    }
}

/// What the page decodes.
pub type PageAnswer = Answer<RunResult>;

/// The worker's first message, once it listens.
pub const READY: &str = "ready";

/// The first byte of a run's answer.
const RAN: u8 = 0;
/// The first byte of every other answer.
const OTHER: u8 = 1;

/// Encodes `Answer::Ran { id, ms, result }` (the result's trace without `syncs` and `events`,
/// which are not sent) into `out`: the tag, that answer in bincode without the trace and the
/// Simulation document (the same code as every other answer), the Simulation document
/// packed, the Event times, then the trace packed and its cluster record packed.
pub fn encode_ran(id: u64, ms: f64, result: &RunResult, out: &mut Vec<u8>) {
    out.push(RAN);
    Writer::new(out).bytes(&bincode::serialize(&Answer::Ran { id, ms, result }).unwrap_or_default());
    pack_simulation(&result.simulation, out);
    let mut w = Writer::new(out);
    w.len(result.event_times.len());
    for t in &result.event_times {
        w.i64(*t);
    }
    w.u8(u8::from(result.trace.is_some()));
    if let Some(t) = &result.trace {
        pack(t, out);
        pack_cluster(&t.cluster, out);
    }
}

/// Encodes an answer that is not a run's (a run's is [`encode_ran`]).
pub fn encode_answer<R: Serialize>(answer: &Answer<R>) -> Vec<u8> {
    let mut out = vec![OTHER];
    // Writing to a Vec fails only for types serde cannot write, and every answer's can be.
    let _ = bincode::serialize_into(&mut out, answer);
    out
}

/// Encodes a request for the engine.
pub fn encode_request(request: &Request) -> Vec<u8> {
    bincode::serialize(request).unwrap_or_default()
}

/// Decodes a request (`None`: not one, which only a mismatched build sends).
pub fn decode_request(bytes: &[u8]) -> Option<Request> {
    bincode::deserialize(bytes).ok()
}

/// Why bytes from the engine are not an answer (only a mismatched or broken build garbles one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GarbledAnswer {
    /// Not the bincode of an answer (bincode's reason).
    Encoded(String),
    /// A run's answer whose packed part does not read.
    Packed(PackError),
}

impl std::fmt::Display for GarbledAnswer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GarbledAnswer::Encoded(why) => f.write_str(why),
            GarbledAnswer::Packed(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for GarbledAnswer {}

/// Bincode bytes as an answer.
fn answer(bytes: &[u8]) -> Result<PageAnswer, GarbledAnswer> {
    bincode::deserialize(bytes).map_err(|e| GarbledAnswer::Encoded(e.to_string()))
}

/// Decodes an answer: a run's (see [`encode_ran`]) or any other ([`encode_answer`]).
pub fn decode(bytes: &[u8]) -> Result<PageAnswer, GarbledAnswer> {
    match start_decoding(bytes.to_vec())? {
        Decoding::Whole(answer) => Ok(*answer),
        Decoding::Run(mut run) => {
            while !run.step(usize::MAX)? {}
            Ok(run.finish())
        }
    }
}

/// An answer as it starts to read: whole, or a run's whose trace reads in slices.
#[derive(Debug)]
pub enum Decoding {
    Whole(Box<PageAnswer>),
    Run(Box<RunDecoding>),
}

/// A run's answer whose trace is being read, a number of records at a time
/// ([`Unpacking`]): the page reads a long run's answer over several short tasks.
#[derive(Debug)]
pub struct RunDecoding {
    bytes: Vec<u8>,
    /// Where the next step reads, counted from the byte after the answer's tag.
    at: usize,
    answer: PageAnswer,
    trace: Option<Unpacking>,
}

/// Starts decoding an answer: all of any other answer, and of a run's all but its trace's Jobs,
/// Pods and slots (which [`RunDecoding::step`] reads).
pub fn start_decoding(bytes: Vec<u8>) -> Result<Decoding, GarbledAnswer> {
    match bytes.first() {
        Some(&OTHER) => return answer(&bytes[1..]).map(|a| Decoding::Whole(Box::new(a))),
        Some(&RAN) => {}
        _ => return Err(GarbledAnswer::Encoded("not an answer".into())),
    }
    let head = |bytes: &[u8]| -> Result<(PageAnswer, Option<Unpacking>, usize), PackError> {
        let mut r = Reader::new(bytes);
        let Ok(mut answer) = answer(r.bytes()?) else { return Err(PackError { what: "answer", at: 1 }) };
        let mut trace = None;
        if let Answer::Ran { result, .. } = &mut answer {
            result.simulation = unpack_simulation(&mut r)?;
            result.event_times = (0..r.len()?).map(|_| r.i64()).collect::<Result<_, _>>()?;
            if r.u8()? == 1 {
                trace = Some(Unpacking::start(&mut r)?);
            }
        }
        Ok((answer, trace, r.offset()))
    };
    let (answer, trace, at) = head(&bytes[1..]).map_err(GarbledAnswer::Packed)?;
    Ok(Decoding::Run(Box::new(RunDecoding { bytes, at, answer, trace })))
}

impl RunDecoding {
    /// The run's id.
    pub fn id(&self) -> u64 {
        match self.answer {
            Answer::Ran { id, .. } => id,
            _ => 0,
        }
    }

    /// Reads up to `records` more of the trace's Jobs, Pods and slots (and, after the last, its
    /// cluster record); true once the answer is whole.
    pub fn step(&mut self, records: usize) -> Result<bool, GarbledAnswer> {
        let Some(unpacking) = &mut self.trace else { return Ok(true) };
        let mut r = Reader::resume(&self.bytes[1..], self.at);
        let done = unpacking.step(&mut r, records).map_err(GarbledAnswer::Packed)?;
        if done {
            let cluster = unpack_cluster(&mut r).map_err(GarbledAnswer::Packed)?;
            if let (Some(unpacking), Answer::Ran { result, .. }) = (self.trace.take(), &mut self.answer) {
                let mut trace = unpacking.finish();
                trace.cluster = cluster;
                result.trace = Some(trace);
            }
        }
        self.at = r.offset();
        Ok(done)
    }

    /// The answer (whole once [`RunDecoding::step`] has said so).
    pub fn finish(self) -> PageAnswer {
        self.answer
    }
}

/// An explanation the page was given: run, item, explanation.
pub type Explained = (u64, String, Option<InspectionView>);
/// Log lines the page was given: run, instant, lines.
pub type Logged = (u64, Time, Vec<String>);
/// An Events table the page was given: run, instant, object, table.
pub type EventsShown = (u64, Time, Option<(ObjectKind, String)>, TableView);

/// An [`Inspection`] as it crosses to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct InspectionView {
    pub kind: String,
    pub title: Said,
    pub facts: Vec<(String, Said)>,
    pub why: Vec<ReasonView>,
}

/// A [`Reason`] as it crosses to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReasonView {
    pub source: String,
    pub code: String,
    #[serde(with = "crate::sim::trace::rfc3339::option")]
    pub at: Option<Time>,
    pub text: Said,
}

impl From<Inspection> for InspectionView {
    fn from(e: Inspection) -> Self {
        InspectionView {
            kind: e.kind.to_string(),
            title: e.title.into(),
            facts: e.facts.into_iter().map(|(k, v)| (k.to_string(), v.into())).collect(),
            why: e
                .why
                .into_iter()
                .map(|Reason { source, code, at, text }| ReasonView { source, code, at, text: text.into() })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::run::run;

    const HOURLY: &str = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: hourly, creationTimestamp: \
        '2025-01-15T10:00:00Z'}\nspec:\n  schedule: '0 * * * *'\n  jobTemplate:\n    spec:\n      template:\n        \
        spec:\n          restartPolicy: OnFailure\n          containers: [{name: c, image: busybox}]\n---\nkind: \
        Simulation\napiVersion: playground.cronjob.dev/v1alpha1\nspec: {duration: 3h}\n";

    #[test]
    fn a_run_crosses_packed_and_arrives_whole_but_for_what_the_engine_keeps() {
        let mut result = run(HOURLY);
        let sent = result.clone();
        result.event_times = vec![1_736_938_800_100_000_000, 1_736_938_811_100_000_000];
        let mut bytes = vec![];
        encode_ran(7, 1.5, &result, &mut bytes);
        assert_eq!(bytes[0], RAN);
        let Ok(Answer::Ran { id: 7, ms, result: got }) = decode(&bytes) else { panic!("a run's answer") };
        assert_eq!(ms, 1.5);
        assert_eq!(got.event_times, [1_736_938_800_100_000_000, 1_736_938_811_100_000_000]);
        assert_eq!(got.simulation, sent.simulation);
        assert_eq!(got.simulation.spec.duration.map(|d| d.0.num_hours()), Some(3));
        let (got, sent) = (got.trace.unwrap(), sent.trace.unwrap());
        assert_eq!(
            got.jobs.iter().map(|j| j.name.as_str()).collect::<Vec<_>>(),
            ["hourly-28948980", "hourly-28949040"]
        );
        assert_eq!((got.jobs, got.pods, got.slots, got.cluster), (sent.jobs, sent.pods, sent.slots, sent.cluster));
        assert_eq!((got.start, got.end), (sent.start, sent.end));
        assert_eq!(
            (got.kubernetes_version, got.notices, got.cron_jobs),
            (sent.kubernetes_version, sent.notices, sent.cron_jobs)
        );
    }

    #[test]
    fn a_run_read_in_slices_is_the_run_read_whole() {
        let result = run(HOURLY);
        let mut bytes = vec![];
        encode_ran(9, 2.0, &result, &mut bytes);
        let whole = decode(&bytes).unwrap();
        let Ok(Decoding::Run(mut run)) = start_decoding(bytes.clone()) else { panic!("a run's answer") };
        assert_eq!(run.id(), 9);
        // 3 hours of an hourly CronJob: 2 Jobs, 2 Pods and 2 slots, one at a time.
        let Answer::Ran { result: r, .. } = &whole else { panic!("a run's answer") };
        let t = r.trace.as_ref().unwrap();
        assert_eq!((t.jobs.len(), t.pods.len(), t.slots.len()), (2, 2, 2));
        let mut steps = 1;
        while !run.step(1).unwrap() {
            steps += 1;
        }
        assert_eq!(steps, 6);
        assert_eq!(run.finish(), whole);
        // Any other answer is whole at once; a cut run fails at the step that reaches the cut.
        let progress = encode_answer::<RunResult>(&Answer::Progress { id: 9, fraction: 0.5 });
        assert!(
            matches!(start_decoding(progress), Ok(Decoding::Whole(a)) if matches!(*a, Answer::Progress { id: 9, .. }))
        );
        let Ok(Decoding::Run(mut cut)) = start_decoding(bytes[..bytes.len() - 40].to_vec()) else { panic!("a run") };
        assert!((0..8).map(|_| cut.step(1)).any(|r| r.is_err()));
    }

    #[test]
    fn other_answers_and_requests_cross_in_bincode_and_garbled_bytes_are_an_error() {
        let answer: Answer<&RunResult> =
            Answer::Download { name: "a.json".into(), mime: "application/json".into(), text: "{}\n".into() };
        let bytes = encode_answer(&answer);
        // The tag, the variant's index (u32), then each field as its length (u64) and bytes.
        assert_eq!(&bytes[..5], [OTHER, 6, 0, 0, 0]);
        assert_eq!(&bytes[5..13], 6u64.to_le_bytes());
        assert_eq!(&bytes[13..19], b"a.json");
        assert_eq!(
            decode(&bytes),
            Ok(Answer::Download { name: "a.json".into(), mime: "application/json".into(), text: "{}\n".into() })
        );
        let explained = Answer::<&RunResult>::Explained {
            run: 3,
            item: "job:0".into(),
            explanation: Some(InspectionView {
                kind: "Job".into(),
                title: Said::Verbatim("hourly-28948980".into()),
                facts: vec![("started".into(), Said::words(|l| format!("{l:?}")))],
                why: vec![ReasonView {
                    source: "cronjob-controller".into(),
                    code: "SuccessfulCreate".into(),
                    at: Some(Time::from_timestamp(1_736_938_800, 0).unwrap()),
                    text: Said::Verbatim("Created job hourly-28948980".into()),
                }],
            }),
        };
        let Ok(Answer::Explained { run: 3, item, explanation: Some(e) }) = decode(&encode_answer(&explained)) else {
            panic!("an explanation")
        };
        let Answer::Explained { explanation: Some(sent), .. } = &explained else { unreachable!() };
        assert_eq!((item.as_str(), &e), ("job:0", sent));
        // A run's progress: the variant's index, the id, the fraction's bits.
        let progress = encode_answer(&Answer::<&RunResult>::Progress { id: 7, fraction: 0.25 });
        assert_eq!(progress.len(), 1 + 4 + 8 + 8);
        assert_eq!(&progress[1..5], [7, 0, 0, 0]);
        assert_eq!(decode(&progress), Ok(Answer::Progress { id: 7, fraction: 0.25 }));
        assert_eq!(decode_request(&encode_request(&Request::Cancel { id: 7 })), Some(Request::Cancel { id: 7 }));
        let request = Request::Events { run: 2, at: Time::from_timestamp(1_736_938_800, 0).unwrap(), object: None };
        assert_eq!(decode_request(&encode_request(&request)), Some(request));
        assert_eq!(decode_request(&[9, 9]), None);
        assert_eq!(decode(&[RAN, 200]).map(|_| ()), Err(GarbledAnswer::Packed(PackError { what: "length", at: 0 })));
        assert_eq!(decode(&[RAN, 200]).unwrap_err().to_string(), "packed run: bad length at byte 0");
        assert!(decode(b"{\"Nope\":1}").is_err());
        assert!(decode(&[OTHER, 99, 0, 0, 0]).is_err());
    }

    #[test]
    fn said_texts_carry_every_language() {
        let said = Said::words(|l| format!("{l:?}"));
        assert_eq!(said, Said::Words(["En".into(), "Ja".into(), "Ko".into()]));
        assert_eq!((said.render(Lang::Ja), said.is_verbatim()), ("Ja".to_string(), false));
        assert_eq!(Said::Verbatim("hourly-28948980".into()).render(Lang::Ko), "hourly-28948980");
    }
}
