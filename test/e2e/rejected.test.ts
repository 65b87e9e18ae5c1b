import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectText, narration, openPage, settled, useApp } from './support/app.js';

/**
 * A rejected trial seen by a class at any speed: the block tried and put back stays marked until
 * the next step, in shape (hatched, dashed, "↩ put back") as well as colour; a removed negative
 * number is struck corner to corner, not through its minus sign.
 */
const app = useApp();

/** Shows frame `index` of the timeline. */
async function seek(page: Page, index: number): Promise<void> {
  await page.evaluate((at) => {
    const lab = document.querySelector('delta-lab') as unknown as {
      player: { seek(i: number): void };
    };
    lab.player.seek(at);
  }, index);
}

/** How each block of the picture is drawn: its mark, hatch, outline, its "put back" label. */
function blocks(page: Page) {
  return page.locator('dl-cells').evaluate((host) =>
    [...(host.shadowRoot?.querySelectorAll('.block') ?? [])].map((block) => {
      const cells = block.querySelector('.cells') as HTMLElement;
      const cell = block.querySelector('.cell') as HTMLElement;
      return {
        mark: [...block.classList].filter((c) => c !== 'block').join(' '),
        hatch: getComputedStyle(cell).backgroundImage,
        outline: getComputedStyle(cells).outlineStyle,
        opacity: Number(getComputedStyle(cells).opacity),
        back: block.querySelector('.back')?.textContent ?? null,
      };
    }),
  );
}

describe('a rejected trial', () => {
  it.each([
    ['en', 'en-US', '↩ put back'],
    ['zh', 'zh-CN', '↩ 放回'],
  ])(
    'stays marked put back, hatched and dashed, until the next step (%s)',
    async (_, locale, back) => {
      const { page, errors, close } = await openPage(
        app.browser,
        `${app.url}?present&lesson=four-blocks`,
        {
          locale,
          viewport: { width: 1280, height: 720 },
        },
      );
      await settled(page);
      // Frame 4: trial 3, block A removed and PASS: rejected, put back.
      await seek(page, 4);
      await expectText(narration(page), 'toMatch', /PASS/);
      for (const wait of [0, 2000]) {
        if (wait) await page.waitForTimeout(wait);
        const drawn = await blocks(page);
        const restored = drawn.filter((b) => b.mark === 'restored');
        const plain = drawn.filter((b) => b.mark === 'plain');
        expect(restored).toHaveLength(1);
        expect(plain.length).toBeGreaterThan(0);
        const [put] = restored;
        expect(put?.hatch).toContain('repeating-linear-gradient');
        expect(put?.outline).toBe('dashed');
        expect(put?.back).toBe(back);
        if (wait) expect(put?.opacity).toBe(1); // back whole, and still marked
        for (const other of plain) {
          expect(other.hatch).toBe('none');
          expect(other.back).toBeNull();
        }
      }
      await page
        .locator('dl-cells')
        .screenshot({ path: `test-results/screens/rejected-${locale}.png` });
      // The next step (trial 4, accepted) has no block put back.
      await seek(page, 5);
      await expectText(narration(page), 'toMatch', /FAIL/);
      expect((await blocks(page)).some((b) => b.mark === 'restored')).toBe(false);
      expect(errors).toEqual([]);
      await close();
    },
  );

  it('strikes removed negative numbers corner to corner, apart from their minus signs', async () => {
    const { page, errors, close } = await openPage(app.browser, `${app.url}?present`, {
      viewport: { width: 1280, height: 720 },
    });
    // Trial 1 of the article: block A, six negative numbers, removed.
    await seek(page, 2);
    await expectText(narration(page), 'toMatch', /^Trial 1: .*accepted/);
    await page.waitForTimeout(1200); // past the fade
    const struck = await page.locator('dl-cells').evaluate((host) =>
      [...(host.shadowRoot?.querySelectorAll('.gone .cell') ?? [])].map((cell) => ({
        text: cell.textContent,
        line: getComputedStyle(cell).textDecorationLine,
        strike: getComputedStyle(cell).backgroundImage,
      })),
    );
    expect(struck).toHaveLength(6);
    for (const cell of struck) {
      expect(cell.text).toMatch(/^-\d$/);
      expect(cell.line).toBe('none');
      expect(cell.strike).toMatch(/^linear-gradient\(to right top/);
    }
    await page
      .locator('dl-cells')
      .screenshot({ path: 'test-results/screens/struck-negatives.png' });
    expect(errors).toEqual([]);
    await close();
  });
});
