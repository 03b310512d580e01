// End-to-end: the page's security basics. Its Content-Security-Policy lets only the page's own
// scripts, its worker and WebAssembly run (an injected inline script does not); HTML in the
// editor's text or in a share link is shown as text and never becomes elements; the exported
// SVG carries no script and no event handlers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { openPage } from './browser.mjs';
import { useBrowser } from './harness.mjs';
import { ready, setManifest, manifest } from './playground.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const seed = (id) => fs.readFileSync(path.join(here, '..', 'scenarios', id, 'scenario.yaml'), 'utf8');
const env = useBrowser();
const viewport = { width: 1440, height: 900 };

/** Records CSP violations and flags set by markup that should never run, from before the page's scripts. */
async function watched(context, url) {
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return openPage(context, url);
}

const HOSTILE = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=2</script>',
  '<svg onload="window.__pwned=3"></svg>',
  '"><iframe srcdoc="<script>parent.__pwned=4</script>">',
];

/** What markup from input would have made: any of its elements, or its flag. */
function injected(page) {
  return page.evaluate(() => ({
    pwned: window.__pwned ?? null,
    elements: document.querySelectorAll('img[src="x"], iframe, body svg[onload], [onerror], [onload]').length,
  }));
}

test('the Content-Security-Policy allows the page\'s own scripts, its worker and wasm, and nothing injected', async () => {
  const html = fs.readFileSync(path.join(here, '..', 'dist', 'index.html'), 'utf8');
  const meta = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]+)"/);
  assert.ok(meta, 'dist/index.html has a CSP meta tag');
  assert.ok(html.indexOf(meta[0]) < html.search(/<script/i), 'the policy comes before every script');
  const policy = Object.fromEntries(meta[1].split(/;\s*/).map((d) => { const [k, ...v] = d.split(/\s+/); return [k, v]; }));
  assert.deepEqual(policy['default-src'], ["'self'"]);
  assert.deepEqual(policy['worker-src'], ["'self'"]);
  assert.deepEqual(policy['object-src'], ["'none'"]);
  assert.deepEqual(policy['base-uri'], ["'none'"]);
  const scripts = policy['script-src'];
  assert.deepEqual(scripts.slice(0, 2), ["'self'", "'wasm-unsafe-eval'"]);
  assert.ok(!scripts.includes("'unsafe-inline'") && !scripts.includes("'unsafe-eval'"), scripts.join(' '));
  // Each inline script of the built page is allowed by its own hash, and nothing else is.
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(([, a, b]) => !/\bsrc=/.test(a) && b);
  assert.ok(inline.length >= 1);
  const hashes = inline.map(([, , body]) => `'sha256-${crypto.createHash('sha256').update(body).digest('base64')}'`);
  assert.deepEqual([...new Set(hashes)].sort(), scripts.slice(2).sort());

  // Under the policy the page loads, runs the engine in its worker and draws a run.
  const context = await env.browser.newContext({ viewport });
  const page = await watched(context, env.server.base);
  await ready(page);
  await setManifest(page, seed('retroactive-schedule-edit'));
  assert.ok(await page.$('[data-testid="job"][data-job="cron-test-27991510"]'));
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  // An inline script added to the document does not run, and the browser reports why.
  const ran = await page.evaluate(async () => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    document.head.append(s);
    await new Promise((r) => setTimeout(r, 100));
    return window.__injected ?? false;
  });
  assert.equal(ran, false);
  assert.ok((await page.evaluate(() => window.__violations)).some((v) => v.startsWith('script-src')));
  await context.close();
});

test('HTML in the editor\'s text or in a share link is shown as text, never as elements', async () => {
  const context = await env.browser.newContext({ viewport });
  const page = await watched(context, env.server.base);
  await ready(page);
  // In comments, a CronJob's name, its schedule and a Simulation field: each reaches a message.
  const text = `# ${HOSTILE.join(' ')}\napiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: '${HOSTILE[0]}'\nspec:\n  schedule: '${HOSTILE[1]}'\n` +
    '  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: Never\n          containers: [{name: c, image: busybox}]\n';
  await setManifest(page, text);
  await page.waitForSelector('[data-testid="diagnostic"], [data-testid="timeline-error"]');
  assert.deepEqual(await injected(page), { pwned: null, elements: 0 });
  const said = await page.textContent('body');
  assert.ok(said.includes(HOSTILE[0]), 'the refused name is quoted as text');
  assert.equal(await manifest(page), text);

  // The same text, and hostile view fields, through a link into a fresh browser.
  const state = { text: text + `# ${HOSTILE[3]}\n`, view: { from: 0, to: 3600000, cursor: 0, selected: HOSTILE[2] } };
  const fragment = '#s=1.' + zlib.deflateRawSync(Buffer.from(JSON.stringify(state))).toString('base64url');
  const other = await env.browser.newContext({ viewport });
  const linked = await watched(other, env.server.base + fragment);
  await linked.waitForSelector('[data-testid="share-error"], [data-testid="share-ask"], [data-generation]');
  await linked.waitForTimeout(500);
  assert.deepEqual(await injected(linked), { pwned: null, elements: 0 });
  assert.deepEqual(await linked.evaluate(() => window.__violations), []);
  await other.close();

  // A link whose text is fine but whose state is HTML where JSON belongs is refused as text.
  const bad = '#s=1.' + zlib.deflateRawSync(Buffer.from(HOSTILE[1])).toString('base64url');
  await page.goto('about:blank');
  await page.goto(env.server.base + bad);
  await page.waitForSelector('[data-testid="share-error"]');
  assert.match(await page.textContent('[data-testid="share-error"] p'), /^This link/);
  assert.deepEqual(await injected(page), { pwned: null, elements: 0 });
  assert.deepEqual(page.errors.filter((e) => !/Content Security Policy/.test(e)), []);
  await context.close();
});

test('the exported SVG carries no script, no event handler and no foreign content', async () => {
  const context = await env.browser.newContext({ viewport, acceptDownloads: true });
  const page = await watched(context, env.server.base);
  await ready(page);
  await setManifest(page, `# ${HOSTILE.join(' ')}\n` + seed('retroactive-schedule-edit'));
  // Even if something put them into the drawing (an extension, a future bug), the export drops them.
  await page.evaluate(() => {
    const svg = document.querySelector('.timeline-svg');
    const ns = 'http://www.w3.org/2000/svg';
    const s = document.createElementNS(ns, 'script');
    s.textContent = 'window.__pwned = 5';
    svg.append(s);
    const f = document.createElementNS(ns, 'foreignObject');
    svg.append(f);
    svg.querySelector('g')?.setAttribute('onclick', 'window.__pwned = 6');
    const a = document.createElementNS(ns, 'a');
    a.setAttribute('href', 'javascript:window.__pwned=7');
    svg.append(a);
  });
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-svg"]')]);
  const svg = fs.readFileSync(await download.path(), 'utf8');
  assert.match(svg, /^<svg /);
  assert.match(svg, /data-job="cron-test-27991510"/);
  assert.doesNotMatch(svg, /<script|<foreignObject|javascript:/i);
  assert.doesNotMatch(svg, /\son[a-z]+\s*=/i);
  await context.close();
});
