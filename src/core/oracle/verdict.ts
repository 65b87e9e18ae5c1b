/**
 * What one oracle call says about one input.
 *
 * - `PASS`: the candidate behaves (agrees with the reference, or the predicate says so).
 * - `FAIL`: a wrong answer: candidate and reference disagree (or the predicate says FAIL).
 * - `INVALID`: the input is outside the problem statement (the empty array by default).
 * - `TIMEOUT`: the candidate ran past its time budget.
 * - `CRASH`: the candidate threw (or ran out of stack or memory).
 */
export type Outcome = 'PASS' | 'FAIL' | 'INVALID' | 'TIMEOUT' | 'CRASH';

/** Every outcome, in a fixed order (for tables and validation). */
export const OUTCOMES: readonly Outcome[] = ['PASS', 'FAIL', 'INVALID', 'TIMEOUT', 'CRASH'];

/** Which role of user code produced an error or an output. */
export type Role = 'candidate' | 'reference' | 'outcome';

/** Every role, in run order. */
export const ROLES = ['candidate', 'reference', 'outcome'] as const satisfies readonly Role[];

/** An error raised by user code, as far as it can be told across a worker boundary. */
export interface ErrorInfo {
  /** `Error.name`, e.g. `TypeError`; `Timeout` for a call that ran past its budget. */
  name: string;
  message: string;
  /** Which user code raised it. */
  role?: Role;
  /** 1-based line in the user's source, when the stack names it. */
  line?: number;
  /** 1-based column in the user's source, when the stack names it. */
  column?: number;
}

/**
 * A JSON-safe rendering of whatever user code returned. Values JSON cannot hold are tagged:
 * `{ $: 'undefined' }`, `{ $: 'number', v: 'NaN' }`, `{ $: 'bigint', v: '12' }`, ...
 */
export type Output = null | boolean | number | string | Output[] | { [key: string]: Output };

/** The full verdict of one oracle call. */
export interface Verdict {
  outcome: Outcome;
  /** The reference's output (wrong-answer mode). */
  expected?: Output;
  /** The candidate's output. */
  actual?: Output;
  /** Why the call did not produce a comparable answer (CRASH, TIMEOUT, INVALID from a throw). */
  error?: ErrorInfo;
  /** Wall time of the call in milliseconds (volatile: normalised away in snapshots). */
  ms?: number;
  /** Set when re-runs of this input disagreed: every outcome seen, in order. Never chased. */
  flaky?: Outcome[];
}

/**
 * The error name of an INVALID verdict given without running anything because the trial does
 * not parse in its language (a syntax reduction of a program that parsed): counted apart, as
 * trials that cost no test run.
 */
export const UNPARSED = 'Unparsed';
