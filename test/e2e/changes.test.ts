import { describe, expect, it } from 'vitest';
import {
  expectText,
  fastest,
  narration,
  openLesson,
  openPage,
  runLiveToRecording,
  useApp,
  waitForDone,
} from './support/app.js';

/** Isolating a change of code in the page: the article's two versions, in both languages. */
const app = useApp();

const DIR = 'test-results/screens';

/** A line as a cell draws it, its line end marked. */
const lineOf = (cell: string) => cell.replace(/↵$/, '').trim();

const LANGUAGES = [
  ['en', 'en-US', 'Lessons', 'Yesterday it worked, today it does not: which change?'],
  ['zh', 'zh-CN', '课程', '昨天还好好的，今天就坏了：是哪处改动？'],
] as const;

describe('isolating a change of code', () => {
  it.each(LANGUAGES)(
    'shows yesterday beside today, the changed lines tried, the two declarations found, and runs live to the same session (%s)',
    async (lang, locale, lessons, title) => {
      const en = lang === 'en';
      const { page, errors, close } = await openPage(app.browser, app.url, { locale });
      await openLesson(page, lessons, title, 'changes-article');
      // Yesterday's candidate is an editor of its own, above today's, in the page's language.
      const yesterday = page.locator('dl-editor-pane section.editor-block').first();
      await expectText(
        yesterday.locator('h2'),
        'toBe',
        en ? "Yesterday's candidate (passes)" : '昨天的被测程序（通过）',
      );
      await expectText(yesterday, 'toContain', 'a.slice(1)');
      await expect(page.locator('dl-reduce-controls select').first().inputValue()).resolves.toBe(
        'changes',
      );
      // Step 3: the first trial of dd, blocks of changed lines brought into yesterday's code.
      await page.locator('#stage').focus();
      await page.keyboard.press('Home');
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
      await expectText(
        narration(page),
        'toMatch',
        en
          ? /^Trial 1: add block A \(\d+ lines?\) to the passing side/
          : /^第 1 次试验：把块 甲（\d+ 行）加到通过的一侧/,
      );
      expect(await page.locator('dl-sides .cell.added').count()).toBeGreaterThan(0);
      // The end: two changed lines, each drawn as yesterday's line out and today's in.
      await page.keyboard.press('End');
      await expectText(
        narration(page),
        'toContain',
        en
          ? 'differ by 2 lines. The difference is 1-minimal'
          : '只差 2 行。这个差异是 1-minimal 的',
      );
      const marked = async (mark: string) =>
        page.locator(`dl-sides .cell.${mark}`).allTextContents();
      expect((await marked('removed')).map(lineOf)).toEqual([
        'let current = a[0];',
        'let best = a[0];',
      ]);
      expect((await marked('added')).map(lineOf)).toEqual(['let best = 0;', 'let current = 0;']);
      await page.screenshot({ path: `${DIR}/changes-article-${lang}.png` });
      await runLiveToRecording(page, en);
      expect(errors).toEqual([]);
      await close();
    },
  );

  it('turns any workspace into a change to isolate: yesterday edited back, a call pasted, Run', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    await page.locator('dl-reduce-controls select').first().selectOption('changes');
    // Yesterday starts as today's candidate: with no change there is nothing to isolate yet.
    const yesterday = page.locator('dl-editor-pane section.editor-block').first();
    await expectText(yesterday.locator('h2'), 'toBe', "Yesterday's candidate (passes)");
    await page.evaluate(() => {
      const ws = document.querySelector('delta-lab')?.workspaces.workspace;
      const pane = document.querySelector('dl-editor-pane');
      if (!ws || !pane) throw new Error('no workspace');
      // Yesterday's version fell back on the largest element when no sum was above zero.
      const fixed = ws.candidate.replace('return best;', 'return best || Math.max(...a);');
      if (fixed === ws.candidate) throw new Error('the candidate changed shape');
      pane.dispatchEvent(
        new CustomEvent('dl-workspace', { detail: { changes: fixed, failing: '[-2, -5]' } }),
      );
    });
    await expectText(
      page.locator('dl-reduce-controls .note'),
      'toContain',
      'the call both versions',
    );
    await fastest(page);
    await page.getByRole('button', { name: 'Run live' }).click();
    await waitForDone(page);
    await expectText(narration(page), 'toContain', 'differ by 1 line. The difference is 1-minimal');
    expect((await page.locator('dl-sides .cell.added').allTextContents()).map(lineOf)).toEqual([
      'return best;',
    ]);
    expect(errors).toEqual([]);
    await close();
  });
});
