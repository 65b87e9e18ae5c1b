import { type Input, sameInput } from '../oracle/oracle.js';
import type { HistoryRow } from './types.js';

/** Whether `small` is a subsequence of `big` (same order, elements only deleted). */
export function isSubsequence(small: Input, big: Input): boolean {
  let j = 0;
  for (let i = 0; i < big.length && j < small.length; i++) if (Object.is(big[i], small[j])) j++;
  return j === small.length;
}

/**
 * Checks that a history is consistent: each trial is its `before` with exactly the recorded
 * edit applied, each row starts from the input left by the last accepted row, and accepted
 * deletions strictly shrink the input. Returns the problems found (empty when consistent).
 */
export function historyProblems(start: Input, history: readonly HistoryRow[]): string[] {
  const problems: string[] = [];
  let current: Input = start;
  history.forEach((row, k) => {
    const at = `history row ${k + 1}`;
    if (!sameInput(row.before, current)) problems.push(`${at}: before is not the current input`);
    const expected = expectedTrial(row);
    if (expected === null) problems.push(`${at}: no edit recorded`);
    else if (!sameInput(row.trial, expected)) {
      problems.push(`${at}: trial is not before with the recorded edit applied`);
    }
    if (row.accepted) {
      if ((row.removed || row.kept) && row.trial.length >= row.before.length) {
        problems.push(`${at}: an accepted deletion did not shrink the input`);
      }
      current = row.trial;
    }
  });
  return problems;
}

function expectedTrial(row: HistoryRow): number[] | null {
  if (row.removed)
    return [...row.before.slice(0, row.removed[0]), ...row.before.slice(row.removed[1])];
  if (row.kept) return row.before.slice(row.kept[0], row.kept[1]);
  if (row.set) {
    if (row.before[row.set.index] !== row.set.from) return null;
    const next = row.before.slice();
    next[row.set.index] = row.set.to;
    return next;
  }
  return null;
}

/**
 * Each input that removes exactly one element of `input` (the 1-minimality neighbourhood), one
 * at a time: a long result is never held n times over.
 */
export function* singleDeletions(input: Input): Generator<number[]> {
  for (let i = 0; i < input.length; i++) yield [...input.slice(0, i), ...input.slice(i + 1)];
}
