// End-to-end: retries and back-off, seen on the built-in scenario `onfailure-vs-never` (backoffLimit
// 3, a container that runs 30 s and exits 1). Clicking a Job zooms to it with its Pods open; each
// attempt is labelled as the simulator's trace has it — the Job controller's waits before a new
// Pod of 10 s, 20 s, 40 s (restartPolicy Never), the kubelet's CrashLoopBackOff waits of 10 s and
// 20 s and the run killed when the restarts reached backoffLimit (OnFailure); `+` and `-` zoom
// around the selection and keep it in view; the legend has an entry for every glyph drawn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { useBrowser, shots, openPlayground } from './harness.mjs';
import { generation, waitForRun } from './playground.mjs';

const env = useBrowser();

// Each kind of glyph as the timeline draws it, and its legend entry (`data-legend`).
const GLYPHS = {
  '[data-testid="slot"].glyph-on-time': 'on-time',
  '[data-testid="slot"].glyph-late': 'late',
  '[data-testid="slot"].glyph-skipped': 'skipped',
  '[data-testid="slot"].glyph-pending': 'pending',
  '[data-testid="slot-cluster"], [data-testid="job-cluster"]': 'cluster',
  '[data-testid="job"]:not(.outcome-failed)': 'job',
  '[data-testid="job"].outcome-failed': 'failed-job',
  '.late-mark': 'late-job',
  '.seg.pending': 'pod-pending',
  '.seg.running:not(.exit-nonzero)': 'pod-running',
  '.seg.exit-nonzero': 'exit-nonzero',
  '[data-testid="pod-backoff"]': 'kubelet-back-off',
  '[data-testid="pod-recreate-wait"]': 'job-back-off',
  '.end-mark': 'pod-end',
  '[data-testid="marker"]': 'marker',
  '[data-testid="outage"]': 'controller-down',
  '[data-testid="suspended"]': 'suspended',
  '[data-testid="cursor"]': 'cursor',
};

/** The legend entries missing for glyphs on screen (and the glyph kinds drawn). */
async function legendGaps(page) {
  const legend = await page.$$eval('[data-testid="legend"] [data-legend]', (els) => els.map((e) => e.dataset.legend));
  const drawn = [];
  for (const [selector, key] of Object.entries(GLYPHS)) {
    if (await page.$(`[data-testid="timeline-svg"] :is(${selector})`)) drawn.push(key);
  }
  return { missing: drawn.filter((k) => !legend.includes(k)), drawn };
}

const labels = (page, job) => page.$$eval(`[data-testid="pod"][data-job="${job}"] [data-testid="attempt-label"]`,
  (els) => els.map((e) => e.textContent));

/** The lanes' visible time window, from the axis's drawing: the Job's bar in pixels and the lanes'. */
const geometry = (page, job) => page.evaluate((job) => {
  const bar = document.querySelector(`[data-testid="job"][data-job="${job}"] rect`).getBoundingClientRect();
  const svg = document.querySelector('[data-testid="timeline-svg"]').getBoundingClientRect();
  const label = document.querySelector('.axis-bg').getBoundingClientRect();
  return { left: bar.left, right: bar.right, width: bar.width, lanesLeft: label.left, lanesRight: svg.right };
}, job);

