import fs from 'node:fs';
import { serveDist } from './server.mjs';
import { launch, openPage } from './browser.mjs';
const [file, out, ...actions] = process.argv.slice(2);
const server = await serveDist();
const browser = await launch();
const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
if (file) {
  const text = fs.readFileSync(file, 'utf8');
  await ctx.addInitScript((t) => localStorage.setItem('cronjob-playground.manifest', t), text);
}
const page = await openPage(ctx, server.base);
await page.waitForSelector('[data-testid="title"]');
await page.waitForTimeout(1500);
for (const a of actions) {
  if (a.startsWith('click:')) await page.click(a.slice(6));
  if (a.startsWith('key:')) await page.keyboard.press(a.slice(4));
  if (a.startsWith('wait:')) await page.waitForTimeout(+a.slice(5));
}
await page.screenshot({ path: out || '/tmp/shots/a.png' });
console.log('errors', page.errors);
await browser.close(); await server.close();
