// Helpers for driving the playground page: type into the editor the way a person does, wait for
// the re-simulation to be drawn, and read the timeline through its data attributes.

/** Opens the page and waits for the first run to be drawn and the editor to be CodeMirror (it
 * loads after the first paint) or the plain textarea (`?editor=plain`). */
export async function ready(page) {
  await page.waitForSelector('[data-testid="title"]', { timeout: 30000 });
  await page.waitForSelector('[data-generation]', { timeout: 30000 });
  await page.waitForSelector('.cm-content, textarea[data-testid="editor"]', { timeout: 30000 });
}

/** The generation of the run the timeline shows (0 before any). */
export async function generation(page) {
  return Number(await page.getAttribute('[data-generation]', 'data-generation').catch(() => 0) || 0);
}

/** Waits until the timeline shows a run newer than `after`. */
export async function waitForRun(page, after) {
  await page.waitForFunction((g) => Number(document.querySelector('[data-generation]')?.dataset.generation || 0) > g,
    after, { timeout: 30000 });
}

/** Replaces the editor's text as a paste would (CodeMirror or the textarea fallback). */
export async function setManifest(page, text) {
  if (await manifest(page) === text) return;
  const before = await generation(page);
  if (await page.$('.cm-content')) {
    await page.click('.cm-content');
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(text);
  } else {
    await page.fill('textarea[data-testid="editor"]', text);
  }
  await waitForRun(page, before);
}

/** The editor's text. */
export async function manifest(page) {
  if (await page.$('.cm-content')) return page.evaluate(() => globalThis.CronJobEditor.current.state.doc.toString());
  return page.inputValue('textarea[data-testid="editor"]');
}

/** All elements matching `selector` as objects of their `data-*` attributes. */
export function data(page, selector) {
  return page.$$eval(selector, (els) => els.map((e) => ({ ...e.dataset })));
}

export const slots = (page, cronJob) =>
  data(page, cronJob ? `[data-testid="slot-lane"][data-cronjob="${cronJob}"] [data-testid="slot"]` : '[data-testid="slot"]');
export const jobs = (page) => data(page, '[data-testid="job"]');
export const pods = (page) => data(page, '[data-testid="pod"]');

/** The inspector's facts as { label: value } and its reasons as [{ code, source, text }], once they are in. */
export async function inspector(page) {
  // The explanation comes from the engine, which keeps the decision history: wait for this run's.
  await page.waitForSelector('[data-testid="explanation"][aria-busy="false"]', { timeout: 10000 });
  const facts = Object.fromEntries(await page.$$eval('[data-testid="fact"]', (els) => els.map((e) => [e.dataset.field, e.textContent])));
  const reasons = await page.$$eval('[data-testid="reason"]', (els) => els.map((e) => ({ code: e.dataset.code, source: e.dataset.source, text: e.querySelector('p')?.textContent })));
  const title = await page.textContent('[data-testid="inspector-title"]');
  return { title, facts, reasons };
}
