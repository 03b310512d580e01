// End-to-end: the schedule card. A newcomer pastes a nightly CronJob with `timeZone:
// Europe/Berlin` and, without touching anything, reads its schedule in words (in the page's
// language), the run it last would have made and its next runs in Berlin time and in their own
// (the browser's zone, here New York), and what the spring and autumn clock changes do to it:
// robfig/cron skips 02:00 on 2026-03-29 (it does not exist) and runs 02:00 twice on 2026-10-25.
// Screenshots at desktop and phone sizes, light and dark (look at them).
// Run: (cd e2e && node --test schedule.test.mjs) after `trunk build --release`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { useBrowser, shots, openPlayground } from './harness.mjs';
import { setManifest } from './playground.mjs';

const env = useBrowser();

const nightly = (created, duration) => `apiVersion: batch/v1
kind: CronJob
metadata: {name: nightly-report, creationTimestamp: '${created}'}
spec:
  schedule: '0 2 * * *'
  timeZone: Europe/Berlin
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers: [{name: report, image: busybox, command: [sh, -c, 'sleep 60']}]
---
apiVersion: playground.cronjob.dev/v1alpha1
kind: Simulation
spec: {duration: ${duration}}
`;

async function open(viewport, colorScheme, locale = 'en-US') {
  return openPlayground(env, { viewport, colorScheme, locale, timezoneId: 'America/New_York' }, '?editor=plain');
}

const card = (page) => page.$eval('[data-testid="schedule-card"]', (c) => ({
  cronJob: c.dataset.cronjob,
  words: c.querySelector('[data-testid="schedule-words"]').textContent,
  zone: c.querySelector('[data-testid="schedule-zone"]').textContent,
  last: [...c.querySelectorAll('[data-testid="schedule-last"] li[data-at]')].map((li) => ({
    at: Number(li.dataset.at), zone: li.querySelector('[data-testid="zone-time"]').textContent, viewer: li.querySelector('[data-testid="viewer-time"]').textContent })),
  next: [...c.querySelectorAll('[data-testid="schedule-next"] li')].map((li) => ({
    at: Number(li.dataset.at), zone: li.querySelector('[data-testid="zone-time"]').textContent, viewer: li.querySelector('[data-testid="viewer-time"]').textContent })),
  changes: [...c.querySelectorAll('[data-testid="schedule-changes"] li')].map((li) => ({ gap: li.dataset.gap, at: Number(li.dataset.at), text: li.textContent })),
}));

