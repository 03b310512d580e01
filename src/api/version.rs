//! The Kubernetes release a simulation models. Validation, defaulting and every controller choose
//! their behaviour by it, exactly where Kubernetes changed (each rule cites the release).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A Kubernetes minor release, `1.13` through `1.37`.
///
/// Parsing accepts a patch release and keeps only the minor; [`Release`] keeps the patch too, for
/// the few rules that changed in a patch release.
///
/// ```
/// use cronjob_playground::api::KubernetesVersion;
/// let v: KubernetesVersion = "v1.28.7".parse().unwrap();
/// assert_eq!(v.to_string(), "1.28");
/// assert!(v >= KubernetesVersion::new(21).unwrap());
/// assert!("1.12".parse::<KubernetesVersion>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct KubernetesVersion {
    minor: u8,
}

impl KubernetesVersion {
    /// The oldest release modelled: the first with the `batch/v1beta1` CronJob controller as
    /// the legacy controller models (1.13).
    pub const OLDEST: KubernetesVersion = KubernetesVersion { minor: 13 };
    /// The newest release modelled, and the default.
    pub const NEWEST: KubernetesVersion = KubernetesVersion { minor: 37 };

    /// The release `1.<minor>`, if it is within the modelled range.
    pub fn new(minor: u8) -> Option<Self> {
        let v = KubernetesVersion { minor };
        (Self::OLDEST..=Self::NEWEST).contains(&v).then_some(v)
    }

    /// Every modelled release, newest first (as the page's version menus list them).
    ///
    /// ```
    /// use cronjob_playground::api::KubernetesVersion;
    /// let all: Vec<_> = KubernetesVersion::all_newest_first().collect();
    /// assert_eq!((all[0], all[all.len() - 1]), (KubernetesVersion::NEWEST, KubernetesVersion::OLDEST));
    /// ```
    pub fn all_newest_first() -> impl Iterator<Item = Self> {
        (Self::OLDEST.minor..=Self::NEWEST.minor).rev().map(|minor| KubernetesVersion { minor })
    }

    /// The minor number (`28` for 1.28).
    pub fn minor(self) -> u8 {
        self.minor
    }

    /// Whether this release is `1.<minor>` or newer.
    pub fn at_least(self, minor: u8) -> bool {
        self.minor >= minor
    }
}

impl Default for KubernetesVersion {
    fn default() -> Self {
        Self::NEWEST
    }
}

impl fmt::Display for KubernetesVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "1.{}", self.minor)
    }
}

/// Why a text is not a supported Kubernetes version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VersionError(String);

impl fmt::Display for VersionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for VersionError {}

impl FromStr for KubernetesVersion {
    type Err = VersionError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || {
            VersionError(format!(
                "unsupported kubernetesVersion {text:?}: expected \"1.<minor>\" from {} to {}",
                Self::OLDEST,
                Self::NEWEST
            ))
        };
        let trimmed = text.strip_prefix('v').unwrap_or(text);
        let mut parts = trimmed.split('.');
        let (Some("1"), Some(minor)) = (parts.next(), parts.next()) else {
            return Err(bad());
        };
        let patch_ok = match parts.next() {
            None => true,
            Some(patch) => !patch.is_empty() && patch.bytes().all(|b| b.is_ascii_digit()),
        };
        if !patch_ok || parts.next().is_some() || minor.is_empty() || !minor.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        minor.parse::<u8>().ok().and_then(Self::new).ok_or_else(bad)
    }
}

impl Serialize for KubernetesVersion {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for KubernetesVersion {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A release as the input names it: the minor and, if given, the patch (`"1.26.0"`).
///
/// ```
/// use cronjob_playground::api::Release;
/// let r: Release = "v1.25.3".parse().unwrap();
/// assert_eq!((r.version.minor(), r.patch), (25, Some(3)));
/// assert_eq!(r.to_string(), "1.25.3");
/// assert_eq!("1.31".parse::<Release>().unwrap().patch, None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Release {
    pub version: KubernetesVersion,
    /// `None`: the latest patch release of the minor.
    pub patch: Option<u32>,
}

impl From<KubernetesVersion> for Release {
    fn from(version: KubernetesVersion) -> Self {
        Release { version, patch: None }
    }
}

impl fmt::Display for Release {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.patch {
            Some(p) => write!(f, "{}.{p}", self.version),
            None => write!(f, "{}", self.version),
        }
    }
}

impl FromStr for Release {
    type Err = VersionError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let version: KubernetesVersion = text.parse()?;
        let patch = text.trim_start_matches('v').splitn(3, '.').nth(2).map(|p| {
            p.parse::<u32>()
                .map_err(|_| VersionError(format!("unsupported kubernetesVersion {text:?}: patch too large")))
        });
        Ok(Release { version, patch: patch.transpose()? })
    }
}

impl Serialize for Release {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Release {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_minor_and_patch_forms() {
        let cases = [
            ("1.13", 13),
            ("1.35", 35),
            ("1.36", 36),
            ("v1.36.1", 36),
            ("1.37", 37),
            ("1.37.0", 37),
            ("v1.21", 21),
            ("1.28.7", 28),
            ("v1.23.13", 23),
        ];
        for (text, minor) in cases {
            assert_eq!(text.parse::<KubernetesVersion>().unwrap().minor(), minor, "{text}");
        }
    }

    #[test]
    fn rejects_out_of_range_and_malformed() {
        for text in
            ["1.12", "1.38", "v1.38.0", "2.0", "1", "1.", "1.28.", "1.28.x", "1.28.1.2", "", "latest", "1.-1", "1.+2"]
        {
            let err = text.parse::<KubernetesVersion>().unwrap_err();
            assert_eq!(
                err.to_string(),
                format!("unsupported kubernetesVersion {text:?}: expected \"1.<minor>\" from 1.13 to 1.37")
            );
        }
    }

    #[test]
    fn json_round_trip_uses_the_short_form() {
        let v: KubernetesVersion = serde_json::from_str("\"v1.20.15\"").unwrap();
        assert_eq!(serde_json::to_string(&v).unwrap(), "\"1.20\"");
        assert_eq!(KubernetesVersion::default(), KubernetesVersion::NEWEST);
    }

    /// 1.36.0 (2026-04-22) and 1.37.0 (2026-08-26) are the newest releases; the default follows
    /// the newest, and a patch of either is kept for the patch-level rules.
    #[test]
    fn newest_releases_are_1_36_and_1_37() {
        assert_eq!(KubernetesVersion::default().to_string(), "1.37");
        assert_eq!(KubernetesVersion::all_newest_first().take(3).map(|v| v.minor()).collect::<Vec<_>>(), [37, 36, 35]);
        assert_eq!(KubernetesVersion::all_newest_first().count(), 25);
        let r: Release = "v1.36.1".parse().unwrap();
        assert_eq!((r.version.minor(), r.patch, r.to_string()), (36, Some(1), "1.36.1".to_string()));
        assert_eq!(Release::default().to_string(), "1.37");
    }
}
