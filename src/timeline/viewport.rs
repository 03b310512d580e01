//! The visible window of the timeline — time ↔ pixel mapping, zoom and pan clamped to the horizon —
//! and the culling and aggregation that keep drawing proportional to the screen, not to the trace:
//! only items inside the window are emitted, and items closer than a few pixels merge into one
//! cluster that counts them.

use crate::sim::trace::Time;

/// Milliseconds since the Unix epoch, as the drawing works in `f64`.
pub fn ms(t: Time) -> f64 {
    t.timestamp_millis() as f64
}

/// The instant at `ms` milliseconds since the epoch (clamped to chrono's range).
pub fn time_of_ms(ms: f64) -> Time {
    let clamped = ms.clamp(-8.0e15, 8.0e15).round() as i64;
    chrono::DateTime::from_timestamp_millis(clamped).unwrap_or_default()
}

/// The label column's width left of lanes drawn in a box `total` px wide: 176 px on a wide
/// screen, about 30 % of a narrow one, never under 96 px (a phone keeps most of its width for the
/// lanes; a lane's name still fits).
///
/// ```
/// use cronjob_playground::timeline::viewport::label_width;
/// assert_eq!(label_width(1000.0), 176.0);
/// assert_eq!(label_width(362.0), 109.0);
/// assert_eq!(label_width(200.0), 96.0);
/// ```
pub fn label_width(total: f64) -> f64 {
    (total * 0.3).round().clamp(96.0, 176.0)
}

/// The width in pixels of a 10 px label's `text`: about 5.8 px per Latin letter or digit (a
/// little over the average, so a label that fits never touches its ends) and a full em per
/// Japanese or Korean character, which is drawn square. Labels are written in the page's
/// language, so a Korean `종료 코드 1` needs half as much room again as `exit 1`.
///
/// ```
/// use cronjob_playground::timeline::viewport::label_text_width;
/// assert_eq!(label_text_width("exit 1"), 6.0 * 5.8);
/// assert_eq!(label_text_width("종료 코드 1"), 4.0 * 10.0 + 3.0 * 5.8);
/// assert_eq!(label_text_width("終了コード 1"), 5.0 * 10.0 + 2.0 * 5.8);
/// ```
pub fn label_text_width(text: &str) -> f64 {
    let wide = text.chars().filter(|&c| is_wide(c)).count();
    wide as f64 * 10.0 + (text.chars().count() - wide) as f64 * 5.8
}

/// Whether `c` is East Asian wide (Hangul, kana, CJK ideographs and symbols, full-width forms).
fn is_wide(c: char) -> bool {
    matches!(c,
        '\u{1100}'..='\u{115F}'
            | '\u{2E80}'..='\u{A4CF}'
            | '\u{AC00}'..='\u{D7A3}'
            | '\u{F900}'..='\u{FAFF}'
            | '\u{FE30}'..='\u{FE4F}'
            | '\u{FF00}'..='\u{FF60}'
            | '\u{FFE0}'..='\u{FFE6}')
}

/// The shortest window one may zoom to.
pub const MIN_SPAN_MS: f64 = 1_000.0;

/// The visible time window `[from, to)` drawn across `width` pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Viewport {
    pub from: f64,
    pub to: f64,
    pub width: f64,
}

impl Viewport {
    /// A window showing the whole horizon `[start, end)`.
    pub fn whole(start: Time, end: Time, width: f64) -> Viewport {
        Viewport { from: ms(start), to: ms(end).max(ms(start) + MIN_SPAN_MS), width: width.max(1.0) }
    }

    /// The window's length in milliseconds.
    pub fn span(&self) -> f64 {
        self.to - self.from
    }

    /// The x coordinate of the instant `t_ms`.
    pub fn x(&self, t_ms: f64) -> f64 {
        (t_ms - self.from) / self.span() * self.width
    }

    /// The x coordinate of `t`.
    pub fn x_of(&self, t: Time) -> f64 {
        self.x(ms(t))
    }

