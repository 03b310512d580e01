//! What changed in the CronJob controller from release to release (`docs/model.md` lists them),
//! resolved once per sync from `kubernetesVersion` (and the run's feature gates) so the sync code
//! reads as a single algorithm with named switches. A minor without a patch gets its latest
//! patch's behaviour; the one patch-level change modelled is 1.28.3's (PR #120649).

use super::events::CompletedWording;
use super::slots::{RequeueRule, SlotSearch};
use crate::api::{KubernetesVersion, Release};
use crate::controller::gates::FeatureGates;
use crate::controller::patches::CRONJOB_CREATE_FAILURES;

/// Which controller kube-controller-manager runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// `cronjob_controller.go`: polls every 10 s, exact enumeration, `FailedNeedsStart` (≤1.20).
    LegacyV1,
    /// `cronjob_controllerv2.go`: informers and a delaying queue (default from 1.21).
    V2,
}

/// Which finished Jobs feed `status.lastSuccessfulTime`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LastSuccessfulRule {
    /// The controller never writes it (≤1.21).
    Never,
    /// Any finished Job that is not (any more) in `status.active` (1.22–1.29).
    FinishedNotActive,
    /// Only `Complete` Jobs not in `status.active` (1.30, #123380).
    SucceededNotActive,
    /// Only `Complete` Jobs, also in the pass that removes them from `active` (1.31+, #122025).
    Succeeded,
}

/// Which Jobs `getJobsToBeReconciled` hands to a CronJob's sync.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReconcileBy {
    /// Those whose controller reference has the CronJob's name, whatever its kind and UID (≤1.36).
    ControllerName,
    /// Those whose controller reference resolves to this CronJob: kind `CronJob`, its name and
    /// UID (1.37+, #133313).
    ResolvedControllerRef,
}

/// The release-dependent switches of the CronJob controller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Behaviour {
    /// The release.
    pub version: KubernetesVersion,
    /// v1 (≤1.20) or v2.
    pub algorithm: Algorithm,
    /// `mostRecentScheduleTime` form: arithmetic ≤1.27, Next-chain 1.28+ (#118724).
    pub slot_search: SlotSearch,
    /// Requeue delay form: ≤1.24 from now, 1.25–1.27 from the last slot (#109250), 1.28+ tri-state (#121327).
    pub requeue: RequeueRule,
    /// `TooManyMissedTimes` states the count (≤1.27).
    pub too_many_missed_with_count: bool,
    /// Jobs carry `batch.kubernetes.io/cronjob-scheduled-timestamp` (1.28+, beta gate on).
    pub scheduled_timestamp_annotation: bool,
    /// `spec.timeZone` reaches the controller (1.25+; 1.24's alpha gate is off, the field dropped).
    pub time_zone_field: bool,
    /// `TZ=`/`CRON_TZ=` prefixes parse (robfig v3, 1.22+).
    pub tz_prefix_parses: bool,
    /// A `TZ` in the schedule is warned about with `UnsupportedSchedule` (1.23+).
    pub tz_prefix_warning: bool,
    /// Where `lastSuccessfulTime` comes from.
    pub last_successful: LastSuccessfulRule,
    /// `SawCompletedJob` says `status:` or (1.31+) `condition:`; v1 before 1.19 says neither.
    pub completed_wording: Option<CompletedWording>,
    /// History cleanup runs before scheduling (#119776: 1.29, backported to 1.27/1.28).
    pub cleanup_before_sync: bool,
    /// `AlreadyExists` on create re-adds our own Job to `active` (#120649, 1.28.3; 1.28.0–1.28.2
    /// and earlier releases do not). The same
    /// change made a `NamespaceTerminating` create failure return; before, that case fell through
    /// the error switch and was handled like a success with the client's empty Job.
    pub already_exists_adopts: bool,
    /// `sync` writes the object `syncCronJob` returned — the re-read live CronJob if an
    /// unexpected Job made it switch — rather than its own copy (≤1.26; #119776 changed it).
    pub writes_switched_object: bool,
    /// Status is written after reconciling, again after creating, and again after history
    /// cleanup, unconditionally, as the legacy controller does (≤1.23; one write from 1.24, #107470).
    pub status_write_per_step: bool,
    /// The Job lister is filtered by the template's labels (when it has any) before the
    /// controller-reference check, so relabelled Jobs are forgotten (1.21; ≈1.22 lists all Jobs).
    pub lists_by_template_labels: bool,
    /// Which Jobs the sync reconciles (#133313 in 1.37).
    pub reconcile_by: ReconcileBy,
    /// Group/version named in the Job's owner reference.
    pub owner_api_version: &'static str,
}

