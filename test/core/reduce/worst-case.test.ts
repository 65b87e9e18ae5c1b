import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunks } from '../../../src/core/reduce/chunks.js';
import {
  callGrowth,
  chunksCalls,
  GROWTH_LENGTHS,
  type GrowthPoint,
  growthInput,
  growthPredicates,
  halfSquare,
} from '../../../src/core/reduce/worst-case.js';

/** The smallest power of two that is at least `n` (the finest granularity's overshoot). */
function powerAtLeast(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

/** The closed form of `worst`'s calls (see the module comment). */
function worstCaseCalls(n: number): number {
  return ((n + 2) * (n - 1)) / 2 + powerAtLeast(n) - n;
}

/** The closed form of `allNeeded`'s calls (see the module comment). */
function allNeededCalls(n: number): number {
  return n + powerAtLeast(n) - 1;
}

/** The closed form of `singleCause`'s calls (see the module comment). */
function singleCauseCalls(n: number): number {
  let halvings = 0;
  for (let m = n; m >= 2; m = Math.floor(m / 2)) halvings++;
  return 2 * halvings + 1;
}

/**
 * The most calls `chunks` can make on an input of length `n`, over every predicate: every
 * sequence of verdicts the reducer can be given (the same input always gets the same verdict)
 * is followed to its end. Exponential, so only for short inputs.
 */
function maxCallsOverPredicates(n: number): number {
  const start = growthInput(n);
  let most = 0;
  const explore = (verdicts: Map<string, boolean>) => {
    const reducer = chunks(start);
    let step = reducer.next();
    let calls = 1;
    while (!step.done) {
      const key = (step.value.input as number[]).join(',');
      const chased = verdicts.get(key);
      if (chased === undefined) {
        for (const choice of [false, true]) explore(new Map(verdicts).set(key, choice));
        return;
      }
      calls++;
      step = reducer.next({ outcome: chased ? 'FAIL' : 'PASS', chased });
    }
    most = Math.max(most, calls);
  };
  explore(new Map([[start.join(','), true]]));
  return most;
}

const points: GrowthPoint[] = [...callGrowth()];
const at = (n: number) => points.find((p) => p.length === n) as GrowthPoint;

describe('calls against length, measured on the article’s reducer', () => {
  it('measures every length of the chart, 2 to 256', () => {
    expect(points.map((p) => p.length)).toEqual([...GROWTH_LENGTHS]);
    expect(GROWTH_LENGTHS).toEqual([2, 4, 8, 16, 32, 64, 128, 256]);
  });

  it('worst case: calls(2n)/calls(n) tends to 4, and calls / (n²/2) to 1', () => {
    const ratios = points.slice(1).map((p, i) => p.worst / (points[i] as GrowthPoint).worst);
    // From n = 16 on, each ratio is closer to 4 than the one before it (9/2, 35/9 and 135/35
    // come first), and the last is within 1%.
    for (let i = 3; i < ratios.length; i++) {
      expect(Math.abs(4 - (ratios[i] as number))).toBeLessThan(
        Math.abs(4 - (ratios[i - 1] as number)),
      );
    }
    expect(ratios.at(-1)).toBeCloseTo(4, 1);
    expect(at(256).worst / halfSquare(256)).toBeGreaterThan(1);
    expect(at(256).worst / halfSquare(256)).toBeLessThan(1.01);
    expect(at(256).worst).toBe(32895);
  });

  it('worst case: equals (n + 2)(n − 1)/2 + p − n for every n (p the next power of two)', () => {
    for (const p of points) expect(p.worst).toBe(((p.length + 2) * (p.length - 1)) / 2);
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 200 }), (n) => {
        expect(chunksCalls(growthInput(n), growthPredicates(n).worst)).toBe(worstCaseCalls(n));
      }),
      { numRuns: 60 },
    );
  });

  it('worst case: the family is within a linear term of the most any predicate costs', () => {
    // Every predicate on inputs of length ≤ 7, explored: the family is not beaten by more than
    // O(n), and nothing comes above n²/2 + 2n.
    for (let n = 2; n <= 7; n++) {
      const most = maxCallsOverPredicates(n);
      expect(worstCaseCalls(n)).toBeLessThanOrEqual(most);
      expect(most).toBeLessThanOrEqual(halfSquare(n) + 2 * n);
    }
    expect([4, 6].map(maxCallsOverPredicates)).toEqual([11, 25]);
  });

  it('an input that needs every element is not the worst case: n + p − 1 calls, linear', () => {
    for (const p of points) expect(p.allNeeded).toBe(2 * p.length - 1);
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 300 }), (n) => {
        expect(chunksCalls(growthInput(n), growthPredicates(n).allNeeded)).toBe(allNeededCalls(n));
      }),
      { numRuns: 60 },
    );
    expect(at(256).allNeeded / at(128).allNeeded).toBeCloseTo(2, 1);
  });

  it('a single cause costs 2⌊log₂ n⌋ + 1 calls: two more each time the length doubles', () => {
    points.forEach((p, i) => {
      expect(p.singleCause).toBe(2 * Math.log2(p.length) + 1);
      if (i > 0) expect(p.singleCause - (points[i - 1] as GrowthPoint).singleCause).toBe(2);
    });
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 1000 }), (n) => {
        expect(chunksCalls(growthInput(n), growthPredicates(n).singleCause)).toBe(
          singleCauseCalls(n),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('each predicate fails on its start input and reduces to what it says', () => {
    const n = 16;
    const fails = growthPredicates(n);
    const start = growthInput(n);
    expect(fails.worst(start) && fails.allNeeded(start) && fails.singleCause(start)).toBe(true);
    expect(fails.worst([0, 1, 2, 15])).toBe(true);
    expect(fails.worst([0, 2, 15])).toBe(false);
    expect(fails.worst([0, 1, 2])).toBe(false);
    expect(fails.allNeeded(start.slice(1))).toBe(false);
    expect(fails.singleCause([0])).toBe(true);
    expect(fails.singleCause([1, 2])).toBe(false);
    expect(() => chunksCalls([1, 2], fails.singleCause)).toThrow(/does not fail/);
  });
});
