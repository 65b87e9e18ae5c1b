import { chunks } from './chunks.js';

/**
 * How the article's reducer's `calls` grow with the length of its input: "in the worst case the
 * calls to test alone can reach O(n²)". The exhaustive check (length ≤ 6) cannot show that, so
 * here `chunks` itself runs, in the thread, on inputs `[0, 1, …, n − 1]` against three
 * predicates written out below (no user code). With `p` the smallest power of two ≥ n:
 *
 * - `worst`: FAIL iff the input is a prefix of the original followed by its last element. No
 *   block the reducer tries before the finest granularity can go (for n a power of two); each
 *   round only the element just before the last can, and every block in front of it is tried
 *   first: `(n + 2)(n − 1)/2 + p − n` calls, about n²/2.
 * - `allNeeded`: FAIL iff no element is missing (the input is already 1-minimal). Every
 *   granularity is tried once and nothing goes: `n + p − 1` calls, linear, not quadratic.
 * - `singleCause`: FAIL iff the first element is present (one marked element). Each round
 *   keeps the half that holds it, after trying to remove that half: `2⌊log₂ n⌋ + 1` calls.
 *
 * Calls are counted as the article counts them: the confirmation of the start input plus every
 * trial, with no cache (none of these predicates is asked the same input twice).
 */

/** A synchronous FAIL/not-FAIL predicate over an input of distinct integers. */
export type Fails = (input: readonly number[]) => boolean;

/** The predicates measured, by name. */
export type GrowthCase = 'worst' | 'allNeeded' | 'singleCause';

/** The article's `calls` of one reduction per predicate, at one input length. */
export interface GrowthPoint {
  length: number;
  worst: number;
  allNeeded: number;
  singleCause: number;
}

/** The lengths the panel's chart measures: 2, 4, 8, …, 256. */
export const GROWTH_LENGTHS: readonly number[] = [2, 4, 8, 16, 32, 64, 128, 256];

/** The input of length `n`: `[0, 1, …, n − 1]` (distinct, so each element is told apart). */
export function growthInput(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

/** The three predicates for the input of length `n` (see the module comment). */
export function growthPredicates(n: number): Record<GrowthCase, Fails> {
  const last = n - 1;
  return {
    worst: (input) => {
      const end = input.length - 1;
      if (end < 0 || input[end] !== last) return false;
      for (let i = 0; i < end; i++) if (input[i] !== i) return false;
      return true;
    },
    allNeeded: (input) => input.length === n,
    singleCause: (input) => input.includes(0),
  };
}

/**
 * Reduces `start` with the article's reducer against `fails` and returns its `calls`: 1 for
 * the confirmation plus one per trial. Throws when `start` does not fail, as the article does.
 */
export function chunksCalls(start: readonly number[], fails: Fails): number {
  if (!fails(start)) throw new Error(`the start input of length ${start.length} does not fail`);
  let calls = 1;
  const reducer = chunks(start);
  let step = reducer.next();
  while (!step.done) {
    calls++;
    const chased = fails(step.value.input as readonly number[]);
    step = reducer.next({ outcome: chased ? 'FAIL' : 'PASS', chased });
  }
  return calls;
}

/**
 * The calls of each predicate at each length, one point at a time, so that a caller can stop
 * between lengths.
 */
export function* callGrowth(
  lengths: readonly number[] = GROWTH_LENGTHS,
): Generator<GrowthPoint, void, void> {
  for (const length of lengths) {
    const start = growthInput(length);
    const fails = growthPredicates(length);
    yield {
      length,
      worst: chunksCalls(start, fails.worst),
      allNeeded: chunksCalls(start, fails.allNeeded),
      singleCause: chunksCalls(start, fails.singleCause),
    };
  }
}

/** The reference curve drawn with the measured calls: n²/2. */
export function halfSquare(n: number): number {
  return (n * n) / 2;
}
