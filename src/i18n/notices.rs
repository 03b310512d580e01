//! The quiet notices about the text itself, in each language: the objects a run leaves out, the
//! Jobs whose CronJob is not in the text, a pod behaviour read from the command, and what the
//! reading of the text did without an error (a key written twice, a field dropped because its
//! feature is off). Like the
//! probes' sentences they live outside [`Msg`](super::Msg): only the engine says them (they cross
//! to the page already in words), so the page's module does not carry them.

use super::{Lang, Sentences};

/// A notice's sentence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notice {
    /// `{0}`: the objects, each `Kind name (line N)`, comma-separated.
    NotSimulated,
    /// `{0}` kind, `{1}` name, `{2}` line, `{3}` API group.
    LookAlike,
    /// `{0}` Job, `{1}` its CronJob.
    OwnerNotInInput,
    /// `{0}` the parts of the command read (`sleep 20 · exit 1`).
    Inferred,
    /// `{0}` kind, `{1}` name, `{2}` line: one item of [`Notice::NotSimulated`]'s list.
    Object,
    /// `{0}` path, `{1}` the earlier line, `{2}` the later line.
    DuplicateKey,
    /// [`Notice::DuplicateKey`] for `apiVersion`: two objects merged into one.
    DuplicateObject,
    /// `{0}` path, `{1}` feature gate: switched off by the Simulation document.
    DroppedGateOff,
    /// `{0}` path, `{1}` feature gate, `{2}` release in which it is alpha.
    DroppedAlpha,
}

impl Notice {
    /// Every sentence (the completeness test walks it).
    pub const ALL: [Notice; 9] = [
        Notice::NotSimulated,
        Notice::LookAlike,
        Notice::OwnerNotInInput,
        Notice::Inferred,
        Notice::Object,
        Notice::DuplicateKey,
        Notice::DuplicateObject,
        Notice::DroppedGateOff,
        Notice::DroppedAlpha,
    ];
}

