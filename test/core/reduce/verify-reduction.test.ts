import { describe, expect, it } from 'vitest';
import { INT_ARRAY, type Json } from '../../../src/core/input/kinds.js';
import { isReductionOf, neighbours } from '../../../src/core/input/value.js';
import { drive } from '../../../src/core/reduce/driver.js';
import { stepThroughSync } from '../../../src/core/reduce/runner.js';
import { historyProblems } from '../../../src/core/reduce/verify-reduction.js';

const isSubsequence = (small: number[], big: number[]) => isReductionOf(small, big, INT_ARRAY);

import { ARTICLE_INPUT, articleOracle, articleOutcome } from '../../support/lessons.js';

describe('verification', () => {
  it('tells subsequences from reordered or invented inputs', () => {
    expect(isSubsequence([-7], ARTICLE_INPUT)).toBe(true);
    expect(isSubsequence([-3, -7], ARTICLE_INPUT)).toBe(true);
    expect(isSubsequence([-7, -3], ARTICLE_INPUT)).toBe(false);
    expect(isSubsequence([5], ARTICLE_INPUT)).toBe(false);
    expect(isSubsequence([], [])).toBe(true);
  });

  it('rejects the article mutants: empty, the original, a passing input', () => {
    const oneMinimalFailure = (a: number[]) =>
      articleOutcome(a) === 'FAIL' &&
      [...neighbours(a, INT_ARRAY)].every((smaller) => articleOutcome(smaller) !== 'FAIL');
    expect(oneMinimalFailure([])).toBe(false);
    expect(oneMinimalFailure(ARTICLE_INPUT)).toBe(false);
    expect(oneMinimalFailure([1, 2])).toBe(false);
    expect(oneMinimalFailure([-7])).toBe(true);
  });

  it('finds tampered history rows', () => {
    const { history } = stepThroughSync(drive(ARTICLE_INPUT, { reducer: 'chunks' }), articleOracle);
    expect(historyProblems(ARTICLE_INPUT, history)).toEqual([]);
    const wrongTrial = history.map((row, i) => (i === 1 ? { ...row, trial: [-4, -6] } : row));
    expect(historyProblems(ARTICLE_INPUT, wrongTrial)).toEqual([
      'history row 2: trial is not before with the recorded edit applied',
      'history row 3: before is not the current input',
    ]);
    const growing = [
      {
        before: [1],
        removed: [0, 0] as [number, number],
        trial: [1],
        outcome: 'FAIL' as const,
        accepted: true,
      },
    ];
    expect(historyProblems([1], growing)).toEqual([
      'history row 1: an accepted deletion did not shrink the input',
    ]);
  });

  it('labels a result stopped by a budget as not verified 1-minimal', () => {
    const result = stepThroughSync(
      drive(ARTICLE_INPUT, { reducer: 'chunks', maxTrials: 2 }),
      articleOracle,
    );
    expect(result.stopped).toBe('max-trials');
    expect(result.history).toHaveLength(2);
    expect(result.reduced).toEqual([-4, -6, -7]);
    expect(result.verification).toMatchObject({
      oneMinimal: null,
      verified: false,
      stillFails: true,
    });
  });

  it('stops on the time budget with an injected clock', () => {
    let now = 0;
    const result = stepThroughSync(
      drive(ARTICLE_INPUT, { reducer: 'chunks', maxMs: 25, clock: () => now }),
      (a) => {
        now += 10;
        return articleOracle(a);
      },
    );
    expect(result.stopped).toBe('max-ms');
    expect(result.verification.verified).toBe(false);
  });
});

describe('verification runs the result again', () => {
  it('catches a failure that does not reproduce, even with the cache on', () => {
    const seen = new Set<string>();
    // Fails each input the first time it is judged only.
    const once = (input: Json) => {
      const a = input as number[];
      const key = a.join(',');
      const first = !seen.has(key);
      seen.add(key);
      return { outcome: a.length > 0 && first ? ('FAIL' as const) : ('PASS' as const) };
    };
    const result = stepThroughSync(drive([3, 1, 2], { reducer: 'chunks' }), once);
    expect(result.verification.stillFails).toBe(false);
    expect(result.verification.verified).toBe(false);
    expect(result.verification.problems).toContain(
      'the reduced input no longer reproduces the failure',
    );
  });
});
