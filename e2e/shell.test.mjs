// End-to-end: the built page loads, shows its shell, and keeps the user's text across a reload.
// Run: (cd e2e && node --test) after `trunk build --release`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveDist } from './server.mjs';
import { launch, openPage } from './browser.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const shots = process.env.E2E_SCREENSHOT_DIR || path.join(here, 'screenshots');
let server, browser;

before(async () => {
  server = await serveDist();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('the page shows its title, editor and timeline', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openPage(context, server.base);
  await page.waitForSelector('[data-testid="title"]', { timeout: 30000 });
  assert.equal(await page.textContent('[data-testid="title"]'), 'CronJob Playground');
  assert.equal(await page.title(), 'CronJob Playground');
  const editor = await page.inputValue('[data-testid="editor"]');
  assert.match(editor, /^apiVersion: batch\/v1\nkind: CronJob\n/);
  assert.ok(await page.isVisible('[data-testid="timeline"]'));
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, 'shell.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the editor text survives a reload', async () => {
  const context = await browser.newContext();
  const page = await openPage(context, server.base);
  await page.waitForSelector('[data-testid="editor"]', { timeout: 30000 });
  const text = 'apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: kept\n';
  await page.fill('[data-testid="editor"]', text);
  assert.equal(await page.textContent('[data-testid="editor-status"]'), '4 lines · saved in this browser');
  await page.reload();
  await page.waitForSelector('[data-testid="editor"]', { timeout: 30000 });
  assert.equal(await page.inputValue('[data-testid="editor"]'), text);
  assert.deepEqual(page.errors, []);
  await context.close();
});
