import type { Judged } from '../reduce/types.js';
import type { Move } from './move.js';

export type { Judged } from '../reduce/types.js';

/**
 * A configuration: a set of units, as their indices `0..n-1` in ascending order, each once.
 * What a unit is (an element or character of an input, an edit of a diff) is the caller's
 * business: isolation works on the indices alone.
 */
export type Configuration = readonly number[];

/**
 * Which sides isolation moves, as the Debugging Book names its modes:
 * - `-`: minimise the failing side, the passing one stays fixed (ddmin);
 * - `+`: maximise the passing side inside the fixed failing one (ddmax);
 * - `+-`: move both until their difference is 1-minimal (dd, the failure-inducing difference).
 */
export type IsolationMode = '-' | '+' | '+-';

export type { Move } from './move.js';

/**
 * What isolation makes of a judgement: `FAIL` is the chased failure, `PASS` a pass that was not
 * flaky, and everything else (INVALID, TIMEOUT, an unchased CRASH, a flaky run) is `UNRESOLVED`:
 * it moves nothing.
 */
export type Resolution = 'PASS' | 'FAIL' | 'UNRESOLVED';

/** A passing and a failing configuration, the passing one inside the failing one. */
export interface Sides {
  pass: Configuration;
  fail: Configuration;
}

/** The two trials on a block `Δ_i`: its subset `pass ∪ Δ_i` and its complement `fail \ Δ_i`. */
export type TrialKind = 'subset' | 'complement';

/** What a trial is for: the move it is, and the move each of its outcomes makes. */
export interface TrialMoves {
  /**
   * The move the trial is: the only one it can make in modes `-` and `+`; in mode `+-`, where
   * either outcome makes one, the first of the two in Zeller's order (reduce to subset, increase
   * to complement).
   */
  move: Move;
  /** The move made if the trial passes (none in mode `-`). */
  ifPass?: Move;
  /** The move made if the trial fails (none in mode `+`). */
  ifFail?: Move;
}

/** One trial isolation proposes: the configuration to judge and the moves it is for. */
export interface IsolationTrial extends TrialMoves {
  /** The configuration to judge (`pass ⊆ config ⊆ fail`). */
  config: Configuration;
  /** How many blocks the difference is split into. */
  granularity: number;
  /** Which block `Δ_i` the trial adds to `pass` or removes from `fail` (0-based). */
  block: number;
  /** The units of that block. */
  blockUnits: Configuration;
  /**
   * The sides as they stand when the trial is made: every earlier judgement already applied.
   * A caller that stops isolation before judging this trial keeps these.
   */
  pass: Configuration;
  fail: Configuration;
}

/** What isolation returns: the final sides and their difference (`fail \ pass`). */
export interface Isolated extends Sides {
  difference: Configuration;
}

/**
 * Isolation is a step coroutine, like every reducer: it yields trials and receives their
 * judgements, and never sees an oracle.
 */
export type Isolation = Generator<IsolationTrial, Isolated, Judged>;

/** What a judgement means to isolation (see {@link Resolution}). */
export function resolution(judged: Judged): Resolution {
  if (judged.chased) return 'FAIL';
  return judged.outcome === 'PASS' && !judged.flaky ? 'PASS' : 'UNRESOLVED';
}

/** The moves a trial of `kind` is for in `mode`. */
export function trialMoves(kind: TrialKind, mode: IsolationMode): TrialMoves {
  const ifFail: Move | undefined =
    mode === '+' ? undefined : kind === 'subset' ? 'reduce-to-subset' : 'reduce-to-complement';
  const ifPass: Move | undefined =
    mode === '-' ? undefined : kind === 'subset' ? 'increase-to-subset' : 'increase-to-complement';
  const move = (kind === 'subset' ? (ifFail ?? ifPass) : (ifPass ?? ifFail)) as Move;
  return { move, ...(ifPass ? { ifPass } : {}), ...(ifFail ? { ifFail } : {}) };
}

/** The move a judgement of `trial` makes, or null when it makes none. */
export function moveMade(trial: TrialMoves, judged: Judged): Move | null {
  const result = resolution(judged);
  return (result === 'PASS' ? trial.ifPass : result === 'FAIL' ? trial.ifFail : undefined) ?? null;
}
