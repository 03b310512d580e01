// End-to-end: the page on a phone (390×844) and how the virtual clock opens. On a phone the page is
// one column that scrolls as a whole — timeline with its clock, inspector, then editor and
// controls — nothing wider than the screen, every header control on screen and working in each
// language and theme. The clock opens at the start of the horizon at a speed that plays it in
// about 20 s.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useBrowser, shots, openPlayground } from './harness.mjs';
import { setManifest } from './playground.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const seed = (id) => fs.readFileSync(path.join(here, '..', 'scenarios', id, 'scenario.yaml'), 'utf8');
const env = useBrowser();
const phone = { width: 390, height: 844 };

/** The element's box, and whether it is what the page shows at its centre (nothing covers or clips it). */
async function onScreen(page, selector) {
  const el = await page.waitForSelector(selector, { state: 'attached' });
  await el.scrollIntoViewIfNeeded();
  return el.evaluate((e) => {
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height, shown: !!hit && (hit === e || e.contains(hit)) };
  });
}

for (const scheme of ['light', 'dark']) {
  for (const locale of ['en-US', 'ja-JP', 'ko-KR']) {
    test(`a phone, ${scheme}, ${locale}: one column, nothing off-screen, every header control works`, async () => {
      const { context, page } = await openPlayground(env, { viewport: phone, colorScheme: scheme, locale, hasTouch: true, isMobile: true });
      await page.waitForTimeout(300);
      // Nothing is wider than the screen: the document does not scroll sideways.
      const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
      assert.ok(widths.doc <= phone.width && widths.body <= phone.width, JSON.stringify(widths));
      // Every header control is on screen, uncovered.
      for (const sel of ['[data-testid="scenario-menu"]', '[data-testid="share"]', '[data-testid="language"]', '[data-testid="help-button"]', '[data-testid="theme"]']) {
        const box = await onScreen(page, sel);
        assert.ok(box.left >= 0 && box.right <= phone.width && box.shown, `${sel} ${JSON.stringify(box)}`);
      }
      // The clock's controls and the timeline fit the screen.
      for (const sel of ['[data-testid="to-start"]', '[data-testid="play"]', '[data-testid="to-end"]', '[data-testid="speed"]', '[data-testid="scrub"]', '[data-testid="clock-time"]', '.timeline-svg']) {
        const box = await onScreen(page, sel);
        assert.ok(box.left >= 0 && box.right <= phone.width && box.shown, `${sel} ${JSON.stringify(box)}`);
      }
      // The stacking order: timeline, then the inspector, then the editor and its controls.
      const order = await page.evaluate(() => ['.timeline-svg', '[data-testid="inspector"]', '.cm-editor', '[data-testid="horizon"]']
        .map((s) => document.querySelector(s).getBoundingClientRect().top + scrollY));
      assert.deepEqual([...order].sort((a, b) => a - b), order, `tops ${order}`);
      // The inspector has room; no control of the editor pane is cut off by a box of its own.
      const inspector = await onScreen(page, '[data-testid="inspector"]');
      assert.ok(inspector.height >= 250, `inspector ${inspector.height} px tall`);
      for (const sel of ['[data-testid="horizon"]', '[data-testid="timezone"]', '[data-testid="attempt-duration"]', '[data-testid="add-event"]']) {
        const box = await onScreen(page, sel);
        assert.ok(box.shown && box.right <= phone.width, `${sel} ${JSON.stringify(box)}`);
      }
      await page.evaluate(() => scrollTo(0, 0));
      await page.screenshot({ path: path.join(shots, `phone-${scheme}-${locale}.png`) });
      if (locale === 'en-US') await page.screenshot({ path: path.join(shots, `phone-${scheme}-full.png`), fullPage: true });

      // Each header control does its job with a tap.
      await page.tap('[data-testid="help-button"]');
      const help = await onScreen(page, '[data-testid="help"]');
      assert.ok(help.left >= 0 && help.right <= phone.width, `help ${JSON.stringify(help)}`);
      await page.tap('[data-testid="help-button"]');
      assert.equal(await page.$('[data-testid="help"]'), null);
      const theme = await page.evaluate(() => document.documentElement.dataset.theme);
      await page.tap('[data-testid="theme"]');
      assert.notEqual(await page.evaluate(() => document.documentElement.dataset.theme), theme);
      await page.tap('[data-testid="theme"]');
      await page.tap('[data-testid="share"]');
      const popover = await onScreen(page, '[data-testid="share-link"]');
      assert.ok(popover.left >= 0 && popover.right <= phone.width, `share link ${JSON.stringify(popover)}`);
      await page.selectOption('[data-testid="language"]', 'ko');
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'ko');
      await page.selectOption('[data-testid="language"]', 'ja');
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'ja');
      assert.ok(await page.$('[data-testid="scenario-menu"] option'));
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= phone.width);
      assert.deepEqual(page.errors, []);
      await context.close();
    });
  }
}

test('a phone: tapping a Job opens its why in the inspector, on screen', async () => {
  const { context, page } = await openPlayground(env, { viewport: phone, hasTouch: true, isMobile: true });
  await setManifest(page, seed('retroactive-schedule-edit'));
  await page.tap('[data-testid="job"][data-job="cron-test-27991510"]');
  await page.waitForSelector('[data-testid="explanation"][aria-busy="false"]');
  const title = await onScreen(page, '[data-testid="inspector-title"]');
  assert.ok(title.shown && title.right <= phone.width, JSON.stringify(title));
  await page.screenshot({ path: path.join(shots, 'phone-why.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the clock opens at the start of the horizon at a speed that plays it in about 20 s', async () => {
  const { context, page } = await openPlayground(env, { viewport: { width: 1440, height: 900 } });
  await setManifest(page, seed('retroactive-schedule-edit'));
  const clock = () => page.getAttribute('[data-testid="clock-time"]', 'data-time');
  // Seed 002's horizon: 13:01:51 to 13:31:51, 30 minutes at 2 min/s (15 s).
  assert.equal(await clock(), '2023-03-22T13:01:51Z');
  assert.equal(await page.inputValue('[data-testid="speed"]'), '120');
  assert.equal(await page.$eval('[data-testid="speed"]', (s) => s.selectedOptions[0].textContent), '2 min/s');
  await page.click('[data-testid="play"]');
  await page.waitForTimeout(2000);
  await page.click('[data-testid="play"]');
  const played = (Date.parse(await clock()) - Date.parse('2023-03-22T13:01:51Z')) / 1000;
  // Two real seconds (give or take the machine's load) at 120 virtual seconds each.
  assert.ok(played >= 150 && played <= 330, `played ${played} s of virtual time in 2 s`);
  // A year-long horizon opens at 30 d/s (about 12 s).
  const yearly = seed('retroactive-schedule-edit').replace(/duration: \S+/, 'duration: 365d');
  assert.notEqual(yearly, seed('retroactive-schedule-edit'));
  await setManifest(page, yearly);
  assert.equal(await clock(), '2023-03-22T13:01:51Z');
  assert.equal(await page.$eval('[data-testid="speed"]', (s) => s.selectedOptions[0].textContent), '30 d/s');
  assert.deepEqual(page.errors, []);
  await context.close();
});
