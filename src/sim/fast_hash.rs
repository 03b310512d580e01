//! The hasher of the runtime's own maps (live objects by name or UID, owner indexes): a
//! multiply-and-rotate hash over whole words. std's default, SipHash, guards a map against keys
//! chosen to collide, which costs several times more per name; a run's keys are the names and
//! UIDs of its own objects, and no output depends on a map's order, so the cheaper hash changes
//! nothing but the time.
//!
//! ```
//! use cronjob_playground::sim::fast_hash::FastMap;
//! let mut live: FastMap<String, usize> = FastMap::default();
//! live.insert("backup-29014860".into(), 7);
//! assert_eq!(live.get("backup-29014860"), Some(&7));
//! ```

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// What builds a [`FastHasher`] for a map (for a collection generic over its hasher).
pub type FastState = BuildHasherDefault<FastHasher>;

/// A map hashed with [`FastHasher`].
pub type FastMap<K, V> = HashMap<K, V, FastState>;

/// A set hashed with [`FastHasher`].
pub type FastSet<K> = HashSet<K, FastState>;

/// Folds each 8-byte word into the state by adding and multiplying by an odd constant (whose
/// product spreads every input bit into the high bits the map's probe uses).
#[derive(Clone, Copy, Debug, Default)]
pub struct FastHasher(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FastHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

/// The 1 to 7 bytes after a text's last whole word as a little-endian word padded with zeros,
/// read as two overlapping halves (a copy into a zeroed buffer calls `memcpy`, which costs more
/// than hashing the rest of a name). The bytes both halves read land on the same bits.
fn tail(rest: &[u8]) -> u64 {
    let n = rest.len();
    let u32_at = |i: usize| u64::from(u32::from_le_bytes(rest[i..i + 4].try_into().expect("4 bytes")));
    let u16_at = |i: usize| u64::from(u16::from_le_bytes(rest[i..i + 2].try_into().expect("2 bytes")));
    match n {
        4.. => u32_at(0) | u32_at(n - 4) << (8 * (n - 4)),
        2.. => u16_at(0) | u16_at(n - 2) << (8 * (n - 2)),
        _ => u64::from(rest[0]),
    }
}

impl Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.add(u64::from_le_bytes(w.try_into().expect("8 bytes")));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            self.add(tail(rest));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    fn hash(s: &str) -> u64 {
        FastState::default().hash_one(s)
    }

    #[test]
    fn names_that_differ_in_one_character_or_in_length_hash_apart() {
        // Job names of consecutive slots differ in their last digits; a pod's suffix in 5 letters.
        let names = ["backup-29014860", "backup-29014861", "backup-2901486", "backup-29014860-x7k2p", ""];
        let hashes: FastSet<u64> = names.iter().map(|n| hash(n)).collect();
        assert_eq!(hashes.len(), names.len());
        // The map's probe reads the top 7 bits: consecutive names spread over them.
        let tops: FastSet<u64> = (0..64).map(|i| hash(&format!("backup-{}", 29014860 + i)) >> 57).collect();
        assert!(tops.len() > 24, "{} distinct top-7-bit groups of 64 names", tops.len());
    }

    #[test]
    fn a_tail_is_its_bytes_padded_with_zeros() {
        let bytes = *b"x7k2p-\xff\x80";
        for n in 1..8 {
            let mut padded = [0u8; 8];
            padded[..n].copy_from_slice(&bytes[..n]);
            assert_eq!(tail(&bytes[..n]), u64::from_le_bytes(padded), "{n} bytes");
        }
    }
}
