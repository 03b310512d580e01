//! Keyboard navigation of the timeline: its lanes as the keyboard walks them (per group the slot
//! lane, the Job lane with all its rows, then each shown Job's Pods, each in time order), the
//! item an arrow key, Home or End moves to, and where an item lies on the time axis (what a view
//! must show, and how close in, to draw it apart from its neighbours).

use super::lanes::Timeline;
use super::order;
use super::viewport::ms;
use super::ItemRef;
use crate::sim::trace::Time;
use std::collections::HashSet;

/// A key that moves the focus between items.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Left: the lane's previous item in time.
    Previous,
    /// Right: the lane's next item.
    Next,
    /// Up: the item nearest in time on the lane above.
    Up,
    /// Down: the same on the lane below.
    Down,
    /// Home: the lane's first item.
    First,
    /// End: the lane's last item.
    Last,
}

impl Move {
    /// The move a key stands for (`KeyboardEvent.key`).
    ///
    /// ```
    /// use cronjob_playground::timeline::nav::Move;
    /// assert_eq!(Move::of_key("ArrowRight"), Some(Move::Next));
    /// assert_eq!(Move::of_key("Home"), Some(Move::First));
    /// assert_eq!(Move::of_key("x"), None);
    /// ```
    pub fn of_key(key: &str) -> Option<Move> {
        Some(match key {
            "ArrowLeft" => Move::Previous,
            "ArrowRight" => Move::Next,
            "ArrowUp" => Move::Up,
            "ArrowDown" => Move::Down,
            "Home" => Move::First,
            "End" => Move::Last,
            _ => return None,
        })
    }
}

/// Which lane of a group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lane {
    Slots,
    Jobs,
    /// The Pods of `group.jobs[j]`.
    Pods(usize),
}

/// The lanes the keyboard walks, top to bottom (the drawing's order): each group's slot lane
/// (CronJobs only), its Job lane, and the Pods of each of its Jobs named in `expanded`.
fn lanes(tl: &Timeline, expanded: &HashSet<String>) -> Vec<(usize, Lane)> {
    let mut out = Vec::new();
    for (g, group) in tl.groups.iter().enumerate() {
        if group.cron_job.is_some() {
            out.push((g, Lane::Slots));
        }
        out.push((g, Lane::Jobs));
        out.extend(
            group.jobs.iter().enumerate().filter(|(_, j)| expanded.contains(&j.name)).map(|(j, _)| (g, Lane::Pods(j))),
        );
    }
    out
}

/// A lane's items with their instants, in time order.
fn items(tl: &Timeline, (g, lane): (usize, Lane)) -> Vec<(ItemRef, Time)> {
    let group = &tl.groups[g];
    let mut out: Vec<(ItemRef, Time)> = match lane {
        Lane::Slots => group.slots.iter().map(|s| (ItemRef::Slot(s.trace_index), s.at)).collect(),
        Lane::Jobs => group.jobs.iter().map(|j| (ItemRef::Job(j.trace_index), j.from)).collect(),
        Lane::Pods(j) => group.jobs[j].pods.iter().map(|p| (ItemRef::Pod(p.trace_index), p.from)).collect(),
    };
    order::sort_by_key(&mut out, |(item, at)| (*at, item.to_string()));
    out
}

/// The lane `item` is on, among `lanes`.
fn lane_of(tl: &Timeline, lanes: &[(usize, Lane)], item: ItemRef) -> Option<usize> {
    lanes.iter().position(|&(g, lane)| {
        let group = &tl.groups[g];
        match (lane, item) {
            (Lane::Slots, ItemRef::Slot(i)) => group.slots.iter().any(|s| s.trace_index == i),
            (Lane::Jobs, ItemRef::Job(i)) => group.jobs.iter().any(|j| j.trace_index == i),
            (Lane::Pods(j), ItemRef::Pod(i)) => group.jobs[j].pods.iter().any(|p| p.trace_index == i),
            _ => false,
        }
    })
}

/// The item a key moves to from `from` (with the Pods of the Jobs in `expanded` shown), or,
/// from nothing, the first item at or after `at` on the first lane that has one. `None` when the
/// move leads off the timeline's items.
///
/// ```
/// use cronjob_playground::timeline::nav::{step, Move};
/// use cronjob_playground::timeline::{ItemRef, Timeline};
/// use std::collections::HashSet;
/// let tl = Timeline { start: Default::default(), end: Default::default(), groups: vec![],
///     markers: vec![], outages: vec![], instants: vec![] };
/// assert_eq!(step(&tl, &HashSet::new(), Some(ItemRef::Slot(0)), Move::Next, Default::default()), None);
/// ```
pub fn step(tl: &Timeline, expanded: &HashSet<String>, from: Option<ItemRef>, how: Move, at: Time) -> Option<ItemRef> {
    let lanes = lanes(tl, expanded);
    let Some(here) = from.and_then(|item| lane_of(tl, &lanes, item)) else {
        let lane = lanes.iter().map(|&l| items(tl, l)).find(|items| !items.is_empty())?;
        let k = lane.partition_point(|(_, t)| *t < at).min(lane.len() - 1);
        return Some(lane[k].0);
    };
    let from = from?;
    let lane = items(tl, lanes[here]);
    let k = lane.iter().position(|(item, _)| *item == from)?;
    match how {
        Move::Previous => k.checked_sub(1).map(|k| lane[k].0),
        Move::Next => lane.get(k + 1).map(|(item, _)| *item),
        Move::First => lane.first().map(|(item, _)| *item),
        Move::Last => lane.last().map(|(item, _)| *item),
        Move::Up | Move::Down => {
            let t = lane[k].1;
            let others: Vec<usize> =
                if how == Move::Up { (0..here).rev().collect() } else { (here + 1..lanes.len()).collect() };
            // The nearest lane with items, and its item nearest in time (the earlier on a tie).
            let next = others.into_iter().map(|l| items(tl, lanes[l])).find(|items| !items.is_empty())?;
            next.iter().min_by_key(|(_, at)| (*at - t).abs()).map(|(item, _)| *item)
        }
    }
}

