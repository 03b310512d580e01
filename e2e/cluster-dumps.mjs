// The cluster view's test texts and the paste that waits for them, shared by cluster.test.mjs and
// cluster-runs.test.mjs: the generated dump of 200 CronJobs (tests/data/cluster-200.yaml), the
// same five times over (1,000, more than a cluster run takes), and a writer of small Lists.
//
// Big texts go in as a paste event (`preparePaste`): Chromium's keyboard.insertText is quadratic
// in lines.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { preparePaste } from './stress-inputs.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const dump200 = fs.readFileSync(path.join(here, '..', 'tests', 'data', 'cluster-200.yaml'), 'utf8');
/** The 200 CronJobs five times over, renamed: 1,000. */
export const dump1000 = (() => {
  const [head, ...items] = dump200.split('\n- apiVersion: batch/v1\n');
  const copies = [0, 1, 2, 3, 4].flatMap((k) => items.map((it) => it.replace(/^(  metadata:\n    name: [\w-]+)/m, `$1-${k}`)));
  return [head, ...copies].join('\n- apiVersion: batch/v1\n');
})();

/** One item of a `List`: CronJob `ns`/`name` at `schedule`, with `policy` as its concurrencyPolicy if given. */
export const cronJob = (ns, name, schedule, policy = '') => `- apiVersion: batch/v1
  kind: CronJob
  metadata: {name: ${name}, namespace: ${ns}, creationTimestamp: "2026-11-22T23:59:00Z"}
  spec:
    schedule: "${schedule}"${policy && `\n    concurrencyPolicy: ${policy}`}
    jobTemplate: {spec: {template: {spec: {restartPolicy: OnFailure, containers: [{name: c, image: busybox}]}}}}
`;
/** A `List` of `items`, then `sim` (a Simulation document, or nothing). */
export const list = (items, sim = '') => `apiVersion: v1\nkind: List\nitems:\n${items.join('')}${sim}`;

/** Pastes `text` and resolves to the milliseconds until `drawn` holds in the page. */
export async function pasteUntil(page, text, drawn, arg) {
  const pasteIt = await preparePaste(page, text);
  const t0 = Date.now();
  await pasteIt();
  await page.waitForFunction(drawn, arg, { timeout: 60000, polling: 'raf' });
  return Date.now() - t0;
}
