//! The kubelet pieces a Job's retries depend on: the container restart back-off
//! (CrashLoopBackOff, `pkg/kubelet` + client-go `flowcontrol.Backoff`), when the pod worker retries
//! a refused restart, the texts the kubelet shows while it waits, and native sidecar containers.

mod crash_loop_backoff;
mod pod_status;
mod restart;
mod sidecar;

pub use crash_loop_backoff::{
    BackOffBounds, CrashLoopBackOff, CRASH_LOOP_RESET_AFTER, INITIAL_CRASH_LOOP_BACKOFF, MAX_CRASH_LOOP_BACKOFF,
    REDUCED_INITIAL_CRASH_LOOP_BACKOFF, REDUCED_MAX_CRASH_LOOP_BACKOFF,
};
pub use pod_status::{
    app_container_exit, container_exited, killed, restart_crashed_container, start_container, termination,
    KubeletRestart, DEFAULT_TERMINATION_GRACE_PERIOD,
};
pub use restart::{
    after_container_exit, backoff_event_message, crash_loop_waiting_message, next_attempt_after_refusal,
    restart_attempt, ContainerExit, RestartAttempt, RetryTiming,
};
pub use sidecar::{
    init_container_exited, init_container_started, sidecar_stops, startup_probe, StartupProbe, MINIMUM_GRACE_PERIOD,
};
