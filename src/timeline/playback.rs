//! The virtual clock's playback: the speeds one may pick, the one that plays a whole horizon in
//! about [`PLAY_SECONDS`], and each speed's name in the reader's language. A 30-minute story
//! then plays in 15 s rather than in half a second, and a ten-year horizon in 10 s.

use crate::i18n::{Lang, Msg};

/// Virtual seconds per real second (= virtual ms per real ms) of each speed one may pick: 1 s/s
/// (real time) to 365 d/s, in steps of about 2 to 5.
pub const SPEEDS: [f64; 18] = [
    1.0,
    10.0,
    30.0,
    60.0,
    120.0,
    300.0,
    600.0,
    1_800.0,
    3_600.0,
    10_800.0,
    21_600.0,
    43_200.0,
    86_400.0,
    2.0 * 86_400.0,
    7.0 * 86_400.0,
    30.0 * 86_400.0,
    90.0 * 86_400.0,
    365.0 * 86_400.0,
];

/// How long, in real seconds, playing a whole horizon should take at the speed it opens with.
pub const PLAY_SECONDS: f64 = 20.0;

/// The speed a horizon of `span_ms` opens with: of [`SPEEDS`], the one that plays it closest to
/// [`PLAY_SECONDS`] (closest as a ratio, so 30 min plays in 15 s rather than 30 s).
///
/// ```
/// use cronjob_playground::timeline::playback::speed_for;
/// // 30 minutes: 2 min/s, 15 s.
/// assert_eq!(speed_for(30.0 * 60_000.0), 120.0);
/// // A day: 1 h/s, 24 s.
/// assert_eq!(speed_for(86_400_000.0), 3_600.0);
/// ```
pub fn speed_for(span_ms: f64) -> f64 {
    let wanted = span_ms / 1000.0 / PLAY_SECONDS;
    let distance = |s: f64| (s / wanted).ln().abs();
    SPEEDS.iter().copied().min_by(|a, b| distance(*a).total_cmp(&distance(*b))).unwrap_or(SPEEDS[0])
}

/// The speeds the picker offers: [`SPEEDS`], and `current` in its place when it is none of them
/// (a share link made with another speed).
pub fn choices(current: f64) -> Vec<f64> {
    let mut all = SPEEDS.to_vec();
    if current > 0.0 && !SPEEDS.contains(&current) {
        let at = all.partition_point(|s| *s < current);
        all.insert(at, current);
    }
    all
}

/// A speed as "2 min/s" in the reader's language, in the largest unit it reaches.
///
/// ```
/// use cronjob_playground::i18n::Lang;
/// use cronjob_playground::timeline::playback::speed_label;
/// assert_eq!(speed_label(Lang::En, 30.0), "30 s/s");
/// assert_eq!(speed_label(Lang::En, 10_800.0), "3 h/s");
/// assert_eq!(speed_label(Lang::Ja, 7.0 * 86_400.0), "7 日/秒");
/// ```
pub fn speed_label(l: Lang, speed: f64) -> String {
    let (msg, unit) = if speed >= 86_400.0 {
        (Msg::SpeedDays, 86_400.0)
    } else if speed >= 3_600.0 {
        (Msg::SpeedHours, 3_600.0)
    } else if speed >= 60.0 {
        (Msg::SpeedMinutes, 60.0)
    } else {
        (Msg::SpeedSeconds, 1.0)
    };
    l.format(msg, &[&(speed / unit)])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every horizon from a minute to ten years opens at a speed that plays it in 8 to 40 s.
    #[test]
    fn horizons_play_in_about_twenty_seconds() {
        let minute = 60_000.0;
        let day = 1440.0 * minute;
        for span in [10.0 * minute, 30.0 * minute, 60.0 * minute, day, 7.0 * day, 30.0 * day, 365.0 * day, 3650.0 * day]
        {
            let seconds = span / 1000.0 / speed_for(span);
            assert!((8.0..=40.0).contains(&seconds), "{span} ms plays in {seconds} s");
        }
        assert_eq!(speed_for(3650.0 * 86_400_000.0), 365.0 * 86_400.0);
        assert_eq!(speed_for(7.0 * 86_400_000.0), 21_600.0);
        // Shorter than real time can play: real time.
        assert_eq!(speed_for(5_000.0), 1.0);
    }

    #[test]
    fn the_picker_keeps_a_linked_speed() {
        assert_eq!(choices(600.0), SPEEDS.to_vec());
        let with = choices(900.0);
        assert_eq!(with.len(), SPEEDS.len() + 1);
        assert_eq!(with[with.iter().position(|s| *s == 900.0).unwrap() - 1], 600.0);
        assert_eq!(speed_label(Lang::Ko, 120.0), "2분/초");
        assert_eq!(speed_label(Lang::En, 900.0), "15 min/s");
    }
}
