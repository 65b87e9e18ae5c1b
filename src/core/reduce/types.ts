import type { Input } from '../oracle/oracle.js';
import type { Outcome } from '../oracle/verdict.js';

/**
 * How a trial was made from the current input:
 * - `delete`: the block `[lo, hi)` was removed (the article's only move);
 * - `keep`: only the block `[lo, hi)` was kept (ddmin's subset test);
 * - `set`: the element at `index` was replaced by `value` (value shrinking).
 */
export type Edit =
  | { op: 'delete'; lo: number; hi: number }
  | { op: 'keep'; lo: number; hi: number }
  | { op: 'set'; index: number; value: number };

/** One trial a reducer proposes: the input to judge and how it was derived. */
export interface Trial {
  input: number[];
  edit: Edit;
  /** The number of blocks the current input was split into, when the move is a block move. */
  granularity?: number;
}

/** What a reducer is told about its trial. */
export interface Judged {
  outcome: Outcome;
  /** Whether the trial reproduced the chased failure (only then may it be accepted). */
  chased: boolean;
  /** Every outcome of a failure whose re-runs disagreed (never chased). */
  flaky?: Outcome[];
}

/** One row of a reduction's history, in the article's shape plus the edit. */
export interface HistoryRow {
  before: number[];
  /** The removed block (delete moves), as in the article. */
  removed?: [number, number];
  /** The kept block (keep moves). */
  kept?: [number, number];
  /** The changed element (set moves). */
  set?: { index: number; from: number; to: number };
  trial: number[];
  outcome: Outcome;
  accepted: boolean;
  granularity?: number;
  /** The re-runs of this trial disagreed: every outcome seen (the trial was not accepted). */
  flaky?: Outcome[];
}

/** What a reducer returns when it stops. */
export interface Reduced {
  reduced: number[];
  /** Whether every step only deleted elements (the result is a subsequence of the start). */
  deletionOnly: boolean;
}

/**
 * A reducer is a step coroutine: it yields a trial and receives the judgement of that trial.
 * It never calls an oracle itself, so the same reducer runs against live workers, a replay, a
 * synchronous predicate in a test, or one step at a time in the UI.
 */
export type Reducer = (start: Input) => Generator<Trial, Reduced, Judged>;

/** The reducers the product offers. */
export type ReducerName = 'chunks' | 'chunks-resume' | 'ddmin' | 'values';

/** Applies an edit to an input (pure; the input is not changed). */
export function applyEdit(input: Input, edit: Edit): number[] {
  switch (edit.op) {
    case 'delete':
      return [...input.slice(0, edit.lo), ...input.slice(edit.hi)];
    case 'keep':
      return input.slice(edit.lo, edit.hi);
    case 'set': {
      const next = input.slice();
      next[edit.index] = edit.value;
      return next;
    }
  }
}

/**
 * The history row for a trial of `before` and its judgement. The row holds the arrays it is
 * given, not copies: inputs are never changed once made (a long reduction of a long input would
 * otherwise hold every input twice over).
 */
export function historyRow(before: Input, trial: Trial, judged: Judged): HistoryRow {
  const row: HistoryRow = {
    before: before as number[],
    trial: trial.input,
    outcome: judged.outcome,
    accepted: judged.chased,
  };
  const { edit } = trial;
  if (edit.op === 'delete') row.removed = [edit.lo, edit.hi];
  else if (edit.op === 'keep') row.kept = [edit.lo, edit.hi];
  else row.set = { index: edit.index, from: before[edit.index] ?? 0, to: edit.value };
  if (trial.granularity !== undefined) row.granularity = trial.granularity;
  if (judged.flaky) row.flaky = [...judged.flaky];
  return row;
}
