//! The packed format's primitives: a [`Writer`] that appends little-endian numbers, instants,
//! strings and JSON values to a buffer, and the [`Reader`] that reads them back in the same order,
//! failing with a [`PackError`] (never a panic) on a mismatched or damaged buffer.

use crate::sim::trace::Time;
use chrono::DateTime;
use serde_json::Value;

/// Appends little-endian numbers, instants and strings to a buffer.
pub struct Writer<'a> {
    out: &'a mut Vec<u8>,
}

impl<'a> Writer<'a> {
    pub fn new(out: &'a mut Vec<u8>) -> Writer<'a> {
        Writer { out }
    }

    pub fn u8(&mut self, v: u8) {
        self.out.push(v);
    }

    pub fn u32(&mut self, v: u32) {
        self.out.extend_from_slice(&v.to_le_bytes());
    }

    /// A length or count (lengths beyond `u32` cannot occur in a run the page can hold).
    pub fn len(&mut self, n: usize) {
        self.u32(u32::try_from(n).unwrap_or(u32::MAX));
    }

    pub fn u64(&mut self, v: u64) {
        self.out.extend_from_slice(&v.to_le_bytes());
    }

    pub fn i64(&mut self, v: i64) {
        self.out.extend_from_slice(&v.to_le_bytes());
    }

    pub fn f64(&mut self, v: f64) {
        self.out.extend_from_slice(&v.to_le_bytes());
    }

    /// Length-prefixed bytes.
    pub fn bytes(&mut self, b: &[u8]) {
        self.len(b.len());
        self.out.extend_from_slice(b);
    }

    pub fn str(&mut self, s: &str) {
        self.bytes(s.as_bytes());
    }

    pub fn opt_str(&mut self, s: Option<&str>) {
        match s {
            Some(s) => {
                self.u8(1);
                self.str(s);
            }
            None => self.u8(0),
        }
    }

    /// An instant exactly: seconds since the epoch and the nanoseconds within the second.
    pub fn time(&mut self, t: Time) {
        self.i64(t.timestamp());
        self.u32(t.timestamp_subsec_nanos());
    }

    pub fn opt_time(&mut self, t: Option<Time>) {
        match t {
            Some(t) => {
                self.u8(1);
                self.time(t);
            }
            None => self.u8(0),
        }
    }

    /// A JSON value (an object's API form: a status, a patch, metadata) as tagged bytes, not
    /// JSON text: reading text back would bring a JSON parser into the page's module.
    pub fn value(&mut self, v: &Value) {
        match v {
            Value::Null => self.u8(0),
            Value::Bool(b) => self.u8(1 + u8::from(*b)),
            Value::Number(n) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
                (Some(u), ..) => {
                    self.u8(3);
                    self.u64(u);
                }
                (None, Some(i), _) => {
                    self.u8(4);
                    self.i64(i);
                }
                (.., f) => {
                    self.u8(5);
                    self.f64(f.unwrap_or_default());
                }
            },
            Value::String(text) => {
                self.u8(6);
                self.str(text);
            }
            Value::Array(items) => {
                self.u8(7);
                self.len(items.len());
                items.iter().for_each(|v| self.value(v));
            }
            Value::Object(map) => {
                self.u8(8);
                self.len(map.len());
                for (k, v) in map {
                    self.str(k);
                    self.value(v);
                }
            }
        }
    }

    pub fn opt_value(&mut self, v: Option<&Value>) {
        match v {
            Some(v) => {
                self.u8(1);
                self.value(v);
            }
            None => self.u8(0),
        }
    }
}

/// How deep a packed JSON value may nest (serde_json's own limit when it reads text).
const MAX_DEPTH: usize = 128;

/// What went wrong reading packed bytes (only a mismatched or damaged buffer does that): what
/// could not be read, and at which byte.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackError {
    pub what: &'static str,
    pub at: usize,
}

impl std::fmt::Display for PackError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "packed run: bad {} at byte {}", self.what, self.at)
    }
}

