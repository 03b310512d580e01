// End-to-end: a long run on the page. A run not drawn 200 ms after it was asked for shows a bar
// at the top of the timeline's pane — the fraction of the horizon the engine's worker has simulated, and a Cancel
// button — and the timeline still on screen is marked out of date (dimmed, labelled) until the new
// run is drawn. Cancel stops the run, says so, keeps the editor's text and the earlier timeline
// (still marked), and "Simulate again" runs the text to its end. Screenshots of the bar at laptop
// and phone sizes, light and dark.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { openPage } from './browser.mjs';
import { useBrowser, shots } from './harness.mjs';
import { ready, manifest, generation } from './playground.mjs';
import { month, preparePaste } from './stress-inputs.mjs';

const env = useBrowser();
const MONTH_DONE = / 4319\d slots/;

/** A page that notes when the run bar first appears (ms after `window.__pastedAt`). */
async function open(viewport = { width: 1440, height: 900 }, colorScheme = 'light') {
  const context = await env.browser.newContext({ viewport, colorScheme });
  await context.addInitScript(() => {
    new MutationObserver(() => {
      if (window.__pastedAt !== undefined && window.__barAt === undefined && document.querySelector('[data-testid="run-status"]')) {
        window.__barAt = performance.now() - window.__pastedAt;
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await openPage(context, env.server.base);
  await ready(page);
  return { context, page };
}

/** Pastes the month and returns once the bar shows it running. */
async function pasteMonth(page) {
  const pasteIt = await preparePaste(page, month);
  await page.evaluate(() => { window.__pastedAt = performance.now(); });
  await pasteIt();
  await page.waitForSelector('[data-testid="run-status"][data-state="running"]', { timeout: 20_000 });
}

const runInfo = (page) => page.textContent('[data-testid="run-info"]');
const opacity = (page, selector) => page.$eval(selector, (e) => Number(getComputedStyle(e).opacity));
const drawnMonth = (page) => page.waitForFunction((re) => new RegExp(re).test(document.querySelector('[data-testid="run-info"]')?.textContent || ''),
  MONTH_DONE.source, { timeout: 240_000 });

test('a slow run shows how far it is, the timeline on screen is marked out of date, then the result comes', { timeout: 300_000 }, async () => {
  const { context, page } = await open();
  const before = await generation(page);
  const shown = await runInfo(page);
  await pasteMonth(page);
  // Not at once: a run answered within 200 ms shows nothing.
  const barAt = await page.evaluate(() => window.__barAt);
  assert.ok(barAt >= 190, `the bar appeared ${barAt} ms after the paste`);
  // The fraction grows as the worker's slices report it.
  const fractions = [];
  for (let i = 0; i < 40 && fractions.length < 3; i++) {
    const said = await page.textContent('[data-testid="run-progress"]').catch(() => '');
    const m = /^Simulated (\d+) % of the horizon…$/.exec(said);
    if (m && !fractions.includes(Number(m[1]))) fractions.push(Number(m[1]));
    await page.waitForTimeout(150);
  }
  assert.ok(fractions.length >= 2, `progress seen: ${fractions.join(', ')}`);
  assert.deepEqual([...fractions].sort((a, b) => a - b), fractions, 'the fraction only grows');
  assert.ok(await page.$eval('[data-testid="run-status"] progress', (p) => p.value > 0 && p.value < 100));
  // The earlier run stays on screen, dimmed and labelled.
  assert.equal(await generation(page), before);
  assert.equal(await runInfo(page), shown);
  assert.equal(await page.textContent('[data-testid="stale"]'), "Out of date: the timeline below is the previous text's run");
  assert.ok(await opacity(page, '.timeline-scroll') < 0.6);
  assert.ok(await opacity(page, '.schedule-cards') < 0.6, 'the schedule cards are the previous run\'s too');
  await page.screenshot({ path: path.join(shots, 'long-run-progress.png') });
  await drawnMonth(page);
  assert.equal(await page.$('[data-testid="run-status"]'), null);
  assert.equal(await page.$('[data-testid="stale"]'), null);
  assert.equal(await opacity(page, '.timeline-scroll'), 1);
  assert.equal(await opacity(page, '.schedule-cards'), 1);
  assert.equal(await manifest(page), month);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('Cancel stops the run and says so; the text and the earlier timeline stay; Simulate again runs it', { timeout: 300_000 }, async () => {
  const { context, page } = await open();
  const before = await generation(page);
  const shown = await runInfo(page);
  await pasteMonth(page);
  await page.click('[data-testid="run-cancel"]');
  assert.equal(await page.textContent('[data-testid="run-stopped"]'), "Stopped. Your text is kept; the timeline is an earlier text's run.");
  assert.equal(await page.$('[data-testid="run-progress"]'), null);
  await page.screenshot({ path: path.join(shots, 'long-run-stopped.png') });
  // Longer than the whole run takes on this machine: it never arrives.
  await page.waitForTimeout(8_000);
  assert.equal(await generation(page), before);
  assert.equal(await runInfo(page), shown);
  assert.equal(await manifest(page), month);
  assert.ok(await page.$('[data-testid="stale"]'), 'the earlier timeline is still marked');
  assert.ok(await opacity(page, '.timeline-scroll') < 0.6);
  // Again: the bar comes back, and the run is drawn.
  await page.click('[data-testid="run-again"]');
  await page.waitForSelector('[data-testid="run-status"][data-state="running"]', { timeout: 20_000 });
  await drawnMonth(page);
  assert.equal(await page.$('[data-testid="run-status"]'), null);
  assert.equal(await manifest(page), month);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the run bar in Japanese and Korean', { timeout: 120_000 }, async () => {
  for (const [lang, cancel, stale] of [['ja', 'キャンセル', /^古い結果/], ['ko', '취소', /^이전 결과/]]) {
    const { context, page } = await open();
    await page.selectOption('[data-testid="language"]', lang);
    await pasteMonth(page);
    assert.equal(await page.textContent('[data-testid="run-cancel"]'), cancel);
    assert.match(await page.textContent('[data-testid="stale"]'), stale);
    await page.click('[data-testid="run-cancel"]');
    assert.ok((await page.textContent('[data-testid="run-stopped"]')).length > 10);
    await context.close();
  }
});

for (const [name, viewport] of [['laptop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  for (const scheme of ['light', 'dark']) {
    test(`the run bar at ${viewport.width}x${viewport.height}, ${scheme}`, { timeout: 120_000 }, async () => {
      const { context, page } = await open(viewport, scheme);
      await pasteMonth(page);
      await page.waitForSelector('[data-testid="run-progress"]:has-text("%")', { timeout: 20_000 });
      const bar = await page.$('[data-testid="run-status"]');
      await bar.scrollIntoViewIfNeeded();
      const box = await bar.boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= viewport.width + 1, `the bar fits: ${JSON.stringify(box)}`);
      const cancel = await (await page.$('[data-testid="run-cancel"]')).boundingBox();
      assert.ok(cancel.x + cancel.width <= viewport.width, 'Cancel is on screen');
      await page.screenshot({ path: path.join(shots, `long-run-${name}-${scheme}.png`) });
      await page.click('[data-testid="run-cancel"]');
      await context.close();
    });
  }
}
