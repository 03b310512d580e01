//! A controller work queue on the virtual clock: client-go's rate-limited delaying queue
//! (`k8s.io/client-go/util/workqueue`: `queue.go`, `delaying_queue.go`, `default_rate_limiters.go`,
//! as of v1.28), whose exact semantics decide when controllers sync:
//!
//! * `add` makes a key ready now; a key already waiting to be processed is not added twice, and a
//!   key added while it is being processed is queued again once, when processing is done.
//! * `add_after` keeps **one** waiting entry per key; a new one replaces it only if it is earlier.
//!   The waiting entry is independent of `add`s, processing and `forget`: it fires later even if
//!   the key was processed in between.
//! * `add_rate_limited` waits for the rate limiter's delay; `forget` resets the per-key failures.
//!
//! Each key carries the cause of the first `add` that made it ready, so a sync can say what
//! triggered it. Ties (same ready time) are broken by the order of the calls.

use super::fast_hash::FastMap;
use super::trace::Time;
use chrono::TimeDelta;
use std::collections::hash_map::Entry;
use std::collections::{BinaryHeap, VecDeque};
use std::hash::Hash;

/// client-go `DefaultControllerRateLimiter`'s per-item part: 5 ms · 2^failures, capped at 1000 s.
pub const DEFAULT_ITEM_BASE: TimeDelta = TimeDelta::milliseconds(5);
/// The cap of [`DEFAULT_ITEM_BASE`]'s exponential back-off.
pub const DEFAULT_ITEM_MAX: TimeDelta = TimeDelta::seconds(1000);

/// A rate limiter: per-key exponential back-off, optionally combined (maximum) with a token bucket
/// shared by all keys, as client-go's `MaxOfRateLimiter` combines them.
#[derive(Clone, Debug)]
pub struct RateLimiter<K> {
    base: TimeDelta,
    max: TimeDelta,
    failures: FastMap<K, u32>,
    bucket: Option<TokenBucket>,
}

/// `golang.org/x/time/rate.Limiter` reservations on the virtual clock.
#[derive(Clone, Debug)]
struct TokenBucket {
    qps: f64,
    burst: f64,
    tokens: f64,
    last: Option<Time>,
}

impl TokenBucket {
    fn reserve(&mut self, now: Time) -> TimeDelta {
        let elapsed = self.last.map_or(0.0, |l| (now - l).num_microseconds().unwrap_or(i64::MAX) as f64 / 1e6);
        self.tokens = (self.tokens + elapsed.max(0.0) * self.qps).min(self.burst);
        self.last = Some(now);
        self.tokens -= 1.0;
        if self.tokens >= 0.0 {
            TimeDelta::zero()
        } else {
            TimeDelta::microseconds((-self.tokens / self.qps * 1e6).ceil() as i64)
        }
    }
}

impl<K: Hash + Eq + Clone> RateLimiter<K> {
    /// `ItemExponentialFailureRateLimiter(base, max)` alone (the Job controller's API-error queue
    /// uses 1 s .. 60 s).
    pub fn exponential(base: TimeDelta, max: TimeDelta) -> Self {
        RateLimiter { base, max, failures: FastMap::default(), bucket: None }
    }

    /// `DefaultControllerRateLimiter()`: max(5 ms · 2^n capped at 1000 s, 10 qps / burst 100 bucket).
    pub fn default_controller() -> Self {
        RateLimiter {
            bucket: Some(TokenBucket { qps: 10.0, burst: 100.0, tokens: 100.0, last: None }),
            ..Self::exponential(DEFAULT_ITEM_BASE, DEFAULT_ITEM_MAX)
        }
    }

    /// The delay before `key` may be retried, counting this failure (`When`).
    pub fn when(&mut self, key: &K, now: Time) -> TimeDelta {
        let n = self.failures.entry(key.clone()).or_insert(0);
        let exp = *n;
        *n += 1;
        let item =
            if exp >= 31 { self.max } else { self.base.checked_mul(1 << exp).map_or(self.max, |d| d.min(self.max)) };
        let bucket = self.bucket.as_mut().map_or(TimeDelta::zero(), |b| b.reserve(now));
        item.max(bucket)
    }

