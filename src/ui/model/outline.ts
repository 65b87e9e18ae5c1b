import type { Json } from '../../core/input/kinds.js';
import { clipJson, clipText } from '../../core/text/clip.js';

/** One line of a JSON tree drawn as an outline. */
export interface OutlineRow {
  /** How deep the node is (1: a child of the root; 0: the root itself). */
  depth: number;
  /** The member name, or the array index, the node sits at (none for the root). */
  key: string | null;
  /** A leaf as JSON, or the bracket a container opens with and how many children it has. */
  text: string;
  /** Whether the node is in the block a trial removed (itself or an ancestor). */
  removed: boolean;
}

/** An outline and how many nodes did not fit. */
export interface Outline {
  rows: OutlineRow[];
  hidden: number;
}

/**
 * A JSON value as outline rows in document order, at most `max` of them. With `removed`, the
 * nodes `lo` to `hi - 1` of `level` (counted in document order, as `hdd` counts them) and their
 * subtrees are marked removed. Document order visits each level's nodes left to right, so the
 * n-th node of a level met here is the n-th node `removeAt` counts.
 */
export function outlineOf(
  value: Json,
  max = 200,
  removed?: { level: number; lo: number; hi: number },
): Outline {
  const rows: OutlineRow[] = [];
  const seen = new Map<number, number>();
  let hidden = 0;
  const visit = (node: Json, depth: number, key: string | null, inRemoved: boolean) => {
    let gone = inRemoved;
    if (depth > 0) {
      const at = seen.get(depth) ?? 0;
      seen.set(depth, at + 1);
      if (removed && depth === removed.level && at >= removed.lo && at < removed.hi) gone = true;
    }
    const kids: [string, Json][] = Array.isArray(node)
      ? node.map((child, i) => [String(i), child])
      : node !== null && typeof node === 'object'
        ? Object.entries(node)
        : [];
    const text = Array.isArray(node)
      ? `[ ${kids.length} ]`
      : node !== null && typeof node === 'object'
        ? `{ ${kids.length} }`
        : clipJson(node);
    if (rows.length < max) {
      rows.push({ depth, key: key === null ? null : clipText(key), text, removed: gone });
    } else hidden++;
    for (const [name, child] of kids) visit(child, depth + 1, name, gone);
  };
  visit(value, 0, null, false);
  return { rows, hidden };
}
