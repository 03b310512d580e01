//! The kubelet's words on restarting a crashed container (`CrashLoopBackOff`: the back-off per
//! container in `pkg/kubelet/kuberuntime`), as the restart decisions give them.

use super::DecisionWords::{self, *};

/// The words of a kubelet restart decision in English, Japanese and Korean (`None`: not one of these).
pub(super) fn words(words: DecisionWords) -> Option<[&'static str; 3]> {
    Some(match words {
        KubeletBackOff => [
            "kubelet back-off: the container crashed at {0} and its current back-off is {1}, so it may restart at {2} \
            (delays double from 10s to 300s after each restart)",
            "kubelet のバックオフ: コンテナは {0} にクラッシュし、現在のバックオフは {1} なので、再起動できるのは {2} です (待ち時間は再起動のたびに 10s から 300s まで倍になります)",
            "kubelet 백오프: 컨테이너가 {0}에 비정상 종료했고 현재 백오프가 {1}이므로 {2}에 재시작할 수 있습니다 (대기 시간은 재시작할 때마다 10s에서 300s까지 두 배가 됩니다)",
        ],
        KubeletRestart => [
            "kubelet restart #{0}: {1}; the next crash waits {2}",
            "kubelet の再起動 #{0}: {1}。次のクラッシュは {2} 待ちます",
            "kubelet 재시작 #{0}: {1}. 다음 비정상 종료는 {2} 기다립니다",
        ],
        KubeletBackOffReset => [
            "the last restart was more than 10 minutes before the crash, so the back-off was reset and the container \
            restarts at once",
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
        _ => return None,
    })
}
