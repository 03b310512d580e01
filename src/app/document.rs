//! The page's form controls edit the `Simulation` document inside the editor's text: this finds
//! that document among the `---`-separated ones and replaces it (or appends one) with the
//! controls' values, written as block YAML, leaving every other document exactly as typed.

use serde_json::Value;

/// Writes `value` as block-style YAML (the way a person would type a Simulation document).
///
/// ```
/// use cronjob_playground::app::document::to_yaml;
/// let v = serde_json::json!({"kind": "Simulation", "spec": {"duration": "24h",
///     "pods": [{"attempts": [{"durationSeconds": 30.0, "exitCode": 1}]}]}});
/// assert_eq!(to_yaml(&v), "kind: Simulation\nspec:\n  duration: 24h\n  pods:\n  - attempts:\n    - {durationSeconds: \
///     30, exitCode: 1}\n");
/// ```
pub fn to_yaml(value: &Value) -> String {
    let mut out = String::new();
    write_block(&mut out, value, 0);
    out
}

fn is_flat(v: &Value) -> bool {
    match v {
        Value::Object(m) => m.values().all(|x| !x.is_object() && !x.is_array()),
        Value::Array(a) => a.iter().all(|x| !x.is_object() && !x.is_array()),
        _ => true,
    }
}

fn write_block(out: &mut String, value: &Value, indent: usize) {
    let pad = " ".repeat(indent);
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                out.push_str(&pad);
                out.push_str(&scalar_text(&Value::String(k.clone())));
                out.push(':');
                write_child(out, v, indent, false);
            }
        }
        Value::Array(items) => {
            for v in items {
                out.push_str(&pad);
                out.push('-');
                write_child(out, v, indent, true);
            }
        }
        other => {
            out.push_str(&pad);
            out.push_str(&scalar_text(other));
            out.push('\n');
        }
    }
}

/// Writes the value after `key:` or `-`.
fn write_child(out: &mut String, v: &Value, indent: usize, in_seq: bool) {
    let empty = matches!(v, Value::Object(m) if m.is_empty()) || matches!(v, Value::Array(a) if a.is_empty());
    if !v.is_object() && !v.is_array() || empty || (in_seq && is_flat(v) && v.is_object()) {
        out.push(' ');
        out.push_str(&flow(v));
        out.push('\n');
    } else if in_seq && v.is_object() {
        // `- key: ...` with the following keys aligned under the first.
        let mut nested = String::new();
        write_block(&mut nested, v, indent + 2);
        out.push(' ');
        out.push_str(&nested[indent + 2..]);
    } else {
        out.push('\n');
        // Kubernetes style: a sequence under a key is not indented further.
        write_block(out, v, if v.is_array() { indent } else { indent + 2 });
    }
}

/// A value in flow style (`{a: 1, b: x}`, `[1, 2]`, scalars).
fn flow(v: &Value) -> String {
    match v {
        Value::Object(m) => {
            let parts: Vec<String> =
                m.iter().map(|(k, v)| format!("{}: {}", scalar_text(&Value::String(k.clone())), flow(v))).collect();
            format!("{{{}}}", parts.join(", "))
        }
        Value::Array(a) => format!("[{}]", a.iter().map(flow).collect::<Vec<_>>().join(", ")),
        other => scalar_text(other),
    }
}

/// A scalar, quoted when YAML would otherwise read it as something else.
fn scalar_text(v: &Value) -> String {
    match v {
        Value::String(s) => {
            let plain = !s.is_empty()
                && s.chars().all(|c| c.is_alphanumeric() || "-_./+".contains(c))
                && !s.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '.')
                && !matches!(
                    s.to_ascii_lowercase().as_str(),
                    "true" | "false" | "yes" | "no" | "on" | "off" | "null" | "y" | "n" | "~"
                );
            let duration_like = s.chars().next().is_some_and(|c| c.is_ascii_digit())
                && s.chars().any(|c| c.is_ascii_alphabetic())
                && !s.contains(['e', 'E', 'x', 'X', 'o', 'O', 'b', 'B']);
            if plain || (duration_like && !s.contains(':') && !s.contains(' ')) {
                s.clone()
            } else {
                serde_json::to_string(s).unwrap_or_default()
            }
        }
        Value::Null => "null".into(),
        // Whole floats as integers (`8`, not `8.0`): serde writes f64 fields with a fraction.
        Value::Number(n)
            if n.as_f64().is_some_and(|f| f.fract() == 0.0 && f.abs() < 1e15) && !n.is_i64() && !n.is_u64() =>
        {
            format!("{}", n.as_f64().unwrap_or_default() as i64)
        }
        other => other.to_string(),
    }
}

/// Byte ranges of the documents of `text` (split on `---` lines).
fn documents(text: &str) -> Vec<(usize, usize)> {
    let mut docs = Vec::new();
    let mut start = 0;
    let mut pos = 0;
    for line in text.split_inclusive('\n') {
        if line.trim_end() == "---" || line.starts_with("--- ") {
            docs.push((start, pos));
            start = pos + line.len();
        }
        pos += line.len();
    }
    docs.push((start, text.len()));
    docs
}

