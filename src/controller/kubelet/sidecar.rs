//! Native sidecar containers (`initContainers[].restartPolicy: Always`, KEP-753, gate
//! SidecarContainers: alpha 1.28, beta on 1.29, GA 1.33): when the kubelet counts one as started
//! (`kuberuntime_manager.go:computeInitContainerActions`, with the startup probe's timing from
//! `prober/worker.go`), how it stops them once the app containers are done
//! (`kuberuntime_container.go:killContainer`, `kuberuntime_termination_order.go`, 1.29+), and the
//! init container statuses it reports meanwhile.

use super::pod_status::terminate;
use crate::api::{ContainerState, ContainerStateRunning, ContainerStatus, Pod, PodStatus, Probe};
use chrono::{DateTime, TimeDelta, Utc};

/// `minimumGracePeriodInSeconds`: the shortest stop window the kubelet gives a container.
pub const MINIMUM_GRACE_PERIOD: TimeDelta = TimeDelta::seconds(2);

/// What the startup probe of a container decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartupProbe {
    /// The probe succeeded at this instant: the container is `started`.
    Succeeded(DateTime<Utc>),
    /// The probe failed `failureThreshold` times in a row, the last at this instant: the kubelet
    /// kills the container and restarts it under its back-off.
    FailedThreshold(DateTime<Utc>),
}

/// When the startup probe of a container started at `started_at` decides, if its first
/// `failures` probes fail and the rest succeed.
///
/// The prober worker of the pod (`worker.run`) probes at once when it starts (`worker_start`) and
/// then every `periodSeconds` on a ticker; a probe counts only once the container runs and
/// `int32(time.Since(startedAt).Seconds())` has reached `initialDelaySeconds` (before that,
/// `doProbe` returns early). `failureThreshold` failures in a row fail the container; one success
/// starts it (startup probes must have `successThreshold: 1`).
///
/// ```
/// use chrono::{TimeZone, Utc};
/// use cronjob_playground::api::Probe;
/// use cronjob_playground::controller::kubelet::{startup_probe, StartupProbe};
/// let t = |s| Utc.timestamp_opt(s, 0).unwrap();
/// let probe = Probe { initial_delay_seconds: Some(5), period_seconds: Some(10), failure_threshold: None };
/// // The worker's ticks are at 0, 10, 20…; at 10 the container has run 10 s ≥ 5.
/// assert_eq!(startup_probe(&probe, t(0), t(0), 0), StartupProbe::Succeeded(t(10)));
/// // Three failures (the default threshold) at 10, 20 and 30: the container is restarted.
/// assert_eq!(startup_probe(&probe, t(0), t(0), 3), StartupProbe::FailedThreshold(t(30)));
/// ```
pub fn startup_probe(
    probe: &Probe,
    worker_start: DateTime<Utc>,
    started_at: DateTime<Utc>,
    failures: u32,
) -> StartupProbe {
    let period = TimeDelta::seconds(probe.period().into());
    // The earliest instant a probe counts: after the start (a tick at the very instant still sees
    // the container waiting) and at least initialDelaySeconds of running, in whole seconds.
    let earliest = started_at + TimeDelta::seconds(probe.initial_delay().into()).max(TimeDelta::nanoseconds(1));
    let ns = |d: TimeDelta| d.num_nanoseconds().unwrap_or(i64::MAX);
    let (wait, step) = (ns(earliest - worker_start).max(0) as u64, ns(period) as u64);
    let first_tick = wait.div_ceil(step);
    let threshold = probe.failure_threshold() as u32;
    let tick = |k: u32| worker_start + period * (first_tick as i32 + k as i32);
    if failures >= threshold {
        StartupProbe::FailedThreshold(tick(threshold - 1))
    } else {
        StartupProbe::Succeeded(tick(failures))
    }
}

