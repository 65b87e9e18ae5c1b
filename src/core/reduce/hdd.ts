import type { Edit } from '../input/edit.js';
import type { Json } from '../input/kinds.js';
import { countAt, depthOf, removeAt } from '../input/tree.js';
import { block } from './blocks.js';
import type { Judged, Reduced, Trial } from './types.js';

/**
 * Hierarchical delta debugging (Misherghi and Su), as HDD* repeats it: for each level of the
 * tree, from the root's children down, the article's block deletion runs over the nodes of that
 * level (removing a node removes its subtree); when a sweep of every level changed anything,
 * the tree is swept again. The last sweep tried every single node at every level without
 * success, so the result is 1-minimal: no one node can go.
 *
 * Deleting whole subtrees first, a tree loses in one trial what deletion of its text (character
 * by character) needs many for, and no trial is ever malformed.
 */
export function* hdd(start: Json): Generator<Trial<Json>, Reduced<Json>, Judged> {
  let current = start;
  for (;;) {
    const before = current;
    for (let level = 1; level <= depthOf(current); level++) {
      current = yield* sweepLevel(current, level);
    }
    if (current === before) break;
  }
  return { reduced: current, deletionOnly: true };
}

/** The article's block deletion over the nodes of one level. */
function* sweepLevel(start: Json, level: number): Generator<Trial<Json>, Json, Judged> {
  let current = start;
  let granularity = 2;
  for (;;) {
    const length = countAt(current, level);
    if (length === 0) return current;
    const parts = Math.min(granularity, length);
    let accepted = false;
    for (let i = 0; i < parts; i++) {
      const [lo, hi] = block(i, parts, length);
      const edit: Edit = { op: 'delete', lo, hi, level };
      const input = removeAt(current, level, lo, hi);
      const judged = yield { input, edit, granularity: parts };
      if (judged.chased) {
        current = input;
        accepted = true;
        break;
      }
    }
    if (accepted) {
      granularity = Math.max(2, parts - 1);
      continue;
    }
    if (parts === length) return current;
    granularity = Math.min(length, parts * 2);
  }
}