fn is_simulation(doc: &str) -> bool {
    doc.lines().any(|l| {
        let l = l.trim_end();
        l == "kind: Simulation" || l == "kind: \"Simulation\"" || l == "kind: 'Simulation'"
    }) || doc.contains("\"kind\": \"Simulation\"")
        || doc.contains("\"kind\":\"Simulation\"")
}

/// `text` with its Simulation document replaced by `simulation` (appended after a `---` when
/// there is none).
///
/// ```
/// use cronjob_playground::app::document::replace_simulation;
/// let text = "kind: CronJob\n---\nkind: Simulation\nspec: {duration: 1h}\n";
/// let sim = serde_json::json!({"kind": "Simulation", "spec": {"duration": "2h"}});
/// assert_eq!(replace_simulation(text, &sim), "kind: CronJob\n---\nkind: Simulation\nspec:\n  duration: 2h\n");
/// assert_eq!(replace_simulation("kind: CronJob", &sim), "kind: CronJob\n---\nkind: Simulation\nspec:\n  duration: \
///     2h\n");
/// ```
pub fn replace_simulation(text: &str, simulation: &Value) -> String {
    let yaml = to_yaml(simulation);
    match documents(text).into_iter().find(|(s, e)| is_simulation(&text[*s..*e])) {
        Some((s, e)) => format!("{}{}{}", &text[..s], yaml, &text[e..]),
        None => {
            let sep = if text.is_empty() || text.ends_with('\n') { "" } else { "\n" };
            format!("{text}{sep}---\n{yaml}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::scenario::Simulation;
    use serde_json::json;

    #[test]
    fn the_written_document_reads_back_as_the_same_simulation() {
        let doc = json!({
            "apiVersion": "playground.cronjob.dev/v1alpha1", "kind": "Simulation", "metadata": {"name": "example"},
            "spec": {
                "kubernetesVersion": "1.28", "start": "2025-01-15T10:47:00Z", "duration": "7d",
                    "controllerTimeZone": "Asia/Seoul",
                "pods": [{"selector": {"cronJob": "backup"}, "startupSeconds": 2,
                          "attempts": [{"durationSeconds": 30, "exitCode": 1}, {"durationSeconds": 8, "exitCode": 0}]}],
                "events": [{"at": "2025-01-15T12:00:00Z", "patch": {"cronJob": "backup",
                    "spec": {"schedule": "0 5 * * *", "suspend": true}}}]
            }
        });
        let yaml = to_yaml(&doc);
        // serde_json sorts keys; nested maps stay in block style, flat ones in sequences go inline.
        assert_eq!(
            yaml,
            "apiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nmetadata:\n  name: example\nspec:\n  \
            controllerTimeZone: Asia/Seoul\n  duration: 7d\n  events:\n  - at: \"2025-01-15T12:00:00Z\"\n    \
            patch:\n      cronJob: backup\n      spec:\n        schedule: \"0 5 * * *\"\n        suspend: true\n  \
            kubernetesVersion: \"1.28\"\n  pods:\n  - attempts:\n    - {durationSeconds: 30, exitCode: 1}\n    - \
            {durationSeconds: 8, exitCode: 0}\n    selector:\n      cronJob: backup\n    startupSeconds: 2\n  start: \
            \"2025-01-15T10:47:00Z\"\n"
        );
        // The YAML parses (via saphyr) back to the same JSON.
        let parsed = saphyr_to_json(&yaml);
        assert_eq!(parsed, doc);
        assert!(Simulation::from_value(parsed).is_ok());
    }

    fn saphyr_to_json(text: &str) -> Value {
        use saphyr::{LoadableYamlNode, Yaml};
        fn conv(y: &Yaml) -> Value {
            match y {
                Yaml::Mapping(m) => {
                    Value::Object(m.iter().map(|(k, v)| (k.as_str().unwrap().to_string(), conv(v))).collect())
                }
                Yaml::Sequence(s) => Value::Array(s.iter().map(conv).collect()),
                Yaml::Value(s) => match s {
                    saphyr::Scalar::String(s) => Value::String(s.to_string()),
                    saphyr::Scalar::Integer(i) => json!(i),
                    saphyr::Scalar::FloatingPoint(f) => json!(f.into_inner()),
                    saphyr::Scalar::Boolean(b) => json!(b),
                    saphyr::Scalar::Null => Value::Null,
                },
                other => panic!("{other:?}"),
            }
        }
        conv(&Yaml::load_from_str(text).unwrap()[0])
    }

    #[test]
    fn only_the_simulation_document_changes() {
        let text =
            "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: a}   # mine\n---\nkind: Simulation\nspec:\n  \
            duration: 1h\n---\nkind: Job\n";
        let out = replace_simulation(text, &json!({"kind": "Simulation"}));
        assert_eq!(
            out,
            "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: a}   # mine\n---\nkind: \
            Simulation\n---\nkind: Job\n"
        );
    }
}
