import { describe, expect, it } from 'vitest';
import { outcome as constrained } from '../../../examples/code/invalid/outcome.js';
import { outcome as trap } from '../../../examples/code/trap/outcome.js';
import { drive } from '../../../src/core/reduce/driver.js';
import { stepThroughSync } from '../../../src/core/reduce/runner.js';
import { ARTICLE_INPUT, articleOracle } from '../../support/lessons.js';

type Input = number[];
const reduceWith = (start: Input, judge: (a: Input) => string, reducer = 'chunks' as const) =>
  stepThroughSync(drive(start, { reducer }), (a) => ({
    outcome: judge([...(a as Input)]) as 'PASS',
  }));

describe('chunks, the article reducer', () => {
  it('reduces the article input 12 → 6 → 3 → 2 → 1 to [-7] in 5 calls', () => {
    const result = stepThroughSync(drive(ARTICLE_INPUT, { reducer: 'chunks' }), articleOracle);
    expect(result.reduced).toEqual([-7]);
    expect(result.counters.calls).toBe(5);
    expect(result.counters.executions).toBe(5);
    expect(result.history.map((row) => (row.trial as Input).length)).toEqual([6, 3, 2, 1]);
    expect(result.history[0]).toEqual({
      before: ARTICLE_INPUT,
      removed: [0, 6],
      trial: [-1, -9, -5, -4, -6, -7],
      outcome: 'FAIL',
      accepted: true,
      granularity: 2,
    });
    expect(result.history.map((row) => row.removed)).toEqual([
      [0, 6],
      [0, 3],
      [0, 1],
      [0, 1],
    ]);
    expect(result.reducedVerdict).toMatchObject({ expected: -7, actual: 0 });
    expect(result.verification).toMatchObject({
      stillFails: true,
      subsequence: true,
      oneMinimal: true,
      historyConsistent: true,
      verified: true,
    });
  });

  it('chunks-resume takes the same 5 calls to [-7] on the article input', () => {
    const result = stepThroughSync(
      drive(ARTICLE_INPUT, { reducer: 'chunks-resume' }),
      articleOracle,
    );
    expect([result.counters.calls, result.reduced]).toEqual([5, [-7]]);
  });

  it('stops at [3,4] on the trap although [1] also fails', () => {
    const result = reduceWith([1, 2, 3, 4], trap);
    expect(result.reduced).toEqual([3, 4]);
    expect(trap([1])).toBe('FAIL');
    expect(result.verification.oneMinimal).toBe(true);
    expect(result.history.map((row) => [row.trial, row.outcome])).toEqual([
      [[3, 4], 'FAIL'],
      [[4], 'PASS'],
      [[3], 'PASS'],
    ]);
  });

  it('reduces [7,8,9] to two elements under the length constraint, seeing INVALID', () => {
    const result = reduceWith([7, 8, 9], constrained);
    expect(result.reduced).toHaveLength(2);
    expect(result.history.some((row) => row.outcome === 'INVALID')).toBe(true);
    expect(result.verification.verified).toBe(true);
  });

  it('rejects a start input that does not fail', () => {
    expect(() => reduceWith([1, 2], trap)).toThrow(
      /does not reproduce the failure: its outcome is PASS/,
    );
  });

  it('says when a start input crashes, but not with the chased signature', () => {
    const crash = () => ({
      outcome: 'CRASH' as const,
      error: { name: 'RangeError', message: 'Invalid array length' },
    });
    const chase = { kind: 'crash' as const, signature: 'stack' };
    expect(() => stepThroughSync(drive([1, 2], { reducer: 'chunks', chase }), crash)).toThrow(
      'the start input does not reproduce the failure: it crashes with "RangeError: Invalid array length", which does not match the signature "stack"',
    );
  });
});
