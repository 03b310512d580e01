//! What the kubelet does when a Job pod's container exits: finish the pod, restart the container
//! at once, or wait in CrashLoopBackOff (`kubelet_pods.go:getPhase`, `kuberuntime_manager.go:doBackOff`,
//! `pod_workers.go` retry period).

use super::CrashLoopBackOff;
use crate::api::KubernetesVersion;
use crate::go::duration_string;
use crate::i18n::decisions::{Arg, DecisionWords as W, Worded};
use chrono::{DateTime, TimeDelta, Utc};

/// What a container exit means for its pod, by the pod's `restartPolicy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContainerExit {
    /// Exit 0: the pod is `Succeeded` (Job pods have one app container in this model).
    PodSucceeded,
    /// Non-zero exit with `restartPolicy: Never`: the pod is `Failed`.
    PodFailed,
    /// Non-zero exit with `restartPolicy: OnFailure`: the pod stays `Running` and the kubelet
    /// restarts the container, subject to the back-off.
    Restart,
}

/// Decides a container exit. `restart_on_failure` is `restartPolicy == OnFailure`.
///
/// ```
/// use cronjob_playground::controller::kubelet::{after_container_exit, ContainerExit};
/// assert_eq!(after_container_exit(true, 1), ContainerExit::Restart);
/// assert_eq!(after_container_exit(false, 1), ContainerExit::PodFailed);
/// assert_eq!(after_container_exit(true, 0), ContainerExit::PodSucceeded);
/// ```
pub fn after_container_exit(restart_on_failure: bool, exit_code: i32) -> ContainerExit {
    match (exit_code, restart_on_failure) {
        (0, _) => ContainerExit::PodSucceeded,
        (_, true) => ContainerExit::Restart,
        (_, false) => ContainerExit::PodFailed,
    }
}

/// The outcome of one attempt to restart a crashed container.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RestartAttempt {
    /// The container starts now; `restartCount` becomes `restart_count`.
    Started { restart_count: u32, backoff: CrashLoopBackOff, explanation: Worded },
    /// Refused: the container stays `Waiting{reason: CrashLoopBackOff}` until `allowed_at`.
    BackOff { allowed_at: DateTime<Utc>, delay: TimeDelta, explanation: Worded },
}

/// One restart attempt at `now` for a container that exited at `finished_at` after
/// `restart_count` restarts so far.
///
/// ```
/// use chrono::{TimeZone, Utc};
/// use cronjob_playground::controller::kubelet::{restart_attempt, CrashLoopBackOff, RestartAttempt};
/// let t = |s| Utc.timestamp_opt(s, 0).unwrap();
/// let RestartAttempt::Started { restart_count, backoff, .. } = restart_attempt(&CrashLoopBackOff::default(), 0, t(30),
///     t(30))
/// else { panic!() };
/// assert_eq!(restart_count, 1);
/// assert!(matches!(restart_attempt(&backoff, 1, t(60), t(60)), RestartAttempt::BackOff { .. }));
/// ```
pub fn restart_attempt(
    backoff: &CrashLoopBackOff,
    restart_count: u32,
    finished_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> RestartAttempt {
    match backoff.restart_allowed_at(finished_at) {
        Some(allowed_at) if now < allowed_at => {
            let delay = allowed_at - finished_at;
            RestartAttempt::BackOff {
                allowed_at,
                delay,
                explanation: Worded::new(
                    W::KubeletBackOff,
                    [finished_at.to_rfc3339().into(), duration_string(delay).into(), allowed_at.to_rfc3339().into()],
                ),
            }
        }
        live => {
            let mut next = *backoff;
            next.record_restart(finished_at, now);
            let why = match live {
                None if backoff.current().is_some() => W::KubeletBackOffReset,
                None => W::KubeletFirstCrash,
                Some(_) => W::KubeletBackOffExpired,
            };
            RestartAttempt::Started {
                restart_count: restart_count + 1,
                backoff: next,
                explanation: Worded::new(
                    W::KubeletRestart,
                    [
                        (restart_count + 1).into(),
                        Arg::Words(Worded::new(why, [])),
                        duration_string(next.current().unwrap_or_default()).into(),
                    ],
                ),
            }
        }
    }
}

/// How the simulated kubelet times retries of a refused restart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RetryTiming {
    /// Restart exactly when the back-off expires (a model assumption: `docs/model.md`).
    #[default]
    Ideal,
    /// The pod worker's own retry: every 10 s up to 1.33 (so a restart lands up to 10 s late);
    /// from 1.34 at the back-off's expiry, re-checked at least once a minute. Jitter is left out.
    PodWorker,
}

