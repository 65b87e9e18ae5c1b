import { describe, expect, it } from 'vitest';
import { openPage, useApp } from './support/app.js';

/**
 * Presenter mode's panels below the stage, one at a time: the reducer's loop first (open), then
 * Fix and regress, the comparison or the history, picked by a click or by the arrow keys.
 */
const app = useApp();

const PANELS = ['dl-algorithm-pane', 'dl-regress-panel', 'dl-compare-panel', 'dl-history-table'];

describe('presenter mode: one panel at a time below the stage', () => {
  it.each([
    ['en', 'en-US', ['The reducer’s loop', 'Fix and regress', 'Compare reducers', 'History']],
    ['zh', 'zh-CN', ['缩减器的循环', '修复与回归', '比较缩减器', '过程记录']],
  ])('in %s: tabs name the panels, and only the one picked shows', async (name, lang, tabs) => {
    const { page, errors, close } = await openPage(app.browser, `${app.url}?present`, {
      viewport: { width: 1280, height: 720 },
      locale: lang,
    });
    try {
      const tablist = page.locator('dl-present-panels [role="tablist"]');
      await expect(tablist.locator('[role="tab"]').allTextContents()).resolves.toEqual(tabs);
      const shown = () =>
        page.evaluate(
          (names) => names.filter((n) => document.querySelector(n)?.checkVisibility()),
          PANELS,
        );
      // The loop first, open, under the stage's screen.
      await expect(shown()).resolves.toEqual(['dl-algorithm-pane']);
      await expect(page.locator('dl-algorithm-pane details').getAttribute('open')).resolves.toBe(
        '',
      );
      await tablist.locator('[role="tab"]', { hasText: tabs[1] as string }).click();
      await expect(shown()).resolves.toEqual(['dl-regress-panel']);
      await expect(tablist.locator('[aria-selected="true"]').textContent()).resolves.toBe(tabs[1]);
      await page.locator('dl-present-panels').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screens/present-panels-${name}.png` });
      // The keys of a tab list: → to the next, End to the last, Home to the first.
      await page.keyboard.press('ArrowRight');
      await expect(shown()).resolves.toEqual(['dl-compare-panel']);
      await page.keyboard.press('End');
      await expect(shown()).resolves.toEqual(['dl-history-table']);
      await expect(
        page
          .locator('dl-present-panels [aria-selected="true"]')
          .evaluate((b) => b === (b.getRootNode() as ShadowRoot).activeElement),
      ).resolves.toBe(true);
      await page.keyboard.press('Home');
      await expect(shown()).resolves.toEqual(['dl-algorithm-pane']);
      // Out of presenter mode every panel is there again, and the tabs are not.
      await page.getByRole('button', { name: name === 'en' ? 'Present' : '演示' }).click();
      await expect(shown()).resolves.toEqual(PANELS);
      await expect(page.locator('dl-present-panels').isVisible()).resolves.toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
