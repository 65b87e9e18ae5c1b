import { describe, expect, it } from 'vitest';
import {
  bisectMarks,
  expectText,
  fastest,
  narration,
  openLesson,
  openPage,
  settled,
  useApp,
  waitForDone,
} from './support/app.js';

/** The history lesson in the page: bisect eight versions, then dd of the pair, both languages. */
const app = useApp();

const DIR = 'test-results/screens';

/** A line as a cell draws it, its line end marked. */
const lineOf = (cell: string) => cell.replace(/↵$/, '').trim();

const LANGUAGES = [
  ['en', 'en-US', 'Lessons', 'Eight versions, one bug: bisect the history, then dd the change'],
  ['zh', 'zh-CN', '课程', '八个版本，一个 bug：先二分历史，再对改动做 dd'],
] as const;

describe('bisecting a history, then isolating the change', () => {
  it.each(LANGUAGES)(
    'marks the versions test by test, skips the one that does not load, and steps into dd of v4 and v5 (%s)',
    async (lang, locale, lessons, title) => {
      const en = lang === 'en';
      const { page, errors, close } = await openPage(app.browser, app.url, {
        locale,
        viewport: { width: 1280, height: 720 },
      });
      await openLesson(page, lessons, title, 'history-article');
      const bisect = page.locator('dl-version-bisect');
      const marks = () => bisectMarks(page);
      const tests = bisect.locator('.tests');
      // Before any test: every version untested, at most four tests for eight versions.
      await expectText(tests, 'toBe', en ? 'Tests: 0 (at most 4)' : '测试次数：0（最多 4）');
      expect(await marks()).toBe('uuuuuuuu');
      await expect(bisect.locator('li').first().getAttribute('aria-label')).resolves.toBe(
        en ? 'v1: untested' : 'v1：未测',
      );
      // The dd below waits for the bisection.
      expect(await page.locator('#stage dl-sides, #stage dl-cells').count()).toBe(0);
      // Test 1 by the button: v4 passes, and v1–v3 with it.
      await bisect
        .getByRole('button', { name: en ? 'Test the next version' : '测试下一个版本' })
        .click();
      await expectText(
        bisect.locator('.narration'),
        'toMatch',
        en ? /^Test 1: v4 passes \(-1\): it is good/ : /^第 1 次测试：v4 通过（-1）：它是好的/,
      );
      expect(await marks()).toBe('gggGuuuu');
      // Test 2 by the keyboard: v6 does not load and is skipped.
      await page.locator('#stage').focus();
      await page.keyboard.press('ArrowRight');
      await expectText(
        bisect.locator('.narration'),
        'toContain',
        en ? 'Test 2: v6 cannot be judged' : '第 2 次测试：v6 无法判定',
      );
      expect(await marks()).toBe('gggGuSuu');
      await page.screenshot({ path: `${DIR}/history-bisect-${lang}.png` });
      // Test 3: v5 fails; the pair is found in three tests.
      await page.keyboard.press('ArrowRight');
      await expectText(tests, 'toBe', en ? 'Tests: 3 (at most 4)' : '测试次数：3（最多 4）');
      expect(await marks()).toBe('gggGBSbb');
      await expectText(
        bisect.locator('.narration'),
        'toContain',
        en
          ? 'v5 is the first bad version, v4 the last good one: 3 tests for 8 versions.'
          : 'v5 是第一个坏版本，v4 是最后一个好版本：8 个版本测了 3 次。',
      );
      // One click into dd of the change from v4 to v5, and its end: the one line.
      const into = bisect.getByRole('button', {
        name: en ? 'Isolate the change from v4 to v5 with dd' : '用 dd 隔离从 v4 到 v5 的改动',
      });
      await into.focus();
      await page.keyboard.press('Enter');
      await page.locator('#stage dl-cells, #stage dl-sides').first().waitFor();
      await page.locator('#stage').focus();
      await page.keyboard.press('End');
      await expectText(
        narration(page),
        'toContain',
        en ? 'differ by 1 line. The difference is 1-minimal' : '只差 1 行。这个差异是 1-minimal 的',
      );
      expect((await page.locator('dl-sides .cell.added').allTextContents()).map(lineOf)).toEqual([
        'current = Math.max(0, current + x);',
      ]);
      await expectText(
        bisect.locator('strong'),
        'toBe',
        en ? 'dd of the change from v4 to v5' : '对从 v4 到 v5 的改动做 dd',
      );
      await page.locator('dl-sides .cell.added').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${DIR}/history-dd-${lang}.png` });
      // Back to the bisection, then the same session live: versions run in the sandbox.
      await bisect.getByRole('button', { name: en ? 'Back to the bisection' : '回到二分' }).click();
      expect(await marks()).toBe('gggGBSbb');
      await fastest(page);
      await page.getByRole('button', { name: en ? 'Run live' : '现场运行' }).click();
      await settled(page);
      // The run's bisection, once it has come (a loaded machine may take a while): open at its end
      // (End), or already the line above dd's frames.
      await expect
        .poll(
          async () => {
            await page.locator('#stage').focus();
            await page.keyboard.press('End');
            return marks();
          },
          { timeout: 30_000, interval: 250 },
        )
        .toBe('gggGBSbb');
      if (await into.isVisible()) await into.click();
      await page.locator('#stage').focus();
      await page.keyboard.press('End');
      await waitForDone(page);
      await expectText(
        page.locator('#stage .match'),
        'toContain',
        en ? 'matches the recording' : '与录制',
      );
      expect(errors).toEqual([]);
      await close();
    },
  );
});
