// What the test page runs: the engine in the browser, over a whole year of the CronJob and of the
// same CronJob at 02:30, and the facts the test asserts.
import init, { simulate, type Trace } from "cronjob-playground-js";
import { datesBetween, overlaps, runsPerDate } from "./facts.js";

const YEAR = { start: "2025-01-01T00:00:00Z", end: "2026-01-01T00:00:00Z", trace: { syncs: "none" as const } };

export interface Facts {
  kubernetesVersion: string;
  jobs: number;
  fates: Record<string, number>;
  nightsWithout: string[];
  nightsWithMore: string[];
  overlaps: [string, string][];
  at0230: { nightsWithout: string[]; nightsWithMore: string[] };
}

function nights(trace: Trace) {
  const runs = runsPerDate(trace, "nightly-report", "Europe/Berlin");
  const dates = datesBetween("2025-01-01", "2025-12-31");
  return {
    nightsWithout: dates.filter((d) => !runs[d]),
    nightsWithMore: dates.filter((d) => (runs[d] ?? 0) > 1),
  };
}

export async function facts(manifest: string): Promise<Facts> {
  await init();
  const trace = simulate(manifest, YEAR);
  const fates: Record<string, number> = {};
  for (const slot of trace.slots) fates[slot.fate] = (fates[slot.fate] ?? 0) + 1;
  const at0230 = simulate(manifest.replace('"30 1 * * *"', '"30 2 * * *"'), YEAR);
  return {
    kubernetesVersion: trace.kubernetesVersion,
    jobs: trace.jobs.length,
    fates,
    ...nights(trace),
    overlaps: overlaps(trace, "nightly-report"),
    at0230: nights(at0230),
  };
}
