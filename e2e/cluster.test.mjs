// End-to-end: the cluster view. A pasted dump of 200 CronJobs (tests/data/cluster-200.yaml) is
// drawn within two seconds with no timeline run; 1,000 are refused in the page's words; a phone
// shows the view without sideways scrolling; a small hand-checked List gives its rows by
// namespace, its one peak and the order by runs, and a List of two keeps the timeline. Its filter
// bar narrows the rows by name and by policy, lists the Jobs of a window as the `cluster`
// command's `--window` does, and says why a window text is refused; a row opens (by click, Enter
// or Space) into that CronJob's timeline and inspector and leads back.
//
// Texts go in as a paste event, as Ctrl+V does: Playwright's keyboard.insertText types a text
// through Chromium's editing commands one line at a time, each laid out again, which for the
// 5,111 lines of the 200-CronJob dump takes minutes in Chromium itself, in any textarea.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { useBrowser, openPlayground, shots } from './harness.mjs';
import { dump200, dump1000, cronJob, list, pasteUntil } from './cluster-dumps.mjs';
import { manifest, slots, jobs, inspector } from './playground.mjs';

const env = useBrowser();
const rows = (page) => page.$$eval('[data-testid="cluster-row"]', (els) => els.length);


test('200 CronJobs: the view is drawn within 2 s, with no timeline run of the dump', async () => {
  const { context, page } = await openPlayground(env, { viewport: { width: 1440, height: 900 } });
  const ms = await pasteUntil(page, dump200, () => document.querySelectorAll('[data-testid="cluster-row"]').length === 200
    && document.querySelector('[data-testid="cluster-view"]:not(.stale)'));
  // 2 s on an idle machine; on a shared one the worker's slices wait for a core as long as the
  // machine is oversubscribed (the bound grows with the load per core, printed beside the time).
  const busy = Math.max(1, os.loadavg()[0] / os.availableParallelism());
  console.log(`# 200 CronJobs: paste to cluster view drawn in ${ms} ms (load ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores)`);
  assert.ok(ms < 2000 * busy, `drawn in ${ms} ms, bound ${(2000 * busy).toFixed(0)} ms`);
  assert.match(await page.textContent('[data-testid="cluster-summary"]'),
    /^200 CronJobs in 10 namespaces, simulated together from 2026-11-22T23:55:00Z to 2026-11-23T23:55:00Z\.$/);
  // The page ran no timeline of it: no lanes, no run bar.
  assert.equal(await page.$$eval('[data-testid="slot-lane"], [data-testid="run-status"]', (els) => els.length), 0);
  assert.ok((await page.$$('[data-testid="cluster-peaks"] li')).length > 0);
  await page.screenshot({ path: path.join(shots, 'cluster-200-1440.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('1,000 CronJobs are refused with the reason, at once', async () => {
  const { context, page } = await openPlayground(env, { viewport: { width: 1440, height: 900 } });
  const ms = await pasteUntil(page, dump1000, () => document.querySelector('[data-testid="cluster-refused"]'));
  console.log(`# 1,000 CronJobs: refused in ${ms} ms`);
  assert.equal(await page.textContent('[data-testid="cluster-refused"]'),
    '1000 CronJobs: the cluster view simulates at most 500 together. Paste fewer CronJobs, one namespace for example.');
  assert.equal(await rows(page), 0);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a phone shows the view of 200 CronJobs without sideways scrolling', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const { context, page } = await openPlayground(env, { viewport: { width: 390, height: 844 }, colorScheme, isMobile: true, hasTouch: true });
    await pasteUntil(page, dump200, () => document.querySelectorAll('[data-testid="cluster-row"]').length === 200);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 390, `the page is ${wide} px wide`);
    await page.screenshot({ path: path.join(shots, `cluster-200-390-${colorScheme}.png`) });
    await context.close();
  }
});

// Ten CronJobs (fewer keep the timeline): five start at 02:00 (a pile-up: five or more in one minute), one at
// 02:30, one every six hours, three alone later in the day; two are Forbid, one Replace.
const items = [
  cronJob('web', 'backup', '0 2 * * *'), cronJob('web', 'report', '30 2 * * *'), cronJob('web', 'index', '0 2 * * *', 'Forbid'),
  cronJob('billing', 'backup', '0 2 * * *'), cronJob('billing', 'invoices', '0 2 * * *'),
  cronJob('billing', 'ledger', '0 2 * * *', 'Forbid'), cronJob('billing', 'sync', '0 */6 * * *'),
  cronJob('ops', 'audit', '10 9 * * *'), cronJob('ops', 'cleanup', '45 12 * * *'), cronJob('ops', 'rotate', '15 18 * * *', 'Replace'),
];
const handChecked = list(items, "---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec: {start: '2026-11-23T00:00:00Z', duration: 1d}\n");

test('a hand-checked List: its rows, the one pile-up at 02:00, sorting by runs', async () => {
  const { context, page } = await openPlayground(env, { viewport: { width: 1440, height: 900 }, colorScheme: 'dark' });
  await pasteUntil(page, handChecked, () => document.querySelectorAll('[data-testid="cluster-row"]').length === 10);
  const peaks = await page.$$eval('[data-testid="cluster-peaks"] li', (els) => els.map((e) => e.textContent));
  assert.equal(peaks.length, 1);
  assert.match(peaks[0], /^02:00 Mon 23 Nov: 5 Jobs start within 1 minute$/);
  const groups = await page.$$eval('.cluster-ns', (els) => els.map((e) => e.dataset.namespace));
  assert.deepEqual(groups, ['web', 'billing', 'ops']);
  await page.selectOption('[data-testid="cluster-sort"]', 'runs');
  const billing = await page.$$eval('[data-namespace="billing"] [data-testid="cluster-row"]', (els) =>
    els.map((e) => [e.dataset.name, e.children[3].textContent]));
  assert.deepEqual(billing, [['sync', '4'], ['backup', '1'], ['invoices', '1'], ['ledger', '1']]);
  await page.screenshot({ path: path.join(shots, 'cluster-list-1440-dark.png') });
  await context.close();
});

test('a List of two CronJobs, as `kubectl get cronjobs -o yaml` gives one namespace, keeps the timeline', async () => {
  const { context, page } = await openPlayground(env, { viewport: { width: 1440, height: 900 } });
  const items = [cronJob('web', 'backup', '0 2 * * *'), cronJob('web', 'report', '30 2 * * *')];
  const sim = "---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec: {start: '2026-11-23T00:00:00Z', duration: 1d}\n";
  await pasteUntil(page, list(items, sim), () => document.querySelectorAll('[data-testid="slot-lane"]').length > 0);
  assert.equal(await rows(page), 0);
  assert.equal(await page.$$eval('[data-testid="cluster-view"]', (els) => els.length), 0);
  await context.close();
});

/** Waits for an opened row's timeline (none is drawn in the cluster view otherwise). */
const opened = (page) => page.waitForSelector('[data-testid="slot-lane"] [data-testid="slot"]');

/** Whether `selector`'s box lies within the timeline's visible box. */
const inView = (page, selector) => page.$eval(selector, (e) => {
  const [r, box] = [e.getBoundingClientRect(), e.closest('.timeline-scroll').getBoundingClientRect()];
  return r.width > 0 && r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom;
});

test('a row opens into its CronJob\'s timeline and inspector, by click and by keyboard, and leads back', async () => {
  const { context, page } = await openPlayground(env, { viewport: { width: 1440, height: 900 } });
  await pasteUntil(page, handChecked, () => document.querySelectorAll('[data-testid="cluster-row"]').length === 10);
  await page.selectOption('[data-testid="cluster-sort"]', 'runs');
  const button = '[data-open="billing/sync"]';
  assert.equal(await page.getAttribute(button, 'aria-label'), 'Open the timeline of sync in namespace billing');
  await page.click(button);
  await opened(page);
  assert.equal(await page.textContent('[data-testid="cluster-opened"] h2'), 'billing/sync');
  assert.equal(await page.isVisible('[data-testid="cluster"]'), false);
  // "0 */6 * * *" over the day: four slots, each run on time by its Job (sync-<minutes since the epoch>).
  const fates = (await slots(page, 'sync')).map((s) => [s.time, s.fate, s.job]);
  assert.deepEqual(fates, [
    ['2026-11-23T00:00:00Z', 'ran-on-time', 'sync-29923200'], ['2026-11-23T06:00:00Z', 'ran-on-time', 'sync-29923560'],
    ['2026-11-23T12:00:00Z', 'ran-on-time', 'sync-29923920'], ['2026-11-23T18:00:00Z', 'ran-on-time', 'sync-29924280'],
  ]);
  assert.deepEqual((await jobs(page)).map((j) => j.job), ['sync-29923200', 'sync-29923560', 'sync-29923920', 'sync-29924280']);
  await page.click('[data-testid="job"][data-job="sync-29923560"]');
  const { title, reasons } = await inspector(page);
  assert.match(title, /sync-29923560/);
  assert.ok(reasons.length > 0, 'the Job is explained from the kept run');
  // Back: Escape first deselects the Job, then leaves; the table is as it was, sorted by runs.
  await page.keyboard.press('Escape');
  assert.equal(await page.isVisible('[data-testid="cluster-opened"]'), true);
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid="cluster-view"]', { state: 'visible' });
  assert.equal(await page.$$eval('[data-testid="cluster-opened"], [data-testid="slot-lane"]', (els) => els.length), 0);
  assert.equal(await page.$eval('[data-testid="cluster-sort"]', (e) => e.value), 'runs');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.open), 'billing/sync');

  // By keyboard: Tab-reachable buttons, Enter on one, Space on another; the back button has the focus.
  // The row before was zoomed to one Job's ten seconds over the same day: this one opens whole,
  // its one slot (09:10) drawn inside the lanes, nothing selected.
  await page.focus('[data-open="ops/audit"]');
  await page.keyboard.press('Enter');
  await opened(page);
  assert.deepEqual((await slots(page, 'audit')).map((s) => s.time), ['2026-11-23T09:10:00Z']);
  assert.equal(await inView(page, '[data-cronjob="audit"] [data-testid="slot"] .shape'), true);
  assert.equal(await page.$$eval('[data-testid="timeline-svg"] [aria-current="true"]', (els) => els.length), 0);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'cluster-back');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="cluster-view"]', { state: 'visible' });
  await page.focus('[data-open="web/report"]');
  // Space on the button is the button's: it opens the row and does not start the clock.
  await page.keyboard.press(' ');
  await opened(page);
  assert.deepEqual((await slots(page, 'report')).map((s) => s.time), ['2026-11-23T02:30:00Z']);
  assert.equal(await inView(page, '[data-cronjob="report"] [data-testid="slot"] .shape'), true);
  assert.equal(await page.getAttribute('[data-testid="play"]', 'aria-pressed'), 'false');
  // Opening changes nothing in the editor.
  assert.equal(await manifest(page), handChecked);
  assert.deepEqual(page.errors, []);
  await context.close();
});

