//! The Pod status the kubelet reports as a Job pod's container starts, exits, restarts or is killed
//! (`kubelet_pods.go:getPhase`/`convertToAPIContainerStatuses`, `status/generate.go`). One app
//! container (the template's first) is driven; the Job controller reads exactly these fields.

use super::restart::{after_container_exit, backoff_event_message, crash_loop_waiting_message, ContainerExit};
use super::{restart_attempt, CrashLoopBackOff, RestartAttempt};
use crate::api::{
    ConditionStatus, ContainerState, ContainerStateRunning, ContainerStateTerminated, ContainerStateWaiting,
    ContainerStatus, Pod, PodCondition, PodPhase, PodStatus, RestartPolicy, POD_READY,
};
use crate::controller::Event;
use crate::i18n::decisions::Worded;
use chrono::{DateTime, TimeDelta, Utc};

/// Default `terminationGracePeriodSeconds`.
pub const DEFAULT_TERMINATION_GRACE_PERIOD: TimeDelta = TimeDelta::seconds(30);

fn container_name(pod: &Pod) -> String {
    pod.spec.containers.first().map(|c| c.name.clone()).unwrap_or_default()
}

fn current(pod: &Pod) -> ContainerStatus {
    pod.status
        .container_statuses
        .first()
        .cloned()
        .unwrap_or_else(|| ContainerStatus { name: container_name(pod), ..Default::default() })
}

fn with_container(pod: &Pod, phase: PodPhase, ready: bool, now: DateTime<Utc>, c: ContainerStatus) -> PodStatus {
    // Field by field rather than a clone of the whole status: the container's old status would
    // be copied only to be dropped.
    let p = &pod.status;
    // Room for the Ready condition a first start adds, so adding it does not grow the list.
    let mut conditions = Vec::with_capacity(p.conditions.len() + 1);
    conditions.extend_from_slice(&p.conditions);
    let mut s = PodStatus {
        phase: Some(phase),
        conditions,
        reason: p.reason.clone(),
        message: p.message.clone(),
        start_time: p.start_time,
        init_container_statuses: p.init_container_statuses.clone(),
        container_statuses: vec![c],
    };
    let status = if ready { ConditionStatus::True } else { ConditionStatus::False };
    match s.conditions.iter_mut().find(|c| c.condition_type == POD_READY) {
        Some(c) if c.status == status => {}
        Some(c) => {
            c.status = status;
            c.last_transition_time = Some(now);
        }
        None => s.conditions.push(PodCondition {
            condition_type: POD_READY.into(),
            status,
            last_transition_time: Some(now),
            ..Default::default()
        }),
    }
    s
}

/// The container starts (first start, or a restart with `restart_count` restarts so far).
///
/// ```
/// use chrono::{TimeZone, Utc};
/// use cronjob_playground::api::{Pod, PodPhase};
/// use cronjob_playground::controller::kubelet::start_container;
/// let s = start_container(&Pod::default(), Utc.timestamp_opt(0, 0).unwrap(), 0);
/// assert_eq!(s.phase, Some(PodPhase::Running));
/// assert_eq!(s.container_statuses[0].restart_count, 0);
/// ```
pub fn start_container(pod: &Pod, now: DateTime<Utc>, restart_count: u32) -> PodStatus {
    let mut c = current(pod);
    if let Some(crashed) = c.state.terminated.take().or_else(|| c.last_state.terminated.take()) {
        c.last_state = ContainerState { terminated: Some(crashed), ..Default::default() };
    }
    c.state = ContainerState { running: Some(ContainerStateRunning { started_at: Some(now) }), ..Default::default() };
    c.ready = true;
    c.restart_count = restart_count as i32;
    let mut s = with_container(pod, PodPhase::Running, true, now, c);
    s.start_time.get_or_insert(now);
    s
}

/// Marks `c` terminated with `exit_code` at `now` (reason `Completed` or `Error`, as the runtime
/// reports it), keeping when its running instance started; a terminated container is not ready.
pub(super) fn terminate(c: &mut ContainerStatus, exit_code: i32, now: DateTime<Utc>) {
    let started_at = c.state.running.as_ref().and_then(|r| r.started_at);
    c.state = ContainerState {
        terminated: Some(ContainerStateTerminated {
            exit_code,
            reason: if exit_code == 0 { "Completed".into() } else { "Error".into() },
            started_at,
            finished_at: Some(now),
            ..Default::default()
        }),
        ..Default::default()
    };
    c.ready = false;
}

