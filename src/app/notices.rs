//! What the page says, quietly, about the text it was given beyond the editor's diagnostics: the
//! objects a run leaves out (the rest of an install file, look-alike CronJobs of another API
//! group), the Jobs whose CronJob is not in the text (a `kubectl get jobs` dump) and what the
//! garbage collector does with them, what reading the text did quietly (a key written twice, a
//! field dropped because its feature is off), the pod behaviour read from a container's command,
//! and a schedule written for another cron ([`dialect_notes`](super::dialect_notes)).
//! The engine says them in every language ([`Said`]), so the page's module carries neither the
//! sentences nor the reading of the command.

use super::said::Said;
use crate::api::{Admission, PodTemplateSpec};
use crate::i18n::notices::Notice;
use crate::i18n::Sentences;
use crate::sim::command;

/// The notices of an admission, each with its kind (`duplicate-key`, `dropped-field`,
/// `not-simulated`, `look-alike`, `owner-not-in-input`, `dialect`, `crontab-guru`: the page's
/// `data-testid`), in manifest order within each kind.
///
/// ```
/// use cronjob_playground::api::{admit, KubernetesVersion};
/// use cronjob_playground::app::notices::notices;
/// use cronjob_playground::i18n::Lang;
/// let text = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\n";
/// let said = notices(&admit(text, None, KubernetesVersion::NEWEST));
/// assert_eq!(said[0].0, "not-simulated");
/// assert_eq!(said[0].1.render(Lang::En), "Not simulated (the playground runs CronJobs and Jobs): ConfigMap settings \
///     (line 1)");
/// ```
pub fn notices(admission: &Admission) -> Vec<(String, Said)> {
    let left = crate::sim::not_simulated(admission);
    let mut out: Vec<(String, Said)> = admission
        .objects
        .iter()
        .flat_map(|o| &o.report.notes)
        .map(|note| (note.kind().to_string(), Said::words(|l| note.say(l))))
        .collect();
    let (look_alikes, others): (Vec<_>, Vec<_>) = left.iter().partition(|o| o.is_look_alike());
    if !others.is_empty() {
        let said = Said::words(|l| {
            let list: Vec<String> =
                others.iter().map(|o| Notice::Object.format(l, &[&o.kind, &o.name, &o.line])).collect();
            Notice::NotSimulated.format(l, &[&list.join(", ")])
        });
        out.push(("not-simulated".to_string(), said));
    }
    for o in look_alikes {
        let group = o.api_version.rsplit_once('/').map_or("", |(g, _)| g);
        let said = Said::words(|l| Notice::LookAlike.format(l, &[&o.kind, &o.name, &o.line, &group]));
        out.push(("look-alike".to_string(), said));
    }
    for (job, owner) in crate::sim::owners_not_in_input(admission) {
        let said = Said::words(|l| Notice::OwnerNotInInput.format(l, &[&job, &owner]));
        out.push(("owner-not-in-input".to_string(), said));
    }
    out.extend(super::dialect_notes::dialect_notices(admission, chrono::Utc::now()));
    out
}

