//! The CronJob controller's words on its Jobs: what it starts or holds back under the
//! concurrency policy, the Jobs it adopts, replaces, forgets and cleans up, and its own status
//! (`syncCronJob` and `cleanupFinishedJobs` in `pkg/controller/cronjob/cronjob_controllerv2.go`).

use super::DecisionWords::{self, *};

/// The words of a decision on Jobs in English, Japanese and Korean (`None`: not one of these).
pub(super) fn words(words: DecisionWords) -> Option<[&'static str; 3]> {
    Some(match words {
        ForbidActive => [
            "Forbid: job {0} is still active, so the {1} slot is not started. lastScheduleTime is not advanced, so \
            the slot stays unmet and starts when the job finishes (the Job update wakes the controller), {2}.",
            "Forbid: Job {0} がまだ実行中のため、スケジュール時刻 {1} は開始されません。lastScheduleTime は進まないので、このスケジュール時刻は未実行のまま残り、Job が終了した\
            ときに開始されます (Job の更新がコントローラーを起こします)。ただし{2}。",
            "Forbid: 잡 {0}{이/가} 아직 실행 중이므로 스케줄 시각 {1}{은/는} 시작되지 않습니다. lastScheduleTime이 진행되지 않아 이 스케줄 시각은 실행되지 않은 채\
            로 남고, 잡이 끝나면 시작됩니다 (잡 업데이트가 컨트롤러를 깨움). 단, {2}.",
        ],
        StillWithin => [
            "if that is still within startingDeadlineSeconds ({0} s) of the slot",
            "それがスケジュール時刻から startingDeadlineSeconds ({0} s) 以内の場合に限ります",
            "그때가 스케줄 시각에서 startingDeadlineSeconds ({0} s) 안인 경우에 한합니다",
        ],
        StillAnyTime => [
            "however late that is, since there is no startingDeadlineSeconds",
            "startingDeadlineSeconds がないので、どれほど遅れても開始されます",
            "startingDeadlineSeconds가 없으므로 아무리 늦어도 시작됩니다",
        ],
        Created => [
            "Created job {0} for the {1} slot of {2}, {3}.",
            "{2} のスケジュール時刻 {1} の Job {0} を作成しました ({3})。",
            "{2}의 스케줄 시각 {1}에 대한 잡 {0}{을/를} 생성했습니다 ({3}).",
        ],
        OnTime => ["on time", "定刻", "정시"],
        AfterTheSlot => ["{0} after the slot", "スケジュール時刻の {0} 後", "스케줄 시각 {0} 후"],
        Adopted => [
            "Job {0} for the {1} slot already existed (an earlier sync created it but its status write was lost), \
            so it is added back to status.active and lastScheduleTime moves to {1}.",
            "スケジュール時刻 {1} の Job {0} はすでに存在していた (前の同期が作成したが、そのステータスの書き込みが失われた) ため、status.active に戻され\
            、lastScheduleTime は {1} に進みます。",
            "스케줄 시각 {1}의 잡 {0}{은/는} 이미 있었으므로 (이전 동기화가 만들었지만 상태 쓰기가 유실됨) status.active에 다시 추가되고 lastScheduleTime은 \
            {1}{으로/로} 이동합니다.",
        ],
        Phantom => [
            "Creating job {0} failed because the namespace is being terminated ({1}), but before 1.28.3 the \
            controller did not notice: it recorded SuccessfulCreate for an empty job name, added an empty \
            reference to status.active and moved lastScheduleTime to {2}.",
            "Namespace が終了処理中のため Job {0} の作成は失敗しました ({1}) が、1.28.3 より前のコントローラーはそれに気づきません: 空の Job 名で \
            SuccessfulCreate を記録し、status.active に空の参照を加え、lastScheduleTime を {2} に進めました。",
            "네임스페이스가 종료 중이어서 잡 {0} 생성이 실패했지만 ({1}), 1.28.3 이전의 컨트롤러는 이를 알아채지 못했습니다: 빈 잡 이름으로 SuccessfulCreate를 기록하\
            고, status.active에 빈 참조를 추가하고, lastScheduleTime을 {2}{으로/로} 옮겼습니다.",
        ],
        Replaced => [
            "Replace: the still-running job {0} was deleted first.",
            "Replace: 実行中の Job {0} を先に削除しました。",
            "Replace: 아직 실행 중인 잡 {0}{을/를} 먼저 삭제했습니다.",
        ],
        Also => ["Also:", "あわせて:", "또한:"],
        UnexpectedJob => [
            "job {0} names this CronJob as its controller but is not in status.active, so it is reported \
            (UnexpectedJob) and not adopted.",
            "Job {0} はこの CronJob をコントローラーとしていますが status.active にないため、報告され (UnexpectedJob)、引き継がれません。",
            "잡 {0}{은/는} 이 크론잡을 컨트롤러로 지정하지만 status.active에 없으므로 보고되고 (UnexpectedJob) 넘겨받지 않습니다.",
        ],
        MissingJob => [
            "job {0} was in status.active but no longer exists, so it is dropped from it.",
            "Job {0} は status.active にありましたがもう存在しないため、そこから外されます。",
            "잡 {0}{은/는} status.active에 있었지만 더 이상 없으므로 거기서 빠집니다.",
        ],
        CompletedJob => [
            "job {0} finished ({1}) and left status.active.",
            "Job {0} は終了し ({1})、status.active から外れました。",
            "잡 {0}{이/가} 끝나 ({1}) status.active에서 빠졌습니다.",
        ],
        HistoryDeleted => [
            "the history limits (successfulJobsHistoryLimit {0}, failedJobsHistoryLimit {1}) deleted the oldest \
            finished job(s) {2}.",
            "履歴の上限 (successfulJobsHistoryLimit {0}、failedJobsHistoryLimit {1}) により、終了した最も古い Job {2} を削除しました。",
            "기록 한도 (successfulJobsHistoryLimit {0}, failedJobsHistoryLimit {1})에 따라 끝난 가장 오래된 잡 {2}{을/를} 삭제했습니다.",
        ],
        LimitUnset => ["unset", "未設定", "미설정"],
        StatusWriteFailed => [
            "But writing the status failed ({0}), so the sync is retried with back-off.",
            "ただしステータスの書き込みが失敗した ({0}) ため、同期はバックオフ付きで再試行されます。",
            "하지만 상태 쓰기가 실패했으므로 ({0}) 동기화는 백오프를 두고 재시도됩니다.",
        ],
        Suspended => [
            "spec.suspend is true, so no job is started and the controller does not requeue. When it is resumed, \
            the most recent slot missed meanwhile may still run (within startingDeadlineSeconds, if set).",
            "spec.suspend が true のため、Job は開始されず、コントローラーは再キューもしません。再開されると、その間に見送られた最新のスケジュール時刻がまだ実行されることがあります \
            (startingDeadlineSeconds があればその範囲内)。",
            "spec.suspend가 true이므로 잡은 시작되지 않고 컨트롤러도 다시 큐에 넣지 않습니다. 재개되면 그동안 놓친 가장 최근 스케줄 시각이 여전히 실행될 수 있습니다 \
            (startingDeadlineSeconds가 있으면 그 안에서).",
        ],
        GoneCronJob => [
            "CronJob {0} is not in the informer cache (it was deleted), so the sync does nothing.",
            "CronJob {0} はインフォーマーのキャッシュにない (削除された) ため、同期は何もしません。",
            "크론잡 {0}{이/가} 인포머 캐시에 없으므로 (삭제됨) 동기화는 아무것도 하지 않습니다.",
        ],
        _ => return None,
    })
}
