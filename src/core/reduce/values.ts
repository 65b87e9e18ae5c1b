import type { Input } from '../oracle/oracle.js';
import { deleteBlocks } from './chunks.js';
import type { Edit, Judged, Reduced, Trial } from './types.js';

/**
 * Deletion, then value shrinking: after the article's deletion pass, move each integer toward 0
 * (try 0 first, then bisect between 0 and the value), accepting only changes that still fail.
 * When a value changed, deletion runs again, until neither pass changes anything. Each accepted
 * step makes the input shorter or its total magnitude smaller, so this ends.
 *
 * The result is no longer a subsequence of the start, and is reported as such.
 */
export function* values(start: Input): Generator<Trial, Reduced, Judged> {
  let current = yield* deleteBlocks(start, false);
  let deletionOnly = true;
  for (;;) {
    let changed = false;
    for (let index = 0; index < current.length; index++) {
      const shrunk = yield* shrinkValue(current, index);
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

/**
 * Moves `input[index]` toward 0 as far as the failure allows: 0 first, then a bisection between
 * the closest value known to pass and the farthest known to fail. Returns `input` itself when
 * nothing changed.
 */
function* shrinkValue(input: number[], index: number): Generator<Trial, number[], Judged> {
  let current = input;
  let failing = input[index] ?? 0;
  let passing = 0;
  const attempt = function* (value: number): Generator<Trial, boolean, Judged> {
    const edit: Edit = { op: 'set', index, value };
    const next = current.slice();
    next[index] = value;
    const judged = yield { input: next, edit };
    if (judged.chased) current = next;
    return judged.chased;
  };
  if (failing === 0) return input;
  if (yield* attempt(0)) return current;
  // Invariant: `passing` is closer to 0 than `failing`; `failing` still fails.
  while (Math.abs(failing - passing) > 1) {
    const mid = passing + Math.trunc((failing - passing) / 2);
    if (yield* attempt(mid)) failing = mid;
    else passing = mid;
  }
  return current;
}
