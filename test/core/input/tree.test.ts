import { describe, expect, it } from 'vitest';
import type { Json } from '../../../src/core/input/kinds.js';
import {
  countAt,
  isPruningOf,
  nodeCount,
  removeAt,
  singleRemovals,
} from '../../../src/core/input/tree.js';

const TREE: Json = { a: [1, 2, { b: 3 }], c: { d: null }, e: 'x' };

describe('trees for hdd', () => {
  it('counts nodes level by level (the root is not a node)', () => {
    expect([1, 2, 3].map((level) => countAt(TREE, level))).toEqual([3, 4, 1]);
    expect(nodeCount(TREE)).toBe(8);
  });

  it('removes nodes of a level with their subtrees, sharing what it does not touch', () => {
    const pruned = removeAt(TREE, 2, 1, 3) as { a: Json[]; c: Json; e: Json };
    expect(pruned).toEqual({ a: [1], c: { d: null }, e: 'x' });
    expect(pruned.c).toBe((TREE as { c: Json }).c);
    expect(removeAt(TREE, 1, 0, 3)).toEqual({});
    // Nothing in range: the same tree, not a copy.
    expect(removeAt(TREE, 3, 5, 6)).toBe(TREE);
  });

  it('lists each tree with one node fewer, and knows a pruning of a tree', () => {
    const smaller = [...singleRemovals(TREE)];
    expect(smaller).toHaveLength(8);
    for (const tree of smaller) {
      expect(nodeCount(tree)).toBeLessThan(nodeCount(TREE));
      expect(isPruningOf(tree, TREE)).toBe(true);
    }
    expect(isPruningOf({ a: [2] }, TREE)).toBe(true);
    expect(isPruningOf({ a: [3] }, TREE)).toBe(false);
    expect(isPruningOf({ z: 1 }, TREE)).toBe(false);
  });
});
