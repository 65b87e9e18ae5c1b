import { describe, expect, it } from 'vitest';
import type {
  Configuration,
  IsolationMode,
  Resolution,
  Sides,
} from '../../../src/core/isolate/types.js';
import { type CheckTrial, verifyIsolation } from '../../../src/core/isolate/verify-isolation.js';
import { failsWithAll, judgeBy } from '../../support/isolate.js';

const zeller = failsWithAll([0, 6, 7]);

/** Runs a verification against a predicate; returns its result and its trials. */
function verify(
  result: Sides,
  mode: IsolationMode,
  predicate: (c: Configuration) => Resolution = zeller,
  start?: Sides,
) {
  const judge = judgeBy(predicate);
  const trials: CheckTrial[] = [];
  const steps = verifyIsolation(result, mode, start);
  let step = steps.next();
  while (!step.done) {
    trials.push(step.value);
    step = steps.next(judge(step.value.config));
  }
  return { ...step.value, trials };
}

describe('verifyIsolation', () => {
  it('verifies a 1-minimal difference, reusing the sides when it is one unit', () => {
    const result = verify({ pass: [4, 5, 6, 7], fail: [0, 4, 5, 6, 7] }, '+-');
    expect(result).toMatchObject({ passPasses: true, failFails: true, oneMinimal: true });
    expect(result.verified).toBe(true);
    expect(result.trials.map((t) => t.check)).toEqual(['pass', 'fail']);
  });

  it('finds a unit that can still join the passing side', () => {
    const result = verify({ pass: [4, 5, 6], fail: [0, 4, 5, 6, 7] }, '+-');
    expect(result.counterexample).toEqual({
      config: [0, 4, 5, 6],
      check: 'add',
      unit: 0,
      outcome: 'PASS',
    });
    expect(result.problems).toEqual(['adding unit 0 to the passing side still passes']);
    expect(result.verified).toBe(false);
  });

  it('checks only removals in mode -, and does not ask the fixed passing side to pass', () => {
    const result = verify({ pass: [], fail: [0, 1, 6, 7] }, '-');
    expect(result.trials.map((t) => `${t.check} ${t.unit ?? ''}`)).toEqual([
      'pass ',
      'fail ',
      'remove 0',
      'remove 1',
    ]);
    expect(result.counterexample).toMatchObject({ check: 'remove', unit: 1 });
    const everything = (c: Configuration): Resolution => (c.length === 3 ? 'FAIL' : 'UNRESOLVED');
    expect(verify({ pass: [], fail: [0, 6, 7] }, '-', everything)).toMatchObject({
      passPasses: false,
      failFails: true,
      verified: true,
    });
  });

  it('checks only additions in mode +, and does not ask the fixed failing side to fail', () => {
    const invalid = (c: Configuration): Resolution => (c.length < 8 ? zeller(c) : 'UNRESOLVED');
    const result = verify(
      { pass: [1, 2, 3, 4, 5, 6, 7], fail: [0, 1, 2, 3, 4, 5, 6, 7] },
      '+',
      invalid,
    );
    expect(result).toMatchObject({ failFails: false, oneMinimal: true, verified: true });
    expect(verify({ pass: [1, 2, 3], fail: [0, 1, 2, 3, 4, 5, 6, 7] }, '+').problems).toEqual([
      'adding unit 0 to the passing side still passes',
    ]);
  });

  it('reports sides that do not pass or fail', () => {
    const result = verify({ pass: [0, 6], fail: [6, 7] as number[] }, '+-');
    expect(result.problems).toEqual(['the passing side is not inside the failing side']);
    expect(result.trials).toEqual([]);
    const swapped = verify({ pass: [0], fail: [0, 6] }, '+-', (c) =>
      c.length === 1 ? 'FAIL' : 'PASS',
    );
    expect(swapped.problems.slice(0, 2)).toEqual([
      'the passing side does not pass (its outcome is FAIL)',
      'the failing side does not reproduce the failure (PASS)',
    ]);
  });

  it('checks the sides against the start and the mode', () => {
    const start = { pass: [1], fail: [0, 1, 2, 3] };
    const moved = (result: Sides, mode: IsolationMode) =>
      verify(result, mode, () => 'UNRESOLVED', start).problems;
    expect(moved({ pass: [2], fail: [0, 1, 2, 3] }, '+')).toContain(
      'the passing side lost units of the start',
    );
    expect(moved({ pass: [1], fail: [1, 2, 3, 4] }, '-')).toContain(
      'the failing side gained units',
    );
    expect(moved({ pass: [1, 2], fail: [0, 1, 2, 3] }, '-')).toContain(
      "the passing side moved, but mode '-' keeps it fixed",
    );
    expect(moved({ pass: [1], fail: [0, 1, 2] }, '+')).toContain(
      "the failing side moved, but mode '+' keeps it fixed",
    );
    expect(verify({ pass: [1, 1], fail: [1] }, '+-').problems).toEqual([
      'the passing side[1] is 1 after 1: unit indices must ascend, each once',
    ]);
  });
});
