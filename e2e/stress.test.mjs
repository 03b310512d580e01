// End-to-end: the page under stress. A 2 MB paste (and one past the 3 MiB input limit), a horizon
// of years, ten thousand items, rapid typing while a long run is in flight, and a share link
// that unpacks past its cap: the tab stays responsive — no main-thread task over 100 ms after
// the page has loaded (PerformanceObserver 'longtask') — the editor keeps the text, and the page
// says what it refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { openPage } from './browser.mjs';
import { useBrowser, shots } from './harness.mjs';
import { ready, setManifest, manifest, generation, waitForRun } from './playground.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const hourly = fs.readFileSync(path.join(here, 'seeds', 'perf-30d-hourly.yaml'), 'utf8');
const env = useBrowser();
const viewport = { width: 1440, height: 900 };
const LONG_TASK_MS = 100;

/** A page that records its main thread's long tasks (after `ready`, `clear` starts the count). */
async function open(url = env.server.base) {
  const context = await env.browser.newContext({ viewport });
  await context.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => Math.round(e.duration))))
      .observe({ type: 'longtask', buffered: true });
  });
  const page = await openPage(context, url);
  return { context, page };
}

const clearLongTasks = (page) => page.evaluate(() => { window.__longTasks = []; });

async function assertResponsive(page, what) {
  // Tasks still queued report when they end: let them.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
  const tasks = await page.evaluate(() => window.__longTasks);
  console.log(`# ${what}: main-thread long tasks ${tasks.length ? tasks.join(', ') + ' ms' : 'none'}`);
  assert.ok(tasks.every((d) => d <= LONG_TASK_MS), `${what}: a main-thread task took ${Math.max(...tasks)} ms`);
}

/** Pastes `text` into the editor in one go (as Ctrl+V would) without waiting for a run. */
async function paste(page, text) {
  if (await page.$('.cm-content')) {
    await page.click('.cm-content');
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(text);
  } else {
    await page.fill('textarea[data-testid="editor"]', text);
  }
}

/** `count` CronJobs as `kubectl get cronjobs -o yaml` lists them, about `bytes` long in all. */
function bigList(count, bytes) {
  const pad = '#'.repeat(Math.max(0, Math.floor(bytes / count) - 420));
  const items = Array.from({ length: count }, (_, i) => `- apiVersion: batch/v1
  kind: CronJob
  metadata:
    name: report-${i}
    creationTimestamp: "2025-01-01T00:00:00Z"
    annotations: {note: "${pad}"}
  spec:
    schedule: "${i % 60} ${i % 24} * * *"
    jobTemplate:
      spec:
        template:
          spec:
            restartPolicy: Never
            containers: [{name: c, image: busybox}]
`);
  return `apiVersion: v1\nkind: List\nitems:\n${items.join('')}---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec: {start: "2025-01-01T00:00:00Z", duration: 2h}\n`;
}

