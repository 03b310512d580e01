//! The `serde` side: a YAML node tree as a `Deserializer`, sequences and maps as
//! `SeqAccess`/`MapAccess`, typed the way `encoding/json` types what `sigs.k8s.io/yaml` hands it.

use super::*;

macro_rules! integer_method {
    ($method:ident, $visit:ident, $ty:ty, $go:literal) => {
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
            match self.integer($go, <$ty>::MIN as i128, <$ty>::MAX as i128)? {
                Some(n) => visitor.$visit(n as $ty).map_err(self.at()),
                None => visitor.$visit(0).map_err(self.at()),
            }
        }
    };
}

impl<'de, 'n, 'c> de::Deserializer<'de> for De<'n, 'c> {
    type Error = DecodeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match &self.node.kind {
            NodeKind::Scalar { text, plain } => match resolve(text, *plain) {
                Scalar::Null => visitor.visit_unit(),
                Scalar::Bool(b) => visitor.visit_bool(b),
                Scalar::Int(n) => match i64::try_from(n) {
                    Ok(n) => visitor.visit_i64(n),
                    Err(_) => visitor.visit_f64(n as f64),
                },
                Scalar::Float(f) => visitor.visit_f64(f),
                Scalar::Str(s) => visitor.visit_str(s),
            }
            .map_err(self.at()),
            NodeKind::Seq(_) => self.deserialize_seq(visitor),
            NodeKind::Map(_) => self.deserialize_map(visitor),
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match &self.node.kind {
            NodeKind::Scalar { text, plain } => match resolve(text, *plain) {
                Scalar::Bool(b) => visitor.visit_bool(b).map_err(self.at()),
                Scalar::Null => visitor.visit_bool(false).map_err(self.at()),
                _ => Err(self.mismatch("bool")),
            },
            _ => Err(self.mismatch("bool")),
        }
    }

    integer_method!(deserialize_i8, visit_i8, i8, "int8");
    integer_method!(deserialize_i16, visit_i16, i16, "int16");
    integer_method!(deserialize_i32, visit_i32, i32, "int32");
    integer_method!(deserialize_i64, visit_i64, i64, "int64");
    integer_method!(deserialize_u8, visit_u8, u8, "uint8");
    integer_method!(deserialize_u16, visit_u16, u16, "uint16");
    integer_method!(deserialize_u32, visit_u32, u32, "uint32");
    integer_method!(deserialize_u64, visit_u64, u64, "uint64");

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_f64(visitor)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match &self.node.kind {
            NodeKind::Scalar { text, plain } => match resolve(text, *plain) {
                Scalar::Int(n) => visitor.visit_f64(n as f64).map_err(self.at()),
                Scalar::Float(f) => visitor.visit_f64(f).map_err(self.at()),
                Scalar::Null => visitor.visit_f64(0.0).map_err(self.at()),
                _ => Err(self.mismatch("float64")),
            },
            _ => Err(self.mismatch("float64")),
        }
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        let text = self.string("string")?.unwrap_or_default();
        visitor.visit_str(&text).map_err(|e: DecodeError| {
            let message =
                if self.field.ends_with("Timestamp") || self.field.ends_with("Time") || self.field.ends_with("At") {
                    format!("parsing time \"{text}\" as \"2006-01-02T15:04:05Z07:00\": {}", e.message)
                } else {
                    e.message
                };
            DecodeError { message, pos: Some(self.node.pos), path: Some(self.path.clone()) }
        })
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        if self.is_null() {
            visitor.visit_none()
        } else {
            let at = self.node.pos;
            visitor.visit_some(self).map_err(|e| DecodeError { pos: e.pos.or(Some(at)), ..e })
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        visitor.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        visitor.visit_unit()
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match &self.node.kind {
            NodeKind::Seq(items) => {
                let access = Seq { parent: self.clone(), items: items.iter().enumerate() };
                visitor.visit_seq(access).map_err(self.at())
            }
            _ if self.is_null() => visitor.visit_seq(Seq { parent: self.clone(), items: [].iter().enumerate() }),
            _ => Err(self.mismatch(go_slice_type(self.struct_name, self.field))),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match &self.node.kind {
            NodeKind::Map(entries) => {
                // Last duplicate wins; an index keeps large maps (labels) linear.
                let mut kept: Vec<Option<(String, &'n Node, &'n Node)>> = Vec::new();
                let mut index: HashMap<String, usize> = HashMap::new();
                for (key, value) in entries {
                    let NodeKind::Scalar { text, plain } = &key.kind else {
                        return Err(DecodeError {
                            message: "mapping keys must be strings".into(),
                            pos: Some(key.pos),
                            path: Some(self.path.clone()),
                        });
                    };
                    let text = as_string(text, *plain).unwrap_or_else(|| "null".into());
                    if let Some(i) = index.insert(text.clone(), kept.len()) {
                        let path = join(&self.path, &text);
                        let earlier = kept[i].as_ref().map_or(key.pos, |(_, k, _)| k.pos);
                        self.duplicate(&path, &text, None, earlier, key.pos);
                        kept[i] = None;
                    }
                    kept.push(Some((text, key, value)));
                }
                let kept: Vec<_> = kept.into_iter().flatten().collect();
                let access = Map { parent: self.clone(), entries: kept.into_iter(), value: None };
                visitor.visit_map(access).map_err(self.at())
            }
            _ if self.is_null() => {
                visitor.visit_map(Map { parent: self.clone(), entries: Vec::new().into_iter(), value: None })
            }
            _ => Err(self.mismatch("map[string]string")),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        if self.is_null() {
            return visitor.visit_map(Fields { parent: self.clone(), entries: Vec::new().into_iter(), value: None });
        }
        let entries = self.struct_entries(name, fields)?;
        let inner = De { struct_name: name, ..self.clone() };
        visitor.visit_map(Fields { parent: inner, entries: entries.into_iter(), value: None }).map_err(self.at())
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        let variant = self.variant(name, variants)?;
        visitor.visit_enum(IntoDeserializer::<DecodeError>::into_deserializer(variant)).map_err(self.at())
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        visitor.visit_unit()
    }
}

struct Seq<'n, 'c, I> {
    parent: De<'n, 'c>,
    items: I,
}

impl<'de, 'n, 'c, I: Iterator<Item = (usize, &'n Node)>> de::SeqAccess<'de> for Seq<'n, 'c, I> {
    type Error = DecodeError;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, DecodeError> {
        match self.items.next() {
            Some((i, node)) => seed.deserialize(self.parent.child(node, None, Some(i))).map(Some),
            None => Ok(None),
        }
    }
}

