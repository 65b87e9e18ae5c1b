import { describe, expect, it } from 'vitest';
import type { Json } from '../../../src/core/input/kinds.js';
import { checkMutants, histogram, mutantAnswers } from '../../../src/core/reduce/regress.js';
import { stepThroughSync } from '../../../src/core/reduce/runner.js';

/** FAIL while the input holds a -7 (the article's reduced input is [-7]); the empty one is INVALID. */
const holdsMinusSeven = (a: Json) => {
  const input = a as number[];
  if (input.length === 0) return { outcome: 'INVALID' as const };
  return { outcome: input.includes(-7) ? ('FAIL' as const) : ('PASS' as const) };
};

describe('broken reducers, checked as a reduction is verified', () => {
  it('returns the article’s three answers for a failure', () => {
    expect(mutantAnswers([3, -7, 2]).map((m) => [m.name, m.returned])).toEqual([
      ['return-empty', []],
      ['return-original', [3, -7, 2]],
      ['accept-passing', [1, 2]],
    ]);
  });

  it('catches each: the empty input is INVALID, the original is not 1-minimal, [1,2] passes', () => {
    const checks = stepThroughSync(checkMutants([3, -7, 2]), holdsMinusSeven);
    expect(
      checks.map(({ name, outcome, shrinkable, caught }) => [name, outcome, shrinkable, caught]),
    ).toEqual([
      ['return-empty', 'INVALID', false, true],
      ['return-original', 'FAIL', true, true],
      ['accept-passing', 'PASS', false, true],
    ]);
  });

  it('does not catch an answer that is a 1-minimal failure (the check can say no)', () => {
    // A "broken" reducer that happened to return [-7] would pass the checks: returning the
    // original is only caught because something can still go.
    const checks = stepThroughSync(checkMutants([-7]), holdsMinusSeven);
    expect(checks.find((c) => c.name === 'return-original')).toMatchObject({
      outcome: 'FAIL',
      shrinkable: false,
      caught: false,
    });
  });
});

describe('calls per reduction', () => {
  it('counts reductions by their calls, in order of calls', () => {
    expect(histogram([4, 2, 4, 1, 4, 2])).toEqual([
      [1, 1],
      [2, 2],
      [4, 3],
    ]);
    expect(histogram([])).toEqual([]);
  });
});
