import { describe, expect, it } from 'vitest';
import type { Stretch } from '../../../src/core/session/scenario.js';
import { stretched, stretchLengthOf, stretchLengths } from '../../../src/ui/model/stretch.js';

const STRETCH: Stretch = { head: [1], fill: 0, tail: [9], min: 8, max: 100 };

describe('a lesson’s length slider', () => {
  it('offers the lengths from min, doubling, and max itself', () => {
    expect(stretchLengths(STRETCH)).toEqual([8, 16, 32, 64, 100]);
    expect(stretchLengths({ ...STRETCH, min: 1, max: 4 })).toEqual([2, 4]);
  });

  it('makes the head, the filling and the tail, n elements in all', () => {
    expect(stretched(STRETCH, 8)).toEqual([1, 0, 0, 0, 0, 0, 0, 9]);
    expect(stretched(STRETCH, 100)).toHaveLength(100);
  });

  it('finds the length of one of its inputs, and none of any other', () => {
    for (const n of stretchLengths(STRETCH)) {
      expect(stretchLengthOf(STRETCH, stretched(STRETCH, n))).toBe(n);
    }
    expect(stretchLengthOf(STRETCH, [1, 0, 5, 9])).toBeNull();
    expect(stretchLengthOf(STRETCH, [0, 0, 9])).toBeNull();
    expect(stretchLengthOf(STRETCH, [1])).toBeNull();
    expect(stretchLengthOf(STRETCH, '1009')).toBeNull();
  });
});
