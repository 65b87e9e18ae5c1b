import { describe, expect, it } from 'vitest';
import { expectText, fastest, narration, openPage, setCode, useApp } from './support/app.js';

/**
 * The smaller points a class meets: nothing told before its step with Predict first, one trial
 * said in the singular, a hint to switch the input kind, and a ReferenceError for an undeclared
 * name as in plain JavaScript.
 */
const app = useApp();

describe('details a class meets', () => {
  it('tells nothing ahead with Predict first: the length plot and the export wait for their step', async () => {
    const { page, errors, close } = await openPage(app.browser, `${app.url}?predict`);
    const plot = page.locator('dl-length-plot path.line');
    const exported = () =>
      page.locator('dl-export-panel').evaluate((el) => el.shadowRoot?.textContent ?? '');
    await page.locator('#stage').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('PageDown'); // the confirmation
    await page.keyboard.press('PageDown'); // trial 1, veiled
    await expectText(narration(page), 'toMatch', /^Trial 1: .*Will it still fail\?/);
    // Only the start is drawn: no step down to a later length.
    await expect(plot.getAttribute('d')).resolves.toMatch(/^M[\d.]+,[\d.]+$/);
    expect(await exported()).toBe('');
    await page.keyboard.press('PageDown'); // revealed: one trial, said in the singular
    await expectText(
      page.locator('dl-counters dt').first(),
      'toBe',
      'calls1 confirmation + 1 trial',
    );
    await expect(plot.getAttribute('d')).resolves.toMatch(/^M[\d.]+,[\d.]+H[\d.]+V[\d.]+$/);
    await page.keyboard.press('End');
    await expectText(
      narration(page),
      'toMatch',
      /^Done: \[-7\] after 5 calls\. .*Expected -7, actual 0\.$/,
    );
    await expect(plot.getAttribute('d')).resolves.toMatch(/(H[\d.]+V[\d.]+){4}$/);
    // An export is made when opened (a session's may be megabytes).
    await page.locator('dl-export-panel summary').first().click();
    await expect.poll(exported).toContain('[-7]');
    expect(errors).toEqual([]);
    await close();
  });

  it.each([
    ['en', 'en-US', 'Paste an input', 'Failing input', 'choose the input kind “text (string)”'],
    ['zh', 'zh-CN', '粘贴输入', '失败输入', '请把输入类型改成“文本（字符串）”'],
  ])(
    'says which kind takes text typed into the paste box (%s)',
    async (_, locale, paste, box, hint) => {
      const { page, errors, close } = await openPage(app.browser, app.url, { locale });
      await page.getByLabel(paste).check();
      await page.getByLabel(box, { exact: true }).fill('hello world');
      await expectText(page.locator('dl-reduce-controls .problems'), 'toContain', hint);
      expect(errors).toEqual([]);
      await close();
    },
  );

  it('throws a ReferenceError for an undeclared name, as plain JavaScript does', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    await setCode(
      page,
      'Candidate',
      'export function candidate(a) {\n  return undeclaredTotal + a.length;\n}\n',
    );
    await fastest(page);
    await page.getByRole('button', { name: /^Run( live)?$/ }).click();
    // The start input crashes: the narration says with what.
    await expectText(narration(page), 'toContain', 'ReferenceError', 60_000);
    expect(await page.locator('#stage').textContent()).not.toContain('TypeError');
    expect(errors).toEqual([]);
    await close();
  });
});
