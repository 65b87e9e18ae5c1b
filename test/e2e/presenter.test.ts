import { describe, expect, it } from 'vitest';
import { reducersFor } from '../../src/core/reduce/reducers.js';
import { expectText, narration, openPage, settled, useApp } from './support/app.js';

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
    // The article's 5 calls are the confirmation and 4 trials: the counter says so.
    for (let i = 0; i < 4; i++) await page.keyboard.press('PageDown');
    await expectText(narration(page), 'toMatch', /^Done: \[-7\] after 5 calls\./);
    await expectText(
      page.locator('dl-counters dt').first(),
      'toBe',
      'calls1 confirmation + 4 trials',
    );
    for (let i = 0; i < 5; i++) await page.keyboard.press('PageUp');
    await expectText(narration(page), 'toMatch', /^Confirm that /);
    expect(errors).toEqual([]);
    await close();
  });

  it.each([
    ['en', 'en-US'],
    ['zh', 'zh-CN'],
  ])(
    'lets the class predict each verdict before the next key reveals it (%s)',
    async (name, locale) => {
      const { page, errors, close } = await openPage(app.browser, `${app.url}?present&predict`, {
        locale,
        viewport: { width: 1280, height: 720 },
      });
      const en = name === 'en';
      await expect(
        page
          .getByRole('button', { name: en ? 'Predict first' : '先猜再看' })
          .getAttribute('aria-pressed'),
      ).resolves.toBe('true');
      await page.locator('#stage').focus();
      await page.keyboard.press('Home');
      await page.keyboard.press('PageDown'); // the confirmation: nothing to predict
      await expectText(narration(page), 'toMatch', en ? /^Confirm that / : /^缩减之前先确认/);
      // Trial 1: the trial is shown, its verdict is not: not in the narration, the cells, the
      // history or the counters (still those of the confirmation: 1 call).
      await page.keyboard.press('PageDown');
      await expectText(
        narration(page),
        'toBe',
        en
          ? 'Trial 1: split into 2 blocks and remove block A → [-1,-9,-5,-4,-6,-7]. Will it still fail? The verdict comes on the next step.'
          : '第 1 次试验：分成 2 块，删去甲块 → [-1,-9,-5,-4,-6,-7]。它还会失败吗？下一步揭晓。',
      );
      const cells = page.locator('dl-cells');
      const shown = await cells.evaluate((el) => el.shadowRoot?.textContent ?? '');
      expect(shown).toContain(en ? 'still fails?' : '还失败吗？');
      expect(shown).not.toMatch(/FAIL|accepted|接受/);
      await expect(cells.locator('.block.pending').count()).resolves.toBe(1);
      await expect(page.locator('dl-history-table tbody tr:not(.future)').count()).resolves.toBe(0);
      await expectText(page.locator('dl-counters dd').first(), 'toBe', '1');
      await page.screenshot({ path: `test-results/screens/predict-${name}.png` });
      // The next key reveals it, on the same trial.
      await page.keyboard.press('PageDown');
      await expectText(
        narration(page),
        'toMatch',
        en ? /→ \[-1,-9,-5,-4,-6,-7\]\. Still FAIL: accepted/ : /仍然 FAIL——接受/,
      );
      await expect(cells.locator('.block.gone').count()).resolves.toBe(1);
      await expectText(page.locator('dl-counters dd').first(), 'toBe', '2');
      await page.screenshot({ path: `test-results/screens/predict-revealed-${name}.png` });
      // Then trial 2, veiled again; PageUp shows trial 1 whole.
      await page.keyboard.press('PageDown');
      await expectText(
        narration(page),
        'toMatch',
        en ? /^Trial 2: .* Will it still fail\?/ : /^第 2 次试验：.*它还会失败吗？/,
      );
      await page.keyboard.press('PageUp');
      await expectText(
        narration(page),
        'toMatch',
        en ? /^Trial 1: .*accepted/ : /^第 1 次试验：.*接受/,
      );
      // Off: each key is a step again.
      await page.getByRole('button', { name: en ? 'Predict first' : '先猜再看' }).click();
      await page.locator('#stage').focus();
      await page.keyboard.press('PageDown');
      await expectText(
        narration(page),
        'toMatch',
        en ? /^Trial 2: .*(accepted|rejected)/ : /^第 2 次试验：.*接受/,
      );
      expect(errors).toEqual([]);
      await close();
    },
  );

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

  it.each([
    ['en', 'en-US', 'The reducer’s loop', 'Compare reducers'],
    ['zh', 'zh-CN', '缩减器的循环', '比较缩减器'],
  ])(
    'keeps the reducer’s loop and the comparison of reducers below the stage (%s)',
    async (name, locale, loop, compare) => {
      const { page, errors, close } = await openPage(app.browser, `${app.url}?present`, {
        locale,
        viewport: { width: 1280, height: 720 },
      });
      const pane = page.locator('dl-algorithm-pane');
      // The loop is the panel shown first below the stage, open.
      await expectText(pane.locator('summary'), 'toBe', loop);
      await page.locator('#stage').focus();
      await page.keyboard.press('Home');
      await page.keyboard.press('PageDown'); // the confirmation
      await page.keyboard.press('PageDown'); // trial 1: the first half removed, still FAIL
      await expectText(pane.locator('li[aria-current="step"]'), 'toContain', 'current = trial');
      // The stage stays on the first screen; the pane is below it.
      const top = await pane.evaluate((el) => el.getBoundingClientRect().top);
      const counters = await page
        .locator('dl-counters')
        .evaluate((el) => el.getBoundingClientRect().bottom);
      expect(counters).toBeLessThanOrEqual(720);
      expect(top).toBeGreaterThanOrEqual(counters);
      await pane.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screens/present-loop-${name}.png` });
      // One panel at a time: the comparison's tab shows it in the loop's place.
      await page.locator('dl-present-panels [role="tab"]', { hasText: compare }).click();
      await expect(pane.isVisible()).resolves.toBe(false);
      const panel = page.locator('dl-compare-panel');
      await panel.getByRole('button', { name: compare }).click();
      // One row per reducer of integer arrays.
      await expect
        .poll(() => panel.locator('tbody tr').count(), { timeout: 60_000 })
        .toBe(reducersFor('int-array').length);
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screens/present-compare-${name}.png` });
      expect(errors).toEqual([]);
      await close();
    },
  );

  it('shows the article’s four-block picture: A removed and put back, then B removed for good', async () => {
    const { page, errors, close } = await openPage(app.browser, app.url);
    await page.getByRole('button', { name: 'Lessons' }).click();
    await page.getByRole('button', { name: /Four blocks: put back, then removed/ }).click();
    await page.locator('#stage .replay-badge').waitFor();
    await settled(page); // the lesson's own recording in, not only a replay badge
    const at = async (trial: number) => {
      await page.locator('#stage').focus();
      await page.keyboard.press('Home');
      for (let i = 0; i <= trial; i++) await page.keyboard.press('ArrowRight');
    };
    await at(3);
    await expectText(
      narration(page),
      'toBe',
      'No block could go at 2 blocks: split finer, into 4. Trial 3: split into 4 blocks and remove block A → [3,4,5,6,7,8]. PASS — rejected, restore.',
    );
    await expect(page.locator('dl-cells .block.restored .name').textContent()).resolves.toBe(
      'block A',
    );
    await at(4);
    await expectText(
      narration(page),
      'toBe',
      'Trial 4: split into 4 blocks and remove block B → [1,2,5,6,7,8]. Still FAIL: accepted, continue from here.',
    );
    await page.getByRole('button', { name: '简体中文' }).click();
    await at(3);
    await expectText(
      narration(page),
      'toBe',
      '分成 2 块时哪一块都删不掉：切得更细，分成 4 块。第 3 次试验：分成 4 块，删去甲块 → [3,4,5,6,7,8]。PASS——不接受，恢复。',
    );
    await at(4);
    await expectText(
      narration(page),
      'toBe',
      '第 4 次试验：分成 4 块，删去乙块 → [1,2,5,6,7,8]。仍然 FAIL——接受，继续缩。',
    );
    await page.screenshot({ path: 'test-results/screens/four-blocks-zh.png' });
    await page.keyboard.press('End');
    await expectText(narration(page), 'toMatch', /^完成：17 次调用后剩下 \[1,5\]。/);
    expect(errors).toEqual([]);
    await close();
  });

  it('keeps the block under trial in sight on a projector, inside a tree’s own box too', async () => {
    const { page, errors, close } = await openPage(app.browser, `${app.url}?present`, {
      viewport: { width: 1280, height: 720 },
    });
    await page.getByRole('button', { name: 'Lessons' }).click();
    await page.getByRole('button', { name: /A tree, level by level/ }).click();
    await settled(page);
    await page.locator('#stage').focus();
    await page.keyboard.press('Home');
    for (let i = 0; i < 4; i++) await page.keyboard.press('PageDown');
    await expectText(
      narration(page),
      'toMatch',
      /^Trial 3: split into 2 blocks and remove block B/,
    );
    // The removed package is far down the lock file: both the capped picture and the tree's own
    // box scroll to it.
    const inSight = () =>
      page.locator('dl-cells').evaluate((cells) => {
        const marked = cells.shadowRoot?.querySelector('.gone');
        if (!marked) return 'no block marked';
        const mark = marked.getBoundingClientRect();
        const boxes = ['.picture', '.tree'].map((s) => cells.shadowRoot?.querySelector(s));
        return boxes.every((box) => {
          const r = box?.getBoundingClientRect();
          return r !== undefined && mark.top >= r.top && mark.top < r.bottom - 8;
        });
      });
    await expect.poll(inSight).toBe(true);
    await page.screenshot({ path: 'test-results/screens/tree-in-sight.png' });
    expect(errors).toEqual([]);
    await close();
  });
});

