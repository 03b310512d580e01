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

// The rarer decisions: the legacy (v1) CronJob controller's, an Indexed Job's failed indexes, the
// TTL-after-finished controller's deletion and a CronJob v2 error (a Job of the slot's name that
// the CronJob does not own). Names, instants, schedules and Kubernetes' Event texts stay verbatim.
const legacy = `apiVersion: batch/v1beta1
kind: CronJob
metadata: {name: legacy, creationTimestamp: "2020-06-01T08:00:00Z"}
spec:
  schedule: "*/10 * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers: [{name: main, image: busybox}]
---
apiVersion: playground.cronjob.dev/v1alpha1
kind: Simulation
spec: {kubernetesVersion: "1.19", start: "2020-06-01T08:00:00Z", duration: 25m}
`;
const jobs = `apiVersion: batch/v1
kind: Job
metadata: {name: crashy, creationTimestamp: "2024-08-01T10:00:00Z"}
spec:
  ttlSecondsAfterFinished: 120
  template:
    spec:
      restartPolicy: OnFailure
      containers: [{name: main, image: busybox}]
---
apiVersion: batch/v1
kind: Job
metadata: {name: shards, creationTimestamp: "2024-08-01T10:00:00Z"}
spec:
  completionMode: Indexed
  completions: 2
  parallelism: 2
  backoffLimitPerIndex: 0
  maxFailedIndexes: 0
  template:
    spec:
      restartPolicy: Never
      containers: [{name: main, image: busybox}]
---
apiVersion: playground.cronjob.dev/v1alpha1
kind: Simulation
spec:
  kubernetesVersion: "1.31"
  start: "2024-08-01T10:00:00Z"
  duration: 15m
  pods:
  - selector: {job: crashy}
    attempts: [{durationSeconds: 10, exitCode: 1}, {durationSeconds: 10, exitCode: 0}]
  - selector: {job: shards}
    attempts: [{durationSeconds: 10, exitCode: 1}]
`;

const taken = `apiVersion: batch/v1
kind: CronJob
metadata: {name: report, creationTimestamp: "2024-08-01T10:00:00Z"}
spec:
  schedule: "*/10 * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers: [{name: main, image: busybox}]
---
apiVersion: batch/v1
kind: Job
metadata: {name: report-28708450, creationTimestamp: "2024-08-01T10:00:00Z"}
spec:
  template:
    spec:
      restartPolicy: OnFailure
      containers: [{name: main, image: busybox}]
---
apiVersion: playground.cronjob.dev/v1alpha1
kind: Simulation
spec: {kubernetesVersion: "1.31", start: "2024-08-01T10:00:00Z", duration: 15m}
`;

async function fresh(locale) {
  const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
  const page = await openPage(context, env.server.base + '?editor=plain');
  await ready(page);
  return { context, page };
}

test('the legacy controller, Indexed Jobs, TTL and rarer CronJob errors in Japanese and Korean', async () => {
  const words = {
    'ja-JP': {
      v1: '"*/10 * * * *" のスケジュール時刻 2020-06-01T08:10:00Z の Job legacy-1590999000 を作成しました (定刻)。旧コントローラーは次のポーリング (10 s 以内) で再び確認します。',
      indexes: '失敗したインデックス 2 個 > maxFailedIndexes 0',
      ttl: /^ttlSecondsAfterFinished 120: Job は 2024-08-01T10:00:\d\d\+00:00 に Complete になったので 2024-08-01T10:02:\d\d\+00:00 に期限切れとなり、その Pod とともに削除されます \(foreground\)$/,
      taken: /^report-28708450 という名前の Job はすでに存在しますが、この CronJob はそれを制御していません。|^スケジュール時刻 2024-08-01T10:10:00Z の Job report-28708450 はすでに存在します。/,
    },
    'ko-KR': {
      v1: '"*/10 * * * *"의 스케줄 시각 2020-06-01T08:10:00Z에 대한 잡 legacy-1590999000을 생성했습니다 (정시). 기존 컨트롤러는 다음 폴링 때 (10 s 이내) 다시 확인합니다.',
      indexes: '실패한 인덱스 2개 > maxFailedIndexes 0',
      ttl: /^ttlSecondsAfterFinished 120: 잡이 2024-08-01T10:00:\d\d\+00:00에 Complete가 되었으므로 2024-08-01T10:02:\d\d\+00:00에 만료되어 파드와 함께 삭제됩니다 \(foreground\)$/,
      taken: /^이름이 report-28708450인 잡이 이미 있지만 이 크론잡이 제어하지 않습니다\.|^스케줄 시각 2024-08-01T10:10:00Z의 잡 report-28708450은 이미 있습니다\./,
    },
  };
  for (const [locale, w] of Object.entries(words)) {
    let { context, page } = await fresh(locale);
    const reasonOf = async (selector, source, code) => {
      await page.click(selector);
      const { reasons } = await inspector(page);
      const r = reasons.find((r) => r.source === source && r.code === code);
      assert.ok(r, `${selector}: no ${source} ${code} in ${JSON.stringify(reasons)}`);
      return r.text;
    };
    await setManifest(page, legacy);
    assert.equal(await reasonOf('[data-testid="job"][data-job="legacy-1590999000"]', 'cronjob-controller', 'created'), w.v1);
    await setManifest(page, jobs);
    assert.equal(await reasonOf('[data-testid="job"][data-job="shards"]', 'job-controller', 'max-failed-indexes'), w.indexes);
    // Kubernetes' condition message stays verbatim beside it.
    const { reasons } = await inspector(page);
    assert.ok(reasons.some((r) => r.text === 'Job has exceeded the specified maximal number of failed indexes'), JSON.stringify(reasons));
    assert.match(await reasonOf('[data-testid="job"][data-job="crashy"]', 'ttl-after-finished-controller', 'deleted'), w.ttl);
    await page.screenshot({ path: path.join(shots, `inspector-rare-words-${locale}.png`) });
    assert.deepEqual(page.errors, []);
    await context.close();
    // The taken name, on a page of its own.
    ({ context, page } = await fresh(locale));
    await setManifest(page, taken);
    await page.click('[data-testid="slot"]');
    const slot = (await inspector(page)).reasons.find((r) => r.source === 'cronjob-controller');
    assert.ok(slot, 'the slot names the sync that could not create its Job');
    assert.match(slot.text, w.taken);
    await page.$eval('[data-testid="inspector"]', (e) => e.scrollIntoView());
    await page.screenshot({ path: path.join(shots, `inspector-taken-name-${locale}.png`) });
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});
