import type { Json } from '../input/kinds.js';
import { anchoredDiff } from './anchored.js';
import { interned } from './intern.js';
import { myersDiff } from './myers.js';
import type { DiffRun } from './runs.js';

/**
 * The work a diff does at most beyond a few linear passes, in comparisons of numbers: a few tens
 * of milliseconds. Two files with a few hundred changed lines in a few thousand get their
 * shortest diff; two sides that differ everywhere get a correct one, at once.
 */
export const DIFF_WORK = 4_000_000;

/**
 * A diff of two sequences of numbers that takes time linear in their length and `work`, never
 * more: a shortest diff (Myers', as the `diff` package finds it) when one is found within `work`
 * comparisons, else an anchored one (see `anchoredDiff`) within `work` more.
 */
export function boundedDiff(
  a: readonly number[],
  b: readonly number[],
  work: number = DIFF_WORK,
): DiffRun[] {
  const size = Math.max(1, a.length + b.length);
  return myersDiff(a, b, Math.floor(work / size)) ?? anchoredDiff(a, b, { left: work });
}

/** {@link boundedDiff} of two sequences of JSON values, equal as `sameValue` has it. */
export function diffValues(a: readonly Json[], b: readonly Json[]): DiffRun[] {
  const ids = interned(a, b);
  return boundedDiff(ids.a, ids.b);
}
