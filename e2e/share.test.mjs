// End-to-end: share links. A link made in one browser reproduces the exact view — the same
// timeline SVG, clock, selection and inspector — in a fresh browser; a browser that saves a
// different text is asked before it is replaced; damaged or oversized links say what is wrong;
// a link made by the CLI (`cronjob-playground share`) opens the same way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openPage } from './browser.mjs';
import { useBrowser, shots, openPlayground } from './harness.mjs';
import { ready, setManifest, manifest, inspector } from './playground.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const seed = (id) => fs.readFileSync(path.join(here, '..', 'scenarios', id, 'scenario.yaml'), 'utf8');
const env = useBrowser();
const viewport = { width: 1440, height: 900 };

/** Everything that makes up "the view": the timeline as drawn, the clock, the inspector, the text. */
async function view(page) {
  return {
    // The drawing with each element's attributes sorted (Yew's patching order is not the view).
    svg: await page.$eval('.timeline-svg', (root) => {
      const canon = (e) => e.nodeType === 3 ? e.textContent
        : `<${e.tagName} ${[...e.attributes].map((a) => `${a.name}=${a.value}`).sort().join(' ')}>${[...e.childNodes].map(canon).join('')}</${e.tagName}>`;
      return canon(root);
    }),
    clock: await page.getAttribute('[data-testid="clock-time"]', 'data-time'),
    speed: await page.inputValue('[data-testid="speed"]'),
    inspector: await inspector(page).catch(() => null),
    text: await manifest(page),
  };
}

/** Waits until the page has settled on a restored view (the link's run drawn, the fragment gone). */
async function opened(page) {
  await ready(page);
  await page.waitForFunction(() => location.hash === '');
  await page.waitForTimeout(300);
}

async function makeLink(page) {
  await page.click('[data-testid="share"]');
  await page.waitForSelector('[data-testid="share-link"]');
  return page.inputValue('[data-testid="share-link"]');
}

test('a shared link reproduces the exact view in a fresh browser', async () => {
  const { context: a, page } = await openPlayground(env, { viewport });
  await setManifest(page, seed('retroactive-schedule-edit'));
  // Select the retroactive Job, zoom in twice, step the clock and pick a speed.
  await page.click('[data-testid="job"][data-job="cron-test-27991510"]');
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await page.click('[data-testid="step-prev"]');
  await page.selectOption('[data-testid="speed"]', '600');
  await page.waitForTimeout(200);
  const before = await view(page);
  assert.equal(before.inspector.title.includes('cron-test-27991510'), true, before.inspector.title);
  const link = await makeLink(page);
  assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/#s=1\.[A-Za-z0-9_-]+$/);
  const chars = Number(await page.getAttribute('[data-testid="share-size"]', 'data-chars'));
  assert.equal(chars, link.length);
  assert.ok(chars < 1200, `seed 002 with its view is ${chars} characters`);
  await page.screenshot({ path: path.join(shots, 'share-popover.png') });
  assert.deepEqual(page.errors, []);

  // A fresh browser: no saved text, so the link opens at once.
  const b = await env.browser.newContext({ viewport });
  const fresh = await openPage(b, link);
  await opened(fresh);
  assert.equal(await fresh.$('[data-testid="share-confirm"]'), null);
  assert.deepEqual(await view(fresh), before);
  // The link's text is now this browser's saved text.
  assert.equal(await fresh.evaluate(() => localStorage.getItem('cronjob-playground.manifest')), before.text);
  await fresh.screenshot({ path: path.join(shots, 'share-opened.png') });
  assert.deepEqual(fresh.errors, []);
  await a.close();
  await b.close();
});

test('opening a link never replaces a different saved text without asking', async () => {
  const { context: a, page: maker } = await openPlayground(env, { viewport });
  await setManifest(maker, seed('forbid-catch-up'));
  const link = await makeLink(maker);
  await a.close();

  const { context: b, page } = await openPlayground(env, { viewport });
  const mine = seed('retroactive-schedule-edit').replace('name: cron-test', 'name: mine');
  await setManifest(page, mine);
  const saved = () => page.evaluate(() => localStorage.getItem('cronjob-playground.manifest'));
  assert.equal(await saved(), mine);

  // Declining keeps the text, saved and shown, and forgets the link.
  await page.goto('about:blank');
  await page.goto(link);
  await page.waitForSelector('[data-testid="share-confirm"]');
  assert.match(await page.textContent('[data-testid="share-confirm"]'), /different manifest \(\d+ lines\) from the one saved in this browser/);
  assert.equal(await saved(), mine);
  await page.screenshot({ path: path.join(shots, 'share-confirm.png') });
  await page.click('[data-testid="share-keep"]');
  await ready(page);
  await page.waitForFunction(() => location.hash === '');
  assert.equal(await manifest(page), mine);
  assert.equal(await saved(), mine);
  assert.equal(await page.$('[data-testid="share-confirm"]'), null);

  // Accepting replaces it.
  await page.goto('about:blank');
  await page.goto(link);
  await page.waitForSelector('[data-testid="share-confirm"]');
  await page.click('[data-testid="share-open"]');
  await opened(page);
  assert.equal(await manifest(page), seed('forbid-catch-up'));
  assert.equal(await saved(), seed('forbid-catch-up'));
  assert.deepEqual(page.errors, []);
  await b.close();
});

