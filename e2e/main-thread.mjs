// The page's main-thread tasks from a Chromium trace (Playwright's browser.startTracing): each
// task's wall time and its thread time. Wall time is what the PerformanceObserver 'longtask'
// reports and stretches with whatever else the machine runs; thread time is the CPU the main
// thread itself spent, what the task takes on an idle core. The stress tests bound the latter so
// that they hold on a shared, loaded machine, and print both.

/** The categories a trace needs for `mainThreadTasks`. */
export const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

/** The renderer's main thread: the CrRendererMain with the most trace events. */
export function mainThread(events) {
  const named = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain');
  return named.map((n) => [n, events.filter((e) => e.pid === n.pid && e.tid === n.tid && e.ph === 'X').length])
    .sort((a, b) => b[1] - a[1])[0][0];
}

/** Its top-level tasks in time order as { ts, wall, cpu } (µs, ms, ms). */
export function mainThreadTasks(events) {
  const main = mainThread(events);
  return events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask')
    .sort((a, b) => a.ts - b.ts)
    .map((e) => ({ ts: e.ts, wall: e.dur / 1000, cpu: (e.tdur ?? e.dur) / 1000 }));
}

/** A trace's events, as `browser.stopTracing()` returns it. */
export const traceEvents = (buffer) => {
  const trace = JSON.parse(buffer.toString());
  return trace.traceEvents || trace;
};