    /// The instant (ms) at x coordinate `x`.
    pub fn t(&self, x: f64) -> f64 {
        self.from + x / self.width * self.span()
    }

    /// Zooms by `factor` (< 1 zooms in) keeping the instant under `anchor_x` fixed, clamped to
    /// the horizon `[start, end)` and to [`MIN_SPAN_MS`].
    ///
    /// ```
    /// use cronjob_playground::timeline::viewport::Viewport;
    /// let v = Viewport { from: 0.0, to: 100_000.0, width: 100.0 };
    /// let z = v.zoom(50.0, 0.5, 0.0, 100_000.0);
    /// assert_eq!((z.from, z.to), (25_000.0, 75_000.0));
    /// ```
    pub fn zoom(&self, anchor_x: f64, factor: f64, start: f64, end: f64) -> Viewport {
        let anchor = self.t(anchor_x);
        let max_span = (end - start).max(MIN_SPAN_MS);
        let span = (self.span() * factor).clamp(MIN_SPAN_MS, max_span);
        let ratio = (anchor_x / self.width).clamp(0.0, 1.0);
        let from = anchor - span * ratio;
        Viewport { from, to: from + span, width: self.width }.clamped(start, end)
    }

    /// Pans by `dx` pixels (positive moves the content right, i.e. back in time), clamped.
    pub fn pan(&self, dx: f64, start: f64, end: f64) -> Viewport {
        let dt = dx / self.width * self.span();
        Viewport { from: self.from - dt, to: self.to - dt, width: self.width }.clamped(start, end)
    }

    /// The same span, centred on `t_ms` when it is outside the window (the clock follows).
    pub fn follow(&self, t_ms: f64, start: f64, end: f64) -> Viewport {
        if t_ms >= self.from && t_ms <= self.to {
            return *self;
        }
        self.centred(t_ms, start, end)
    }

    /// The same span centred on `t_ms` (clamped).
    pub fn centred(&self, t_ms: f64, start: f64, end: f64) -> Viewport {
        let half = self.span() / 2.0;
        Viewport { from: t_ms - half, to: t_ms + half, width: self.width }.clamped(start, end)
    }

    /// The same window on a canvas of a different width.
    pub fn with_width(&self, width: f64) -> Viewport {
        Viewport { width: width.max(1.0), ..*self }
    }

    fn clamped(self, start: f64, end: f64) -> Viewport {
        let span = self.span().min((end - start).max(MIN_SPAN_MS));
        let from = self.from.max(start).min(end - span);
        let from = if from < start { start } else { from };
        Viewport { from, to: from + span, width: self.width }
    }
}

/// One thing to draw on a lane: a single item, or a cluster of items too close to tell apart.
#[derive(Clone, Debug, PartialEq)]
pub enum Drawn {
    /// Item `index` (into the lane's slice) from `x0` to `x1` (equal for instants).
    One { index: usize, x0: f64, x1: f64 },
    /// Items `first..=last` merged; `x0..x1` covers them all.
    Cluster { first: usize, last: usize, x0: f64, x1: f64 },
}

impl Drawn {
    /// How many items it stands for.
    pub fn count(&self) -> usize {
        match self {
            Drawn::One { .. } => 1,
            Drawn::Cluster { first, last, .. } => last - first + 1,
        }
    }

    /// The indices it stands for.
    pub fn indices(&self) -> std::ops::RangeInclusive<usize> {
        match *self {
            Drawn::One { index, .. } => index..=index,
            Drawn::Cluster { first, last, .. } => first..=last,
        }
    }
}