impl Sentences for Notice {
    /// The words in `lang`, placeholders as they are (`format` fills them).
    ///
    /// ```
    /// use cronjob_playground::i18n::{notices::Notice, Lang, Sentences};
    /// assert_eq!(Notice::Inferred.format(Lang::En, &[&"sleep 20 · exit 1"]), "From the command: sleep 20 · exit 1. \
    ///     Edit to override.");
    /// assert_eq!(Notice::Object.format(Lang::Ja, &[&"ConfigMap", &"settings", &7]), "ConfigMap settings (7 行目)");
    /// ```
    fn text(self, lang: Lang) -> &'static str {
        use Notice::*;
        match (lang, self) {
            (Lang::En, NotSimulated) => "Not simulated (the playground runs CronJobs and Jobs): {0}",
            (Lang::En, LookAlike) => "{0} {1} (line {2}) is a custom resource of API group {3}, not batch: its own \
                controller runs it, not Kubernetes' {0} controller, so it is not simulated.",
            (Lang::En, OwnerNotInInput) => "Job {0}: its CronJob {1} is not in the text. Simulated as if {1} exists in \
                the cluster, so the garbage collector keeps the Job; where {1} does not exist, the garbage collector \
                deletes the Job within seconds.",
            (Lang::En, Inferred) => "From the command: {0}. Edit to override.",
            (Lang::En, Object) => "{0} {1} (line {2})",
            (Lang::En, DuplicateKey) => "{0}: written twice (lines {1} and {2}); kubectl's YAML reader keeps the last \
                value and drops the one at line {1} without a word",
            (Lang::En, DuplicateObject) => "{0}: written twice (lines {1} and {2}); kubectl's YAML reader keeps the \
                last value and drops the one at line {1} without a word: two objects without the \"---\" between them? \
                Only the second one reaches the API server",
            (Lang::En, DroppedGateOff) => "{0}: dropped: the {1} feature gate is off in this run (featureGates), so \
                the API server ignores the field",
            (Lang::En, DroppedAlpha) => "{0}: dropped: the {1} feature is alpha in Kubernetes {2} (off by default), so \
                the API server ignores the field",
            (Lang::Ja, NotSimulated) => "シミュレーション対象外 (CronJob と Job のみ実行します): {0}",
            (Lang::Ja, LookAlike) => "{0} {1} ({2} 行目) は batch ではなく API グループ {3} のカスタムリソースです。Kubernetes の {0} コントローラではな\
                く独自のコントローラが実行するため、シミュレーションしません。",
            (Lang::Ja, OwnerNotInInput) => "Job {0}: 所有者の CronJob {1} がテキストにありません。{1} がクラスタに存在するものとして扱うため、ガベージコレクタはこの \
                Job を残します (存在しない場合、ガベージコレクタが数秒以内にこの Job を削除します)。",
            (Lang::Ja, Inferred) => "コマンドから推定: {0}。値を編集すると上書きします。",
            (Lang::Ja, Object) => "{0} {1} ({2} 行目)",
            (Lang::Ja, DuplicateKey) => "{0}: 2 回書かれています ({1} 行目と {2} 行目)。kubectl の YAML 読み込みは後の値を残し、{1} 行目の値を何も告げずに捨てま\
                す",
            (Lang::Ja, DuplicateObject) => "{0}: 2 回書かれています ({1} 行目と {2} 行目)。kubectl の YAML 読み込みは後の値を残し、{1} 行目の値を何も告げずに\
                捨てます。2 つのオブジェクトの間の \"---\" が抜けていませんか? API サーバーに届くのは 2 つ目だけです",
            (Lang::Ja, DroppedGateOff) => "{0}: 破棄: この実行では {1} フィーチャーゲートがオフ (featureGates) のため、API サーバーはこのフィールドを無視します",
            (Lang::Ja, DroppedAlpha) => "{0}: 破棄: {1} 機能は Kubernetes {2} ではアルファ (既定でオフ) のため、API サーバーはこのフィールドを無視します",
            (Lang::Ko, NotSimulated) => "시뮬레이션하지 않음 (CronJob과 Job만 실행): {0}",
            (Lang::Ko, LookAlike) => "{0} {1} ({2}행): batch가 아니라 API 그룹 {3}의 커스텀 리소스입니다. Kubernetes의 {0} 컨트롤러가 아니라 자체 컨\
                트롤러가 실행하므로 시뮬레이션하지 않습니다.",
            (Lang::Ko, OwnerNotInInput) => "Job {0}: 소유자 CronJob {1} 없음 (텍스트에 없음). {1}{이/가} 클러스터에 있는 것으로 가정하므로 가비지 컬렉터\
                가 이 Job을 남겨 둡니다. 실제로 없으면 가비지 컬렉터가 몇 초 안에 이 Job을 삭제합니다.",
            (Lang::Ko, Inferred) => "명령에서 추정: {0}. 값을 고치면 덮어씁니다.",
            (Lang::Ko, Object) => "{0} {1} ({2}행)",
            (Lang::Ko, DuplicateKey) => "{0}: 두 번 작성됨 ({1}행과 {2}행). kubectl의 YAML 리더는 마지막 값을 남기고 {1}행의 값을 아무 말 없이 버립니다",
            (Lang::Ko, DuplicateObject) => "{0}: 두 번 작성됨 ({1}행과 {2}행). kubectl의 YAML 리더는 마지막 값을 남기고 {1}행의 값을 아무 말 없이 버립\
                니다. 두 객체 사이의 \"---\"가 빠졌나요? API 서버에는 두 번째 객체만 전달됩니다",
            (Lang::Ko, DroppedGateOff) => "{0}: 버려짐: 이 실행에서는 {1} 기능 게이트가 꺼져 있으므로(featureGates) API 서버가 이 필드를 무시합니다",
            (Lang::Ko, DroppedAlpha) => "{0}: 버려짐: {1} 기능은 Kubernetes {2}에서 알파(기본값 꺼짐)이므로 API 서버가 이 필드를 무시합니다",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_fills_every_placeholder_it_is_given() {
        for n in Notice::ALL {
            let en = n.text(Lang::En);
            let count = (0..4).filter(|i| en.contains(&format!("{{{i}}}"))).count();
            for l in Lang::ALL {
                let args: [&dyn std::fmt::Display; 4] = [&"A", &"B", &"C", &"D"];
                let filled = n.format(l, &args[..count]);
                assert!(!filled.contains('{'), "{l:?} {n:?}: {filled}");
            }
        }
    }
}
