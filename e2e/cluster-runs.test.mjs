// End-to-end: the cluster view's runs as the text changes and as the page's language and locale
// read them. A keystroke while a cluster run of 200 CronJobs is going drops it, and only the newer
// text's run is drawn; the Japanese and Korean pages refuse 1,000 CronJobs in their own words; the
// outage what-if's start is typed on a 24-hour clock whatever the browser's locale, and a time
// it cannot read is refused with the reason; a dump written as kubectl's JSON or with its kinds
// quoted opens into the cluster view as the plain YAML does; the what-ifs' controls fit a desktop and a phone,
// light and dark, without sideways scrolling.
//
// Big texts go in as a paste event (`pasteUntil` of cluster-dumps.mjs), as in cluster.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { useBrowser, openPlayground, shots } from './harness.mjs';
import { dump200, dump1000, cronJob, list, pasteUntil } from './cluster-dumps.mjs';

const env = useBrowser();

test('a keystroke during a cluster run drops it: only the newer text\'s run is drawn', async () => {
  const { context, page } = await openPlayground(env, { viewport: { width: 1440, height: 900 } });
  // The 200 CronJobs and one more, in a namespace of its own, whose name ends the text: the
  // editor's cursor stands after `probe` once the text is pasted.
  const text = `${dump200.trimEnd()}
- apiVersion: batch/v1
  kind: CronJob
  spec:
    schedule: "0 3 * * *"
    jobTemplate: {spec: {template: {spec: {restartPolicy: OnFailure, containers: [{name: c, image: busybox}]}}}}
  metadata:
    namespace: zz-probe
    creationTimestamp: "2026-03-02T12:00:00Z"
    name: probe`;
  // Every name the probe's namespace shows, from the first paint of any of its rows on.
  await page.evaluate(() => {
    window.__probeNames = new Set();
    new MutationObserver(() => {
      for (const row of document.querySelectorAll('[data-namespace="zz-probe"] [data-testid="cluster-row"]')) {
        window.__probeNames.add(row.dataset.name);
      }
    }).observe(document.body, { subtree: true, childList: true });
  });
  // The run of the pasted text is going (namespaces counted)...
  await pasteUntil(page, text, () => /^Simulating the cluster: namespace \d+ of 11…$/
    .test(document.querySelector('[data-testid="cluster-status"]')?.textContent ?? ''));
  const status = await page.textContent('[data-testid="cluster-status"]');
  // ... when a keystroke makes the last CronJob `probe2`.
  await page.keyboard.type('2');
  await page.waitForFunction(() => document.querySelector('[data-namespace="zz-probe"] [data-testid="cluster-row"]')
    && document.querySelector('[data-testid="cluster-view"]:not(.stale)'), null, { timeout: 60000, polling: 'raf' });
  assert.match(status, /^Simulating the cluster: namespace (\d|10) of 11…$/);
  assert.deepEqual(await page.evaluate(() => [...window.__probeNames]), ['probe2']);
  assert.equal(await page.$$eval('[data-testid="cluster-row"]', (els) => els.length), 201);
  assert.match(await page.textContent('[data-testid="cluster-summary"]'), /^201 CronJobs in 11 namespaces, simulated together from /);
  assert.equal(await page.textContent('[data-testid="cluster-status"]'), '');
  assert.deepEqual(page.errors, []);
  await context.close();
});