/// What the pods of `template` do by their first container's command, when it reads plainly
/// (`sim::command::infer`): the run time in seconds, the exit code, and the sentence naming the
/// parts of the command they were read from.
///
/// ```
/// use cronjob_playground::api::PodTemplateSpec;
/// use cronjob_playground::app::notices::inferred;
/// use cronjob_playground::i18n::Lang;
/// let template: PodTemplateSpec = serde_json::from_str(r#"{"spec": {"containers": [{"name": "c", "image": "busybox",
///     "command": ["sh", "-c", "echo start && sleep 20 && exit 1"]}]}}"#).unwrap();
/// let (seconds, exit, said) = inferred(&template).unwrap();
/// assert_eq!((seconds, exit), (20.0, 1));
/// assert_eq!(said.render(Lang::En), "From the command: sleep 20 · exit 1. Edit to override.");
/// ```
pub fn inferred(template: &PodTemplateSpec) -> Option<(f64, i32, Said)> {
    let c = template.spec.containers.first()?;
    let i = command::infer(&c.command.iter().chain(&c.args).cloned().collect::<Vec<_>>())?;
    let from: Vec<String> = i.duration_from.into_iter().chain(i.exit_from).collect();
    let from = if from.is_empty() {
        c.command.iter().chain(&c.args).cloned().collect::<Vec<_>>().join(" ")
    } else {
        from.join(" · ")
    };
    Some((i.attempt.duration_seconds, i.attempt.exit_code, Said::words(|l| Notice::Inferred.format(l, &[&from]))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{admit, KubernetesVersion};
    use crate::i18n::Lang;

    #[test]
    fn an_install_file_lists_what_it_leaves_out_and_names_a_look_alike() {
        let text = include_str!("../../tests/data/manifests/install.yaml");
        let said = notices(&admit(text, None, KubernetesVersion::NEWEST));
        assert_eq!(said.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(), ["not-simulated"]);
        assert_eq!(
            said[0].1.render(Lang::En),
            "Not simulated (the playground runs CronJobs and Jobs): ServiceAccount report-exporter (line 3), Role \
            report-exporter (line 9), RoleBinding report-exporter (line 19), ConfigMap report-settings (line 33), \
            Deployment report-web (line 42)"
        );
        assert!(said[0].1.render(Lang::Ja).starts_with(
            "シミュレーション対象外 (CronJob と Job のみ実行します): ServiceAccount report-exporter (3 行目)"
        ));
        assert!(said[0]
            .1
            .render(Lang::Ko)
            .starts_with("시뮬레이션하지 않음 (CronJob과 Job만 실행): ServiceAccount report-exporter (3행)"));

        let text = include_str!("../../tests/data/manifests/kubebuilder-cronjob.yaml");
        let said = notices(&admit(text, None, KubernetesVersion::NEWEST));
        assert_eq!(said.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(), ["look-alike"]);
        assert!(said[0]
            .1
            .render(Lang::En)
            .contains("is a custom resource of API group batch.tutorial.kubebuilder.io, not batch"));
    }

    #[test]
    fn a_lost_separator_is_said_in_the_readers_language_and_not_twice() {
        let text = include_str!("../../tests/data/manifests/missing-separator.yaml");
        let result = crate::app::run::run(text);
        let kinds: Vec<&str> = result.notices.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(kinds, ["duplicate-key"; 4]);
        let first = &result.notices[0].1;
        assert_eq!(
            first.render(Lang::En),
            "apiVersion: written twice (lines 2 and 17); kubectl's YAML reader keeps the last value and drops the one \
            at line 2 without a word: two objects without the \"---\" between them? Only the second one reaches the \
            API server"
        );
        assert_eq!(
            first.render(Lang::Ja),
            "apiVersion: 2 回書かれています (2 行目と 17 行目)。kubectl の YAML 読み込みは後の値を残し、2 行目の値を何も告げずに捨てます。\
            2 つのオブジェクトの間の \"---\" が抜けていませんか? API サーバーに届くのは 2 つ目だけです"
        );
        assert!(first.render(Lang::Ko).starts_with("apiVersion: 두 번 작성됨 (2행과 17행)."));
        assert_eq!(
            result.notices[1].1.render(Lang::Ja),
            "kind: 2 回書かれています (3 行目と 18 行目)。kubectl の YAML 読み込みは後の値を残し、3 行目の値を何も告げずに捨てます"
        );
        // Said once, as notices: the editor's diagnostics keep Kubernetes' own words only.
        assert!(result.diagnostics.iter().all(|d| !d.message.contains("written twice")), "{:?}", result.diagnostics);
        assert_eq!((result.error, result.workloads.len()), (None, 1));
    }

    #[test]
    fn a_field_of_an_alpha_feature_is_said_dropped_in_the_readers_language() {
        let sidecar = include_str!("../../tests/data/manifests/sidecar-cronjob.yaml");
        let path = "spec.jobTemplate.spec.template.spec.initContainers[0].restartPolicy";
        let simulation = "---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec:\n  duration: 2h\n";
        let alpha = crate::app::run::run(&format!("{sidecar}{simulation}  kubernetesVersion: '1.28'\n"));
        assert_eq!(alpha.notices.len(), 1, "{:?}", alpha.notices);
        assert_eq!(alpha.notices[0].0, "dropped-field");
        assert_eq!(
            alpha.notices[0].1.render(Lang::Ja),
            format!("{path}: 破棄: SidecarContainers 機能は Kubernetes 1.28 ではアルファ (既定でオフ) のため、API サーバーはこのフィールドを無視します")
        );
        assert_eq!(
            alpha.notices[0].1.render(Lang::Ko),
            format!("{path}: 버려짐: SidecarContainers 기능은 Kubernetes 1.28에서 알파(기본값 꺼짐)이므로 API 서버가 이 필드를 무시합니다")
        );
        assert!(alpha.diagnostics.is_empty(), "{:?}", alpha.diagnostics);
        // Switched off by the Simulation document's feature gates on a release where it is on.
        let off = crate::app::run::run(&format!(
            "{sidecar}{simulation}  kubernetesVersion: '1.29'\n  featureGates: {{SidecarContainers: false}}\n"
        ));
        let said: Vec<String> = off.notices.iter().map(|(_, s)| s.render(Lang::Ja)).collect();
        assert_eq!(
            said,
            [format!("{path}: 破棄: この実行では SidecarContainers フィーチャーゲートがオフ (featureGates) のため、API サーバーはこのフィールドを無視します")]
        );
        // On 1.29 (beta, on by default) nothing is dropped.
        let beta = crate::app::run::run(&format!("{sidecar}{simulation}  kubernetesVersion: '1.29'\n"));
        assert!(beta.notices.is_empty(), "{:?}", beta.notices);
    }

    #[test]
    fn a_jobs_dump_says_the_garbage_collector_keeps_the_jobs_and_why() {
        let text = include_str!("../../tests/data/manifests/orphaned-jobs.yaml");
        let said = notices(&admit(text, None, KubernetesVersion::NEWEST));
        assert_eq!(said.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(), ["owner-not-in-input"]);
        assert_eq!(
            said[0].1.render(Lang::En),
            "Job nightly-report-29110680: its CronJob nightly-report is not in the text. Simulated as if \
            nightly-report exists in the cluster, so the garbage collector keeps the Job; where nightly-report does \
            not exist, the garbage collector deletes the Job within seconds."
        );
        assert!(said[0].1.render(Lang::Ko).contains("nightly-report가 클러스터에"));
    }

    #[test]
    fn a_command_that_does_not_read_plainly_says_nothing() {
        let template: PodTemplateSpec = serde_json::from_str(
            r#"{"spec": {"containers": [{"name": "c", "image": "x", "command": ["python", "main.py"]}]}}"#,
        )
        .unwrap();
        assert_eq!(inferred(&template), None);
        let template: PodTemplateSpec =
            serde_json::from_str(r#"{"spec": {"containers": [{"name": "c", "image": "x", "command": ["date"]}]}}"#)
                .unwrap();
        let (seconds, exit, said) = inferred(&template).unwrap();
        assert_eq!(
            (seconds, exit, said.render(Lang::En).as_str()),
            (1.0, 0, "From the command: date. Edit to override.")
        );
    }
}
