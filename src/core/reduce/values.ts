import type { Edit } from '../input/edit.js';
import type { Json } from '../input/kinds.js';
import { deleteBlocks } from './chunks.js';
import type { Judged, Reduced, Trial } from './types.js';

/** The character a character is simplified to. */
export const SIMPLEST_CHAR = 'a';

/**
 * Deletion, then value shrinking: after the article's deletion pass, move each integer unit
 * toward 0 (try 0 first, then bisect between 0 and the value), and turn each character unit
 * into {@link SIMPLEST_CHAR}, accepting only changes that still fail. When a unit changed,
 * deletion runs again, until neither pass changes anything. Each accepted step makes the input
 * shorter, its total magnitude smaller, or one more character simplest, so this ends.
 *
 * The result is no longer a subsequence of the start, and is reported as such.
 */
export function* values(start: readonly Json[]): Generator<Trial, Reduced, Judged> {
  let current = yield* deleteBlocks(start, false);
  let deletionOnly = true;
  for (;;) {
    let changed = false;
    for (let index = 0; index < current.length; index++) {
      const unit = current[index];
      const shrunk =
        typeof unit === 'number'
          ? yield* shrinkNumber(current, index, unit)
          : typeof unit === 'string' && [...unit].length === 1 && unit !== SIMPLEST_CHAR
            ? yield* simplify(current, index)
            : current;
      if (shrunk !== current) {
        current = shrunk;
        changed = true;
      }
    }
    if (!changed) break;
    deletionOnly = false;
    current = yield* deleteBlocks(current, false);
  }
  return { reduced: current, deletionOnly };
}

/** Tries `value` at `index`; returns the new units when the change still fails, else null. */
function* attempt(
  units: Json[],
  index: number,
  value: Json,
): Generator<Trial, Json[] | null, Judged> {
  const edit: Edit = { op: 'set', index, value };
  const next = units.slice();
  next[index] = value;
  const judged = yield { input: next, edit };
  return judged.chased ? next : null;
}

/**
 * Moves the integer at `index` toward 0 as far as the failure allows: 0 first, then a bisection
 * between the closest value known to pass and the farthest known to fail. Returns `units` itself
 * when nothing changed.
 */
function* shrinkNumber(
  units: Json[],
  index: number,
  value: number,
): Generator<Trial, Json[], Judged> {
  if (value === 0) return units;
  const zero = yield* attempt(units, index, 0);
  if (zero) return zero;
  let current = units;
  let failing = value;
  let passing = 0;
  // Invariant: `passing` is closer to 0 than `failing`; `failing` still fails.
  while (Math.abs(failing - passing) > 1) {
    const mid = passing + Math.trunc((failing - passing) / 2);
    const next = yield* attempt(current, index, mid);
    if (next) {
      current = next;
      failing = mid;
    } else passing = mid;
  }
  return current;
}

/** Turns the character at `index` into the simplest one, when the failure allows. */
function* simplify(units: Json[], index: number): Generator<Trial, Json[], Judged> {
  return (yield* attempt(units, index, SIMPLEST_CHAR)) ?? units;
}
