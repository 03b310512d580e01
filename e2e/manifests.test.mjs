// End-to-end: the manifests people really paste. An install file simulates its CronJob and lists
// the other objects in a quiet notice; a `kubectl get jobs` dump says that the Jobs' CronJob is not
// in the text; a command that says what the pod does (`sleep 20 && exit 1`) sets the pods'
// behaviour until the controls override it. Screenshots at desktop and phone sizes, light and dark.
// Run: (cd e2e && node --test) after `trunk build --release`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openPage } from './browser.mjs';
import { useBrowser, shots } from './harness.mjs';
import { ready, setManifest, jobs, waitForRun, generation } from './playground.mjs';

const env = useBrowser();
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'tests', 'data', 'manifests');
const fixture = (name) => readFileSync(path.join(fixtures, name), 'utf8');

test('an install file simulates its CronJob and lists the other kinds as not simulated', async () => {
  for (const [viewport, theme] of [[{ width: 1440, height: 900 }, 'light'], [{ width: 390, height: 844 }, 'dark']]) {
    const context = await env.browser.newContext({ viewport, colorScheme: theme });
    const page = await openPage(context, env.server.base + '?editor=plain');
    await ready(page);
    await setManifest(page, fixture('install.yaml'));
    assert.equal(await page.textContent('[data-testid="not-simulated"]'),
      'Not simulated (the playground runs CronJobs and Jobs): ServiceAccount report-exporter, Role report-exporter, '
      + 'RoleBinding report-exporter, ConfigMap report-settings, Deployment report-web');
    assert.deepEqual((await jobs(page)).map((j) => j.job), ['report-export-29016150']);
    assert.equal(await page.$$eval('[data-testid="diagnostic"].error', (els) => els.length), 0);
    await page.screenshot({ path: path.join(shots, `manifests-install-${viewport.width}-${theme}.png`), fullPage: false });
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('a kubectl get dump of Jobs says their CronJob is not in the text', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await openPage(context, env.server.base + '?editor=plain');
  await ready(page);
  await setManifest(page, fixture('orphaned-jobs.yaml'));
  assert.match(await page.textContent('[data-testid="owner-not-in-input"]'),
    /^Job nightly-report-29110680: its CronJob nightly-report is not in the text\. Simulated as if nightly-report exists in the cluster/);
  assert.deepEqual((await jobs(page)).map((j) => j.job), ['nightly-report-29110680']);
  await page.screenshot({ path: path.join(shots, 'manifests-orphans.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the pods behave as their command says until the controls override it', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await openPage(context, env.server.base + '?editor=plain');
  await ready(page);
  const job = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: flaky\n  creationTimestamp: "2025-01-15T10:00:00Z"\n'
    + 'spec:\n  backoffLimit: 0\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n'
    + '      - name: c\n        image: busybox\n        command: ["sh", "-c", "echo start && sleep 20 && exit 1"]\n';
  await setManifest(page, job);
  const fieldset = '[data-testid="pod-behaviour"][data-workload="flaky"]';
  assert.equal(await page.textContent(`${fieldset} [data-testid="inferred"]`), 'From the command: sleep 20 · exit 1. Edit to override.');
  assert.equal(await page.inputValue(`${fieldset} [data-testid="attempt-duration"]`), '20');
  assert.equal(await page.inputValue(`${fieldset} [data-testid="attempt-exit"]`), '1');
  assert.deepEqual((await jobs(page)).map((j) => [j.job, j.outcome]), [['flaky', 'failed']]);
  await page.screenshot({ path: path.join(shots, 'manifests-inferred.png') });
  // An edit writes a pod rule, which takes precedence: the note goes, the Job succeeds.
  const before = await generation(page);
  await page.fill(`${fieldset} [data-testid="attempt-exit"]`, '0');
  await page.dispatchEvent(`${fieldset} [data-testid="attempt-exit"]`, 'change');
  await waitForRun(page, before);
  assert.equal(await page.$(`${fieldset} [data-testid="inferred"]`), null);
  assert.deepEqual((await jobs(page)).map((j) => [j.job, j.outcome]), [['flaky', 'complete']]);
  assert.deepEqual(page.errors, []);
  await context.close();
});
