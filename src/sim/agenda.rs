//! The discrete-event agenda: future happenings on the virtual clock. The world jumps from one
//! entry to the next (never ticks), so a year of minutely CronJob slots costs the same per slot
//! as an hour. Entries due at the same instant come out in the order they were scheduled, which
//! keeps every run of the same input identical.

use super::trace::Time;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A time-ordered queue of `E`, FIFO among equal times.
#[derive(Debug)]
pub struct Agenda<E> {
    heap: BinaryHeap<Reverse<Entry<E>>>,
    scheduled: u64,
}

#[derive(Debug)]
struct Entry<E> {
    at: Time,
    order: u64,
    event: E,
}

impl<E> PartialEq for Entry<E> {
    fn eq(&self, other: &Self) -> bool {
        (self.at, self.order) == (other.at, other.order)
    }
}
impl<E> Eq for Entry<E> {}
impl<E> PartialOrd for Entry<E> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<E> Ord for Entry<E> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.at, self.order).cmp(&(other.at, other.order))
    }
}

impl<E> Default for Agenda<E> {
    fn default() -> Self {
        Agenda { heap: BinaryHeap::new(), scheduled: 0 }
    }
}

impl<E> Agenda<E> {
    /// Schedules `event` at `at`.
    pub fn schedule(&mut self, at: Time, event: E) {
        self.scheduled += 1;
        self.heap.push(Reverse(Entry { at, order: self.scheduled, event }));
    }

    /// The time of the next entry.
    pub fn next_time(&self) -> Option<Time> {
        self.heap.peek().map(|Reverse(e)| e.at)
    }

    /// Removes and returns the next entry if it is due at or before `now`.
    pub fn pop_due(&mut self, now: Time) -> Option<(Time, E)> {
        if self.next_time()? > now {
            return None;
        }
        self.heap.pop().map(|Reverse(e)| (e.at, e.event))
    }

    /// How many entries are pending.
    pub fn len(&self) -> usize {
        self.heap.len()
    }

    /// Whether nothing is pending.
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeDelta;

    #[test]
    fn pops_in_time_order_and_fifo_among_ties() {
        let t0: Time = "2025-01-01T00:00:00Z".parse().unwrap();
        let mut a = Agenda::default();
        a.schedule(t0 + TimeDelta::seconds(2), "c");
        a.schedule(t0 + TimeDelta::seconds(1), "a");
        a.schedule(t0 + TimeDelta::seconds(2), "d");
        a.schedule(t0 + TimeDelta::seconds(1), "b");
        assert_eq!(a.next_time(), Some(t0 + TimeDelta::seconds(1)));
        assert_eq!(a.pop_due(t0), None, "nothing is due before its time");
        let mut order = Vec::new();
        while let Some((_, e)) = a.pop_due(t0 + TimeDelta::seconds(5)) {
            order.push(e);
        }
        assert_eq!(order, ["a", "b", "c", "d"]);
        assert!(a.is_empty());
    }
}
