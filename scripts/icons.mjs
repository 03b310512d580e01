// Draws the page's PNG icons from the SVGs in www/icons/ with headless Chromium (the favicon and
// the manifest's "any" icon are icon.svg itself; PNGs are for the platforms that want bitmaps:
// the home-screen icons, 180 px for iOS, and the full-bleed maskable one). Run after changing an
// SVG and commit the PNGs:  node scripts/icons.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const icons = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'www', 'icons');
const chromium = process.env.CHROMIUM || '/usr/bin/chromium';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'icons-'));
for (const [svg, size, png] of [['icon.svg', 180, 'icon-180.png'], ['icon.svg', 192, 'icon-192.png'], ['icon.svg', 512, 'icon-512.png'],
  ['icon-maskable.svg', 512, 'icon-maskable-512.png']]) {
  const page = path.join(tmp, `${png}.html`);
  const data = fs.readFileSync(path.join(icons, svg), 'base64');
  fs.writeFileSync(page, `<body style="margin:0"><img src="data:image/svg+xml;base64,${data}" width="${size}" height="${size}" style="display:block">`);
  execFileSync(chromium, ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--default-background-color=00000000',
    `--window-size=${size},${size}`, `--screenshot=${path.join(icons, png)}`, `file://${page}`], { stdio: 'ignore' });
  console.log(`${png}: ${fs.statSync(path.join(icons, png)).size} bytes`);
}
fs.rmSync(tmp, { recursive: true });
