// The runtime's cost in headless Chromium (issue #7's benchmark, the wasm side of
// `cargo bench --bench sim_year`): a `* * * * *` CronJob whose pods run 30 s, over 1, 7, 30 and
// 365 days, run through the release build's JS API (`SimulationRun`, as the page's worker runs
// it). Prints the time to step the run to its end, the time `finish()` takes to hand the trace to
// JS as objects, and the peak wasm linear memory (a fresh page per horizon: linear memory never
// shrinks, so its size after the run is the run's peak). Figures, not timed assertions; the one
// assertion is a loose regression guard. The suite runs 1, 7 and 30 days; the year (about two
// minutes and 1.2 GB of wasm memory today) on request: `SIM_YEAR_DAYS=365 node --test sim-year.test.mjs`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPage } from './browser.mjs';
import { useBrowser } from './harness.mjs';

const env = useBrowser();

// The same CronJob as benches/sim_year.rs runs natively.
const MANIFEST = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'tests', 'data', 'sim', 'every_minute_year.yaml'), 'utf8');

const DAYS = (process.env.SIM_YEAR_DAYS || '1,7,30').split(',').map(Number);

for (const days of DAYS) {
  test(`${days}-day minutely CronJob through the wasm JS API`, { timeout: 600_000 }, async () => {
    const context = await env.browser.newContext();
    const page = await openPage(context, env.server.base);
    // The JS API is the engine's module (the page's own module has no engine): loaded here beside
    // the page, its `main` (the worker's loop) does nothing; `init` gives the wasm exports.
    await page.evaluate(async () => {
      const engine = await import(new URL('playground-engine.js', document.baseURI).href);
      window.__wasm = await engine.default();
      window.__engine_api = engine;
    });
    const figures = await page.evaluate(({ manifest, days }) => {
      const simulation = {
        kubernetesVersion: '1.28',
        duration: `${days}d`,
        pods: [{ attempts: [{ durationSeconds: 30, exitCode: 0 }] }],
        trace: { syncs: 'none' },
      };
      const memory = () => window.__wasm.memory.buffer.byteLength / 2 ** 20;
      const before = memory();
      const t0 = performance.now();
      const run = new window.__engine_api.SimulationRun(manifest, simulation);
      let p;
      do { p = run.step(200_000); } while (!p.done);
      const simulated = performance.now() - t0;
      const afterSim = memory();
      const t1 = performance.now();
      const trace = run.finish();
      const finished = performance.now() - t1;
      run.free();
      return {
        jobs: trace.jobs.length, pods: trace.pods.length, events: trace.events.length, slots: trace.slots.length,
        simulated, finished, before, afterSim, after: memory(),
      };
    }, { manifest: MANIFEST, days });
    const f = figures;
    console.log(`# chromium ${days} d: ${f.jobs} jobs, ${f.pods} pods, ${f.events} events, ${f.slots} slots; `
      + `run ${(f.simulated / 1000).toFixed(3)} s (${(f.simulated * 1000 / f.jobs).toFixed(1)} µs/job), `
      + `finish() to JS objects ${(f.finished / 1000).toFixed(3)} s; `
      + `wasm memory ${f.afterSim.toFixed(0)} MB after the run, ${f.after.toFixed(0)} MB after finish (${f.before.toFixed(0)} MB at load)`);
    assert.equal(f.jobs, days * 1440 - 1, 'every slot but the last (its Job is created 0.1 s after the horizon)');
    assert.ok(f.simulated / f.jobs < 5, 'regression guard: under 5 ms per Job (a cold start included)');
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}
