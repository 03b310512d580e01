//! `syncJob`: one reconciliation of a Job with its pods at `now` (`job_controller.go`, v1.28.7 and
//! master of 2025 for 1.27+; v1.23.13 for the work-queue era up to 1.26). The function is pure: the
//! caller applies the pod creations, deletions and finalizer removals, writes the status, records the
//! events and re-queues the Job as told.

mod act;
mod indexed;
mod requeue;
mod shape;
mod tally;
mod verdict;
mod write;

use super::context::{
    is_indexed, only_replace_failed, suspended, Ctx, JobMemory, JobSyncInput, JobSyncResult, SyncDecision,
    MANAGED_ELSEWHERE,
};
use super::Why;
use act::act;
use indexed::IndexProgress;
use shape::Shape;
use tally::Tally;
use verdict::Verdict;

/// Runs one `syncJob`.
///
/// ```
/// use chrono::{TimeZone, Utc};
/// use cronjob_playground::api::{Job, KubernetesVersion, RestartPolicy};
/// use cronjob_playground::controller::job::{sync_job, JobFeatures, JobMemory, JobSyncInput, PodApiFaults};
/// let mut job = Job::default();
/// job.metadata.name = "pi".into();
/// job.spec.parallelism = Some(1);
/// job.spec.completions = Some(1);
/// job.spec.backoff_limit = Some(6);
/// std::rc::Rc::make_mut(&mut job.spec.template.spec).restart_policy = Some(RestartPolicy::Never);
/// let now = Utc.with_ymd_and_hms(2025, 1, 15, 10, 0, 0).unwrap();
/// let r = sync_job(&JobSyncInput {
///     job: &job, pods: &[], now,
///     features: JobFeatures::for_version(KubernetesVersion::new(28).unwrap(), None),
///     memory: &JobMemory::default(), faults: &PodApiFaults::default(),
/// });
/// assert_eq!(r.created.len(), 1);
/// assert_eq!(r.created[0].metadata.generate_name, "pi-");
/// assert_eq!(r.events[0].message, "Created pod: pi-");
/// let status = r.status.unwrap();
/// assert_eq!((status.active, status.start_time), (1, Some(now)));
/// assert_eq!(r.decision.code, "creating-pods");
/// ```
pub fn sync_job(input: &JobSyncInput<'_>) -> JobSyncResult {
    let f = input.features;
    let job = input.job;
    let mut ctx = Ctx {
        input,
        f,
        now: input.now,
        out: JobSyncResult {
            created: vec![],
            failed_creations: 0,
            deleted: vec![],
            failed_deletions: 0,
            failed_finalizer_removals: 0,
            finalizers_removed: vec![],
            status: None,
            status_writes: 0,
            events: vec![],
            requeue_after: None,
            memory: input.memory.clone(),
            error: None,
            decision: SyncDecision { code: "no-change", explanation: Why::default() },
        },
        creates_ok: 0,
    };
    if f.managed_by {
        if let Some(m) = job.spec.managed_by.as_deref().filter(|m| *m != "kubernetes.io/job-controller") {
            ctx.decide(
                MANAGED_ELSEWHERE,
                format!("spec.managedBy is {m:?}, so the built-in Job controller leaves this Job alone"),
            );
            return ctx.out;
        }
    }
    if let Some(c) = job.status.finished_condition() {
        // Finished Jobs are never synced again; the 1.27+ back-off record is dropped.
        if f.pod_failure_backoff_record {
            ctx.out.memory = JobMemory::default();
        }
        ctx.decide("finished", Why::Finished(c.condition_type));
        return ctx.out;
    }
    sync_running(&mut ctx);
    ctx.out
}

/// The steps of one sync of a running Job, in `syncJob`'s order: count the pods, look for a reason to
/// finish, fold in the indexes, act on the pods, write the status, then the work queue's bookkeeping.
fn sync_running(ctx: &mut Ctx<'_>) {
    let input = ctx.input;
    let shape = Shape::new(input.job, ctx.f, input.memory);
    let mut tally = Tally::count(&shape, input.pods, ctx.now, input.memory);
    let job_has_new_failure = tally.failed > input.job.status.failed;
    let mut verdict = Verdict::reach(ctx, &shape, &tally, job_has_new_failure);
    let progress = IndexProgress::fold(&shape, input.pods, &mut tally, &mut verdict, ctx.now);
    let acted = act(ctx, &shape, &mut tally, verdict, &progress);
    let succeeded = tally.succeeded;
    write::write_status(ctx, &shape, tally, acted, progress);
    requeue::bookkeep(ctx, &shape, job_has_new_failure, succeeded);
}