test('damaged and oversized links get a clear message and leave the saved text alone', async () => {
  const { context, page } = await openPlayground(env, { viewport });
  const mine = await manifest(page);
  const cases = [
    ['#s=1.abc!def', 'This link is damaged: \'!\' at position 3 of its data is not a base64url character. It was probably altered while being copied; ask for the link again.'],
    ['#s=1.AAAAAAAA', /^This link is damaged: its compressed data cannot be read \(.+\)\. Ask for the link again\.$/],
    ['#s=1.abcde', 'This link is damaged: its data ends in the middle of a character. It was probably cut while being copied; ask for the whole link again.'],
    ['#s=7.abc', 'This link was made by a different version of the playground (format "7"); this page reads format 1. Your own text is unchanged.'],
    ['#s=1.' + 'A'.repeat(40000), 'This link is too long to open: 40005 characters, the limit is 32768. Share a shorter manifest or horizon.'],
  ];
  for (const [fragment, message] of cases) {
    await page.goto('about:blank');
    await page.goto(env.server.base + fragment);
    await page.waitForSelector('[data-testid="share-error"]');
    const text = await page.textContent('[data-testid="share-error"] p');
    if (typeof message === 'string') assert.equal(text, message);
    else assert.match(text, message);
    await ready(page);
    assert.equal(await manifest(page), mine);
  }
  await page.screenshot({ path: path.join(shots, 'share-damaged.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a link made by the CLI opens in the browser', async () => {
  const bin = path.join(here, '..', 'target', 'debug', 'cronjob-playground');
  if (!fs.existsSync(bin)) execFileSync('cargo', ['build', '--quiet', '--bin', 'cronjob-playground'], { cwd: path.join(here, '..') });
  const file = path.join(here, '..', 'scenarios', 'too-many-missed-v1', 'scenario.yaml');
  const link = execFileSync(bin, ['share', file, '--base', env.server.base], { encoding: 'utf8' }).trim();
  assert.match(link, /#s=1\./);
  const context = await env.browser.newContext({ viewport });
  const page = await openPage(context, link);
  await opened(page);
  assert.equal(await manifest(page), fs.readFileSync(file, 'utf8'));
  const fates = await page.$$eval('[data-testid="slot"]', (els) => els.map((e) => e.dataset.fate));
  assert.ok(fates.includes('too-many-missed'), fates.join(','));
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a link carries the language and the open compare and lint panels; a receiver who chose a language keeps it', async () => {
  const { context: a, page } = await openPlayground(env, { viewport, locale: 'en-US' });
  await setManifest(page, seed('forbid-catch-up'));
  await page.selectOption('[data-testid="language"]', 'ja');
  await page.click('[data-testid="compare-toggle"]');
  await page.selectOption('[data-testid="compare-against"]', 'policy:Allow');
  await page.click('[data-testid="lint-toggle"]');
  const link = await makeLink(page);
  await a.close();

  // A Korean browser whose user never chose a language opens in the link's Japanese, without
  // storing it as a choice, with compare mode against the same policy and the lint view open.
  const b = await env.browser.newContext({ viewport, locale: 'ko-KR' });
  const fresh = await openPage(b, link);
  await opened(fresh);
  assert.equal(await fresh.getAttribute('html', 'lang'), 'ja');
  assert.equal(await fresh.inputValue('[data-testid="language"]'), 'ja');
  assert.equal(await fresh.evaluate(() => localStorage.getItem('cronjob-playground.lang')), null);
  assert.equal(await fresh.inputValue('[data-testid="compare-against"]'), 'policy:Allow');
  await fresh.waitForSelector('[data-testid="diff"]');
  assert.equal(await fresh.getAttribute('[data-testid="lint-toggle"]', 'aria-expanded'), 'true');
  await fresh.screenshot({ path: path.join(shots, 'share-opened-ja-panels.png') });
  assert.deepEqual(fresh.errors, []);
  await b.close();

  // A browser whose user chose Korean keeps Korean; the panels still open.
  const { context: c, page: chooser } = await openPlayground(env, { viewport, locale: 'en-US' });
  await chooser.selectOption('[data-testid="language"]', 'ko');
  await chooser.goto('about:blank');
  await chooser.goto(link);
  if (await chooser.waitForSelector('[data-testid="share-confirm"]', { timeout: 3000 }).catch(() => null)) await chooser.click('[data-testid="share-open"]');
  await opened(chooser);
  assert.equal(await chooser.getAttribute('html', 'lang'), 'ko');
  assert.equal(await chooser.inputValue('[data-testid="compare-against"]'), 'policy:Allow');
  assert.equal(await chooser.getAttribute('[data-testid="lint-toggle"]', 'aria-expanded'), 'true');
  assert.deepEqual(chooser.errors, []);
  await c.close();
});
