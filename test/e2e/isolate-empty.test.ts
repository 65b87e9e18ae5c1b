import { describe, expect, it } from 'vitest';
import {
  expectText,
  explained,
  fastest,
  narration,
  openLesson,
  openPage,
  useApp,
  waitForDone,
} from './support/app.js';

/**
 * Isolation in the page from the empty passing input, `dd`'s default: the code judges the empty
 * input (it passes), as on the command line, where a reduction counts it INVALID unrun.
 */
const app = useApp();

const DIR = 'test-results/screens';

describe('isolating from the empty passing input', () => {
  it.each([
    ['en', 'en-US', 'Lessons', 'Which difference makes it fail? Isolating a quote'],
    ['zh', 'zh-CN', '课程', '是哪个差异让它失败？隔离出一个引号'],
  ] as const)(
    'runs the quote lesson with its passing input left empty to an isolated, verified end (%s)',
    async (lang, locale, lessons, title) => {
      const en = lang === 'en';
      const { page, errors, close } = await openPage(app.browser, app.url, { locale });
      await openLesson(page, lessons, title, 'isolate-markup');
      // Left empty, the passing input is the empty string (the field says so).
      const passing = page.locator('dl-reduce-controls label.passing');
      await expectText(passing, 'toContain', en ? 'empty: the empty input' : '留空：空输入');
      await passing.locator('textarea').fill('');
      await passing.locator('textarea').press('Tab');
      await fastest(page);
      await page.getByRole('button', { name: en ? 'Run live' : '现场运行' }).click();
      // Not a refusal of the passing side ("its outcome is INVALID") that never comes to an end.
      await explained(page, waitForDone(page, 30_000));
      // The empty string passes, a lone quote fails: one character apart, verified.
      await expectText(
        narration(page),
        'toMatch',
        en
          ? /^Done: after \d+ calls, the passing side “” and the failing side “"” differ by 1 character\. The difference is 1-minimal/
          : /^完成：.*“”.*“"”.*只差 1 个字符。这个差异是 1-minimal 的/,
      );
      await expectText(
        page.locator('dl-verify-card ul'),
        'toContain',
        en ? 'The difference is 1-minimal' : '差异是 1-minimal 的',
      );
      await expect(narration(page).textContent()).resolves.not.toMatch(/INVALID|not-failing/);
      await page.screenshot({ path: `${DIR}/isolate-empty-${lang}.png` });
      expect(errors).toEqual([]);
      await close();
    },
  );
});
