import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectText, openPage, useApp } from './support/app.js';

/**
 * The article's ending in the page: the corrected function passes on the original and the reduced
 * input, the exhaustive check gives 19530 inputs, 126 failures verified and a fix that agrees
 * everywhere, a histogram of calls per reduction, the reducer's calls against length (its O(n²)
 * worst case, measured in the worker), and the three broken reducers caught.
 */
const DIR = 'test-results/screens';
const app = useApp();

beforeAll(() => {
  mkdirSync(DIR, { recursive: true });
});

describe('fix and regress', () => {
  it('checks the fix on the article’s lesson, in English and Chinese', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    try {
      const panel = page.locator('dl-regress-panel');
      await panel.getByRole('button', { name: 'Fix and regress' }).click();
      await expectText(
        panel.locator('[role=status]'),
        'toMatch',
        /^(Starting the sandboxes…|Judged [\d,]+ of 19,530 inputs)/,
      );
      await expectText(
        panel.locator('p:has(strong)'),
        'toContain',
        'the fix holds on both.',
        90_000,
      );
      const rows = await panel.locator('table tr').allInnerTexts();
      expect(rows.map((row) => row.replace(/\s+/g, ' ').trim())).toEqual([
        'Inputs judged (every array of length 1–6 over −2..2) 19,530',
        'Inputs on which the buggy candidate fails 126',
        'Reductions verified (still fail, subsequence, 1-minimal, consistent history) 126',
        'Corrected function vs reference agrees on all 19,530',
        expect.stringMatching(
          /^Calls over all reductions \(their confirmations and trials\) [\d,]+$/,
        ),
        expect.stringMatching(/^Executions during the reductions \(after the cache\) [\d,]+$/),
        expect.stringMatching(
          /^Verification runs \(each result checked: still fails, 1-minimal\) [\d,]+$/,
        ),
      ]);
      // Every execution is named: those of the reductions and those that verified them.
      const numbers = rows
        .slice(4)
        .map((row) => Number(row.replace(/.*\s([\d,]+)\s*$/, '$1').replace(/,/g, '')));
      expect(numbers.every((x) => x > 0)).toBe(true);
      expect(numbers[1]).toBeLessThanOrEqual(numbers[0] as number); // the cache spares calls
      expect(await panel.locator('svg rect.bar').count()).toBeGreaterThan(3);
      // Calls against length: three measured lines and the n²/2 reference, n = 2..256.
      const growth = panel.locator('dl-growth-plot');
      await expectText(growth.locator('h4'), 'toBe', 'Calls against length');
      expect(await growth.locator('path.line').count()).toBe(3);
      expect(await growth.locator('path.reference').count()).toBe(1);
      expect(await growth.locator('circle').count()).toBe(3 * 8);
      expect(await growth.locator('svg').getAttribute('aria-label')).toBe(
        'Calls of the article’s reducer against input length n, log-log, n from 2 to 256: the worst case takes 32,895 calls at n = 256, on the n²/2 line (32,768); an input that needs every element 511; a single cause 17',
      );
      const caption = ((await growth.locator('figcaption').textContent()) ?? '').replace(
        /\s+/g,
        ' ',
      );
      expect(caption).toContain('The article’s reducer (chunks) run in the reducer worker');
      expect(caption).toContain('(n+2)(n−1)/2 calls, on the n²/2 line (slope 2)');
      expect(caption).toContain('costs only 2n−1 calls (slope 1)');
      const ms = Number(/in (<\s*1|\d+) ms/.exec(caption)?.[1]?.replace(/<\s*/, '0'));
      expect(ms).toBeLessThan(1000);
      console.log(`calls against length measured in the worker in ${ms} ms`);
      expect(await growth.locator('svg text.worst').textContent()).toBe('32,895');
      const mutants = (await panel.locator('li').allTextContents()).map((t) =>
        t.replace(/\s+/g, ' ').trim(),
      );
      expect(mutants).toEqual([
        'returns the empty input []: caught (its outcome is INVALID, not FAIL)',
        'returns the original, unreduced: caught (it still fails, but one element can go: not 1-minimal)',
        'accepts a passing trial, returning [1,2]: caught (its outcome is PASS, not FAIL)',
      ]);
      await panel.scrollIntoViewIfNeeded();
      await panel.screenshot({ path: `${DIR}/regress-en.png` });
      await page.setViewportSize({ width: 1280, height: 720 });
      await growth.scrollIntoViewIfNeeded();
      await growth.screenshot({ path: `${DIR}/regress-growth-en.png` });
      await page.screenshot({ path: `${DIR}/regress-growth-en-viewport.png` });

      await page.getByRole('button', { name: '简体中文' }).click();
      await expectText(panel.locator('h3'), 'toBe', '修复与回归');
      await expectText(panel.locator('table'), 'toContain', '全部 19,530 个一致');
      await expectText(panel.locator('p:has(strong)'), 'toContain', '两处都通过，修复成立。');
      await expectText(growth.locator('h4'), 'toBe', '调用次数与输入长度');
      await expectText(growth.locator('figcaption'), 'toContain', '文章的缩减器（chunks）');
      await expectText(growth.locator('figcaption'), 'toContain', '最坏情况');
      expect(await growth.locator('svg').getAttribute('aria-label')).toContain(
        '最坏情况在 n = 256 时要 32,895 次调用',
      );
      await panel.screenshot({ path: `${DIR}/regress-zh.png` });
      await growth.scrollIntoViewIfNeeded();
      await growth.screenshot({ path: `${DIR}/regress-growth-zh.png` });
      await page.screenshot({ path: `${DIR}/regress-growth-zh-viewport.png` });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('can be cancelled, and says so', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    try {
      const panel = page.locator('dl-regress-panel');
      await panel.getByRole('button', { name: 'Fix and regress' }).waitFor();
      // Started and cancelled in one go, as soon as the Cancel button is drawn: on a quiet
      // machine the whole check may end within the time a click's own checks take.
      const clicked = await page.evaluate(async () => {
        type Panel = HTMLElement & { updateComplete: Promise<boolean> };
        const element = document.querySelector('dl-regress-panel') as Panel;
        const button = (label: string) =>
          [...(element.shadowRoot?.querySelectorAll('button') ?? [])].find(
            (candidate) => candidate.textContent?.trim() === label,
          );
        button('Fix and regress')?.click();
        await element.updateComplete;
        const cancel = button('Cancel');
        cancel?.click();
        return cancel !== undefined;
      });
      expect(clicked).toBe(true);
      await expectText(
        panel.locator('[role=alert]'),
        'toBe',
        'Cancelled: nothing was checked to the end.',
        30_000,
      );
      // It can be run again to the end after a cancel.
      await panel.getByRole('button', { name: 'Fix and regress' }).click();
      await expectText(panel.locator('table'), 'toContain', 'agrees on all 19,530', 90_000);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
