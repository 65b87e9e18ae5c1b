import { describe, expect, it } from 'vitest';
import { INT_ARRAY, type Json } from '../../src/core/input/kinds.js';
import { valueKey } from '../../src/core/input/value.js';
import type { Judged } from '../../src/core/reduce/types.js';
import { hintedBranches, likelihood } from '../../src/live/guess-hints.js';
import { ReplayTree } from '../../src/live/guess-tree.js';

const PASS: Judged = { outcome: 'PASS', chased: false };

describe('ReplayTree: the trials a reduction may ask for, both ways', () => {
  it('names the next trial, then what follows it if it passes and if it is chased', () => {
    const tree = new ReplayTree('bisect', [0, 1, 2, 3, 4, 5, 6, 7], INT_ARRAY);
    const plan = tree.plan(() => undefined, 3, 0.5, PASS);
    // bisect deletes the first half; passed, it halves that half; chased, it tries the rest.
    expect(plan.map((branch) => branch.input)).toEqual([
      [4, 5, 6, 7],
      [2, 3, 4, 5, 6, 7],
      [6, 7],
    ]);
    expect(plan.map((branch) => branch.likelihood)).toEqual([1, 0.5, 0.5]);
    expect(plan[2]?.assumed).toEqual([
      { key: valueKey([4, 5, 6, 7]), judged: { outcome: 'FAIL', chased: true } },
    ]);
  });

  it('follows the verdicts known: a trial judged is not named again, its other branch goes', () => {
    const tree = new ReplayTree('bisect', [0, 1, 2, 3, 4, 5, 6, 7], INT_ARRAY);
    const known = new Map<string, Judged>([[valueKey([4, 5, 6, 7]), PASS]]);
    const plan = tree.plan((_input, key) => known.get(key), 2, 0.5, PASS);
    expect(plan.map((branch) => branch.input)).toEqual([
      [2, 3, 4, 5, 6, 7],
      [1, 2, 3, 4, 5, 6, 7],
    ]);
    expect(tree.root((_input, key) => known.get(key))).toEqual([2, 3, 4, 5, 6, 7]);
  });
});

describe('hintedBranches: the trials a reducer names ahead, both ways', () => {
  const ahead = (count: number, chased?: boolean): Json[] =>
    (chased ? ['c1', 'c2', 'c3'] : ['p1', 'p2', 'p3']).slice(0, count);

  it('names of each chain only as many as can be among the likeliest', () => {
    // Chased rarely: the chain after a pass holds the likeliest trials.
    const rare = hintedBranches('t', ahead, 3, 0.1).map((branch) => branch.input);
    expect(rare).toEqual(['p1', 'p2', 'p3']);
    const even = hintedBranches('t', ahead, 3, 0.5).map((branch) => branch.input);
    expect(even).toEqual(['p1', 'p2', 'c1']);
    // Its verdict known: only the chain it took.
    expect(hintedBranches('t', ahead, 2, 0.5, { outcome: 'FAIL', chased: true })).toHaveLength(2);
  });

  it('weighs a branch by what came true: a wrong assumption makes it impossible', () => {
    const [p1, p2] = hintedBranches('t', ahead, 3, 0.1);
    const none = () => undefined;
    expect(likelihood(p2?.assumed ?? [], none, 0.5)).toBe(0.25);
    const chased = (_: Json, key: string) =>
      key === p1?.key ? ({ outcome: 'FAIL', chased: true } as const) : undefined;
    expect(likelihood(p2?.assumed ?? [], chased, 0.5)).toBe(0);
  });
});
