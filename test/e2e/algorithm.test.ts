import { describe, expect, it } from 'vitest';
import { openPage, useApp } from './support/app.js';

/** The reducer's loop beside the stage, in step with the player, in both languages. */
const app = useApp();

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
});