/// A plain map (labels, annotations): keys converted like strings.
struct Map<'n, 'c> {
    parent: De<'n, 'c>,
    entries: std::vec::IntoIter<(String, &'n Node, &'n Node)>,
    value: Option<(String, &'n Node)>,
}

impl<'de, 'n, 'c> de::MapAccess<'de> for Map<'n, 'c> {
    type Error = DecodeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, DecodeError> {
        let Some((key, key_node, value)) = self.entries.next() else { return Ok(None) };
        let result = seed
            .deserialize(key.as_str().into_deserializer())
            .map_err(|e: DecodeError| DecodeError { pos: Some(key_node.pos), ..e });
        self.value = Some((key, value));
        result.map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, DecodeError> {
        let (key, node) = self.value.take().expect("serde asks for a value after its key");
        let mut child = self.parent.child(node, None, None);
        child.path = join(&self.parent.path, &key);
        seed.deserialize(child)
    }
}

/// A struct's known fields. Keys go to the visitor as field indexes: serde's derived field
/// visitors match an index with one jump where a name takes a string comparison per field.
/// A known field of a struct: its name, its value and its index among the struct's fields.
pub(super) type Field<'n> = (&'n str, &'n Node, usize);

struct Fields<'n, 'c> {
    parent: De<'n, 'c>,
    entries: std::vec::IntoIter<Field<'n>>,
    value: Option<(&'n str, &'n Node)>,
}

impl<'de, 'n, 'c> de::MapAccess<'de> for Fields<'n, 'c> {
    type Error = DecodeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, DecodeError> {
        let Some((key, value, index)) = self.entries.next() else {
            return Ok(None);
        };
        self.value = Some((key, value));
        seed.deserialize(IntoDeserializer::<DecodeError>::into_deserializer(index as u64)).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, DecodeError> {
        let (key, node) = self.value.take().expect("serde asks for a value after its key");
        seed.deserialize(self.parent.child(node, Some(key), None))
    }
}
