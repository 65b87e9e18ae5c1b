import type { Json } from './json-value.js';

/**
 * A JSON value as a tree for hierarchical delta debugging. Its nodes are the elements of arrays
 * and the members of objects; the root is not a node (it cannot be removed). Level 1 holds the
 * root's children, level 2 theirs, and so on; on a level, nodes are counted in document order.
 * Removing a node removes its whole subtree. Nothing is changed in place: what is not touched is
 * shared between a tree and the trees made from it.
 */

/** Whether a JSON value has children (an array or an object). */
function isContainer(value: Json): value is Json[] | { [key: string]: Json } {
  return typeof value === 'object' && value !== null;
}

function children(value: Json): Json[] {
  if (Array.isArray(value)) return value;
  return isContainer(value) ? Object.values(value) : [];
}

/** How many levels of nodes the tree has (0 for a value without children). */
export function depthOf(value: Json): number {
  let depth = 0;
  let level: Json[] = [value];
  for (;;) {
    const next = level.flatMap(children);
    if (next.length === 0) return depth;
    depth++;
    level = next;
  }
}

/** How many nodes are on `level` (1-based). */
export function countAt(value: Json, level: number): number {
  let nodes: Json[] = [value];
  for (let d = 0; d < level; d++) nodes = nodes.flatMap(children);
  return nodes.length;
}

/** How many nodes the tree has, on every level. */
export function nodeCount(value: Json): number {
  let count = 0;
  let level: Json[] = [value];
  for (;;) {
    level = level.flatMap(children);
    if (level.length === 0) return count;
    count += level.length;
  }
}

/** The tree without the nodes `lo` to `hi - 1` of `level` (and their subtrees). */
export function removeAt(value: Json, level: number, lo: number, hi: number): Json {
  const seen = { count: 0 };
  return prune(value, 1, level, lo, hi, seen);
}

function prune(
  value: Json,
  depth: number,
  level: number,
  lo: number,
  hi: number,
  seen: { count: number },
): Json {
  if (!isContainer(value)) return value;
  const keep = (child: Json) => {
    if (depth < level) return { kept: true, child: prune(child, depth + 1, level, lo, hi, seen) };
    const at = seen.count++;
    return { kept: at < lo || at >= hi, child };
  };
  let changed = false;
  if (Array.isArray(value)) {
    const out: Json[] = [];
    for (const item of value) {
      const { kept, child } = keep(item);
      if (!kept || child !== item) changed = true;
      if (kept) out.push(child);
    }
    return changed ? out : value;
  }
  const out: { [key: string]: Json } = {};
  for (const [key, item] of Object.entries(value)) {
    const { kept, child } = keep(item);
    if (!kept || child !== item) changed = true;
    // defineProperty: a member named "__proto__" stays a member.
    if (kept)
      Object.defineProperty(out, key, {
        value: child,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return changed ? out : value;
}

/** Every tree with exactly one node (and its subtree) removed, level by level, one at a time. */
export function* singleRemovals(value: Json): Generator<Json> {
  const depth = depthOf(value);
  for (let level = 1; level <= depth; level++) {
    const count = countAt(value, level);
    for (let i = 0; i < count; i++) yield removeAt(value, level, i, i + 1);
  }
}

/** Whether `small` is `big` with some nodes removed (types and leaf values kept, order kept). */
export function isPruningOf(small: Json, big: Json): boolean {
  if (!isContainer(small) || !isContainer(big)) return Object.is(small, big) || small === big;
  if (Array.isArray(small) !== Array.isArray(big)) return false;
  if (Array.isArray(small) && Array.isArray(big)) {
    let j = 0;
    for (let i = 0; i < big.length && j < small.length; i++) {
      if (isPruningOf(small[j] as Json, big[i] as Json)) j++;
    }
    return j === small.length;
  }
  const bigObject = big as { [key: string]: Json };
  const bigKeys = Object.keys(bigObject);
  let at = 0;
  for (const [key, item] of Object.entries(small)) {
    const found = bigKeys.indexOf(key, at);
    if (found < 0 || !isPruningOf(item, bigObject[key] as Json)) return false;
    at = found + 1;
  }
  return true;
}