/// Where an item lies on the time axis, in ms: from, to, and the room it has on its lane (the
/// smallest distance to a neighbour a drawing must keep apart, or its own length when that is
/// larger; infinite for what is never merged with others).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Place {
    pub from: f64,
    pub to: f64,
    pub room: f64,
}

/// Where `item` lies (see [`Place`]); `None` for items the timeline does not hold.
pub fn place(tl: &Timeline, item: ItemRef) -> Option<Place> {
    let gap = |times: &[f64], k: usize| {
        let before = k.checked_sub(1).map_or(f64::INFINITY, |p| times[k] - times[p]);
        let after = times.get(k + 1).map_or(f64::INFINITY, |n| n - times[k]);
        before.min(after)
    };
    for group in &tl.groups {
        match item {
            ItemRef::Slot(i) => {
                if let Some(k) = group.slots.iter().position(|s| s.trace_index == i) {
                    let times: Vec<f64> = group.slots.iter().map(|s| ms(s.at)).collect();
                    return Some(Place { from: times[k], to: times[k], room: gap(&times, k) });
                }
            }
            ItemRef::Job(i) => {
                if let Some(job) = group.jobs.iter().find(|j| j.trace_index == i) {
                    let mut starts: Vec<f64> =
                        group.jobs.iter().filter(|j| j.row == job.row).map(|j| ms(j.from)).collect();
                    order::sort_by(&mut starts, f64::total_cmp);
                    let k = starts.iter().position(|s| *s == ms(job.from)).unwrap_or(0);
                    let (from, to) = (ms(job.from), ms(job.to));
                    return Some(Place { from, to, room: (to - from).max(gap(&starts, k)) });
                }
            }
            ItemRef::Pod(i) => {
                if let Some(p) = group.jobs.iter().flat_map(|j| &j.pods).find(|p| p.trace_index == i) {
                    return Some(Place { from: ms(p.from), to: ms(p.to), room: f64::INFINITY });
                }
            }
            ItemRef::Marker(i) => {
                return tl.markers.get(i).map(|m| Place { from: ms(m.at), to: ms(m.at), room: f64::INFINITY })
            }
            ItemRef::Outage(i) => {
                return tl.outages.get(i).map(|o| Place { from: ms(o.from), to: ms(o.to), room: f64::INFINITY })
            }
            ItemRef::Suspension(g, i) => {
                let s = tl.groups.get(g)?.suspended.get(i)?;
                return Some(Place { from: ms(s.from), to: ms(s.to), room: f64::INFINITY });
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timeline::fixture::{crash_loop, retroactive, t};
    use crate::timeline::Timeline;

    #[test]
    fn arrows_walk_a_lane_in_time_order_and_up_down_change_lanes() {
        // Seed 002: slots 13:05 (ran) and 13:10 (ran late, retroactive), Jobs 13:05 and 13:16.
        let trace = retroactive();
        let tl = Timeline::build(&trace);
        let none = HashSet::new();
        let slot_at = |text: &str| ItemRef::Slot(trace.slots.iter().position(|s| s.scheduled_time == t(text)).unwrap());
        let (s1305, s1310) = (slot_at("2023-03-22T13:05:00Z"), slot_at("2023-03-22T13:10:00Z"));
        let go = |from, how| step(&tl, &none, Some(from), how, tl.start);
        assert_eq!(go(s1305, Move::Next), Some(s1310));
        assert_eq!(go(s1310, Move::Previous), Some(s1305));
        assert_eq!(go(s1305, Move::Previous), None);
        assert_eq!(go(s1305, Move::Last), Some(s1310));
        assert_eq!(go(s1310, Move::First), Some(s1305));
        // Down from the 13:10 slot: the Job nearest in time is the 13:05 Job (13:05:00, 5 min
        // away) rather than the retroactive 13:16 one (6 min away).
        assert_eq!(go(s1310, Move::Down), Some(ItemRef::Job(0)));
        assert_eq!(go(ItemRef::Job(1), Move::Up), Some(s1310));
        assert_eq!(go(ItemRef::Job(1), Move::Down), None);
        // With the 13:16 Job's Pods shown, its Pod is the lane below.
        let open = HashSet::from(["cron-test-27991510".to_string()]);
        assert_eq!(step(&tl, &open, Some(ItemRef::Job(1)), Move::Down, tl.start), Some(ItemRef::Pod(1)));
        // From nothing: the first slot at or after the instant given.
        assert_eq!(step(&tl, &none, None, Move::Next, t("2023-03-22T13:06:00Z")), Some(s1310));
    }

    #[test]
    fn a_place_has_the_room_its_lane_leaves_it() {
        let trace = retroactive();
        let tl = Timeline::build(&trace);
        let s = |k: usize| ItemRef::Slot(tl.groups[0].slots[k].trace_index);
        // Slots five minutes apart.
        assert_eq!(place(&tl, s(1)).unwrap().room, 300_000.0);
        let job = place(&tl, ItemRef::Job(1)).unwrap();
        assert_eq!((job.from, job.to), (ms(t("2023-03-22T13:16:00Z")), ms(t("2023-03-22T13:16:12Z"))));
        let pod = place(&Timeline::build(&crash_loop()), ItemRef::Pod(0)).unwrap();
        assert_eq!(pod.room, f64::INFINITY);
        assert_eq!(place(&tl, ItemRef::Pod(9)), None);
    }
}
