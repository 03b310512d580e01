//! Feature gates: which ones the model knows, their default per release and whether a release
//! locks them (`pkg/features/kube_features.go`, its versioned specs from 1.31 and the per-release
//! maps before; stages checked against `kubernetes/enhancements`), and a Simulation document's
//! `featureGates` resolved against them.
//!
//! A gate the model knows changes what it simulates; anything else is accepted and announced:
//! a gate it does not model, a gate the release does not have (kube-controller-manager and the
//! kubelet would refuse to start: "unrecognized feature gate") and a gate the release locks to its
//! default ("cannot set feature gate … to …, feature is locked to …").

use crate::api::KubernetesVersion;
use std::collections::BTreeMap;

/// One gate: from which minor on it had which default, whether locked, and the first release
/// without it.
#[derive(Debug)]
pub struct Gate {
    pub name: &'static str,
    /// `(minor, default, locked)`, oldest first; the first entry is the gate's first release.
    stages: &'static [(u8, bool, bool)],
    /// The first release whose gate map no longer lists it (the feature stays on).
    removed: Option<u8>,
    /// What the gate changes in the model.
    pub effect: &'static str,
}

const fn gate(
    name: &'static str,
    stages: &'static [(u8, bool, bool)],
    removed: Option<u8>,
    effect: &'static str,
) -> Gate {
    Gate { name, stages, removed, effect }
}

/// Alpha (off), beta (on), GA (on, locked): the common shape.
const A: bool = false;
const B: bool = true;

/// Every gate the model distinguishes.
pub const GATES: &[Gate] = &[
    gate(
        "CronJobControllerV2",
        &[(20, A, false), (21, B, false), (22, B, true)],
        Some(24),
        "which CronJob controller runs (v2 instead of the v1 poller)",
    ),
    gate(
        "CronJobTimeZone",
        &[(24, A, false), (25, B, false), (27, B, true)],
        Some(29),
        "the CronJob controller reads spec.timeZone",
    ),
    gate(
        "CronJobsScheduledAnnotation",
        &[(28, B, false), (32, B, true)],
        Some(35),
        "Jobs carry batch.kubernetes.io/cronjob-scheduled-timestamp",
    ),
    gate(
        "SuspendJob",
        &[(21, A, false), (22, B, false), (24, B, true)],
        Some(26),
        "the Job controller honours spec.suspend",
    ),
    gate(
        "JobReadyPods",
        &[(23, A, false), (24, B, false), (29, B, true)],
        Some(31),
        "status.ready and the 1 s pod-update batch (up to 1.26)",
    ),
    gate(
        "JobTrackingWithFinalizers",
        &[(22, A, false), (23, A, false), (25, B, false), (26, B, true)],
        Some(28),
        "finished pods counted through the batch.kubernetes.io/job-tracking finalizer",
    ),
    gate(
        "JobPodFailurePolicy",
        &[(25, A, false), (26, B, false), (31, B, true)],
        Some(33),
        "spec.podFailurePolicy is evaluated",
    ),
    gate(
        "PodDisruptionConditions",
        &[(25, A, false), (26, B, false), (31, B, true)],
        Some(33),
        "DisruptionTarget pod conditions",
    ),
    gate(
        "PodIndexLabel",
        &[(28, B, false), (32, B, true)],
        Some(35),
        "Indexed Job pods get the completion-index label",
    ),
    gate(
        "JobBackoffLimitPerIndex",
        &[(28, A, false), (29, B, false), (33, B, true)],
        Some(36),
        "spec.backoffLimitPerIndex",
    ),
    gate(
        "JobPodReplacementPolicy",
        &[(28, A, false), (29, B, false), (34, B, true)],
        Some(37),
        "spec.podReplacementPolicy, status.terminating",
    ),
    gate("JobSuccessPolicy", &[(30, A, false), (31, B, false), (33, B, true)], Some(36), "spec.successPolicy"),
    gate(
        "JobManagedBy",
        &[(30, A, false), (32, B, false), (35, B, true)],
        None,
        "spec.managedBy: Jobs managed elsewhere are left alone",
    ),
    gate(
        "SidecarContainers",
        &[(28, A, false), (29, B, false), (33, B, true)],
        Some(37),
        "initContainers with restartPolicy: Always run as sidecars",
    ),
    gate(
        "ContainerRestartRules",
        &[(34, A, false), (35, B, false)],
        None,
        "containers restarted in place on chosen exit codes",
    ),
    gate(
        "KubeletCrashLoopBackOffMax",
        &[(32, A, false), (35, B, false)],
        None,
        "the kubelet's crashLoopBackOff.maxContainerRestartPeriod",
    ),
    gate(
        "ReduceDefaultCrashLoopBackOffDecay",
        &[(33, A, false)],
        None,
        "CrashLoopBackOff from 1 s to 60 s instead of 10 s to 300 s",
    ),
];

