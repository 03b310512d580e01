// End-to-end: the page by keyboard alone. From the top of the page, Tab leaves the manifest
// editor with Escape then Tab (inside it, Tab indents), reaches the timeline as one tab stop,
// the arrow keys walk seed 002's slots, Jobs and Pods, and Enter explains the 13:10 slot in the
// inspector as a click does. Each item has an accessible name built from the same records the
// inspector explains, in the page's language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { useBrowser, shots, openPlayground } from './harness.mjs';
import { generation, waitForRun, manifest, inspector } from './playground.mjs';

const env = useBrowser();

/** The focused element: its tag, `data-item`, accessible name and whether it is in the editor. */
const focused = (page) => page.evaluate(() => {
  const a = document.activeElement;
  return { tag: a.tagName, item: a.getAttribute('data-item'), name: a.getAttribute('aria-label'), editor: !!a.closest('.cm-editor') };
});

async function openSeed(page, id) {
  const before = await generation(page);
  await page.selectOption('[data-testid="scenario-menu"]', id);
  await waitForRun(page, before);
  await page.waitForSelector(`[data-testid="scenario-notes"][data-scenario="${id}"]`);
  // Start from the top of the page, as a keyboard user arriving does.
  await page.evaluate(() => document.activeElement?.blur());
}

/** Presses Tab until the timeline has the focus (leaving the editor with Escape, Tab); returns
 * how the editor behaved. */
async function tabToTimeline(page) {
  let leftEditor = false;
  for (let i = 0; i < 60; i++) {
    const f = await focused(page);
    if (f.tag === 'svg' || f.item) return leftEditor;
    if (f.editor) {
      const text = await manifest(page);
      // Tab alone stays in the editor (it indents: put the text back afterwards), ...
      await page.keyboard.press('Tab');
      assert.equal((await focused(page)).editor, true, 'Tab alone keeps the focus in the editor');
      await page.keyboard.press('Control+Z');
      assert.equal(await manifest(page), text);
      // ... Escape then Tab moves on, the text untouched.
      await page.keyboard.press('Escape');
      await page.keyboard.press('Tab');
      assert.equal((await focused(page)).editor, false, 'Escape, Tab leaves the editor');
      assert.equal(await manifest(page), text);
      leftEditor = true;
      continue;
    }
    await page.keyboard.press('Tab');
  }
  assert.fail('Tab never reached the timeline');
}

for (const [name, viewport] of [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`keyboard only (${name}): Tab to the timeline, arrows to seed 002's 13:10 slot, Enter explains it`, async () => {
    for (const colorScheme of ['light', 'dark']) {
      const { context, page } = await openPlayground(env, { viewport, colorScheme });
      await openSeed(page, 'retroactive-schedule-edit');
      assert.equal(await tabToTimeline(page), true, 'the editor was on the way and was left');
      // The timeline is one tab stop: the drawing itself while nothing is focused or selected.
      const f = await focused(page);
      assert.equal(f.tag, 'svg');
      assert.equal(await page.$$eval('[data-testid="timeline-svg"] [data-item][tabindex="0"]', (els) => els.length), 0);
      assert.equal(await page.$$eval('[data-testid="slot"][tabindex="-1"]', (els) => els.length), 2);

      await page.keyboard.press('ArrowRight');
      assert.deepEqual(await focused(page), { tag: 'g', item: 'slot:0', name: '13:05 slot: ran on time', editor: false });
      await page.keyboard.press('ArrowRight');
      assert.deepEqual(await focused(page), { tag: 'g', item: 'slot:1', name: '13:10 slot: ran late, retroactive', editor: false });
      // The end of the lane: Right stays, Home goes back to its first item, End to its last.
      await page.keyboard.press('ArrowRight');
      assert.equal((await focused(page)).item, 'slot:1');
      await page.keyboard.press('Home');
      assert.equal((await focused(page)).item, 'slot:0');
      await page.keyboard.press('End');
      assert.equal((await focused(page)).item, 'slot:1');
      // The arrows moved the focus, not the view or the clock.
      assert.equal(await page.getAttribute('[data-testid="cursor"]', 'data-time'), '2023-03-22T13:01:51Z');

      await page.keyboard.press('Enter');
      const why = await inspector(page);
      assert.equal(why.title, 'Slot cron-test @ 2023-03-22T13:10:00Z');
      assert.equal(why.facts.Fate, 'ran-late');
      assert.equal(why.facts.Job, 'cron-test-27991510');
      assert.match(why.reasons[0].text, /retroactive run — the schedule was edited after this time/);
      // The selection is now the timeline's only tab stop, drawn with a visible focus ring.
      assert.deepEqual(await page.$$eval('[data-testid="timeline-svg"] [tabindex="0"]', (els) => els.map((e) => e.dataset.item)), ['slot:1']);
      assert.equal(await page.$eval('[data-item="slot:1"]', (e) => e.matches(':focus-visible')), true);
      assert.notEqual(await page.$eval('[data-item="slot:1"]', (e) => getComputedStyle(e).outlineStyle), 'none');
      await page.screenshot({ path: path.join(shots, `keyboard-slot-${name}-${colorScheme}.png`) });

      // Down to the Job lane (the Job nearest in time: 13:05's), Right to the retroactive Job,
      // Enter opens it (its Pods shown), Down to its Pod.
      await page.keyboard.press('ArrowDown');
      assert.deepEqual(await focused(page), { tag: 'g', item: 'job:0', name: 'Job cron-test-27991505, 13:05:00 – 13:05:09: complete', editor: false });
      await page.keyboard.press('ArrowRight');
      assert.equal((await focused(page)).name, 'Job cron-test-27991510, 13:16 – 13:16:09: complete, ran late');
      await page.keyboard.press(' ');
      assert.equal((await inspector(page)).title, 'Job cron-test-27991510');
      assert.equal(await page.getAttribute('[data-testid="job"][data-job="cron-test-27991510"]', 'aria-expanded'), 'true');
      await page.keyboard.press('ArrowDown');
      const pod = await focused(page);
      assert.match(pod.name, /^Pod cron-test-27991510-[a-z0-9]{5}: exit 0$/);
      await page.keyboard.press('ArrowUp');
      assert.equal((await focused(page)).item, 'job:1');
      // Up from the slot lane leaves the lanes: nowhere to go, the focus stays.
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      assert.equal((await focused(page)).item, 'slot:1');
      assert.deepEqual(page.errors, []);
      await context.close();
    }
  });
}

