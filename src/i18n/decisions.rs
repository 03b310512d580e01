//! The controllers' decisions in the playground's words, in each language: why a CronJob or Job
//! sync did what it did (`controller::cronjob::Reasoning`, `controller::job::Why`,
//! `sim::trace::Explanation`). English is the trace's own text (`simulate --output json` writes
//! it); the inspector shows the reader's language. The values they name — instants, names,
//! schedules, field names, Event reasons — stay as Kubernetes writes them. Only the engine says
//! them, so the page's module does not carry them.

use super::{Lang, Sentences};
use std::fmt;

super::catalog! {
    /// One sentence or part of one; the placeholders are the values the sync's facts hold.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum DecisionWords {
        /// Between two sentences of one explanation.
        SentenceSeparator,
        /// `{0}` when the controller looks again, `{1}` how long until then.
        Wake,
        /// `{0}` the schedule (quoted), `{1}` since when, `{2}` the first slot after it.
        NotDue,
        /// The first slot of [`DecisionWords::NotDue`] when there is none.
        Never,
        /// `{0}` the slot.
        NeverOnTime,
        /// `{0}` the slot, `{1}` the deadline, `{2}` where the search starts.
        SkippedSilently,
        /// `{0}` the schedule (quoted), `{1}` since when.
        NotFoundBySearch,
        /// `{0}` the deadline in seconds, `{1}` where the search starts, `{2}` the first slot.
        EveryBeyondDeadline,
        /// `{0}` the delay: the sentence that follows [`DecisionWords::EveryBeyondDeadline`].
        EveryNeverStarts,
        /// `{0}` the slot, `{1}` the deadline.
        MissSchedule,
        /// `{0}` the slot, `{1}` how it was handled (the next two).
        AlreadyProcessed,
        /// `{0}` the Job.
        HandledActive,
        HandledLastScheduleTime,
        /// `{0}` the Jobs, `{1}` the slot, `{2}` when it would still start (the next two).
        ForbidActive,
        /// `{0}` the deadline in seconds.
        StillWithin,
        StillAnyTime,
        /// `{0}` the Job, `{1}` the slot, `{2}` the schedule (quoted), `{3}` how late (the next two).
        Created,
        OnTime,
        /// `{0}` a duration.
        AfterTheSlot,
        /// `{0}` the Job, `{1}` the slot.
        Adopted,
        /// `{0}` the Job, `{1}` the API error, `{2}` the slot.
        Phantom,
        NotASlot,
        /// `{0}` the delay, `{1}` where the count starts (a field, or the next), `{2}` that instant.
        Every,
        /// `{0}` the deadline in seconds.
        AnchorDeadline,
        /// `{0}` since when.
        Missed,
        MissedMany,
        /// `{0}` the Jobs.
        Replaced,
        /// Before the notes on other Jobs, each after a space.
        Also,
        /// `{0}` the Job.
        UnexpectedJob,
        MissingJob,
        /// `{0}` the Job, `{1}` its condition.
        CompletedJob,
        /// `{0}` and `{1}` the history limits (a number or the next), `{2}` the Jobs.
        HistoryDeleted,
        LimitUnset,
        /// `{0}` the API error.
        StatusWriteFailed,
        /// The v2 controller's suspended sync.
        Suspended,
        /// `{0}` the object.
        GoneCronJob,
        GoneTtl,
        GoneJob,
        /// `{0}` pods active, `{1}` wanted.
        JobWaiting,
        /// … `{2}` terminating pods.
        JobWaitingTerminating,
        /// `{0}` pods active, `{1}` wanted, `{2}` created.
        JobCreating,
        /// `{0}` pods succeeded.
        JobCompleteWorkQueue,
        /// `{0}` succeeded, `{1}` completions.
        JobComplete,
        /// `{0}` the condition.
        JobFinished,
        JobSuccessCriteriaMet,
        /// `{0}` the condition's reason.
        JobFailureTarget,
        /// `{0}` the rule's message.
        JobPodFailurePolicy,
        /// `{0}` restarts, `{1}` backoffLimit.
        JobRestartsPastLimit,
        /// `{0}` restarts (backoffLimit 0).
        JobRestartsPastZero,
        /// `{0}` the retry, `{1}` backoffLimit.
        JobRetriesPastLimit,
        /// `{0}` failed pods, `{1}` backoffLimit.
        JobFailedPastLimit,
        /// `{0}` activeDeadlineSeconds, `{1}` startTime.
        JobDeadlinePassed,
        /// `{0}` the poll interval.
        V1Poll,
        V1StatusWriteFailed,
        V1Deleting,
        V1Suspended,
        /// `{0}` the schedule (quoted), `{1}` robfig's error.
        V1Unparseable,
        /// `{0}` the schedule (quoted), `{1}` since when.
        V1TooManyMissed,
        /// `{0}` why robfig's search never ends.
        V1Hangs,
        /// `{0}` the slot, `{1}` the deadline.
        V1TooLate,
        /// `{0}` the Jobs, `{1}` the slot, `{2}` when it would still start.
        V1ForbidActive,
        /// `{0}` the Job, `{1}` the API error.
        V1ReplaceGetFailed,
        /// `{0}` the Job.
        V1ReplaceDeleteFailed,
        /// `{0}` the Job, `{1}` the slot, `{2}` the API error.
        V1CreateFailed,
        /// `{0}` how many slots were unmet.
        V1Unmet,
        /// `{0}` the schedule (quoted), `{1}` since when, `{2}` the first slot after it, `{3}` the deadline.
        V1NotDueClamped,
        /// `{0}` the API error.
        V2ApiError,
        /// `{0}` the schedule (quoted), `{1}` robfig's error.
        V2Unparseable,
        V2Deleting,
        /// `{0}` the zone (quoted), `{1}` the error.
        V2UnknownZone,
        /// `{0}` why robfig's search never ends.
        V2Hangs,
        /// `{0}` the schedule (quoted), `{1}` the error.
        V2NeverFires,
        /// `{0}` the Job, `{1}` the API error, `{2}` the slot.
        V2ReplaceGetFailed,
        /// `{0}` the Job, `{1}` the slot.
        V2ReplaceDeleteFailed,
        /// `{0}` the Job, `{1}` the API error.
        V2NamespaceTerminating,
        /// `{0}` the Job, `{1}` the API error.
        V2ExistsUnreadable,
        /// `{0}` the Job.
        V2ExistsNotOurs,
        /// `{0}` the Job, `{1}` the slot.
        V2ExistsActive,
        /// `{0}` the Job, `{1}` the slot.
        V2ExistsBefore128,
        /// `{0}` the Job, `{1}` the slot, `{2}` the API error.
        V2CreateFailed,
        /// `{0}` the release.
        TtlOff,
        TtlUnset,
        TtlDeleting,
        TtlNotFinished,
        TtlNoTransition,
        /// `{0}` ttlSecondsAfterFinished, `{1}` the condition, `{2}` when it was set, `{3}` when it expired.
        TtlExpired,
        /// `{0}` ttlSecondsAfterFinished, `{1}` the condition, `{2}` when it was set, `{3}` when the Job expires.
        TtlWaiting,
        /// `{0}` when the container crashed, `{1}` the back-off, `{2}` when it may restart.
        KubeletBackOff,
        /// `{0}` the restart's number, `{1}` why at once (the next three), `{2}` the next back-off.
        KubeletRestart,
        KubeletBackOffReset,
        KubeletFirstCrash,
        KubeletBackOffExpired,
        /// `{0}` failed indexes, `{1}` maxFailedIndexes.
        JobFailedIndexesPastMax,
        /// `{0}` failed indexes.
        JobIndexesFailed,
        /// `{0}` the condition's message (Kubernetes' words).
        JobSuccessPolicy,
    }
}

