// End-to-end: the built page loads with its editor (CodeMirror, or the textarea fallback), keeps
// the user's text across a reload, shows the validator's diagnostics inline, and switches themes.
// Run: (cd e2e && node --test) after `trunk build --release`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { useBrowser, shots, openPlayground } from './harness.mjs';
import { ready, setManifest, manifest, data } from './playground.mjs';

const env = useBrowser();

test('the page shows its title, CodeMirror editor with the example, and the timeline', async () => {
  const { context, page } = await openPlayground(env, { viewport: { width: 1440, height: 900 } });
  assert.equal(await page.textContent('[data-testid="title"]'), 'CronJob Playground');
  assert.equal(await page.title(), 'CronJob Playground');
  assert.ok(await page.$('.cm-editor'), 'CodeMirror is bundled and loaded');
  assert.match(await manifest(page), /\napiVersion: batch\/v1\nkind: CronJob\nmetadata:\n  name: cron-test\n/);
  assert.ok(await page.isVisible('[data-testid="timeline"]'));
  assert.equal(await page.getAttribute('[aria-label="Manifest (YAML or JSON)"]', 'contenteditable'), 'true');
  await page.screenshot({ path: path.join(shots, 'shell.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the editor text survives a reload', async () => {
  const { context, page } = await openPlayground(env, {});
  const text = 'apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: kept\n';
  await setManifest(page, text);
  assert.match(await page.textContent('[data-testid="editor-status"]'), /^4 lines · saved in this browser/);
  await page.reload();
  await ready(page);
  assert.equal(await manifest(page), text);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the textarea fallback works and diagnostics point at line and column', async () => {
  const { context, page } = await openPlayground(env, {}, '?editor=plain');
  assert.equal(await page.$('.cm-editor'), null);
  const bad = 'apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: hello\nspec:\n  schedule: "61 * * * *"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers: [{name: c, image: busybox}]\n';
  await setManifest(page, bad);
  const diags = await data(page, '[data-testid="diagnostic"]');
  assert.equal(diags.length, 1);
  assert.deepEqual([diags[0].line, diags[0].column], ['6', '13']);
  assert.match(await page.textContent('[data-testid="diagnostic"]'),
    /spec\.schedule: Invalid value: "61 \* \* \* \*": end of range \(61\) above maximum \(59\): 61/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('CodeMirror marks the error inline, and the theme toggles and persists', async () => {
  const { context, page } = await openPlayground(env, { viewport: { width: 1440, height: 900 } });
  const bad = 'apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: hello\nspec:\n  schedule: "61 * * * *"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers: [{name: c, image: busybox}]\n';
  await setManifest(page, bad);
  await page.waitForSelector('.cm-lintRange-error');
  assert.equal(await page.textContent('.cm-lintRange-error'), '"61 * * * *"');
  await page.click('[data-testid="theme"]');
  const theme = await page.evaluate(() => document.documentElement.dataset.theme);
  await page.screenshot({ path: path.join(shots, `diagnostics-${theme}.png`) });
  await page.reload();
  await ready(page);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), theme);
  assert.deepEqual(page.errors, []);
  await context.close();
});
