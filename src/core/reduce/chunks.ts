import { type Edit, editUnits } from '../input/edit.js';
import type { Json } from '../input/kinds.js';
import { block } from './blocks.js';
import type { Judged, Reduced, Trial } from './types.js';

/**
 * The article's deletion reducer, trial for trial.
 *
 * Start with granularity 2. While the current input has at least two elements, split it into
 * `parts = min(granularity, length)` blocks and try removing each in order. On the first trial
 * that still fails, accept it and set `granularity = max(2, parts - 1)`. If no block can go,
 * stop when every block is one element, else double the granularity (up to the length).
 */
export function* chunks(start: readonly Json[]): Generator<Trial, Reduced, Judged> {
  return { reduced: yield* deleteBlocks(start, false), deletionOnly: true };
}

/**
 * The article's reducer with one change: after a successful removal of block `i`, the next
 * round starts at block `i` instead of block 0. The blocks before `i` were just tried and kept
 * (at a similar granularity), so trying them again first mostly wastes calls.
 */
export function* chunksResume(start: readonly Json[]): Generator<Trial, Reduced, Judged> {
  return { reduced: yield* deleteBlocks(start, true), deletionOnly: true };
}

/** The shared loop of {@link chunks} and {@link chunksResume}. */
export function* deleteBlocks(
  start: readonly Json[],
  resume: boolean,
): Generator<Trial, Json[], Judged> {
  let current = start.slice();
  let granularity = 2;
  let offset = 0;
  while (current.length >= 2) {
    const length = current.length;
    const parts = Math.min(granularity, length);
    let accepted = -1;
    for (let k = 0; k < parts; k++) {
      const i = (offset + k) % parts;
      const [lo, hi] = block(i, parts, length);
      const edit: Edit = { op: 'delete', lo, hi };
      const input = editUnits(current, edit);
      const judged = yield { input, edit, granularity: parts };
      if (judged.chased) {
        current = input;
        accepted = i;
        break;
      }
    }
    if (accepted >= 0) {
      granularity = Math.max(2, parts - 1);
      offset = resume ? accepted : 0;
      continue;
    }
    if (parts === length) break;
    granularity = Math.min(length, parts * 2);
    offset = 0;
  }
  return current;
}
