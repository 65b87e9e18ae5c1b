import { diffArrays } from 'diff';
import type { DiffRun } from './runs.js';

/**
 * A shortest diff of `a` and `b` (Myers' O(ND) algorithm, the `diff` package's), or undefined
 * when it needs more than `maxEdits` removals and insertions: it stops there, having done work
 * of the order of `(a.length + b.length) × maxEdits` comparisons of numbers.
 */
export function myersDiff(
  a: readonly number[],
  b: readonly number[],
  maxEdits: number,
): DiffRun[] | undefined {
  const changes = diffArrays(a as number[], b as number[], { maxEditLength: maxEdits });
  if (!changes) return undefined;
  return changes.map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    count: change.count,
  }));
}

/** The edits a diff makes: its removals and insertions. */
export function editCount(runs: readonly DiffRun[]): number {
  let count = 0;
  for (const run of runs) if (run.kind !== 'same') count += run.count;
  return count;
}
