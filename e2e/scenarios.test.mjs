// End-to-end: the built-in scenarios library. Every scenario opens from the header menu, shows its
// notes, plays on the virtual clock to the end of its horizon, and draws the key times Kubernetes
// gives it (the same facts tests/scenarios_library.rs asserts on the engine), read from the
// timeline's data attributes. Opening a scenario over the user's own text asks first and keeps
// that text to come back to.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useBrowser, shots, openPlayground } from './harness.mjs';
import { ready, setManifest, manifest, data, generation, waitForRun } from './playground.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const scenarioText = (id) => fs.readFileSync(path.join(here, '..', 'scenarios', id, 'scenario.yaml'), 'utf8');
const env = useBrowser();

// Per scenario: Jobs as [name, data-from] (and [name, data-from, data-outcome, data-to] where the
// end matters), single slots as [cronJob, time, fate], and what else its story needs.
const SCENARIOS = {
  'retroactive-schedule-edit': {
    jobs: [['cron-test-27991505', '2023-03-22T13:05:00.100Z'], ['cron-test-27991510', '2023-03-22T13:16:00Z']],
    slots: [['cron-test', '2023-03-22T13:05:00Z', 'ran-on-time'], ['cron-test', '2023-03-22T13:10:00Z', 'ran-late']],
  },
  'forbid-catch-up': {
    jobs: [['hourly-1544004000', '2018-12-05T10:00:00Z', 'complete', '2018-12-05T11:30:00Z'],
      ['hourly-1544007600', '2018-12-05T11:30:10Z'], ['hourly-1544011200', '2018-12-05T12:00:20Z']],
    slots: [['hourly', '2018-12-05T11:00:00Z', 'ran-late'], ['hourly', '2018-12-05T12:00:00Z', 'ran-late']],
  },
  'starting-deadline-1200': {
    jobs: [['in-time-1544007600', '2018-12-05T11:10:10Z'], ['too-late-1544011200', '2018-12-05T12:00:00Z']],
    slots: [['in-time', '2018-12-05T11:00:00Z', 'ran-late'], ['too-late', '2018-12-05T11:00:00Z', 'missed-deadline']],
    jobCount: 5,
  },
  'too-many-missed-v1': {
    jobCount: 0,
    outages: [['2020-06-01T08:29:40Z', '2020-06-01T10:21:00Z']],
  },
  'too-many-missed-v2': {
    jobs: [['every-minute-26516781', '2020-06-01T10:21:00Z'], ['every-minute-26516782', '2020-06-01T10:22:00.100Z']],
    jobCount: 4,
    outages: [['2020-06-01T08:29:40Z', '2020-06-01T10:21:00Z']],
    events: /TooManyMissedTimes/,
  },
  'unparseable-schedule': {
    jobs: [['report-1544001000', '2018-12-05T09:10:00Z'], ['report-1544003400', '2018-12-05T09:50:00Z']],
    jobCount: 5,
    markers: [['spec-edit', '2018-12-05T09:12:00Z']],
    events: /End of range \(25\) above maximum \(23\): 25/,
  },
  'schedule-change-recent-slot': {
    jobs: [['report-1591005600', '2020-06-01T10:00:00Z'], ['report-1591007400', '2020-06-01T10:31:00Z'], ['report-1591009200', '2020-06-01T11:00:00Z']],
    slots: [['report', '2020-06-01T10:30:00Z', 'ran-late']],
  },
  'backoff-limit-onfailure': {
    jobs: [['job-pod-failure-policy-example', '2024-08-01T00:00:00Z', 'failed', '2024-08-01T00:01:55Z']],
  },
  'onfailure-vs-never': {
    jobs: [['never', '2025-01-15T10:00:00Z', 'failed', '2025-01-15T10:03:11Z'], ['on-failure', '2025-01-15T10:00:00Z', 'failed', '2025-01-15T10:02:01Z']],
  },
  'suspend-resume': {
    jobs: [['catch-up-28949100', '2025-01-15T13:20:00Z'], ['deadline-28949160', '2025-01-15T14:00:00.100Z']],
    slots: [['catch-up', '2025-01-15T13:00:00Z', 'ran-late'], ['deadline', '2025-01-15T13:00:00Z', 'suspended']],
    jobCount: 5,
  },
  'deadline-under-10s': {
    jobs: [['ten-1591006200', '2020-06-01T10:10:07Z'], ['ten-1591008600', '2020-06-01T10:50:07Z']],
    slots: [['five', '2020-06-01T10:10:00Z', 'missed-deadline'], ['ten', '2020-06-01T10:10:00Z', 'ran-on-time']],
    jobCount: 5,
  },
  'dst-time-zone': {
    scheduled: ['2025-10-26T00:30:00Z', '2025-10-26T01:30:00Z', '2025-10-27T01:30:00Z'],
  },
  'tz-in-schedule': {
    jobs: [['tokyo-morning-28949760', '2025-01-16T00:00:00.100Z'], ['tokyo-morning-28951200', '2025-01-17T00:00:00.100Z']],
    jobCount: 2,
    events: /UnsupportedSchedule/,
  },
  'history-limits-vs-ttl': {
    jobs: [['ttl-28948925', '2025-01-15T10:05:00.100Z', 'complete', '2025-01-15T10:05:21.100Z'],
      ['history-28948925', '2025-01-15T10:05:00.100Z', 'complete', '2025-01-15T10:05:21.100Z']],
    // Who deleted each finished Job, and when: the inspector's "Deleted" field.
    deleted: [['ttl-28948925', /^2025-01-15T10:06:51Z by ttl/], ['history-28948925', /^2025-01-15T10:20:21.100Z by history-limit/]],
  },
  'replace': {
    jobs: [['replace-28948925', '2025-01-15T10:05:00.100Z', 'deleted'], ['replace-28948935', '2025-01-15T10:15:00.100Z', 'deleted']],
  },
  'pod-failure-policy': {
    jobs: [['policy', '2024-08-01T10:00:00Z', 'failed', '2024-08-01T10:00:51Z'], ['job-example', '2024-08-01T10:00:00Z', 'failed', '2024-08-01T10:01:01Z']],
  },
  'container-restart-rules': {
    jobs: [['with-rules', '2026-03-02T09:00:00Z', 'complete', '2026-03-02T09:01:11Z'], ['without-rules', '2026-03-02T09:00:00Z', 'failed', '2026-03-02T09:00:21Z']],
  },
  'native-sidecar': {
    jobs: [['nightly-export', '2026-03-02T09:00:00Z', 'complete', '2026-03-02T09:01:31Z']],
    sidecars: 'log-shipper',
  },
  'irregular-schedule-after-gap': {
    jobs: [['weekdays-28956150', '2025-01-20T10:30:00.100Z']],
    slots: [['weekdays', '2025-01-17T12:30:00Z', 'not-found-by-search'], ['weekdays', '2025-01-20T10:30:00Z', 'ran-on-time']],
  },
  'yaml-unquoted-star': {
    diagnostic: { line: '7', column: '13', text: /quote it/ },
  },
};

