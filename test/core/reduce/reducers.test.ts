import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../../src/core/input/kinds.js';
import { INT_ARRAY } from '../../../src/core/input/kinds.js';
import { isReductionOf, neighbours } from '../../../src/core/input/value.js';
import type { Outcome } from '../../../src/core/oracle/verdict.js';
import { drive } from '../../../src/core/reduce/driver.js';
import { reducersFor } from '../../../src/core/reduce/reducers.js';
import { stepThroughSync } from '../../../src/core/reduce/runner.js';
import { ARTICLE_INPUT, articleOracle } from '../../support/lessons.js';

type Input = number[];
const REDUCER_NAMES = reducersFor('int-array');
const isSubsequence = (small: Input, big: Input) => isReductionOf(small, big, INT_ARRAY);
const singleDeletions = (a: Input) => neighbours(a, INT_ARRAY) as Generator<Input>;

const reduce = (
  start: Input,
  predicate: (a: Input) => Outcome,
  reducer: (typeof REDUCER_NAMES)[number],
  cache = true,
) => {
  const result = stepThroughSync(drive(start, { reducer, cache }), (a) => ({
    outcome: predicate(a as Input),
  }));
  return { ...result, reduced: result.reduced as Input };
};

/** A predicate that fails when the input contains `pattern` as a subsequence (monotone). */
const containsPattern =
  (pattern: number[]) =>
  (a: Input): Outcome =>
    a.length === 0 ? 'INVALID' : isSubsequence(pattern, a) ? 'FAIL' : 'PASS';

/** A non-monotone predicate: fails on the start and on inputs whose hash hits `salt`. */
const hashed =
  (start: Input, salt: number) =>
  (a: Input): Outcome => {
    if (a.length === 0) return 'INVALID';
    if (a.length === start.length && a.every((x, i) => x === start[i])) return 'FAIL';
    let h = salt;
    for (const x of a) h = Math.imul(h ^ (x + 17), 0x9e3779b1) >>> 0;
    return (h ^ a.length) % 3 === 0 ? 'FAIL' : h % 7 === 0 ? 'INVALID' : 'PASS';
  };

const input = fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 1, maxLength: 24 });

describe.each(REDUCER_NAMES)('reducer %s', (name) => {
  it('ends with a failing, 1-minimal input and a consistent history (monotone failures)', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 1, max: 4 }), (start, size) => {
        const pattern = start.slice(0, size);
        const predicate = containsPattern(pattern);
        const result = reduce(start, predicate, name);
        expect(predicate(result.reduced)).toBe('FAIL');
        expect(result.verification.oneMinimal).toBe(true);
        expect(result.verification.historyConsistent).toBe(true);
        for (const smaller of singleDeletions(result.reduced))
          expect(predicate(smaller)).not.toBe('FAIL');
        if (name !== 'values') {
          expect(isSubsequence(result.reduced, start)).toBe(true);
          expect(result.reduced.length).toBe(pattern.length);
        }
      }),
    );
  });

  it('holds the same properties on non-monotone failures', () => {
    fc.assert(
      fc.property(input, fc.integer(), (start, salt) => {
        const predicate = hashed(start, salt);
        const result = reduce(start, predicate, name);
        expect(result.verification.problems).toEqual([]);
        expect(result.verification.verified).toBe(true);
        if (result.deletionOnly) expect(result.verification.subsequence).toBe(true);
        if (name !== 'values') expect(result.deletionOnly).toBe(true);
      }),
    );
  });

  it('gives the same result and trials with the cache on and off, fewer executions with it', () => {
    fc.assert(
      fc.property(input, fc.integer(), (start, salt) => {
        const predicate = hashed(start, salt);
        const cached = reduce(start, predicate, name, true);
        const uncached = reduce(start, predicate, name, false);
        expect(cached.reduced).toEqual(uncached.reduced);
        expect(cached.history).toEqual(uncached.history);
        expect(cached.counters.calls).toBe(uncached.counters.calls);
        expect(uncached.counters.executions).toBe(uncached.counters.calls);
        expect(cached.counters.executions + cached.counters.cacheHits).toBe(cached.counters.calls);
      }),
    );
  });
});

describe('reducers on the article input', () => {
  it('deletion reducers reach one element; values shrinks [-7] to [-1] by changing a value', () => {
    const results = Object.fromEntries(
      REDUCER_NAMES.map((name) => [
        name,
        stepThroughSync(drive(ARTICLE_INPUT, { reducer: name }), articleOracle),
      ]),
    );
    expect(results.chunks?.reduced).toEqual([-7]);
    expect(results['chunks-resume']?.reduced).toEqual([-7]);
    // ddmin's first subset (the first half) already fails, so it keeps a different element.
    expect(results.ddmin?.reduced).toEqual([-3]);
    expect(results.values?.reduced).toEqual([-1]);
    expect(results.values?.deletionOnly).toBe(false);
    // [-1] happens to occur in the start; the result is still not claimed to be a subsequence.
    expect(results.values?.verification.verified).toBe(true);
    expect(results.values?.history.filter((row) => row.set).map((row) => row.set)).toEqual([
      { index: 0, from: -7, to: 0 },
      { index: 0, from: -7, to: -3 },
      { index: 0, from: -3, to: -1 },
      // The second pass finds nothing more: 0 was already tried (a cache hit).
      { index: 0, from: -1, to: 0 },
    ]);
  });

  it('ddmin goes on from the block after the one it removed, as DD.py does', () => {
    // FAIL while both ends are there: at n = 4, removing [3,4] is the first complement that fails.
    const ends = (a: Json) => {
      const has = (x: number) => (a as Input).includes(x);
      return { outcome: has(1) && has(8) ? 'FAIL' : 'PASS' } as const;
    };
    const result = stepThroughSync(drive([1, 2, 3, 4, 5, 6, 7, 8], { reducer: 'ddmin' }), ends);
    const removals = result.history.filter((row) => row.removed);
    const first = removals.findIndex((row) => row.accepted);
    expect(removals[first]).toMatchObject({ trial: [1, 2, 5, 6, 7, 8], granularity: 4 });
    // On [1,2,5,6,7,8] in 3 blocks, the next complement removes [5,6] (block 1), not [1,2] again.
    expect(removals[first + 1]).toMatchObject({
      removed: [2, 4],
      trial: [1, 2, 7, 8],
      accepted: true,
    });
    expect(result.reduced).toEqual([1, 8]);
  });

  it('ddmin tries subsets before complements, and repeats at n = 2 are cache hits', () => {
    const result = stepThroughSync(drive(ARTICLE_INPUT, { reducer: 'ddmin' }), articleOracle);
    expect(result.history[0]).toMatchObject({ kept: [0, 6], outcome: 'FAIL', accepted: true });
    const trap = stepThroughSync(drive([1, 2, 3, 4], { reducer: 'ddmin' }), (a) => ({
      outcome: ['1,2,3,4', '3,4', '1'].includes((a as Input).join(',')) ? 'FAIL' : 'PASS',
    }));
    // Subset [1,2] passes, subset [3,4] fails; at n = 2 each complement repeats a subset.
    expect(trap.history.slice(0, 2).map((row) => [row.kept, row.outcome])).toEqual([
      [[0, 2], 'PASS'],
      [[2, 4], 'FAIL'],
    ]);
    expect(trap.reduced).toEqual([3, 4]);
    expect(trap.counters.cacheHits).toBeGreaterThan(0);
  });
});