    /// How many failures `key` has had since it was last forgotten (`NumRequeues`).
    pub fn num_requeues(&self, key: &K) -> u32 {
        if self.failures.is_empty() {
            return 0;
        }
        self.failures.get(key).copied().unwrap_or(0)
    }

    /// Clears `key`'s failures (`Forget`).
    pub fn forget(&mut self, key: &K) {
        if !self.failures.is_empty() {
            self.failures.remove(key);
        }
    }
}

/// A rate-limited delaying work queue. `C` is the cause recorded with a key when it becomes ready.
///
/// What the queue knows of a key (client-go's `dirty` and `processing` sets and the delaying
/// queue's one waiting entry) is one entry per key, kept in a slab; the ready keys and the
/// waiting entries refer to entries by their place in it, so `get`, promoting due entries and
/// `done` on the key just got find their entry without hashing the key's name. Only `add`,
/// `add_after` and dropping an entry left with nothing hash it. The slab and its index keep their
/// memory as keys come and go (a controller's queue empties after nearly every sync).
#[derive(Clone, Debug)]
pub struct WorkQueue<K, C> {
    /// Entries whose keys are ready, oldest first.
    ready: VecDeque<u32>,
    /// Every key the queue holds in any way, with its entry's place; a key left with nothing is
    /// removed (the key last got once another is got: see `last_got`).
    index: FastMap<K, u32>,
    /// The entries; a free one has no key and is listed in `free`.
    entries: Vec<Held<K, C>>,
    free: Vec<u32>,
    /// The entry of the key the last `get` returned: `done` on it needs no lookup. It is kept
    /// after `done` even when left with nothing, until the next `get`: the echoes of a sync's own
    /// writes, delivered right after it, most often queue the same key again, and find its entry
    /// here instead of hashing the key to drop it and again to add it back.
    last_got: Option<u32>,
    /// The waiting entries in ready-time order, earliest on top. An entry replaced by an earlier
    /// one stays in the heap until it surfaces and is dropped (its call no longer the key's), so
    /// replacing costs no search; the heap's vector keeps its memory when the queue empties.
    waiting_order: BinaryHeap<Waiting>,
    calls: u64,
    limiter: RateLimiter<K>,
}

/// One key's entry.
#[derive(Clone, Debug)]
struct Held<K, C> {
    key: Option<K>,
    state: KeyState<C>,
}

/// What the queue holds for one key.
#[derive(Clone, Copy, Debug)]
struct KeyState<C> {
    /// The key needs processing, with the cause of the first `add` (client-go `dirty`).
    dirty: Option<C>,
    /// The key is being processed (client-go `processing`).
    processing: bool,
    /// The one waiting entry: ready time, call order and cause.
    waiting: Option<(Time, u64, C)>,
}

/// A waiting entry in the heap: ordered by ready time, then call order (unique per entry, so the
/// order never compares keys), the earliest the greatest. `entry` is the key's entry when the
/// call was made; a call that is no longer the entry's own is a replaced one (calls are unique,
/// so an entry reused by another key never matches).
#[derive(Clone, Copy, Debug)]
struct Waiting {
    at: Time,
    call: u64,
    entry: u32,
}

impl PartialEq for Waiting {
    fn eq(&self, other: &Self) -> bool {
        self.call == other.call
    }
}

impl Eq for Waiting {}

impl PartialOrd for Waiting {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Waiting {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (other.at, other.call).cmp(&(self.at, self.call))
    }
}

impl<C> KeyState<C> {
    const EMPTY: KeyState<C> = KeyState { dirty: None, processing: false, waiting: None };