async function open(options = {}) {
  return openPlayground(env, { viewport: { width: 1440, height: 900 }, ...options });
}

/** Chooses a scenario in the header menu and waits for its run to be drawn. */
async function openScenario(page, id) {
  const same = (await manifest(page)) === scenarioText(id);
  const before = await generation(page);
  await page.selectOption('[data-testid="scenario-menu"]', id);
  if (!same) await waitForRun(page, before);
  await page.waitForSelector(`[data-testid="scenario-notes"][data-scenario="${id}"]`);
}

/** Plays the virtual clock from the start to the end of the horizon at the fastest speed. */
async function play(page) {
  if (!(await page.$('[data-testid="play"]'))) return; // an input error draws no clock
  const speeds = await page.$$eval('[data-testid="speed"] option', (os) => os.map((o) => o.value));
  await page.selectOption('[data-testid="speed"]', speeds[speeds.length - 1]);
  await page.click('[data-testid="play"]');
  await page.waitForSelector('[data-testid="play"][aria-pressed="false"]', { timeout: 30000 });
  return page.getAttribute('[data-testid="clock-time"]', 'data-time');
}

test('every built-in scenario opens from the menu, plays, and draws its key times', async () => {
  const { context, page } = await open();
  const menu = await page.$$eval('[data-testid="scenario-menu"] option[data-scenario]', (os) => os.map((o) => o.value));
  assert.deepEqual([...menu].sort(), Object.keys(SCENARIOS).sort(), 'the menu lists the library, and each has expectations here');
  for (const id of menu) {
    const want = SCENARIOS[id];
    await openScenario(page, id);
    assert.equal(await manifest(page), scenarioText(id), id);
    const notes = await page.textContent('[data-testid="scenario-notes"]');
    assert.ok(notes.length > 200, `${id}: notes are shown`);
    if (want.diagnostic) {
      const [d] = await data(page, '[data-testid="diagnostic"]');
      assert.deepEqual([d.line, d.column], [want.diagnostic.line, want.diagnostic.column], id);
      assert.match(await page.textContent('[data-testid="diagnostic"]'), want.diagnostic.text);
      assert.equal((await data(page, '[data-testid="job"]')).length, 0);
      continue;
    }
    const end = await play(page);
    assert.ok(end, `${id}: the clock played to the end`);
    const jobs = await data(page, '[data-testid="job"]');
    const byName = Object.fromEntries(jobs.map((j) => [j.job, j]));
    for (const [name, from, outcome, to] of want.jobs || []) {
      const j = byName[name];
      assert.ok(j, `${id}: no Job ${name} among ${jobs.map((x) => x.job)}`);
      assert.equal(j.from, from, `${id}: ${name} created`);
      if (outcome) assert.equal(j.outcome, outcome, `${id}: ${name} outcome`);
      if (to) assert.equal(j.to, to, `${id}: ${name} ends`);
    }
    if (want.jobCount !== undefined) assert.equal(jobs.length, want.jobCount, `${id}: Jobs`);
    for (const [cronJob, time, fate] of want.slots || []) {
      const [slot] = await data(page, `[data-testid="slot-lane"][data-cronjob="${cronJob}"] [data-testid="slot"][data-time="${time}"]`);
      assert.equal(slot?.fate, fate, `${id}: ${cronJob} ${time}`);
    }
    if (want.scheduled) assert.deepEqual(jobs.map((j) => j.scheduled), want.scheduled, `${id}: scheduled times`);
    if (want.outages) {
      const bands = await data(page, '[data-testid="outage"]');
      assert.deepEqual(bands.map((o) => [o.from, o.to]), want.outages, `${id}: outage`);
    }
    if (want.markers) {
      const markers = await data(page, '[data-testid="marker"]');
      assert.deepEqual(markers.map((m) => [m.marker, m.time]), want.markers, `${id}: markers`);
    }
    for (const [name, when] of want.deleted || []) {
      await page.click(`[data-testid="job"][data-job="${name}"]`);
      assert.match(await page.textContent('[data-testid="fact"][data-field="Deleted"]'), when, `${id}: ${name} deleted`);
    }
    if (want.sidecars) {
      await page.click('[data-testid="pod"]');
      await page.waitForSelector('[data-testid="fact"][data-field="Sidecars"]');
      assert.equal(await page.textContent('[data-testid="fact"][data-field="Sidecars"]'), want.sidecars, `${id}: sidecars`);
    }
    if (want.events) {
      await page.click('[data-testid="tab-events"]');
      assert.match(await page.textContent('[data-testid="events"]'), want.events, `${id}: events`);
      await page.click('[data-testid="tab-details"]');
    }
  }
  await openScenario(page, 'suspend-resume');
  await page.screenshot({ path: path.join(shots, 'scenario-suspend-resume.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a scenario never silently replaces the user\'s own text, and the text comes back', async () => {
  const { context, page } = await open();
  // A first visit opens on the example with its notes.
  assert.equal(await page.getAttribute('[data-testid="scenario-notes"]', 'data-scenario'), 'retroactive-schedule-edit');
  const own = 'apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: mine\n';
  await setManifest(page, own);
  // Declining keeps the text.
  page.once('dialog', (d) => d.dismiss());
  await page.selectOption('[data-testid="scenario-menu"]', 'replace');
  assert.equal(await manifest(page), own);
  assert.equal(await page.getAttribute('[data-testid="scenario-menu"]', 'value') ?? '', '');
  // Accepting opens the scenario; the own text is kept and one click brings it back, even after a reload.
  let question = '';
  page.once('dialog', (d) => { question = d.message(); d.accept(); });
  await openScenario(page, 'replace');
  assert.match(question, /Open the scenario “Replace deletes the running Job/);
  await page.reload();
  await ready(page);
  assert.equal(await page.getAttribute('[data-testid="scenario-notes"]', 'data-scenario'), 'replace');
  const before = await generation(page);
  await page.click('[data-testid="restore-own-text"]');
  await waitForRun(page, before);
  assert.equal(await manifest(page), own);
  assert.equal(await page.$('[data-testid="scenario-notes"]'), null);
  // The restored text is the user's again, so the next scenario asks again; switching from one
  // scenario to another asks nothing, since neither text is the user's.
  let asked = 0;
  page.on('dialog', (d) => { asked += 1; d.accept(); });
  await openScenario(page, 'dst-time-zone');
  await openScenario(page, 'forbid-catch-up');
  assert.equal(asked, 1);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('tz-in-schedule: the Kubernetes version decides whether TZ= is accepted', async () => {
  const { context, page } = await open();
  await openScenario(page, 'tz-in-schedule');
  let before = await generation(page);
  await page.selectOption('[data-testid="k8s-version"]', '1.29');
  await waitForRun(page, before);
  assert.match(await page.textContent('[data-testid="diagnostics"]'), /cannot use TZ or CRON_TZ in schedule, use timeZone field instead/);
  before = await generation(page);
  await page.selectOption('[data-testid="k8s-version"]', '1.21');
  await waitForRun(page, before);
  assert.match(await page.textContent('[data-testid="diagnostics"]'), /Expected exactly 5 fields, found 6/);
  // The notes stay open while the user experiments.
  assert.equal(await page.getAttribute('[data-testid="scenario-notes"]', 'data-scenario'), 'tz-in-schedule');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the notes close when the text they describe is replaced (a paste), and stay while it is edited', async () => {
  const { context, page } = await open();
  await openScenario(page, 'forbid-catch-up');
  // An edit, even one made by pasting the whole text back with a changed schedule, keeps them.
  await setManifest(page, scenarioText('forbid-catch-up').replace('schedule: "0 * * * *"', 'schedule: "30 * * * *"'));
  assert.equal(await page.getAttribute('[data-testid="scenario-notes"]', 'data-scenario'), 'forbid-catch-up');
  // Other text pasted over it closes them, for good: a reload does not bring them back.
  await setManifest(page, 'apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: mine\nspec:\n  schedule: "*/5 * * * *"\n');
  assert.equal(await page.$('[data-testid="scenario-notes"]'), null);
  await page.reload();
  await ready(page);
  assert.equal(await page.$('[data-testid="scenario-notes"]'), null);
  assert.deepEqual(page.errors, []);
  await context.close();
});
