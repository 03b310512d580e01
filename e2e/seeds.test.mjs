// End-to-end: paste each seed's manifest (scenarios/<id>/scenario.yaml, the published stories) into the
// editor and read the timeline the real engine produced: slots with their fates, Jobs and Pods at
// the times Kubernetes gives them; click the retroactive run and read why. Screenshots go to
// e2e/screenshots/ (or $E2E_SCREENSHOT_DIR).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useBrowser, shots, openPlayground } from './harness.mjs';
import { setManifest, slots, jobs, pods, data, inspector, manifest, waitForRun, generation } from './playground.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
// The seeds' stories are built-in scenarios: one home for them, ../scenarios/<id>/scenario.yaml.
const seed = (id) => fs.readFileSync(path.join(here, '..', 'scenarios', id, 'scenario.yaml'), 'utf8');
const env = useBrowser();

async function open() {
  return openPlayground(env, { viewport: { width: 1440, height: 900 } });
}

const pick = (list, ...keys) => list.map((o) => keys.map((k) => o[k]));

test('seed 002: the schedule edit runs 13:10 retroactively, and the inspector says why', async () => {
  const { context, page } = await open();
  await setManifest(page, seed('retroactive-schedule-edit'));
  assert.deepEqual(pick(await slots(page, 'cron-test'), 'time', 'fate', 'glyph', 'job'), [
    ['2023-03-22T13:05:00Z', 'ran-on-time', 'on-time', 'cron-test-27991505'],
    ['2023-03-22T13:10:00Z', 'ran-late', 'late', 'cron-test-27991510'],
  ]);
  assert.deepEqual(pick(await jobs(page), 'job', 'from', 'to', 'outcome', 'late'), [
    ['cron-test-27991505', '2023-03-22T13:05:00.100Z', '2023-03-22T13:05:09.100Z', 'complete', 'false'],
    ['cron-test-27991510', '2023-03-22T13:16:00Z', '2023-03-22T13:16:09Z', 'complete', 'true'],
  ]);
  assert.deepEqual(pick(await data(page, '[data-testid="marker"]'), 'marker', 'time'), [
    ['spec-edit', '2023-03-22T13:15:00Z'],
    ['delete-job', '2023-03-22T13:16:00Z'],
  ]);
  await page.click('[data-testid="job"][data-job="cron-test-27991510"]');
  const why = await inspector(page);
  assert.equal(why.title, 'Job cron-test-27991510');
  assert.equal(why.facts['Scheduled time'], '2023-03-22T13:10:00Z');
  assert.equal(why.facts['Created after schedule'], '360s');
  assert.equal(why.facts['Kubernetes version'], '1.26');
  assert.equal(why.reasons[0].code, 'ran-late');
  assert.match(why.reasons[0].text, /retroactive run — the schedule was edited after this time/);
  assert.ok(why.reasons.some((r) => r.source === 'cronjob-controller' && r.code === 'created'));
  // The selected Job's pod lane opens with its Pod.
  assert.deepEqual(pick(await pods(page), 'job', 'from', 'end'), [['cron-test-27991510', '2023-03-22T13:16:00Z', 'succeeded']]);
  await page.screenshot({ path: path.join(shots, 'seed-002-retroactive.png') });
  // The kubectl view at the end of the horizon (the clock opens at its start): the deleted Job is gone.
  await page.click('.timeline-head h2');
  await page.keyboard.press('End');
  await page.click('[data-testid="tab-get"]');
  const jobsTable = await page.textContent('[data-testid="kubectl-jobs"]');
  assert.match(jobsTable, /cron-test-27991510\s*Complete\s*1\/1/);
  assert.doesNotMatch(jobsTable, /cron-test-27991505/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('seed 000: with Forbid, the 11:00 slot starts when the 10:00 Job ends (v1 controller, 1.13)', async () => {
  const { context, page } = await open();
  await setManifest(page, seed('forbid-catch-up'));
  assert.deepEqual(pick(await slots(page, 'hourly'), 'time', 'fate'), [
    ['2018-12-05T09:00:00Z', 'ran-on-time'],
    ['2018-12-05T10:00:00Z', 'ran-on-time'],
    ['2018-12-05T11:00:00Z', 'ran-late'],
    ['2018-12-05T12:00:00Z', 'ran-late'],
  ]);
  assert.deepEqual(pick(await jobs(page), 'job', 'from', 'to', 'outcome'), [
    ['hourly-1544000400', '2018-12-05T09:00:00Z', '2018-12-05T09:30:00Z', 'complete'],
    ['hourly-1544004000', '2018-12-05T10:00:00Z', '2018-12-05T11:30:00Z', 'complete'],
    ['hourly-1544007600', '2018-12-05T11:30:10Z', '2018-12-05T12:00:10Z', 'complete'],
    ['hourly-1544011200', '2018-12-05T12:00:20Z', '2018-12-05T12:30:00Z', 'running'],
  ]);
  await page.click('[data-testid="slot"][data-time="2018-12-05T11:00:00Z"]');
  const why = await inspector(page);
  assert.equal(why.facts.Fate, 'ran-late');
  assert.match(why.reasons[0].text, /concurrencyPolicy Forbid held it while an earlier Job was active/);
  await page.screenshot({ path: path.join(shots, 'seed-000-forbid.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('seed 001: after a long controller outage more than 100 missed times start nothing', async () => {
  const { context, page } = await open();
  await setManifest(page, seed('too-many-missed-v1'));
  const all = await slots(page, 'every-minute');
  const one = await data(page, '[data-testid="slot-lane"] [data-testid="slot-cluster"]');
  // 111 slots in the outage (08:30–10:20) and 4 after it, some drawn as clusters at this zoom.
  const total = all.length + one.reduce((n, c) => n + Number(c.count), 0);
  assert.equal(total, 115);
  assert.deepEqual(await jobs(page), []);
  assert.deepEqual(pick(await data(page, '[data-testid="outage"]'), 'from', 'to'), [['2020-06-01T08:29:40Z', '2020-06-01T10:21:00Z']]);
  // Zoom to the end: the four slots after the outage are each "too many missed". (Click the
  // timeline's title first so the keys go to the page, not the editor.)
  await page.click('.timeline-head h2');
  for (let i = 0; i < 5; i++) await page.keyboard.press('+');
  await page.keyboard.press('End');
  await page.click('[data-testid="step-prev"]');
  await page.keyboard.press('+');
  const after = (await slots(page, 'every-minute')).filter((s) => s.time >= '2020-06-01T10:21:00Z');
  assert.ok(after.length >= 1, 'the slots after the outage are drawn one by one');
  assert.ok(after.every((s) => s.fate === 'too-many-missed' && s.glyph === 'skipped'), JSON.stringify(after));
  await page.screenshot({ path: path.join(shots, 'seed-001-too-many-missed.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('seed 003: OnFailure restarts in CrashLoopBackOff until backoffLimit fails the Job and kills its Pod', async () => {
  const { context, page } = await open();
  await setManifest(page, seed('backoff-limit-onfailure'));
  assert.deepEqual(pick(await jobs(page), 'job', 'from', 'to', 'outcome'), [
    ['job-pod-failure-policy-example', '2024-08-01T00:00:00Z', '2024-08-01T00:01:55Z', 'failed'],
  ]);
  await page.click('[data-testid="job"][data-job="job-pod-failure-policy-example"]');
  const [pod] = await pods(page);
  assert.equal(pod.end, 'terminated');
  assert.equal(pod.from, '2024-08-01T00:00:00Z');
  assert.equal(pod.to, '2024-08-01T00:01:55Z');
  assert.equal((await page.$$('[data-testid="pod"] [data-testid="pod-backoff"]')).length, 3);
  const job = await inspector(page);
  assert.equal(job.facts.Status, 'Failed (BackoffLimitExceeded)');
  await page.click('[data-testid="pod"]');
  const why = await inspector(page);
  // Three runs exit 1; the fourth is killed when the Job fails (128 + SIGKILL or SIGTERM).
  assert.match(why.facts['Exit codes'], /^1, 1, 1, 1(37|43)$/);
  assert.deepEqual(why.reasons.slice(0, 3).map((r) => r.code), ['Restarted', 'CrashLoopBackOff', 'CrashLoopBackOff']);
  assert.match(why.reasons[3].text, /backoffLimit 3/);
  await page.screenshot({ path: path.join(shots, 'seed-003-backoff-limit.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('seed 004: hourly → every 30 min at 10:31 starts the 10:30 slot at once (v1 controller, 1.20)', async () => {
  const { context, page } = await open();
  await setManifest(page, seed('schedule-change-recent-slot'));
  assert.deepEqual(pick(await slots(page, 'report'), 'time', 'fate', 'job'), [
    ['2020-06-01T10:00:00Z', 'ran-on-time', 'report-1591005600'],
    ['2020-06-01T10:30:00Z', 'ran-late', 'report-1591007400'],
    ['2020-06-01T11:00:00Z', 'ran-on-time', 'report-1591009200'],
  ]);
  assert.deepEqual(pick(await jobs(page), 'job', 'from', 'late'), [
    ['report-1591005600', '2020-06-01T10:00:00Z', 'false'],
    ['report-1591007400', '2020-06-01T10:31:00Z', 'true'],
    ['report-1591009200', '2020-06-01T11:00:00Z', 'false'],
  ]);
  await page.screenshot({ path: path.join(shots, 'seed-004-schedule-change.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the form controls write the Simulation document and the page re-simulates', async () => {
  const { context, page } = await open();
  await setManifest(page, seed('retroactive-schedule-edit'));
  // Every attempt of cron-test's Pods fails: the Jobs fail after the back-off limit.
  let g = await generation(page);
  await page.fill('[data-workload="cron-test"] [data-testid="attempt-exit"]', '1');
  await page.press('[data-workload="cron-test"] [data-testid="attempt-exit"]', 'Enter');
  await waitForRun(page, g);
  assert.match(await manifest(page), /- \{durationSeconds: 8, exitCode: 1\}/);
  assert.ok((await jobs(page)).every((j) => j.outcome !== 'complete'));
  g = await generation(page);
  await page.fill('[data-testid="horizon"]', '2h');
  await page.press('[data-testid="horizon"]', 'Enter');
  await waitForRun(page, g);
  assert.match(await manifest(page), /duration: 2h/);
  // A new horizon opens with the clock at its start; at its end, stepping on keeps it there.
  assert.equal(await page.getAttribute('[data-testid="clock-time"]', 'data-time'), '2023-03-22T13:01:51Z');
  await page.click('.timeline-head h2');
  await page.keyboard.press('End');
  await page.click('[data-testid="step-next"]');
  assert.equal(await page.getAttribute('[data-testid="clock-time"]', 'data-time'), '2023-03-22T15:01:51Z');
  g = await generation(page);
  // 1.20 does not serve batch/v1 CronJob: the editor says so and nothing runs.
  await page.selectOption('[data-testid="k8s-version"]', '1.20');
  await waitForRun(page, g);
  assert.match(await manifest(page), /kubernetesVersion: "1.20"/);
  assert.ok((await data(page, '[data-testid="diagnostic"]')).length > 0);
  g = await generation(page);
  await page.selectOption('[data-testid="k8s-version"]', '1.21');
  await waitForRun(page, g);
  assert.match(await page.textContent('[data-testid="run-info"]'), /^k8s 1\.21/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the virtual clock plays, steps and scrubs; the kubectl view follows it', async () => {
  const { context, page } = await open();
  await setManifest(page, seed('retroactive-schedule-edit'));
  await page.click('[data-testid="tab-get"]');
  await page.click('.timeline-head h2');
  await page.keyboard.press('Home');
  await page.click('[data-testid="step-next"]'); // 13:05:00, the slot
  assert.equal(await page.getAttribute('[data-testid="clock-time"]', 'data-time'), '2023-03-22T13:05:00Z');
  assert.match(await page.textContent('[data-testid="kubectl-jobs"]'), /No resources found/);
  await page.click('[data-testid="step-next"]'); // 13:05:00.100, the sync that creates the Job
  assert.equal(await page.getAttribute('[data-testid="clock-time"]', 'data-time'), '2023-03-22T13:05:00.100Z');
  assert.match(await page.textContent('[data-testid="kubectl-jobs"]'), /cron-test-27991505\s*Running\s*0\/1/);
  await page.click('[data-testid="play"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="clock-time"]').dataset.time > '2023-03-22T13:06:00Z');
  await page.click('[data-testid="play"]');
  assert.match(await page.textContent('[data-testid="kubectl-jobs"]'), /cron-test-27991505\s*Complete\s*1\/1/);
  await page.keyboard.press('End');
  assert.equal(await page.getAttribute('[data-testid="clock-time"]', 'data-time'), '2023-03-22T13:31:51Z');
  await page.click('[data-testid="tab-events"]');
  assert.match(await page.textContent('[data-testid="events"]'), /SuccessfulCreate/);
  await page.click('[data-testid="tab-logs"]');
  assert.match(await page.textContent('[data-testid="logs"]'), /cronjob_controllerv2\] "Created job cron-test-27991510/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a newcomer adds the schedule edit and the Job deletion with the event form, and sees the retroactive run', async () => {
  const { context, page } = await open();
  // Only the CronJob from the post and where the clock starts: no cluster events yet.
  const cronJob = seed('retroactive-schedule-edit').split('\n---\n')[0];
  await setManifest(page, `${cronJob}\n---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec:\n  kubernetesVersion: "1.26"\n  start: "2023-03-22T13:01:51Z"\n  duration: 30m\n`);
  assert.deepEqual(pick(await slots(page, 'cron-test'), 'time', 'fate'), [['2023-03-22T13:05:00Z', 'ran-on-time']]);
  const addEvent = async (at, kind, arg) => {
    const g = await generation(page);
    await page.fill('[data-testid="event-at"]', at);
    await page.selectOption('[data-testid="event-kind"]', kind);
    await page.fill('[data-testid="event-arg"]', arg);
    await page.click('[data-testid="add-event"]');
    await waitForRun(page, g);
  };
  await addEvent('2023-03-22T13:15:00Z', 'schedule', '10 13 * * *');
  await addEvent('2023-03-22T13:16:00Z', 'delete', 'cron-test-27991505');
  assert.match(await manifest(page), /- at: "2023-03-22T13:16:00Z"\n    delete:\n      job: cron-test-27991505/);
  assert.equal((await page.$$('[data-testid="scenario-event"]')).length, 2);
  assert.deepEqual(pick(await slots(page, 'cron-test'), 'time', 'fate', 'job'), [
    ['2023-03-22T13:05:00Z', 'ran-on-time', 'cron-test-27991505'],
    ['2023-03-22T13:10:00Z', 'ran-late', 'cron-test-27991510'],
  ]);
  await page.click('[data-testid="slot"][data-time="2023-03-22T13:10:00Z"]');
  assert.match((await inspector(page)).reasons[0].text, /retroactive run/);
  assert.deepEqual(page.errors, []);
  await context.close();
});
