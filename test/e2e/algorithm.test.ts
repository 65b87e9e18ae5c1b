import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, settled, useApp } from './support/app.js';

/** The reducer's loop beside the stage, in step with the player, in both languages. */
const app = useApp();

/** The value shown for variable `name` in the pane. */
function shownValue(page: Page, name: string) {
  return page
    .locator('dl-algorithm-pane dt', { hasText: new RegExp(`^${name.replace(/[().]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

describe('the algorithm pane', () => {
  it.each([
    ['en', 'en-US', 'The reducer’s loop', 'Predict first'],
    ['zh', 'zh-CN', '缩减器的循环', '先猜再看'],
  ])(
    'marks the line each step stops at, with its variables (%s)',
    async (lang, locale, heading, predict) => {
      const { page, errors, close } = await openPage(app.browser, app.url, { locale });
      const pane = page.locator('dl-algorithm-pane');
      await pane.getByText(heading).click();
      const current = pane.locator('li[aria-current="step"]');
      const value = (name: string) =>
        pane
          .locator('dt', { hasText: new RegExp(`^${name.replace(/[()]/g, '\\$&')}$`) })
          .locator('xpath=following-sibling::dd[1]');
      await page.locator('#stage').focus();
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight'); // the confirmation
      await expect(current.textContent()).resolves.toContain('if test(current) != "FAIL":');
      await page.keyboard.press('ArrowRight'); // trial 1: the first half removed, still FAIL
      await expect(current.textContent()).resolves.toContain('current = trial');
      expect(
        await Promise.all(
          ['len(current)', 'parts', 'i', 'lo', 'hi', 'calls'].map((n) => value(n).textContent()),
        ),
      ).toEqual(['12', '2', '0', '0', '6', '2']);
      await pane.screenshot({ path: `test-results/screens/algorithm-${lang}.png` });
      // Predict first: the step stops at the test, before its verdict.
      await page.getByRole('button', { name: predict }).click();
      await page.locator('#stage').focus();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('PageDown');
      await expect(current.textContent()).resolves.toContain('result = test(trial)');
      await page.keyboard.press('End');
      await expect(current.textContent()).resolves.toContain('return current, calls');
      await expect(value('calls').textContent()).resolves.toBe('5');
      expect(errors).toEqual([]);
      await close();
    },
  );

  it.each([
    ['en', 'en-US', 'Lessons', 'ddmin on the same failure', 'The reducer’s loop', 'Predict first'],
    ['zh', 'zh-CN', '课程', '同一个失败，换成 ddmin', '缩减器的循环', '先猜再看'],
  ])(
    'follows a ddmin run in ddmin’s own TypeScript (%s)',
    async (lang, locale, lessons, title, heading, predict) => {
      const { page, errors, close } = await openPage(app.browser, app.url, { locale });
      await page.getByRole('button', { name: lessons, exact: true }).click();
      await page
        .locator('dl-lesson-gallery .card .title')
        .getByText(title, { exact: true })
        .click();
      await settled(page);
      const pane = page.locator('dl-algorithm-pane');
      await pane.getByText(heading).click();
      const current = pane.locator('li[aria-current="step"]');
      await page.locator('#stage').focus();
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight'); // the confirmation
      await expect(current.textContent()).resolves.toContain('let current = start.slice();');
      await expect(pane.locator('.source').textContent()).resolves.toContain(
        'src/core/reduce/ddmin.ts',
      );
      await page.keyboard.press('ArrowRight'); // trial 1: the first half kept, still FAIL
      await expect(current.textContent()).resolves.toContain('current = kept;');
      expect(
        await Promise.all(
          ['length', 'parts', 'i', 'lo', 'hi', 'calls', 'judged.chased'].map((n) =>
            shownValue(page, n).textContent(),
          ),
        ),
      ).toEqual(['12', '2', '0', '0', '6', '2', 'true']);
      await expect(pane.locator('.note').textContent()).resolves.toBe(
        lang === 'en'
          ? 'Subset: split into 2 blocks, keep only block A'
          : '子集：分成 2 块，只留甲块',
      );
      await pane.screenshot({ path: `test-results/screens/algorithm-ddmin-${lang}.png` });
      // Predict first: the step stops at the yield, before its verdict and its call.
      await page.getByRole('button', { name: predict }).click();
      await page.locator('#stage').focus();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('PageDown');
      await expect(current.textContent()).resolves.toContain('const judged = yield kept;');
      await expect(shownValue(page, 'calls').textContent()).resolves.toBe('1');
      await expect(shownValue(page, 'judged.chased').count()).resolves.toBe(0);
      await page.keyboard.press('End');
      await expect(current.textContent()).resolves.toContain(
        'return { reduced: current, deletionOnly: true };',
      );
      await expect(shownValue(page, 'calls').textContent()).resolves.toBe('4');
      expect(errors).toEqual([]);
      await close();
    },
  );
});
