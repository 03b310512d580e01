//! Sentences only the engine says: the inspector's reasons in the playground's own words (a
//! restart, an outage, a suspension, init containers and native sidecars), rendered in every
//! language on the engine's side (`app::protocol::Said`). They are kept out of [`super::Msg`],
//! whose whole table the page's module carries, so the page does not pay for words it never prints
//! itself.

use super::{Lang, Sentences};

/// An engine-only sentence (placeholders as in [`super::Msg`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Told {
    /// `{0}` the exit code, `{1}` the back-off in seconds, `{2}` the restart's number.
    Restarted,
    /// Why nothing happens during a controller outage.
    ControllerDown,
    /// Why nothing starts while a CronJob is suspended.
    Suspended,
    /// `{0}` a sidecar, `{1}` when the next container could start.
    SidecarStarted,
    /// `{0}` a sidecar, `{1}` its exit code.
    SidecarStopped,
    /// `{0}` a regular init container that has not finished.
    InitWaiting,
}

impl Told {
    /// Every sentence (the completeness tests walk it).
    pub const ALL: [Told; 6] = [
        Told::Restarted,
        Told::ControllerDown,
        Told::Suspended,
        Told::SidecarStarted,
        Told::SidecarStopped,
        Told::InitWaiting,
    ];
}

impl Sentences for Told {
    /// The sentence in `lang`, placeholders as they are (`format` fills them).
    ///
    /// ```
    /// use cronjob_playground::i18n::{Lang, Sentences, Told};
    /// assert!(Told::SidecarStopped.format(Lang::Ko, &[&"log-shipper", &143]).contains("log-shipper를 멈춥니다"));
    /// ```
    fn text(self, lang: Lang) -> &'static str {
        lang.pick([en(self), ja(self), ko(self)])
    }
}

fn en(told: Told) -> &'static str {
    match told {
        Told::Restarted => "Container exited with code {0}; restarted after a back-off of {1}s (restart {2}).",
        Told::ControllerDown => {
            "No controller syncs run while kube-controller-manager is down; schedule times that \
            pass meanwhile are judged on the first sync after it returns."
        }
        Told::Suspended => "spec.suspend is true: the controller starts no new Jobs (running ones go on).",
        Told::SidecarStarted => {
            "Sidecar {0} starts before the app container, which waits until {0} runs (or its \
            startup probe succeeds): here at {1}."
        }
        Told::SidecarStopped => {
            "The app container has finished, so the kubelet stops sidecar {0} (exit code {1}). A \
            sidecar does not keep a Job's pod running, and its exit code does not decide the pod's phase."
        }
        Told::InitWaiting => {
            "Init container {0} has not finished, so the app container never starts: a regular init \
            container must exit first. Is it meant to be a sidecar? restartPolicy: Always needs SidecarContainers (off \
            by default in 1.28; the API server then drops the field)."
        }
    }
}

fn ja(told: Told) -> &'static str {
    match told {
        Told::Restarted => "コンテナが終了コード {0} で終了し、{1} 秒のバックオフの後に再起動しました (再起動 {2} 回目)。",
        Told::ControllerDown => "kube-controller-manager が停止している間、コントローラーは同期しません。その間に過ぎたスケジュール時刻は、復帰後の最初の同期で判断されます。",
        Told::Suspended => "spec.suspend が true です: コントローラーは新しい Job を開始しません (実行中のものは続きます)。",
        Told::SidecarStarted => "サイドカー {0} はアプリコンテナより先に起動し、アプリコンテナは {0} が動き出す (スタートアッププローブがあれば成功する) まで待ちます: ここでは {1}。",
        Told::SidecarStopped => "アプリコンテナが終わったので、kubelet はサイドカー {0} を停止します (終了コード {1})。サイドカーは Job の Pod を動かし続けず、その終了コード\
            は Pod のフェーズを決めません。",
        Told::InitWaiting => "init コンテナ {0} が終わらないので、アプリコンテナは起動しません: 通常の init コンテナは先に終了しなければなりません。サイドカーのつもりですか? \
            restartPolicy: Always には SidecarContainers が必要です (1.28 では既定で無効で、API サーバーはこのフィールドを捨てます)。",
    }
}

fn ko(told: Told) -> &'static str {
    match told {
        Told::Restarted => "컨테이너가 종료 코드 {0}{으로/로} 끝나 {1}초의 백오프 후 재시작했습니다 (재시작 {2}번째).",
        Told::ControllerDown => "kube-controller-manager가 중단된 동안 컨트롤러는 동기화하지 않습니다. 그 사이에 지나간 스케줄 시각은 복귀 후 첫 동기화에서 판단됩니\
            다.",
        Told::Suspended => "spec.suspend가 true입니다: 컨트롤러는 새 잡(Job)을 시작하지 않습니다 (실행 중인 것은 계속됩니다).",
        Told::SidecarStarted => "사이드카 {0}{은/는} 앱 컨테이너보다 먼저 시작하고, 앱 컨테이너는 {0}{이/가} 실행될 때까지(스타트업 프로브가 있으면 성공할 때까지) 기다립니\
            다: 여기서는 {1}.",
        Told::SidecarStopped => "앱 컨테이너가 끝났으므로 kubelet이 사이드카 {0}{을/를} 멈춥니다(종료 코드 {1}). 사이드카는 잡(Job)의 파드를 계속 실행시키지 않으며, \
            그 종료 코드는 파드의 단계(phase)를 정하지 않습니다.",
        Told::InitWaiting => "init 컨테이너 {0}{이/가} 끝나지 않아 앱 컨테이너가 시작되지 않습니다: 일반 init 컨테이너는 먼저 종료해야 합니다. 사이드카로 쓰려던 것인가요? \
            restartPolicy: Always에는 SidecarContainers가 필요합니다(1.28에서는 기본으로 꺼져 있어 API 서버가 이 필드를 버립니다).",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placeholders(text: &str) -> Vec<char> {
        let mut found: Vec<char> = text.match_indices('{').filter_map(|(i, _)| text[i + 1..].chars().next()).collect();
        found.retain(char::is_ascii_digit);
        found.sort_unstable();
        found.dedup();
        found
    }

    #[test]
    fn every_sentence_is_translated_with_the_same_placeholders() {
        for told in Told::ALL {
            for other in [ja(told), ko(told)] {
                assert_ne!(other, en(told), "{told:?} is not translated");
                assert_eq!(placeholders(other), placeholders(en(told)), "{told:?}: {other}");
            }
        }
    }
}
