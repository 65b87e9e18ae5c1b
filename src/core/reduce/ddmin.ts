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
 * At `n = 2` a subset is the other block's complement, so the complement tests repeat earlier
 * trials: with the outcome cache on they cost no execution.
 */
export function* ddmin(start: readonly Json[]): Generator<Trial, Reduced, Judged> {
  let current = start.slice();
  let n = 2;
  outer: while (current.length >= 2) {
    const length = current.length;
    const parts = Math.min(n, length);
    for (const op of ['keep', 'delete'] as const) {
      for (let i = 0; i < parts; i++) {
        const [lo, hi] = block(i, parts, length);
        const edit: Edit = { op, lo, hi };
        const input = editUnits(current, edit);
        const judged = yield { input, edit, granularity: parts };
        if (judged.chased) {
          current = input;
          n = op === 'keep' ? 2 : Math.max(parts - 1, 2);
          continue outer;
        }
      }
    }
    if (parts >= length) break;
    n = Math.min(length, parts * 2);
  }
  return { reduced: current, deletionOnly: true };
}
