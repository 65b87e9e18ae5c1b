import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  countSandboxes,
  expectText,
  narration,
  openPage,
  setCode,
  settled,
  useApp,
  waitForDone,
} from './support/app.js';

/**
 * Python in the page: the article's own Python lesson replays without running code, its runtime
 * starting while the user reads; it runs live through Pyodide in the sandbox iframe and matches its
 * recording call for call; the runtime is downloaded once, with its progress, and kept across
 * Runs; a syntax error is marked before Run; a `while True:` is a TIMEOUT and the page stays
 * alive.
 */
const DIR = 'test-results/screens';
const app = useApp();
const TITLE = 'own Python, reduced';

beforeAll(() => {
  mkdirSync(DIR, { recursive: true });
});

/** Opens the Python lesson from the gallery and waits for its replay. */
async function openLesson(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Lessons|课程)$/ }).click();
  await page.locator('dl-lesson-gallery button.card', { hasText: TITLE }).click();
  await settled(page);
}

/** Waits until the first editor shows `text` (Monaco draws a new model's lines a moment later). */
async function editorShows(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (wanted) =>
      (document.querySelector('.monaco-editor')?.textContent ?? '')
        .replaceAll('\u00a0', ' ')
        .includes(wanted),
    text,
    { timeout: 10_000 },
  );
}

/** Counts the requests for the Python runtime's WebAssembly (the largest file). */
function countRuntimeDownloads(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (/pyodide\.asm-[\w-]+\.wasm$/.test(request.url())) count++;
  });
  return () => count;
}

describe('Python through Pyodide', () => {
  it('runs the article’s Python live, matching its recording; the runtime loads once', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    try {
      const downloads = countRuntimeDownloads(page);
      const sandboxes = countSandboxes(page);
      await openLesson(page);
      // The replay runs no code and needs no Python; the runtime starts while the user reads
      // (spares with no code in them), so that Run does not wait for it.
      await expectText(narration(page), 'toContain', 'Attempt 4452 is the first input that fails');
      await expect.poll(downloads, { timeout: 30_000 }).toBe(1);
      await expect.poll(sandboxes, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      await expect(page.locator('dl-editor-pane select').nth(1).inputValue()).resolves.toBe('py');
      const code = (await page.locator('.monaco-editor').first().textContent()) ?? '';
      expect(code.replaceAll('\u00a0', ' ')).toContain('best = current = 0');
      // No JavaScript diagnostics on Python code (give a language service time to speak).
      await page.waitForTimeout(2000);
      expect(await page.locator('.editor-block .squiggly-error').count()).toBe(0);
      // Monaco highlights it as Python: `def` is a keyword token.
      await expect(
        page
          .locator('.monaco-editor .view-lines span', { hasText: /^def$/ })
          .first()
          .getAttribute('class'),
      ).resolves.toMatch(/mtk\d+/);

      await page.locator('dl-player button', { hasText: /^Run/ }).first().click();
      await page.screenshot({ path: `${DIR}/python-running.png` });
      await waitForDone(page, 180_000);
      await expectText(page.locator('#stage .match'), 'toContain', 'matches the recording');
      await expectText(narration(page), 'toMatch', /^Done: \[-7\] after 5 calls\./);
      expect(downloads()).toBe(1);
      expect(sandboxes()).toBeGreaterThanOrEqual(2);
      await page.screenshot({ path: `${DIR}/python-done.png` });

      // A second run in the same page neither downloads the runtime again nor starts a sandbox:
      // the run's Python sandboxes were kept, each loading the code again in a runtime of its
      // own, started from the snapshot taken before any code ran.
      const before = sandboxes();
      await page.locator('dl-player button', { hasText: /^Run/ }).first().click();
      await expectText(narration(page), 'toBe', 'Running…');
      await waitForDone(page, 120_000);
      await expectText(narration(page), 'toMatch', /^Done: \[-7\] after 5 calls\./);
      expect(downloads()).toBe(1);
      expect(sandboxes()).toBe(before);

      // Offline, a new sandbox iframe (opening the lesson again starts one) still gets Python:
      // the runtime's files come from the page's cache.
      await page.context().setOffline(true);
      await openLesson(page);
      await page.locator('dl-player button', { hasText: /^Run/ }).first().click();
      await expectText(narration(page), 'toBe', 'Running…');
      await waitForDone(page, 120_000);
      await expectText(page.locator('#stage .match'), 'toContain', 'matches the recording');
      expect(downloads()).toBe(1);
      await page.context().setOffline(false);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('picking Python for the article’s code shows the article’s Python, which runs live', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    try {
      await page.locator('dl-editor-pane select').nth(1).selectOption('py');
      await editorShows(page, 'def candidate(a):');
      await page.locator('dl-player button', { hasText: /^Run/ }).first().click();
      await expectText(narration(page), 'toBe', 'Running…');
      await waitForDone(page, 180_000);
      await expectText(narration(page), 'toMatch', /^Done: \[-7\] after 5 calls\./);
      // Back to JavaScript: the article's JavaScript again.
      await page.locator('dl-editor-pane select').nth(1).selectOption('js');
      await editorShows(page, 'export function candidate(a)');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('marks a syntax error at its line before Run, and a while True: is a TIMEOUT', async () => {
    const { page, close } = await openPage(app.browser, app.url);
    try {
      await openLesson(page);
      await setCode(page, 'Candidate', 'def candidate(a):\n    return max(a +\n');
      // Compiled (not run) by Python in a sandbox, which may first have to start.
      await expectText(page.locator('.editor-error').first(), 'toMatch', /line 2/, 90_000);
      await page.screenshot({ path: `${DIR}/python-syntax.png` });

      await setCode(page, 'Candidate', 'def candidate(a):\n    while True:\n        pass\n');
      await page.waitForFunction(() => !document.querySelector('.editor-error'));
      await page.locator('dl-player button', { hasText: /^Run/ }).first().click();
      await expectText(page.locator('dl-find-panel .live'), 'toMatch', /TIMEOUT/, 120_000);
      // The page answers while the sandbox is stuck.
      await expect(page.evaluate(() => 1 + 1)).resolves.toBe(2);
      await page
        .locator('dl-player button', { hasText: /^Cancel/ })
        .first()
        .click();
      await waitForDone(page, 30_000);
    } finally {
      await close();
    }
  });
});
