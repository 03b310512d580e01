//! The CronJob controller's words on its schedule: which slot is due, which it skips and why, when
//! it looks again (`syncCronJob`'s `mostRecentScheduleTime` and `nextScheduleTime` in
//! `pkg/controller/cronjob/utils.go`).

use super::DecisionWords::{self, *};

/// The words of a decision on slots in English, Japanese and Korean (`None`: not one of these).
pub(super) fn words(words: DecisionWords) -> Option<[&'static str; 3]> {
    due(words).or_else(|| counted(words))
}

/// Whether a slot is due, skipped or already handled.
fn due(words: DecisionWords) -> Option<[&'static str; 3]> {
    Some(match words {
        Wake => [
            "It requeues itself for {0} (in {1}).",
            "{0} に再びキューに入ります ({1} 後)。",
            "{0}에 다시 큐에 들어갑니다 ({1} 후).",
        ],
        NotDue => [
            "No slot is due: the first slot of {0} after {1} is {2}.",
            "実行すべきスケジュール時刻はありません: {1} より後の {0} の最初のスケジュール時刻は {2} です。",
            "실행할 스케줄 시각이 없습니다: {1} 이후 {0}의 첫 스케줄 시각은 {2}입니다.",
        ],
        Never => ["never", "なし", "없음"],
        NeverOnTime => [
            "startingDeadlineSeconds is 0: the controller always looks at a slot a little after it passes (here \
            {0} is already past), so this CronJob never starts a job.",
            "startingDeadlineSeconds が 0 です: コントローラーがスケジュール時刻を見るのは常にそれが過ぎた少し後なので (ここでは {0} はすでに過去)、この CronJob が \
            Job を開始することはありません。",
            "startingDeadlineSeconds가 0입니다: 컨트롤러는 항상 스케줄 시각이 지난 뒤 조금 늦게 확인하므로 (여기서는 {0}{이/가} 이미 지남) 이 크론잡은 잡을 시작하지 \
            않습니다.",
        ],
        SkippedSilently => [
            "The most recent slot, {0}, is more than {1} old: the controller only looks for slots after {2} and \
            skips this one silently (no Event).",
            "最新のスケジュール時刻 {0} は {1} より古いため、コントローラーは {2} より後のスケジュール時刻だけを探し、これは何も記録せずにスキップします (イベントなし)。",
            "가장 최근 스케줄 시각 {0}{은/는} {1}보다 오래되었습니다: 컨트롤러는 {2} 이후의 스케줄 시각만 찾으므로 이것은 기록 없이 건너뜁니다 (이벤트 없음).",
        ],
        NotFoundBySearch => [
            "Slots of {0} were missed since {1}, but the controller's approximate search (it steps back from now \
            by the first gap after that time) found none of them, so nothing is started.",
            "{1} 以降 {0} のスケジュール時刻が見送られましたが、コントローラーの概算探索 (その時刻の後の最初の間隔ずつ現在からさかのぼる) はどれも見つけられなかったため、何も開始しません。",
            "{1} 이후 {0}의 스케줄 시각을 놓쳤지만, 컨트롤러의 근사 탐색 (그 시각 이후 첫 간격만큼씩 지금부터 거슬러 올라감)이 하나도 찾지 못해 아무것도 시작하지 않습니다.",
        ],
        EveryBeyondDeadline => [
            "An @every schedule counts its slots from where the controller's search starts, and with \
            startingDeadlineSeconds ({0} s) that is now − {0} s ({1}), so its first slot is {2}, still ahead: \
            nothing starts.",
            "@every スケジュールはコントローラーの探索の開始点からスケジュール時刻を数えます。startingDeadlineSeconds ({0} s) があるとそれは現在 − {0} s ({1}) なの\
            で、最初のスケジュール時刻は {2} でまだ先です: 何も開始しません。",
            "@every 스케줄은 컨트롤러의 탐색 시작점부터 스케줄 시각을 셉니다. startingDeadlineSeconds ({0} s)가 있으면 그 시작점은 지금 − {0} s ({1})이므\
            로 첫 스케줄 시각은 {2}, 아직 앞입니다: 아무것도 시작하지 않습니다.",
        ],
        EveryNeverStarts => [
            "Every sync starts the count later again, and the delay ({0}) is longer than the deadline, so this \
            CronJob never starts a job.",
            "同期のたびに数え始めがまた遅れ、間隔 ({0}) が期限より長いため、この CronJob が Job を開始することはありません。",
            "동기화할 때마다 세기 시작점이 다시 늦어지고 간격 ({0})이 기한보다 길기 때문에 이 크론잡은 잡을 시작하지 않습니다.",
        ],
        MissSchedule => [
            "The {0} slot is more than {1} old, so it is not started (MissSchedule).",
            "スケジュール時刻 {0} は {1} より古いため、開始されません (MissSchedule)。",
            "스케줄 시각 {0}{은/는} {1}보다 오래되었으므로 시작되지 않습니다 (MissSchedule).",
        ],
        AlreadyProcessed => [
            "The most recent slot, {0}, was already handled ({1}); nothing to start.",
            "最新のスケジュール時刻 {0} は処理済みです ({1})。開始するものはありません。",
            "가장 최근 스케줄 시각 {0}{은/는} 이미 처리되었습니다 ({1}). 시작할 것이 없습니다.",
        ],
        HandledActive => [
            "job {0} is in status.active",
            "Job {0} が status.active にあります",
            "잡 {0}{이/가} status.active에 있음",
        ],
        HandledLastScheduleTime => [
            "status.lastScheduleTime equals it",
            "status.lastScheduleTime がこの時刻です",
            "status.lastScheduleTime이 이 시각과 같음",
        ],
        _ => return None,
    })
}

