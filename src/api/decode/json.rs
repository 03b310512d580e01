//! A node tree to and from JSON: what kubectl sends for an object written in YAML.

use super::*;

/// A JSON value as a node tree for [`decode_json`]: strings are quoted scalars, numbers,
/// booleans and null plain ones (so they resolve to their JSON types), positions are unknown.
pub(super) fn from_json(value: &serde_json::Value) -> Node {
    use serde_json::Value;
    let scalar = |text: String, plain: bool| Node { pos: Pos::default(), kind: NodeKind::Scalar { text, plain } };
    match value {
        Value::Null => scalar("null".into(), true),
        Value::Bool(b) => scalar(b.to_string(), true),
        Value::Number(n) => scalar(n.to_string(), true),
        Value::String(s) => scalar(s.clone(), false),
        Value::Array(items) => Node { pos: Pos::default(), kind: NodeKind::Seq(items.iter().map(from_json).collect()) },
        Value::Object(map) => Node {
            pos: Pos::default(),
            kind: NodeKind::Map(map.iter().map(|(k, v)| (scalar(k.clone(), false), from_json(v))).collect()),
        },
    }
}

/// The document as JSON, the way kubectl would send it: used to echo fields that are not
/// modelled. Scalars are resolved by YAML 1.1 rules; `null` entries are left out.
pub fn to_json(node: &Node) -> serde_json::Value {
    use serde_json::Value;
    match &node.kind {
        NodeKind::Scalar { text, plain } => match resolve(text, *plain) {
            Scalar::Null => Value::Null,
            Scalar::Bool(b) => Value::Bool(b),
            Scalar::Int(n) => i64::try_from(n).map(Value::from).unwrap_or_else(|_| Value::from(n as f64)),
            Scalar::Float(f) => serde_json::Number::from_f64(f).map(Value::Number).unwrap_or(Value::Null),
            Scalar::Str(s) => Value::String(s.to_string()),
        },
        NodeKind::Seq(items) => Value::Array(items.iter().map(to_json).collect()),
        NodeKind::Map(entries) => {
            // Inserted one by one (the last duplicate wins), not collected: collecting sorts,
            // and a sort is a few KB of code per element type in the wasm.
            let mut map = serde_json::Map::new();
            for (k, v) in entries.iter().filter(|(_, v)| !v.is_null()) {
                let key = match &k.kind {
                    NodeKind::Scalar { text, plain } => as_string(text, *plain).unwrap_or_else(|| "null".into()),
                    _ => String::new(),
                };
                map.insert(key, to_json(v));
            }
            Value::Object(map)
        }
    }
}