/** The shown rows as `namespace/name`, once the filter's answer is in. */
async function shownRows(page) {
  await page.waitForSelector('[data-testid="cluster-groups"][aria-busy="false"]');
  return page.$$eval('[data-testid="cluster-row"]', (els) =>
    els.map((e) => `${e.closest('.cluster-ns').dataset.namespace}/${e.dataset.name}`));
}

/** The window's Jobs as [job, line]. */
async function hitsShown(page) {
  await page.waitForSelector('[data-testid="cluster-groups"][aria-busy="false"]');
  return page.$$eval('[data-testid="cluster-hit"]', (els) => els.map((e) => [e.dataset.job, e.textContent]));
}

test('the filter bar: search by name, only Forbid, what starts between 02:00 and 03:00, a bad window', async () => {
  const { context, page } = await openPlayground(env, { viewport: { width: 1440, height: 900 }, timezoneId: 'UTC' });
  await pasteUntil(page, handChecked, () => document.querySelectorAll('[data-testid="cluster-row"]').length === 10);
  await page.fill('[data-testid="cluster-search"]', 'backup');
  assert.deepEqual(await shownRows(page), ['web/backup', 'billing/backup']);
  assert.deepEqual(await page.$$eval('.cluster-ns summary', (els) => els.map((e) => e.textContent)), ['web (1)', 'billing (1)']);
  await page.fill('[data-testid="cluster-search"]', 'no-such-cronjob');
  await page.waitForSelector('[data-testid="cluster-no-match"]');
  assert.equal(await page.textContent('[data-testid="cluster-no-match"]'), 'No CronJob matches.');
  await page.fill('[data-testid="cluster-search"]', '');
  await page.selectOption('[data-testid="cluster-only"]', { index: 3 });
  assert.equal(await page.$eval('[data-testid="cluster-only"]', (s) => s.selectedOptions[0].textContent), 'only concurrencyPolicy: Forbid');
  assert.deepEqual(await shownRows(page), ['web/index', 'billing/ledger']);
  // 02:00–03:00 UTC (the viewer's zone here): the five 02:00 Jobs and the 02:30 report, as
  // `cronjob-playground cluster --window 02:00-03:00` lists them; none still running at 02:00.
  await page.fill('[data-testid="cluster-window"]', '02:00-03:00');
  await page.press('[data-testid="cluster-window"]', 'Enter');
  await page.waitForSelector('[data-testid="cluster-hit"]');
  assert.deepEqual(await hitsShown(page), [
    ['ledger-29923320', '2026-11-23 02:00 → 2026-11-23 02:00 ledger-29923320 (billing/ledger)'],
    ['index-29923320', '2026-11-23 02:00 → 2026-11-23 02:00 index-29923320 (web/index)'],
  ]);
  await page.selectOption('[data-testid="cluster-only"]', { index: 0 });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="cluster-hit"]').length === 6);
  assert.deepEqual((await hitsShown(page)).map(([job, line]) => [job, line.match(/\((.*)\)$/)[1]]), [
    ['backup-29923320', 'billing/backup'], ['invoices-29923320', 'billing/invoices'], ['ledger-29923320', 'billing/ledger'],
    ['backup-29923320', 'web/backup'], ['index-29923320', 'web/index'], ['report-29923350', 'web/report'],
  ]);
  assert.equal(await page.$$eval('[data-testid="cluster-hit"][data-running="true"]', (els) => els.length), 0);
  assert.deepEqual(await shownRows(page),
    ['web/backup', 'web/index', 'web/report', 'billing/backup', 'billing/invoices', 'billing/ledger']);
  await page.fill('[data-testid="cluster-window"]', '2-3');
  await page.press('[data-testid="cluster-window"]', 'Enter');
  await page.waitForSelector('[data-testid="cluster-window-error"]');
  assert.equal(await page.textContent('[data-testid="cluster-window-error"]'),
    'window "2-3": write HH:MM-HH:MM (each day, in the zone) or <RFC 3339>..<RFC 3339>');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('an opened row on a desktop and a phone, light and dark', async () => {
  for (const [width, height] of [[1440, 900], [390, 844]]) {
    for (const colorScheme of ['light', 'dark']) {
      const phone = width < 500;
      const { context, page } = await openPlayground(env, { viewport: { width, height }, colorScheme, isMobile: phone, hasTouch: phone });
      await pasteUntil(page, handChecked, () => document.querySelectorAll('[data-testid="cluster-row"]').length === 10);
      await page.click('[data-open="billing/sync"]');
      await opened(page);
      await page.click('[data-testid="job"][data-job="sync-29923560"]');
      await inspector(page);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= width, `the page is ${wide} px wide`);
      await page.screenshot({ path: path.join(shots, `cluster-open-${width}-${colorScheme}.png`) });
      // Back to the table: as it was, and no wider than the screen either.
      await page.click('[data-testid="cluster-back"]');
      await page.waitForSelector('[data-testid="cluster-view"]', { state: 'visible' });
      const back = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(back <= width, `the page is ${back} px wide`);
      await page.screenshot({ path: path.join(shots, `cluster-back-${width}-${colorScheme}.png`) });
      await context.close();
    }
  }
});

