//! `corev1.ResourceRequirements` as far as the cluster view reads it: the `requests` of a pod's
//! containers, and the pod's effective request — what the scheduler reserves for it — computed as
//! `k8s.io/component-helpers/resource` `PodRequests` does (1.29+, with sidecars): the app
//! containers' and sidecars' requests summed, or an init container's with the sidecars started
//! before it, whichever is larger. Quantities are read as `resource.ParseQuantity` reads them
//! (`k8s.io/apimachinery/pkg/api/resource/quantity.go`): a decimal number, then a binary suffix
//! (`Ki` … `Ei`), a decimal one (`n`, `u`, `m`, `k`, `M`, `G`, `T`, `P`, `E`) or an exponent.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;

/// The message `resource.ParseQuantity`'s `ErrFormatWrong` gives.
pub const QUANTITY_FORMAT: &str =
    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

/// A resource quantity (`500m`, `1.5`, `128Mi`, `1e3`), kept as written.
#[derive(Clone, Debug, PartialEq)]
pub struct Quantity {
    text: String,
    value: f64,
}

impl Quantity {
    /// Reads a quantity.
    ///
    /// ```
    /// use cronjob_playground::api::Quantity;
    /// assert_eq!(Quantity::parse("500m").unwrap().value(), 0.5);
    /// assert_eq!(Quantity::parse("128Mi").unwrap().value(), 134_217_728.0);
    /// assert_eq!(Quantity::parse("1e3").unwrap().value(), 1000.0);
    /// assert!(Quantity::parse("1 cpu").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Quantity, &'static str> {
        let digits =
            text.find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '+' || c == '-')).unwrap_or(text.len());
        let (number, suffix) = text.split_at(digits);
        let unsigned = number.strip_prefix(['+', '-']).unwrap_or(number);
        if unsigned.is_empty() || unsigned.contains(['+', '-']) || unsigned.matches('.').count() > 1 || unsigned == "."
        {
            return Err(QUANTITY_FORMAT);
        }
        let base: f64 = number.parse().map_err(|_| QUANTITY_FORMAT)?;
        let scale = match suffix {
            "" => 1.0,
            "Ki" => 1024f64,
            "Mi" => 1024f64.powi(2),
            "Gi" => 1024f64.powi(3),
            "Ti" => 1024f64.powi(4),
            "Pi" => 1024f64.powi(5),
            "Ei" => 1024f64.powi(6),
            "n" => 1e-9,
            "u" => 1e-6,
            "m" => 1e-3,
            "k" => 1e3,
            "M" => 1e6,
            "G" => 1e9,
            "T" => 1e12,
            "P" => 1e15,
            "E" => 1e18,
            e => {
                let exponent = e.strip_prefix(['e', 'E']).ok_or(QUANTITY_FORMAT)?;
                let digits = exponent.strip_prefix(['+', '-']).unwrap_or(exponent);
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(QUANTITY_FORMAT);
                }
                10f64.powi(exponent.parse::<i32>().map_err(|_| QUANTITY_FORMAT)?)
            }
        };
        Ok(Quantity { text: text.to_string(), value: base * scale })
    }

    /// The amount in the resource's base unit (cores, bytes).
    pub fn value(&self) -> f64 {
        self.value
    }
}

impl Serialize for Quantity {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text)
    }
}

impl<'de> Deserialize<'de> for Quantity {
    /// A string, or a number as YAML writes `cpu: 1` (which the API server reads as `"1"`).
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Quantity, D::Error> {
        let text = match serde_json::Value::deserialize(d)? {
            serde_json::Value::String(s) => s,
            serde_json::Value::Number(n) => n.to_string(),
            _ => return Err(serde::de::Error::custom(QUANTITY_FORMAT)),
        };
        Quantity::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// `corev1.ResourceRequirements`: its `requests` and `limits` (`claims` is kept as written, not read).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ResourceRequirements {
    #[serde(default, deserialize_with = "super::meta::null_as_default", skip_serializing_if = "BTreeMap::is_empty")]
    pub requests: BTreeMap<String, Quantity>,
    #[serde(default, deserialize_with = "super::meta::null_as_default", skip_serializing_if = "BTreeMap::is_empty")]
    pub limits: BTreeMap<String, Quantity>,
}

/// What a pod asks the scheduler for: CPU in millicores and memory in bytes, each `None` when no
/// container of the pod requests it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PodRequests {
    pub cpu_millis: Option<u64>,
    pub memory_bytes: Option<u64>,
}

