import { mkdirSync } from 'node:fs';
import type { BrowserContextOptions } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage, useApp } from './support/app.js';

/**
 * Screenshots of every screen, for a person to look at (test-results/screens/): both themes, both
 * languages, a narrow window and a projector. The test fails on any page error on the way.
 */
const DIR = 'test-results/screens';

const app = useApp();

beforeAll(() => {
  mkdirSync(DIR, { recursive: true });
});

const SCREENS: [string, BrowserContextOptions][] = [
  ['light-en', {}],
  ['dark-en', { colorScheme: 'dark' }],
  ['light-zh', { locale: 'zh-CN' }],
  ['dark-zh', { colorScheme: 'dark', locale: 'zh-CN' }],
  ['narrow', { viewport: { width: 390, height: 844 } }],
  ['projector', { viewport: { width: 1280, height: 720 } }],
  ['projector-1080p', { viewport: { width: 1920, height: 1080 } }],
];

describe('screens', () => {
  it.each(SCREENS)('%s', async (name, options) => {
    const { page, errors, close } = await openPage(app.browser, app.url, options);
    await page.locator('.editor-block .monaco-editor').first().waitFor();
    await page.locator('#stage').focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `${DIR}/${name}.png`, fullPage: !name.startsWith('projector') });
    if (name === 'light-en') {
      await page.keyboard.press('End');
      await page.screenshot({ path: `${DIR}/done.png`, fullPage: true });
      await page.getByRole('button', { name: 'Lessons' }).click();
      await page.screenshot({ path: `${DIR}/gallery.png` });
      await page.keyboard.press('Escape');
      await page.keyboard.press('ControlOrMeta+S');
      await page.locator('dl-share-dialog input').waitFor();
      await page.screenshot({ path: `${DIR}/share.png` });
    }
    expect(errors).toEqual([]);
    await close();
  });
});
