import { KINDS } from '../input/kinds/registry.js';
import { INT_ARRAY, type Json, type Shape, type Split } from '../input/kinds.js';
import type { SyntaxTree } from '../input/syntax.js';
import { sizeOf } from '../input/value.js';
import type { Chase } from '../oracle/chase.js';
import type { Input } from '../oracle/oracle.js';
import type { Refusal } from '../oracle/refusal.js';
import { UNPARSED } from '../oracle/verdict.js';
import { drive } from './driver.js';
import { defaultReducer, REDUCERS } from './reducers.js';
import { refusedSteps } from './refused-steps.js';
import type { Steps } from './runner.js';
import type { ReducerName } from './types.js';

/** One reducer's reduction of the shared failure, as the compare view shows it. */
export interface CompareRow {
  reducer: ReducerName;
  /** The split the row cut the text by, when the comparison was by splits. */
  split?: Split;
  /** The confirmation and every trial, as the calls counter counts them. */
  calls: number;
  executions: number;
  /** Of the executions, the trials refused unrun (a `syntax` row's that no longer parse). */
  unparsed?: number;
  cacheHits: number;
  reduced: Json;
  /** The result's size in units (in characters, when the comparison was by splits). */
  size: number;
  verified: boolean;
  /** The current input's size after the confirmation, then after each trial (its length plot). */
  sizes: number[];
}

/** Options of {@link compareReducers}. */
export interface CompareOptions {
  shape?: Shape;
  chase?: Chase;
  cache?: boolean;
  /**
   * A text compared by how it is cut rather than by reducer: one row per split, `syntax` by the
   * `syntax` reducer, any other by the first reducer asked for that cuts text into units (see
   * {@link rowsAsked}). Every row's sizes are then counted in characters, so that rows compare.
   */
  splits?: readonly Split[];
  /** The text's syntax tree, for the `syntax` row (without one, the generic moves). */
  syntax?: SyntaxTree;
  /** What refuses the `syntax` row's trials (those that no longer parse): INVALID, unrun. */
  refuse?: Refusal;
  /** Told after each reducer, with the rows so far. */
  onRow?: (rows: readonly CompareRow[]) => void;
}

/** One row to reduce: by which reducer, cut how. */
interface RowAsked {
  reducer: ReducerName;
  shape: Shape;
  split?: Split;
}

/**
 * Reduces the same failing input with each reducer in turn (or, by splits, each split of a text),
 * each with an outcome cache of its own (so none profits from another's calls), and returns what
 * each one cost and gave.
 */
export function* compareReducers(
  start: Input,
  reducers: readonly ReducerName[],
  options: CompareOptions = {},
): Steps<CompareRow[]> {
  const shape = options.shape ?? INT_ARRAY;
  const bySplits = options.splits !== undefined && KINDS[shape.kind].text;
  const measure: Shape = bySplits ? { kind: 'string', split: 'chars' } : shape;
  const rows: CompareRow[] = [];
  for (const asked of rowsAsked(reducers, shape, bySplits ? options.splits : undefined)) {
    const sizes: number[] = [];
    let unparsed = 0;
    const syntax = asked.split === 'syntax';
    const steps = drive(start, {
      reducer: asked.reducer,
      shape: asked.shape,
      ...(syntax && options.syntax ? { syntax: options.syntax } : {}),
      ...(options.chase ? { chase: options.chase } : {}),
      cache: options.cache ?? true,
      onEvent: (event) => {
        if (event.type === 'call' && event.verdict.error?.name === UNPARSED) unparsed++;
        if (event.type === 'confirmed') sizes.push(sizeOf(event.input, measure));
        if (event.type === 'trial') {
          const { row } = event;
          sizes.push(sizeOf(row.accepted ? row.trial : row.before, measure));
        }
      },
    });
    const result = yield* syntax && options.refuse ? refusedSteps(steps, options.refuse) : steps;
    rows.push({
      reducer: asked.reducer,
      ...(asked.split ? { split: asked.split } : {}),
      calls: result.counters.calls,
      executions: result.counters.executions,
      ...(syntax && options.refuse ? { unparsed } : {}),
      cacheHits: result.counters.cacheHits,
      reduced: result.reduced,
      size: sizeOf(result.reduced, measure),
      verified: result.verification.verified,
      sizes,
    });
    options.onRow?.(rows.slice());
  }
  return rows;
}

/**
 * The rows a comparison makes: one per reducer; or, given `splits`, one per split of a text,
 * `syntax` by the `syntax` reducer and any other by the first of `reducers` that cuts text into
 * units (the default reducer for text when none does).
 */
function rowsAsked(
  reducers: readonly ReducerName[],
  shape: Shape,
  splits: readonly Split[] | undefined,
): RowAsked[] {
  if (!splits) return reducers.map((reducer) => ({ reducer, shape }));
  const flat =
    reducers.find((name) => {
      const entry = REDUCERS[name];
      return entry.tree === false && entry.kinds.includes('string');
    }) ?? defaultReducer('string');
  return splits.map((split) => ({
    reducer: split === 'syntax' ? 'syntax' : flat,
    shape: { kind: 'string', split },
    split,
  }));
}
