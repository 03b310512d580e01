// The page's Content-Security-Policy, written into the built index.html by Trunk's post_build
// hook (Trunk.toml) as the first thing in <head>, so that it covers every script after it.
// Scripts run only from the page's own origin, plus the inline scripts index.html itself holds
// the early worker start, the editor's stand-in, Trunk's module loader: each allowed by the
// SHA-256 of its text, computed here from the built file, so an injected inline script never
// runs); WebAssembly compiles ('wasm-unsafe-eval', not 'unsafe-eval': no eval of text); workers
// and the service worker come from the origin (worker-src 'self'); fetches stay on the origin;
// no plugins, no <base>, no form posts. Styles allow inline: the page sets style attributes
// and the editor injects its style sheet. A server that sends its own header should send this
// policy (`node scripts/csp.mjs --print dist/index.html` prints it).
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

export function policy(html) {
  const hashes = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs, body]) => !/\bsrc\s*=/i.test(attrs) && body.length > 0)
    .map(([, , body]) => `'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' ${[...new Set(hashes)].join(' ')}`.trim(),
    "worker-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

const [flag, file] = process.argv[2] === '--print' ? ['--print', process.argv[3]] : [null, process.argv[2]];
const target = file || path.join(process.env.TRUNK_STAGING_DIR || 'dist', 'index.html');
const html = fs.readFileSync(target, 'utf8').replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/i, '');
if (flag) {
  console.log(policy(html));
} else {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy(html)}">`;
  // After <meta charset> (which must come first), else right after <head>.
  const anchor = html.match(/<meta\s+charset[^>]*>/i) || html.match(/<head[^>]*>/i);
  if (!anchor) throw new Error(`${target}: no <head>`);
  const end = anchor.index + anchor[0].length;
  fs.writeFileSync(target, html.slice(0, end) + meta + html.slice(end));
}