impl Gate {
    /// The gate by name (case-sensitive, as the components read `--feature-gates`).
    pub fn named(name: &str) -> Option<&'static Gate> {
        GATES.iter().find(|g| g.name == name)
    }

    /// `(default, locked)` in `version`, or `None` if that release does not have the gate.
    pub fn in_release(&self, version: KubernetesVersion) -> Option<(bool, bool)> {
        if self.removed.is_some_and(|r| version.at_least(r)) {
            return None;
        }
        self.stages.iter().rev().find(|(minor, _, _)| version.at_least(*minor)).map(|&(_, on, locked)| (on, locked))
    }

    /// Whether the feature is on by default in `version` (on for ever after the gate's removal).
    ///
    /// ```
    /// use cronjob_playground::api::KubernetesVersion;
    /// use cronjob_playground::controller::gates::Gate;
    /// let v = |m| KubernetesVersion::new(m).unwrap();
    /// let g = Gate::named("SidecarContainers").unwrap();
    /// assert!(!g.default_in(v(28)) && g.default_in(v(29)));
    /// assert!(Gate::named("JobReadyPods").unwrap().default_in(v(31)), "removed after GA: always on");
    /// ```
    pub fn default_in(&self, version: KubernetesVersion) -> bool {
        match self.in_release(version) {
            Some((on, _)) => on,
            None => self.removed.is_some_and(|r| version.at_least(r)),
        }
    }
}

/// The gates of one run: the release's defaults with the document's overrides that apply.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FeatureGates {
    version: KubernetesVersion,
    overrides: BTreeMap<&'static str, bool>,
}

impl FeatureGates {
    /// The release's defaults.
    pub fn defaults(version: KubernetesVersion) -> Self {
        FeatureGates { version, overrides: BTreeMap::new() }
    }

    /// Resolves a document's `featureGates` for `version`: the overrides that apply, and a notice
    /// for each one that does not (as the components would refuse it) or that the model does not know.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use cronjob_playground::api::KubernetesVersion;
    /// use cronjob_playground::controller::gates::FeatureGates;
    /// let v = KubernetesVersion::new(28).unwrap();
    /// let asked = BTreeMap::from([("SidecarContainers".to_string(), true), ("Foo".to_string(), true)]);
    /// let (gates, notices) = FeatureGates::resolve(v, &asked);
    /// assert!(gates.enabled("SidecarContainers"));
    /// assert_eq!(notices, ["featureGates.Foo: the model does not know this feature gate; it is ignored"]);
    /// ```
    pub fn resolve(version: KubernetesVersion, asked: &BTreeMap<String, bool>) -> (Self, Vec<String>) {
        let mut gates = Self::defaults(version);
        let mut notices = Vec::new();
        for (name, &on) in asked {
            let Some(gate) = Gate::named(name) else {
                notices.push(format!("featureGates.{name}: the model does not know this feature gate; it is ignored"));
                continue;
            };
            match gate.in_release(version) {
                None => notices.push(format!(
                    "featureGates.{name}: Kubernetes {version} has no such gate (its components would refuse to start: \
                    unrecognized feature gate: {name}); it is ignored"
                )),
                Some((default, true)) if on != default => notices.push(format!(
                    "featureGates.{name}: Kubernetes {version} locks it to {default} (cannot set feature gate {name} \
                    to {on}, feature is locked to {default}); it is ignored"
                )),
                Some(_) => {
                    gates.overrides.insert(gate.name, on);
                }
            }
        }
        (gates, notices)
    }