test('a nightly Berlin CronJob: its schedule in words and its runs in Berlin time and the viewer\'s, the spring day skipped', async () => {
  for (const [viewport, scheme] of [[{ width: 1440, height: 900 }, 'light'], [{ width: 390, height: 844 }, 'dark'], [{ width: 1440, height: 900 }, 'dark'], [{ width: 390, height: 844 }, 'light']]) {
    const { context, page } = await open(viewport, scheme);
    await setManifest(page, nightly('2026-03-27T00:00:00Z', '3d12h'));
    const c = await card(page);
    assert.equal(c.cronJob, 'nightly-report');
    assert.equal(c.words, 'At 02:00 every day');
    assert.equal(c.zone, 'Times in Europe/Berlin (the CronJob\'s zone) and in yours (America/New_York).');
    // The clock opens at the horizon's start (2026-03-27T00:00Z): nothing before it; next 02:00
    // CET = 01:00 UTC on the 27th and 28th, then none on the 29th (02:00 does not exist in Berlin
    // that day), then 02:00 CEST = 00:00 UTC on the 30th.
    assert.deepEqual(c.last, []);
    assert.deepEqual(c.next.map((r) => new Date(r.at).toISOString()), ['2026-03-27T01:00:00.000Z', '2026-03-28T01:00:00.000Z', '2026-03-30T00:00:00.000Z']);
    assert.deepEqual(c.next.map((r) => r.zone), ['2026-03-27 02:00 UTC+01:00', '2026-03-28 02:00 UTC+01:00', '2026-03-30 02:00 UTC+02:00']);
    // In New York (already on daylight time since 8 March): 21:00 and 20:00 the evening before.
    assert.match(c.next[0].viewer, /Mar 26.*09:00 PM.*EDT/);
    assert.match(c.next[2].viewer, /Mar 29.*08:00 PM.*EDT/);
    assert.equal(c.changes.length, 1);
    assert.equal(c.changes[0].gap, 'true');
    assert.equal(new Date(c.changes[0].at).toISOString(), '2026-03-29T01:00:00.000Z');
    assert.equal(c.changes[0].text, 'On 2026-03-29 the clock in Europe/Berlin skips 02:00–03:00: robfig/cron skips this schedule\'s 02:00 that day (it does not run it later).');
    // The engine's own run agrees: no slot on the 29th.
    const slots = await page.$$eval('[data-testid="slot-lane"] [data-testid="slot"]', (els) => els.map((e) => e.dataset.scheduled || e.dataset.time || ''));
    assert.ok(!slots.some((s) => s.startsWith('2026-03-29')), slots.join(' '));
    // The clock at the end (12:00 UTC on the 30th): the last run that would have been made, and the
    // next ones after the horizon.
    await page.click('[data-testid="to-end"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="schedule-last"] li[data-at]').length === 1);
    const end = await card(page);
    assert.equal(new Date(end.last[0].at).toISOString(), '2026-03-30T00:00:00.000Z');
    assert.equal(new Date(end.next[0].at).toISOString(), '2026-03-31T00:00:00.000Z');
    await page.click('[data-testid="to-start"]');
    // On a phone the card comes first, above the timeline, and fits the screen.
    const top = await page.evaluate(() => ({
      card: document.querySelector('[data-testid="schedule-card"]').getBoundingClientRect(),
      timeline: document.querySelector('.timeline-svg').getBoundingClientRect().top,
      width: document.documentElement.scrollWidth,
    }));
    assert.ok(top.card.top < top.timeline, JSON.stringify(top));
    assert.ok(top.card.right <= viewport.width && top.width <= viewport.width, JSON.stringify(top));
    await page.screenshot({ path: path.join(shots, `schedule-card-${viewport.width}-${scheme}.png`) });
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('the autumn change: 02:00 happens twice in Berlin and robfig/cron runs at each', async () => {
  const { context, page } = await open({ width: 1440, height: 900 }, 'light');
  await setManifest(page, nightly('2026-10-24T00:00:00Z', '3d'));
  const c = await card(page);
  // The 24th's 02:00 CEST is the creation instant itself; then 02:00 CEST and 02:00 CET on the 25th.
  assert.deepEqual(c.next.map((r) => r.zone), ['2026-10-25 02:00 UTC+02:00', '2026-10-25 02:00 UTC+01:00', '2026-10-26 02:00 UTC+01:00']);
  assert.deepEqual(c.next.map((r) => new Date(r.at).toISOString()), ['2026-10-25T00:00:00.000Z', '2026-10-25T01:00:00.000Z', '2026-10-26T01:00:00.000Z']);
  assert.equal(c.changes[0].gap, 'false');
  assert.match(c.changes[0].text, /repeats 02:00–03:00: robfig\/cron runs this schedule's 02:00 twice, once at each UTC offset/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the card speaks the page\'s language in its own word order', async () => {
  for (const [locale, words, last, next] of [
    ['ja-JP', '毎日 02:00 に', '直近の予定実行', '次の実行'],
    ['ko-KR', '매일 02:00에', '마지막 예정 실행', '다음 실행'],
  ]) {
    const { context, page } = await open({ width: 1440, height: 900 }, 'light', locale);
    await setManifest(page, nightly('2026-03-27T00:00:00Z', '3d12h'));
    const c = await card(page);
    assert.equal(c.words, words);
    const headings = await page.$$eval('[data-testid="schedule-card"] h4', (els) => els.map((e) => e.textContent));
    assert.deepEqual(headings, [last, next]);
    assert.match(c.changes[0].text, locale === 'ja-JP' ? /^2026-03-29 は Europe\/Berlin の時計が 02:00–03:00 を飛ばす/ : /^2026-03-29에는 Europe\/Berlin의 시계가 02:00–03:00를 건너뛰므로/);
    await page.screenshot({ path: path.join(shots, `schedule-card-${locale}.png`) });
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});