/// When the kubelet next tries to restart a container refused at `now` (allowed from `allowed_at`).
///
/// ```
/// use chrono::{TimeZone, Utc};
/// use cronjob_playground::api::KubernetesVersion;
/// use cronjob_playground::controller::kubelet::{next_attempt_after_refusal, RetryTiming};
/// let t = |s| Utc.timestamp_opt(s, 0).unwrap();
/// let v33 = KubernetesVersion::new(33).unwrap();
/// assert_eq!(next_attempt_after_refusal(v33, RetryTiming::PodWorker, t(60), t(80)), t(70));
/// assert_eq!(next_attempt_after_refusal(v33, RetryTiming::Ideal, t(60), t(80)), t(80));
/// ```
pub fn next_attempt_after_refusal(
    version: KubernetesVersion,
    timing: RetryTiming,
    now: DateTime<Utc>,
    allowed_at: DateTime<Utc>,
) -> DateTime<Utc> {
    match timing {
        RetryTiming::Ideal => allowed_at,
        // PR #133066 (1.34): the back-off error carries its expiry; re-queue ≤ the 1 min resync.
        RetryTiming::PodWorker if version.at_least(34) => now + (allowed_at - now).min(TimeDelta::seconds(60)),
        RetryTiming::PodWorker => now + TimeDelta::seconds(10),
    }
}

/// `format.Pod`: `name_namespace(uid)`.
fn pod_ref(pod: &str, namespace: &str, uid: &str) -> String {
    format!("{pod}_{namespace}({uid})")
}

/// The container's `state.waiting.message` while in CrashLoopBackOff.
///
/// ```
/// use chrono::TimeDelta;
/// use cronjob_playground::controller::kubelet::crash_loop_waiting_message;
/// assert_eq!(crash_loop_waiting_message(TimeDelta::seconds(20), "main", "pi-x7", "default", "u1"),
///            "back-off 20s restarting failed container=main pod=pi-x7_default(u1)");
/// ```
pub fn crash_loop_waiting_message(delay: TimeDelta, container: &str, pod: &str, namespace: &str, uid: &str) -> String {
    format!(
        "back-off {} restarting failed container={container} pod={}",
        duration_string(delay),
        pod_ref(pod, namespace, uid)
    )
}

/// The kubelet's `Warning BackOff` event message.
pub fn backoff_event_message(container: &str, pod: &str, namespace: &str, uid: &str) -> String {
    format!("Back-off restarting failed container {container} in pod {}", pod_ref(pod, namespace, uid))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use chrono::TimeZone;

    #[test]
    fn the_kubelet_says_why_it_restarts_or_waits_in_every_language() {
        let t = |s| Utc.timestamp_opt(s, 0).unwrap();
        let RestartAttempt::Started { backoff, explanation, .. } =
            restart_attempt(&CrashLoopBackOff::default(), 0, t(30), t(30))
        else {
            panic!("the first crash restarts at once")
        };
        assert_eq!(
            explanation.to_string(),
            "kubelet restart #1: first crash: the kubelet has no back-off entry yet, so it restarts the container at \
            once; the next crash waits 10s"
        );
        assert_eq!(
            explanation.render(Lang::Ja),
            "kubelet の再起動 #1: 最初のクラッシュ: kubelet にはまだバックオフの記録がないので、コンテナをすぐに再起動します。次のクラッシュは 10s 待ちます"
        );
        let RestartAttempt::BackOff { explanation, .. } = restart_attempt(&backoff, 1, t(60), t(60)) else {
            panic!("the second crash waits")
        };
        assert_eq!(
            explanation.render(Lang::Ko),
            "kubelet 백오프: 컨테이너가 1970-01-01T00:01:00+00:00에 비정상 종료했고 현재 백오프가 10s이므로 1970-01-01T00:01:10+00:00에 재시작할 수 \
            있습니다 (대기 시간은 재시작할 때마다 10s에서 300s까지 두 배가 됩니다)"
        );
    }
}