/// Reads what a [`Writer`] wrote, in the same order.
pub struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes, at: 0 }
    }

    /// A reader of `bytes` from byte `at` on (where an earlier reader of them stopped).
    pub fn resume(bytes: &'a [u8], at: usize) -> Reader<'a> {
        Reader { bytes, at: at.min(bytes.len()) }
    }

    /// The position of the next byte to read (for errors, and to [`Reader::resume`] at).
    pub fn offset(&self) -> usize {
        self.at
    }

    /// Whether every byte has been read.
    pub fn is_empty(&self) -> bool {
        self.at == self.bytes.len()
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], PackError> {
        let end = self.at.checked_add(n).filter(|e| *e <= self.bytes.len()).ok_or(self.error("length"))?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn error(&self, what: &'static str) -> PackError {
        PackError { what, at: self.at }
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], PackError> {
        let mut a = [0; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }

    pub fn u8(&mut self) -> Result<u8, PackError> {
        Ok(self.take(1)?[0])
    }

    pub fn u32(&mut self) -> Result<u32, PackError> {
        self.array().map(u32::from_le_bytes)
    }

    /// A length or count; never more than the bytes left could hold (so a damaged buffer
    /// cannot make its reader reserve unbounded memory).
    pub fn len(&mut self) -> Result<usize, PackError> {
        let n = self.u32()? as usize;
        if n > self.bytes.len() - self.at {
            return Err(self.error("count"));
        }
        Ok(n)
    }

    pub fn u64(&mut self) -> Result<u64, PackError> {
        self.array().map(u64::from_le_bytes)
    }

    pub fn i64(&mut self) -> Result<i64, PackError> {
        self.array().map(i64::from_le_bytes)
    }

    pub fn f64(&mut self) -> Result<f64, PackError> {
        self.array().map(f64::from_le_bytes)
    }

    pub fn bytes(&mut self) -> Result<&'a [u8], PackError> {
        let n = self.len()?;
        self.take(n)
    }

    pub fn str(&mut self) -> Result<&'a str, PackError> {
        let at = self.at;
        std::str::from_utf8(self.bytes()?).map_err(|_| PackError { what: "UTF-8", at })
    }

    pub fn string(&mut self) -> Result<String, PackError> {
        self.str().map(str::to_owned)
    }

    pub fn opt_string(&mut self) -> Result<Option<String>, PackError> {
        Ok(if self.flag()? { Some(self.string()?) } else { None })
    }

    pub fn flag(&mut self) -> Result<bool, PackError> {
        match self.u8()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(PackError { what: "flag", at: self.at - 1 }),
        }
    }

    pub fn time(&mut self) -> Result<Time, PackError> {
        let (secs, nanos) = (self.i64()?, self.u32()?);
        DateTime::from_timestamp(secs, nanos).ok_or(PackError { what: "instant", at: self.at - 12 })
    }

    pub fn opt_time(&mut self) -> Result<Option<Time>, PackError> {
        Ok(if self.flag()? { Some(self.time()?) } else { None })
    }

    /// A JSON value as [`Writer::value`] wrote it.
    pub fn value(&mut self) -> Result<Value, PackError> {
        self.value_within(MAX_DEPTH)
    }

    fn value_within(&mut self, depth: usize) -> Result<Value, PackError> {
        let at = self.at;
        let nested = depth.checked_sub(1).ok_or(PackError { what: "depth", at });
        Ok(match self.u8()? {
            0 => Value::Null,
            1 => Value::Bool(false),
            2 => Value::Bool(true),
            3 => Value::from(self.u64()?),
            4 => Value::from(self.i64()?),
            5 => {
                serde_json::Number::from_f64(self.f64()?).map(Value::Number).ok_or(PackError { what: "number", at })?
            }
            6 => Value::String(self.string()?),
            7 => {
                let depth = nested?;
                Value::Array((0..self.len()?).map(|_| self.value_within(depth)).collect::<Result<_, _>>()?)
            }
            8 => {
                let depth = nested?;
                let n = self.len()?;
                let mut map = serde_json::Map::new();
                for _ in 0..n {
                    let key = self.string()?;
                    map.insert(key, self.value_within(depth)?);
                }
                Value::Object(map)
            }
            _ => return Err(PackError { what: "value", at }),
        })
    }

    pub fn opt_value(&mut self) -> Result<Option<Value>, PackError> {
        Ok(if self.flag()? { Some(self.value()?) } else { None })
    }

    /// One of `table`'s values by its position.
    pub fn pick<T: Copy>(&mut self, table: &[T], what: &'static str) -> Result<T, PackError> {
        let i = self.u8()?;
        table.get(i as usize).copied().ok_or(PackError { what, at: self.at - 1 })
    }

    pub(super) fn opt_pick<T: Copy>(&mut self, table: &[T], what: &'static str) -> Result<Option<T>, PackError> {
        Ok(if self.flag()? { Some(self.pick(table, what)?) } else { None })
    }
}
