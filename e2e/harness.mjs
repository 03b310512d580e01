// What every end-to-end test file shares: one static server for ../dist and one headless Chromium
// for the whole file, the folder screenshots go to (e2e/screenshots/ or $E2E_SCREENSHOT_DIR), and
// opening the playground in a fresh browser context.
import { before, after } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveDist } from './server.mjs';
import { launch, openPage } from './browser.mjs';
import { ready } from './playground.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const shots = process.env.E2E_SCREENSHOT_DIR || path.join(here, 'screenshots');

/** Registers the file's before/after hooks; the returned object holds `server` and `browser` once they run. */
export function useBrowser() {
  const env = {};
  before(async () => {
    env.server = await serveDist();
    env.browser = await launch();
    fs.mkdirSync(shots, { recursive: true });
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}

/** Opens the playground in a new browser context of `env.browser` with `options` (viewport, locale,
 * colorScheme…), at the server's base address followed by `path` ('?editor=plain', '#…'), and
 * waits for its first run; resolves to { context, page }. */
export async function openPlayground(env, options = {}, path = '') {
  const context = await env.browser.newContext(options);
  const page = await openPage(context, env.server.base + path);
  await ready(page);
  return { context, page };
}
