// End-to-end: the page offline and across deployments (www/sw.js, docs/offline.md). After one
// visit the service worker holds every file of the build, so with the network gone (the browser
// offline and the server down) a reload still shows the page, simulates, opens a scenario and a
// share link. Then a new build is deployed: while one of its files cannot be fetched nothing
// changes; once it can, it installs in full in the background, the page offers to reload, and
// the reload brings in the new build as a whole and drops the old one's cache.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dist, serveDist } from './server.mjs';
import { launch, openPage } from './browser.mjs';
import { shots, openPlayground } from './harness.mjs';
import { ready, setManifest, manifest, data, generation, waitForRun } from './playground.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const seed = (id) => fs.readFileSync(path.join(here, '..', 'scenarios', id, 'scenario.yaml'), 'utf8');
const viewport = { width: 1440, height: 900 };
const env = {};

// Two builds in a temporary folder: A, a copy of dist/, and B, the same with a changed page and
// scenario texts and its own service worker, written by the build's own script.
before(async () => {
  env.tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-builds-'));
  env.a = path.join(env.tmp, 'a');
  env.b = path.join(env.tmp, 'b');
  fs.cpSync(dist, env.a, { recursive: true });
  fs.cpSync(dist, env.b, { recursive: true });
  const html = path.join(env.b, 'index.html');
  fs.writeFileSync(html, fs.readFileSync(html, 'utf8').replace('<title>', '<meta name="build" content="b"><title>'));
  fs.appendFileSync(path.join(env.b, 'library.json'), '\n');
  execFileSync('node', [path.join(here, '..', 'scripts', 'service-worker.mjs'), env.b]);
  env.server = await serveDist(env.a);
  env.browser = await launch();
  fs.mkdirSync(shots, { recursive: true });
});
after(async () => {
  await env.browser?.close();
  await env.server?.close();
  fs.rmSync(env.tmp, { recursive: true, force: true });
});

/** The files a build's service worker caches (all but sw.js), as it lists them. */
const filesOf = (dir) => JSON.parse(fs.readFileSync(path.join(dir, 'sw.js'), 'utf8').match(/const FILES = (\[.*\]);/)[1]);
const buildOf = (dir) => fs.readFileSync(path.join(dir, 'sw.js'), 'utf8').match(/const BUILD = '([0-9a-f]+)'/)[1];

/** The page's caches and, per cache, the paths it holds. */
const caches = (page) => page.evaluate(async () => {
  const out = {};
  for (const name of await globalThis.caches.keys()) {
    out[name] = (await (await globalThis.caches.open(name)).keys()).map((r) => new URL(r.url).pathname.slice(1)).sort();
  }
  return out;
});

/** Waits until the page's service worker is active and its cache holds the build. */
async function installed(page, dir) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  const name = `cronjob-playground-${buildOf(dir)}`;
  await page.waitForFunction(async (n) => (await globalThis.caches.keys()).includes(n), name, { timeout: 30000 });
  return name;
}

const isBuildB = (page) => page.evaluate(() => !!document.querySelector('meta[name="build"]'));

test('offline after one visit: reload, simulate, open a scenario and a share link with no network', async () => {
  const { context, page } = await openPlayground(env, { viewport });
  const cache = await installed(page, env.a);
  const files = filesOf(env.a);
  assert.deepEqual(await caches(page), { [cache]: [...files].sort() }, 'one cache holding every file of the build');
  for (const f of ['index.html', 'offline.js', 'codemirror.js', 'library.json', 'playground-engine_loader.js', 'playground-engine_bg.wasm',
    'manifest.webmanifest', 'icon.svg', 'icon-192.png', 'icon-512.png', 'icon-maskable-512.png']) {
    assert.ok(files.includes(f), `${f} is cached`);
  }
  assert.ok(files.some((f) => /^playground-web-.*_bg\.wasm$/.test(f)) && files.some((f) => f.endsWith('.css')));
  console.log(`# service worker: build ${buildOf(env.a)}, ${files.length} files cached`);

  // No network at all: the browser is offline and the server answers nothing.
  env.server.site.down = true;
  await context.setOffline(true);
  const requests = env.server.site.requests;
  await page.reload();
  await ready(page);
  assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller), 'the reload came from the service worker');
  assert.ok(await page.$('.cm-content'), 'the CodeMirror bundle came from the cache');

  // Simulate: paste seed 000 (Forbid) and see its late runs.
  await setManifest(page, seed('forbid-catch-up'));
  const late = (await data(page, '[data-testid="slot"]')).filter((s) => s.fate === 'ran-late').map((s) => s.time);
  assert.deepEqual(late.slice(0, 2), ['2018-12-05T11:00:00Z', '2018-12-05T12:00:00Z']);

  // A scenario, with its notes from the cached library.json.
  page.once('dialog', (d) => d.accept());
  const before = await generation(page);
  await page.selectOption('[data-testid="scenario-menu"]', 'replace');
  await waitForRun(page, before);
  await page.waitForSelector('[data-testid="scenario-notes"][data-scenario="replace"]');
  assert.equal(await manifest(page), seed('replace'));

  // A share link, opened in a new tab of the same offline browser.
  await page.click('[data-testid="share"]');
  await page.waitForSelector('[data-testid="share-link"]');
  const link = await page.inputValue('[data-testid="share-link"]');
  await setManifest(page, seed('suspend-resume'));
  const tab = await openPage(context, link);
  // This browser saves another text now, so the link asks first.
  await tab.click('[data-testid="share-open"]', { timeout: 30000 });
  await ready(tab);
  await tab.waitForFunction((t) => globalThis.CronJobEditor?.current?.state.doc.toString() === t, seed('replace'), { timeout: 30000 });
  await tab.screenshot({ path: path.join(shots, 'offline-share.png') });

  assert.equal(env.server.site.requests, requests, 'nothing reached the server');
  assert.deepEqual(page.errors, []);
  assert.deepEqual(tab.errors, []);
  await context.setOffline(false);
  env.server.site.down = false;
  await context.close();
});

