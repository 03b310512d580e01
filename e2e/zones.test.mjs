// End-to-end: zones on the timeline. A `30 2 * * *` CronJob in Europe/Berlin over the clock
// changes of 2026: the axis marks the spring change of 29 March (02:00→03:00 does not exist, the
// 02:30 run is skipped: no slot that day) and the autumn change of 25 October (02:00–03:00 happens
// twice and robfig/cron's Next runs 02:30 at each offset: two slots), labelled in the page's
// language. The zone menu reads the axis, the clock and the inspector's times in UTC, the
// CronJob's zone or the viewer's (here America/New_York), and a share link keeps the choice.
// A patched schedule: the card and the lane label say the schedule in force at the clock.
// Screenshots at desktop and phone sizes, light and dark (look at them).
// Run: (cd e2e && node --test zones.test.mjs) after `trunk build --release`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPage } from './browser.mjs';
import { useBrowser, shots } from './harness.mjs';
import { ready, setManifest, slots, inspector } from './playground.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = useBrowser();

const halfPastTwo = (created, duration) => `apiVersion: batch/v1
kind: CronJob
metadata: {name: berlin-0230, creationTimestamp: '${created}'}
spec:
  schedule: '30 2 * * *'
  timeZone: Europe/Berlin
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers: [{name: c, image: busybox, command: [sh, -c, 'sleep 60']}]
---
apiVersion: playground.cronjob.dev/v1alpha1
kind: Simulation
spec: {duration: ${duration}}
`;

async function open(viewport, colorScheme, locale = 'en-US', url = env.server.base + '?editor=plain') {
  const context = await env.browser.newContext({ viewport, colorScheme, locale, timezoneId: 'America/New_York' });
  const page = await openPage(context, url);
  await ready(page);
  return { context, page };
}

const iso = (ms) => new Date(Number(ms)).toISOString();
const marks = (page) => page.$$eval('[data-testid="clock-change"]', (els) => els.map((e) => ({
  at: Number(e.dataset.at), gap: e.dataset.gap, label: e.querySelector('[data-testid="clock-change-label"]').textContent,
  title: e.querySelector('title').textContent, x: Number(e.querySelector('line').getAttribute('x1')),
})));
const ticks = (page) => page.$$eval('[data-testid="axis"] g[data-at]', (els) => els.map((e) => ({
  at: Number(e.dataset.at), label: e.querySelector('.tick-label')?.textContent ?? null })));
const clock = (page) => page.textContent('[data-testid="clock-time"]');
/** Brings the timeline into view (on a phone it is below the editor) for a screenshot. */
const showTimeline = (page) => page.$eval('[data-testid="timeline"]', (e) => e.scrollIntoView());
const choose = async (page, zone) => {
  await page.selectOption('[data-testid="zone-menu"]', zone);
  await page.waitForFunction((z) => document.querySelector('[data-testid="zone-menu"]').value === z, zone);
};

