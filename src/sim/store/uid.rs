//! The UIDs the store gives new objects: fixed-form UUIDs counted from one, so runs are
//! reproducible (the API server draws random ones, `k8s.io/apimachinery/pkg/util/uuid`).

/// The UIDs handed out so far, and the next one written out ahead.
#[derive(Clone, Debug, Default)]
pub struct Uids {
    /// How many UIDs were handed out.
    taken: u64,
    /// The UID the next created object gets (empty before the first): every CronJob sync is
    /// handed it and most create nothing, so it is written out once per object, not per sync.
    next: String,
}

impl Uids {
    /// The UID the next created object will get.
    pub(super) fn next(&self) -> std::borrow::Cow<'_, str> {
        if self.next.is_empty() {
            uid(self.taken + 1).into()
        } else {
            self.next.as_str().into()
        }
    }

    /// A UID for a new object.
    pub(super) fn take(&mut self) -> String {
        self.taken += 1;
        let current = std::mem::replace(&mut self.next, uid(self.taken + 1));
        if current.is_empty() {
            uid(self.taken)
        } else {
            current
        }
    }
}

/// The UID of the `n`-th object: a fixed-form UUID, so runs are reproducible. Written digit by
/// digit (one is made per object created; the formatter costs several times more).
fn uid(n: u64) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut text = String::with_capacity(36 + 4);
    text.push_str("00000000-0000-4000-8000-");
    // `{n:012x}`: twelve digits at least, more when the number needs them.
    let digits = (64 - n.leading_zeros()).div_ceil(4).max(12);
    for i in (0..digits).rev() {
        text.push(HEX[(n >> (4 * i) & 0xf) as usize] as char);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uids_have_twelve_hex_digits_at_least() {
        assert_eq!(uid(1), "00000000-0000-4000-8000-000000000001");
        assert_eq!(uid(0xabc_def0_1234), "00000000-0000-4000-8000-0abcdef01234");
        assert_eq!(uid(0x1_0000_0000_0000), "00000000-0000-4000-8000-1000000000000");
        assert_eq!(uid(u64::MAX), format!("00000000-0000-4000-8000-{:012x}", u64::MAX));
        for n in [0, 15, 16, 255, 1 << 40, (1 << 48) - 1] {
            assert_eq!(uid(n), format!("00000000-0000-4000-8000-{n:012x}"));
        }
    }

    #[test]
    fn the_next_uid_is_the_one_taken() {
        let mut uids = Uids::default();
        assert_eq!(uids.next(), uid(1));
        assert_eq!(uids.take(), uid(1));
        assert_eq!(uids.next(), uid(2));
        assert_eq!(uids.take(), uid(2));
    }
}