/// When each running sidecar stops, and with which exit code, once the app containers are done
/// at `at`: `ignores_sigterm[i]` for the running sidecars in spec order.
///
/// From 1.29 (`ordered`) the kubelet stops them in reverse order (`newTerminationOrdering`): each
/// waits, for at most the grace period, until the sidecars after it have exited, then gets
/// SIGTERM with what is left of the grace period — the wait truncated to whole seconds, at least
/// 2 s (`minimumGracePeriodInSeconds`). In 1.28 (alpha) they stop together, as app containers do.
/// A process that exits on SIGTERM exits at once with 143; one that ignores it is killed (137)
/// when its window is over.
///
/// ```
/// use chrono::{TimeDelta, TimeZone, Utc};
/// use cronjob_playground::controller::kubelet::sidecar_stops;
/// let t = |s| Utc.timestamp_opt(s, 0).unwrap();
/// let grace = TimeDelta::seconds(30);
/// assert_eq!(sidecar_stops(true, t(100), grace, &[false, false]), [(t(100), 143), (t(100), 143)]);
/// // The second ignores SIGTERM: killed at 130; the first waited 30 s, gets the 2 s minimum.
/// assert_eq!(sidecar_stops(true, t(100), grace, &[true, true]), [(t(132), 137), (t(130), 137)]);
/// assert_eq!(sidecar_stops(false, t(100), grace, &[true, true]), [(t(130), 137), (t(130), 137)]);
/// ```
pub fn sidecar_stops(
    ordered: bool,
    at: DateTime<Utc>,
    grace: TimeDelta,
    ignores_sigterm: &[bool],
) -> Vec<(DateTime<Utc>, i32)> {
    let mut stops = vec![(at, 143); ignores_sigterm.len()];
    let mut later_done = at;
    for (i, &ignores) in ignores_sigterm.iter().enumerate().rev() {
        let (turn, window) = if ordered && grace > TimeDelta::zero() {
            let turn = later_done.min(at + grace);
            let waited = TimeDelta::seconds((turn - at).num_seconds());
            (turn, (grace - waited).max(MINIMUM_GRACE_PERIOD))
        } else {
            (at, grace.max(MINIMUM_GRACE_PERIOD))
        };
        stops[i] = if ignores { (turn + window, 137) } else { (turn, 143) };
        later_done = later_done.max(stops[i].0);
    }
    stops
}

fn init_status(pod: &Pod, index: usize) -> ContainerStatus {
    let name = pod.spec.init_containers.get(index).map(|c| c.name.clone()).unwrap_or_default();
    pod.status
        .init_container_statuses
        .iter()
        .find(|s| s.name == name)
        .cloned()
        .unwrap_or(ContainerStatus { name, ..Default::default() })
}

fn with_init_status(pod: &Pod, c: ContainerStatus) -> PodStatus {
    let mut s = pod.status.clone();
    match s.init_container_statuses.iter_mut().find(|x| x.name == c.name) {
        Some(x) => *x = c,
        None => s.init_container_statuses.push(c),
    }
    s
}

/// The pod status once init container `index` runs from `now` (`restart_count` restarts so far).
/// A sidecar is ready while it runs; the pod's phase is left as it is (`Pending` until the app
/// containers start, `getPhase`).
///
/// ```
/// use chrono::{TimeZone, Utc};
/// use cronjob_playground::api::{Container, Pod};
/// use cronjob_playground::controller::kubelet::{init_container_exited, init_container_started};
/// let mut pod = Pod::default();
/// std::rc::Rc::make_mut(&mut pod.spec).init_containers = vec![Container { name: "log-shipper".into(), ..Container::default() }];
/// pod.status = init_container_started(&pod, 0, Utc.timestamp_opt(0, 0).unwrap(), 0);
/// assert!(pod.status.init_container_statuses[0].state.running.is_some());
/// pod.status = init_container_exited(&pod, 0, 143, Utc.timestamp_opt(60, 0).unwrap());
/// assert_eq!(pod.status.init_container_statuses[0].state.terminated.as_ref().unwrap().exit_code, 143);
/// ```
pub fn init_container_started(pod: &Pod, index: usize, now: DateTime<Utc>, restart_count: u32) -> PodStatus {
    let mut c = init_status(pod, index);
    if let Some(last) = c.state.terminated.take() {
        c.last_state = ContainerState { terminated: Some(last), ..Default::default() };
    }
    c.state = ContainerState { running: Some(ContainerStateRunning { started_at: Some(now) }), ..Default::default() };
    c.ready = pod.spec.init_containers.get(index).is_some_and(|c| c.is_restartable());
    c.restart_count = restart_count as i32;
    let mut s = with_init_status(pod, c);
    s.start_time.get_or_insert(now);
    s
}

