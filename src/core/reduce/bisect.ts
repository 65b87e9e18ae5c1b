import { type Edit, editUnits } from '../input/edit.js';
import type { Json } from '../input/kinds.js';
import { block } from './blocks.js';
import type { Judged, Reduced, Trial } from './types.js';

/**
 * Block deletion that bisects the blocks it cannot delete (adaptive group testing), the default
 * reducer of flat inputs.
 *
 * Sweep the input from left to right in blocks of `size` units (half the input at first),
 * cutting no block across a unit already known to be needed. Try deleting each block: if the
 * trial still fails, accept it and go on from the same place. If it passes, the block holds
 * something the failure needs, so bisect it: delete its first half; if that still fails, accept
 * it and look in the second half, else look in the first; down to one unit, which is marked
 * needed and skipped by later sweeps. A block whose deletion is INVALID (or flaky) tells nothing
 * about its halves and is left for finer sweeps. After each sweep the size halves; sweeps of
 * single units try every unit, needed ones included, and repeat until none can go, so the result
 * is 1-minimal.
 *
 * When at least half of the trials so far were INVALID (an input whose pieces rarely go alone,
 * such as brackets), each sweep with blocks of {@link KEEP_MIN} units or more starts with ddmin's
 * subset tests: each block is kept alone, and a block that fails on its own becomes the input
 * (the size restarts at half of it).
 *
 * Where ddmin, on a block it cannot delete, only learns to cut finer everywhere, the bisection
 * finds one needed unit in about log₂ of the block's size trials and deletes the clean halves on
 * its way. On the mixed suite (`src/core/reduce/suite.ts`) that takes under half the distinct
 * executions of Zeller's DD.py-style ddmin (`npm run bench`, section 4).
 */
export function* bisect(start: readonly Json[]): Generator<Trial, Reduced, Judged> {
  let current = start.slice();
  /** Whether each unit of `current` is known to be needed (its deletion passed). */
  let needed: boolean[] = current.map(() => false);
  let size = Math.max(1, Math.ceil(current.length / 2));
  let invalid = 0;
  let judgedCount = 0;

  /** Yields `trial` and keeps the INVALID count. */
  function* ask(trial: Trial): Generator<Trial, Judged, Judged> {
    const judged = yield trial;
    judgedCount++;
    if (judged.outcome === 'INVALID') invalid++;
    return judged;
  }

  /** Accepts `edit` (already judged failing) on `current` and `needed`. */
  const accept = (edit: Edit) => {
    current = editUnits(current, edit);
    needed = editUnits(needed, edit) as boolean[];
  };

  while (current.length > 0) {
    if (invalid * 2 >= judgedCount && judgedCount > 0 && size >= KEEP_MIN) {
      const parts = Math.ceil(current.length / size);
      const kept = yield* keepBlocks(current, parts, ask);
      if (kept) {
        accept(kept);
        size = Math.max(1, Math.ceil(current.length / 2));
        continue;
      }
    }
    const parts = Math.ceil(current.length / size);
    let changed = false;
    let at = 0;
    while (at < current.length) {
      if (needed[at] && size > 1) {
        at++;
        continue;
      }
      let hi = at + 1;
      while (hi < current.length && hi - at < size && !(needed[hi] && size > 1)) hi++;
      const edit: Edit = { op: 'delete', lo: at, hi };
      const judged = yield* ask({ input: editUnits(current, edit), edit, granularity: parts });
      if (judged.chased) {
        accept(edit);
        changed = true;
      } else if (judged.outcome === 'INVALID' || judged.flaky || hi - at === 1) {
        if (hi - at === 1 && judged.outcome !== 'INVALID' && !judged.flaky) needed[at] = true;
        at = hi;
      } else {
        // The block holds a needed unit: find one, deleting the clean halves on the way.
        const found = yield* bisectBlock(current, at, hi, parts, ask, (removed) => {
          accept(removed);
          changed = true;
        });
        if (found.needed) needed[found.at] = true;
        at = found.next;
      }
    }
    if (size === 1 && !changed) break;
    if (size > 1) size = Math.max(1, Math.floor(size / 2));
  }
  return { reduced: current, deletionOnly: true };
}

/** Kept blocks shorter than this are not tried: they rarely fail alone, and cost a trial each. */
export const KEEP_MIN = 8;

type Ask = (trial: Trial) => Generator<Trial, Judged, Judged>;

/** ddmin's subset tests: keeps each of `parts` blocks alone; the first that fails, if any. */
function* keepBlocks(
  current: readonly Json[],
  parts: number,
  ask: Ask,
): Generator<Trial, Edit | null, Judged> {
  if (parts < 2) return null;
  for (let i = 0; i < parts; i++) {
    const [lo, hi] = block(i, parts, current.length);
    const edit: Edit = { op: 'keep', lo, hi };
    if ((yield* ask({ input: editUnits(current, edit), edit, granularity: parts })).chased) {
      return edit;
    }
  }
  return null;
}

/**
 * Bisects the block `[lo, hi)` of `current`, whose deletion passed: deletes its first half
 * (`onRemoved` accepts a deletion that still fails, and the search goes on in what is left),
 * else goes on in that half. Returns the unit it narrowed down to and where the sweep goes on;
 * `needed` is false when an INVALID or flaky half stopped the search early.
 */
function* bisectBlock(
  start: readonly Json[],
  lo: number,
  hi: number,
  parts: number,
  ask: Ask,
  onRemoved: (edit: Edit) => void,
): Generator<Trial, { needed: boolean; at: number; next: number }, Judged> {
  let current = start;
  let end = hi;
  while (end - lo > 1) {
    const mid = lo + Math.floor((end - lo) / 2);
    const edit: Edit = { op: 'delete', lo, hi: mid };
    const input = editUnits(current, edit);
    const judged = yield* ask({ input, edit, granularity: parts });
    if (judged.chased) {
      onRemoved(edit);
      current = input;
      end -= mid - lo;
    } else if (judged.outcome === 'INVALID' || judged.flaky) {
      return { needed: false, at: lo, next: end };
    } else {
      end = mid;
    }
  }
  return { needed: true, at: lo, next: lo + 1 };
}
