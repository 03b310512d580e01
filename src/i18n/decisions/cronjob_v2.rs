//! What only the informer-driven CronJob controller (`cronjob_controllerv2.go`, 1.21 on) says: its
//! API errors, schedules and zones it cannot use, and a Job name found taken.

use super::DecisionWords::{self, *};

/// The words of a v2 controller's decision in English, Japanese and Korean (`None`: not one of these).
pub(super) fn words(words: DecisionWords) -> Option<[&'static str; 3]> {
    Some(match words {
        V2ApiError => [
            "Reading from the API server failed ({0}) while reconciling the CronJob's jobs; the sync is retried with \
            back-off.",
            "CronJob の Job を照合している間に API サーバーからの読み取りが失敗しました ({0})。同期はバックオフ付きで再試行されます。",
            "크론잡의 잡을 조정하는 동안 API 서버에서 읽기가 실패했습니다 ({0}). 동기화는 백오프를 두고 재시도됩니다.",
        ],
        V2Unparseable => [
            "The schedule {0} does not parse ({1}); the controller records UnparseableSchedule and does not requeue \
            until the schedule is edited.",
            "スケジュール {0} は解析できません ({1})。コントローラーは UnparseableSchedule を記録し、スケジュールが編集されるまで再キューしません。",
            "스케줄 {0}{은/는} 해석되지 않습니다 ({1}). 컨트롤러는 UnparseableSchedule을 기록하고 스케줄이 편집될 때까지 다시 큐에 넣지 않습니다.",
        ],
        V2Deleting => [
            "The CronJob is being deleted (it has a deletionTimestamp): the controller only reconciles its status and \
            starts nothing.",
            "CronJob は削除中です (deletionTimestamp があります): コントローラーはステータスを照合するだけで、何も開始しません。",
            "크론잡이 삭제 중입니다 (deletionTimestamp가 있음): 컨트롤러는 상태만 조정하고 아무것도 시작하지 않습니다.",
        ],
        V2UnknownZone => [
            "spec.timeZone {0} cannot be loaded ({1}). This is checked before suspend and the schedule, so nothing \
            runs and the controller does not requeue until the CronJob is edited.",
            "spec.timeZone {0} を読み込めません ({1})。これは suspend とスケジュールより前に確認されるため、何も実行されず、CronJob が編集されるまでコントローラーは再キューしません。",
            "spec.timeZone {0}{을/를} 불러올 수 없습니다 ({1}). 이것은 suspend와 스케줄보다 먼저 확인되므로 아무것도 실행되지 않고, 크론잡이 편집될 때까지 컨트롤러는 다시 \
            큐에 넣지 않습니다.",
        ],
        V2Hangs => [
            "{0} The real controller's worker would never return from this sync.",
            "{0} 実際のコントローラーのワーカーはこの同期から戻りません。",
            "{0} 실제 컨트롤러의 워커는 이 동기화에서 돌아오지 않습니다.",
        ],
        V2NeverFires => [
            "The schedule {0} parses but never fires (robfig finds no slot within five years, so two \"consecutive\" \
            slots are both the zero time: {1}). The controller records InvalidSchedule and does not requeue.",
            "スケジュール {0} は解析できますが一度も実行されません (robfig は 5 年以内にスケジュール時刻を見つけられず、「連続する」2 つのスケジュール時刻がどちらもゼロ時刻になります: \
            {1})。コントローラーは InvalidSchedule を記録し、再キューしません。",
            "스케줄 {0}{은/는} 해석되지만 한 번도 실행되지 않습니다 (robfig가 5년 안에서 스케줄 시각을 찾지 못해 '연속된' 두 스케줄 시각이 모두 제로 시각입니다: {1}). 컨트롤러는 \
            InvalidSchedule을 기록하고 다시 큐에 넣지 않습니다.",
        ],
        V2ReplaceGetFailed => [
            "Replace: reading the running job {0} failed ({1}), so the {2} slot is not started; the sync is retried \
            with back-off.",
            "Replace: 実行中の Job {0} の読み取りが失敗した ({1}) ため、スケジュール時刻 {2} は開始されません。同期はバックオフ付きで再試行されます。",
            "Replace: 실행 중인 잡 {0}{을/를} 읽지 못했으므로 ({1}) 스케줄 시각 {2}{은/는} 시작되지 않습니다. 동기화는 백오프를 두고 재시도됩니다.",
        ],
        V2ReplaceDeleteFailed => [
            "Replace: deleting the running job {0} failed, so the {1} slot is not started; the sync is retried with \
            back-off.",
            "Replace: 実行中の Job {0} の削除が失敗したため、スケジュール時刻 {1} は開始されません。同期はバックオフ付きで再試行されます。",
            "Replace: 실행 중인 잡 {0}{을/를} 삭제하지 못했으므로 스케줄 시각 {1}{은/는} 시작되지 않습니다. 동기화는 백오프를 두고 재시도됩니다.",
        ],
        V2NamespaceTerminating => [
            "Creating job {0} failed because the namespace is being terminated ({1}); no Event is recorded and nothing \
            more happens.",
            "Namespace が終了処理中のため Job {0} の作成が失敗しました ({1})。イベントは記録されず、それ以上何も起きません。",
            "네임스페이스가 종료 중이어서 잡 {0}{을/를} 만들지 못했습니다 ({1}). 이벤트는 기록되지 않고 더 이상 아무 일도 일어나지 않습니다.",
        ],
        V2ExistsUnreadable => [
            "Job {0} already exists, but reading it failed ({1}); the sync is retried with back-off.",
            "Job {0} はすでに存在しますが、その読み取りが失敗しました ({1})。同期はバックオフ付きで再試行されます。",
            "잡 {0}{은/는} 이미 있지만 읽지 못했습니다 ({1}). 동기화는 백오프를 두고 재시도됩니다.",
        ],
        V2ExistsNotOurs => [
            "A job named {0} already exists but this CronJob does not control it; the controller assumes whoever \
            created it keeps the status and does not requeue.",
            "{0} という名前の Job はすでに存在しますが、この CronJob はそれを制御していません。コントローラーは作成した側がステータスを管理するとみなし、再キューしません。",
            "이름이 {0}인 잡이 이미 있지만 이 크론잡이 제어하지 않습니다. 컨트롤러는 그것을 만든 쪽이 상태를 관리한다고 보고 다시 큐에 넣지 않습니다.",
        ],
        V2ExistsActive => [
            "Job {0} for the {1} slot already exists and is already in status.active; nothing to do and no requeue.",
            "スケジュール時刻 {1} の Job {0} はすでに存在し、status.active にもあります。することはなく、再キューもしません。",
            "스케줄 시각 {1}의 잡 {0}{은/는} 이미 있고 status.active에도 있습니다. 할 일이 없고 다시 큐에 넣지도 않습니다.",
        ],
        V2ExistsBefore128 => [
            "Job {0} for the {1} slot already exists; before 1.28 the controller just returns the error and retries \
            with back-off.",
            "スケジュール時刻 {1} の Job {0} はすでに存在します。1.28 より前のコントローラーはエラーを返し、バックオフ付きで再試行するだけです。",
            "스케줄 시각 {1}의 잡 {0}{은/는} 이미 있습니다. 1.28 이전의 컨트롤러는 오류를 반환하고 백오프를 두고 재시도할 뿐입니다.",
        ],
        V2CreateFailed => [
            "Creating job {0} for the {1} slot failed ({2}); the sync is retried with back-off.",
            "スケジュール時刻 {1} の Job {0} の作成が失敗しました ({2})。同期はバックオフ付きで再試行されます。",
            "스케줄 시각 {1}의 잡 {0}{을/를} 만들지 못했습니다 ({2}). 동기화는 백오프를 두고 재시도됩니다.",
        ],
        _ => return None,
    })
}
