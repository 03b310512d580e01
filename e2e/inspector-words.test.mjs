// End-to-end: the inspector and the lint speak the page's language where the words are the
// playground's own. The reason a slot met its fate (the retroactive run of the schedule-edit
// scenario) reads in Japanese and Korean, while the controller's log-style decision, Kubernetes'
// Event texts and the slot's RFC 3339 times stay as the cluster writes them; a lint finding's
// severity is in the page's language, its data-severity the English name.
// Run: (cd e2e && node --test inspector-words.test.mjs) after `trunk build --release`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPage } from './browser.mjs';
import { useBrowser, shots } from './harness.mjs';
import { ready, setManifest, inspector } from './playground.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = useBrowser();
const seed = fs.readFileSync(path.join(here, '..', 'scenarios', 'retroactive-schedule-edit', 'scenario.yaml'), 'utf8');

test('the slot fate\'s reason in the page\'s language; Kubernetes\' words stay', async () => {
  for (const [locale, scheme, reason] of [
    ['en-US', 'light', 'Job cron-test-27991510 was created at 2023-03-22T13:16:00Z (360s after the slot): retroactive run — the schedule was edited after this time; the controller evaluated the new schedule from status.lastScheduleTime and started its most recent unmet slot (set startingDeadlineSeconds to prevent this).'],
    ['ja-JP', 'dark', 'Job cron-test-27991510 は 2023-03-22T13:16:00Z に作成されました (スケジュール時刻の 360s 後): 遡及実行です。この時刻の後にスケジュールが編集され、コントローラーは status.lastScheduleTime から新しいスケジュールを評価して、未実行の最新のスケジュール時刻を開始しました (防ぐには startingDeadlineSeconds を設定します)。'],
    ['ko-KR', 'light', '잡 cron-test-27991510은 2023-03-22T13:16:00Z에 생성되었습니다 (스케줄 시각 360s 후): 소급 실행입니다. 이 시각 이후에 스케줄이 편집되었고, 컨트롤러가 status.lastScheduleTime부터 새 스케줄을 평가해 실행되지 않은 가장 최근 스케줄 시각을 시작했습니다 (막으려면 startingDeadlineSeconds를 설정합니다).'],
  ]) {
    for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
      const context = await env.browser.newContext({ viewport, locale, colorScheme: scheme });
      const page = await openPage(context, env.server.base + '?editor=plain');
      await ready(page);
      await setManifest(page, seed);
      await page.click('[data-testid="job"][data-job="cron-test-27991510"]');
      const { reasons } = await inspector(page);
      assert.equal(reasons[0].code, 'ran-late');
      assert.equal(reasons[0].text, reason);
      // The reason is marked as the playground's words, not Kubernetes' verbatim text.
      const classes = await page.$eval('[data-testid="reason"] p', (p) => p.className);
      assert.equal(classes, '');
      await page.$eval('[data-testid="inspector"]', (e) => e.scrollIntoView());
      await page.screenshot({ path: path.join(shots, `inspector-words-${locale}-${viewport.width}.png`) });
      assert.deepEqual(page.errors, []);
      await context.close();
    }
  }
});

test('a lint finding\'s severity in the page\'s language', async () => {
  const nightly = 'apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: nightly, namespace: ops}\nspec:\n  schedule: "30 2 * * *"\n  timeZone: Europe/Berlin\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers: [{name: c, image: busybox}]\n';
  for (const [locale, words] of [['en-US', ['warning', 'warning', 'warning', 'info']], ['ja-JP', ['警告', '警告', '警告', '情報']], ['ko-KR', ['경고', '경고', '경고', '정보']]]) {
    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
    const page = await openPage(context, env.server.base + '?editor=plain');
    await ready(page);
    await page.click('[data-testid="lint-toggle"]');
    await page.fill('[data-testid="lint-at"]', '2024-01-10T00:00:00Z');
    await page.selectOption('[data-testid="lint-version"]', '1.28');
    await page.$eval('[data-testid="lint-input"]', (el, t) => {
      el.value = t;
      el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
    }, nightly);
    await page.click('[data-testid="lint-run"]');
    await page.waitForSelector('[data-testid="lint-results"]', { timeout: 60000 });
    const findings = await page.$$eval('[data-testid="finding"]', (els) => els.map((f) => [f.dataset.severity, f.dataset.rule, f.querySelector('.severity').textContent]));
    assert.deepEqual(findings.map((f) => f.slice(0, 2)), [['warning', 'retroactive-edit'], ['warning', 'dst-skipped-run'], ['warning', 'dst-double-run'], ['info', 'on-failure-logs-lost']]);
    assert.deepEqual(findings.map((f) => f[2]), words);
    if (locale === 'ja-JP') await page.screenshot({ path: path.join(shots, 'lint-ja.png') });
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});
