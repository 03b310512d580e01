//! A what-if's comparison as it crosses to the page (`app::protocol`): the baseline's and the
//! variant's density strips drawn on one scale over the same bars, each one's peak sentences, and
//! per CronJob its differences in each of the page's languages (the first [`MAX_LISTED`]).

use super::super::view::{bars, bars_path};
use super::ClusterComparison;
use crate::app::protocol::DifferenceView;
use serde::{Deserialize, Serialize};

/// The most differences listed per CronJob (the rest counted).
pub const MAX_LISTED: usize = 20;

/// One CronJob's differences.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CronJobDiffView {
    /// `namespace/name`.
    pub cron_job: String,
    pub differences: Vec<DifferenceView>,
    /// How many more there are.
    pub more: usize,
}

/// A baseline and its variant for the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WhatIfView {
    /// How many bars each strip has.
    pub bars_width: usize,
    /// The baseline's strip and the variant's, as `ClusterView::bars_path`, the highest bar of
    /// both 40 high.
    pub baseline_path: String,
    pub variant_path: String,
    pub baseline_peaks: Vec<String>,
    pub variant_peaks: Vec<String>,
    pub cron_jobs: Vec<CronJobDiffView>,
}

impl From<&ClusterComparison> for WhatIfView {
    fn from(c: &ClusterComparison) -> Self {
        let (baseline, variant) = (bars(&c.baseline), bars(&c.variant));
        let most = baseline.iter().chain(&variant).copied().max().unwrap_or(0);
        let sentences = |peaks: &[super::Peak]| peaks.iter().map(|p| p.text.clone()).collect();
        let cron_jobs = c
            .cron_jobs
            .iter()
            .map(|j| CronJobDiffView {
                cron_job: j.cron_job.clone(),
                differences: j.differences.iter().take(MAX_LISTED).map(DifferenceView::from).collect(),
                more: j.differences.len().saturating_sub(MAX_LISTED),
            })
            .collect();
        WhatIfView {
            bars_width: baseline.len().max(1),
            baseline_path: bars_path(&baseline, most),
            variant_path: bars_path(&variant, most),
            baseline_peaks: sentences(&c.baseline_peaks),
            variant_peaks: sentences(&c.variant_peaks),
            cron_jobs,
        }
    }
}