impl Sentences for DecisionWords {
    /// The words in `lang`, placeholders as they are (`format` fills them).
    ///
    /// ```
    /// use cronjob_playground::i18n::{decisions::DecisionWords, Lang, Sentences};
    /// let args: [&dyn std::fmt::Display; 2] = [&"job x", &"2025-01-15T11:00:00Z"];
    /// assert_eq!(DecisionWords::Replaced.format(Lang::En, &args[..1]), "Replace: the still-running job job x was \
    ///     deleted first.");
    /// assert!(DecisionWords::Replaced.format(Lang::Ja, &args[..1]).contains("job x"));
    /// ```
    fn text(self, lang: Lang) -> &'static str {
        use DecisionWords::*;
        let words: [&'static str; 3] = match self {
            SentenceSeparator => [" ", "", " "],
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
            GoneTtl => ["Job {0} is already gone.", "Job {0} はすでにありません。", "잡 {0}{은/는} 이미 없습니다."],
            GoneJob => [
                "Job {0} is gone, so the controller forgets it.",
                "Job {0} はなくなったため、コントローラーはそれを忘れます。",
                "잡 {0}{이/가} 없어졌으므로 컨트롤러는 이를 잊습니다.",
            ],
            JobWaiting => [
                "{0} pod(s) active, {1} wanted: nothing to create",
                "実行中の Pod {0} 個、必要数 {1}: 作成するものはありません",
                "실행 중인 파드 {0}개, 필요한 수 {1}: 만들 것이 없습니다",
            ],
            JobWaitingTerminating => [
                "{0} pod(s) active, {1} wanted ({2} terminating pod(s) still count until they fail): nothing to create",
                "実行中の Pod {0} 個、必要数 {1} (終了中の Pod {2} 個は失敗するまで数に入ります): 作成するものはありません",
                "실행 중인 파드 {0}개, 필요한 수 {1} (종료 중인 파드 {2}개는 실패할 때까지 셉니다): 만들 것이 없습니다",
            ],
            JobCreating => [
                "{0} pod(s) active, {1} wanted: creating {2}",
                "実行中の Pod {0} 個、必要数 {1}: {2} 個作成します",
                "실행 중인 파드 {0}개, 필요한 수 {1}: {2}개 만듭니다",
            ],
            JobCompleteWorkQueue => [
                "work-queue Job: {0} pod(s) succeeded and none is running, so the Job is complete",
                "ワークキュー型の Job: Pod {0} 個が成功し、実行中のものはないため、Job は完了です",
                "작업 큐 잡: 파드 {0}개가 성공했고 실행 중인 것이 없으므로 잡이 완료되었습니다",
            ],
            JobComplete => [
                "{0} of {1} completions reached and no pod is running: the Job is complete",
                "completions {1} のうち {0} に達し、実行中の Pod はありません: Job は完了です",
                "completions {1} 중 {0}에 도달했고 실행 중인 파드가 없습니다: 잡이 완료되었습니다",
            ],
            JobFinished => [
                "the Job already has {0}=True, so the controller does nothing more",
                "Job はすでに {0}=True なので、コントローラーはこれ以上何もしません",
                "잡에 이미 {0}=True가 있으므로 컨트롤러는 더 이상 아무것도 하지 않습니다",
            ],
            JobSuccessCriteriaMet => [
                "the Job already met its success criteria; waiting for its pods to finish",
                "Job はすでに成功条件を満たしています。Pod の終了を待っています",
                "잡이 이미 성공 기준을 충족했습니다. 파드가 끝나기를 기다립니다",
            ],
            JobFailureTarget => [
                "the Job already has FailureTarget ({0}); it becomes Failed once its pods are gone",
                "Job にはすでに FailureTarget ({0}) があります。Pod がなくなると Failed になります",
                "잡에 이미 FailureTarget ({0})이 있습니다. 파드가 모두 없어지면 Failed가 됩니다",
            ],
            JobPodFailurePolicy => [
                "pod failure policy: {0}",
                "Pod 失敗ポリシー: {0}",
                "파드 실패 정책: {0}",
            ],
            JobRestartsPastLimit => [
                "restartPolicy OnFailure: the running pods' containers restarted {0} time(s), and {0} ≥ backoffLimit \
                {1}: the Job fails and its pods are killed",
                "restartPolicy OnFailure: 実行中の Pod のコンテナが {0} 回再起動し、{0} ≥ backoffLimit {1} なので、Job は失敗し、その Pod は強制終了されま\
                す",
                "restartPolicy OnFailure: 실행 중인 파드의 컨테이너가 {0}번 재시작했고 {0} ≥ backoffLimit {1}이므로 잡은 실패하고 파드는 강제 종료됩니다",
            ],
            JobRestartsPastZero => [
                "restartPolicy OnFailure: the running pods' containers restarted {0} time(s), and {0} ≥ backoffLimit 0 \
                (with backoffLimit 0 any restart counts): the Job fails and its pods are killed",
                "restartPolicy OnFailure: 実行中の Pod のコンテナが {0} 回再起動し、{0} ≥ backoffLimit 0 (backoffLimit 0 ではどの再起動も数えます) \
                なので、Job は失敗し、その Pod は強制終了されます",
                "restartPolicy OnFailure: 실행 중인 파드의 컨테이너가 {0}번 재시작했고 {0} ≥ backoffLimit 0 (backoffLimit 0에서는 어떤 재시작도 셉니\
                다)이므로 잡은 실패하고 파드는 강제 종료됩니다",
            ],
            JobRetriesPastLimit => [
                "before 1.20 the limit counts work-queue retries: retry {0} > backoffLimit {1}",
                "1.20 より前は上限がワークキューの再試行を数えます: 再試行 {0} > backoffLimit {1}",
                "1.20 이전에는 한도가 작업 큐 재시도를 셉니다: 재시도 {0} > backoffLimit {1}",
            ],
            JobFailedPastLimit => [
                "{0} failed pod(s) > backoffLimit {1}: the Job fails",
                "失敗した Pod {0} 個 > backoffLimit {1}: Job は失敗します",
                "실패한 파드 {0}개 > backoffLimit {1}: 잡이 실패합니다",
            ],
            JobDeadlinePassed => [
                "activeDeadlineSeconds {0} has passed since startTime {1}: the Job fails and its pods are killed",
                "startTime {1} から activeDeadlineSeconds {0} が過ぎました: Job は失敗し、その Pod は強制終了されます",
                "startTime {1}부터 activeDeadlineSeconds {0}{이/가} 지났습니다: 잡은 실패하고 파드는 강제 종료됩니다",
            ],
            V1Poll => [
                "The legacy controller looks again at its next poll, within {0}.",
                "旧コントローラーは次のポーリング ({0} 以内) で再び確認します。",
                "기존 컨트롤러는 다음 폴링 때 ({0} 이내) 다시 확인합니다.",
            ],
            V1StatusWriteFailed => [
                "Writing the reconciled status failed, so this CronJob is skipped until the next poll.",
                "照合したステータスの書き込みが失敗したため、この CronJob は次のポーリングまでスキップされます。",
                "조정한 상태 쓰기가 실패했으므로 이 크론잡은 다음 폴링까지 건너뜁니다.",
            ],
            V1Deleting => [
                "The CronJob is being deleted (it has a deletionTimestamp): only its status is reconciled.",
                "CronJob は削除中です (deletionTimestamp があります): ステータスの照合だけが行われます。",
                "크론잡이 삭제 중입니다 (deletionTimestamp가 있음): 상태만 조정됩니다.",
            ],
            V1Suspended => [
                "spec.suspend is true, so no job is started.",
                "spec.suspend が true のため、Job は開始されません。",
                "spec.suspend가 true이므로 잡은 시작되지 않습니다.",
            ],
            V1Unparseable => [
                "The schedule {0} does not parse ({1}); FailedNeedsStart is recorded at every poll.",
                "スケジュール {0} は解析できません ({1})。ポーリングのたびに FailedNeedsStart が記録されます。",
                "스케줄 {0}{은/는} 해석되지 않습니다 ({1}). 폴링할 때마다 FailedNeedsStart가 기록됩니다.",
            ],
            V1TooManyMissed => [
                "More than 100 slots of {0} are unmet since {1}: the legacy controller (≤1.20) gives up and starts nothing — at every poll, forever — until startingDeadlineSeconds is set or lowered, or lastScheduleTime changes.",
                "{1} 以降 {0} の未実行のスケジュール時刻が 100 個を超えています: 旧コントローラー (≤1.20) はあきらめて何も開始しません。startingDeadlineSeconds が設定されるか短くされるか、lastScheduleTime が変わるまで、ポーリングのたびに永遠にそうします。",
                "{1} 이후 {0}의 실행되지 않은 스케줄 시각이 100개를 넘습니다: 기존 컨트롤러 (≤1.20)는 포기하고 아무것도 시작하지 않습니다. startingDeadlineSeconds를 설정하거나 줄이거나 lastScheduleTime이 바뀔 때까지 폴링할 때마다 영원히 그렇습니다.",
            ],
            V1Hangs => [
                "{0} The real controller would hang here.",
                "{0} 実際のコントローラーはここで止まったままになります。",
                "{0} 실제 컨트롤러는 여기서 멈춘 채로 있게 됩니다.",
            ],
            V1TooLate => [
                "The {0} slot is more than {1} old, so it is not started.",
                "スケジュール時刻 {0} は {1} より古いため、開始されません。",
                "스케줄 시각 {0}{은/는} {1}보다 오래되었으므로 시작되지 않습니다.",
            ],
            V1ForbidActive => [
                "Forbid: job {0} is still active, so the {1} slot is not started (the legacy controller records no Event). lastScheduleTime is not advanced, so the slot starts at the first poll after the job is gone, {2}.",
                "Forbid: Job {0} がまだ実行中のため、スケジュール時刻 {1} は開始されません (旧コントローラーはイベントを記録しません)。lastScheduleTime は進まないので、このスケジュール時刻は Job がなくなった後の最初のポーリングで開始されます。ただし{2}。",
                "Forbid: 잡 {0}{이/가} 아직 실행 중이므로 스케줄 시각 {1}{은/는} 시작되지 않습니다 (기존 컨트롤러는 이벤트를 기록하지 않음). lastScheduleTime이 진행되지 않아 이 스케줄 시각은 잡이 없어진 뒤 첫 폴링 때 시작됩니다. 단, {2}.",
            ],
            V1ReplaceGetFailed => [
                "Replace: reading the running job {0} failed ({1}); nothing is started.",
                "Replace: 実行中の Job {0} の読み取りが失敗しました ({1})。何も開始しません。",
                "Replace: 실행 중인 잡 {0}{을/를} 읽지 못했습니다 ({1}). 아무것도 시작하지 않습니다.",
            ],
            V1ReplaceDeleteFailed => [
                "Replace: deleting the running job {0} failed; nothing is started.",
                "Replace: 実行中の Job {0} の削除が失敗しました。何も開始しません。",
                "Replace: 실행 중인 잡 {0}{을/를} 삭제하지 못했습니다. 아무것도 시작하지 않습니다.",
            ],
            V1CreateFailed => [
                "Creating job {0} for the {1} slot failed ({2}).",
                "スケジュール時刻 {1} の Job {0} の作成が失敗しました ({2})。",
                "스케줄 시각 {1}의 잡 {0}{을/를} 만들지 못했습니다 ({2}).",
            ],
            V1Unmet => [
                "{0} slots were unmet; only the most recent one is started.",
                "未実行のスケジュール時刻が {0} 個ありました。開始されるのは最新のものだけです。",
                "실행되지 않은 스케줄 시각이 {0}개 있었습니다. 가장 최근 것만 시작됩니다.",
            ],
            V1NotDueClamped => [
                "No slot is due: the first slot of {0} after {1} (the search starts at now − {3}) is {2}.",
                "実行すべきスケジュール時刻はありません: {1} (探索は現在 − {3} から始まります) より後の {0} の最初のスケジュール時刻は {2} です。",
                "실행할 스케줄 시각이 없습니다: {1} (탐색은 지금 − {3}부터 시작) 이후 {0}의 첫 스케줄 시각은 {2}입니다.",
            ],
            V2ApiError => [
                "Reading from the API server failed ({0}) while reconciling the CronJob's jobs; the sync is retried with back-off.",
                "CronJob の Job を照合している間に API サーバーからの読み取りが失敗しました ({0})。同期はバックオフ付きで再試行されます。",
                "크론잡의 잡을 조정하는 동안 API 서버에서 읽기가 실패했습니다 ({0}). 동기화는 백오프를 두고 재시도됩니다.",
            ],
            V2Unparseable => [
                "The schedule {0} does not parse ({1}); the controller records UnparseableSchedule and does not requeue until the schedule is edited.",
                "スケジュール {0} は解析できません ({1})。コントローラーは UnparseableSchedule を記録し、スケジュールが編集されるまで再キューしません。",
                "스케줄 {0}{은/는} 해석되지 않습니다 ({1}). 컨트롤러는 UnparseableSchedule을 기록하고 스케줄이 편집될 때까지 다시 큐에 넣지 않습니다.",
            ],
            V2Deleting => [
                "The CronJob is being deleted (it has a deletionTimestamp): the controller only reconciles its status and starts nothing.",
                "CronJob は削除中です (deletionTimestamp があります): コントローラーはステータスを照合するだけで、何も開始しません。",
                "크론잡이 삭제 중입니다 (deletionTimestamp가 있음): 컨트롤러는 상태만 조정하고 아무것도 시작하지 않습니다.",
            ],
            V2UnknownZone => [
                "spec.timeZone {0} cannot be loaded ({1}). This is checked before suspend and the schedule, so nothing runs and the controller does not requeue until the CronJob is edited.",
                "spec.timeZone {0} を読み込めません ({1})。これは suspend とスケジュールより前に確認されるため、何も実行されず、CronJob が編集されるまでコントローラーは再キューしません。",
                "spec.timeZone {0}{을/를} 불러올 수 없습니다 ({1}). 이것은 suspend와 스케줄보다 먼저 확인되므로 아무것도 실행되지 않고, 크론잡이 편집될 때까지 컨트롤러는 다시 큐에 넣지 않습니다.",
            ],
            V2Hangs => [
                "{0} The real controller's worker would never return from this sync.",
                "{0} 実際のコントローラーのワーカーはこの同期から戻りません。",
                "{0} 실제 컨트롤러의 워커는 이 동기화에서 돌아오지 않습니다.",
            ],
            V2NeverFires => [
                "The schedule {0} parses but never fires (robfig finds no slot within five years, so two \"consecutive\" slots are both the zero time: {1}). The controller records InvalidSchedule and does not requeue.",
                "スケジュール {0} は解析できますが一度も実行されません (robfig は 5 年以内にスケジュール時刻を見つけられず、「連続する」2 つのスケジュール時刻がどちらもゼロ時刻になります: {1})。コントローラーは InvalidSchedule を記録し、再キューしません。",
                "스케줄 {0}{은/는} 해석되지만 한 번도 실행되지 않습니다 (robfig가 5년 안에서 스케줄 시각을 찾지 못해 '연속된' 두 스케줄 시각이 모두 제로 시각입니다: {1}). 컨트롤러는 InvalidSchedule을 기록하고 다시 큐에 넣지 않습니다.",
            ],
            V2ReplaceGetFailed => [
                "Replace: reading the running job {0} failed ({1}), so the {2} slot is not started; the sync is retried with back-off.",
                "Replace: 実行中の Job {0} の読み取りが失敗した ({1}) ため、スケジュール時刻 {2} は開始されません。同期はバックオフ付きで再試行されます。",
                "Replace: 실행 중인 잡 {0}{을/를} 읽지 못했으므로 ({1}) 스케줄 시각 {2}{은/는} 시작되지 않습니다. 동기화는 백오프를 두고 재시도됩니다.",
            ],
            V2ReplaceDeleteFailed => [
                "Replace: deleting the running job {0} failed, so the {1} slot is not started; the sync is retried with back-off.",
                "Replace: 実行中の Job {0} の削除が失敗したため、スケジュール時刻 {1} は開始されません。同期はバックオフ付きで再試行されます。",
                "Replace: 실행 중인 잡 {0}{을/를} 삭제하지 못했으므로 스케줄 시각 {1}{은/는} 시작되지 않습니다. 동기화는 백오프를 두고 재시도됩니다.",
            ],
            V2NamespaceTerminating => [
                "Creating job {0} failed because the namespace is being terminated ({1}); no Event is recorded and nothing more happens.",
                "Namespace が終了処理中のため Job {0} の作成が失敗しました ({1})。イベントは記録されず、それ以上何も起きません。",
                "네임스페이스가 종료 중이어서 잡 {0}{을/를} 만들지 못했습니다 ({1}). 이벤트는 기록되지 않고 더 이상 아무 일도 일어나지 않습니다.",
            ],
            V2ExistsUnreadable => [
                "Job {0} already exists, but reading it failed ({1}); the sync is retried with back-off.",
                "Job {0} はすでに存在しますが、その読み取りが失敗しました ({1})。同期はバックオフ付きで再試行されます。",
                "잡 {0}{은/는} 이미 있지만 읽지 못했습니다 ({1}). 동기화는 백오프를 두고 재시도됩니다.",
            ],
            V2ExistsNotOurs => [
                "A job named {0} already exists but this CronJob does not control it; the controller assumes whoever created it keeps the status and does not requeue.",
                "{0} という名前の Job はすでに存在しますが、この CronJob はそれを制御していません。コントローラーは作成した側がステータスを管理するとみなし、再キューしません。",
                "이름이 {0}인 잡이 이미 있지만 이 크론잡이 제어하지 않습니다. 컨트롤러는 그것을 만든 쪽이 상태를 관리한다고 보고 다시 큐에 넣지 않습니다.",
            ],
            V2ExistsActive => [
                "Job {0} for the {1} slot already exists and is already in status.active; nothing to do and no requeue.",
                "スケジュール時刻 {1} の Job {0} はすでに存在し、status.active にもあります。することはなく、再キューもしません。",
                "스케줄 시각 {1}의 잡 {0}{은/는} 이미 있고 status.active에도 있습니다. 할 일이 없고 다시 큐에 넣지도 않습니다.",
            ],
            V2ExistsBefore128 => [
                "Job {0} for the {1} slot already exists; before 1.28 the controller just returns the error and retries with back-off.",
                "スケジュール時刻 {1} の Job {0} はすでに存在します。1.28 より前のコントローラーはエラーを返し、バックオフ付きで再試行するだけです。",
                "스케줄 시각 {1}의 잡 {0}{은/는} 이미 있습니다. 1.28 이전의 컨트롤러는 오류를 반환하고 백오프를 두고 재시도할 뿐입니다.",
            ],
            V2CreateFailed => [
                "Creating job {0} for the {1} slot failed ({2}); the sync is retried with back-off.",
                "スケジュール時刻 {1} の Job {0} の作成が失敗しました ({2})。同期はバックオフ付きで再試行されます。",
                "스케줄 시각 {1}의 잡 {0}{을/를} 만들지 못했습니다 ({2}). 동기화는 백오프를 두고 재시도됩니다.",
            ],
            TtlOff => [
                "Kubernetes {0}: the TTLAfterFinished feature is off by default before 1.21, so finished Jobs are kept",
                "Kubernetes {0}: TTLAfterFinished 機能は 1.21 より前は既定で無効なので、終了した Job は残ります",
                "Kubernetes {0}: TTLAfterFinished 기능은 1.21 이전에 기본으로 꺼져 있으므로 끝난 잡은 남습니다",
            ],
            TtlUnset => [
                "no ttlSecondsAfterFinished: the Job is kept until something else deletes it",
                "ttlSecondsAfterFinished がありません: Job はほかの何かが削除するまで残ります",
                "ttlSecondsAfterFinished가 없습니다: 잡은 다른 무언가가 삭제할 때까지 남습니다",
            ],
            TtlDeleting => [
                "the Job is already being deleted",
                "Job はすでに削除中です",
                "잡이 이미 삭제 중입니다",
            ],
            TtlNotFinished => [
                "the Job has not finished (no Complete or Failed condition): the TTL clock has not started",
                "Job は終了していません (Complete も Failed の条件もありません): TTL の時計はまだ動き始めていません",
                "잡이 끝나지 않았습니다 (Complete나 Failed 조건이 없음): TTL 시계가 아직 시작되지 않았습니다",
            ],
            TtlNoTransition => [
                "the terminal condition has no lastTransitionTime",
                "終了の条件に lastTransitionTime がありません",
                "종료 조건에 lastTransitionTime이 없습니다",
            ],
            TtlExpired => [
                "ttlSecondsAfterFinished {0}: the Job became {1} at {2}, so it expired at {3}; it is deleted with its pods (foreground)",
                "ttlSecondsAfterFinished {0}: Job は {2} に {1} になったので {3} に期限切れとなり、その Pod とともに削除されます (foreground)",
                "ttlSecondsAfterFinished {0}: 잡이 {2}에 {1}{이/가} 되었으므로 {3}에 만료되어 파드와 함께 삭제됩니다 (foreground)",
            ],
            TtlWaiting => [
                "ttlSecondsAfterFinished {0}: the Job became {1} at {2}; it will be deleted at {3}",
                "ttlSecondsAfterFinished {0}: Job は {2} に {1} になりました。{3} に削除されます",
                "ttlSecondsAfterFinished {0}: 잡이 {2}에 {1}{이/가} 되었습니다. {3}에 삭제됩니다",
            ],
            KubeletBackOff => [
                "kubelet back-off: the container crashed at {0} and its current back-off is {1}, so it may restart at {2} (delays double from 10s to 300s after each restart)",
                "kubelet のバックオフ: コンテナは {0} にクラッシュし、現在のバックオフは {1} なので、再起動できるのは {2} です (待ち時間は再起動のたびに 10s から 300s まで倍になります)",
                "kubelet 백오프: 컨테이너가 {0}에 비정상 종료했고 현재 백오프가 {1}이므로 {2}에 재시작할 수 있습니다 (대기 시간은 재시작할 때마다 10s에서 300s까지 두 배가 됩니다)",
            ],
            KubeletRestart => [
                "kubelet restart #{0}: {1}; the next crash waits {2}",
                "kubelet の再起動 #{0}: {1}。次のクラッシュは {2} 待ちます",
                "kubelet 재시작 #{0}: {1}. 다음 비정상 종료는 {2} 기다립니다",
            ],
            KubeletBackOffReset => [
                "the last restart was more than 10 minutes before the crash, so the back-off was reset and the container restarts at once",
                "最後の再起動がクラッシュの 10 分より前だったので、バックオフはリセットされ、コンテナはすぐに再起動します",
                "마지막 재시작이 비정상 종료보다 10분 넘게 전이었으므로 백오프가 초기화되어 컨테이너가 바로 재시작합니다",
            ],
            KubeletFirstCrash => [
                "first crash: the kubelet has no back-off entry yet, so it restarts the container at once",
                "最初のクラッシュ: kubelet にはまだバックオフの記録がないので、コンテナをすぐに再起動します",
                "첫 비정상 종료: kubelet에 아직 백오프 기록이 없으므로 컨테이너를 바로 재시작합니다",
            ],
            KubeletBackOffExpired => [
                "the back-off has expired",
                "バックオフが切れました",
                "백오프가 끝났습니다",
            ],
            JobFailedIndexesPastMax => [
                "{0} failed index(es) > maxFailedIndexes {1}",
                "失敗したインデックス {0} 個 > maxFailedIndexes {1}",
                "실패한 인덱스 {0}개 > maxFailedIndexes {1}",
            ],
            JobIndexesFailed => [
                "every index finished and {0} of them failed",
                "すべてのインデックスが終了し、そのうち {0} 個が失敗しました",
                "모든 인덱스가 끝났고 그중 {0}개가 실패했습니다",
            ],
            JobSuccessPolicy => [
                "success policy: {0}; the remaining pods are killed",
                "成功ポリシー: {0}。残りの Pod は強制終了されます",
                "성공 정책: {0}. 남은 파드는 강제 종료됩니다",
            ],
        };
        lang.pick(words)
    }
}

