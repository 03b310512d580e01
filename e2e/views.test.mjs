// End-to-end: exports (timeline SVG and PNG, trace JSON, state at the cursor as YAML), compare
// mode (seed 001 under 1.18's v1 controller against 1.28, Forbid against Allow, before/after an
// edit) and the lint view (the cap, a responsive page while it probes, a stop, then a kubectl List
// and a DST-affected CronJob, one probe opened).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { useBrowser, shots, openPlayground } from './harness.mjs';
import { setManifest, slots, waitForRun, generation, manifest } from './playground.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
// The seeds' stories live with the built-in scenarios.
const seed = (id) => fs.readFileSync(path.join(here, '..', 'scenarios', id, 'scenario.yaml'), 'utf8');
const env = useBrowser();
const viewport = { width: 1440, height: 1000 };

async function open() {
  return openPlayground(env, { viewport, acceptDownloads: true });
}

async function download(page, testid) {
  const [d] = await Promise.all([page.waitForEvent('download'), page.click(`[data-testid="${testid}"]`)]);
  const file = await d.path();
  return { name: d.suggestedFilename(), bytes: fs.readFileSync(file) };
}

test('exports: SVG and PNG of the timeline, the trace as the CLI prints it, the state at the cursor', async () => {
  const { context, page } = await open();
  await setManifest(page, seed('retroactive-schedule-edit'));

  const svg = await download(page, 'export-svg');
  assert.equal(svg.name, 'timeline-20230322-130151.svg');
  const text = svg.bytes.toString('utf8');
  assert.match(text, /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.match(text, /<style>[^<]*\.timeline-svg/);
  assert.match(text, /data-job="cron-test-27991510"/);
  // It renders on its own: load it as an image in a blank page.
  const size = await page.evaluate(async (t) => {
    const img = new Image();
    img.src = URL.createObjectURL(new Blob([t], { type: 'image/svg+xml' }));
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  }, text);
  assert.ok(size[0] > 600 && size[1] > 80, String(size));

  const png = await download(page, 'export-png');
  assert.equal(png.name, 'timeline-20230322-130151.png');
  assert.deepEqual([...png.bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // PNG IHDR: twice the SVG's size.
  assert.deepEqual([png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)], [size[0] * 2, size[1] * 2]);
  fs.writeFileSync(path.join(shots, 'export-timeline.png'), png.bytes);

  // The trace is byte for byte what the CLI prints.
  const trace = await download(page, 'export-trace');
  assert.equal(trace.name, 'trace-20230322-130151.json');
  const bin = path.join(here, '..', 'target', 'debug', 'cronjob-playground');
  if (!fs.existsSync(bin)) execFileSync('cargo', ['build', '--quiet', '--bin', 'cronjob-playground'], { cwd: path.join(here, '..') });
  const cli = execFileSync(bin, ['simulate', '--output', 'json', path.join(here, '..', 'scenarios', 'retroactive-schedule-edit', 'scenario.yaml')]);
  assert.equal(trace.bytes.toString('utf8'), cli.toString('utf8'));

  // The state at 13:16:05, between the deletion and the retroactive Job's end.
  await page.$eval('[data-testid="scrub"]', (el) => {
    el.value = String((14 * 60 + 14) * 1000); // 13:01:51 + 14m14s
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.waitForFunction(() => document.querySelector('[data-testid="clock-time"]').dataset.time === '2023-03-22T13:16:05Z');
  const yaml = await download(page, 'export-yaml');
  assert.equal(yaml.name, 'state-2023-03-22T131605Z.yaml');
  const y = yaml.bytes.toString('utf8');
  assert.match(y, /^apiVersion: v1\nitems:\n- apiVersion: batch\/v1\n  kind: CronJob\n  metadata:\n    name: cron-test\n  spec:\n    schedule: "10 13 \* \* \*"\n    suspend: false\n  status:\n    active:\n    - \{apiVersion: batch\/v1, kind: Job, name: cron-test-27991510\}\n    lastScheduleTime: "2023-03-22T13:10:00Z"\n/);
  assert.ok(!y.includes('cron-test-27991505'), 'the Job deleted at 13:16 is gone');
  assert.match(y, /kind: Pod\n  metadata:\n    creationTimestamp: "2023-03-22T13:16:00Z"\n    labels:\n      job-name: cron-test-27991510\n/);
  assert.match(y, /\n  status:\n    containerStatuses:\n    - \{name: main, restartCount: 0\}\n    phase: Running\n/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('compare: seed 001 under 1.18 (v1) against 1.28 shows the runs v1 refused after the outage', async () => {
  const { context, page } = await open();
  await setManifest(page, seed('too-many-missed-v1'));
  await page.click('[data-testid="compare-toggle"]');
  await page.selectOption('[data-testid="compare-against"]', 'version:1.28');
  // B first ran against the default (1.20) and re-runs for 1.28: wait for that run's comparison.
  const summary = 'A (Kubernetes 1.18): 0 Jobs, 0 slots ran, 115 did not · B (Kubernetes 1.28): 4 Jobs, 4 slots ran, 111 did not · 8 differences';
  await page.waitForFunction((want) => document.querySelector('[data-testid="compare-summary"]')?.textContent === want, summary);
  const diffs = await page.$$eval('[data-testid="diff"]', (els) => els.map((e) => [e.dataset.kind, e.dataset.time, e.textContent]));
  assert.deepEqual(diffs.slice(0, 2), [
    ['slot-fate', '2020-06-01T10:21:00Z', 'every-minute slot 2020-06-01T10:21:00Z: A too-many-missed, B ran-on-time (every-minute-26516781)'],
    ['job-only', '2020-06-01T10:21:00Z', 'Job every-minute-26516781 only in B, created 2020-06-01T10:21:00Z'],
  ]);
  // B is drawn on the same axis: its slot lane has the 10:21 run A lacks.
  const b = await page.$$eval('[data-testid="compare-b"] [data-testid="slot"]', (els) => els.map((e) => [e.dataset.time, e.dataset.fate]));
  const a = await page.$$eval('[data-testid="slot"]', (els) => els.filter((e) => !e.closest('[data-testid="compare-b"]')).map((e) => e.dataset.fate));
  assert.ok(b.some(([t, f]) => t === '2020-06-01T10:21:00Z' && f === 'ran-on-time'), JSON.stringify(b.slice(-6)));
  assert.ok(a.length > 0 && a.every((f) => f !== 'ran-on-time'), a.join());
  assert.ok((await page.$$('[data-testid="diff-mark"]')).length >= 1);
  // Clicking a difference moves the clock there.
  await page.click('[data-testid="diff"]:first-child');
  await page.waitForFunction(() => document.querySelector('[data-testid="clock-time"]').dataset.time === '2020-06-01T10:21:00Z');
  await page.screenshot({ path: path.join(shots, 'compare-versions.png'), fullPage: true });

  // Forbid against Allow on seed 000.
  await setManifest(page, seed('forbid-catch-up'));
  await page.selectOption('[data-testid="compare-against"]', 'policy:Allow');
  await page.waitForFunction(() => document.querySelector('[data-testid="compare-summary"]')?.textContent
    === 'A (Kubernetes 1.13): 4 Jobs, 4 slots ran, 0 did not · B (concurrencyPolicy: Allow): 4 Jobs, 4 slots ran, 0 did not · 4 differences');
  const kinds = await page.$$eval('[data-testid="diff"]', (els) => els.map((e) => e.dataset.kind));
  assert.deepEqual(kinds, ['slot-fate', 'job-shift', 'slot-fate', 'job-shift']);

  // Before/after an edit: keep the text as B, then make the Jobs short in A.
  await page.click('[data-testid="compare-keep"]');
  await setManifest(page, seed('forbid-catch-up').replace('durationSeconds: 5400', 'durationSeconds: 600'));
  await page.waitForFunction(() => document.querySelector('[data-testid="compare-summary"]')?.textContent.includes('the kept text'));
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="diff"][data-kind="job-shift"]').length > 0);
  const shift = await page.textContent('[data-testid="diff"][data-kind="job-shift"]');
  assert.match(shift, /^Job hourly-\d+: /);
  assert.deepEqual(page.errors, []);
  await context.close();
});

/** Puts `text` in a textarea as one paste (Playwright's `fill` inserts long multi-line text in time
 * quadratic in its lines: 25 s for the 201 CronJobs below on a loaded machine). */
async function paste(page, selector, text) {
  await page.$eval(selector, (el, t) => {
    el.value = t;
    el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  }, text);
}

test('lint: a kubectl List and a Berlin nightly job, and a probe opened on the timeline', async () => {
  const { context, page } = await open();
  await page.click('[data-testid="lint-toggle"]');
  const list = fs.readFileSync(path.join(here, '..', 'tests', 'data', 'kubectl-get-list.yaml'), 'utf8');
  const nightly = 'apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: nightly, namespace: ops}\nspec:\n  schedule: "30 2 * * *"\n  timeZone: Europe/Berlin\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers: [{name: c, image: busybox}]\n';
  await page.fill('[data-testid="lint-at"]', '2024-01-10T00:00:00Z');
  await page.selectOption('[data-testid="lint-version"]', '1.28');

  // More CronJobs than the cap: refused at once, with the count and the cap.
  const many = Array.from({ length: 201 }, (_, i) => nightly.replace('name: nightly', `name: n${i}`)).join('---\n');
  await paste(page, '[data-testid="lint-input"]', many);
  await page.click('[data-testid="lint-run"]');
  await page.waitForSelector('[data-testid="lint-error"]', { timeout: 30000 });
  assert.equal(await page.textContent('[data-testid="lint-error"]'),
    '201 CronJobs: the lint probes at most 200 at once (each takes about a second). Split the list, by namespace for example.');

  // Twenty minutely CronJobs under Forbid with a 5 s deadline in Berlin take about half a second each
  // to probe, in the lint's worker: the page keeps painting frames and handling input while busy,
  // shows how far the probes got, and stops them on request.
  const heavy = nightly.replace('"30 2 * * *"', '"* * * * *"').replace('  timeZone', '  concurrencyPolicy: Forbid\n  startingDeadlineSeconds: 5\n  timeZone');
  const twenty = Array.from({ length: 20 }, (_, i) => heavy.replace('name: nightly', `name: n${i}`)).join('---\n');
  await paste(page, '[data-testid="lint-input"]', twenty);
  await page.evaluate(() => {
    const f = globalThis.lintFrames = { count: 0, last: performance.now(), maxGap: 0 };
    const tick = (t) => { f.maxGap = Math.max(f.maxGap, t - f.last); f.last = t; f.count++; requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  });
  await page.click('[data-testid="lint-run"]');
  await page.waitForFunction(() => /^([1-9]|1[0-9]) of 20 CronJobs probed/.test(document.querySelector('[data-testid="lint-progress"]')?.textContent || ''),
    null, { timeout: 30000 });
  const frames = await page.evaluate(() => { globalThis.lintFrames.maxGap = 0; return globalThis.lintFrames.count; });
  // Each CronJob's findings show as its probe ends, while the rest are still being probed.
  await page.waitForSelector('[data-testid="lint-partial"] [data-testid="lint-cronjob"][data-name="n0"] [data-testid="finding"]');
  assert.equal(await page.$('[data-testid="lint-results"]'), null, 'the lint is not over yet');
  assert.ok(await page.$('[data-testid="lint-progress"]'));
  // Typing is handled while the probes run: the field changes and the lint is still busy.
  await page.fill('[data-testid="lint-zone"]', 'Europe/Paris');
  await page.waitForTimeout(1000);
  const busy = await page.$eval('[data-testid="lint-run"]', (b) => [b.disabled, b.textContent]);
  assert.deepEqual(busy, [true, 'Linting…']);
  const during = await page.evaluate(() => globalThis.lintFrames);
  assert.ok(during.count - frames >= 10, `only ${during.count - frames} frames in a second of linting`);
  assert.ok(during.maxGap < 500, `a frame waited ${during.maxGap} ms while linting`);
  await page.click('[data-testid="lint-cancel"]');
  assert.deepEqual(await page.$eval('[data-testid="lint-run"]', (b) => [b.disabled, b.textContent]), [false, 'Lint']);
  assert.equal(await page.$('[data-testid="lint-progress"]'), null);
  // A stopped lint keeps what it found, says how far it got, and takes no more answers.
  const stopped = await page.textContent('[data-testid="lint-stopped"]');
  const [, done] = stopped.match(/^Stopped after (\d+) of 20 CronJobs; their findings are below\.$/) || [];
  assert.ok(Number(done) >= 1 && Number(done) < 20, stopped);
  const kept = await page.$$eval('[data-testid="lint-partial"] [data-testid="lint-cronjob"]', (els) => els.map((e) => e.dataset.name));
  assert.deepEqual(kept, Array.from({ length: Number(done) }, (_, i) => `n${i}`));
  await page.screenshot({ path: path.join(shots, 'lint-stopped.png') });
  await page.waitForTimeout(300);
  assert.equal(await page.$$eval('[data-testid="lint-cronjob"]', (els) => els.length), Number(done));
  assert.equal(await page.$('[data-testid="lint-results"]'), null, 'a stopped lint has no whole report');

  await page.fill('[data-testid="lint-zone"]', 'UTC');
  await paste(page, '[data-testid="lint-input"]', list + '---\n' + nightly);
  await page.click('[data-testid="lint-run"]');
  await page.waitForSelector('[data-testid="lint-results"]', { timeout: 60000 });
  const cards = await page.$$eval('[data-testid="lint-cronjob"]', (els) => els.map((e) => [e.dataset.namespace, e.dataset.name,
    [...e.querySelectorAll('[data-testid="finding"]')].map((f) => `${f.dataset.severity} ${f.dataset.rule}`)]));
  assert.deepEqual(cards, [
    // On 1.28 more than 100 missed times change nothing but an Event: no too-many-missed finding.
    ['default', 'hello', ['info on-failure-logs-lost']],
    ['ops', 'nightly', ['warning retroactive-edit', 'warning dst-skipped-run', 'warning dst-double-run', 'info on-failure-logs-lost']],
  ]);
  const double = await page.textContent('[data-rule="dst-double-run"] p');
  assert.match(double, /2024-10-27T00:30:00Z \(2024-10-27 02:30 \+02:00\) and 2024-10-27T01:30:00Z \(2024-10-27 02:30 \+01:00\)/);
  await page.screenshot({ path: path.join(shots, 'lint.png'), fullPage: true });

  // Open the DST probe: the editor gets the probe and the timeline shows both 02:30 runs.
  const before = await generation(page);
  await page.click('[data-rule="dst-double-run"] [data-testid="finding-open"]');
  await waitForRun(page, before);
  assert.match(await manifest(page), /kind: Simulation/);
  const ran = (await slots(page, 'nightly')).filter((s) => s.fate === 'ran-on-time').map((s) => s.time);
  assert.deepEqual(ran, ['2024-10-27T00:30:00Z', '2024-10-27T01:30:00Z']);
  assert.deepEqual(page.errors, []);
  await context.close();
});
