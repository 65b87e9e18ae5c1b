import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectText, openPage, useApp } from './support/app.js';

/**
 * The article's corrected Kadane beside the buggy one in "Fix and regress", loaded into the
 * candidate's editor and back, in both languages, in JavaScript and Python, and on a projector.
 */
const app = useApp();

/** The candidate the workspace holds. */
function candidate(page: Page): Promise<string> {
  return page.evaluate(
    () => document.querySelector('delta-lab')?.workspaces.workspace.candidate ?? '',
  );
}

describe('the corrected function', () => {
  it.each([
    [
      'en',
      'en-US',
      'Load the corrected function into the editor',
      'Back to the buggy function',
      'in the editor',
    ],
    ['zh', 'zh-CN', '把改正后的函数载入编辑器', '换回有 bug 的函数', '编辑器中'],
  ])(
    'is shown beside the buggy one, loaded into the editor and back (%s)',
    async (name, locale, load, back, inEditor) => {
      const { page, errors, close } = await openPage(app.browser, `${app.url}?lesson=article`, {
        locale,
      });
      const fix = page.locator('dl-regress-panel dl-fix-view');
      await expectText(fix.locator('pre.buggy'), 'toContain', 'let best = 0;');
      await expectText(fix.locator('pre.corrected'), 'toContain', 'let best = a[0];');
      // The lines the fix changed are marked on both sides.
      const changed = await fix.locator('pre.buggy .changed').allTextContents();
      expect(changed.map((line) => line.trim())).toContain('let best = 0;');
      expect(await fix.locator('pre.corrected .changed').allTextContents()).toContainEqual(
        expect.stringContaining('let best = a[0];'),
      );
      expect(await fix.locator('pre.buggy .changed').count()).toBeLessThan(
        await fix.locator('pre.buggy .line').count(),
      );
      await expectText(fix.locator('figure').first().locator('figcaption'), 'toContain', inEditor);
      await fix.getByRole('button', { name: load }).click();
      await expect.poll(() => candidate(page)).toContain('let best = a[0];');
      await expectText(
        page.locator('.editor-block').first().locator('.view-lines'),
        'toContain',
        'a[0]',
      );
      await expectText(fix.locator('figure').nth(1).locator('figcaption'), 'toContain', inEditor);
      // The buggy function stays on its side while the correction is in the editor.
      await expectText(fix.locator('pre.buggy'), 'toContain', 'let best = 0;');
      await fix.scrollIntoViewIfNeeded();
      await page
        .locator('dl-regress-panel')
        .screenshot({ path: `test-results/screens/fix-view-${name}.png` });
      await fix.getByRole('button', { name: back }).click();
      await expect.poll(() => candidate(page)).toContain('let best = 0;');
      await expectText(fix.getByRole('button'), 'toBe', load);
      expect(errors).toEqual([]);
      await close();
    },
  );

  it('shows the Python twin’s correction for the Python lesson', async () => {
    const { page, errors, close } = await openPage(app.browser, `${app.url}?lesson=article-python`);
    const fix = page.locator('dl-regress-panel dl-fix-view');
    await expectText(fix.locator('pre.corrected'), 'toContain', 'def candidate');
    await expectText(fix.locator('pre.buggy'), 'toContain', 'def candidate');
    expect(await fix.locator('pre.buggy .changed').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('is in presenter mode, below the stage, its tab picked', async () => {
    const { page, errors, close } = await openPage(
      app.browser,
      `${app.url}?present&lesson=article`,
      {
        viewport: { width: 1280, height: 720 },
      },
    );
    const panel = page.locator('dl-regress-panel');
    // One panel at a time below the stage: Fix and regress has a tab of its own.
    await expect(panel.isVisible()).resolves.toBe(false);
    await page.locator('dl-present-panels [role="tab"]', { hasText: 'Fix and regress' }).click();
    await expect(panel.locator('dl-fix-view pre.corrected').isVisible()).resolves.toBe(true);
    const top = await panel.evaluate((el) => el.getBoundingClientRect().top);
    const stage = await page.locator('#stage').evaluate((el) => el.getBoundingClientRect().bottom);
    expect(top).toBeGreaterThanOrEqual(stage);
    await panel.getByRole('button', { name: 'Fix and regress' }).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screens/present-fix.png' });
    expect(errors).toEqual([]);
    await close();
  });
});
