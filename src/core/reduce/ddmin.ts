import { type Edit, editUnits } from '../input/edit.js';
import type { Json } from '../input/kinds.js';
import { block } from './blocks.js';
import type { Judged, Reduced, Trial } from './types.js';

/**
 * Zeller and Hildebrandt's ddmin: split the current input into `n` blocks; first try keeping a
 * single block (reduce to subset, then `n = 2`), then try removing a single block (reduce to
 * complement, then `n = max(n - 1, 2)`); when neither fails, double `n` up to the length, and
 * stop once every block is a single element.
 *
 * As in Zeller's DD.py (and picire), the complement tests do not start over at block 0 after a
 * removal: they go on from the block that followed the one removed (the blocks before it were just
 * tried, on a longer input). The place is kept, scaled, when `n` doubles, and reset when a subset
 * is kept.
 *
 * At `n = 2` a subset is the other block's complement, so the complement tests repeat earlier
 * trials: with the outcome cache on they cost no execution.
 */
export function* ddmin(start: readonly Json[]): Generator<Trial, Reduced, Judged> {
  let current = start.slice();
  let n = 2;
  /** The block the complement tests start from. */
  let offset = 0;
  outer: while (current.length >= 2) {
    const length = current.length;
    const parts = Math.min(n, length);
    for (let i = 0; i < parts; i++) {
      const kept = trial(current, 'keep', i, parts);
      if ((yield kept).chased) {
        current = kept.input as Json[];
        n = 2;
        offset = 0;
        continue outer;
      }
    }
    for (let j = 0; j < parts; j++) {
      const i = (j + offset) % parts;
      const removed = trial(current, 'delete', i, parts);
      if ((yield removed).chased) {
        current = removed.input as Json[];
        n = Math.max(parts - 1, 2);
        offset = i;
        continue outer;
      }
    }
    if (parts >= length) break;
    n = Math.min(length, parts * 2);
    offset = Math.floor((offset * n) / parts);
  }
  return { reduced: current, deletionOnly: true };
}

/** The trial that keeps or deletes block `i` of `parts`. */
function trial(current: readonly Json[], op: 'keep' | 'delete', i: number, parts: number): Trial {
  const [lo, hi] = block(i, parts, current.length);
  const edit: Edit = op === 'keep' ? { op, lo, hi } : { op, lo, hi };
  return { input: editUnits(current, edit), edit, granularity: parts };
}
