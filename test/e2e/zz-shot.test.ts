import { it } from 'vitest';
import { openPage, useApp } from './support/app.js';
const app = useApp();
it('shots', async () => {
  for (const [lang, locale] of [['en', 'en-US'], ['zh', 'zh-CN']] as const) {
    const { page, close } = await openPage(app.browser, app.url, { locale, viewport: { width: 1280, height: 900 } });
    await page.getByRole('button', { name: lang === 'en' ? 'Lessons' : '课程', exact: true }).click();
    await page.getByRole('button', { name: lang === 'en' ? /Isolating a quote/ : /隔离出一个引号/ }).click();
    await page.locator('#stage .replay-badge').waitFor();
    await page.locator('#stage').focus();
    await page.keyboard.press('Home');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/iso-${lang}-trial.png` });
    await page.keyboard.press('End');
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/iso-${lang}-end.png`, fullPage: false });
    await close();
  }
});