    /// Whether gate `name` is on in this run.
    pub fn enabled(&self, name: &str) -> bool {
        match self.overrides.get(name) {
            Some(&on) => on,
            None => Gate::named(name).is_some_and(|g| g.default_in(self.version)),
        }
    }

    /// The overrides that apply, by name.
    pub fn overrides(&self) -> impl Iterator<Item = (&'static str, bool)> + '_ {
        self.overrides.iter().map(|(k, v)| (*k, *v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(minor: u8) -> KubernetesVersion {
        KubernetesVersion::new(minor).unwrap()
    }

    /// Stages from `kube_features.go` (1.24: `JobTrackingWithFinalizers: {Default: false, PreRelease:
    /// featuregate.Beta}, // Disabled due to #109485`, `JobReadyPods: {Default: true, …Beta}`; the
    /// versioned specs: SidecarContainers 1.28 alpha, 1.29 beta, 1.33 GA locked; ContainerRestartRules
    /// 1.34 alpha, 1.35 beta; KubeletCrashLoopBackOffMax 1.32 alpha, 1.35 beta;
    /// ReduceDefaultCrashLoopBackOffDecay 1.33 alpha; JobManagedBy 1.30 alpha, 1.32 beta, 1.35 GA;
    /// JobPodReplacementPolicy 1.28 alpha, 1.29 beta, 1.34 GA; CronJobsScheduledAnnotation 1.28
    /// beta, 1.32 GA, removed in 1.35 — confirmed against each KEP's `kep.yaml`).
    #[test]
    fn defaults_and_locks_by_release() {
        let cases = [
            ("JobTrackingWithFinalizers", 24, Some((false, false))),
            ("JobTrackingWithFinalizers", 25, Some((true, false))),
            ("JobTrackingWithFinalizers", 26, Some((true, true))),
            ("JobTrackingWithFinalizers", 28, None),
            ("JobReadyPods", 23, Some((false, false))),
            ("JobReadyPods", 24, Some((true, false))),
            ("SidecarContainers", 27, None),
            ("SidecarContainers", 28, Some((false, false))),
            ("SidecarContainers", 29, Some((true, false))),
            ("SidecarContainers", 33, Some((true, true))),
            ("ContainerRestartRules", 33, None),
            ("ContainerRestartRules", 34, Some((false, false))),
            ("ContainerRestartRules", 35, Some((true, false))),
            ("JobManagedBy", 31, Some((false, false))),
            ("JobManagedBy", 32, Some((true, false))),
            ("JobManagedBy", 35, Some((true, true))),
            ("JobPodReplacementPolicy", 28, Some((false, false))),
            ("JobPodReplacementPolicy", 33, Some((true, false))),
            ("JobPodReplacementPolicy", 34, Some((true, true))),
            ("CronJobsScheduledAnnotation", 27, None),
            ("CronJobsScheduledAnnotation", 31, Some((true, false))),
            ("CronJobsScheduledAnnotation", 32, Some((true, true))),
            ("CronJobsScheduledAnnotation", 35, None),
            ("KubeletCrashLoopBackOffMax", 31, None),
            ("KubeletCrashLoopBackOffMax", 34, Some((false, false))),
            ("KubeletCrashLoopBackOffMax", 35, Some((true, false))),
            ("ReduceDefaultCrashLoopBackOffDecay", 32, None),
            ("ReduceDefaultCrashLoopBackOffDecay", 33, Some((false, false))),
            ("ReduceDefaultCrashLoopBackOffDecay", 35, Some((false, false))),
            ("CronJobControllerV2", 20, Some((false, false))),
            ("CronJobControllerV2", 24, None),
            // 1.36 and 1.37: the release notes and KEP milestones. SidecarContainers is gone in
            // 1.37 (#137755: "unconditionally enabled since 1.33, is removed"); the GA Job gates
            // leave where the 1.35 source says ("remove in 1.36" for JobBackoffLimitPerIndex and
            // JobSuccessPolicy, "remove in 1.37" for JobPodReplacementPolicy, "remove in 1.38" for
            // JobManagedBy); ContainerRestartRules (KEP-5307, latest milestone 1.35) and
            // KubeletCrashLoopBackOffMax (KEP-5593, 1.35) stay beta, ReduceDefaultCrashLoopBackOffDecay
            // (KEP-4603, 1.33) alpha.
            ("SidecarContainers", 36, Some((true, true))),
            ("SidecarContainers", 37, None),
            ("JobBackoffLimitPerIndex", 35, Some((true, true))),
            ("JobBackoffLimitPerIndex", 36, None),
            ("JobSuccessPolicy", 36, None),
            ("JobPodReplacementPolicy", 36, Some((true, true))),
            ("JobPodReplacementPolicy", 37, None),
            ("JobManagedBy", 37, Some((true, true))),
            ("ContainerRestartRules", 36, Some((true, false))),
            ("ContainerRestartRules", 37, Some((true, false))),
            ("KubeletCrashLoopBackOffMax", 37, Some((true, false))),
            ("ReduceDefaultCrashLoopBackOffDecay", 37, Some((false, false))),
        ];
        for (name, minor, want) in cases {
            assert_eq!(Gate::named(name).unwrap().in_release(v(minor)), want, "{name} 1.{minor}");
        }
    }

    #[test]
    fn refused_overrides_are_announced_and_ignored() {
        let asked = BTreeMap::from([
            ("JobReadyPods".to_string(), false),
            ("SidecarContainers".to_string(), true),
            ("ContainerRestartRules".to_string(), true),
        ]);
        let (gates, notices) = FeatureGates::resolve(v(30), &asked);
        assert!(
            gates.enabled("JobReadyPods")
                && gates.enabled("SidecarContainers")
                && !gates.enabled("ContainerRestartRules")
        );
        assert_eq!(
            notices,
            [
                "featureGates.ContainerRestartRules: Kubernetes 1.30 has no such gate (its components would refuse to \
                start: unrecognized feature gate: ContainerRestartRules); it is ignored",
                "featureGates.JobReadyPods: Kubernetes 1.30 locks it to true (cannot set feature gate JobReadyPods to \
                false, feature is locked to true); it is ignored",
            ]
        );
        let (_, notices) = FeatureGates::resolve(v(34), &BTreeMap::from([("ContainerRestartRules".to_string(), true)]));
        assert!(notices.is_empty(), "restart rules are simulated with the gate switched on: {notices:?}");
        let (gates, notices) =
            FeatureGates::resolve(v(37), &BTreeMap::from([("SidecarContainers".to_string(), false)]));
        assert!(gates.enabled("SidecarContainers"), "removed after GA: always on");
        assert_eq!(
            notices,
            ["featureGates.SidecarContainers: Kubernetes 1.37 has no such gate (its components would refuse to start: \
                unrecognized feature gate: SidecarContainers); it is ignored"]
        );
        let asked = BTreeMap::from([
            ("RestartAllContainersOnContainerExits".to_string(), false),
            ("MutablePodResourcesForSuspendedJobs".to_string(), true),
            ("WorkloadWithJob".to_string(), true),
        ]);
        let (_, notices) = FeatureGates::resolve(v(36), &asked);
        assert_eq!(
            notices,
            [
                "featureGates.MutablePodResourcesForSuspendedJobs: the model does not know this feature gate; it is \
                ignored",
                "featureGates.RestartAllContainersOnContainerExits: the model does not know this feature gate; it is \
                ignored",
                "featureGates.WorkloadWithJob: the model does not know this feature gate; it is ignored",
            ],
            "the 1.36 gates of behaviour outside the model (docs/model.md) are named as such"
        );
        let (_, notices) = FeatureGates::resolve(v(33), &BTreeMap::from([("SidecarContainers".to_string(), false)]));
        assert_eq!(
            notices,
            ["featureGates.SidecarContainers: Kubernetes 1.33 locks it to true (cannot set feature gate \
                SidecarContainers to false, feature is locked to true); it is ignored"]
        );
    }
}
