//! The words for other cron dialects (`cron::dialect`), in each language: which dialect a
//! refused schedule looks like, what it uses that Kubernetes lacks, the nearest Kubernetes
//! schedule, and where crontab.guru reads a valid schedule differently. Like the notices, only
//! the engine says them, so the page's module does not carry them.

use super::{Lang, Sentences};

super::catalog! {
    /// One sentence or name about a dialect.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum DialectWords {
        /// `{0}` kind, `{1}` name, `{2}` line, `{3}` the schedule, `{4}` the dialect's name.
        LooksLike,
        Quartz,
        EventBridge,
        Jenkins,
        Vixie,
        Extended,
        /// `{0}` the field's text (for this and the features below, unless said otherwise).
        Seconds,
        Year,
        WeekdayFromOne,
        /// No argument.
        NoSpecificValue,
        LastDayOfMonth,
        LastWeekday,
        NthWeekday,
        NearestWeekday,
        Hashed,
        Random,
        /// No argument.
        Reboot,
        Sunday7,
        /// `{0}` the runs, comma-separated.
        RunsThere,
        /// `{0}` the schedule.
        SameRuns,
        /// `{0}` the schedule, `{1}` its runs.
        Nearest,
        NoNearest,
        /// `{0}` kind, `{1}` name, `{2}` line, `{3}` the schedule, `{4}` a day Kubernetes runs on and
        /// crontab.guru does not.
        VixieEither,
        /// The same, `{4}` a day crontab.guru runs on and Kubernetes does not.
        VixieBoth,
    }
}

impl Sentences for DialectWords {
    /// The words in `lang`, placeholders as they are (`format` fills them).
    ///
    /// ```
    /// use cronjob_playground::i18n::{dialects::DialectWords, Lang, Sentences};
    /// assert_eq!(DialectWords::SameRuns.format(Lang::En, &[&"0 12 * * *"]), "Kubernetes runs the same with `0 12 * * \
    ///     *`.");
    /// assert_eq!(DialectWords::Jenkins.format(Lang::Ja, &[]), "Jenkins");
    /// ```
    fn text(self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.en(),
            Lang::Ja => self.ja(),
            Lang::Ko => self.ko(),
        }
    }
}

