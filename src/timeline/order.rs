//! One stable sort for the lists the timeline and the page order (lanes, markers, keyboard
//! walks, the axis's clock changes).
//!
//! `slice::sort_by` compiles a copy of the standard library's sort (about 4 KB of wasm) for
//! every element type and comparison it is called with; a dozen of them were a sixth of the
//! page module's sorting and drop code. These functions sort a permutation of indexes with the
//! comparison behind a reference, so the module holds one sort, and then move the items into
//! that order. The lists are a run's items at most (tens of thousands), where the indirection
//! costs little beside the redraw.

use std::cmp::Ordering;

/// Sorts `items` by `compare`, keeping equal items in their order (as `slice::sort_by`).
///
/// ```
/// use cronjob_playground::timeline::order::sort_by;
/// let mut v = vec![(2, 'a'), (1, 'b'), (2, 'c'), (0, 'd')];
/// sort_by(&mut v, |x, y| x.0.cmp(&y.0));
/// assert_eq!(v, [(0, 'd'), (1, 'b'), (2, 'a'), (2, 'c')]);
/// ```
pub fn sort_by<T>(items: &mut Vec<T>, mut compare: impl FnMut(&T, &T) -> Ordering) {
    let order = permutation(items.len(), &mut |a, b| compare(&items[a], &items[b]));
    let mut taken: Vec<Option<T>> = items.drain(..).map(Some).collect();
    items.extend(order.into_iter().filter_map(|i| taken[i].take()));
}

/// Sorts `items` by the key `key` gives each, keeping equal keys in their order (as
/// `slice::sort_by_key`).
///
/// ```
/// use cronjob_playground::timeline::order::sort_by_key;
/// let mut v = vec!["ccc", "a", "bb", "d"];
/// sort_by_key(&mut v, |s| s.len());
/// assert_eq!(v, ["a", "d", "bb", "ccc"]);
/// ```
pub fn sort_by_key<T, K: Ord>(items: &mut Vec<T>, mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)))
}

/// The indexes `0..n` in the order `compare` (on indexes) gives them, ties in index order.
fn permutation(n: usize, compare: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| compare(a, b));
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stable_like_the_standard_sort() {
        // A pseudo-random list with many equal keys: the same order as `slice::sort_by_key`.
        let mut v: Vec<(u32, usize)> = (0..2000).map(|i| ((i * 7919 % 613) as u32 % 37, i)).collect();
        let mut expected = v.clone();
        expected.sort_by_key(|x| x.0);
        sort_by_key(&mut v, |x| x.0);
        assert_eq!(v, expected);
    }

    #[test]
    fn empty_and_single() {
        let mut v: Vec<String> = Vec::new();
        sort_by(&mut v, Ord::cmp);
        assert!(v.is_empty());
        let mut v = vec!["x".to_string()];
        sort_by(&mut v, Ord::cmp);
        assert_eq!(v, ["x"]);
    }
}