test('items are named in the page\'s language, and the help documents the keys and the editor\'s escape', async () => {
  const { context, page } = await openPlayground(env, { viewport: { width: 1440, height: 900 } });
  await openSeed(page, 'retroactive-schedule-edit');
  const name = (item) => page.getAttribute(`[data-item="${item}"]`, 'aria-label');
  const lane = (testid) => page.getAttribute(`[data-testid="${testid}"]`, 'aria-label');
  assert.equal(await name('slot:1'), '13:10 slot: ran late, retroactive');
  assert.equal(await lane('slot-lane'), 'slots of cron-test');
  assert.equal(await page.getAttribute('[data-testid="slot"][data-item="slot:1"]', 'role'), 'button');
  await page.selectOption('[data-testid="language"]', 'ja');
  await page.waitForFunction(() => document.documentElement.lang === 'ja');
  assert.equal(await name('slot:1'), '13:10 のスロット: 遅れて実行, 遡って実行');
  assert.equal(await name('job:1'), 'Job cron-test-27991510、13:16 – 13:16:09: 完了, 遅れて実行');
  await page.selectOption('[data-testid="language"]', 'ko');
  await page.waitForFunction(() => document.documentElement.lang === 'ko');
  assert.equal(await name('slot:1'), '13:10 슬롯: 지연 실행, 소급 실행');
  assert.equal(await lane('slot-lane'), 'cron-test의 슬롯');
  await page.selectOption('[data-testid="language"]', 'en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  await page.click('[data-testid="help-button"]');
  const help = await page.textContent('[data-testid="help"]');
  assert.match(help, /Esc, then Tab\s*leave the editor \(inside it Tab indents\)/);
  assert.match(help, /Ctrl-M \(macOS: Shift-Alt-M\)/);
  assert.match(help, /Enter \/ Space\s*open the focused item's why/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('keyboard only: the header\'s and the clock\'s controls in order, Share and help close with Escape back to their button, the menus change with the arrows', async () => {
  for (const [name, viewport] of [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
    const { context, page } = await openPlayground(env, { viewport, timezoneId: 'America/New_York' });
    await page.evaluate(() => document.activeElement?.blur());
    const testid = () => page.evaluate(() => document.activeElement.getAttribute('data-testid'));
    // From the top: the header's controls, then the editor.
    const order = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      order.push(await testid());
    }
    assert.deepEqual(order, ['scenario-menu', 'share', 'language', 'help-button', 'theme', 'editor-content'], name);

    // Share: Enter makes the link, Escape closes it and the focus stays on Share; so does the
    // popover's Close button, reached by Tab.
    await page.focus('[data-testid="share"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="share-popover"]');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid="share-popover"]', { state: 'detached' });
    assert.equal(await testid(), 'share');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="share-popover"]');
    await page.keyboard.press('Tab');
    assert.equal(await testid(), 'share-link');
    await page.keyboard.press('Tab');
    assert.equal(await testid(), 'share-close');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="share-popover"]', { state: 'detached' });
    assert.equal(await testid(), 'share');

    // Language: the arrows on the focused menu switch the page's language, and back.
    await page.keyboard.press('Tab');
    assert.equal(await testid(), 'language');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.documentElement.lang === 'ja');
    await page.keyboard.press('ArrowUp');
    await page.waitForFunction(() => document.documentElement.lang === 'en');

    // Help: Enter opens it, Escape closes it, the focus stays on its button.
    await page.keyboard.press('Tab');
    assert.equal(await testid(), 'help-button');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="help"]');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid="help"]', { state: 'detached' });
    assert.equal(await testid(), 'help-button');

    // The zone menu, after the clock's controls: Down reads the clock in the viewer's zone, its
    // whole label shown.
    await page.focus('[data-testid="scrub"]');
    await page.keyboard.press('Tab');
    assert.equal(await testid(), 'zone-menu');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.querySelector('[data-testid="zone-menu"]').value === 'viewer');
    assert.match(await page.textContent('[data-testid="clock-time"]'), /UTC-04:00$/);
    // The menu is as wide as its whole label: a copy of it free of the line's constraints is no wider.
    const menu = await page.$eval('[data-testid="zone-menu"]', (e) => {
      const free = e.cloneNode(true);
      free.style.cssText = 'position: absolute; max-width: none; min-width: 0; width: max-content';
      free.value = e.value;
      e.parentElement.append(free);
      const need = free.getBoundingClientRect().width;
      free.remove();
      return { text: e.selectedOptions[0].textContent, width: e.getBoundingClientRect().width, need };
    });
    assert.equal(menu.text, 'America/New_York (yours)');
    assert.ok(menu.width >= menu.need - 0.5, JSON.stringify(menu));
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), viewport.width);
    await page.$eval('[data-testid="zone-menu"]', (e) => e.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: path.join(shots, `keyboard-zone-menu-${name}.png`) });
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});
