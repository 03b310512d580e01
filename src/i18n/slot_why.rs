//! The playground's sentences on why a slot met its fate (`sim::trace::SlotWhy`), in each
//! language. The English ones are the trace's own text (`simulate --output json` writes them);
//! the inspector shows the reader's language. Only the engine says them, so the page's module
//! does not carry them.

use super::{Lang, Sentences};

super::catalog! {
    /// One sentence; the placeholders are the instants (RFC 3339), durations (`0.1s`), names and
    /// numbers the slot's record holds.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum SlotWords {
        /// `{0}` the Job, `{1}` when it was created, `{2}` how long after the slot.
        RanForbid,
        RanSuspend,
        RanOutage,
        RanScheduleEdit,
        RanFirstSync,
        /// … `{3}` how many earlier syncs did not start it.
        RanSyncs,
        /// `{0}` when the controller came back.
        NotFoundAfterOutage,
        /// `{0}` when the name was found taken.
        NameTaken,
        /// `{0}` the later slot, `{1}` when it was started.
        Superseded,
        /// `{0}` the sync that released it, `{1}` its age then, `{2}` the deadline in seconds.
        ForbidPastDeadline,
        /// `{0}` the policy, `{1}` when.
        Forbidden,
        /// `{0}` when.
        SuspendedAt,
        /// `{0}` when.
        NotFoundAt,
        /// `{0}` when the first sync to count it ran, `{1}` how late, `{2}` the deadline in seconds.
        PastDeadline,
        /// The same after a schedule edit.
        PastDeadlineEdited,
        /// `{0}` when, `{1}` the sync's error code.
        SyncFailed,
        /// `{0}` the deadline in seconds.
        NoSyncWithin,
        /// No argument, as the next five.
        SuspendedNothingStarted,
        DownAtSlot,
        DownBeforeStart,
        TooManyMissedLegacy,
        HorizonEnded,
        NotMostRecent,
    }
}

impl Sentences for SlotWords {
    /// The words in `lang`, placeholders as they are.
    fn text(self, lang: Lang) -> &'static str {
        let words = ran(self)
            .or_else(|| held_back(self))
            .or_else(|| never_started(self))
            .expect("every slot's fate has its words in one table");
        lang.pick(words)
    }
}

/// The words on a slot that ran, and why then (`None`: not one of these).
fn ran(words: SlotWords) -> Option<[&'static str; 3]> {
    use SlotWords::*;
    Some(match words {
        RanForbid => [
            "Job {0} was created at {1} ({2} after the slot): concurrencyPolicy Forbid held it while an earlier \
            Job was active; when that Job finished, the next sync started this still-unmet slot.",
            "Job {0} は {1} に作成されました (スケジュール時刻の {2} 後): concurrencyPolicy Forbid により、前の Job が実行中の間は保留され、その Job が終了した\
            後の次の同期で、まだ実行されていないこのスケジュール時刻が開始されました。",
            "잡 {0}{은/는} {1}에 생성되었습니다 (스케줄 시각 {2} 후): concurrencyPolicy Forbid 때문에 이전 잡이 실행 중인 동안 보류되었고, 그 잡이 끝난 뒤 다\
            음 동기화가 아직 실행되지 않은 이 스케줄 시각을 시작했습니다.",
        ],
        RanSuspend => [
            "Job {0} was created at {1} ({2} after the slot): the CronJob was suspended at the slot; on resume the \
            controller started the most recent unmet slot.",
            "Job {0} は {1} に作成されました (スケジュール時刻の {2} 後): スケジュール時刻には CronJob が一時停止 (suspend) されていたため、再開時にコントローラーが未実行の最\
            新のスケジュール時刻を開始しました。",
            "잡 {0}{은/는} {1}에 생성되었습니다 (스케줄 시각 {2} 후): 스케줄 시각에 크론잡이 일시 중지 (suspend) 상태였으므로, 재개 시 컨트롤러가 실행되지 않은 가장 최근 \
            스케줄 시각을 시작했습니다.",
        ],
        RanOutage => [
            "Job {0} was created at {1} ({2} after the slot): kube-controller-manager was down at the slot; when \
            it came back its first sync started the most recent unmet slot.",
            "Job {0} は {1} に作成されました (スケジュール時刻の {2} 後): スケジュール時刻には kube-controller-manager が停止していたため、復帰後の最初の同期が未実行の最\
            新のスケジュール時刻を開始しました。",
            "잡 {0}{은/는} {1}에 생성되었습니다 (스케줄 시각 {2} 후): 스케줄 시각에 kube-controller-manager가 중단되어 있었으므로, 복구 후 첫 동기화가 실행되지 \
            않은 가장 최근 스케줄 시각을 시작했습니다.",
        ],
        RanScheduleEdit => [
            "Job {0} was created at {1} ({2} after the slot): retroactive run — the schedule was edited after this \
            time; the controller evaluated the new schedule from status.lastScheduleTime and started its most \
            recent unmet slot (set startingDeadlineSeconds to prevent this).",
            "Job {0} は {1} に作成されました (スケジュール時刻の {2} 後): 遡及実行です。この時刻の後にスケジュールが編集され、コントローラーは status.lastScheduleTime か\
            ら新しいスケジュールを評価して、未実行の最新のスケジュール時刻を開始しました (防ぐには startingDeadlineSeconds を設定します)。",
            "잡 {0}{은/는} {1}에 생성되었습니다 (스케줄 시각 {2} 후): 소급 실행입니다. 이 시각 이후에 스케줄이 편집되었고, 컨트롤러가 status.lastScheduleTime부\
            터 새 스케줄을 평가해 실행되지 않은 가장 최근 스케줄 시각을 시작했습니다 (막으려면 startingDeadlineSeconds를 설정합니다).",
        ],
        RanFirstSync => [
            "Job {0} was created at {1} ({2} after the slot) by the first sync after the slot.",
            "Job {0} はスケジュール時刻の後の最初の同期で {1} に作成されました (スケジュール時刻の {2} 後)。",
            "잡 {0}{은/는} 스케줄 시각 이후 첫 동기화에서 {1}에 생성되었습니다 (스케줄 시각 {2} 후).",
        ],
        RanSyncs => [
            "Job {0} was created at {1} ({2} after the slot): {3} earlier sync(s) after the slot did not start it.",
            "Job {0} は {1} に作成されました (スケジュール時刻の {2} 後): スケジュール時刻の後のそれ以前の {3} 回の同期では開始されませんでした。",
            "잡 {0}{은/는} {1}에 생성되었습니다 (스케줄 시각 {2} 후): 스케줄 시각 이후 그 전의 동기화 {3}회는 이를 시작하지 않았습니다.",
        ],
        _ => return None,
    })
}

