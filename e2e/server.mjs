// A static server for ../dist on 127.0.0.1 (ephemeral port), shared by the end-to-end tests.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const dist = path.resolve(here, '..', 'dist');
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/** Starts the server on `root` (default ../dist); resolves to { base, close, site }. `site` can be
 * changed while it runs: `site.root` (serve another build), `site.down` (answer every request
 * 503, as an unreachable server would fail), `site.refuse(path)` (answer that file 503); it
 * counts `site.requests`. */
export async function serveDist(root = dist) {
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    throw new Error(`no build at ${root}: run trunk build --release first`);
  }
  const site = { root, down: false, refuse: () => false, requests: 0 };
  const server = http.createServer((req, res) => {
    site.requests++;
    const url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (site.down || site.refuse(url)) {
      res.writeHead(503);
      res.end();
      return;
    }
    let file = path.join(site.root, url === '/' ? 'index.html' : url);
    if (!file.startsWith(site.root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      file = path.join(site.root, 'index.html');
    }
    res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}/`,
    site,
    close: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(resolve); }),
  };
}
