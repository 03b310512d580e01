//! The sentences of the lint probes added with the real-world rules, in each language. They
//! live outside [`Msg`](super::Msg): only the engine says them (a finding crosses to the page
//! already in words), so the page's module does not carry them.

use super::{Lang, Sentences};

/// A probe's sentence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProbeWords {
    ForbidHung,
    EveryMinuteOfHour,
    DayOrWeekday,
    FailedHistoryZero,
    OnFailureLogsLost,
    SameMinute,
    RetroactiveOthers,
}

impl ProbeWords {
    /// Every sentence (the completeness test walks it).
    pub const ALL: [ProbeWords; 7] = [
        ProbeWords::ForbidHung,
        ProbeWords::EveryMinuteOfHour,
        ProbeWords::DayOrWeekday,
        ProbeWords::FailedHistoryZero,
        ProbeWords::OnFailureLogsLost,
        ProbeWords::SameMinute,
        ProbeWords::RetroactiveOthers,
    ];
}

impl Sentences for ProbeWords {
    /// The words in `lang`, placeholders as they are (`format` fills them).
    ///
    /// ```
    /// use cronjob_playground::i18n::{probes::ProbeWords, Lang, Sentences};
    /// assert!(ProbeWords::SameMinute.format(Lang::En, &[&"2025-01-16T00:00:00Z", &6,
    ///     &"a, b"]).starts_with("6 CronJobs \
    ///     start together"));
    /// ```
    fn text(self, lang: Lang) -> &'static str {
        use ProbeWords::*;
        match (lang, self) {
            (Lang::En, ForbidHung) => "concurrencyPolicy Forbid and no activeDeadlineSeconds: if one Job hangs, \
                nothing ends it and every later start time is skipped. In the probe {0} (for {1}) never finishes, and \
                {2} of {3} start times until {4} were skipped: {5} Set jobTemplate.spec.activeDeadlineSeconds \
                below the interval.",
            (Lang::En, EveryMinuteOfHour) => "\"{0}\" runs every minute of hour {4}, not once: the probe created {2} \
                Jobs in the hour from {1}. For once at the top of the hour, write \"{3}\".",
            (Lang::En, DayOrWeekday) => "Day-of-month {0} and day-of-week {1} are both restricted, so cron runs on \
                days matching either (OR, not AND): in eight weeks the probe ran {2} Jobs, only {3} of them on days \
                matching both; e.g. {4} ({5}).",
            (Lang::En, FailedHistoryZero) => "failedJobsHistoryLimit 0 deletes a failed Job as soon as the controller \
                sees it finish, and its pods and their logs with it: in the probe {0} failed at {1} and was gone at \
                {2}. Keep at least 1.",
            (Lang::En, OnFailureLogsLost) => "restartPolicy OnFailure restarts the container inside one pod; when the \
                Job fails ({4}, backoffLimit {0}) the Job controller deletes that pod, and the logs of all {2} \
                attempts go with it: in the probe pod {1} was deleted at {3}. restartPolicy Never keeps a failed \
                pod per attempt.",
            (Lang::En, SameMinute) => "{1} CronJobs start together at {0} (with {2}): their Jobs and pods are all \
                created at once. Spreading the minutes spreads the load.",
            (Lang::En, RetroactiveOthers) => "The same holds for the {0} other CronJobs without \
                startingDeadlineSeconds: {1}.",
            (Lang::Ja, ForbidHung) => "同時実行ポリシー Forbid で activeDeadlineSeconds がありません: ジョブが 1 つ止まると終わらせるものがなく、以降のスケジュール\
                時刻はすべてスキップされます。調査では {0} ({1} の分) が終わらず、{4} までのスケジュール時刻 {3} 個のうち {2} 個がスキップされました: {5} \
                jobTemplate.spec.activeDeadlineSeconds を間隔より短く設定してください。",
            (Lang::Ja, EveryMinuteOfHour) => "\"{0}\" は {4} 時台に 1 回ではなく毎分実行されます: 調査では {1} からの 1 時間にジョブが {2} 個作成されました。毎\
                時 0 分に 1 回なら \"{3}\" と書きます。",
            (Lang::Ja, DayOrWeekday) => "日 {0} と曜日 {1} の両方が指定されているため、cron はどちらかに一致する日に実行します (AND ではなく OR): 8 週間の調査で \
                {2} 個のジョブが実行され、両方に一致する日のものは {3} 個だけでした。例: {4} ({5})。",
            (Lang::Ja, FailedHistoryZero) => "failedJobsHistoryLimit 0 では、失敗したジョブはコントローラが終了を見た時点で削除され、Pod とそのログも消えます: 調\
                査では {0} が {1} に失敗し、{2} には削除されていました。1 以上にしてください。",
            (Lang::Ja, OnFailureLogsLost) => "restartPolicy OnFailure はコンテナを 1 つの Pod の中で再起動します。ジョブが失敗すると \
                ({4}、backoffLimit {0}) ジョブコントローラがその Pod を削除し、{2} 回の試行すべてのログが消えます: 調査では Pod {1} が {3} に削除されました\
                。restartPolicy Never なら試行ごとに失敗した Pod が残ります。",
            (Lang::Ja, SameMinute) => "{1} 個の CronJob が {0} に同時に開始します (ほかに {2}): ジョブと Pod がすべて一度に作成されます。分をずらすと負荷が分散します\
                。",
            (Lang::Ja, RetroactiveOthers) => "startingDeadlineSeconds のないほかの {0} 個の CronJob も同じです: {1}。",
            (Lang::Ko, ForbidHung) => "동시 실행 정책 Forbid에 activeDeadlineSeconds 없음: 잡 하나가 멈추면 끝낼 방법이 없어 이후의 스케줄 시각을 모두 건너\
                뜁니다. 검사에서 잡 {0}(예정 시각 {1}) 끝나지 않음, {4}까지 스케줄 시각 {3}개 중 {2}개 건너뜀: {5} \
                jobTemplate.spec.activeDeadlineSeconds 값을 간격보다 짧게 설정하세요.",
            (Lang::Ko, EveryMinuteOfHour) => "스케줄 \"{0}\": {4}시대에 한 번이 아니라 매분 실행됩니다. 검사에서 {1}부터 한 시간 동안 잡 {2}개 생성. 정각에 \
                한 번만 실행하려면 \"{3}\" 형식으로 쓰세요.",
            (Lang::Ko, DayOrWeekday) => "일 {0}, 요일 {1} 모두 지정됨: cron은 둘 중 하나만 맞아도 실행합니다 (AND가 아니라 OR). 8주 검사에서 잡 {2}개 실\
                행, 둘 다 맞는 날은 그중 {3}개뿐. 예: {4} ({5}).",
            (Lang::Ko, FailedHistoryZero) => "failedJobsHistoryLimit 0: 실패한 잡은 컨트롤러가 종료를 확인하는 즉시 삭제되고 파드와 로그도 함께 사라집니\
                다. 검사에서 잡 {0} 실패 시각 {1}, 삭제 확인 시각 {2}. 1 이상으로 두세요.",
            (Lang::Ko, OnFailureLogsLost) => "restartPolicy OnFailure는 컨테이너를 한 파드 안에서 재시작합니다. 잡이 실패하면 ({4}, \
                backoffLimit {0}) 잡 컨트롤러가 그 파드를 삭제하고 시도 {2}회의 로그가 모두 사라집니다. 검사에서 파드 {1} 삭제 시각 {3}. restartPolicy \
                Never를 쓰면 시도마다 실패한 파드가 남습니다.",
            (Lang::Ko, SameMinute) => "CronJob {1}개가 {0}에 동시에 시작합니다 (함께: {2}). 잡과 파드가 한꺼번에 만들어집니다. 분을 나누면 부하가 분산됩니다.",
            (Lang::Ko, RetroactiveOthers) => "startingDeadlineSeconds가 없는 다른 CronJob {0}개도 마찬가지입니다: {1}.",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sentence_in_every_language_has_the_same_placeholders() {
        for p in ProbeWords::ALL {
            let holes = |l: Lang| (0..8).filter(|i| p.text(l).contains(&format!("{{{i}}}"))).collect::<Vec<_>>();
            assert_eq!(holes(Lang::Ja), holes(Lang::En), "{p:?}");
            assert_eq!(holes(Lang::Ko), holes(Lang::En), "{p:?}");
        }
    }
}
