//! The Job controller's words (`syncJob` in `pkg/controller/job/job_controller.go`): pods wanted
//! and created, completion and success policies, back-off and failure limits, deadlines.

use super::DecisionWords::{self, *};

/// The words of a Job sync's decision in English, Japanese and Korean (`None`: not one of these).
pub(super) fn words(words: DecisionWords) -> Option<[&'static str; 3]> {
    Some(match words {
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
        _ => return None,
    })
}