impl PodRequests {
    /// Whether the pod requests nothing.
    pub fn is_empty(&self) -> bool {
        self.cpu_millis.is_none() && self.memory_bytes.is_none()
    }
}

/// The effective request of a pod spec (see the module's doc).
///
/// ```
/// use cronjob_playground::api::{pod_requests, PodSpec};
/// let spec: PodSpec = serde_json::from_str(r#"{"containers": [
///     {"name": "a", "resources": {"requests": {"cpu": "250m", "memory": "64Mi"}}},
///     {"name": "b", "resources": {"requests": {"cpu": "250m"}}}],
///   "initContainers": [{"name": "migrate", "resources": {"requests": {"cpu": "2"}}}]}"#).unwrap();
/// let r = pod_requests(&spec);
/// assert_eq!((r.cpu_millis, r.memory_bytes), (Some(2000), Some(67_108_864)));
/// ```
pub fn pod_requests(spec: &super::PodSpec) -> PodRequests {
    let of = |c: &super::Container, name: &str, scale: f64| {
        c.resources.as_ref().and_then(|r| r.requests.get(name)).map(|q| (q.value() * scale).ceil().max(0.0) as u64)
    };
    let resource = |name: &str, scale: f64| -> Option<u64> {
        let mut any = false;
        let mut sidecars = 0u64;
        let mut init_peak = 0u64;
        for c in &spec.init_containers {
            let r = of(c, name, scale);
            any |= r.is_some();
            if c.is_restartable() {
                sidecars += r.unwrap_or(0);
            } else {
                init_peak = init_peak.max(r.unwrap_or(0) + sidecars);
            }
        }
        let mut app = 0u64;
        for c in &spec.containers {
            let r = of(c, name, scale);
            any |= r.is_some();
            app += r.unwrap_or(0);
        }
        any.then_some(init_peak.max(app + sidecars))
    };
    PodRequests { cpu_millis: resource("cpu", 1000.0), memory_bytes: resource("memory", 1.0) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantities_read_as_the_api_server_reads_them() {
        let v = |t: &str| Quantity::parse(t).map(|q| q.value());
        assert_eq!(v("100m"), Ok(0.1));
        assert_eq!(v("1"), Ok(1.0));
        assert_eq!(v("0.5"), Ok(0.5));
        assert_eq!(v("1Gi"), Ok(1_073_741_824.0));
        assert_eq!(v("1G"), Ok(1e9));
        assert_eq!(v("2k"), Ok(2000.0));
        assert_eq!(v("1E"), Ok(1e18));
        assert_eq!(v("12e6"), Ok(12e6));
        assert_eq!(v("+1.5"), Ok(1.5));
        for bad in ["", "m", "1.2.3", "1Mb", "1 Gi", "one", "1e", "--1", "."] {
            assert_eq!(v(bad), Err(QUANTITY_FORMAT), "{bad:?}");
        }
    }

    #[test]
    fn a_pod_requests_its_containers_and_sidecars_or_its_largest_init_container() {
        let spec = |json: &str| -> super::super::PodSpec { serde_json::from_str(json).unwrap() };
        // Sidecars run beside the app containers and count with them; a regular init container
        // runs alone with the sidecars started before it.
        let r = pod_requests(&spec(
            r#"{"initContainers": [
                {"name": "proxy", "restartPolicy": "Always", "resources": {"requests": {"cpu": "100m"}}},
                {"name": "init", "resources": {"requests": {"cpu": "500m", "memory": "1Gi"}}}],
              "containers": [{"name": "app", "resources": {"requests": {"cpu": 1, "memory": "256Mi"}}}]}"#,
        ));
        assert_eq!(r, PodRequests { cpu_millis: Some(1100), memory_bytes: Some(1_073_741_824) });
        assert!(pod_requests(&spec(r#"{"containers": [{"name": "app"}]}"#)).is_empty());
        let bad: Result<super::super::PodSpec, _> =
            serde_json::from_str(r#"{"containers": [{"name": "a", "resources": {"requests": {"cpu": "1 core"}}}]}"#);
        assert!(bad.unwrap_err().to_string().starts_with(QUANTITY_FORMAT));
    }
}