/// How the slots were counted: `@every`'s anchor, the estimate before 1.28, the missed ones.
fn counted(words: DecisionWords) -> Option<[&'static str; 3]> {
    Some(match words {
        NotASlot => [
            "That instant is not itself a slot of the schedule: before 1.28 the controller estimated the most \
            recent slot as first-slot + n × first-gap, which is wrong for irregular schedules.",
            "その時刻自体はスケジュールのスケジュール時刻ではありません: 1.28 より前のコントローラーは最新のスケジュール時刻を「最初のスケジュール時刻 + n × 最初の間隔」と見積もっており、不規則なスケジュ\
            ールでは誤ります。",
            "그 시각 자체는 스케줄의 스케줄 시각이 아닙니다: 1.28 이전의 컨트롤러는 가장 최근 스케줄 시각을 '첫 스케줄 시각 + n × 첫 간격'으로 추정했는데, 불규칙한 스케줄에서는 틀립\
            니다.",
        ],
        Every => [
            "An @every schedule has no fixed slots: robfig's ConstantDelaySchedule answers \"the instant asked \
            about, rounded down to the second, plus {0}\", and the controller counts from {1} ({2}), so the \
            slot is a whole number of {0} steps after that.",
            "@every スケジュールには決まったスケジュール時刻がありません: robfig の ConstantDelaySchedule は「問われた時刻を秒単位に切り捨てて {0} を足した時刻」を答え、コン\
            トローラーは {1} ({2}) から数えるので、スケジュール時刻はそこから {0} の整数倍後になります。",
            "@every 스케줄에는 정해진 스케줄 시각이 없습니다: robfig의 ConstantDelaySchedule은 '물은 시각을 초 단위로 내림하고 {0}{을/를} 더한 시각'을 답하\
            고, 컨트롤러는 {1} ({2})부터 세므로 스케줄 시각은 거기서 {0}의 정수 배만큼 뒤입니다.",
        ],
        AnchorDeadline => [
            "now − startingDeadlineSeconds ({0} s), which is later than the last schedule time",
            "現在 − startingDeadlineSeconds ({0} s) (最後のスケジュール時刻より後)",
            "지금 − startingDeadlineSeconds ({0} s) (마지막 스케줄 시각보다 뒤)",
        ],
        Missed => [
            "Earlier slots since {0} were missed; only the most recent one is started.",
            "{0} 以降の前のスケジュール時刻は見送られました。開始されるのは最新のものだけです。",
            "{0} 이후의 이전 스케줄 시각은 놓쳤습니다. 가장 최근 것만 시작됩니다.",
        ],
        MissedMany => [
            "Earlier slots since {0} were missed; only the most recent one is started (more than 100 missed: \
            TooManyMissedTimes).",
            "{0} 以降の前のスケジュール時刻は見送られました。開始されるのは最新のものだけです (100 個より多く見送り: TooManyMissedTimes)。",
            "{0} 이후의 이전 스케줄 시각은 놓쳤습니다. 가장 최근 것만 시작됩니다 (100개 넘게 놓침: TooManyMissedTimes).",
        ],
        _ => return None,
    })
}
