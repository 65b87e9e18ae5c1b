import { describe, expect, it } from 'vitest';
import { openPage, useApp } from './support/app.js';

/** Reducers side by side on the article's failure, live in the sandbox, in both languages. */
const app = useApp();

describe('compare reducers', () => {
  it.each([
    ['en', 'en-US', 'Compare reducers'],
    ['zh', 'zh-CN', '比较缩减器'],
  ])(
    'runs every reducer on the failure shown and lays them side by side (%s)',
    async (lang, locale, button) => {
      const { page, errors, close } = await openPage(app.browser, app.url, { locale });
      const panel = page.locator('dl-compare-panel');
      await panel.getByRole('button', { name: button }).click();
      const rows = panel.locator('tbody tr');
      await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(5);
      const cells = await rows.allInnerTexts();
      const byReducer = Object.fromEntries(
        cells.map((row) => {
          const [name, ...rest] = row.split('\t').map((cell) => cell.trim());
          return [name, rest];
        }),
      );
      // The article's chunks (its lesson: 5 calls, [-7]) and the 2002 ddmin (4 calls, [-3]).
      expect(byReducer.chunks?.slice(0, 4)).toEqual(['5', '5', '0', '[-7]']);
      expect(byReducer.ddmin?.slice(0, 4)).toEqual(['4', '4', '0', '[-3]']);
      // bisect, the default for inputs of one's own: [-7] too, its last call the empty input.
      expect(byReducer.bisect?.slice(0, 4)).toEqual(['6', '6', '0', '[-7]']);
      expect(Object.keys(byReducer).sort()).toEqual([
        'bisect',
        'chunks',
        'chunks-resume',
        'ddmin',
        'values',
      ]);
      for (const [, rest] of Object.entries(byReducer))
        expect(rest[4]).toBe(lang === 'en' ? 'yes' : '是');
      // One line per reducer in the overlaid length plot.
      await expect(panel.locator('figure polyline').count()).resolves.toBe(5);
      await panel.scrollIntoViewIfNeeded();
      await panel.screenshot({ path: `test-results/screens/compare-${lang}.png` });
      expect(errors).toEqual([]);
      await close();
    },
  );
});
