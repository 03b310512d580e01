// The CronJob's own test: its manifest runs on the CronJob Playground engine in headless Chromium
// for all of 2025, and the test asserts what its owner relies on — one run every night in Berlin,
// across both daylight-saving changes, and never two at once. The same CronJob at 02:30 shows
// what the test would catch: a night without a run in March and a night with two in October.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, "..");
const pkg = path.join(root, "node_modules", "cronjob-playground-js");
const TYPES = { ".js": "text/javascript", ".wasm": "application/wasm", ".html": "text/html", ".yaml": "text/plain" };

// The page maps the package's name to its files, as a bundler would.
const PAGE = `<!doctype html><meta charset="utf-8">
<script type="importmap">{"imports": {"cronjob-playground-js": "/pkg/cronjob_playground_js.js"}}</script>
<script type="module">
  import { facts } from "/build/browser.js";
  const manifest = await (await fetch("/nightly-report.yaml")).text();
  facts(manifest).then((f) => { window.facts = f; }, (e) => { window.failure = String(e && e.stack || e); });
</script>`;

async function serve() {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, "http://localhost");
    const file = url.pathname === "/" ? null
      : url.pathname.startsWith("/pkg/") ? path.join(pkg, url.pathname.slice(5))
      : path.join(root, url.pathname);
    try {
      const body = file === null ? PAGE : await readFile(file);
      const type = file === null ? "text/html" : TYPES[path.extname(file)] ?? "application/octet-stream";
      res.writeHead(200, { "content-type": type });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

test("nightly-report runs once every night of 2025 in Berlin and never overlaps", async () => {
  const server = await serve();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => window.facts || window.failure, null, { timeout: 60_000 });
    const failure = await page.evaluate(() => window.failure);
    assert.equal(failure, undefined, failure);
    const facts = await page.evaluate(() => window.facts);

    assert.equal(facts.kubernetesVersion, "1.37");
    assert.equal(facts.jobs, 365);
    assert.deepEqual(facts.fates, { "ran-on-time": 365 });
    assert.deepEqual(facts.nightsWithout, []);
    assert.deepEqual(facts.nightsWithMore, []);
    assert.deepEqual(facts.overlaps, []);

    // At 02:30 the spring-forward night has no 02:30 and the fall-back night has two.
    assert.deepEqual(facts.at0230.nightsWithout, ["2025-03-30"]);
    assert.deepEqual(facts.at0230.nightsWithMore, ["2025-10-26"]);
  } finally {
    await browser.close();
    server.close();
  }
});
