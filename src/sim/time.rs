//! Instants and durations on the virtual clock, as the trace and the Simulation document write
//! them: instants UTC in RFC 3339 with as many fractional digits as the virtual clock needs,
//! durations in seconds the way JavaScript's `JSON.stringify` writes numbers (so the CLI's JSON
//! and the JS API's objects are the same bytes).

use chrono::{DateTime, SecondsFormat, Utc};
use serde::{Deserialize, Deserializer, Serializer};

/// An instant on the virtual clock, as the trace writes it.
pub type Time = DateTime<Utc>;

/// An instant as the trace writes it: `2025-01-15T10:47:00Z`, `2025-01-15T10:47:00.100Z`.
pub fn format_time(t: &Time) -> String {
    t.to_rfc3339_opts(SecondsFormat::AutoSi, true)
}

/// Serde for trace instants: `Z`-suffixed RFC 3339 with 0, 3, 6 or 9 fractional digits.
pub(crate) mod rfc3339 {
    use super::*;

    pub fn serialize<S: Serializer>(t: &Time, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format_time(t))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Time, D::Error> {
        let text = String::deserialize(d)?;
        DateTime::parse_from_rfc3339(&text)
            .map(|t| t.with_timezone(&Utc))
            .map_err(|e| serde::de::Error::custom(format!("invalid time {text:?}: {e}")))
    }

    /// The same for optional instants (`null` when absent).
    pub mod option {
        use super::*;

        pub fn serialize<S: Serializer>(t: &Option<Time>, s: S) -> Result<S::Ok, S::Error> {
            // `serialize_some`: formats that mark an option's presence (the page's bincode
            // protocol) need it; JSON writes the value alone either way.
            match t {
                Some(t) => s.serialize_some(&format_time(t)),
                None => s.serialize_none(),
            }
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Time>, D::Error> {
            #[derive(Deserialize)]
            struct Wrap(#[serde(with = "super")] Time);
            Ok(Option::<Wrap>::deserialize(d)?.map(|Wrap(t)| t))
        }
    }
}

/// Serde for durations in seconds: whole numbers are written without a fraction (`60`, `60.1`),
/// the way JavaScript's `JSON.stringify` writes numbers, so the CLI's JSON and the JS API's
/// objects serialize to the same bytes.
pub(crate) mod js_number {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(n: &f64, s: S) -> Result<S::Ok, S::Error> {
        if n.fract() == 0.0 && n.abs() < 9e15 {
            s.serialize_i64(*n as i64)
        } else {
            s.serialize_f64(*n)
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
        f64::deserialize(d)
    }

    /// The same for optional numbers.
    pub mod option {
        use serde::{Deserialize, Deserializer, Serializer};

        pub fn serialize<S: Serializer>(n: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
            /// A number written as [`super::serialize`] writes it.
            struct Number(f64);
            impl serde::Serialize for Number {
                fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                    super::serialize(&self.0, s)
                }
            }
            // `serialize_some`, as `rfc3339::option` does.
            match n {
                Some(n) => s.serialize_some(&Number(*n)),
                None => s.serialize_none(),
            }
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
            Option::<f64>::deserialize(d)
        }
    }
}
