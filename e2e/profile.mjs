// Where the page's main thread spends its long tasks in the stress cases (e2e/stress.test.mjs):
// runs one case against dist/ with Chromium's trace recording on, then prints the longest tasks'
// CPU times and each main-thread task whose wall time is over the bound, with the time of what ran
// inside it (script, style, layout, paint, the functions the sampling profiler saw most). The
// sampling profiler adds its own cost to every task (the stress tests trace without it), and its
// start is a task of its own at +0 ms.
//
//   node e2e/profile.mjs paste-2mb|paste-3mib|two-years|week|decade [bound-ms]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveDist } from './server.mjs';
import { launch, openPage } from './browser.mjs';
import { ready } from './playground.mjs';
import { CATEGORIES, mainThread } from './main-thread.mjs';
import { bigList, preparePaste, twoYears, decade, week } from './stress-inputs.mjs';

const [what = 'paste-2mb', boundArg = '50'] = process.argv.slice(2);
const bound = Number(boundArg) * 1000;
const runInfo = (re) => (page) => page.waitForFunction((s) => new RegExp(s).test(document.querySelector('[data-testid="run-info"]')?.textContent || ''), re.source, { timeout: 180_000 });
// A refusal is said under the timeline, or at its line among the editor's diagnostics.
const refused = (re) => (page) => page.waitForFunction((s) => [...document.querySelectorAll('[data-testid="timeline-error"], [data-testid="diagnostic"]')]
  .some((e) => new RegExp(s).test(e.textContent)), re.source, { timeout: 180_000 });
const cases = {
  'paste-2mb': [bigList(2000, 2 * 1024 * 1024), (page) => page.waitForSelector('[data-testid="cluster-refused"]', { timeout: 180_000 })],
  'paste-3mib': ['#'.repeat(3 * 1024 * 1024) + '\n' + twoYears, refused(/the limit is 3145728 bytes/)],
  'two-years': [twoYears, runInfo(/ 1751\d slots/)],
  week: [week, runInfo(/ 1007\d slots/)],
  decade: [decade, refused(/600000 schedule slots/)],
};
const [text, done] = cases[what] || (() => { throw new Error(`no case ${what}: ${Object.keys(cases).join(', ')}`); })();

// DIST: another build, e.g. one with the wasm's function names kept (data-keep-debug, data-wasm-opt="0").
const server = await serveDist(process.env.DIST || undefined);
const browser = await launch();
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await openPage(context, server.base);
  await ready(page);
  const act = await preparePaste(page, text);
  await page.waitForTimeout(500);
  await browser.startTracing(page, { categories: [...CATEGORIES, 'v8.execute', 'disabled-by-default-v8.cpu_profiler'] });
  await act();
  await done(page);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))));
  const trace = JSON.parse((await browser.stopTracing()).toString());
  const events = trace.traceEvents || trace;
  report(events);
  if (page.errors.length) console.log('page errors:', page.errors);
} finally {
  await browser.close();
  await server.close();
}

/** Each main-thread task over the bound, with what ran inside it. */
function report(events) {
  const busiest = mainThread(events);
  const main = events.filter((e) => e.pid === busiest.pid && e.tid === busiest.tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  console.log('main', busiest.pid, busiest.tid);
  const tasks = main.filter((e) => e.name === 'RunTask' && e.dur > bound);
  const cpu = main.filter((e) => e.name === 'RunTask').map((e) => e.tdur || 0).sort((a, b) => b - a);
  console.log(`longest main-thread tasks' CPU time: ${cpu.slice(0, 5).map((d) => (d / 1000).toFixed(1)).join(', ')} ms`);
  const samples = cpuSamples(events, busiest);
  console.log(`${what}: ${tasks.length} main-thread task(s) over ${bound / 1000} ms`);
  for (const task of tasks) {
    const end = task.ts + task.dur;
    // Self time per event name among the task's descendants.
    const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= end);
    const self = new Map();
    const stack = [];
    for (const e of inside) {
      while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) stack.pop();
      const parent = stack[stack.length - 1];
      if (parent) self.set(parent.name, (self.get(parent.name) || 0) - e.dur);
      self.set(e.name, (self.get(e.name) || 0) + e.dur);
      stack.push(e);
    }
    const top = [...self].filter(([, d]) => d > 1000).sort((a, b) => b[1] - a[1]).slice(0, 8);
    console.log(`\n task ${(task.dur / 1000).toFixed(1)} ms (CPU ${((task.tdur || 0) / 1000).toFixed(1)} ms) at +${((task.ts - tasks[0].ts) / 1000).toFixed(0)} ms: ` + top.map(([n, d]) => `${n} ${(d / 1000).toFixed(1)}`).join(', '));
    const fns = new Map();
    for (const s of samples.filter((s) => s.ts >= task.ts && s.ts <= end)) fns.set(s.fn, (fns.get(s.fn) || 0) + s.dt);
    const hot = [...fns].sort((a, b) => b[1] - a[1]).slice(0, 12);
    for (const [fn, d] of hot) console.log(`   ${(d / 1000).toFixed(1).padStart(7)} ms  ${fn}`);
  }
}

/** The sampling profiler's samples on `thread` as { ts, dt, fn } (the leaf frame's function). */
function cpuSamples(events, thread) {
  const nodes = new Map();
  const out = [];
  // A thread's profile is a 'Profile' event on that thread; its chunks carry the same id.
  const ids = new Set(events.filter((e) => e.name === 'Profile' && e.pid === thread.pid && e.tid === thread.tid).map((e) => e.id));
  const chunks = events.filter((e) => e.pid === thread.pid && ids.has(e.id) && (e.name === 'Profile' || e.name === 'ProfileChunk'));
  let ts = 0;
  for (const c of chunks) {
    if (c.name === 'Profile') { ts = c.args.data.startTime; continue; }
    const d = c.args.data.cpuProfile || {};
    for (const n of d.nodes || []) nodes.set(n.id, `${n.callFrame.functionName || '(anonymous)'} ${(n.callFrame.url || '').split('/').pop()}`);
    const deltas = c.args.data.timeDeltas || [];
    (d.samples || []).forEach((id, i) => { ts += deltas[i] || 0; out.push({ ts, dt: deltas[i + 1] || 0, fn: nodes.get(id) || String(id) }); });
  }
  return out;
}
