// End-to-end: the interface in English, Japanese and Korean. The browser's language picks the
// first one, the header switcher changes it, a reload keeps the choice, and the scenario notes
// follow. Screenshots of each language go to the screenshot folder (look at them: the CJK text
// must render in a CJK face, not as boxes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { useBrowser, shots, openPlayground } from './harness.mjs';
import { ready, inspector, generation, waitForRun } from './playground.mjs';

const env = useBrowser();

async function open(locale) {
  return openPlayground(env, { viewport: { width: 1440, height: 900 }, locale });
}

/** The words the tests read: tagline, pane title, a tab, a legend entry, the notes' heading. */
async function words(page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    picker: document.querySelector('[data-testid="language"]').value,
    tagline: document.querySelector('.tagline').textContent,
    timeline: document.querySelector('.timeline-head h2').textContent,
    details: document.querySelector('[data-testid="tab-details"]').textContent,
    legend: document.querySelector('[data-testid="legend"]').getAttribute('aria-label'),
    look: document.querySelector('[data-testid="scenario-notes"] h3')?.textContent,
    title: document.querySelector('[data-testid="scenario-title"]')?.textContent,
    editor: document.querySelector('.cm-content')?.getAttribute('aria-label'),
  }));
}

const ENGLISH = { lang: 'en', picker: 'en', tagline: 'What Kubernetes would do with your CronJob, second by second.', timeline: 'Timeline',
  details: 'Details', legend: 'Legend', look: 'What to look at', title: 'A schedule edit runs today\'s new time retroactively',
  editor: 'Manifest (YAML or JSON)' };
const JAPANESE = { lang: 'ja', picker: 'ja', tagline: 'Kubernetes があなたの CronJob をどう動かすかを、1 秒単位で。', timeline: 'タイムライン',
  details: '詳細', legend: '凡例', look: '注目する点', title: 'スケジュール変更で今日の新しい時刻が遡って実行される',
  editor: 'マニフェスト (YAML または JSON)' };
const KOREAN = { lang: 'ko', picker: 'ko', tagline: '쿠버네티스가 여러분의 크론잡을 어떻게 실행하는지, 1초 단위로.', timeline: '타임라인',
  details: '상세', legend: '범례', look: '살펴볼 점', title: '스케줄 변경이 오늘의 새 시각을 소급 적용해 실행한다',
  editor: '매니페스트 (YAML 또는 JSON)' };