test('a 2 MB paste runs, one past the 3 MiB limit is refused with the reason; the editor keeps both', { timeout: 240_000 }, async () => {
  const { context, page } = await open();
  await ready(page);
  const big = bigList(2000, 2 * 1024 * 1024);
  assert.ok(big.length > 2_000_000 && big.length < 2_300_000, String(big.length));
  await clearLongTasks(page);
  let before = await generation(page);
  await paste(page, big);
  await waitForRun(page, before);
  await page.waitForSelector('[data-testid="run-info"]', { timeout: 120_000 });
  assert.equal((await manifest(page)).length, big.length);
  await assertResponsive(page, '2 MB paste');

  const huge = '#'.repeat(3 * 1024 * 1024) + '\n' + hourly;
  await clearLongTasks(page);
  before = await generation(page);
  await paste(page, huge);
  await waitForRun(page, before);
  const said = await page.textContent('[data-testid="timeline-error"]');
  assert.match(said, /the manifest is 3146\d{3} bytes; the limit is 3145728 bytes/);
  assert.equal((await manifest(page)).length, huge.length);
  await assertResponsive(page, '3 MiB + paste');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a horizon of years: two years of an hourly CronJob run; ten years of a minutely one are refused with the reason', { timeout: 240_000 }, async () => {
  const { context, page } = await open();
  await ready(page);
  await clearLongTasks(page);
  const years = hourly.replace('duration: 30d', 'duration: 730d').replace('durationSeconds: 300', 'durationSeconds: 20');
  await setManifest(page, years);
  await page.waitForFunction(() => /17520/.test(document.querySelector('[data-testid="run-info"]')?.textContent || ''), null, { timeout: 120_000 });
  await assertResponsive(page, 'two years hourly');

  await clearLongTasks(page);
  const decade = years.replace('schedule: "0 * * * *"', 'schedule: "* * * * *"').replace('duration: 730d', 'duration: 3650d');
  await setManifest(page, decade);
  assert.match(await page.textContent('[data-testid="timeline-error"]'), /holds more than 600000 schedule slots; the limit is 600000/);
  assert.equal(await manifest(page), decade);
  await assertResponsive(page, 'ten years minutely');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('ten thousand items arrive and draw without a long task', { timeout: 240_000 }, async () => {
  const { context, page } = await open();
  await ready(page);
  await clearLongTasks(page);
  // 10 080 slots (every minute for 7 days) with their Jobs and Pods: 30 240 items.
  const week = hourly.replace('schedule: "0 * * * *"', 'schedule: "* * * * *"').replace('duration: 30d', 'duration: 7d')
    .replace('durationSeconds: 300', 'durationSeconds: 20');
  await setManifest(page, week);
  await page.waitForFunction(() => /10080/.test(document.querySelector('[data-testid="run-info"]')?.textContent || ''), null, { timeout: 120_000 });
  assert.ok((await page.$$('[data-testid="slot"]')).length > 0);
  await assertResponsive(page, '10 080 slots');
  await page.screenshot({ path: path.join(shots, 'stress-10k.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('rapid typing while a long run is in flight: every key lands, the last text is the one run', { timeout: 240_000 }, async () => {
  const { context, page } = await open();
  await ready(page);
  // A year of a minutely CronJob without syncs: seconds of work in the engine's worker.
  const year = hourly.replace('schedule: "0 * * * *"', 'schedule: "* * * * *"').replace('duration: 30d', 'duration: 365d')
    .replace('kubernetesVersion: "1.30"', 'kubernetesVersion: "1.30"\n  trace: {syncs: none}');
  await clearLongTasks(page);
  await paste(page, year);
  await page.waitForTimeout(100);
  // Type at the end of the last comment while it runs.
  const typed = ' and this comment grows while the year is simulated';
  await page.keyboard.press('Control+End');
  await page.keyboard.type(typed, { delay: 15 });
  const expected = year + typed;
  await page.waitForFunction(() => /525600/.test(document.querySelector('[data-testid="run-info"]')?.textContent || ''), null, { timeout: 180_000 });
  assert.equal(await manifest(page), expected);
  await assertResponsive(page, 'typing during a year-long run');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a share link that unpacks past the cap is refused with the reason; the saved text stays', async () => {
  const { context, page } = await open();
  await ready(page);
  const mine = await manifest(page);
  // 4 MiB of text deflates to a few KiB: a short link, a large state.
  const state = { text: '#'.repeat(4 * 1024 * 1024) };
  const fragment = '#s=1.' + zlib.deflateRawSync(Buffer.from(JSON.stringify(state)), { level: 9 }).toString('base64url');
  assert.ok(fragment.length < 32768, String(fragment.length));
  await page.goto('about:blank');
  await page.goto(env.server.base + fragment);
  await page.waitForSelector('[data-testid="share-error"]');
  assert.equal(await page.textContent('[data-testid="share-error"] p'), 'This link is refused: it unpacks to more than 1024 KiB, the limit for a shared state.');
  await ready(page);
  assert.equal(await manifest(page), mine);
  // The link is read while the page loads (its module's compile is a long task of its own):
  // from here on, the refused link leaves nothing running.
  await clearLongTasks(page);
  await page.waitForTimeout(500);
  await assertResponsive(page, 'share link past the cap');
  assert.deepEqual(page.errors, []);
  await context.close();
});
