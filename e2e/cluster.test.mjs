// End-to-end: the cluster view. A dump of 200 CronJobs (tests/data/cluster-200.yaml, made by
// scripts/cluster-fixture.py) opens into one row per CronJob under the density strip and its peaks;
// a small hand-checked List gives its rows and its one peak; 1,000 CronJobs are refused in the
// page's words; a phone's width has no horizontal overflow.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useBrowser, shots, openPlayground } from './harness.mjs';
import { setManifest } from './playground.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dump = fs.readFileSync(path.join(here, '..', 'tests', 'data', 'cluster-200.yaml'), 'utf8');
const env = useBrowser();

const cronJob = (ns, name, schedule) => `- apiVersion: batch/v1
  kind: CronJob
  metadata: {name: ${name}, namespace: ${ns}, creationTimestamp: "2026-11-22T23:59:00Z"}
  spec:
    schedule: "${schedule}"
    jobTemplate: {spec: {template: {spec: {restartPolicy: OnFailure, containers: [{name: c, image: busybox}]}}}}
`;
const list = (items, sim = '') => `apiVersion: v1\nkind: List\nitems:\n${items.join('')}${sim}`;

test('200 CronJobs open into the cluster view: rows by namespace, the density strip and its peaks', async () => {
  const { context, page } = await openPlayground(env, { viewport: { width: 1440, height: 900 } });
  const t0 = Date.now();
  await page.click('.cm-content');
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(dump);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="cluster-row"]').length === 200, null, { timeout: 60000 });
  const ms = Date.now() - t0;
  console.log(`cluster-200: paste → cluster view drawn ${ms} ms (load ${os.loadavg()[0].toFixed(2)})`);
  const summary = await page.textContent('[data-testid="cluster-summary"]');
  assert.match(summary, /^200 CronJobs in \d+ namespaces, simulated together from /);
  const peaks = await page.$$eval('[data-testid="cluster-peaks"] li', (els) => els.map((e) => e.textContent));
  assert.ok(peaks.length > 0);
  for (const p of peaks) assert.match(p, /: \d+ Jobs start within 1 minute$/);
  assert.ok(await page.$('[data-testid="cluster-density"] path[d^="M"]'));
  await page.screenshot({ path: path.join(shots, 'cluster-desktop.png') });
  await context.close();
});

test('a hand-checked List: its rows, the one pile-up at 02:00, sorting by runs', async () => {
  const { context, page } = await openPlayground(env, { viewport: { width: 1440, height: 900 } });
  // Five CronJobs start at 02:00 (a pile-up: five or more in one minute), one at 02:30, one every six hours.
  const items = [
    cronJob('web', 'backup', '0 2 * * *'), cronJob('web', 'report', '30 2 * * *'), cronJob('web', 'index', '0 2 * * *'),
    cronJob('billing', 'backup', '0 2 * * *'), cronJob('billing', 'invoices', '0 2 * * *'),
    cronJob('billing', 'ledger', '0 2 * * *'), cronJob('billing', 'sync', '0 */6 * * *'),
  ];
  const sim = "---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec: {start: '2026-11-23T00:00:00Z', duration: 1d}\n";
  await setManifest(page, list(items, sim));
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="cluster-row"]').length === 7, null, { timeout: 30000 });
  const peaks = await page.$$eval('[data-testid="cluster-peaks"] li', (els) => els.map((e) => e.textContent));
  assert.equal(peaks.length, 1);
  assert.match(peaks[0], /^02:00 Mon 23 Nov: 5 Jobs start within 1 minute$/);
  const groups = await page.$$eval('.cluster-ns', (els) => els.map((e) => e.dataset.namespace));
  assert.deepEqual(groups, ['web', 'billing']);
  await page.selectOption('[data-testid="cluster-sort"]', 'runs');
  const billing = await page.$$eval('[data-namespace="billing"] [data-testid="cluster-row"]', (els) =>
    els.map((e) => [e.dataset.name, e.children[3].textContent]));
  assert.deepEqual(billing, [['sync', '4'], ['backup', '1'], ['invoices', '1'], ['ledger', '1']]);
  await context.close();
});

test('1,000 CronJobs are refused with the page\'s words', async () => {
  const { context, page } = await openPlayground(env, { viewport: { width: 1440, height: 900 } });
  const items = Array.from({ length: 1000 }, (_, i) => cronJob(`ns-${i % 20}`, `job-${i}`, `${i % 60} * * * *`));
  await page.click('.cm-content');
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(list(items));
  const refused = await page.waitForSelector('[data-testid="cluster-refused"]', { timeout: 60000 });
  assert.equal(await refused.textContent(),
    '1000 CronJobs: the cluster view simulates at most 500 together. Paste fewer CronJobs, one namespace for example.');
  await context.close();
});

for (const colorScheme of ['light', 'dark']) {
  test(`a phone (390×844, ${colorScheme}) shows the cluster view without horizontal overflow`, async () => {
    const { context, page } = await openPlayground(env, { viewport: { width: 390, height: 844 }, colorScheme, isMobile: true });
    await page.click('.cm-content');
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(dump);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="cluster-row"]').length === 200, null, { timeout: 60000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0);
    await page.locator('[data-testid="cluster"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, `cluster-phone-${colorScheme}.png`) });
    if (colorScheme === 'dark') {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: path.join(shots, 'cluster-desktop-dark.png') });
    }
    await context.close();
  });
}