/// The instants of `times` (sorted) inside the window. Where two neighbours are closer than
/// `min_gap` px, the instants are binned into `min_gap`-wide buckets anchored to absolute time (so
/// panning never reshuffles them), and each bucket with several instants becomes one cluster.
///
/// ```
/// use cronjob_playground::timeline::viewport::{visible_instants, Drawn, Viewport};
/// let v = Viewport { from: 0.0, to: 1000.0, width: 100.0 };
/// // 10 ms = 1 px, buckets of 40 ms: the first three share one, the fourth stands alone, the
/// // fifth is off-screen.
/// let drawn = visible_instants(&[100.0, 110.0, 115.0, 500.0, 2000.0], &v, 4.0);
/// assert_eq!(drawn, vec![
///     Drawn::Cluster { first: 0, last: 2, x0: 10.0, x1: 11.5 },
///     Drawn::One { index: 3, x0: 50.0, x1: 50.0 },
/// ]);
/// ```
pub fn visible_instants(times: &[f64], view: &Viewport, min_gap: f64) -> Vec<Drawn> {
    let bucket_ms = view.span() * min_gap / view.width;
    let lo = times.partition_point(|t| *t < view.from - bucket_ms);
    let hi = times.partition_point(|t| *t <= view.to + bucket_ms);
    let mut out = Vec::new();
    let mut i = lo;
    while i < hi {
        let x0 = view.x(times[i]);
        let crowded = |k: usize| {
            (k > lo && times[k] - times[k - 1] < bucket_ms) || (k + 1 < hi && times[k + 1] - times[k] < bucket_ms)
        };
        if !crowded(i) {
            out.push(Drawn::One { index: i, x0, x1: x0 });
            i += 1;
            continue;
        }
        let bucket = (times[i] / bucket_ms).floor();
        let mut j = i;
        while j + 1 < hi && (times[j + 1] / bucket_ms).floor() == bucket {
            j += 1;
        }
        out.push(if j == i {
            Drawn::One { index: i, x0, x1: x0 }
        } else {
            Drawn::Cluster { first: i, last: j, x0, x1: view.x(times[j]) }
        });
        i = j + 1;
    }
    out
}

/// Intervals `[from, to)` sorted by `from`, with a running maximum of `to` (see
/// [`running_max`]), culled to the window; intervals narrower than `min_width` px are binned by
/// their start into `min_width`-wide buckets anchored to absolute time, several to a cluster.
pub fn visible_spans(spans: &[(f64, f64)], max_to: &[f64], view: &Viewport, min_width: f64) -> Vec<Drawn> {
    // Every interval before `lo` ends before the window; every one from `hi` starts after it.
    let lo = max_to.partition_point(|m| *m < view.from);
    let hi = spans.partition_point(|(from, _)| *from <= view.to);
    let bucket_ms = view.span() * min_width / view.width;
    let narrow = |k: usize| spans[k].1 - spans[k].0 < bucket_ms;
    let mut out = Vec::new();
    let mut i = lo;
    while i < hi {
        let (from, to) = spans[i];
        if to < view.from {
            i += 1;
            continue;
        }
        let (x0, x1) = (view.x(from), view.x(to));
        if !narrow(i) {
            out.push(Drawn::One { index: i, x0, x1 });
            i += 1;
            continue;
        }
        let bucket = (from / bucket_ms).floor();
        let (mut j, mut end) = (i, x1);
        while j + 1 < hi && narrow(j + 1) && (spans[j + 1].0 / bucket_ms).floor() == bucket {
            j += 1;
            end = end.max(view.x(spans[j].1));
        }
        out.push(if j == i {
            Drawn::One { index: i, x0, x1 }
        } else {
            Drawn::Cluster { first: i, last: j, x0, x1: end }
        });
        i = j + 1;
    }
    out
}

