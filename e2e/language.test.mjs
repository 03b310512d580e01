// End-to-end: the interface in English, Japanese and Korean. The browser's language picks the
// first one, the header switcher changes it, a reload keeps the choice, and the scenario notes
// follow. Screenshots of each language go to the screenshot folder (look at them: the CJK text
// must render in a CJK face, not as boxes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { openPage } from './browser.mjs';
import { useBrowser, shots } from './harness.mjs';
import { ready } from './playground.mjs';

const env = useBrowser();

async function open(locale) {
  const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
  const page = await openPage(context, env.server.base);
  await ready(page);
  return { context, page };
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
  details: 'Details', legend: 'Legend', look: 'What to look at', title: 'A schedule edit runs today\'s new time retroactively (seed 002)',
  editor: 'Manifest (YAML or JSON)' };
const JAPANESE = { lang: 'ja', picker: 'ja', tagline: 'Kubernetes があなたの CronJob をどう動かすかを、1 秒単位で。', timeline: 'タイムライン',
  details: '詳細', legend: '凡例', look: '見るところ', title: 'スケジュール変更で今日の新しい時刻が遡って実行される (seed 002)',
  editor: 'マニフェスト (YAML または JSON)' };
const KOREAN = { lang: 'ko', picker: 'ko', tagline: 'Kubernetes가 여러분의 CronJob을 어떻게 실행하는지, 1초 단위로.', timeline: '타임라인',
  details: '상세', legend: '범례', look: '볼 곳', title: '스케줄 변경이 오늘의 새 시각을 소급 적용해 실행한다 (seed 002)',
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
  assert.deepEqual(menu, [['元になった記事から', 'スケジュール変更で今日の新しい時刻が遡って実行される (seed 002)'],
    ['よくある落とし穴', '一時停止と再開: 見送った実行がすぐに始まる (peers S4)']]);
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
