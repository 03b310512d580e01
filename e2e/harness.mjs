// What every end-to-end test file shares: one static server for ../dist and one headless Chromium
// for the whole file, and the folder screenshots go to (e2e/screenshots/ or $E2E_SCREENSHOT_DIR).
import { before, after } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveDist } from './server.mjs';
import { launch } from './browser.mjs';

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
