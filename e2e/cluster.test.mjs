// End-to-end: the cluster view. A small hand-checked List gives its rows by namespace, its one
// peak and the order by runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPlayground } from './harness.mjs';
import { setManifest } from './playground.mjs';

const env = useBrowser();

const cronJob = (ns, name, schedule) => `- apiVersion: batch/v1
  kind: CronJob
  metadata: {name: ${name}, namespace: ${ns}, creationTimestamp: "2026-11-22T23:59:00Z"}
  spec:
    schedule: "${schedule}"
    jobTemplate: {spec: {template: {spec: {restartPolicy: OnFailure, containers: [{name: c, image: busybox}]}}}}
`;
const list = (items, sim = '') => `apiVersion: v1\nkind: List\nitems:\n${items.join('')}${sim}`;

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
