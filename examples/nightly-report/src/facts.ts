// Facts about a CronJob, read off the trace the engine answers (the types come with the package).
import type { Trace, TraceJob } from "cronjob-playground-js";

/** The calendar date of an instant in `zone`, as `YYYY-MM-DD`. */
export function dateIn(instant: string, zone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" })
    .format(new Date(instant));
}

/** How many Jobs the CronJob started on each date of `zone` (by the Job's scheduled time). */
export function runsPerDate(trace: Trace, cronJob: string, zone: string): Record<string, number> {
  const runs: Record<string, number> = {};
  for (const job of trace.jobs) {
    if (job.cronJob !== cronJob || job.scheduledTime === null) continue;
    const date = dateIn(job.scheduledTime, zone);
    runs[date] = (runs[date] ?? 0) + 1;
  }
  return runs;
}

/** Every date from `first` to `last` (inclusive, `YYYY-MM-DD`). */
export function datesBetween(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let d = new Date(`${first}T12:00:00Z`); d <= new Date(`${last}T12:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    dates.push(d.toISOString().slice(0, 10));
  }
  return dates;
}

/** Pairs of Jobs of the CronJob that were running at the same time. */
export function overlaps(trace: Trace, cronJob: string): [string, string][] {
  const end = (job: TraceJob) => Date.parse(job.finishedAt ?? job.deletedAt ?? trace.end);
  const jobs = trace.jobs.filter((j) => j.cronJob === cronJob).sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  const found: [string, string][] = [];
  for (let i = 1; i < jobs.length; i++) {
    const before = jobs[i - 1]!, after = jobs[i]!;
    if (Date.parse(after.createdAt) < end(before)) found.push([before.name, after.name]);
  }
  return found;
}