test('English by default, switch to Japanese and Korean, and the choice survives a reload', async () => {
  const { context, page } = await open('en-US');
  assert.deepEqual(await words(page), ENGLISH);
  await page.selectOption('[data-testid="language"]', 'ja');
  assert.deepEqual(await words(page), JAPANESE);
  // Kubernetes' own words stay as the cluster prints them.
  await page.click('[data-testid="job"][data-job="cron-test-27991510"]');
  assert.equal(await page.textContent('[data-field="Kubernetes version"]'), '1.26');
  assert.equal(await page.textContent('dt:has(+ dd[data-field="Scheduled time"])'), '予定時刻');
  // The scenario menu's groups and titles are Japanese too.
  const menu = await page.$$eval('[data-testid="scenario-menu"] optgroup', (gs) => gs.map((g) => [g.label, g.querySelector('option').textContent]));
  assert.deepEqual(menu, [['元になった記事から', 'スケジュール変更で今日の新しい時刻が遡って実行される'],
    ['よくある落とし穴', '一時停止と再開: 見送った実行がすぐに始まる']]);
  await page.screenshot({ path: path.join(shots, 'language-ja.png') });
  await page.selectOption('[data-testid="language"]', 'ko');
  assert.deepEqual(await words(page), KOREAN);
  await page.screenshot({ path: path.join(shots, 'language-ko.png') });
  await page.reload();
  await ready(page);
  assert.deepEqual(await words(page), KOREAN, 'the choice is kept');
  await page.selectOption('[data-testid="language"]', 'en');
  assert.deepEqual(await words(page), ENGLISH);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the browser\'s language is the default: Japanese and Korean browsers open in their language', async () => {
  for (const [locale, want] of [['ja-JP', JAPANESE], ['ko-KR', KOREAN], ['fr-FR', ENGLISH]]) {
    const { context, page } = await open(locale);
    assert.deepEqual(await words(page), want, locale);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

/** Opens a built-in scenario from the header menu and waits for its run. */
async function openScenario(page, id) {
  const before = await generation(page);
  await page.selectOption('[data-testid="scenario-menu"]', id);
  await waitForRun(page, before);
  await page.waitForSelector(`[data-testid="scenario-notes"][data-scenario="${id}"]`);
}

/** Clicks an item and reads the inspector once the item's explanation (titled `title`) is in:
 * facts by field, reasons' source labels and texts, and the playground's own words (what is not
 * marked `.verbatim`: names, times, Kubernetes' texts). */
async function inspect(page, selector, title) {
  await page.click(selector);
  await page.waitForFunction((t) => document.querySelector('[data-testid="inspector-title"]')?.textContent.endsWith(t), title);
  const { facts, reasons } = await inspector(page);
  const sources = await page.$$eval('[data-testid="reason"] .src', (els) => els.map((e) => e.textContent));
  const own = await page.$eval('[data-testid="explanation"]', (el) => {
    const copy = el.cloneNode(true);
    copy.querySelectorAll('.verbatim').forEach((e) => e.remove());
    return copy.textContent;
  });
  return { facts, texts: reasons.map((r) => r.text), sources, own };
}

/** Runs of two or more lowercase English words (what a missed translation looks like). */
const englishIn = (text) => text.split(/[\n().,:;·—]/).map((s) => s.trim())
  .filter((s) => s.split(/\s+/).some((w, i, ws) => i > 0 && [ws[i - 1], w].every((t) => /^[a-z]{3,}$/.test(t))));

const INSPECTOR = {
  ja: { finished: '2025-01-15T10:05:21.100Z (所要 21s)', deleted: '2025-01-15T10:06:51Z (ttl-after-finished コントローラー による)',
    history: '2025-01-15T10:20:21.100Z (履歴の上限 による)', fate: '定刻に実行 (ran-on-time)', created: '2025-01-15T10:05:00.100Z (スケジュール時刻の 0.100s 後)',
    source: 'スケジュール時刻の結果', restart: 'コンテナが終了コード 1 で終了し、10 秒のバックオフの後に再起動しました (再起動 2 回目)。' },
  ko: { finished: '2025-01-15T10:05:21.100Z (21s 소요)', deleted: '2025-01-15T10:06:51Z (ttl-after-finished 컨트롤러에 의해)',
    history: '2025-01-15T10:20:21.100Z (히스토리 한도에 의해)', fate: '정시 실행 (ran-on-time)', created: '2025-01-15T10:05:00.100Z (스케줄 시각 0.100s 후)',
    source: '스케줄 시각의 결과', restart: '컨테이너가 종료 코드 1로 끝나 10초의 백오프 후 재시작했습니다 (재시작 2번째).' },
};

test('the inspector\'s facts and reasons in Japanese and Korean: a Job deleted by TTL, one by the history limit, a slot, a restarted pod', async () => {
  for (const [locale, want] of [['ja-JP', INSPECTOR.ja], ['ko-KR', INSPECTOR.ko]]) {
    const { context, page } = await open(locale);
    await openScenario(page, 'history-limits-vs-ttl');
    const ttl = await inspect(page, '[data-testid="job"][data-job="ttl-28948925"]', 'ttl-28948925');
    assert.equal(ttl.facts.Finished, want.finished);
    assert.equal(ttl.facts.Deleted, want.deleted);
    assert.equal(ttl.facts.Status, 'Complete', 'Kubernetes\' condition stays');
    const history = await inspect(page, '[data-testid="job"][data-job="history-28948925"]', 'history-28948925');
    assert.equal(history.facts.Deleted, want.history);
    const slot = await inspect(page, '[data-testid="slot-lane"][data-cronjob="ttl"] [data-testid="slot"][data-time="2025-01-15T10:05:00Z"]', '2025-01-15T10:05:00Z');
    assert.equal(slot.facts.Fate, want.fate);
    assert.equal(slot.facts['Job created'], want.created);
    assert.equal(slot.sources[0], want.source);
    await page.screenshot({ path: path.join(shots, `language-inspector-${locale}.png`) });
    await openScenario(page, 'onfailure-vs-never');
    await inspect(page, '[data-testid="job"][data-job="on-failure"]', 'on-failure');
    const pod = await inspect(page, '[data-testid="pod"]', 'on-failure-mzbvg');
    assert.equal(pod.texts[1], want.restart);
    assert.equal(pod.sources[0], 'kubelet', 'a component\'s name stays');
    for (const [what, seen] of [['ttl job', ttl], ['history job', history], ['slot', slot], ['pod', pod]]) {
      assert.deepEqual(englishIn(seen.own), [], `${locale} ${what}: English left in ${seen.own}`);
    }
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});