/// The running maximum of the intervals' ends, for [`visible_spans`].
pub fn running_max(spans: &[(f64, f64)]) -> Vec<f64> {
    let mut max = f64::NEG_INFINITY;
    spans
        .iter()
        .map(|(_, to)| {
            max = max.max(*to);
            max
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zoom_and_pan_stay_inside_the_horizon() {
        let v = Viewport { from: 0.0, to: 100_000.0, width: 200.0 };
        // Zooming out past the horizon shows the whole horizon.
        assert_eq!(v.zoom(10.0, 4.0, 0.0, 100_000.0), v);
        // Zooming in at the left edge keeps the left edge.
        let z = v.zoom(0.0, 0.1, 0.0, 100_000.0);
        assert_eq!((z.from, z.to), (0.0, 10_000.0));
        // Panning right by half the width moves back 5 s, but not before the start.
        assert_eq!(z.pan(100.0, 0.0, 100_000.0).from, 0.0);
        let p = z.pan(-100.0, 0.0, 100_000.0);
        assert_eq!((p.from, p.to), (5_000.0, 15_000.0));
        // And never past the end.
        assert_eq!(p.pan(-1e9, 0.0, 100_000.0).to, 100_000.0);
        // Never narrower than a second.
        assert_eq!(v.zoom(100.0, 1e-9, 0.0, 100_000.0).span(), MIN_SPAN_MS);
        // Following the clock recentres only when it leaves the window.
        assert_eq!(p.follow(6_000.0, 0.0, 100_000.0), p);
        assert_eq!(p.follow(50_000.0, 0.0, 100_000.0).from, 45_000.0);
    }

    #[test]
    fn ten_thousand_slots_draw_as_at_most_one_item_per_few_pixels() {
        let times: Vec<f64> = (0..10_000).map(|i| i as f64 * 3_600_000.0).collect();
        let whole = Viewport { from: 0.0, to: 10_000.0 * 3_600_000.0, width: 1000.0 };
        let drawn = visible_instants(&times, &whole, 4.0);
        assert!(drawn.len() <= 250, "{}", drawn.len());
        assert_eq!(drawn.iter().map(Drawn::count).sum::<usize>(), 10_000);
        // Zoomed into one day: 25 hourly slots, each alone (40 px apart).
        let day = Viewport { from: 100.0 * 3_600_000.0, to: 124.0 * 3_600_000.0, width: 960.0 };
        let drawn = visible_instants(&times, &day, 4.0);
        assert_eq!(drawn.len(), 25);
        assert!(drawn.iter().all(|d| matches!(d, Drawn::One { .. })));
        assert_eq!(drawn[0], Drawn::One { index: 100, x0: 0.0, x1: 0.0 });
    }

    #[test]
    fn spans_are_culled_with_the_running_maximum_and_narrow_runs_cluster() {
        // A long span that starts early must still be found when the window is at its end.
        let spans = vec![(0.0, 1000.0), (10.0, 20.0), (500.0, 501.0), (502.0, 503.0), (900.0, 990.0)];
        let max = running_max(&spans);
        let v = Viewport { from: 800.0, to: 1000.0, width: 200.0 };
        let drawn = visible_spans(&spans, &max, &v, 2.0);
        assert_eq!(
            drawn,
            vec![Drawn::One { index: 0, x0: -800.0, x1: 200.0 }, Drawn::One { index: 4, x0: 100.0, x1: 190.0 }]
        );
        let v = Viewport { from: 400.0, to: 600.0, width: 200.0 };
        let drawn = visible_spans(&spans, &max, &v, 4.0);
        assert_eq!(drawn[1], Drawn::Cluster { first: 2, last: 3, x0: 100.0, x1: 103.0 });
    }
}

/// Intervals prepared for repeated culling: sorted by start, with their running maximum end and
/// the caller's id for each.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SpanIndex {
    pub spans: Vec<(f64, f64)>,
    pub ids: Vec<usize>,
    max_to: Vec<f64>,
}

impl SpanIndex {
    /// Indexes `(id, from, to)` items.
    pub fn new(mut items: Vec<(usize, f64, f64)>) -> SpanIndex {
        super::order::sort_by(&mut items, |a, b| a.1.total_cmp(&b.1));
        let spans: Vec<(f64, f64)> = items.iter().map(|(_, f, t)| (*f, *t)).collect();
        let max_to = running_max(&spans);
        SpanIndex { ids: items.iter().map(|(id, _, _)| *id).collect(), spans, max_to }
    }

    /// [`visible_spans`] over the index (indices are positions in `ids`).
    pub fn visible(&self, view: &Viewport, min_width: f64) -> Vec<Drawn> {
        visible_spans(&self.spans, &self.max_to, view, min_width)
    }
}