impl DialectWords {
    fn en(self) -> &'static str {
        use DialectWords::*;
        match self {
            LooksLike => "{0} {1} (line {2}): `{3}` is not a Kubernetes schedule, but it reads as {4}.",
            Quartz => "Quartz or Spring (seconds first)",
            EventBridge => "AWS EventBridge (a year last)",
            Jenkins => "Jenkins",
            Vixie => "crontab (Vixie cron, cronie)",
            Extended => "a cron library with Quartz's L, W and #",
            Seconds => "Seconds `{0}`: Kubernetes schedules whole minutes, so it starts at second 0 of each minute.",
            Year => "Year `{0}`: Kubernetes has no year; suspend or delete the CronJob when those years are over.",
            WeekdayFromOne => {
                "Day-of-week `{0}` counts 1 = Sunday there (Spring counts 1 = Monday); Kubernetes counts \
                0 = Sunday."
            }
            NoSpecificValue => "`?` (no specific value): Kubernetes reads it as `*`.",
            LastDayOfMonth => {
                "`{0}` counts from the month's last day; Kubernetes has no \"last\": run on the days it \
                can fall on and let the Job exit unless it is the day."
            }
            LastWeekday => {
                "`{0}` is the month's last such weekday; Kubernetes has no \"last\": run on days 22–31 and \
                let the Job exit unless it is that weekday and the last one."
            }
            NthWeekday => {
                "`{0}` is the nth such weekday of the month; Kubernetes runs on day-of-month OR day-of-week, \
                never both: run on that week's days and let the Job exit unless it is the weekday."
            }
            NearestWeekday => "`{0}` is the weekday nearest that day; no Kubernetes schedule says that.",
            Hashed => {
                "`{0}` is Jenkins' H, a value hashed from the job's name; Kubernetes takes a fixed value, chosen \
                here from the CronJob's name."
            }
            Random => {
                "`{0}` is a random value chosen when the crontab loads; Kubernetes takes a fixed value, chosen \
                here from the CronJob's name."
            }
            Reboot => {
                "`@reboot` runs once when cron starts; Kubernetes has no such schedule (a Job, or an init \
                container, does that)."
            }
            Sunday7 => "Day-of-week `{0}`: 7 is Sunday there; robfig/cron allows 0–6, so write 0 or SUN.",
            RunsThere => "There it runs at {0}.",
            SameRuns => "Kubernetes runs the same with `{0}`.",
            Nearest => "Nearest Kubernetes schedule: `{0}` (runs at {1}).",
            NoNearest => "No Kubernetes schedule does the same.",
            VixieEither => {
                "{0} {1} (line {2}): crontab.guru reads `{3}` differently. Kubernetes (robfig/cron) runs on \
                a day matching day-of-month OR day-of-week; crontab.guru requires both because a day field starts with \
                `*`. {4}: Kubernetes runs, crontab.guru does not."
            }
            VixieBoth => {
                "{0} {1} (line {2}): crontab.guru reads `{3}` differently. Kubernetes (robfig/cron) requires \
                both day fields because one is `*` by its rule; crontab.guru runs on a day matching either because \
                neither starts with `*`. {4}: crontab.guru runs, Kubernetes does not."
            }
        }
    }

    fn ja(self) -> &'static str {
        use DialectWords::*;
        match self {
            LooksLike => "{0} {1} ({2} 行目): `{3}` は Kubernetes のスケジュールではありませんが、{4} の式として読めます。",
            Quartz => "Quartz または Spring (先頭が秒)",
            EventBridge => "AWS EventBridge (末尾が年)",
            Jenkins => "Jenkins",
            Vixie => "crontab (Vixie cron、cronie)",
            Extended => "Quartz の L・W・# を持つ cron ライブラリ",
            Seconds => "秒 `{0}`: Kubernetes は分単位でスケジュールするため、毎分 0 秒に開始します。",
            Year => "年 `{0}`: Kubernetes に年のフィールドはありません。その年が過ぎたら CronJob を停止 (suspend) または削除してください。",
            WeekdayFromOne => "曜日 `{0}` は 1 = 日曜 で数えます (Spring は 1 = 月曜)。Kubernetes は 0 = 日曜 です。",
            NoSpecificValue => "`?` (値を指定しない): Kubernetes は `*` として読みます。",
            LastDayOfMonth => "`{0}` は月末日から数えます。Kubernetes に「最終」はありません。該当しうる日に実行し、その日でなければ Job 側で終了してください。",
            LastWeekday => "`{0}` はその月の最後の該当曜日です。Kubernetes に「最終」はありません。22〜31 日に実行し、その曜日の最後の日でなければ Job 側で終了してください。",
            NthWeekday => "`{0}` はその月の第 n 該当曜日です。Kubernetes は日と曜日を OR で扱い、両方は指定できません。その週の日に実行し、該当曜日でなければ Job 側で終了してください\
                。",
            NearestWeekday => "`{0}` はその日に最も近い平日です。Kubernetes のスケジュールでは表せません。",
            Hashed => "`{0}` は Jenkins の H (ジョブ名から求めたハッシュ値) です。Kubernetes は固定値をとります (ここでは CronJob 名から選びました)。",
            Random => "`{0}` は crontab の読み込み時に選ばれる乱数です。Kubernetes は固定値をとります (ここでは CronJob 名から選びました)。",
            Reboot => "`@reboot` は cron の起動時に 1 回実行します。Kubernetes にこのスケジュールはありません (Job か init コンテナで行います)。",
            Sunday7 => "曜日 `{0}`: そこでは 7 = 日曜ですが、robfig/cron は 0〜6 のみ受け付けます。0 または SUN と書いてください。",
            RunsThere => "そこでの実行: {0}。",
            SameRuns => "Kubernetes では `{0}` で同じように実行します。",
            Nearest => "最も近い Kubernetes のスケジュール: `{0}` (実行: {1})。",
            NoNearest => "同じことをする Kubernetes のスケジュールはありません。",
            VixieEither => "{0} {1} ({2} 行目): crontab.guru は `{3}` を別の意味に読みます。Kubernetes (robfig/cron) は日か曜日のどちらかが合えば実行\
                しますが、crontab.guru は日のフィールドが `*` で始まるため両方を要求します。{4}: Kubernetes は実行し、crontab.guru は実行しません。",
            VixieBoth => "{0} {1} ({2} 行目): crontab.guru は `{3}` を別の意味に読みます。Kubernetes (robfig/cron) は規則上一方が `*` のため日と曜\
                日の両方を要求しますが、crontab.guru はどちらも `*` で始まらないためどちらかが合えば実行します。{4}: crontab.guru は実行し、Kubernetes は実行しません。",
        }
    }

    fn ko(self) -> &'static str {
        use DialectWords::*;
        match self {
            LooksLike => "{0} {1} ({2}행): `{3}` — Kubernetes 스케줄이 아니지만 {4} 식으로 읽힙니다.",
            Quartz => "Quartz 또는 Spring (초가 맨 앞)",
            EventBridge => "AWS EventBridge (연도가 맨 뒤)",
            Jenkins => "Jenkins",
            Vixie => "crontab (Vixie cron, cronie)",
            Extended => "Quartz의 L·W·#를 쓰는 cron 라이브러리",
            Seconds => "초 `{0}`: Kubernetes는 분 단위로 스케줄하므로 매분 0초에 시작합니다.",
            Year => "연도 `{0}`: Kubernetes에는 연도 필드가 없습니다. 그 연도가 지나면 CronJob을 일시 중지(suspend)하거나 삭제하세요.",
            WeekdayFromOne => "요일 `{0}`: 그쪽은 1 = 일요일로 셉니다 (Spring은 1 = 월요일). Kubernetes는 0 = 일요일입니다.",
            NoSpecificValue => "`?` (값 지정 없음): Kubernetes는 `*`로 읽습니다.",
            LastDayOfMonth => "`{0}`: 그 달의 마지막 날부터 셉니다. Kubernetes에는 \"마지막\"이 없으니 해당할 수 있는 날에 실행하고 그날이 아니면 Job에서 종료하세\
                요.",
            LastWeekday => "`{0}`: 그 달의 마지막 해당 요일입니다. Kubernetes에는 \"마지막\"이 없으니 22~31일에 실행하고 그 요일의 마지막 날이 아니면 Job에서 종료하\
                세요.",
            NthWeekday => "`{0}`: 그 달의 n번째 해당 요일입니다. Kubernetes는 날짜와 요일을 OR로 다루어 둘 다 지정할 수 없으니 그 주의 날짜에 실행하고 해당 요일이 아니\
                면 Job에서 종료하세요.",
            NearestWeekday => "`{0}`: 그날에 가장 가까운 평일입니다. Kubernetes 스케줄로는 표현할 수 없습니다.",
            Hashed => "`{0}`: Jenkins의 H (작업 이름에서 구한 해시 값)입니다. Kubernetes는 고정 값을 받습니다 (여기서는 CronJob 이름으로 골랐습니다).",
            Random => "`{0}`: crontab을 읽을 때 고르는 난수입니다. Kubernetes는 고정 값을 받습니다 (여기서는 CronJob 이름으로 골랐습니다).",
            Reboot => "`@reboot`는 cron이 시작될 때 한 번 실행합니다. Kubernetes에는 이런 스케줄이 없습니다 (Job이나 init 컨테이너로 합니다).",
            Sunday7 => "요일 `{0}`: 그쪽은 7 = 일요일이지만 robfig/cron은 0~6만 받습니다. 0 또는 SUN으로 쓰세요.",
            RunsThere => "그쪽 실행 시각: {0}.",
            SameRuns => "Kubernetes에서는 `{0}`(으)로 똑같이 실행합니다.",
            Nearest => "가장 가까운 Kubernetes 스케줄: `{0}` (실행: {1}).",
            NoNearest => "똑같이 동작하는 Kubernetes 스케줄은 없습니다.",
            VixieEither => "{0} {1} ({2}행): crontab.guru는 `{3}`의 뜻을 다르게 읽습니다. Kubernetes (robfig/cron)는 날짜나 요일 중 하나만 맞아\
                도 실행하지만, crontab.guru는 날짜 필드가 `*`로 시작하므로 둘 다 맞아야 실행합니다. {4}: Kubernetes는 실행하고 crontab.guru는 실행하지 않습니다.",
            VixieBoth => "{0} {1} ({2}행): crontab.guru는 `{3}`의 뜻을 다르게 읽습니다. Kubernetes (robfig/cron)는 규칙상 한쪽이 `*`이므로 날짜\
                와 요일이 둘 다 맞아야 실행하지만, crontab.guru는 어느 쪽도 `*`로 시작하지 않으므로 하나만 맞아도 실행합니다. {4}: crontab.guru는 실행하고 \
                Kubernetes는 실행하지 않습니다.",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_fills_every_placeholder_it_is_given() {
        let args: [&dyn std::fmt::Display; 5] = [&"⟨0⟩", &"⟨1⟩", &"⟨2⟩", &"⟨3⟩", &"⟨4⟩"];
        for &w in DialectWords::ALL {
            let en = w.format(Lang::En, &args);
            for l in Lang::ALL {
                let text = w.format(l, &args);
                assert!(!text.contains("{0}") && !text.contains("{4}"), "{w:?} {l:?}: {text}");
                for a in ["⟨0⟩", "⟨1⟩", "⟨2⟩", "⟨3⟩", "⟨4⟩"] {
                    assert_eq!(en.contains(a), text.contains(a), "{w:?} {l:?} uses the same arguments: {text}");
                }
            }
        }
    }
}