test('the axis marks the spring gap and the autumn double of the CronJob\'s zone, with a label', async () => {
  for (const [viewport, scheme] of [[{ width: 1440, height: 900 }, 'light'], [{ width: 1440, height: 900 }, 'dark'], [{ width: 390, height: 844 }, 'light'], [{ width: 390, height: 844 }, 'dark']]) {
    const { context, page } = await open(viewport, scheme);
    await setManifest(page, halfPastTwo('2026-03-27T00:00:00Z', '3d12h'));
    const [spring, ...more] = await marks(page);
    assert.deepEqual(more, []);
    // 01:00 UTC on 29 March: 02:00 CET becomes 03:00 CEST.
    assert.equal(iso(spring.at), '2026-03-29T01:00:00.000Z');
    assert.equal(spring.gap, 'true');
    assert.equal(spring.label, '02:00→03:00 skipped (Europe/Berlin)');
    assert.equal(spring.title, 'berlin-0230: On 2026-03-29 the clock in Europe/Berlin skips 02:00–03:00: robfig/cron skips this schedule\'s 02:30 that day (it does not run it later).');
    // The runs: 02:30 CET on the 27th and 28th, none on the 29th, 02:30 CEST (00:30 UTC) on the 30th.
    const times = (await slots(page, 'berlin-0230')).map((s) => s.time);
    assert.deepEqual(times, ['2026-03-27T01:30:00Z', '2026-03-28T01:30:00Z', '2026-03-30T00:30:00Z']);
    // The mark's flag is inside the drawing.
    const flag = await page.$eval('[data-testid="clock-change"] rect.flag', (r) => r.getBoundingClientRect().toJSON());
    const svg = await page.$eval('.timeline-svg', (s) => s.getBoundingClientRect().toJSON());
    assert.ok(flag.right <= svg.right + 0.5 && flag.left >= svg.left, JSON.stringify({ flag, svg }));
    // On 3½ days the flag has its own row under the axis: no tick label is under it, every one
    // is above it, and the first lane starts below it.
    const labels = await page.$$eval('[data-testid="axis"] .tick-label', (els) => els.map((e) => e.getBoundingClientRect().toJSON()));
    assert.ok(labels.length >= 1, JSON.stringify(labels));
    for (const t of labels) {
      assert.ok(t.bottom <= flag.top, JSON.stringify({ t, flag }));
    }
    const axis = await page.$eval('[data-testid="axis"] .axis-bg', (r) => r.getBoundingClientRect().toJSON());
    assert.equal(Math.round(flag.top - axis.bottom), 1);
    const firstRow = await page.$eval('[data-testid="group"] rect', (r) => r.getBoundingClientRect().toJSON());
    assert.ok(firstRow.top >= flag.bottom, JSON.stringify({ firstRow, flag }));
    await showTimeline(page);
    await page.screenshot({ path: path.join(shots, `zones-spring-${viewport.width}-${scheme}.png`) });

    await setManifest(page, halfPastTwo('2026-10-24T00:00:00Z', '3d'));
    const [autumn] = await marks(page);
    assert.equal(iso(autumn.at), '2026-10-25T01:00:00.000Z');
    assert.equal(autumn.gap, 'false');
    assert.equal(autumn.label, '02:00–03:00 twice (Europe/Berlin)');
    assert.match(autumn.title, /repeats 02:00–03:00: robfig\/cron runs this schedule's 02:30 twice, once at each UTC offset/);
    // robfig/cron's Next: 02:30 CEST on the 24th, then 02:30 CEST (00:30 UTC) and 02:30 CET
    // (01:30 UTC) on the 25th, one either side of the mark, then 02:30 CET on the 26th.
    // On a phone the 25th's two, an hour apart, are drawn as one cluster of 2.
    const autumnTimes = (await slots(page, 'berlin-0230')).map((s) => s.time);
    if (viewport.width > 1000) {
      assert.deepEqual(autumnTimes, ['2026-10-24T00:30:00Z', '2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z', '2026-10-26T01:30:00Z']);
    } else {
      assert.deepEqual(autumnTimes, ['2026-10-24T00:30:00Z', '2026-10-26T01:30:00Z']);
      assert.deepEqual(await page.$$eval('[data-testid="slot-cluster"]', (els) => els.map((e) => e.dataset.count)), ['2']);
    }
    await showTimeline(page);
    await page.screenshot({ path: path.join(shots, `zones-autumn-${viewport.width}-${scheme}.png`) });
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('the clock changes are labelled in Japanese and Korean', async () => {
  for (const [locale, spring, autumn] of [
    ['ja-JP', '02:00→03:00 は存在しない (Europe/Berlin)', '02:00–03:00 が 2 回 (Europe/Berlin)'],
    ['ko-KR', '02:00→03:00 건너뜀 (Europe/Berlin)', '02:00–03:00 두 번 (Europe/Berlin)'],
  ]) {
    const { context, page } = await open({ width: 1440, height: 900 }, 'light', locale);
    await setManifest(page, halfPastTwo('2026-03-27T00:00:00Z', '3d12h'));
    assert.equal((await marks(page))[0].label, spring);
    await page.screenshot({ path: path.join(shots, `zones-spring-${locale}.png`) });
    await setManifest(page, halfPastTwo('2026-10-24T00:00:00Z', '3d'));
    assert.equal((await marks(page))[0].label, autumn);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('the zone menu reads the axis, the clock and the inspector in UTC, the CronJob\'s zone or the viewer\'s, and a link keeps it', async () => {
  const { context, page } = await open({ width: 1440, height: 900 }, 'light');
  await setManifest(page, halfPastTwo('2026-03-27T00:00:00Z', '3d12h'));
  const options = await page.$$eval('[data-testid="zone-menu"] option', (els) => els.map((o) => [o.value, o.textContent]));
  assert.deepEqual(options, [['UTC', 'UTC'], ['Europe/Berlin', 'Europe/Berlin (CronJob\'s zone)'], ['viewer', 'America/New_York (yours)']]);
  // UTC, as before: the clock at the horizon's start, midnight ticks at 00:00 UTC.
  assert.equal(await clock(page), '2026-03-27 00:00:00 UTC');
  assert.equal(await page.textContent('[data-testid="axis-zone"]'), 'UTC');
  const utcDays = (await ticks(page)).filter((t) => /^Mar \d+$/.test(t.label ?? ''));
  assert.deepEqual(utcDays.map((t) => [t.label, iso(t.at)]).slice(0, 2), [['Mar 27', '2026-03-27T00:00:00.000Z'], ['Mar 28', '2026-03-28T00:00:00.000Z']]);

  // Berlin: midnight is 23:00 UTC before the change and 22:00 UTC after it.
  await choose(page, 'Europe/Berlin');
  assert.equal(await clock(page), '2026-03-27 01:00:00 UTC+01:00');
  assert.equal(await page.textContent('[data-testid="axis-zone"]'), 'Europe/Berlin');
  const berlinDays = (await ticks(page)).filter((t) => /^Mar \d+$/.test(t.label ?? ''));
  assert.deepEqual(berlinDays.map((t) => [t.label, iso(t.at)]), [
    ['Mar 28', '2026-03-27T23:00:00.000Z'], ['Mar 29', '2026-03-28T23:00:00.000Z'], ['Mar 30', '2026-03-29T22:00:00.000Z']]);
  // The inspector: a slot's scheduled time on Berlin's clock; Kubernetes' Events keep UTC.
  await page.click('[data-testid="slot"][data-time="2026-03-28T01:30:00Z"]');
  const facts = (await inspector(page)).facts;
  assert.equal(facts['Scheduled time'], '2026-03-28 02:30:00 UTC+01:00');
  await page.screenshot({ path: path.join(shots, 'zones-berlin-1440.png') });

  // The viewer's zone (New York, already on daylight time: UTC−4).
  await choose(page, 'viewer');
  assert.equal(await clock(page), '2026-03-26 20:00:00 UTC-04:00');
  assert.equal(await page.textContent('[data-testid="axis-zone"]'), 'America/New_York');
  assert.equal((await inspector(page)).facts['Scheduled time'], '2026-03-27 21:30:00 UTC-04:00');

  // A link made in Berlin's zone opens in Berlin's zone, in a browser in another zone.
  await choose(page, 'Europe/Berlin');
  await page.click('[data-testid="share"]');
  await page.waitForSelector('[data-testid="share-link"]');
  const link = await page.inputValue('[data-testid="share-link"]');
  const tokyo = await env.browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: 'Asia/Tokyo' });
  const fresh = await openPage(tokyo, link);
  await ready(fresh);
  await fresh.waitForFunction(() => location.hash === '');
  await fresh.waitForFunction(() => document.querySelector('[data-testid="zone-menu"]')?.value === 'Europe/Berlin');
  assert.equal(await clock(fresh), '2026-03-27 01:00:00 UTC+01:00');
  assert.equal(await fresh.textContent('[data-testid="axis-zone"]'), 'Europe/Berlin');
  const freshOptions = await fresh.$$eval('[data-testid="zone-menu"] option', (els) => els.map((o) => o.textContent));
  assert.deepEqual(freshOptions, ['UTC', 'Europe/Berlin (CronJob\'s zone)', 'Asia/Tokyo (yours)']);
  await showTimeline(fresh);
  await fresh.screenshot({ path: path.join(shots, 'zones-link-390.png') });
  assert.deepEqual(fresh.errors, []);
  await tokyo.close();

  // A link made in UTC (as every link before the zone existed) opens in UTC.
  await choose(page, 'UTC');
  await page.click('[data-testid="share"]');
  await page.waitForFunction((before) => document.querySelector('[data-testid="share-link"]')?.value !== before, link);
  const utcLink = await page.inputValue('[data-testid="share-link"]');
  const other = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const plain = await openPage(other, utcLink);
  await ready(plain);
  await plain.waitForFunction(() => location.hash === '');
  assert.equal(await plain.inputValue('[data-testid="zone-menu"]'), 'UTC');
  assert.equal(await clock(plain), '2026-03-27 00:00:00 UTC');
  await other.close();
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a patched schedule: the card and the lane label say the schedule in force at the clock, and that it changed', async () => {
  const seed = fs.readFileSync(path.join(here, '..', 'scenarios', 'retroactive-schedule-edit', 'scenario.yaml'), 'utf8');
  for (const [viewport, scheme] of [[{ width: 1440, height: 900 }, 'light'], [{ width: 390, height: 844 }, 'dark']]) {
    const { context, page } = await open(viewport, scheme);
    await setManifest(page, seed);
    const state = () => page.evaluate(() => {
      const card = document.querySelector('[data-testid="schedule-card"]');
      return {
        schedule: card.querySelector('[data-testid="schedule-text"]').textContent,
        words: card.querySelector('[data-testid="schedule-words"]').textContent,
        history: [...card.querySelectorAll('[data-testid="schedule-history"] li')].map((li) => [li.textContent, li.getAttribute('aria-current')]),
        next: [...card.querySelectorAll('[data-testid="schedule-next"] li')].map((li) => new Date(Number(li.dataset.at)).toISOString()),
        lane: document.querySelector('[data-testid="group"] [data-testid="group-schedule"]').textContent.trim(),
        edited: document.querySelector('[data-testid="group"] .group-edited')?.textContent ?? null,
      };
    });
    // At the start (13:01:51) the schedule created with is in force: 13:05, then 13:10 (the patch
    // at 13:15 makes it run late), then tomorrow's 13:10.
    const start = await state();
    assert.deepEqual(start, {
      schedule: '5 13 * * *', words: 'At 13:05 every day',
      history: [['2023-03-22 13:15:00 UTC: changed from 5 13 * * * to 10 13 * * *', null]],
      next: ['2023-03-22T13:05:00.000Z', '2023-03-22T13:10:00.000Z', '2023-03-23T13:10:00.000Z'],
      lane: '5 13 * * *', edited: ' (edited)',
    });
    await showTimeline(page);
    await page.screenshot({ path: path.join(shots, `schedule-patched-start-${viewport.width}-${scheme}.png`) });
    // At the end (13:31:51) the patched one is.
    await page.click('[data-testid="to-end"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="schedule-text"]').textContent === '10 13 * * *');
    const end = await state();
    assert.equal(end.words, 'At 13:10 every day');
    assert.equal(end.lane, '10 13 * * *');
    assert.deepEqual(end.history, [['2023-03-22 13:15:00 UTC: changed from 5 13 * * * to 10 13 * * *', 'true']]);
    assert.equal(end.next[0], '2023-03-23T13:10:00.000Z');
    await showTimeline(page);
    await page.screenshot({ path: path.join(shots, `schedule-patched-end-${viewport.width}-${scheme}.png`) });
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('the zone menu stays on the clock\'s line at 1440 px, with a long zone name chosen', async () => {
  const long = halfPastTwo('2026-03-27T00:00:00Z', '3d12h').replace('Europe/Berlin', 'America/Argentina/ComodRivadavia');
  for (const scheme of ['light', 'dark']) {
    const { context, page } = await open({ width: 1440, height: 900 }, scheme);
    await setManifest(page, long);
    for (const zone of ['UTC', 'America/Argentina/ComodRivadavia', 'viewer']) {
      await choose(page, zone);
      const [menu, time, clockBox] = await Promise.all(['[data-testid="zone-menu"]', '[data-testid="clock-time"]', '[data-testid="clock"]']
        .map((s) => page.$eval(s, (e) => e.getBoundingClientRect().toJSON())));
      // One line: the menu's middle level with the clock's time, the controls one row high.
      assert.ok(Math.abs((menu.top + menu.bottom) / 2 - (time.top + time.bottom) / 2) < 4, JSON.stringify({ zone, menu, time }));
      assert.ok(clockBox.height < 40, JSON.stringify({ zone, clockBox }));
      // Nothing of the clock runs under the export buttons beside it.
      const exp = await page.$eval('.timeline-head .export', (e) => e.getBoundingClientRect().toJSON());
      const apart = exp.left >= menu.right || exp.top >= clockBox.bottom || exp.bottom <= clockBox.top;
      assert.ok(apart, JSON.stringify({ zone, exp, menu, clockBox }));
    }
    await page.screenshot({ path: path.join(shots, `zones-long-name-1440-${scheme}.png`) });
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});
