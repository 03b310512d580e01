// End-to-end: the page behaves the same way wherever the user's text could be replaced. A share
// link put into the address of a tab that already shows the page is opened (asking first when it
// differs from the text there); a lint finding's "open this probe" asks before replacing the
// user's own text, as the scenarios do, and keeps it to bring back. The page has an icon of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useBrowser, shots, openPlayground } from './harness.mjs';
import { setManifest, manifest, waitForRun, generation } from './playground.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const seed = (id) => fs.readFileSync(path.join(here, '..', 'scenarios', id, 'scenario.yaml'), 'utf8');
const env = useBrowser();
const viewport = { width: 1440, height: 900 };

test('a share link put into the address of an open tab is opened', async () => {
  const { context: a, page: maker } = await openPlayground(env, { viewport });
  await setManifest(maker, seed('forbid-catch-up'));
  await maker.click('[data-testid="share"]');
  await maker.waitForSelector('[data-testid="share-link"]');
  const link = await maker.inputValue('[data-testid="share-link"]');
  await a.close();

  const { context: b, page } = await openPlayground(env, { viewport });
  const mine = seed('retroactive-schedule-edit').replace('name: cron-test', 'name: mine');
  await setManifest(page, mine);
  // The tab's text differs: it asks, and declining keeps the text.
  await page.evaluate((h) => { location.hash = h; }, new URL(link).hash);
  await page.waitForSelector('[data-testid="share-confirm"]');
  await page.screenshot({ path: path.join(shots, 'share-hashchange.png') });
  await page.click('[data-testid="share-keep"]');
  await page.waitForFunction(() => location.hash === '');
  assert.equal(await manifest(page), mine);
  // Again, and opening it replaces the text with the link's.
  const g = await generation(page);
  await page.evaluate((h) => { location.hash = h; }, new URL(link).hash);
  await page.click('[data-testid="share-open"]');
  await waitForRun(page, g);
  await page.waitForFunction(() => location.hash === '');
  assert.equal(await manifest(page), seed('forbid-catch-up'));
  assert.deepEqual(page.errors, []);
  await b.close();
});

test('opening a lint probe asks before replacing the user\'s own text, and keeps it', async () => {
  const { context, page } = await openPlayground(env, { viewport });
  // A Berlin nightly job at 02:30: the lint finds its DST-skipped and doubled runs, each with a probe.
  const mine = 'apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: nightly}\nspec:\n  schedule: "30 2 * * *"\n  timeZone: Europe/Berlin\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers: [{name: c, image: busybox}]\n';
  await setManifest(page, mine);
  await page.click('[data-testid="lint-toggle"]');
  await page.click('[data-testid="lint-use-editor"]');
  await page.fill('[data-testid="lint-at"]', '2024-01-10T00:00:00Z');
  await page.click('[data-testid="lint-run"]');
  await page.waitForSelector('[data-testid="lint-results"] [data-testid="finding-open"]', { timeout: 60000 });
  // Declined: nothing changes.
  let asked = '';
  page.once('dialog', (d) => { asked = d.message(); d.dismiss(); });
  await page.click('[data-testid="finding-open"]');
  await page.waitForTimeout(300);
  assert.match(asked, /^Open this probe\? It replaces your text in the editor; your text is kept/);
  assert.equal(await manifest(page), mine);
  // Accepted: the probe runs, and "Back to my own text" brings the text back.
  const g = await generation(page);
  page.once('dialog', (d) => d.accept());
  await page.click('[data-testid="finding-open"]');
  await waitForRun(page, g);
  assert.notEqual(await manifest(page), mine);
  await page.click('[data-testid="lint-restore-own-text"]');
  await page.waitForFunction((t) => globalThis.CronJobEditor?.current?.state.doc.toString() === t, mine);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the page has its own icon, from its own files', async () => {
  const { context, page } = await openPlayground(env, { viewport });
  const href = await page.$eval('link[rel="icon"]', (l) => l.href);
  assert.ok(href.startsWith(env.server.base), href);
  const res = await page.request.get(href);
  assert.equal(res.status(), 200);
  assert.match(res.headers()['content-type'], /^image\/svg\+xml/);
  assert.match(await res.text(), /^<svg /);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('an input error is said once, where the editor lists it; waits read in hours and minutes', async () => {
  const { context, page } = await openPlayground(env, { viewport });
  await setManifest(page, seed('retroactive-schedule-edit').replace('duration: 30m', 'duration: soon'));
  const [diag] = await page.$$eval('[data-testid="diagnostic"]', (els) => els.map((e) => ({ ...e.dataset, text: e.textContent })));
  assert.match(diag.text, /Simulation: invalid duration "soon"/);
  assert.equal(await page.textContent('[data-testid="timeline-error"]'),
    `Nothing to simulate until the error at line ${diag.line}, column ${diag.column} of the editor is fixed.`);
  assert.equal((await page.evaluate(() => document.body.innerText)).split('invalid duration "soon"').length - 1, 1);
  await page.screenshot({ path: path.join(shots, 'error-once.png') });
  // The retroactive Job's reasons: the controller's requeue waits and lateness in h and m.
  await setManifest(page, seed('retroactive-schedule-edit'));
  await page.click('[data-testid="job"][data-job="cron-test-27991510"]');
  await page.waitForSelector('[data-testid="explanation"][aria-busy="false"]');
  const reasons = await page.$$eval('[data-testid="reason"] p', (ps) => ps.map((p) => p.textContent).join('\n'));
  assert.match(reasons, /, 6 m after the slot\./);
  assert.doesNotMatch(reasons, /\(in \d{4,}(\.\d+)? s\)/);
  assert.deepEqual(page.errors, []);
  await context.close();
});