test('a new build installs in full in the background, and takes over as a whole when the page reloads into it', async () => {
  Object.assign(env.server.site, { root: env.a, down: false });
  const { context, page } = await openPlayground(env, { viewport });
  const cacheA = await installed(page, env.a);
  await page.reload();
  await ready(page);
  assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller));

  // Build B is deployed, but one of its files cannot be fetched: its install fails and build A
  // goes on, whole, with no notice.
  env.server.site.root = env.b;
  const wasm = filesOf(env.b).find((f) => /^playground-web-.*_bg\.wasm$/.test(f));
  env.server.site.refuse = (p) => p === `/${wasm}`;
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    await reg.update().catch(() => {});
    // The failed install ends with no worker waiting.
    while (reg.installing) await new Promise((r) => setTimeout(r, 100));
  });
  assert.deepEqual(Object.keys(await caches(page)), [cacheA], 'no cache for a build that failed to install');
  assert.equal(await page.$('[data-testid="update-notice"]'), null);
  await page.reload();
  await ready(page);
  assert.equal(await isBuildB(page), false, 'still build A');

  // Now every file can be fetched: B installs beside A and the page offers it.
  env.server.site.refuse = () => false;
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
  await page.waitForSelector('[data-testid="update-notice"]', { timeout: 30000 });
  const cacheB = `cronjob-playground-${buildOf(env.b)}`;
  const both = await caches(page);
  assert.deepEqual(Object.keys(both).sort(), [cacheA, cacheB].sort());
  assert.deepEqual(both[cacheB], [...filesOf(env.b)].sort(), 'B is cached in full before it is offered');
  await page.screenshot({ path: path.join(shots, 'update-notice.png') });
  // Until the user takes it, the page (and a reload) stay on A, served from A's cache.
  assert.equal(await isBuildB(page), false);
  await page.reload();
  await ready(page);
  assert.equal(await isBuildB(page), false, 'a reload alone keeps build A');
  await page.waitForSelector('[data-testid="update-notice"]', { timeout: 30000 });
  assert.match(await page.textContent('[data-testid="update-notice"]'), /A newer version of the playground is ready/);

  // Reload into B: the page reloads itself, from B's cache; A's cache is gone.
  const navigated = page.waitForNavigation();
  await page.click('[data-testid="update-reload"]');
  await navigated;
  await ready(page);
  assert.equal(await isBuildB(page), true, 'build B after the reload');
  assert.deepEqual(Object.keys(await caches(page)), [cacheB], 'only the new build is cached');
  assert.equal(await page.$('[data-testid="update-notice"]'), null);
  // And B works offline too.
  env.server.site.down = true;
  await context.setOffline(true);
  await page.reload();
  await ready(page);
  assert.equal(await isBuildB(page), true);
  assert.deepEqual(page.errors, []);
  await context.setOffline(false);
  env.server.site.down = false;
  await context.close();
});

test('the update notice speaks the page\'s language', async () => {
  // A page of build A whose service worker then sees build B, in Japanese and in Korean.
  for (const [locale, words] of [['ja-JP', /新しいバージョン.*再読み込み/], ['ko-KR', /새 버전이 준비되었습니다.*새로 고침/]]) {
    Object.assign(env.server.site, { root: env.a, down: false, refuse: () => false });
    const { context, page } = await openPlayground(env, { viewport: { width: 390, height: 844 }, locale });
    await installed(page, env.a);
    await page.reload();
    await ready(page);
    env.server.site.root = env.b;
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await page.waitForSelector('[data-testid="update-notice"]', { timeout: 30000 });
    assert.match(await page.textContent('[data-testid="update-notice"]'), words);
    await page.screenshot({ path: path.join(shots, `update-notice-${locale}.png`) });
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});