    fn is_empty(&self) -> bool {
        self.dirty.is_none() && !self.processing && self.waiting.is_none()
    }

    /// `Add` on this key: whether the key joins the ready keys now.
    fn add(&mut self, cause: C) -> bool {
        if self.dirty.is_some() {
            return false;
        }
        self.dirty = Some(cause);
        !self.processing
    }
}

impl<K: Hash + Eq + Clone, C: Copy> WorkQueue<K, C> {
    /// An empty queue with the given rate limiter.
    pub fn new(limiter: RateLimiter<K>) -> Self {
        WorkQueue {
            ready: VecDeque::new(),
            index: FastMap::default(),
            entries: Vec::new(),
            free: Vec::new(),
            last_got: None,
            waiting_order: BinaryHeap::new(),
            calls: 0,
            limiter,
        }
    }

    /// The entry of `key`, made (empty) if the queue does not hold it. The key being processed
    /// is found without hashing: a sync's requeue (`AddAfter`, `AddRateLimited`) is for its own key.
    fn entry_of(&mut self, key: K) -> u32 {
        if let Some(at) = self.last_got.filter(|&at| self.entries[at as usize].key.as_ref() == Some(&key)) {
            return at;
        }
        match self.index.entry(key) {
            Entry::Occupied(held) => *held.get(),
            Entry::Vacant(new) => {
                let held = Held { key: Some(new.key().clone()), state: KeyState::EMPTY };
                let at = match self.free.pop() {
                    Some(at) => {
                        self.entries[at as usize] = held;
                        at
                    }
                    None => {
                        self.entries.push(held);
                        u32::try_from(self.entries.len() - 1).expect("fewer than 2^32 keys")
                    }
                };
                *new.insert(at)
            }
        }
    }

    /// Drops entry `at`, left with nothing, and its key.
    fn release(&mut self, at: u32) {
        if let Some(key) = self.entries[at as usize].key.take() {
            self.index.remove(&key);
        }
        self.free.push(at);
    }

    /// `Add`: ready now, deduplicated; re-queued after `done` if added during processing.
    pub fn add(&mut self, key: K, cause: C) {
        let at = self.entry_of(key);
        if self.entries[at as usize].state.add(cause) {
            self.ready.push_back(at);
        }
    }

    /// `AddAfter`: ready at `now + delay`; keeps only the earliest waiting entry per key.
    pub fn add_after(&mut self, key: K, cause: C, now: Time, delay: TimeDelta) {
        if delay <= TimeDelta::zero() {
            return self.add(key, cause);
        }
        let at = now + delay;
        let entry = self.entry_of(key);
        let state = &mut self.entries[entry as usize].state;
        if state.waiting.is_some_and(|(old_at, _, _)| old_at <= at) {
            return;
        }
        self.calls += 1;
        state.waiting = Some((at, self.calls, cause));
        self.waiting_order.push(Waiting { at, call: self.calls, entry });
    }

    /// `AddRateLimited`: `add_after` by the rate limiter's delay for this key.
    pub fn add_rate_limited(&mut self, key: K, cause: C, now: Time) {
        let delay = self.limiter.when(&key, now);
        self.add_after(key, cause, now, delay);
    }

    /// `Forget`: resets the key's rate-limiter failures (waiting entries stay).
    pub fn forget(&mut self, key: &K) {
        self.limiter.forget(key);
    }

    /// `NumRequeues`.
    pub fn num_requeues(&self, key: &K) -> u32 {
        self.limiter.num_requeues(key)
    }

    /// The earliest waiting entry's ready time.
    pub fn next_wake(&self) -> Option<Time> {
        self.waiting_order.peek().map(|w| w.at)
    }

    /// Whether the heap's entry `w` is still its key's waiting entry.
    fn is_live(&self, w: &Waiting) -> bool {
        self.entries[w.entry as usize].state.waiting.is_some_and(|(_, call, _)| call == w.call)
    }

