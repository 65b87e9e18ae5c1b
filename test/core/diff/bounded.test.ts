import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anchoredDiff } from '../../../src/core/diff/anchored.js';
import { boundedDiff } from '../../../src/core/diff/bounded.js';
import { editCount, myersDiff } from '../../../src/core/diff/myers.js';
import type { DiffRun } from '../../../src/core/diff/runs.js';

/** The two sequences a diff walks, rebuilt from its runs and the items of both. */
function sides(runs: readonly DiffRun[], a: readonly number[], b: readonly number[]) {
  const [left, right]: number[][] = [[], []];
  let [i, j] = [0, 0];
  for (const run of runs) {
    expect(run.count).toBeGreaterThan(0);
    for (let k = 0; k < run.count; k++) {
      if (run.kind === 'same') expect(a[i]).toBe(b[j]);
      if (run.kind !== 'added') left.push(a[i++] as number);
      if (run.kind !== 'removed') right.push(b[j++] as number);
    }
  }
  return { left, right };
}

const ITEMS = fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 40 });
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('a bounded diff', () => {
  it('walks both sequences whole, whatever work it may do (none included)', () => {
    fc.assert(
      fc.property(ITEMS, ITEMS, fc.constantFrom(0, 5, 40, 200, 4_000_000), (a, b, work) => {
        const { left, right } = sides(boundedDiff(a, b, work), a, b);
        expect(left).toEqual(a);
        expect(right).toEqual(b);
      }),
    );
  });

  it('is a shortest diff when one is found within the work, and at most all-out-all-in else', () => {
    fc.assert(
      fc.property(ITEMS, ITEMS, fc.nat(300), (a, b, work) => {
        const shortest = myersDiff(a, b, a.length + b.length) as DiffRun[];
        const edits = editCount(boundedDiff(a, b, work));
        expect(edits).toBeGreaterThanOrEqual(editCount(shortest));
        expect(edits).toBeLessThanOrEqual(a.length + b.length);
        expect(editCount(boundedDiff(a, b))).toBe(editCount(shortest));
      }),
    );
  });

  it('writes a change’s removals before its insertions when it falls back on anchors', () => {
    fc.assert(
      fc.property(ITEMS, ITEMS, (a, b) => {
        const runs = anchoredDiff(a, b, { left: 100 });
        for (let k = 1; k < runs.length; k++) {
          expect(runs[k]?.kind).not.toBe(runs[k - 1]?.kind);
          if (runs[k]?.kind === 'removed') expect(runs[k - 1]?.kind).not.toBe('added');
        }
      }),
    );
  });

  it('keeps the lines found once on each side as anchors: a moved block costs only its move', () => {
    // 1000 distinct lines; the failing side moves the first 10 to the end.
    const a = range(0, 1000);
    const b = [...range(10, 1000), ...range(0, 10)];
    const runs = anchoredDiff(a, b, { left: 10_000 });
    expect(editCount(runs)).toBe(20);
  });

  // Each of these took minutes to hours with an unbounded diff (Myers' is quadratic when the
  // sides differ everywhere); the bound makes them a fraction of a second.
  it('diffs 200,000 items against 200,000 others at once', { timeout: 20_000 }, () => {
    const a = range(0, 200_000);
    const b = range(200_000, 400_000);
    const { left, right } = sides(boundedDiff(a, b), a, b);
    expect([left.length, right.length]).toEqual([200_000, 200_000]);
  });

  it('diffs 200,000 lines that differ everywhere but in a few unique ones, and repeated ones', {
    timeout: 20_000,
  }, () => {
    // Every line changed but every 1000th, and half the lines one of three repeated ones.
    const a = range(0, 200_000).map((i) => (i % 2 === 0 ? i % 3 : i));
    const b = a.map((item, i) => (i % 1000 === 1 ? item : -1 - item));
    const runs = boundedDiff(a, b);
    const { left, right } = sides(runs, a, b);
    expect(left).toEqual(a);
    expect(right).toEqual(b);
    expect(runs.filter((run) => run.kind === 'same').length).toBeGreaterThan(100);
  });

  it('finds the few changes in two long sequences exactly', { timeout: 20_000 }, () => {
    const a = range(0, 200_000);
    const b = a.map((item) => (item % 20_000 === 7 ? -item : item));
    expect(editCount(boundedDiff(a, b))).toBe(20);
  });
});
