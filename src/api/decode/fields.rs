//! The decoder's own checks while it walks an object: paths, positions, strict-field findings
//! (unknown and duplicate fields), fields of later releases and dropped alpha fields, and
//! `encoding/json`'s type-mismatch errors.

use super::*;

impl<'n, 'c> De<'n, 'c> {
    pub(super) fn kind_name(&self) -> String {
        match &self.node.kind {
            NodeKind::Seq(_) => "array".into(),
            NodeKind::Map(_) => "object".into(),
            NodeKind::Scalar { text, plain } => match resolve(text, *plain) {
                Scalar::Null => "null".into(),
                Scalar::Bool(_) => "bool".into(),
                Scalar::Int(_) | Scalar::Float(_) => "number".into(),
                Scalar::Str(_) => "string".into(),
            },
        }
    }

    pub(super) fn type_error(&self, value: String, go_type: &str) -> DecodeError {
        let message = if self.struct_name.is_empty() {
            format!("json: cannot unmarshal {value} into Go value of type {go_type}")
        } else {
            format!(
                "json: cannot unmarshal {value} into Go struct field {}.{} of type {go_type}",
                self.struct_name, self.go_path
            )
        };
        DecodeError { message, pos: Some(self.node.pos), path: Some(self.path.clone()) }
    }

    pub(super) fn mismatch(&self, go_type: &str) -> DecodeError {
        self.type_error(self.kind_name(), go_type)
    }

