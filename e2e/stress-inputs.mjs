// The inputs of the page's stress cases (e2e/stress.test.mjs, and e2e/profile.mjs which profiles
// them): large pastes, long horizons, many items, and the paste that puts them in the editor.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Thirty days of an hourly CronJob (the perf test's seed). */
export const hourly = fs.readFileSync(path.join(here, 'seeds', 'perf-30d-hourly.yaml'), 'utf8');
/** Two years of it, with 20-second runs. */
export const twoYears = hourly.replace('duration: 30d', 'duration: 730d').replace('durationSeconds: 300', 'durationSeconds: 20');
/** Ten years of a minutely CronJob: past the slot cap. */
export const decade = twoYears.replace('schedule: "0 * * * *"', 'schedule: "* * * * *"').replace('duration: 730d', 'duration: 3650d');
/** 10 080 slots (every minute for 7 days) with their Jobs and Pods: 30 240 items. */
export const week = hourly.replace('schedule: "0 * * * *"', 'schedule: "* * * * *"').replace('duration: 30d', 'duration: 7d')
  .replace('durationSeconds: 300', 'durationSeconds: 20');
/** Thirty days of a minutely CronJob without syncs: seconds of work in the engine's worker (43 199
 * slots). Without its last newline, so that keys typed at the end extend the closing comment. */
export const month = hourly.replace('schedule: "0 * * * *"', 'schedule: "* * * * *"').replace('durationSeconds: 300', 'durationSeconds: 20')
  .replace('kubernetesVersion: "1.30"', 'kubernetesVersion: "1.30"\n  trace: {syncs: none}')
  .trimEnd();

/** `count` CronJobs as `kubectl get cronjobs -o yaml` lists them, about `bytes` long in all (a
 * cluster dump, which the page shows in its cluster view); with `kind` 'Job', as many Jobs (which
 * it runs on its timeline). */
export function bigList(count, bytes, kind = 'CronJob') {
  const pad = '#'.repeat(Math.max(0, Math.floor(bytes / count) - 330));
  const spec = (i) => (kind === 'Job' ? `  spec:
    template:
      spec:
        restartPolicy: Never
        containers: [{name: c, image: busybox}]
` : `  spec:
    schedule: "${i % 60} ${i % 24} * * *"
    jobTemplate:
      spec:
        template:
          spec:
            restartPolicy: Never
            containers: [{name: c, image: busybox}]
`);
  const items = Array.from({ length: count }, (_, i) => `- apiVersion: batch/v1
  kind: ${kind}
  metadata:
    name: report-${i}
    creationTimestamp: "2025-01-01T00:00:00Z"
    annotations: {note: "${pad}"}
${spec(i)}`);
  return `apiVersion: v1\nkind: List\nitems:\n${items.join('')}---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec: {start: "2025-01-01T00:00:00Z", duration: 2h}\n`;
}

/** Pastes `text` into the editor as Ctrl+V does (a paste event CodeMirror reads), not waiting for a run. */
export async function paste(page, text) {
  await (await preparePaste(page, text))();
}

/** Hands `text` to the page and returns the paste of it. Measure from the paste: moving megabytes
 * into the page (the test's own work, not a person's) is a main-thread task of its own. */
export async function preparePaste(page, text) {
  await page.evaluate((t) => { window.__pasteText = t; }, text);
  return async () => {
    await page.click('.cm-content');
    await page.keyboard.press('Control+A');
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', window.__pasteText);
      delete window.__pasteText;
      document.querySelector('.cm-content').dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
  };
}
