// End-to-end: the time axis and the horizon field. Ticks sit on calendar boundaries at every zoom
// (a ten-year horizon labels its years once each, in order; a year labels months and the new
// year; no label runs past the lanes' edge), on a laptop and a phone, in English and Japanese.
// The horizon field takes what the Simulation document takes and says what is wrong otherwise.
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
const withHorizon = (h) => seed('retroactive-schedule-edit').replace('duration: 30m', `duration: ${h}`);

/** The axis's labels, left to right, and whether each ends inside the drawing. */
async function axis(page) {
  return page.$eval('[data-testid="axis"]', (g) => {
    const width = Number(g.ownerSVGElement.getAttribute('width'));
    return [...g.querySelectorAll('.tick-label')].map((t) => {
      const box = t.getBBox();
      return { text: t.textContent, x: box.x, inside: box.x + box.width <= width };
    }).sort((a, b) => a.x - b.x);
  });
}

for (const [name, viewport] of [['laptop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`axis on a ${name}: seconds to ten years, in order, never repeated or cut off`, async () => {
    const { context, page } = await openPlayground(env, { viewport });
    for (const h of ['1m', '30m', '1d', '7d', '365d', '3650d']) {
      await setManifest(page, withHorizon(h));
      const labels = await axis(page);
      assert.ok(labels.length >= (name === 'phone' ? 1 : 3), `${h}: ${JSON.stringify(labels)}`);
      assert.deepEqual([...new Set(labels.map((l) => l.text))], labels.map((l) => l.text), `${h}: repeated labels`);
      assert.ok(labels.every((l) => l.inside), `${h}: a label runs past the edge: ${JSON.stringify(labels)}`);
      if (h === '3650d') {
        // Years, increasing.
        assert.ok(labels.every((l) => /^20\d\d$/.test(l.text)), JSON.stringify(labels));
        const years = labels.map((l) => Number(l.text));
        assert.deepEqual([...years].sort((a, b) => a - b), years);
        // One step throughout, on round years.
        const steps = new Set(years.slice(1).map((y, i) => y - years[i]));
        assert.ok(steps.size <= 1 && years.every((y) => y % [...steps, 1][0] === 0), JSON.stringify(years));
        await page.screenshot({ path: path.join(shots, `axis-3650d-${name}.png`) });
      }
      if (h === '365d' && name === 'laptop') {
        assert.ok(labels.some((l) => l.text === '2024'), JSON.stringify(labels));
        await page.screenshot({ path: path.join(shots, 'axis-365d.png') });
      }
    }
    // Zoomed into a ten-year horizon down to the seconds: the labels stay in order.
    await setManifest(page, withHorizon('3650d'));
    await page.click('.timeline-head h2');
    for (let i = 0; i < 28; i++) await page.keyboard.press('+');
    const close = await axis(page);
    assert.ok(close.length >= 1 && close.every((l) => /^\d\d:\d\d(:\d\d)?$|^[A-Z][a-z]{2} \d+/.test(l.text)), JSON.stringify(close));
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}

test('axis labels in Japanese', async () => {
  const { context, page } = await openPlayground(env, { viewport: { width: 1440, height: 900 }, locale: 'ja-JP' });
  await setManifest(page, withHorizon('365d'));
  const labels = (await axis(page)).map((l) => l.text);
  assert.ok(labels.includes('2024年'), labels.join());
  assert.ok(labels.some((l) => /^\d+月$/.test(l)), labels.join());
  await page.screenshot({ path: path.join(shots, 'axis-365d-ja.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the horizon field takes the Simulation document\'s units and says what is wrong otherwise', async () => {
  const { context, page } = await openPlayground(env, { viewport: { width: 1440, height: 900 } });
  await setManifest(page, seed('retroactive-schedule-edit'));
  const text = await manifest(page);
  for (const [typed, said] of [
    ['10y', '“10y”: unknown unit “y”: use ms, s, m, h or d (a year is 365d)'],
    ['36', '“36”: a number needs a unit: ms, s, m, h or d'],
    ['h', '“h”: expected a number before each unit, as in 36h or 1d12h'],
    ['0s', '“0s”: a horizon is longer than zero and at most a few thousand years'],
  ]) {
    await page.fill('[data-testid="horizon"]', typed);
    await page.press('[data-testid="horizon"]', 'Enter');
    await page.waitForSelector('[data-testid="horizon-error"]');
    assert.equal(await page.textContent('[data-testid="horizon-error"]'), said);
    assert.equal(await page.getAttribute('[data-testid="horizon"]', 'aria-invalid'), 'true');
    // The text is untouched, and the field shows the horizon it still has (the message quotes what was typed).
    assert.equal(await manifest(page), text);
    assert.equal(await page.inputValue('[data-testid="horizon"]'), '30m');
  }
  await page.screenshot({ path: path.join(shots, 'horizon-error.png') });
  // The document's own units work, and the message goes.
  const g = await generation(page);
  await page.fill('[data-testid="horizon"]', '1d12h');
  await page.press('[data-testid="horizon"]', 'Enter');
  await waitForRun(page, g);
  assert.match(await manifest(page), /duration: 36h/);
  assert.equal(await page.$('[data-testid="horizon-error"]'), null);
  assert.deepEqual(page.errors, []);
  await context.close();
});