    /// Moves every waiting entry due at or before `now` into the queue, in ready-time order.
    pub fn promote_due(&mut self, now: Time) {
        if self.waiting_order.peek().is_none_or(|w| w.at > now) {
            return;
        }
        while let Some(&w) = self.waiting_order.peek().filter(|w| w.at <= now) {
            self.waiting_order.pop();
            if !self.is_live(&w) {
                continue;
            }
            let state = &mut self.entries[w.entry as usize].state;
            let Some((_, _, cause)) = state.waiting.take() else { continue };
            if state.add(cause) {
                self.ready.push_back(w.entry);
            }
        }
        self.drop_replaced();
    }

    /// Pops the heap's replaced entries off its top, so that [`Self::next_wake`] reads a live one.
    fn drop_replaced(&mut self) {
        while let Some(w) = self.waiting_order.peek() {
            if self.is_live(w) {
                break;
            }
            self.waiting_order.pop();
        }
    }

    /// `Get`: the next ready key and the cause it was added with; it is now being processed.
    pub fn get(&mut self) -> Option<(K, C)> {
        let at = self.ready.pop_front()?;
        if let Some(last) = self.last_got.filter(|&last| self.entries[last as usize].state.is_empty()) {
            self.release(last);
        }
        let held = &mut self.entries[at as usize];
        let cause = held.state.dirty.take().expect("ready keys are dirty");
        held.state.processing = true;
        self.last_got = Some(at);
        Some((held.key.clone().expect("ready keys are held"), cause))
    }

    /// `Done`: processing of `key` ended; re-queues it if it was added meanwhile.
    /// The key last got, left with nothing, keeps its entry until the next `get`.
    pub fn done(&mut self, key: &K) {
        let last = self.last_got.filter(|&at| self.entries[at as usize].key.as_ref() == Some(key));
        let Some(at) = last.or_else(|| self.index.get(key).copied()) else { return };
        let state = &mut self.entries[at as usize].state;
        state.processing = false;
        if state.dirty.is_some() {
            self.ready.push_back(at);
        } else if state.is_empty() && last.is_none() {
            self.release(at);
        }
    }

    /// Whether any key is ready now.
    pub fn has_ready(&self) -> bool {
        !self.ready.is_empty()
    }

