// Writes the service worker of a build (www/sw.js after the build's name and file list) into
// the build's folder: Trunk's post_build hook (Trunk.toml) runs it on the staging folder, and the
// end-to-end tests run it on a changed copy of dist/ to deploy a new build. The build's name is
// a hash of every file's name and content, so any change to any file names a new cache.
//   node scripts/service-worker.mjs [folder]   (default: $TRUNK_STAGING_DIR)
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.argv[2] || process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('service-worker.mjs: no build folder (argument or TRUNK_STAGING_DIR)');

const files = [];
const walk = (d) => {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) walk(p);
    else files.push(path.relative(dir, p).split(path.sep).join('/'));
  }
};
walk(dir);
const own = files.filter((f) => f !== 'sw.js').sort();
const hash = crypto.createHash('sha256');
for (const f of own) hash.update(`${f}\0`).update(crypto.createHash('sha256').update(fs.readFileSync(path.join(dir, f))).digest());
const build = hash.digest('hex').slice(0, 16);
const body = fs.readFileSync(path.join(root, 'www', 'sw.js'), 'utf8');
fs.writeFileSync(path.join(dir, 'sw.js'), `const BUILD = '${build}';\nconst FILES = ${JSON.stringify(own)};\n${body}`);
console.log(`service worker: build ${build}, ${own.length} files`);