/// Decision words with their values: the names, instants, errors and numbers written once (they
/// read the same in every language), and any part that is words itself as [`Arg::Words`]. What a
/// rarer decision keeps instead of its English text, so the inspector can say it in the reader's
/// language; its [`Display`](fmt::Display) is the English, the trace's own text.
///
/// ```
/// use cronjob_playground::i18n::decisions::{Arg, DecisionWords as W, Worded};
/// use cronjob_playground::i18n::Lang;
/// let why = Worded::new(W::KubeletRestart, [Arg::from(1), Arg::Words(Worded::new(W::KubeletFirstCrash, [])), Arg::from("10s")]);
/// assert_eq!(why.to_string(), "kubelet restart #1: first crash: the kubelet has no back-off entry yet, so it restarts the container at once; the next crash waits 10s");
/// assert_eq!(why.render(Lang::Ko), "kubelet 재시작 #1: 첫 비정상 종료: kubelet에 아직 백오프 기록이 없으므로 컨테이너를 바로 재시작합니다. 다음 비정상 종료는 10s 기다립니다");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Worded {
    pub words: DecisionWords,
    pub args: Vec<Arg>,
}

/// A value of [`Worded`]: as written, or words in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Value(String),
    Words(Worded),
}

impl<T: fmt::Display> From<T> for Arg {
    fn from(value: T) -> Self {
        Arg::Value(value.to_string())
    }
}

impl Worded {
    pub fn new(words: DecisionWords, args: impl IntoIterator<Item = Arg>) -> Worded {
        Worded { words, args: args.into_iter().collect() }
    }

    /// The words in `lang` with their values.
    pub fn render(&self, lang: Lang) -> String {
        let args: Vec<String> = self
            .args
            .iter()
            .map(|a| match a {
                Arg::Value(v) => v.clone(),
                Arg::Words(w) => w.render(lang),
            })
            .collect();
        let args: Vec<&dyn fmt::Display> = args.iter().map(|a| a as &dyn fmt::Display).collect();
        self.words.format(lang, &args)
    }
}

impl fmt::Display for Worded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Lang::En))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sentence_has_words_in_every_language_with_the_same_placeholders() {
        for &w in DecisionWords::ALL {
            if w == DecisionWords::SentenceSeparator {
                continue;
            }
            super::super::assert_complete(&w, |l| w.text(l));
        }
    }
}
