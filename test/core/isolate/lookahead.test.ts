import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../../src/core/input/kinds.js';
import { valueKey } from '../../../src/core/input/value.js';
import { isolate } from '../../../src/core/isolate/drive.js';
import { predictIsolation } from '../../../src/core/isolate/lookahead.js';
import type { IsolationMode } from '../../../src/core/isolate/types.js';
import { stepThroughSync } from '../../../src/core/reduce/runner.js';
import type { Judged } from '../../../src/core/reduce/types.js';

const INTS = { kind: 'int-array' } as const;

/** The trials an isolation asks its oracle for, in order (past the two confirmations). */
function trialsOf(
  pass: number[],
  fail: number[],
  mode: IsolationMode,
  fails: (a: number[]) => boolean,
) {
  const asked: Json[] = [];
  stepThroughSync(isolate(pass, fail, { mode, verify: false }), (input) => {
    asked.push(input);
    return { outcome: fails(input as number[]) ? 'FAIL' : 'PASS' };
  });
  return asked.slice(2);
}

describe('predictIsolation', () => {
  it('names the next trial first, then the trial after it for each outcome', () => {
    const fail = [1, 2, 3, 4, 5, 6, 7, 8];
    const fails = (a: number[]) => a.includes(6);
    const trials = trialsOf([], fail, '+-', fails);
    const known = new Map<string, Judged>();
    for (const [k, trial] of trials.entries()) {
      const predicted = predictIsolation(
        { mode: '+-', pass: [] },
        fail,
        INTS,
        (input) => known.get(valueKey(input)),
        () => false,
        3,
      );
      expect(predicted[0]).toEqual(trial);
      const next = trials[k + 1];
      if (next !== undefined) expect(predicted).toContainEqual(next);
      const outcome = fails(trial as number[]);
      known.set(valueKey(trial), { outcome: outcome ? 'FAIL' : 'PASS', chased: outcome });
    }
  });

  it("in every mode, on any predicate, its first guess is the isolation's next trial", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 20 }), { minLength: 2, maxLength: 12 }),
        fc.constantFrom<IsolationMode>('+-', '-', '+'),
        fc.integer({ min: 0, max: 1000 }),
        (fail, mode, salt) => {
          // FAIL when the input holds the last element, and the whole or a hashed share of
          // the rest (so that the failing side fails and the passing one passes).
          const cause = fail.at(-1) as number;
          const fails = (a: number[]) =>
            a.includes(cause) &&
            (a.length === fail.length || a.reduce((h, x) => (h * 31 + x + salt) % 7, 0) !== 3);
          const trials = trialsOf([], fail, mode, fails);
          const known = new Map<string, Judged>();
          for (const trial of trials) {
            const [first] = predictIsolation(
              { mode, pass: [] },
              fail,
              INTS,
              (input) => known.get(valueKey(input)),
              () => false,
              4,
            );
            expect(first).toEqual(trial);
            const outcome = fails(trial as number[]);
            known.set(valueKey(trial), { outcome: outcome ? 'FAIL' : 'PASS', chased: outcome });
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('passes over inputs under way and returns at most count', () => {
    const fail = [1, 2, 3, 4, 5, 6, 7, 8];
    const all = predictIsolation(
      { mode: '+-', pass: [] },
      fail,
      INTS,
      () => undefined,
      () => false,
      7,
    );
    expect(all).toHaveLength(7);
    expect(new Set(all.map(valueKey)).size).toBe(7);
    const rest = predictIsolation(
      { mode: '+-', pass: [] },
      fail,
      INTS,
      () => undefined,
      (input) => valueKey(input) === valueKey(all[0] as Json),
      7,
    );
    expect(rest).not.toContainEqual(all[0]);
  });
});
