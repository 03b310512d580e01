// End-to-end: the inspector and the lint speak the page's language where the words are the
// playground's own. The reason a slot met its fate (the retroactive run of the schedule-edit
// scenario) and the controllers' decisions read in Japanese and Korean, while Kubernetes' Event
// texts and the RFC 3339 times stay as the cluster writes them; a lint finding's severity is in
// the page's language, its data-severity the English name. The page's module carries English
// only: the other languages' words come from the engine after the first paint.
// Run: (cd e2e && node --test inspector-words.test.mjs) after `trunk build --release`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useBrowser, shots, openPlayground } from './harness.mjs';
import { setManifest, inspector } from './playground.mjs';

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
      const { context, page } = await openPlayground(env, { viewport, locale, colorScheme: scheme }, '?editor=plain');
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

test('the controllers\' decisions in Japanese and Korean, Kubernetes\' Event texts verbatim', async () => {
  const job = 'cron-test-27991510';
  for (const [locale, created, requeue, english] of [
    ['ja-JP', `の Job ${job} を作成しました (スケジュール時刻の 6 m 後)。`, 'に再びキューに入ります', /Created job \S+ for the|requeues itself/],
    ['ko-KR', `에 대한 잡 ${job}을 생성했습니다 (스케줄 시각 6 m 후).`, '에 다시 큐에 들어갑니다', /Created job \S+ for the|requeues itself/],
  ]) {
    for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
      const { context, page } = await openPlayground(env, { viewport, locale }, '?editor=plain');
      await setManifest(page, seed);
      await page.click(`[data-testid="job"][data-job="${job}"]`);
      const { reasons, facts } = await inspector(page);
      // The CronJob controller's decision that created the Job: the playground's sentence in
      // the page's language around the values Kubernetes writes (names, RFC 3339 times).
      const decision = reasons.find((r) => r.source === 'cronjob-controller' && r.code === 'created');
      assert.ok(decision, JSON.stringify(reasons));
      assert.ok(decision.text.includes(created) && decision.text.includes(requeue), decision.text);
      assert.match(decision.text, /2023-03-22T13:10:00Z/);
      assert.doesNotMatch(decision.text, english);
      // Kubernetes' Event text (the Job controller's SuccessfulCreate) stays as the cluster
      // writes it, marked verbatim.
      const event = await page.$eval('[data-testid="reason"][data-code="SuccessfulCreate"] p', (p) => [p.textContent, p.className]);
      assert.match(event[0], new RegExp(`^Created pod: ${job}-[a-z0-9]{5}$`));
      assert.equal(event[1], 'verbatim');
      // The Job's status is Kubernetes' condition and reason.
      assert.equal(facts.Status, 'Complete');
      const sentences = await page.$$eval('[data-testid="reason"] p:not(.verbatim)', (ps) => ps.map((p) => p.textContent));
      const script = locale === 'ja-JP' ? /[\u3040-\u30ff]/ : /[\uac00-\ud7a3]/;
      assert.ok(sentences.length >= 3, JSON.stringify(sentences));
      for (const text of sentences) {
        assert.match(text, script, `not in ${locale}: ${text}`);
        assert.doesNotMatch(text, / (the|is|was|and|so) /, `English words in ${locale}: ${text}`);
      }
      await page.$eval('[data-testid="inspector"]', (e) => e.scrollIntoView());
      await page.screenshot({ path: path.join(shots, `inspector-decisions-${locale}-${viewport.width}.png`), fullPage: viewport.width < 500 });
      assert.deepEqual(page.errors, []);
      await context.close();
    }
  }
});

test('a page opened in Japanese shows Japanese once the engine has given the words', async () => {
  const { context, page } = await openPlayground(env, { viewport: { width: 1440, height: 900 }, locale: 'ja-JP' });
  await page.waitForFunction(() => document.documentElement.lang === 'ja', null, { timeout: 10000 });
  assert.equal(await page.textContent('.timeline-head h2'), 'タイムライン');
  assert.equal(await page.inputValue('[data-testid="language"]'), 'ja');
  // Switching to Korean is at once: its words came with Japanese's.
  await page.selectOption('[data-testid="language"]', 'ko');
  assert.equal(await page.textContent('.timeline-head h2'), '타임라인');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a lint finding\'s severity in the page\'s language', async () => {
  const nightly = 'apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: nightly, namespace: ops}\nspec:\n  schedule: "30 2 * * *"\n  timeZone: Europe/Berlin\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers: [{name: c, image: busybox}]\n';
  for (const [locale, words] of [['en-US', ['warning', 'warning', 'warning', 'info']], ['ja-JP', ['警告', '警告', '警告', '情報']], ['ko-KR', ['경고', '경고', '경고', '정보']]]) {
    const { context, page } = await openPlayground(env, { viewport: { width: 1440, height: 900 }, locale }, '?editor=plain');
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
