// End-to-end: the manifests people really paste. An install file simulates its CronJob and lists
// the other objects (kind, name, line) in a quiet notice, in the reader's language; a look-alike
// CronJob of another API group is named as such; a `kubectl get jobs` dump says that the Jobs'
// CronJob is not in the text and what the garbage collector does about it; a command that says
// what the pod does (`sleep 20 && exit 1`) sets the pods' behaviour until the controls override
// it. Screenshots at desktop and phone sizes, light and dark (look at them).
// Run: (cd e2e && node --test) after `trunk build --release`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { useBrowser, shots, openPlayground } from './harness.mjs';
import { setManifest, jobs, waitForRun, generation } from './playground.mjs';

const env = useBrowser();
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'tests', 'data', 'manifests');
const fixture = (name) => readFileSync(path.join(fixtures, name), 'utf8');
const sizes = [[{ width: 1440, height: 900 }, 'light'], [{ width: 1440, height: 900 }, 'dark'],
  [{ width: 390, height: 844 }, 'light'], [{ width: 390, height: 844 }, 'dark']];

async function open(viewport, theme) {
  return openPlayground(env, { viewport, colorScheme: theme }, '?editor=plain');
}

const errors = (page) => page.$$eval('[data-testid="diagnostic"].error', (els) => els.length);

test('an install file simulates its CronJob and lists the other kinds as not simulated', async () => {
  for (const [viewport, theme] of sizes) {
    const { context, page } = await open(viewport, theme);
    await setManifest(page, fixture('install.yaml'));
    assert.equal(await page.textContent('[data-testid="not-simulated"]'),
      'Not simulated (the playground runs CronJobs and Jobs): ServiceAccount report-exporter (line 3), Role report-exporter (line 9), '
      + 'RoleBinding report-exporter (line 19), ConfigMap report-settings (line 33), Deployment report-web (line 42)');
    assert.deepEqual((await jobs(page)).map((j) => j.job), ['report-export-29016150']);
    assert.equal(await errors(page), 0);
    await page.screenshot({ path: path.join(shots, `manifests-install-${viewport.width}-${theme}.png`) });
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('the notices follow the reader\'s language', async () => {
  const { context, page } = await open({ width: 1440, height: 900 }, 'light');
  await setManifest(page, fixture('install.yaml'));
  await page.selectOption('[data-testid="language"]', 'ja');
  assert.match(await page.textContent('[data-testid="not-simulated"]'),
    /^シミュレーション対象外 \(CronJob と Job のみ実行します\): ServiceAccount report-exporter \(3 行目\), /);
  await page.selectOption('[data-testid="language"]', 'ko');
  assert.match(await page.textContent('[data-testid="not-simulated"]'),
    /^시뮬레이션하지 않음 \(CronJob과 Job만 실행\): ServiceAccount report-exporter \(3행\), /);
  await page.screenshot({ path: path.join(shots, 'manifests-install-ko.png') });
  await page.selectOption('[data-testid="language"]', 'en');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a look-alike CronJob of another API group is named, not simulated and not an error', async () => {
  const { context, page } = await open({ width: 1440, height: 900 }, 'light');
  await setManifest(page, fixture('kubebuilder-cronjob.yaml'));
  assert.match(await page.textContent('[data-testid="look-alike"]'),
    /^CronJob cronjob-sample \(line \d+\) is a custom resource of API group batch\.tutorial\.kubebuilder\.io, not batch: its own controller runs it/);
  assert.equal(await page.$('[data-testid="not-simulated"]'), null);
  assert.deepEqual(await jobs(page), []);
  assert.equal(await errors(page), 0);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a kubectl get dump of Jobs says their CronJob is not in the text and what the garbage collector does', async () => {
  for (const [viewport, theme] of sizes) {
    const { context, page } = await open(viewport, theme);
    await setManifest(page, fixture('orphaned-jobs.yaml'));
    assert.equal(await page.textContent('[data-testid="owner-not-in-input"]'),
      'Job nightly-report-29110680: its CronJob nightly-report is not in the text. Simulated as if nightly-report exists in the cluster, '
      + 'so the garbage collector keeps the Job; where nightly-report does not exist, the garbage collector deletes the Job within seconds.');
    assert.deepEqual((await jobs(page)).map((j) => j.job), ['nightly-report-29110680']);
    assert.equal(await errors(page), 0);
    await page.screenshot({ path: path.join(shots, `manifests-jobs-dump-${viewport.width}-${theme}.png`) });
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('the pods behave as their command says until the controls override it', async () => {
  const { context, page } = await open({ width: 1440, height: 900 }, 'light');
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
  assert.equal(await page.inputValue(`${fieldset} [data-testid="attempt-duration"]`), '20');
  assert.deepEqual((await jobs(page)).map((j) => [j.job, j.outcome]), [['flaky', 'complete']]);
  assert.deepEqual(page.errors, []);
  await context.close();
});
