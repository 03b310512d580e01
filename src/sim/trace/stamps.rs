//! Instants kept in 8 bytes instead of a `Time`'s 12: the nanoseconds after a base instant (the
//! first one kept), the rare instant too far from it for 64 bits of nanoseconds (a horizon of
//! more than 292 years) or a leap second kept whole beside them. A year of a minutely CronJob
//! keeps 2.6 million Events and 3.7 million syncs, each with its instant.

use super::Time;

/// An instant as the [`Stamps`] that made it read it: nanoseconds after their base, as two
/// halves so that a record holding one stays 4-byte aligned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp([u32; 2]);

/// What stands for an instant kept in `far`.
const FAR: i64 = i64::MIN;

impl Stamp {
    fn nanos(self) -> i64 {
        (u64::from(self.0[0]) << 32 | u64::from(self.0[1])) as i64
    }

    fn of(nanos: i64) -> Self {
        let bits = nanos as u64;
        Stamp([(bits >> 32) as u32, bits as u32])
    }
}

/// The base the stamps of one sequence count from, and the instants too far from it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stamps {
    /// The first instant kept, as seconds and nanoseconds since the Unix epoch.
    base: Option<(i64, u32)>,
    /// The instants kept whole, by their place in the sequence: those too far from `base` for a
    /// stamp, and leap seconds (which count no nanoseconds of their own from it).
    far: Vec<(u32, Time)>,
}

const NANOS: i64 = 1_000_000_000;

impl Stamps {
    /// `t` as nanoseconds after the base (the first instant kept is the base); `None` when it
    /// needs to be kept whole.
    fn nanos(&self, t: Time) -> Option<i64> {
        let (secs, nanos) = (t.timestamp(), t.timestamp_subsec_nanos());
        let (base_secs, base_nanos) = self.base?;
        if nanos >= NANOS as u32 {
            return None;
        }
        let offset = (secs - base_secs).checked_mul(NANOS)?.checked_add(i64::from(nanos) - i64::from(base_nanos))?;
        Some(offset).filter(|&n| n != FAR)
    }

    /// The stamp of `t`, the `i`th instant of the sequence (`i` grows with each call).
    pub fn stamp(&mut self, i: usize, t: Time) -> Stamp {
        self.base.get_or_insert((t.timestamp(), t.timestamp_subsec_nanos().min(NANOS as u32 - 1)));
        match self.nanos(t) {
            Some(nanos) => Stamp::of(nanos),
            None => {
                self.far.push((u32::try_from(i).expect("fewer than 2^32 instants"), t));
                Stamp::of(FAR)
            }
        }
    }

    /// The instant stamped `s`, the `i`th of the sequence.
    pub fn time(&self, i: usize, s: Stamp) -> Time {
        let (base_secs, base_nanos) = self.base.unwrap_or_default();
        match s.nanos() {
            FAR => self.far[self.far.partition_point(|&(j, _)| (j as usize) < i)].1,
            n => {
                let nanos = n.rem_euclid(NANOS) + i64::from(base_nanos);
                let secs = base_secs + n.div_euclid(NANOS) + nanos / NANOS;
                Time::from_timestamp(secs, (nanos % NANOS) as u32).expect("a stamp of an instant")
            }
        }
    }

    /// How many of `stamps` (in time order) are before `t`.
    pub fn before(&self, stamps: &[Stamp], t: Time) -> usize {
        let key = self.nanos(t);
        let (mut lo, mut hi) = (0, stamps.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let earlier = match (stamps[mid].nanos(), key) {
                (FAR, _) | (_, None) => self.time(mid, stamps[mid]) < t,
                (nanos, Some(key)) => nanos < key,
            };
            if earlier {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(text: &str) -> Time {
        text.parse().unwrap()
    }

    #[test]
    fn instants_read_back_exactly_also_centuries_apart_and_at_a_leap_second() {
        let times = [
            t("1900-01-01T00:00:00Z"),
            t("2016-12-31T23:59:60.5Z"),
            t("2025-01-15T10:00:00.000000001Z"),
            t("2025-01-15T10:00:00.1Z"),
            t("2999-12-31T23:59:59.999999999Z"),
            t("3999-01-01T00:00:00Z"),
        ];
        let mut stamps = Stamps::default();
        let kept: Vec<Stamp> = times.iter().enumerate().map(|(i, &at)| stamps.stamp(i, at)).collect();
        assert_eq!(stamps.far.len(), 3);
        for (i, (&s, &at)) in kept.iter().zip(&times).enumerate() {
            assert_eq!(stamps.time(i, s), at);
            assert_eq!(stamps.before(&kept, at), i);
        }
        assert_eq!(stamps.before(&kept, t("2025-01-15T10:00:00.05Z")), 3);
        assert_eq!(stamps.before(&kept, t("5000-01-01T00:00:00Z")), 6);
        assert_eq!(std::mem::size_of::<Stamp>(), 8);
    }
}