    pub(super) fn at(&self) -> impl Fn(DecodeError) -> DecodeError + '_ {
        move |e| DecodeError {
            pos: e.pos.or(Some(self.node.pos)),
            path: e.path.or_else(|| Some(self.path.clone())),
            ..e
        }
    }

    pub(super) fn child(&self, node: &'n Node, key: Option<&'n str>, index: Option<usize>) -> De<'n, 'c> {
        let (path, go_path, field) = match (key, index) {
            (Some(k), _) => (join(&self.path, k), join(&self.go_path, k), k),
            (None, Some(i)) => (format!("{}[{i}]", self.path), self.go_path.clone(), self.field),
            (None, None) => (self.path.clone(), self.go_path.clone(), self.field),
        };
        De { node, ctx: self.ctx, path, go_path, struct_name: self.struct_name, field }
    }

    pub(super) fn is_null(&self) -> bool {
        self.node.is_null()
    }

    pub(super) fn integer(&self, go_type: &str, min: i128, max: i128) -> Result<Option<i128>, DecodeError> {
        match &self.node.kind {
            NodeKind::Scalar { text, plain } => match resolve(text, *plain) {
                Scalar::Null => Ok(None),
                Scalar::Int(n) if (min..=max).contains(&n) => Ok(Some(n)),
                Scalar::Int(_) => Err(self.type_error(format!("number {text}"), go_type)),
                Scalar::Float(f) if f.fract() == 0.0 && (min as f64..=max as f64).contains(&f) => Ok(Some(f as i128)),
                Scalar::Float(_) => Err(self.type_error(format!("number {text}"), go_type)),
                _ => Err(self.mismatch(go_type)),
            },
            _ => Err(self.mismatch(go_type)),
        }
    }

    pub(super) fn string(&self, go_type: &str) -> Result<Option<String>, DecodeError> {
        match &self.node.kind {
            // In JSON only strings (never plain) and null are read into a string.
            NodeKind::Scalar { plain: true, .. } if self.ctx.json && !self.is_null() => Err(self.mismatch(go_type)),
            NodeKind::Scalar { text, plain } => Ok(as_string(text, *plain)),
            _ => Err(self.mismatch(go_type)),
        }
    }

    /// The index of the variant written at this node for Go's named string type `name`: the
    /// first when the text is outside the set, which validation then reports.
    pub(super) fn variant(&self, name: &str, variants: &[&str]) -> Result<u32, DecodeError> {
        let text = self.string(&go_named_type(name))?.unwrap_or_default();
        Ok(match variants.iter().position(|v| *v == text) {
            Some(i) => i as u32,
            None => {
                self.ctx.findings.borrow_mut().unsupported.insert(self.path.clone(), text);
                0
            }
        })
    }

    pub(super) fn strict(&self, path: &str, message: String, client_message: String, pos: Pos) {
        self.ctx.findings.borrow_mut().strict.push(StrictIssue {
            path: path.to_string(),
            message,
            client_message,
            pos,
        });
    }

    /// A key written twice: an error for JSON text (strict field validation sees it), for YAML
    /// the earlier value dropped as kubectl's conversion drops it, with a warning that says so.
    pub(super) fn duplicate(&self, path: &str, key: &str, struct_name: Option<&str>, earlier: Pos, pos: Pos) {
        if self.ctx.json_text {
            let client = match struct_name {
                Some(name) => format!("duplicate field \"{key}\" in {}", openapi_name(name)),
                None => format!("duplicate field \"{key}\""),
            };
            return self.strict(path, format!("duplicate field \"{path}\""), client, pos);
        }
        self.ctx.findings.borrow_mut().notes.push(ReadNote::DuplicateKey {
            path: path.to_string(),
            earlier_line: earlier.line,
            line: pos.line,
        });
    }

    /// The entries of a mapping to hand to a struct visitor: known fields only (with their index
    /// in `fields`), last duplicate wins.
    pub(super) fn struct_entries(
        &self,
        name: &'static str,
        fields: &'static [&'static str],
    ) -> Result<Vec<Field<'n>>, DecodeError> {
        let NodeKind::Map(entries) = &self.node.kind else {
            return Err(self.mismatch(&go_named_type(name)));
        };
        let mut kept: Vec<Field<'n>> = Vec::new();
        for (key, value) in entries {
            let Some(text) = key.scalar() else {
                return Err(DecodeError {
                    message: "mapping keys must be strings".into(),
                    pos: Some(key.pos),
                    path: Some(self.path.clone()),
                });
            };
            let path = join(&self.path, text);
            if let Some(i) = kept.iter().position(|(k, _, _)| *k == text) {
                let earlier = entries.iter().find(|(k, _)| k.scalar() == Some(text)).map_or(key.pos, |(k, _)| k.pos);
                self.duplicate(&path, text, Some(name), earlier, key.pos);
                kept.remove(i);
            }
            let index = fields.iter().position(|f| *f == text);
            if index.is_none() && !unmodelled(name).contains(&text) {
                self.unknown(name, text, &path, key.pos);
                continue;
            }
            // A field of a later release, modelled or not: unknown before it existed, dropped
            // while its feature gate was alpha.
            if let Some((alpha, beta, gate)) = introduced(name, text) {
                let version = self.ctx.version;
                let beta_status = name == "CronJobStatus" && self.ctx.beta_cronjob;
                if !version.at_least(alpha) || beta_status {
                    self.unknown(name, text, &path, key.pos);
                    continue;
                }
                let switched = self.ctx.gates.iter().find(|(g, _)| g == gate).map(|&(_, on)| on);
                if !switched.unwrap_or(version.at_least(beta)) {
                    self.ctx.findings.borrow_mut().notes.push(ReadNote::DroppedField {
                        path,
                        gate: gate.to_string(),
                        alpha_in: switched.is_none().then_some(version),
                    });
                    continue;
                }
            }
            if let Some(index) = index {
                kept.push((text, value, index));
            }
        }
        Ok(kept)
    }

    pub(super) fn unknown(&self, struct_name: &str, field: &str, path: &str, pos: Pos) {
        let parent = path.rsplit_once('.').map_or("", |(p, _)| p);
        let location = if parent.is_empty() { String::new() } else { format!(".{parent}") };
        self.strict(
            path,
            format!("unknown field \"{path}\""),
            format!("ValidationError({{kind}}{location}): unknown field \"{field}\" in {}", openapi_name(struct_name)),
            pos,
        );
    }
}

pub(super) fn join(base: &str, key: &str) -> String {
    if base.is_empty() {
        key.to_string()
    } else {
        format!("{base}.{key}")
    }
}
