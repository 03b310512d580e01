// The built-in scenarios' texts as one file for the page (target/scenarios/library.json, which
// index.html has Trunk copy into dist): {"<id>": {"manifest": …, "notes": [en, ja, ko]}} from
// scenarios/<id>/. The page's module keeps only the ids and titles (src/scenarios/mod.rs,
// CATALOG) and fetches this after its first paint. Run by Trunk's pre_build hook (Trunk.toml).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'scenarios');
const library = {};
for (const id of fs.readdirSync(dir).sort()) {
  const file = (name) => fs.readFileSync(path.join(dir, id, name), 'utf8');
  if (!fs.existsSync(path.join(dir, id, 'scenario.yaml'))) continue;
  library[id] = { manifest: file('scenario.yaml'), notes: ['en.md', 'ja.md', 'ko.md'].map(file) };
}
const out = path.join(root, 'target', 'scenarios', 'library.json');
const json = JSON.stringify(library);
fs.mkdirSync(path.dirname(out), { recursive: true });
if (!fs.existsSync(out) || fs.readFileSync(out, 'utf8') !== json) fs.writeFileSync(out, json);