/// The container exits with `exit_code` at `now`; returns the new status and what it means.
pub fn container_exited(pod: &Pod, exit_code: i32, now: DateTime<Utc>) -> (PodStatus, ContainerExit) {
    let mut c = current(pod);
    terminate(&mut c, exit_code, now);
    let exit = app_container_exit(pod, exit_code);
    let phase = match exit {
        ContainerExit::PodSucceeded => PodPhase::Succeeded,
        ContainerExit::PodFailed => PodPhase::Failed,
        ContainerExit::Restart => PodPhase::Running,
    };
    (with_container(pod, phase, false, now, c), exit)
}

/// What the exit of the pod's app container means: its restart rules first (first match wins,
/// ContainerRestartRules 1.34+), then its own `restartPolicy` if set, else the pod's
/// (`kuberuntime`'s `ShouldContainerBeRestarted` with the rules of KEP-5307). The API server drops
/// the container fields in releases whose gates are off, so what arrives here is honoured.
///
/// ```
/// use cronjob_playground::api::{Container, ContainerRestartRule, ContainerRestartRuleOnExitCodes, Pod, RestartPolicy};
/// use cronjob_playground::controller::kubelet::{app_container_exit, ContainerExit};
/// let mut pod = Pod::default();
/// let spec = std::rc::Rc::make_mut(&mut pod.spec);
/// spec.restart_policy = Some(RestartPolicy::Never);
/// spec.containers = vec![Container { restart_policy: Some(RestartPolicy::Never), restart_policy_rules: vec![
///     ContainerRestartRule { action: "Restart".into(),
///         exit_codes: Some(ContainerRestartRuleOnExitCodes { operator: "In".into(), values: vec![42] }) }],
///     ..Container::default() }];
/// assert_eq!(app_container_exit(&pod, 42), ContainerExit::Restart);
/// assert_eq!(app_container_exit(&pod, 1), ContainerExit::PodFailed);
/// assert_eq!(app_container_exit(&pod, 0), ContainerExit::PodSucceeded);
/// ```
pub fn app_container_exit(pod: &Pod, exit_code: i32) -> ContainerExit {
    let container = pod.spec.containers.first();
    if container
        .and_then(|c| c.restart_policy_rules.iter().find(|r| r.matches(exit_code)))
        .is_some_and(|r| r.action == "Restart")
    {
        return ContainerExit::Restart;
    }
    let policy = container.and_then(|c| c.restart_policy).or(pod.spec.restart_policy);
    after_container_exit(policy == Some(RestartPolicy::OnFailure), exit_code)
}

/// The result of one restart attempt on a pod whose container crashed.
#[derive(Clone, Debug, PartialEq)]
pub struct KubeletRestart {
    pub status: PodStatus,
    pub backoff: CrashLoopBackOff,
    /// `None`: the container started; otherwise when the kubelet may try again.
    pub retry_at: Option<DateTime<Utc>>,
    pub events: Vec<Event>,
    pub explanation: Worded,
}