    /// Forgets everything (the controller process stopped): ready, waiting and failures.
    pub fn clear(&mut self) {
        self.ready.clear();
        self.index.clear();
        self.entries.clear();
        self.free.clear();
        self.last_got = None;
        self.waiting_order.clear();
        self.limiter.failures.clear();
        if let Some(b) = self.limiter.bucket.as_mut() {
            b.tokens = b.burst;
            b.last = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: f64) -> Time {
        "2025-01-01T00:00:00Z".parse::<Time>().unwrap() + TimeDelta::milliseconds((s * 1000.0) as i64)
    }

    fn secs(s: f64) -> TimeDelta {
        TimeDelta::milliseconds((s * 1000.0) as i64)
    }

    type Q = WorkQueue<&'static str, char>;

    fn queue() -> Q {
        WorkQueue::new(RateLimiter::default_controller())
    }

    /// Drains every ready key at `now`, calling `done` right after each `get`.
    fn drain(q: &mut Q, now: Time) -> Vec<(&'static str, char)> {
        q.promote_due(now);
        let mut out = Vec::new();
        while let Some((k, c)) = q.get() {
            q.done(&k);
            out.push((k, c));
        }
        out
    }

    #[test]
    fn add_is_deduplicated_while_queued_and_keeps_the_first_cause() {
        let mut q = queue();
        q.add("a", '1');
        q.add("b", '2');
        q.add("a", '3');
        assert_eq!(drain(&mut q, t(0.0)), [("a", '1'), ("b", '2')]);
    }

    #[test]
    fn add_during_processing_requeues_once_after_done() {
        let mut q = queue();
        q.add("a", '1');
        let (k, _) = q.get().unwrap();
        q.add("a", 'e'); // the echo of the controller's own write
        q.add("a", 'f');
        assert!(!q.has_ready(), "a key is never processed concurrently");
        q.done(&k);
        assert_eq!(drain(&mut q, t(0.0)), [("a", 'e')]);
        assert_eq!(drain(&mut q, t(0.0)), []);
    }

    #[test]
    fn add_after_keeps_one_waiting_entry_replaced_only_by_an_earlier_one() {
        // Table: (sequence of AddAfter delays from t=0, expected single fire time).
        let cases: [(&[f64], f64); 4] =
            [(&[60.1], 60.1), (&[60.1, 120.0], 60.1), (&[120.0, 60.1], 60.1), (&[300.0, 3540.1, 10.0, 20.0], 10.0)];
        for (delays, fire) in cases {
            let mut q = queue();
            for d in delays {
                q.add_after("a", 'r', t(0.0), secs(*d));
            }
            assert_eq!(q.next_wake(), Some(t(fire)), "{delays:?}");
            assert_eq!(drain(&mut q, t(fire - 0.001)), [], "{delays:?}");
            assert_eq!(drain(&mut q, t(fire)), [("a", 'r')], "{delays:?}");
            assert_eq!(q.next_wake(), None, "{delays:?}: only one entry per key");
        }
    }

    #[test]
    fn a_replaced_waiting_entry_never_fires_nor_wakes() {
        let mut q = queue();
        q.add_after("a", 'r', t(0.0), secs(10.0));
        q.add_after("b", 'r', t(0.0), secs(12.0));
        q.add_after("a", 'e', t(0.0), secs(5.0));
        assert_eq!(drain(&mut q, t(5.0)), [("a", 'e')]);
        assert_eq!(q.next_wake(), Some(t(12.0)), "a's replaced entry at 10 s is gone");
        q.add_after("a", 'x', t(5.0), secs(10.0));
        assert_eq!(drain(&mut q, t(10.0)), []);
        assert_eq!(drain(&mut q, t(12.0)), [("b", 'r')]);
        assert_eq!(q.next_wake(), Some(t(15.0)));
        assert_eq!(drain(&mut q, t(15.0)), [("a", 'x')]);
        assert_eq!(q.next_wake(), None);
    }

    #[test]
    fn a_replaced_waiting_entry_stays_dead_when_its_key_is_gone_and_another_takes_its_place() {
        let mut q = queue();
        q.add_after("a", 'r', t(0.0), secs(10.0));
        q.add_after("a", 'e', t(0.0), secs(5.0));
        assert_eq!(drain(&mut q, t(5.0)), [("a", 'e')]);
        // `a` holds nothing now; `b` is a new key while `a`'s replaced entry at 10 s is in the heap.
        q.add_after("b", 'r', t(5.0), secs(15.0));
        q.add("c", 'j');
        assert_eq!(drain(&mut q, t(10.0)), [("c", 'j')]);
        assert_eq!(q.next_wake(), Some(t(20.0)));
        assert_eq!(drain(&mut q, t(20.0)), [("b", 'r')]);
        assert_eq!(q.next_wake(), None);
    }

    #[test]
    fn done_out_of_order_finds_each_key() {
        let mut q = queue();
        q.add("a", '1');
        q.add("b", '2');
        let (a, _) = q.get().unwrap();
        let (b, _) = q.get().unwrap();
        q.add("a", '3');
        q.add("b", '4');
        q.done(&a);
        q.done(&b);
        assert_eq!(drain(&mut q, t(0.0)), [("a", '3'), ("b", '4')]);
    }

    #[test]
    fn waiting_entry_survives_processing_adds_and_forget() {
        let mut q = queue();
        q.add_after("a", 'r', t(0.0), secs(3600.1));
        q.add("a", 'j'); // a Job event: immediate sync
        q.forget(&"a");
        assert_eq!(drain(&mut q, t(5.0)), [("a", 'j')]);
        // The sync asked for a later requeue: the earlier waiting entry still wins.
        q.add_after("a", 'r', t(5.0), secs(7200.0));
        assert_eq!(q.next_wake(), Some(t(3600.1)));
        assert_eq!(drain(&mut q, t(3600.1)), [("a", 'r')]);
    }

    #[test]
    fn due_entry_is_deduplicated_with_a_queued_add() {
        let mut q = queue();
        q.add_after("a", 'r', t(0.0), secs(1.0));
        q.add("a", 'j');
        assert_eq!(drain(&mut q, t(1.0)), [("a", 'j')]);
    }

    #[test]
    fn non_positive_delay_is_an_immediate_add() {
        let mut q = queue();
        q.add_after("a", 'r', t(0.0), secs(0.0));
        q.add_after("b", 'r', t(0.0), secs(-3.0));
        assert_eq!(q.next_wake(), None);
        assert_eq!(drain(&mut q, t(0.0)), [("a", 'r'), ("b", 'r')]);
    }

    #[test]
    fn waiting_entries_fire_in_time_then_call_order() {
        let mut q = queue();
        q.add_after("c", 'r', t(0.0), secs(2.0));
        q.add_after("b", 'r', t(0.0), secs(1.0));
        q.add_after("a", 'r', t(0.0), secs(2.0));
        assert_eq!(drain(&mut q, t(2.0)), [("b", 'r'), ("c", 'r'), ("a", 'r')]);
    }

    #[test]
    fn default_controller_rate_limiter_doubles_from_5ms_and_forget_resets() {
        let mut l = RateLimiter::default_controller();
        let got: Vec<i64> = (0..5).map(|i| l.when(&"a", t(i as f64 * 100.0)).num_milliseconds()).collect();
        assert_eq!(got, [5, 10, 20, 40, 80]);
        assert_eq!(l.num_requeues(&"a"), 5);
        l.forget(&"a");
        assert_eq!(l.when(&"a", t(1000.0)).num_milliseconds(), 5);
        // Capped at 1000 s.
        let mut l = RateLimiter::default_controller();
        let last = (0..40).map(|i| l.when(&"b", t(i as f64 * 2000.0))).last().unwrap();
        assert_eq!(last, TimeDelta::seconds(1000));
    }

    #[test]
    fn token_bucket_allows_a_burst_of_100_then_10_per_second() {
        let mut l: RateLimiter<u32> = RateLimiter::default_controller();
        let now = t(0.0);
        for k in 0..100 {
            assert_eq!(l.when(&k, now).num_milliseconds(), 5, "key {k}");
        }
        assert_eq!(l.when(&100, now).num_milliseconds(), 100);
        assert_eq!(l.when(&101, now).num_milliseconds(), 200);
    }

    #[test]
    fn job_api_error_limiter_is_1s_doubling_to_60s() {
        let mut l = RateLimiter::exponential(TimeDelta::seconds(1), TimeDelta::seconds(60));
        let got: Vec<i64> = (0..8).map(|_| l.when(&"j", t(0.0)).num_seconds()).collect();
        assert_eq!(got, [1, 2, 4, 8, 16, 32, 60, 60]);
    }

    #[test]
    fn add_rate_limited_waits_and_clear_forgets_everything() {
        let mut q: Q = WorkQueue::new(RateLimiter::exponential(TimeDelta::seconds(1), TimeDelta::seconds(60)));
        q.add_rate_limited("a", 'x', t(0.0));
        q.add_rate_limited("a", 'x', t(0.0));
        assert_eq!(q.next_wake(), Some(t(1.0)), "the earlier of 1 s and 2 s");
        assert_eq!(q.num_requeues(&"a"), 2);
        q.add("b", 'y');
        q.clear();
        assert_eq!((q.next_wake(), q.has_ready(), q.num_requeues(&"a")), (None, false, 0));
    }
}