for (const [name, viewport] of [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`a failing Job's retries (${name}): click zooms to it with its Pods open and labelled; +/- keep it in view`, async () => {
    for (const colorScheme of ['light', 'dark']) {
      const { context, page } = await openPlayground(env, { viewport, colorScheme });
      const before = await generation(page);
      await page.selectOption('[data-testid="scenario-menu"]', 'onfailure-vs-never');
      await waitForRun(page, before);
      assert.deepEqual((await legendGaps(page)).missing, []);

      // Never: a new Pod per attempt after the Job controller's back-off.
      await page.click('[data-testid="job"][data-job="never"]');
      await page.waitForSelector('[data-testid="pod"][data-job="never"]');
      assert.equal(await page.$$eval('[data-testid="pod"][data-job="never"]', (els) => els.length), 4);
      let g = await geometry(page, 'never');
      const lanes = g.lanesRight - g.lanesLeft;
      assert.ok(g.width > lanes * 0.75 && g.left >= g.lanesLeft && g.right <= g.lanesRight + 1, JSON.stringify(g));
      // Every attempt exited 1; the waits are 10 s, 20 s, 40 s (written short where narrow).
      const never = await labels(page, 'never');
      assert.deepEqual(never.filter((t) => /exit|^1$/.test(t)).length, 4, JSON.stringify(never));
      const waits = never.filter((t) => / s$/.test(t)).map((t) => t.replace('back-off ', ''));
      if (name === 'desktop') {
        assert.deepEqual(waits, ['10 s', '20 s', '40 s']);
        assert.ok(never.includes('back-off 40 s') && never.includes('exit 1'), JSON.stringify(never));
      } else {
        // 390 px: the narrower waits are left to the Pods' names and the inspector.
        assert.deepEqual(waits, ['40 s']);
      }
      let gaps = await legendGaps(page);
      assert.deepEqual(gaps.missing, []);
      assert.deepEqual(gaps.drawn, ['failed-job', 'exit-nonzero', 'job-back-off', 'pod-end', 'cursor']);
      await page.screenshot({ path: path.join(shots, `retries-never-${name}-${colorScheme}.png`) });

      // `+` zooms around the selection: its middle stays put, the Job stays in view.
      const middle = (g.left + g.right) / 2;
      await page.keyboard.press('+');
      g = await geometry(page, 'never');
      assert.ok(g.left < middle && g.right > middle, `the Job still covers its middle after +: ${JSON.stringify(g)}`);
      // Twice as close: the 20 s wait (left of the middle) is written in full.
      assert.ok((await labels(page, 'never')).includes(name === 'desktop' ? 'back-off 20 s' : '20 s'), JSON.stringify(await labels(page, 'never')));
      await page.keyboard.press('+');
      await page.keyboard.press('+');
      g = await geometry(page, 'never');
      assert.ok(g.left < middle && g.right > middle, `after +++: ${JSON.stringify(g)}`);
      await page.keyboard.press('-');
      await page.keyboard.press('-');
      await page.keyboard.press('-');
      g = await geometry(page, 'never');
      assert.ok(g.width > lanes * 0.75, `back out with ---: ${JSON.stringify(g)}`);

      // The first Pod selected and zoomed around: the wait after it is written in full.
      await page.click('[data-testid="pod"][data-job="never"] >> nth=0');
      for (let i = 0; i < (name === 'desktop' ? 2 : 3); i++) await page.keyboard.press('+');
      assert.ok((await labels(page, 'never')).includes('back-off 10 s'), JSON.stringify(await labels(page, 'never')));
      assert.deepEqual((await legendGaps(page)).missing, []);

      // OnFailure: one Pod, restarted in place after the kubelet's back-off, killed at the limit.
      await page.click('[data-testid="job"][data-job="on-failure"]');
      await page.waitForSelector('[data-testid="pod"][data-job="on-failure"]');
      const onFailure = await labels(page, 'on-failure');
      // The first restart is at once (no wait to label); narrow waits are written short.
      if (name === 'desktop') {
        assert.deepEqual(onFailure, ['exit 1', 'exit 1', '10 s', 'exit 1', 'back-off 20 s', 'killed: backoffLimit']);
      } else {
        assert.deepEqual(onFailure.filter((t) => t.startsWith('killed')).length, 1, JSON.stringify(onFailure));
      }
      assert.equal(await page.getAttribute('[data-testid="pod"][data-job="on-failure"]', 'aria-label'),
        'Pod on-failure-mzbvg: exit 1, exit 1, back-off 10 s, exit 1, back-off 20 s, killed: backoffLimit');
      gaps = await legendGaps(page);
      assert.deepEqual(gaps.missing, []);
      // The killed run exited 143 (SIGTERM): every run is drawn as a failed attempt.
      assert.deepEqual(gaps.drawn, ['failed-job', 'exit-nonzero', 'kubelet-back-off', 'pod-end', 'cursor']);
      await page.screenshot({ path: path.join(shots, `retries-on-failure-${name}-${colorScheme}.png`) });
      assert.deepEqual(page.errors, []);
      await context.close();
    }
  });
}

// Japanese and Korean labels are drawn a full em per character: on a phone each label keeps to
// its own stretch of the Pod's lane, written in full, short or not at all, never over the next.
test('attempt labels in ja and ko on a phone never run into each other', async () => {
  for (const locale of ['ja-JP', 'ko-KR']) {
    const { context, page } = await openPlayground(env, { viewport: { width: 390, height: 844 }, locale });
    const before = await generation(page);
    await page.selectOption('[data-testid="scenario-menu"]', 'onfailure-vs-never');
    await waitForRun(page, before);
    const seen = [];
    for (const job of ['never', 'on-failure']) {
      await page.click(`[data-testid="job"][data-job="${job}"]`);
      await page.waitForSelector(`[data-testid="pod"][data-job="${job}"]`);
      for (let zoom = 0; zoom < 3; zoom++) {
        const rows = await page.$$eval(`[data-testid="pod"][data-job="${job}"]`, (pods) => pods.map((pod) =>
          [...pod.querySelectorAll('[data-testid="attempt-label"]')].map((l) => {
            const r = l.getBoundingClientRect();
            return { text: l.textContent, left: r.left, right: r.right, top: Math.round(r.top) };
          })));
        for (const row of rows) {
          for (const a of row) {
            for (const b of row) {
              if (a === b || a.top !== b.top) continue;
              assert.ok(a.right <= b.left + 0.5 || b.right <= a.left + 0.5,
                `${locale} ${job} zoom ${zoom}: "${a.text}" and "${b.text}" overlap: ${JSON.stringify(row)}`);
            }
          }
        }
        seen.push(...rows.flat().map((l) => l.text));
        await page.keyboard.press('+');
      }
    }
    // Zoomed in, labels are written in the page's language.
    assert.ok(seen.some((t) => !/^[\x20-\x7e]*$/.test(t)), `a label in ${locale}: ${JSON.stringify(seen)}`);
    await page.screenshot({ path: path.join(shots, `retries-${locale}-phone.png`) });
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});
