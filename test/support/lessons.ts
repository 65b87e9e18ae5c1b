import { candidate as buggy } from '../../examples/code/max-subarray/candidate.js';
import { candidate as corrected } from '../../examples/code/max-subarray/corrected.js';
import { reference } from '../../examples/code/max-subarray/reference.js';
import {
  type CallResult,
  classifyPair,
  defaultValid,
  emptyVerdict,
} from '../../src/core/oracle/classify.js';
import type { Input, SyncOracle } from '../../src/core/oracle/oracle.js';
import type { Outcome, Output, Verdict } from '../../src/core/oracle/verdict.js';

export { buggy, corrected, reference };

/** The article's outcome(): INVALID for the empty array, FAIL when buggy ≠ reference. */
export function articleOutcome(input: Input): Outcome {
  const a = input as number[];
  if (a.length === 0) return 'INVALID';
  return buggy([...a]) !== reference([...a]) ? 'FAIL' : 'PASS';
}

/** The article's outcome as a verdict with both outputs. */
export const articleOracle: SyncOracle = (input): Verdict => {
  const a = input as number[];
  if (a.length === 0) return { outcome: 'INVALID' };
  const expected = reference([...a]);
  const actual = buggy([...a]);
  return { outcome: expected === actual ? 'PASS' : 'FAIL', expected, actual };
};

/** The article's first failing random input (seed 1103, attempt 4452). */
export const ARTICLE_INPUT = [-3, -3, -8, -4, -4, -8, -1, -9, -5, -4, -6, -7];

/** A function of one input, as a lesson's module exports it. */
type Fn = (input: never) => unknown;

/**
 * The verdicts the live pair oracle gives for `candidate` against `reference`, in-thread: the
 * empty input is INVALID, a reference that throws makes the input INVALID, a candidate that
 * throws is a CRASH with its error, differing outputs are FAIL. Each call gets its own copy.
 */
export function pairJudge(candidate: Fn, reference: Fn): SyncOracle {
  const call = (fn: Fn, input: Input): CallResult => {
    try {
      return { ok: true, value: fn(structuredClone(input) as never) as Output, ms: 0 };
    } catch (error) {
      const { name, message } = error as Error;
      return { ok: false, error: { name, message }, ms: 0 };
    }
  };
  return (input) =>
    defaultValid(input)
      ? classifyPair(call(candidate, input), call(reference, input))
      : emptyVerdict(input);
}