/// The words on a slot a sync saw and did not start: held back, superseded, past its deadline,
/// its name taken (`None`: not one of these).
fn held_back(words: SlotWords) -> Option<[&'static str; 3]> {
    use SlotWords::*;
    Some(match words {
        NotFoundAfterOutage => [
            "kube-controller-manager was down at this time; when it came back at {0}, its search for the most \
            recent unmet time (it looks back about two intervals of the first gap after lastScheduleTime) did \
            not find this slot, so nothing ran.",
            "この時刻には kube-controller-manager が停止していました。{0} に復帰したとき、未実行の最新時刻の探索 (lastScheduleTime の後の最初の間隔のおよそ 2 つ分をさ\
            かのぼる) がこのスケジュール時刻を見つけられなかったため、何も実行されませんでした。",
            "이 시각에 kube-controller-manager가 중단되어 있었습니다. {0}에 복구되었을 때 실행되지 않은 가장 최근 시각의 탐색 (lastScheduleTime 이후 첫 간격\
            의 약 두 배만큼 거슬러 올라감)이 이 스케줄 시각을 찾지 못해 아무것도 실행되지 않았습니다.",
        ],
        NameTaken => [
            "The Job name (the CronJob's name and the slot's minutes since the epoch) was already taken by the Job \
            of an earlier slot in the same minute; at {0} the controller got AlreadyExists and adopted that \
            Job instead of creating one, so this slot did not run.",
            "Job 名 (CronJob の名前とスケジュール時刻のエポックからの分数) は、同じ分の前のスケジュール時刻の Job がすでに使っていました。{0} にコントローラーは AlreadyExists を\
            受け取り、作成する代わりにその Job を引き継いだため、このスケジュール時刻は実行されませんでした。",
            "잡 이름 (크론잡 이름과 스케줄 시각의 에포크 이후 분 수)은 같은 분의 이전 스케줄 시각의 잡이 이미 쓰고 있었습니다. {0}에 컨트롤러가 AlreadyExists를 받고 새로 만드\
            는 대신 그 잡을 넘겨받았으므로 이 스케줄 시각은 실행되지 않았습니다.",
        ],
        Superseded => [
            "A later slot ({0}) was started instead at {1}: the controller only ever starts the most recent unmet \
            time.",
            "代わりに後のスケジュール時刻 ({0}) が {1} に開始されました: コントローラーが開始するのは常に未実行の最新時刻だけです。",
            "대신 이후의 스케줄 시각 ({0})이 {1}에 시작되었습니다: 컨트롤러는 항상 실행되지 않은 가장 최근 시각만 시작합니다.",
        ],
        ForbidPastDeadline => [
            "concurrencyPolicy Forbid held it while an earlier Job was active; by the sync at {0} it was {1} old, \
            reaching startingDeadlineSeconds ({2}s), so the controller stopped looking for it and it never \
            ran.",
            "concurrencyPolicy Forbid により、前の Job が実行中の間は保留されました。{0} の同期の時点で {1} 経過して startingDeadlineSeconds \
            ({2}s) に達したため、コントローラーは探すのをやめ、実行されませんでした。",
            "concurrencyPolicy Forbid 때문에 이전 잡이 실행 중인 동안 보류되었습니다. {0}의 동기화 시점에 {1} 경과하여 startingDeadlineSeconds \
            ({2}s)에 이르렀으므로 컨트롤러가 찾기를 멈췄고, 실행되지 않았습니다.",
        ],
        Forbidden => [
            "concurrencyPolicy is {0}: at {1} an earlier Job was still active, so the controller recorded \
            JobAlreadyActive and started nothing; the slot was later superseded or fell out of reach.",
            "concurrencyPolicy は {0} です: {1} には前の Job がまだ実行中だったため、コントローラーは JobAlreadyActive を記録して何も開始せず、このスケジュール時刻は\
            後に置き換えられるか対象外になりました。",
            "concurrencyPolicy가 {0}입니다: {1}에 이전 잡이 아직 실행 중이었으므로 컨트롤러는 JobAlreadyActive를 기록하고 아무것도 시작하지 않았고, 이 스케줄 시\
            각은 나중에 대체되거나 범위를 벗어났습니다.",
        ],
        SuspendedAt => [
            "The CronJob was suspended when the controller looked at {0}.",
            "{0} にコントローラーが確認したとき、CronJob は一時停止 (suspend) されていました。",
            "{0}에 컨트롤러가 확인했을 때 크론잡은 일시 중지 (suspend) 상태였습니다.",
        ],
        NotFoundAt => [
            "At {0} the controller's approximate search for the most recent unmet time (it looks back about two \
            intervals of the first gap) did not find this slot.",
            "{0} に、コントローラーによる未実行の最新時刻の概算探索 (最初の間隔のおよそ 2 つ分をさかのぼる) は、このスケジュール時刻を見つけられませんでした。",
            "{0}에 실행되지 않은 가장 최근 시각에 대한 컨트롤러의 근사 탐색 (첫 간격의 약 두 배만큼 거슬러 올라감)은 이 스케줄 시각을 찾지 못했습니다.",
        ],
        PastDeadline => [
            "The first sync after the slot ran at {0} — {1} late, more than startingDeadlineSeconds ({2}s) — so \
            the slot was skipped silently.",
            "スケジュール時刻の後の最初の同期は {0} で、{1} 遅れて startingDeadlineSeconds ({2}s) を超えていたため、このスケジュール時刻は何も記録されずにスキップされました。",
            "스케줄 시각 이후 첫 동기화는 {0}에 실행되어 {1} 늦었고 startingDeadlineSeconds ({2}s)를 넘었으므로, 이 스케줄 시각은 기록 없이 건너뛰어졌습니다.",
        ],
        PastDeadlineEdited => [
            "The schedule was edited after this time; the first sync to count it as unmet ran at {0} — {1} late, \
            more than startingDeadlineSeconds ({2}s) — so the slot was skipped silently (the deadline is what \
            prevents the retroactive run).",
            "この時刻の後にスケジュールが編集されました。これを未実行と数えた最初の同期は {0} で、{1} 遅れて startingDeadlineSeconds ({2}s) を超えていたため、このスケジュール時\
            刻は何も記録されずにスキップされました (遡及実行を防いでいるのはこの期限です)。",
            "이 시각 이후에 스케줄이 편집되었습니다. 이를 실행되지 않은 것으로 센 첫 동기화는 {0}에 실행되어 {1} 늦었고 startingDeadlineSeconds ({2}s)를 넘었으므\
            로, 이 스케줄 시각은 기록 없이 건너뛰어졌습니다 (소급 실행을 막는 것이 이 기한입니다).",
        ],
        _ => return None,
    })
}