impl Behaviour {
    /// The switches for a release.
    ///
    /// ```
    /// use cronjob_playground::api::KubernetesVersion;
    /// use cronjob_playground::controller::cronjob::{Algorithm, Behaviour};
    /// let v = |s: &str| Behaviour::of(s.parse::<KubernetesVersion>().unwrap());
    /// assert_eq!(v("1.20").algorithm, Algorithm::LegacyV1);
    /// assert_eq!(v("1.21").algorithm, Algorithm::V2);
    /// assert!(!v("1.27").scheduled_timestamp_annotation && v("1.28").scheduled_timestamp_annotation);
    /// ```
    pub fn of(version: KubernetesVersion) -> Self {
        Self::for_release(version.into(), &FeatureGates::defaults(version))
    }

    /// The switches for `release` with `gates`.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use cronjob_playground::api::Release;
    /// use cronjob_playground::controller::cronjob::{Algorithm, Behaviour};
    /// use cronjob_playground::controller::gates::FeatureGates;
    /// let r = |s: &str| s.parse::<Release>().unwrap();
    /// let d = |s: &str| Behaviour::for_release(r(s), &FeatureGates::defaults(r(s).version));
    /// assert!(!d("1.28.2").already_exists_adopts && d("1.28.3").already_exists_adopts);
    /// let (v2, _) = FeatureGates::resolve(r("1.20").version, &BTreeMap::from([("CronJobControllerV2".into(), true)]));
    /// assert_eq!(Behaviour::for_release(r("1.20"), &v2).algorithm, Algorithm::V2);
    /// ```
    pub fn for_release(release: Release, gates: &FeatureGates) -> Self {
        let version = release.version;
        let at = |minor| version.at_least(minor);
        Behaviour {
            version,
            algorithm: if gates.enabled("CronJobControllerV2") { Algorithm::V2 } else { Algorithm::LegacyV1 },
            slot_search: if at(28) { SlotSearch::NextChain } else { SlotSearch::Arithmetic },
            requeue: if at(28) {
                RequeueRule::FromLastSlotOrNow
            } else if at(25) {
                RequeueRule::FromLastSlot
            } else {
                RequeueRule::FromNow
            },
            too_many_missed_with_count: !at(28),
            scheduled_timestamp_annotation: gates.enabled("CronJobsScheduledAnnotation"),
            time_zone_field: gates.enabled("CronJobTimeZone"),
            tz_prefix_parses: at(22),
            tz_prefix_warning: at(23),
            last_successful: if at(31) {
                LastSuccessfulRule::Succeeded
            } else if at(30) {
                LastSuccessfulRule::SucceededNotActive
            } else if at(22) {
                LastSuccessfulRule::FinishedNotActive
            } else {
                LastSuccessfulRule::Never
            },
            completed_wording: if at(31) {
                Some(CompletedWording::Condition)
            } else if at(19) {
                Some(CompletedWording::Status)
            } else {
                None
            },
            cleanup_before_sync: at(27),
            already_exists_adopts: at(28) && !CRONJOB_CREATE_FAILURES.missing_in(release),
            writes_switched_object: !at(27),
            status_write_per_step: !at(24),
            lists_by_template_labels: !at(22),
            reconcile_by: if at(37) { ReconcileBy::ResolvedControllerRef } else { ReconcileBy::ControllerName },
            owner_api_version: if at(21) { "batch/v1" } else { "batch/v1beta1" },
        }
    }
}