for (const [locale, refusal] of [
  ['ja-JP', 'CronJob が 1000 個あります: クラスタービューがまとめてシミュレートできるのは 500 個までです。CronJob を減らして (例えば 1 つの Namespace だけを) 貼り付けてください。'],
  ['ko-KR', '크론잡이 1000개입니다: 클러스터 보기는 한 번에 500개까지 함께 시뮬레이션합니다. 크론잡을 줄여서(예: 네임스페이스 하나만) 붙여 넣어 주세요.'],
]) {
  test(`the ${locale} page refuses 1,000 CronJobs in its language`, async () => {
    const { context, page } = await openPlayground(env, { viewport: { width: 1440, height: 900 }, locale });
    await pasteUntil(page, dump1000, () => document.querySelector('[data-testid="cluster-refused"]'));
    // The page shows English until its language's words arrive from the engine.
    await page.waitForFunction((t) => document.querySelector('[data-testid="cluster-refused"]').textContent === t, refusal);
    assert.equal(await page.textContent('[data-testid="cluster-refused"]'), refusal);
    assert.equal(await page.$$eval('[data-testid="cluster-row"]', (els) => els.length), 0);
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}

// Ten CronJobs, five of them at 02:00 (cluster.test.mjs's hand-checked List without its policies), over one day.
const tenCronJobs = list([
  cronJob('web', 'backup', '0 2 * * *'), cronJob('web', 'report', '30 2 * * *'), cronJob('web', 'index', '0 2 * * *'),
  cronJob('billing', 'backup', '0 2 * * *'), cronJob('billing', 'invoices', '0 2 * * *'),
  cronJob('billing', 'ledger', '0 2 * * *'), cronJob('billing', 'sync', '0 */6 * * *'),
  cronJob('ops', 'audit', '10 9 * * *'), cronJob('ops', 'cleanup', '45 12 * * *'), cronJob('ops', 'rotate', '15 18 * * *'),
], "---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec: {start: '2026-11-23T00:00:00Z', duration: 1d}\n");

/** The same ten CronJobs as `kubectl get cronjobs -A -o json` prints them (four-space indent). */
const tenAsJson = JSON.stringify({
  apiVersion: 'v1',
  items: ['web/backup', 'web/report', 'web/index', 'billing/backup', 'billing/invoices', 'billing/ledger',
    'billing/sync', 'ops/audit', 'ops/cleanup', 'ops/rotate'].map((id) => {
    const [namespace, name] = id.split('/');
    return {
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: { creationTimestamp: '2026-11-22T23:59:00Z', name, namespace },
      spec: {
        jobTemplate: { spec: { template: { spec: { containers: [{ image: 'busybox', name: 'c' }], restartPolicy: 'OnFailure' } } } },
        schedule: '0 2 * * *',
      },
    };
  }),
  kind: 'List',
  metadata: { resourceVersion: '' },
}, null, 4);

for (const [form, text] of [
  ['kubectl\'s JSON', tenAsJson],
  ['YAML with the kind quoted', tenCronJobs.replaceAll('kind: CronJob', 'kind: "CronJob"')],
]) {
  test(`ten CronJobs written as ${form} open into the cluster view`, async () => {
    const { context, page } = await openPlayground(env, { viewport: { width: 1440, height: 900 } });
    await pasteUntil(page, text, () => document.querySelectorAll('[data-testid="cluster-row"]').length === 10);
    assert.match(await page.textContent('[data-testid="cluster-summary"]'), /^10 CronJobs in 3 namespaces, simulated together from /);
    assert.deepEqual(await page.$$eval('[data-namespace="ops"] [data-testid="cluster-row"]', (els) => els.map((e) => e.dataset.name)),
      ['audit', 'cleanup', 'rotate']);
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}

/** Types `text` as the outage's start (leaving the field, as a person moves on). */
async function typeStart(page, text) {
  await page.fill('[data-testid="whatif-from"]', text);
  await page.press('[data-testid="whatif-from"]', 'Tab');
}

test('the outage starts at a time typed on a 24-hour clock in an English locale; other texts are refused', async () => {
  const { context, page } = await openPlayground(env, { viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  await pasteUntil(page, tenCronJobs, () => document.querySelectorAll('[data-testid="cluster-row"]').length === 10);
  const field = '[data-testid="whatif-from"]';
  assert.equal(await page.getAttribute(field, 'type'), 'text');
  assert.equal(await page.inputValue(field), '00:00');
  const refused = 'Write the time as HH:MM on a 24-hour clock, 00:00 to 23:59 (UTC).';
  for (const text of ['2 PM', '24:00', '14:60', '7:5', '']) {
    await typeStart(page, text);
    assert.equal(await page.textContent('[data-testid="whatif-from-error"]'), refused, text);
    assert.equal(await page.getAttribute(field, 'aria-invalid'), 'true');
    assert.equal(await page.isDisabled('[data-testid="whatif-outage"]'), true);
  }
  // 14:30 stays 14:30 (no AM/PM), and the outage from then runs: nothing starts or runs between
  // 14:30 and 15:00 in this List, so both runs are the same.
  await typeStart(page, '14:30');
  assert.equal(await page.inputValue(field), '14:30');
  assert.equal(await page.$$eval('[data-testid="whatif-from-error"]', (els) => els.length), 0);
  assert.equal(await page.getAttribute(field, 'aria-invalid'), 'false');
  await page.click('[data-testid="whatif-outage"]');
  await page.waitForSelector('[data-testid="whatif-result"]', { timeout: 60000 });
  assert.equal(await page.textContent('[data-testid="whatif-same"]') !== null, true);
  // 02:00 for 30 minutes: the five 02:00 runs start late at 02:30, with web/report's own.
  await typeStart(page, '02:00');
  await page.fill('[data-testid="whatif-minutes"]', '30');
  await page.press('[data-testid="whatif-minutes"]', 'Tab');
  await page.click('[data-testid="whatif-outage"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="whatif-cronjob"]').length > 0, null, { timeout: 60000 });
  assert.deepEqual(await page.$$eval('[data-testid="whatif-variant"] li', (els) => els.map((e) => e.textContent)),
    ['02:30 Mon 23 Nov: 6 Jobs start within 1 minute']);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the what-ifs\' controls on a desktop and a phone, light and dark, without sideways scrolling', async () => {
  for (const [width, height] of [[1440, 900], [390, 844]]) {
    for (const colorScheme of ['light', 'dark']) {
      const phone = width < 500 ? { isMobile: true, hasTouch: true } : {};
      const { context, page } = await openPlayground(env, { viewport: { width, height }, colorScheme, ...phone });
      await pasteUntil(page, tenCronJobs, () => document.querySelectorAll('[data-testid="cluster-row"]').length === 10);
      // Copy and Compare side by side on one line, as the outage's and the release's buttons are.
      const tops = await page.$$eval('[data-testid="stagger-copy"], [data-testid="whatif-stagger"]',
        (els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
      assert.equal(tops[0], tops[1], `${width} ${colorScheme}: ${tops}`);
      await typeStart(page, '7 PM');
      await page.waitForSelector('[data-testid="whatif-from-error"]');
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= width, `${width} ${colorScheme}: the page is ${wide} px wide`);
      await page.locator('[data-testid="cluster-whatif"]').scrollIntoViewIfNeeded();
      await page.locator('[data-testid="cluster-whatif"]').screenshot({ path: path.join(shots, `cluster-whatif-controls-${width}-${colorScheme}.png`) });
      await context.close();
    }
  }
});