test('the filter bar on a desktop and a phone, light and dark, without sideways scrolling', async () => {
  for (const [width, height] of [[1440, 900], [390, 844]]) {
    for (const colorScheme of ['light', 'dark']) {
      const phone = width < 500;
      const { context, page } = await openPlayground(env,
        { viewport: { width, height }, colorScheme, isMobile: phone, hasTouch: phone, timezoneId: 'UTC' });
      await pasteUntil(page, handChecked, () => document.querySelectorAll('[data-testid="cluster-row"]').length === 10);
      await page.selectOption('[data-testid="cluster-only"]', { index: 3 });
      await page.fill('[data-testid="cluster-window"]', '02:00-03:00');
      await page.press('[data-testid="cluster-window"]', 'Enter');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="cluster-hit"]').length === 2);
      assert.deepEqual(await shownRows(page), ['web/index', 'billing/ledger']);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= width, `the page is ${wide} px wide`);
      await page.locator('[data-testid="cluster-filter"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `cluster-filter-${width}-${colorScheme}.png`) });
      await context.close();
    }
  }
});

/** Clicks `button` of the what-ifs; resolves, once the what-if is drawn, to its peaks and its CronJobs. */
async function whatIf(page, button) {
  await page.click(`[data-testid="${button}"]`);
  await page.waitForSelector('[data-testid="whatif-result"]', { timeout: 60000 });
  const peaks = (strip) => page.$$eval(`[data-testid="${strip}"] li`, (els) => els.map((e) => e.textContent));
  const differences = await page.$$eval('[data-testid="whatif-cronjob"]', (els) => els.map((e) => e.dataset.cronjob));
  return { baseline: await peaks('whatif-baseline'), variant: await peaks('whatif-variant'), differences };
}

