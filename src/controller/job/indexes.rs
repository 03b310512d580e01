//! Completion indexes as ordered intervals, printed as `status.completedIndexes` /
//! `status.failedIndexes` (`"1,3-5,7"`). Mirrors `indexed_job_utils.go` (`orderedIntervals`,
//! `parseIndexesFromString`, `firstPendingIndexes`).

use std::collections::BTreeSet;
use std::fmt;

/// A set of completion indexes kept as sorted, non-adjacent closed intervals.
///
/// ```
/// use cronjob_playground::controller::job::Intervals;
/// let ix = Intervals::parse("0-2,4,5,9", 8);
/// assert_eq!(ix.to_string(), "0-2,4,5");   // 9 ≥ completions is dropped; "4,5" stays two-element form
/// assert_eq!(ix.total(), 5);
/// assert!(ix.has(4) && !ix.has(3));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Intervals(Vec<(u32, u32)>);

impl Intervals {
    /// Parses an index list, ignoring corrupt parts and indexes ≥ `completions` as the controller does.
    pub fn parse(text: &str, completions: u32) -> Intervals {
        let mut out: Vec<(u32, u32)> = Vec::new();
        if text.is_empty() {
            return Intervals(out);
        }
        for part in text.split(',') {
            let mut limits = part.split('-');
            let Some(Ok(first)) = limits.next().map(str::parse::<u32>) else { continue };
            if first >= completions {
                break;
            }
            let last = match limits.next() {
                None => first,
                Some(l) => match l.parse::<u32>() {
                    Ok(l) => l.min(completions - 1),
                    Err(_) => continue,
                },
            };
            match out.last_mut() {
                Some(prev) if prev.1 + 1 == first => prev.1 = last,
                _ => out.push((first, last)),
            }
        }
        Intervals(out)
    }

    /// The set holding exactly `indexes`.
    pub fn from_indexes<I: IntoIterator<Item = u32>>(indexes: I) -> Intervals {
        Intervals::default().with_indexes(indexes)
    }

    /// This set plus `indexes`.
    pub fn with_indexes<I: IntoIterator<Item = u32>>(&self, indexes: I) -> Intervals {
        let set: BTreeSet<u32> = indexes.into_iter().collect();
        self.merge(&Intervals(set.into_iter().map(|i| (i, i)).collect()))
    }

    /// The union of two sets.
    pub fn merge(&self, other: &Intervals) -> Intervals {
        let mut all: Vec<(u32, u32)> = self.0.iter().chain(other.0.iter()).copied().collect();
        all.sort();
        let mut out: Vec<(u32, u32)> = Vec::with_capacity(all.len());
        for iv in all {
            match out.last_mut() {
                Some(last) if iv.0 <= last.1 + 1 => last.1 = last.1.max(iv.1),
                _ => out.push(iv),
            }
        }
        Intervals(out)
    }

    /// Number of indexes in the set.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|(a, b)| b - a + 1).sum()
    }

    /// Whether `ix` is in the set.
    pub fn has(&self, ix: u32) -> bool {
        self.0.iter().any(|&(a, b)| a <= ix && ix <= b)
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The intervals, in order.
    pub fn intervals(&self) -> &[(u32, u32)] {
        &self.0
    }

    /// The lowest `count` indexes below `completions` that are not in the set.
    ///
    /// ```
    /// use cronjob_playground::controller::job::Intervals;
    /// assert_eq!(Intervals::parse("0,2-3", 10).first_missing(3, 10), vec![1, 4, 5]);
    /// ```
    pub fn first_missing(&self, count: usize, completions: u32) -> Vec<u32> {
        let mut out = Vec::with_capacity(count.min(completions as usize));
        let mut candidate = 0u32;
        for &(first, last) in &self.0 {
            while candidate < completions && out.len() < count && candidate < first {
                out.push(candidate);
                candidate += 1;
            }
            candidate = candidate.max(last + 1);
        }
        while candidate < completions && out.len() < count {
            out.push(candidate);
            candidate += 1;
        }
        out
    }
}

impl fmt::Display for Intervals {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &(first, last)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            match last - first {
                0 => write!(f, "{first}")?,
                1 => write!(f, "{first},{last}")?,
                _ => write!(f, "{first}-{last}")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merges_adjacent_and_overlapping() {
        let a = Intervals::parse("1-3,7", 100);
        assert_eq!(a.with_indexes([4, 6, 10]).to_string(), "1-4,6,7,10");
        assert_eq!(a.merge(&Intervals::parse("0-8", 100)).to_string(), "0-8");
        assert_eq!(Intervals::parse("x,2,3-y,5", 10).to_string(), "2,5");
        assert_eq!(Intervals::parse("", 10).total(), 0);
        assert_eq!(Intervals::parse("3-20", 10).to_string(), "3-9");
    }
}
