import { describe, expect, it } from 'vitest';
import { expectText, narration, openPage, useApp } from './support/app.js';

/** What a teacher at the front of a class needs: clicker keys, trials counted as narrated. */
const app = useApp();

describe('presenting', () => {
  it('steps with a clicker’s PageDown / PageUp, and counts trials as the narration does', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    await page.locator('#stage').focus();
    await page.keyboard.press('Home');
    // The focus anywhere but in a text field: the keys still step.
    await page.locator('dl-app-header').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    await expectText(
      narration(page),
      'toMatch',
      /^Trial 1: split into 2 blocks and remove block A/,
    );
    await expectText(page.locator('dl-player .scrub .muted'), 'toBe', 'Trial 1 of 4');
    await page.keyboard.press('PageUp');
    await expectText(narration(page), 'toMatch', /^Confirm that /);
    expect(errors).toEqual([]);
    await close();
  });

  it('names delta debugging and 1-minimal（1-极小） on the Chinese page', async () => {
    const { page, close } = await openPage(app.browser, app.url, { locale: 'zh-CN' });
    await expectText(page.locator('dl-app-header'), 'toContain', '增量调试');
    await expectText(page.locator('dl-app-header'), 'toContain', '1-minimal（1-极小）');
    await close();
  });

  it.each([
    ['en', 'en-US'],
    ['zh', 'zh-CN'],
  ])('fits stage, narration and counters on a 1280×720 projector (%s)', async (name, locale) => {
    const { page, errors, close } = await openPage(app.browser, `${app.url}?present`, {
      locale,
      viewport: { width: 1280, height: 720 },
    });
    await expect(page.locator('dl-editor-pane').isVisible()).resolves.toBe(false);
    await page.locator('#stage').focus();
    await page.keyboard.press('Home');
    for (let i = 0; i < 3; i++) await page.keyboard.press('PageDown');
    const bottom = await page
      .locator('dl-counters')
      .evaluate((el) => el.getBoundingClientRect().bottom);
    expect(bottom).toBeLessThanOrEqual(720);
    await page.screenshot({ path: `test-results/screens/present-${name}.png` });
    // The header's button switches it off and on.
    await page.getByRole('button', { name: name === 'en' ? 'Present' : '演示' }).click();
    await expect(page.locator('dl-editor-pane').isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await close();
  });
});
