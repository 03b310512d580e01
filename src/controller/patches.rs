//! The changes made in patch releases that the model distinguishes: a `kubernetesVersion` with a
//! patch (`"1.26.0"`) gets the behaviour before or after each fix of its minor; without a patch, a
//! minor is its latest patch release. Every other patch of a modelled minor behaves as its latest.

use crate::api::Release;

/// A fix that reached a minor in a patch release.
#[derive(Debug)]
pub struct PatchFix {
    pub minor: u8,
    /// The first patch release with the fix.
    pub patch: u32,
    /// What the fix changed, for the notice.
    pub what: &'static str,
}

impl PatchFix {
    /// Whether `release` is a patch of this minor from before the fix.
    ///
    /// ```
    /// use cronjob_playground::controller::patches::CRONJOB_CREATE_FAILURES;
    /// let r = |s: &str| s.parse().unwrap();
    /// assert!(CRONJOB_CREATE_FAILURES.missing_in(r("1.28.2")));
    /// assert!(!CRONJOB_CREATE_FAILURES.missing_in(r("1.28.3")) && !CRONJOB_CREATE_FAILURES.missing_in(r("1.28")));
    /// ```
    pub fn missing_in(&self, release: Release) -> bool {
        release.version.minor() == self.minor && release.patch.is_some_and(|p| p < self.patch)
    }
}

const BACKOFF_RESET: &str =
    "the Job controller's work-queue back-off is reset on every sync with finalizer tracking, so failed \
    pods are replaced without delay (issue #114391, fixed by PR #114516)";

/// PR #114516 in 1.25.6 and 1.26.1.
pub const JOB_BACKOFF_RESET: [PatchFix; 2] =
    [PatchFix { minor: 25, patch: 6, what: BACKOFF_RESET }, PatchFix { minor: 26, patch: 1, what: BACKOFF_RESET }];

/// PR #120649 in 1.28.3: a create failing with `NamespaceTerminating` returns the error, and an
/// `AlreadyExists` Job of the CronJob's own is put back into `status.active`.
pub const CRONJOB_CREATE_FAILURES: PatchFix = PatchFix {
    minor: 28,
    patch: 3,
    what:
        "the CronJob controller treats a create failing with NamespaceTerminating as a success and does not re-adopt \
        its own AlreadyExists Job (fixed by PR #120649)",
};

/// What a patch release in the input means for the run: one notice, when a patch is given.
///
/// ```
/// use cronjob_playground::controller::patches::notice;
/// let n = |s: &str| notice(s.parse().unwrap());
/// assert_eq!(n("1.30"), None);
/// assert!(n("1.26.0").unwrap().starts_with("kubernetesVersion 1.26.0: before 1.26.1, "));
/// assert_eq!(n("1.30.2").unwrap(), "kubernetesVersion 1.30.2: the model knows no difference between 1.30 patch \
///     releases; it simulates the latest 1.30 patch release");
/// ```
pub fn notice(release: Release) -> Option<String> {
    let patch = release.patch?;
    let minor = release.version.minor();
    let fixes: Vec<&PatchFix> =
        JOB_BACKOFF_RESET.iter().chain([&CRONJOB_CREATE_FAILURES]).filter(|f| f.minor == minor).collect();
    if fixes.is_empty() {
        return Some(format!(
            "kubernetesVersion {release}: the model knows no difference between 1.{minor} patch releases; it simulates \
            the latest 1.{minor} patch release"
        ));
    }
    let parts: Vec<String> = fixes
        .iter()
        .map(|f| {
            let state = if patch < f.patch { "simulated" } else { "not simulated (this release has the fix)" };
            format!("before 1.{minor}.{}, {}: {state}", f.patch, f.what)
        })
        .collect();
    Some(format!(
        "kubernetesVersion {release}: {}; otherwise it behaves as the latest 1.{minor} patch release",
        parts.join("; ")
    ))
}