test('the 02:00 pile-up: the stagger diff to copy, and Compare shows the peak gone', async () => {
  const { context, page } = await openPlayground(env, { viewport: { width: 1440, height: 900 } });
  await pasteUntil(page, handChecked, () => document.querySelectorAll('[data-testid="cluster-row"]').length === 10);
  // Four of the five 02:00 CronJobs move 1 to 4 minutes (a daily CronJob may move up to 30); web/index stays.
  const diff = await page.textContent('[data-testid="stagger-diff"]');
  assert.deepEqual(diff.split('\n').filter((l) => l.startsWith('+')), [
    '+ schedule: "1 2 * * *"', '+ schedule: "2 2 * * *"', '+ schedule: "3 2 * * *"', '+ schedule: "4 2 * * *"',
  ]);
  assert.match(diff, /^# billing\/backup: 1 min later\n- schedule: "0 2 \* \* \*"\n\+ schedule: "1 2 \* \* \*"\n/);
  // Copy: the clipboard where the browser allows it, and the lines selected in any case.
  await page.click('[data-testid="stagger-copy"]');
  assert.equal((await page.evaluate(() => getSelection().toString())).trim(), diff.trim());
  const text = await manifest(page);
  const got = await whatIf(page, 'whatif-stagger');
  assert.deepEqual(got.baseline, ['02:00 Mon 23 Nov: 5 Jobs start within 1 minute']);
  assert.deepEqual(got.variant, []);
  assert.equal(await page.textContent('[data-testid="whatif-variant"] [data-testid="whatif-no-peaks"]') !== null, true);
  assert.deepEqual(got.differences, ['web/backup', 'billing/backup', 'billing/invoices', 'billing/ledger']);
  const moved = await page.$$eval('[data-cronjob="web/backup"] li', (els) => els.map((e) => e.textContent));
  assert.ok(moved.includes('backup slot 2026-11-23T02:04:00Z only in B: ran-on-time (backup-29923324)'), moved.join('\n'));
  // The editor's text is never changed: the user copies the lines.
  assert.equal(await manifest(page), text);
  await page.screenshot({ path: path.join(shots, 'cluster-whatif-1440-light.png'), fullPage: true });
  await context.close();
});

test('the controller down 02:00-02:30: the five 02:00 runs start late at 02:30, with the 02:30 one', async () => {
  const { context, page } = await openPlayground(env, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  await pasteUntil(page, handChecked, () => document.querySelectorAll('[data-testid="cluster-row"]').length === 10);
  await page.fill('[data-testid="whatif-from"]', '02:00');
  await page.fill('[data-testid="whatif-minutes"]', '30');
  await page.dispatchEvent('[data-testid="whatif-minutes"]', 'change');
  await page.click('[data-testid="whatif-outage"]');
  await page.waitForSelector('[data-testid="whatif-result"]', { timeout: 60000 });
  const variant = await page.$$eval('[data-testid="whatif-variant"] li', (els) => els.map((e) => e.textContent));
  const differences = await page.$$eval('[data-testid="whatif-cronjob"]', (els) => els.map((e) => e.dataset.cronjob));
  // Back at 02:30, each CronJob's missed 02:00 start is made then (no startingDeadlineSeconds: late, not
  // lost), together with web/report's own 02:30: the pile-up moves half an hour and grows to six.
  assert.deepEqual(variant, ['02:30 Mon 23 Nov: 6 Jobs start within 1 minute']);
  assert.deepEqual(differences, ['web/backup', 'web/report', 'web/index', 'billing/backup', 'billing/invoices', 'billing/ledger']);
  const late = await page.$$eval('[data-cronjob="web/backup"] li', (els) => els.map((e) => e.textContent));
  assert.equal(late[0], 'backup slot 2026-11-23T02:00:00Z: A ran-on-time (backup-29923320), B ran-late (backup-29923320)');
  await page.screenshot({ path: path.join(shots, 'cluster-whatif-390-dark.png'), fullPage: true });
  await context.close();
});