/// Tries to restart the crashed container of an `OnFailure` pod at `now` (`doBackOff`).
///
/// `exited_at` is the container runtime's exact exit time: `doBackOff` measures the back-off from
/// the runtime status's `FinishedAt` (nanoseconds), not from the whole-second `finishedAt` the API
/// stores, so a container that exits at x.5 s is restarted at x.5 s + the delay.
pub fn restart_crashed_container(
    pod: &Pod,
    backoff: &CrashLoopBackOff,
    exited_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> KubeletRestart {
    let c = current(pod);
    // The crashed run is `state.terminated` right after the exit, `lastState.terminated` while waiting.
    let crashed = c.state.terminated.clone().or_else(|| c.last_state.terminated.clone());
    let restarts = c.restart_count.max(0) as u32;
    match restart_attempt(backoff, restarts, exited_at, now) {
        RestartAttempt::Started { restart_count, backoff, explanation } => KubeletRestart {
            status: start_container(pod, now, restart_count),
            backoff,
            retry_at: None,
            events: vec![],
            explanation,
        },
        RestartAttempt::BackOff { allowed_at, delay, explanation } => {
            let (name, ns, uid) = (&pod.metadata.name, ns_of(pod), &pod.metadata.uid);
            let mut waiting = c.clone();
            waiting.last_state = ContainerState { terminated: crashed, ..Default::default() };
            waiting.state = ContainerState {
                waiting: Some(ContainerStateWaiting {
                    reason: "CrashLoopBackOff".into(),
                    message: crash_loop_waiting_message(delay, &c.name, name, ns, uid),
                }),
                ..Default::default()
            };
            KubeletRestart {
                status: with_container(pod, PodPhase::Running, false, now, waiting),
                backoff: *backoff,
                retry_at: Some(allowed_at),
                events: vec![Event::warning("BackOff", backoff_event_message(&c.name, name, ns, uid))],
                explanation,
            }
        }
    }
}

fn ns_of(pod: &Pod) -> &str {
    if pod.metadata.namespace.is_empty() {
        "default"
    } else {
        &pod.metadata.namespace
    }
}

/// When a pod deleted at `deleted_at` stops, and with which exit code: at once with 143 if its
/// process exits on SIGTERM, else SIGKILL (137) after `terminationGracePeriodSeconds` (default 30).
///
/// ```
/// use chrono::{TimeZone, Utc};
/// use cronjob_playground::api::Pod;
/// use cronjob_playground::controller::kubelet::termination;
/// let t = |s| Utc.timestamp_opt(s, 0).unwrap();
/// assert_eq!(termination(&Pod::default(), t(121), true), (t(121), 143));
/// assert_eq!(termination(&Pod::default(), t(121), false), (t(151), 137));
/// ```
pub fn termination(pod: &Pod, deleted_at: DateTime<Utc>, exits_on_sigterm: bool) -> (DateTime<Utc>, i32) {
    if exits_on_sigterm {
        return (deleted_at, 143);
    }
    let grace = pod.spec.termination_grace_period_seconds.map_or(DEFAULT_TERMINATION_GRACE_PERIOD, TimeDelta::seconds);
    (deleted_at + grace, 137)
}

/// The status of a killed pod: its container terminated with `exit_code` at `now`, phase `Failed`.
pub fn killed(pod: &Pod, exit_code: i32, now: DateTime<Utc>) -> PodStatus {
    let (mut s, _) = container_exited(pod, exit_code, now);
    s.phase = Some(PodPhase::Failed);
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{Container, PodSpec};
    use chrono::TimeZone;

    fn t(s: i64) -> DateTime<Utc> {
        Utc.timestamp_opt(s, 0).unwrap()
    }

    /// Research §8.2: run #2 exits at 60 → CrashLoopBackOff "back-off 10s", restart at 70 with
    /// restartCount 2; the pod stays Running and not ready meanwhile.
    #[test]
    fn crash_loop_status_and_restart() {
        let mut pod = Pod::default();
        pod.metadata.name = "pi-abc".into();
        pod.metadata.uid = "u1".into();
        pod.spec = PodSpec {
            restart_policy: Some(RestartPolicy::OnFailure),
            containers: vec![Container { name: "main".into(), ..Default::default() }],
            ..PodSpec::default()
        }
        .into();
        pod.status = start_container(&pod, t(0), 0);
        let (s, exit) = container_exited(&pod, 1, t(30));
        assert_eq!((exit, s.phase), (ContainerExit::Restart, Some(PodPhase::Running)));
        pod.status = s;
        let r = restart_crashed_container(&pod, &CrashLoopBackOff::default(), t(30), t(30));
        assert_eq!((r.retry_at, r.status.container_statuses[0].restart_count), (None, 1));
        pod.status = r.status;
        let backoff = r.backoff;
        pod.status = container_exited(&pod, 1, t(60)).0;
        let r = restart_crashed_container(&pod, &backoff, t(60), t(60));
        assert_eq!(r.retry_at, Some(t(70)));
        let c = &r.status.container_statuses[0];
        let waiting = c.state.waiting.as_ref().unwrap();
        assert_eq!(waiting.reason, "CrashLoopBackOff");
        assert_eq!(waiting.message, "back-off 10s restarting failed container=main pod=pi-abc_default(u1)");
        assert_eq!(c.last_state.terminated.as_ref().unwrap().finished_at, Some(t(60)));
        assert_eq!(r.events[0].message, "Back-off restarting failed container main in pod pi-abc_default(u1)");
        assert_eq!((r.status.phase, c.ready), (Some(PodPhase::Running), false));
        pod.status = r.status;
        let r = restart_crashed_container(&pod, &r.backoff, t(60), t(70));
        assert_eq!((r.retry_at, r.status.container_statuses[0].restart_count), (None, 2));
        assert_eq!(r.backoff.current(), Some(TimeDelta::seconds(20)));
    }

    #[test]
    fn never_pod_fails_and_killed_pod_uses_the_grace_period() {
        let mut pod = Pod::default();
        pod.spec = PodSpec {
            restart_policy: Some(RestartPolicy::Never),
            termination_grace_period_seconds: Some(5),
            ..PodSpec::default()
        }
        .into();
        pod.status = start_container(&pod, t(0), 0);
        assert_eq!(container_exited(&pod, 2, t(9)).0.phase, Some(PodPhase::Failed));
        assert_eq!(termination(&pod, t(10), false), (t(15), 137));
        let s = killed(&pod, 137, t(15));
        assert_eq!(s.phase, Some(PodPhase::Failed));
        assert_eq!(s.container_statuses[0].state.terminated.as_ref().unwrap().exit_code, 137);
    }
}
