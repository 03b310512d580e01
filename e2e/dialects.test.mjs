// End-to-end: a schedule written for another cron. The API server's exact refusal stays the
// error at the schedule's line; under the editor a quiet notice says which dialect the text reads
// as, what it means there, its own next runs there and the nearest Kubernetes schedule, in the
// reader's language. A schedule Kubernetes takes but crontab.guru reads differently gets a notice
// naming the first day the two disagree. Screenshots at desktop and phone sizes (look at them).
// Run: (cd e2e && node --test) after `trunk build --release`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { useBrowser, shots, openPlayground } from './harness.mjs';
import { setManifest } from './playground.mjs';

const env = useBrowser();

const cronJob = (name, schedule) => `apiVersion: batch/v1
kind: CronJob
metadata: {name: ${name}, creationTimestamp: '2026-11-26T00:00:00Z'}
spec:
  schedule: '${schedule}'
  timeZone: Europe/Berlin
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers: [{name: c, image: busybox}]
`;
const SIMULATION = `---
apiVersion: playground.cronjob.dev/v1alpha1
kind: Simulation
spec: {duration: 3d}
`;

async function open(viewport, theme = 'light') {
  return openPlayground(env, { viewport, colorScheme: theme }, '?editor=plain');
}

test('a Quartz schedule keeps the API server\'s error and is read as Quartz, with its runs and the Kubernetes schedule', async () => {
  for (const [viewport, theme] of [[{ width: 1440, height: 900 }, 'light'], [{ width: 390, height: 844 }, 'dark']]) {
    const { context, page } = await open(viewport, theme);
    await setManifest(page, cronJob('noon-report', '0 0 12 ? * 2-6') + '---\n' + cronJob('nightly', '0 30 2 * * *') + SIMULATION);
    const diagnostics = await page.$$eval('[data-testid="diagnostic"].error', (els) => els.map((e) => e.textContent));
    assert.ok(diagnostics.some((d) => d.includes('expected exactly 5 fields, found 6: [0 0 12 ? * 2-6]')), diagnostics.join('\n'));
    const notes = await page.$$eval('[data-testid="dialect"]', (els) => els.map((e) => e.textContent));
    assert.equal(notes.length, 2);
    assert.equal(notes[0], 'CronJob noon-report (line 5): `0 0 12 ? * 2-6` is not a Kubernetes schedule, but it reads as Quartz '
      + 'or Spring (seconds first). `?` (no specific value): Kubernetes reads it as `*`. Day-of-week `2-6` counts 1 = Sunday there '
      + '(Spring counts 1 = Monday); Kubernetes counts 0 = Sunday. There it runs at 2026-11-26 12:00:00, 2026-11-27 12:00:00, '
      + '2026-11-30 12:00:00 (Europe/Berlin). Kubernetes runs the same with `0 12 * * 1-5`.');
    // Seconds first: `0 30 2 * * *` is 02:30:00 every day there, `30 2 * * *` here.
    assert.match(notes[1], /^CronJob nightly \(line 18\): .* Kubernetes runs the same with `30 2 \* \* \*`\.$/);
    await page.locator('[data-testid="dialect"]').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, `dialect-quartz-${viewport.width}-${theme}.png`) });
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('the readings follow the reader\'s language, and crontab.guru\'s different day rule is named', async () => {
  const { context, page } = await open({ width: 1440, height: 900 });
  await setManifest(page, cronJob('month-end', '0 0 L * *') + '---\n' + cronJob('odd-mondays', '0 0 */2 * 1') + SIMULATION);
  assert.match(await page.textContent('[data-testid="dialect"]'),
    /reads as a cron library with Quartz's L, W and #\. `L` counts from the month's last day; .* Nearest Kubernetes schedule: `0 0 28-31 \* \*` \(runs at 2026-11-28 00:00:00, /);
  assert.equal(await page.textContent('[data-testid="crontab-guru"]'),
    'CronJob odd-mondays (line 14): crontab.guru reads `0 0 */2 * 1` differently. Kubernetes (robfig/cron) runs on a day matching '
    + 'day-of-month OR day-of-week; crontab.guru requires both because a day field starts with `*`. 2026-11-27 (Fri): Kubernetes runs, '
    + 'crontab.guru does not.');
  await page.selectOption('[data-testid="language"]', 'ja');
  assert.match(await page.textContent('[data-testid="dialect"]'), /Quartz の L・W・# を持つ cron ライブラリ の式として読めます。/);
  assert.match(await page.textContent('[data-testid="crontab-guru"]'), /crontab\.guru は `0 0 \*\/2 \* 1` を別の意味に読みます。/);
  await page.selectOption('[data-testid="language"]', 'ko');
  assert.match(await page.textContent('[data-testid="dialect"]'), /가장 가까운 Kubernetes 스케줄: `0 0 28-31 \* \*`/);
  await page.screenshot({ path: path.join(shots, 'dialect-ko.png') });
  await page.selectOption('[data-testid="language"]', 'en');
  assert.deepEqual(page.errors, []);
  await context.close();
});
