//! What only the CronJob controller of Kubernetes before 1.21 says (`cronjob_controller.go`'s
//! polling `syncAll`/`syncOne`): its poll, its errors and the limits of its slot search.

use super::DecisionWords::{self, *};

/// The words of a v1 controller's decision in English, Japanese and Korean (`None`: not one of these).
pub(super) fn words(words: DecisionWords) -> Option<[&'static str; 3]> {
    Some(match words {
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
            "More than 100 slots of {0} are unmet since {1}: the legacy controller (≤1.20) gives up and starts nothing \
            — at every poll, forever — until startingDeadlineSeconds is set or lowered, or lastScheduleTime changes.",
            "{1} 以降 {0} の未実行のスケジュール時刻が 100 個を超えています: 旧コントローラー (≤1.20) はあきらめて何も開始しません。startingDeadlineSeconds \
            が設定されるか短くされるか、lastScheduleTime が変わるまで、ポーリングのたびに永遠にそうします。",
            "{1} 이후 {0}의 실행되지 않은 스케줄 시각이 100개를 넘습니다: 기존 컨트롤러 (≤1.20)는 포기하고 아무것도 시작하지 않습니다. startingDeadlineSeconds를 \
            설정하거나 줄이거나 lastScheduleTime이 바뀔 때까지 폴링할 때마다 영원히 그렇습니다.",
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
            "Forbid: job {0} is still active, so the {1} slot is not started (the legacy controller records no Event). \
            lastScheduleTime is not advanced, so the slot starts at the first poll after the job is gone, {2}.",
            "Forbid: Job {0} がまだ実行中のため、スケジュール時刻 {1} は開始されません (旧コントローラーはイベントを記録しません)。lastScheduleTime \
            は進まないので、このスケジュール時刻は Job がなくなった後の最初のポーリングで開始されます。ただし{2}。",
            "Forbid: 잡 {0}{이/가} 아직 실행 중이므로 스케줄 시각 {1}{은/는} 시작되지 않습니다 (기존 컨트롤러는 이벤트를 기록하지 않음). lastScheduleTime이 진행되지 \
            않아 이 스케줄 시각은 잡이 없어진 뒤 첫 폴링 때 시작됩니다. 단, {2}.",
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
        _ => return None,
    })
}
