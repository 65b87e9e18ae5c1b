import { INT_ARRAY, type Json, type Shape } from '../input/kinds.js';
import { sizeOf } from '../input/value.js';
import type { Chase } from '../oracle/chase.js';
import type { Input } from '../oracle/oracle.js';
import { drive } from './driver.js';
import type { Steps } from './runner.js';
import type { ReducerName } from './types.js';

/** One reducer's reduction of the shared failure, as the compare view shows it. */
export interface CompareRow {
  reducer: ReducerName;
  /** The confirmation and every trial, as the calls counter counts them. */
  calls: number;
  executions: number;
  cacheHits: number;
  reduced: Json;
  /** The result's size in units. */
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
  /** Told after each reducer, with the rows so far. */
  onRow?: (rows: readonly CompareRow[]) => void;
}

/**
 * Reduces the same failing input with each reducer in turn, each with an outcome cache of its
 * own (so none profits from another's calls), and returns what each one cost and gave.
 */
export function* compareReducers(
  start: Input,
  reducers: readonly ReducerName[],
  options: CompareOptions = {},
): Steps<CompareRow[]> {
  const shape = options.shape ?? INT_ARRAY;
  const rows: CompareRow[] = [];
  for (const reducer of reducers) {
    const sizes: number[] = [];
    const result = yield* drive(start, {
      reducer,
      shape,
      ...(options.chase ? { chase: options.chase } : {}),
      cache: options.cache ?? true,
      onEvent: (event) => {
        if (event.type === 'confirmed') sizes.push(sizeOf(event.input, shape));
        if (event.type === 'trial') {
          const { row } = event;
          sizes.push(sizeOf(row.accepted ? row.trial : row.before, shape));
        }
      },
    });
    rows.push({
      reducer,
      calls: result.counters.calls,
      executions: result.counters.executions,
      cacheHits: result.counters.cacheHits,
      reduced: result.reduced,
      size: sizeOf(result.reduced, shape),
      verified: result.verification.verified,
      sizes,
    });
    options.onRow?.(rows.slice());
  }
  return rows;
}
