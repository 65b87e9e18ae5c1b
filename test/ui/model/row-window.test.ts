import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowWindow } from '../../../src/ui/model/row-window.js';

describe('the rows drawn of many', () => {
  it('are at most the rows asked for, all of them when fewer, and hold the focus', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 1, max: 50 }),
        fc.nat(),
        (count, max, at) => {
          const focus = count === 0 ? 0 : at % count;
          const [from, to] = rowWindow(count, focus, max);
          expect(to - from).toBe(Math.min(count, max));
          expect(from).toBeGreaterThanOrEqual(0);
          expect(to).toBeLessThanOrEqual(count);
          if (count > 0) expect(from <= focus && focus < to).toBe(true);
        },
      ),
    );
  });

  it('centre the focus, moved inward at either end', () => {
    expect(rowWindow(50_000, 0, 7)).toEqual([0, 7]);
    expect(rowWindow(50_000, 100, 7)).toEqual([97, 104]);
    expect(rowWindow(50_000, 49_999, 7)).toEqual([49_993, 50_000]);
    expect(rowWindow(3, 2, 7)).toEqual([0, 3]);
  });
});