/// The pod status once init container `index` has exited with `exit_code` at `now`.
pub fn init_container_exited(pod: &Pod, index: usize, exit_code: i32, now: DateTime<Utc>) -> PodStatus {
    let mut c = init_status(pod, index);
    terminate(&mut c, exit_code, now);
    with_init_status(pod, c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn t(ms: i64) -> DateTime<Utc> {
        Utc.timestamp_millis_opt(ms).unwrap()
    }

    fn probe(delay: Option<i32>, period: Option<i32>, threshold: Option<i32>) -> Probe {
        Probe { initial_delay_seconds: delay, period_seconds: period, failure_threshold: threshold }
    }

    /// `prober/worker.go`: probes on the worker's ticker (`worker_start + n·period`), counted only
    /// once `int32(seconds since startedAt) >= initialDelaySeconds`; the API defaults are
    /// periodSeconds 10, failureThreshold 3 (`pkg/apis/core/v1/defaults.go:SetDefaults_Probe`).
    #[test]
    fn startup_probe_timing_follows_the_worker_ticker() {
        let cases: &[(&str, Probe, i64, i64, u32, StartupProbe)] = &[
            (
                "defaults: the first tick after the start",
                probe(None, None, None),
                0,
                0,
                0,
                StartupProbe::Succeeded(t(10_000)),
            ),
            (
                "delay within the first period",
                probe(Some(5), Some(10), None),
                0,
                0,
                0,
                StartupProbe::Succeeded(t(10_000)),
            ),
            ("delay equal to the period", probe(Some(10), Some(10), None), 0, 0, 0, StartupProbe::Succeeded(t(10_000))),
            ("delay past the first tick", probe(Some(15), Some(10), None), 0, 0, 0, StartupProbe::Succeeded(t(20_000))),
            ("period 1, delay 3", probe(Some(3), Some(1), None), 0, 0, 0, StartupProbe::Succeeded(t(3_000))),
            // A container started later than the worker: ticks stay on the worker's grid, and
            // 9.5 s of running truncates to 9 < 10, so 10 s more.
            (
                "a later sidecar, whole seconds truncated",
                probe(Some(10), Some(10), None),
                0,
                500,
                0,
                StartupProbe::Succeeded(t(20_000)),
            ),
            (
                "a later sidecar on a tick instant",
                probe(None, Some(10), None),
                0,
                10_000,
                0,
                StartupProbe::Succeeded(t(20_000)),
            ),
            (
                "two failures under the default threshold",
                probe(None, Some(5), None),
                0,
                0,
                2,
                StartupProbe::Succeeded(t(15_000)),
            ),
            (
                "threshold 1: the first failure restarts",
                probe(None, Some(5), Some(1)),
                0,
                0,
                1,
                StartupProbe::FailedThreshold(t(5_000)),
            ),
            ("default threshold 3", probe(Some(2), Some(4), None), 0, 0, 7, StartupProbe::FailedThreshold(t(12_000))),
        ];
        for (name, p, w, s, failures, want) in cases {
            assert_eq!(startup_probe(p, t(*w), t(*s), *failures), *want, "{name}");
        }
    }

    /// `kuberuntime_container.go:killContainer` with `kuberuntime_termination_order.go` (1.29+).
    #[test]
    fn sidecars_stop_in_reverse_order_within_the_grace_period() {
        let g = |s| TimeDelta::seconds(s);
        // One sidecar ignoring SIGTERM, one honouring it before it: the first waits for the second.
        assert_eq!(sidecar_stops(true, t(0), g(30), &[false, true]), [(t(30_000), 143), (t(30_000), 137)]);
        // The later one honours, the earlier one ignores: full window for the earlier one.
        assert_eq!(sidecar_stops(true, t(0), g(30), &[true, false]), [(t(30_000), 137), (t(0), 143)]);
        // Grace 0: no waiting, the 2 s minimum for each.
        assert_eq!(sidecar_stops(true, t(0), g(0), &[true, true]), [(t(2_000), 137), (t(2_000), 137)]);
        // Three ignoring, grace 5: 5, then 5+2 (waited 5 of 5), then 5+2 (waited 5 — the timer
        // fires at the grace period, not after the middle one).
        assert_eq!(
            sidecar_stops(true, t(0), g(5), &[true, true, true]),
            [(t(7_000), 137), (t(7_000), 137), (t(5_000), 137)]
        );
    }
}
