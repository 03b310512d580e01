//! The TTL-after-finished controller's words (`pkg/controller/ttlafterfinished`): when a finished
//! Job expires and is deleted, and why it waits or does nothing.

use super::DecisionWords::{self, *};

/// The words of a TTL decision in English, Japanese and Korean (`None`: not one of these).
pub(super) fn words(words: DecisionWords) -> Option<[&'static str; 3]> {
    Some(match words {
        GoneTtl => ["Job {0} is already gone.", "Job {0} はすでにありません。", "잡 {0}{은/는} 이미 없습니다."],
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
            "ttlSecondsAfterFinished {0}: the Job became {1} at {2}, so it expired at {3}; it is deleted with its pods \
            (foreground)",
            "ttlSecondsAfterFinished {0}: Job は {2} に {1} になったので {3} に期限切れとなり、その Pod とともに削除されます (foreground)",
            "ttlSecondsAfterFinished {0}: 잡이 {2}에 {1}{이/가} 되었으므로 {3}에 만료되어 파드와 함께 삭제됩니다 (foreground)",
        ],
        TtlWaiting => [
            "ttlSecondsAfterFinished {0}: the Job became {1} at {2}; it will be deleted at {3}",
            "ttlSecondsAfterFinished {0}: Job は {2} に {1} になりました。{3} に削除されます",
            "ttlSecondsAfterFinished {0}: 잡이 {2}에 {1}{이/가} 되었습니다. {3}에 삭제됩니다",
        ],
        _ => return None,
    })
}