/** WCAG's contrast ratio of two sRGB colours, each `[r, g, b]` in 0..255. */
function contrast(a: number[], b: number[]): number {
  const luminance = (c: number[]) => {
    const [r, g, bl] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('the removed block on a projector', () => {
  it.each(['light', 'dark'] as const)(
    'is drawn at 4.5:1 or more, its label too, once it has faded (%s)',
    async (colorScheme) => {
      const { page, close } = await openPage(app.browser, `${app.url}?present`, {
        colorScheme,
        viewport: { width: 1280, height: 720 },
      });
      await page.locator('#stage').focus();
      await page.keyboard.press('Home');
      // Trial 1 of the article: block A (the first six elements) removed for good.
      for (let i = 0; i < 2; i++) await page.keyboard.press('PageDown');
      await expectText(
        narration(page),
        'toMatch',
        /^Trial 1: split into 2 blocks and remove block A/,
      );
      await page.waitForTimeout(1500); // the fade's end
      const seen = await page.locator('dl-cells').evaluate((host) => {
        const root = host.shadowRoot ?? host;
        const gone = root.querySelector('.gone') as HTMLElement;
        const cell = gone.querySelector('.cell') as HTMLElement;
        const name = gone.querySelector('.name') as HTMLElement | null;
        const rgb = (text: string) => (text.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
        // The colour behind the cells: the first ancestor with an opaque background.
        let behind: number[] = [255, 255, 255];
        for (let el: Element | null = host; el; el = el.parentElement) {
          const bg = getComputedStyle(el).backgroundColor;
          if (bg && !bg.startsWith('rgba(0, 0, 0, 0)') && bg !== 'transparent') {
            behind = rgb(bg);
            break;
          }
        }
        const cells = gone.querySelector('.cells') as HTMLElement;
        const block = Number(getComputedStyle(gone).opacity);
        return {
          // The cells fade (their own opacity, within the block's); the label has the block's.
          cellsOpacity: block * Number(getComputedStyle(cells).opacity),
          labelOpacity: block,
          text: rgb(getComputedStyle(cell).color),
          cell: rgb(getComputedStyle(cell).backgroundColor),
          name: name ? rgb(getComputedStyle(name).color) : null,
          behind,
        };
      });
      const over = (top: number[], under: number[], alpha: number) =>
        top.map((v, i) => alpha * v + (1 - alpha) * (under[i] as number));
      expect(seen.cellsOpacity).toBeLessThan(1); // it has faded
      const cell = over(seen.cell, seen.behind, seen.cellsOpacity);
      const text = over(seen.text, seen.behind, seen.cellsOpacity);
      expect(contrast(text, cell)).toBeGreaterThanOrEqual(4.5);
      if (seen.name) {
        const label = over(seen.name, seen.behind, seen.labelOpacity);
        expect(contrast(label, seen.behind)).toBeGreaterThanOrEqual(4.5);
      }
      await close();
    },
  );
});