/// The words on a slot no sync could start: the controller down, failing or suspended, the
/// horizon over (`None`: not one of these).
fn never_started(words: SlotWords) -> Option<[&'static str; 3]> {
    use SlotWords::*;
    Some(match words {
        SyncFailed => [
            "The sync at {0} ended with `{1}`, so no Job was created for this slot.",
            "{0} の同期は `{1}` で終わったため、このスケジュール時刻の Job は作成されませんでした。",
            "{0}의 동기화가 `{1}` 오류로 끝났으므로 이 스케줄 시각의 잡은 생성되지 않았습니다.",
        ],
        NoSyncWithin => [
            "No sync started this slot within startingDeadlineSeconds ({0}s), so it was skipped silently.",
            "startingDeadlineSeconds ({0}s) 以内にこのスケジュール時刻を開始した同期がなかったため、何も記録されずにスキップされました。",
            "startingDeadlineSeconds ({0}s) 안에 이 스케줄 시각을 시작한 동기화가 없었으므로 기록 없이 건너뛰어졌습니다.",
        ],
        SuspendedNothingStarted => [
            "spec.suspend was true at this time, so the controller started nothing.",
            "この時刻には spec.suspend が true だったため、コントローラーは何も開始しませんでした。",
            "이 시각에 spec.suspend가 true였으므로 컨트롤러는 아무것도 시작하지 않았습니다.",
        ],
        DownAtSlot => [
            "kube-controller-manager was down at this time; after it came back only the most recent unmet slot (if \
            any, within startingDeadlineSeconds) was started.",
            "この時刻には kube-controller-manager が停止していました。復帰後に開始されたのは、未実行の最新のスケジュール時刻 (あれば、startingDeadlineSeconds 以内のも\
            の) だけです。",
            "이 시각에 kube-controller-manager가 중단되어 있었습니다. 복구 후에는 실행되지 않은 가장 최근 스케줄 시각 (있다면, startingDeadlineSeconds 안\
            의 것)만 시작되었습니다.",
        ],
        DownBeforeStart => [
            "kube-controller-manager went down before it started this slot; after it came back only the most \
            recent unmet slot (if any) was started.",
            "kube-controller-manager はこのスケジュール時刻を開始する前に停止しました。復帰後に開始されたのは、未実行の最新のスケジュール時刻 (あれば) だけです。",
            "kube-controller-manager가 이 스케줄 시각을 시작하기 전에 중단되었습니다. 복구 후에는 실행되지 않은 가장 최근 스케줄 시각 (있다면)만 시작되었습니다.",
        ],
        TooManyMissedLegacy => [
            "The legacy controller counted more than 100 unmet start times and started nothing (FailedNeedsStart); \
            it never recovers without startingDeadlineSeconds.",
            "旧コントローラーは未実行の開始時刻を 100 個より多く数えたため、何も開始しませんでした (FailedNeedsStart)。startingDeadlineSeconds がなければ回復しません。",
            "이전 컨트롤러는 실행되지 않은 시작 시각을 100개보다 많이 세어 아무것도 시작하지 않았습니다 (FailedNeedsStart). startingDeadlineSeconds가 없으면 \
            회복되지 않습니다.",
        ],
        HorizonEnded => [
            "The horizon ended before the controller acted on this slot.",
            "コントローラーがこのスケジュール時刻を処理する前に期間が終わりました。",
            "컨트롤러가 이 스케줄 시각을 처리하기 전에 기간이 끝났습니다.",
        ],
        NotMostRecent => [
            "No sync found this slot as the most recent unmet time before the next slot was due.",
            "次のスケジュール時刻が来るまでに、このスケジュール時刻を未実行の最新時刻として見つけた同期はありませんでした。",
            "다음 스케줄 시각이 되기 전까지 이 스케줄 시각을 실행되지 않은 가장 최근 시각으로 찾은 동기화가 없었습니다.",
        ],
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sentence_has_words_in_every_language_with_the_same_placeholders() {
        for &w in SlotWords::ALL {
            super::super::assert_complete(&w, |l| w.text(l));
            let tables = [ran(w), held_back(w), never_started(w)];
            assert_eq!(tables.iter().filter(|t| t.is_some()).count(), 1, "{w:?}");
        }
        assert_eq!(
            SlotWords::SuspendedAt.format(Lang::Ja, &[&"2026-03-28T01:30:00Z"]),
            "2026-03-28T01:30:00Z にコントローラーが確認したとき、CronJob は一時停止 (suspend) されていました。"
        );
    }
}
