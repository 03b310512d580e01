//! The Simulation document's knobs for the run itself: what the trace records
//! (`spec.trace`) and how the simulated kubelet is configured and times its retries
//! (`spec.kubelet`).

use super::duration::HorizonDuration;
use crate::controller::gates::FeatureGates;
use crate::controller::kubelet::{BackOffBounds, RetryTiming};
use chrono::TimeDelta;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What the trace records. Long horizons run with millions of syncs; leaving them out keeps a
/// year of a minutely CronJob within memory while slots, Jobs, Pods and Events stay complete.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TraceOptions {
    #[serde(default)]
    pub syncs: SyncDetail,
}

/// The kubelet's knobs: `retryTiming: backOffExpiry` (the reference timelines) or `podWorker`
/// (the pod worker's own re-checks: every 10 s up to 1.33, at the expiry re-checked at least once
/// a minute from 1.34, PR #133066; jitter left out).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct KubeletOptions {
    #[serde(default)]
    pub retry_timing: RetryTimingName,
    /// The kubelet configuration's `crashLoopBackOff.maxContainerRestartPeriod` (KEP-4603, read
    /// with gate KubeletCrashLoopBackOffMax): the cap of the container restart back-off, `1s` to
    /// `300s`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_container_restart_period: Option<HorizonDuration>,
}

impl KubeletOptions {
    pub(super) fn is_default(&self) -> bool {
        *self == Self::default()
    }

    /// The back-off bounds of a kubelet with `gates` and this configuration, or the kubelet's
    /// refusal to start (`pkg/kubelet/apis/config/validation`).
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use chrono::TimeDelta;
    /// use cronjob_playground::api::KubernetesVersion;
    /// use cronjob_playground::controller::gates::FeatureGates;
    /// use cronjob_playground::sim::scenario::{HorizonDuration, KubeletOptions};
    /// let v35 = FeatureGates::defaults(KubernetesVersion::new(35).unwrap());
    /// let mut k = KubeletOptions::default();
    /// k.max_container_restart_period = Some(HorizonDuration(TimeDelta::seconds(30)));
    /// assert_eq!(k.backoff_bounds(&v35).unwrap().max, TimeDelta::seconds(30));
    /// let v34 = FeatureGates::defaults(KubernetesVersion::new(34).unwrap());
    /// assert_eq!(k.backoff_bounds(&v34).unwrap_err().to_string(), "invalid configuration: FeatureGate \
    ///     KubeletCrashLoopBackOffMax not enabled, CrashLoopBackOff.MaxContainerRestartPeriod must not be set");
    /// ```
    pub fn backoff_bounds(&self, gates: &FeatureGates) -> Result<BackOffBounds, KubeletConfigError> {
        let configurable = gates.enabled("KubeletCrashLoopBackOffMax");
        let period = self.max_container_restart_period.map(|d| d.0);
        match period {
            Some(_) if !configurable => return Err(KubeletConfigError::MaxRestartPeriodWithoutGate),
            Some(d) if d < TimeDelta::seconds(1) || d > TimeDelta::seconds(300) => {
                return Err(KubeletConfigError::MaxRestartPeriodOutOfRange(d))
            }
            _ => {}
        }
        Ok(BackOffBounds::for_kubelet(gates.enabled("ReduceDefaultCrashLoopBackOffDecay"), configurable, period))
    }

    /// The kubelet library's timing for these options.
    pub fn retry_timing(&self) -> RetryTiming {
        match self.retry_timing {
            RetryTimingName::BackOffExpiry => RetryTiming::Ideal,
            RetryTimingName::PodWorker => RetryTiming::PodWorker,
        }
    }
}

/// Why the kubelet refuses its configuration (`pkg/kubelet/apis/config/validation`);
/// [`fmt::Display`] gives the kubelet's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KubeletConfigError {
    /// `maxContainerRestartPeriod` set while gate KubeletCrashLoopBackOffMax is off.
    MaxRestartPeriodWithoutGate,
    /// `maxContainerRestartPeriod` outside 1 s to 300 s.
    MaxRestartPeriodOutOfRange(TimeDelta),
}

impl fmt::Display for KubeletConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::MaxRestartPeriodWithoutGate => f.write_str(
                "invalid configuration: FeatureGate KubeletCrashLoopBackOffMax not enabled, \
                CrashLoopBackOff.MaxContainerRestartPeriod must not be set",
            ),
            Self::MaxRestartPeriodOutOfRange(d) => write!(
                f,
                "invalid configuration: CrashLoopBackOff.MaxContainerRestartPeriod (got: {} seconds) must be set \
                between 1s and 300s",
                d.num_milliseconds() as f64 / 1000.0
            ),
        }
    }
}

impl std::error::Error for KubeletConfigError {}

/// `retryTiming`'s values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum RetryTimingName {
    #[default]
    BackOffExpiry,
    PodWorker,
}

impl<'de> Deserialize<'de> for RetryTimingName {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        one_of(d, &["backOffExpiry", "podWorker"], [RetryTimingName::BackOffExpiry, RetryTimingName::PodWorker])
    }
}

/// Which controller syncs the trace lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SyncDetail {
    /// Every sync of every controller.
    #[default]
    All,
    /// None (`syncs` is empty).
    None,
}

impl<'de> Deserialize<'de> for SyncDetail {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        one_of(d, &["all", "none"], [SyncDetail::All, SyncDetail::None])
    }
}

/// The value of the name read, as the document's enums are read: as text, not as a serde enum,
/// since the API decoder takes enum values outside their set for validation to report, where
/// this document has nothing to validate them later.
fn one_of<'de, D: serde::Deserializer<'de>, T: Copy, const N: usize>(
    d: D,
    names: &'static [&'static str; N],
    values: [T; N],
) -> Result<T, D::Error> {
    let text = String::deserialize(d)?;
    match names.iter().position(|name| *name == text) {
        Some(i) => Ok(values[i]),
        None => Err(serde::de::Error::unknown_variant(&text, names)),
    }
}
