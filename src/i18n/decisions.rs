//! The controllers' decisions in the playground's words, in each language: why a CronJob or Job
//! sync did what it did (`controller::cronjob::Reasoning`, `controller::job::Why`,
//! `sim::trace::Explanation`). English is the trace's own text (`simulate --output json` writes
//! it); the inspector shows the reader's language. The values they name — instants, names,
//! schedules, field names, Event reasons — stay as Kubernetes writes them. Only the engine says
//! them, so the page's module does not carry them.

use super::{Lang, Sentences};

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
        };
        lang.pick(words)
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
