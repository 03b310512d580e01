//! The words of the schedule card (`app::schedule_card`), in each language: a schedule as a
//! sentence in the language's own word order (English says it as `cron::describe` does), and what
//! a zone's clock change does to it. Only the engine says them, so the page's module does not
//! carry them.

use super::{Lang, Sentences};

super::catalog! {
    /// One piece of a schedule's sentence, or a sentence about a clock change.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum ScheduleWords {
        /// `{0}` the times of day (`02:00、14:00`).
        AtTimes,
        EveryMinute,
        /// `{0}` the step in minutes.
        EveryNMinutes,
        /// `{0}` the minutes.
        MinutesEveryHour,
        /// `{0}` the minutes, `{1}` the hours.
        MinutesOfHours,
        EveryDay,
        /// `{0}` the days of the week.
        OnWeekdays,
        /// `{0}` the days of the month.
        OnDays,
        /// `{0}` the days of the month, `{1}` the days of the week (robfig runs on either).
        OnDaysOrWeekdays,
        /// `{0}` the time part, `{1}` the day part.
        Sentence,
        /// `{0}` the time part, `{1}` the day part, `{2}` the months.
        SentenceInMonths,
        /// `{0}` a duration (`1h30m`).
        EveryDuration,
        /// `{0}`, `{1}` the first and last of a range.
        Range,
        /// Between the items of a list.
        ListSeparator,
        /// No time matches.
        Never,
        /// The axis's label of a spring change: `{0}`–`{1}` the wall-clock span that does not
        /// exist, `{2}` the zone.
        GapLabel,
        /// An autumn change's: `{0}`–`{1}` the span that happens twice, `{2}` the zone.
        OverlapLabel,
        /// `{0}` the date, `{1}` the zone, `{2}` the skipped span (`02:00–03:00`), `{3}` the times.
        GapSkips,
        /// The same, `{3}` unused: none of the schedule's times is in the span.
        GapNone,
        /// `{0}` the date, `{1}` the zone, `{2}` the repeated span, `{3}` the times.
        OverlapTwice,
        OverlapNone,
    }
}

const WEEKDAYS: [[&str; 7]; 3] = [
    ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
    ["日曜日", "月曜日", "火曜日", "水曜日", "木曜日", "金曜日", "土曜日"],
    ["일요일", "월요일", "화요일", "수요일", "목요일", "금요일", "토요일"],
];

/// The name of day-of-week `d` (0 = Sunday).
pub fn weekday(lang: Lang, d: u32) -> &'static str {
    WEEKDAYS[lang.index()][d as usize % 7]
}

/// The name of month `m` (1 = January).
pub fn month(lang: Lang, m: u32) -> String {
    const EN: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    match lang {
        Lang::En => EN[(m as usize + 11) % 12].to_string(),
        Lang::Ja => format!("{m}月"),
        Lang::Ko => format!("{m}월"),
    }
}

impl Sentences for ScheduleWords {
    /// The words in `lang`, placeholders as they are.
    fn text(self, lang: Lang) -> &'static str {
        use ScheduleWords::*;
        let [en, ja, ko] = match self {
            AtTimes => ["at {0}", "{0} に", "{0}에"],
            EveryMinute => ["every minute", "毎分", "매분"],
            EveryNMinutes => ["every {0} minutes", "{0} 分ごと", "{0}분마다"],
            MinutesEveryHour => ["at minute {0} of every hour", "毎時 {0} 分に", "매시 {0}분에"],
            MinutesOfHours => ["at minute {0} of hour {1}", "{1} 時の {0} 分に", "{1}시 {0}분에"],
            EveryDay => ["every day", "毎日", "매일"],
            OnWeekdays => ["on {0}", "{0}", "{0}"],
            OnDays => ["on day {0} of the month", "毎月 {0} 日", "매월 {0}일"],
            OnDaysOrWeekdays => ["on day {0} of the month or on {1}", "毎月 {0} 日または{1}", "매월 {0}일 또는 {1}"],
            Sentence => ["{0} {1}", "{1} {0}", "{1} {0}"],
            SentenceInMonths => ["{0} {1} in {2}", "{2}の{1} {0}", "{2} {1} {0}"],
            EveryDuration => [
                "every {0}, counted from the previous run",
                "前回の実行から {0} ごと",
                "이전 실행부터 {0}마다",
            ],
            Range => ["{0} through {1}", "{0}〜{1}", "{0}~{1}"],
            ListSeparator => [", ", "、", ", "],
            Never => ["never (no time matches)", "実行されません (一致する時刻がありません)", "실행되지 않음 (일치하는 시각 없음)"],
            GapLabel => ["{0}→{1} skipped ({2})", "{0}→{1} は存在しない ({2})", "{0}→{1} 건너뜀 ({2})"],
            OverlapLabel => ["{0}–{1} twice ({2})", "{0}–{1} が 2 回 ({2})", "{0}–{1} 두 번 ({2})"],
            GapSkips => [
                "On {0} the clock in {1} skips {2}: robfig/cron skips this schedule's {3} that day (it does not run it \
                later).",
                "{0} は {1} の時計が {2} を飛ばすため、robfig/cron はその日の {3} の実行を飛ばします (後にずらしません)。",
                "{0}에는 {1}의 시계가 {2}를 건너뛰므로 robfig/cron은 그날 {3} 실행을 건너뜁니다 (나중으로 미루지 않습니다).",
            ],
            GapNone => [
                "On {0} the clock in {1} skips {2}; none of this schedule's times falls in it.",
                "{0} は {1} の時計が {2} を飛ばしますが、このスケジュールの時刻は含まれません。",
                "{0}에는 {1}의 시계가 {2}를 건너뛰지만 이 스케줄의 시각은 포함되지 않습니다.",
            ],
            OverlapTwice => [
                "On {0} the clock in {1} repeats {2}: robfig/cron runs this schedule's {3} twice, once at each UTC \
                offset.",
                "{0} は {1} の時計が {2} を繰り返すため、robfig/cron は {3} の実行を UTC オフセットごとに 1 回ずつ、計 2 回行います。",
                "{0}에는 {1}의 시계가 {2}를 반복하므로 robfig/cron은 {3} 실행을 UTC 오프셋마다 한 번씩, 모두 두 번 합니다.",
            ],
            OverlapNone => [
                "On {0} the clock in {1} repeats {2}; none of this schedule's times falls in it.",
                "{0} は {1} の時計が {2} を繰り返しますが、このスケジュールの時刻は含まれません。",
                "{0}에는 {1}의 시계가 {2}를 반복하지만 이 스케줄의 시각은 포함되지 않습니다.",
            ],
        };
        lang.pick([en, ja, ko])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_has_words_in_every_language_with_the_same_placeholders() {
        for &w in ScheduleWords::ALL {
            super::super::assert_complete(&w, |l| w.text(l));
        }
        assert_eq!(
            (weekday(Lang::Ja, 1), month(Lang::Ko, 3), month(Lang::En, 12)),
            ("月曜日", "3월".into(), "December".into())
        );
    }
}
