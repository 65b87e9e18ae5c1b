import type { Json } from '../input/kinds.js';
import { sameOutput } from './output.js';
import type { ErrorInfo, Output, Verdict } from './verdict.js';

/**
 * What running one piece of user code on one input produced, as reported by a sandbox.
 * `invalid` is set when the module's own `valid(a)` rejected the input.
 */
export type CallResult =
  | { ok: true; value: Output; ms: number; invalid?: boolean }
  | { ok: false; error: ErrorInfo; ms: number; timeout?: boolean };

/**
 * Whether an input is in the problem's domain before any code runs: every input but the empty
 * one (an empty array or an empty string).
 */
export function defaultValid(input: Json): boolean {
  return !((Array.isArray(input) || typeof input === 'string') && input.length === 0);
}

/** The verdict for an input that the problem statement forbids. */
export function invalidVerdict(reason = 'the empty array is not a valid input'): Verdict {
  return { outcome: 'INVALID', error: { name: 'Invalid', message: reason } };
}

/** The verdict for an input {@link defaultValid} refuses: the empty array or string. */
export function emptyVerdict(input: Json): Verdict {
  return invalidVerdict(
    typeof input === 'string' ? 'the empty string is not a valid input' : undefined,
  );
}

/**
 * Combines a candidate run and a reference run into a verdict (wrong-answer mode).
 *
 * An input the reference rejects (by `valid`, by throwing or by running out of time) is
 * INVALID: the reference defines the problem. Otherwise a candidate that threw is CRASH, one that
 * ran out of time is TIMEOUT, and differing outputs are FAIL.
 */
export function classifyPair(candidate: CallResult, reference: CallResult): Verdict {
  const ms = Math.max(candidate.ms, reference.ms);
  if (!reference.ok) {
    return {
      outcome: 'INVALID',
      error: { ...reference.error, role: 'reference' },
      ...(candidate.ok ? { actual: candidate.value } : {}),
      ms,
    };
  }
  if (reference.invalid)
    return { ...invalidVerdict('the reference\u2019s valid() rejected it'), ms };
  if (!candidate.ok) {
    return {
      outcome: candidate.timeout ? 'TIMEOUT' : 'CRASH',
      expected: reference.value,
      error: { ...candidate.error, role: 'candidate' },
      ms,
    };
  }
  if (candidate.invalid)
    return { ...invalidVerdict('the candidate\u2019s valid() rejected it'), ms };
  const outcome = sameOutput(candidate.value, reference.value) ? 'PASS' : 'FAIL';
  return { outcome, expected: reference.value, actual: candidate.value, ms };
}

/**
 * Turns the run of an `outcome(a)` predicate into a verdict. The predicate returns
 * `'PASS' | 'FAIL' | 'INVALID'`; anything else is reported as a CRASH of the predicate.
 */
export function classifyPredicate(run: CallResult): Verdict {
  if (!run.ok) {
    return {
      outcome: run.timeout ? 'TIMEOUT' : 'CRASH',
      error: { ...run.error, role: 'outcome' },
      ms: run.ms,
    };
  }
  if (run.invalid) return { ...invalidVerdict('valid() rejected it'), ms: run.ms };
  if (run.value === 'PASS' || run.value === 'FAIL' || run.value === 'INVALID') {
    return { outcome: run.value, ms: run.ms };
  }
  return {
    outcome: 'CRASH',
    error: {
      name: 'TypeError',
      message: `outcome() must return 'PASS', 'FAIL' or 'INVALID', got ${JSON.stringify(run.value)}`,
      role: 'outcome',
    },
    ms: run.ms,
  };
}
