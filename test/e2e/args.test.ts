import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  articleLink,
  countSandboxes,
  expectText,
  fastest,
  linkFor,
  narration,
  openLesson,
  openPage,
  runLiveToRecording,
  setCode,
  settled,
  useApp,
  waitForDone,
} from './support/app.js';

/**
 * Calls with several arguments in the page: the two-argument lesson replayed, one row per
 * argument, and run live to the same session in both languages; a call pasted (a number in it
 * fixed), its regression test, and a Python candidate of two parameters run live.
 */
const app = useApp();

const DIR = 'test-results/screens';

const LANGUAGES = [
  ['en', 'en-US', 'Lessons', 'Two arguments: is the needle in the haystack?'],
  ['zh', 'zh-CN', '课程', '两个参数：针在草堆里吗？'],
] as const;

/** Steps forward until the narration says `wanted` (at most `max` steps). */
async function stepTo(page: Page, wanted: RegExp, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    const said = (await narration(page).textContent()) ?? '';
    if (wanted.test(said)) return;
    await page.keyboard.press('ArrowRight');
  }
  throw new Error(`no step says ${wanted}`);
}

describe('calls with several arguments in the page', () => {
  it.each(LANGUAGES)(
    'replays the two-argument lesson a row per argument, and runs it live to the same session (%s)',
    async (lang, locale, lessons, title) => {
      mkdirSync(DIR, { recursive: true });
      const en = lang === 'en';
      const { page, errors, close } = await openPage(app.browser, app.url, {
        locale,
        viewport: { width: 1280, height: 720 },
      });
      try {
        await openLesson(page, lessons, title, 'args-needle');
        await page.locator('#stage').focus();
        await page.keyboard.press('Home');
        await page.keyboard.press('ArrowRight');
        await expectText(
          narration(page),
          'toContain',
          en ? '("nanas", "banananas")' : '("nanas", "banananas")',
        );
        // A trial on the haystack: two rows, the second worked on, its blocks its own.
        await stepTo(page, en ? /split argument 2 into 4 blocks/ : /把第 2 个参数分成 4 块/);
        const rows = page.locator('dl-cells .argument');
        await expect(rows.count()).resolves.toBe(2);
        await expectText(
          rows.nth(0).locator('.argument-name'),
          'toContain',
          en ? 'argument 1 · ' : '第 1 个参数 · ',
        );
        await expect(page.locator('dl-cells .argument.worked').count()).resolves.toBe(1);
        await expect(rows.nth(1).locator('.block').count()).resolves.toBe(4);
        await expect(rows.nth(0).locator('.block').count()).resolves.toBe(1);
        await page.screenshot({ path: `${DIR}/args-needle-mid-${lang}.png` });
        await page.keyboard.press('End');
        await expectText(
          narration(page),
          'toMatch',
          en ? /^Done: \(".*", ".*"\) after \d+ calls/ : /^完成：\d+ 次调用后剩下 \(".*", ".*"\)/,
        );
        await expect(rows.count()).resolves.toBe(2);
        await expect(
          page.locator('dl-cells .picture').first().getAttribute('aria-label'),
        ).resolves.toContain(en ? '2 arguments: ' : '2 个参数：');
        await page.screenshot({ path: `${DIR}/args-needle-done-${lang}.png` });
        // The history says each trial's range within its argument.
        await expectText(
          page.locator('dl-history-table tbody'),
          'toContain',
          en ? 'argument 2: remove [' : '第 2 个参数：删去 [',
        );
        // The lesson's code run live on the call spread into it: the same session.
        await runLiveToRecording(page, en);
        // As a class sees it on a projector: Present mode, mid-run and at the end.
        await page.goto(`${app.url}?present&lesson=args-needle`);
        await page.locator('#stage').waitFor();
        await settled(page);
        await page.locator('#stage').focus();
        await page.keyboard.press('Home');
        await stepTo(page, en ? /split argument 2 into 4 blocks/ : /把第 2 个参数分成 4 块/);
        await page.screenshot({ path: `${DIR}/args-needle-present-mid-${lang}.png` });
        await page.keyboard.press('End');
        await expectText(narration(page), 'toMatch', en ? /^Done: / : /^完成：/);
        await page.screenshot({ path: `${DIR}/args-needle-present-done-${lang}.png` });
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    },
  );

  it('opens a link to the lesson as a call, running no code until Run', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    try {
      await openLesson(page, 'Lessons', LANGUAGES[0][3], 'args-needle');
      // The lesson's recording is too long for a link: the link holds the workspace.
      const link = await linkFor(app.url, await articleLink(page));
      const opened = await openPage(app.browser, link);
      try {
        const sandboxes = countSandboxes(opened.page);
        await expect(
          opened.page.locator('dl-find-panel select').first().inputValue(),
        ).resolves.toBe('args');
        await expect(opened.page.locator('dl-find-panel textarea').inputValue()).resolves.toBe(
          '["nanas","banananas"]',
        );
        await opened.page.waitForTimeout(500);
        expect(sandboxes()).toBe(0);
        await fastest(opened.page);
        await opened.page.getByRole('button', { name: 'Run live' }).click();
        await waitForDone(opened.page);
        await expectText(narration(opened.page), 'toMatch', /^Done: \("\w+", "\w+"\)/);
        await expect(opened.page.locator('dl-cells .argument').count()).resolves.toBe(2);
        expect(opened.errors).toEqual([]);
      } finally {
        await opened.close();
      }
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('takes a pasted call, a number in it fixed, and exports candidate(...args)', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    try {
      await openLesson(page, 'Lessons', LANGUAGES[0][3], 'args-needle');
      const box = page.locator('dl-find-panel textarea');
      await box.fill('nanas, banananas');
      await expectText(
        page.locator('dl-find-panel .error'),
        'toContain',
        'a call with several arguments is a non-empty JSON array of them, such as ["foo", "foobar"]',
      );
      await box.fill('["nanas", "banananas", 7]');
      await fastest(page);
      await page.getByRole('button', { name: 'Find failure' }).click();
      await expectText(
        narration(page),
        'toContain',
        'The given input ("nanas", "banananas", 7) fails',
      );
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await waitForDone(page);
      await expectText(narration(page), 'toMatch', /^Done: \("\w+", "\w+", 7\)/);
      await expectText(page.locator('dl-cells .argument.fixed'), 'toContain', '7');
      await expectText(
        page.locator('dl-cells .argument.fixed'),
        'toContain',
        'fixed: cannot be cut',
      );
      await page.locator('dl-export-panel summary').first().click();
      const test = (await page.locator('dl-export-panel pre').first().textContent()) ?? '';
      expect(test).toContain('expect(candidate(...args)).toEqual(reference(...args));');
      expect(test).toMatch(/const args = \["\w+","\w+",7\];/);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('generates random calls shaped like the pasted one until one fails', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    try {
      await openLesson(page, 'Lessons', LANGUAGES[0][3], 'args-needle');
      await page.getByText('Generate random inputs').click();
      await expectText(
        page.locator('dl-find-panel .call-types'),
        'toContain',
        'Each random call: candidate(string, string)',
      );
      await page.locator('dl-find-panel input.alphabet').fill('ab');
      await page.locator('dl-find-panel input.alphabet').dispatchEvent('change');
      const length = page.getByLabel('Length', { exact: true });
      await length.fill('2');
      await length.dispatchEvent('change');
      const longest = page.getByLabel('Up to length');
      await longest.fill('6');
      await longest.dispatchEvent('change');
      await page.getByRole('button', { name: 'Find failure' }).click();
      await expectText(
        page.locator('dl-find-panel .found'),
        'toMatch',
        /Attempt \d+[\s\S]*\("[ab]+", "[ab]+"\)/,
        60_000,
      );
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('runs a Python candidate of two parameters live, and exports candidate(*args)', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url, { locale: 'zh-CN' });
    try {
      await openLesson(page, '课程', LANGUAGES[1][3], 'args-needle');
      await page.locator('dl-editor-pane select').nth(1).selectOption('py');
      await setCode(
        page,
        '被测程序',
        'def candidate(s, t):\n    return len(s) <= len(t) and s[:1] == t[:1]\n',
      );
      await setCode(page, '参考程序', 'def reference(s, t):\n    return s in t\n');
      await fastest(page);
      await page.getByRole('button', { name: '现场运行' }).click();
      await waitForDone(page, 180_000);
      await expectText(narration(page), 'toMatch', /^完成：.*次调用后剩下 \(".*", ".*"\)/);
      await expect(page.locator('dl-cells .argument').count()).resolves.toBe(2);
      await page.locator('dl-export-panel summary').first().click();
      const test = (await page.locator('dl-export-panel pre').first().textContent()) ?? '';
      expect(test).toContain('    assert candidate(*args) == reference(*args)');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
