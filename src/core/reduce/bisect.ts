import { type Edit, editUnits } from '../input/edit.js';
import type { Json } from '../input/kinds.js';
import { block } from './blocks.js';
import type { Judged, Reduced, Trial } from './types.js';

/**
 * Block deletion that bisects the blocks it cannot delete (adaptive group testing), the default
 * reducer of flat inputs.
 *
 * Sweep the input from left to right in blocks of `size` units (half the input at first),
 * cutting no block across a unit already known to be needed. Try deleting each block: if the
 * trial still fails, accept it and go on from the same place. If it passes, the block holds
 * something the failure needs, so bisect it: delete its first half; if that still fails, accept
 * it and look in the second half, else look in the first; down to one unit, which is marked
 * needed and skipped by later sweeps. A block whose deletion is INVALID (or flaky) tells nothing
 * about its halves and is left for finer sweeps. A block that would be the whole input is
 * bisected without its trial (the empty input, tried last by the single-unit sweeps). After each
 * sweep the size halves; sweeps of single units try every unit, needed ones included, and repeat
 * until none can go, so the result is 1-minimal.
 *
 * When at least half of the trials so far were INVALID (an input whose pieces rarely go alone,
 * such as brackets), each sweep with blocks of {@link KEEP_MIN} units or more starts with ddmin's
 * subset tests: each block is kept alone, and a block that fails on its own becomes the input
 * (the size restarts at half of it).
 *
 * Where ddmin, on a block it cannot delete, only learns to cut finer everywhere, the bisection
 * finds one needed unit in about log₂ of the block's size trials and deletes the clean halves on
 * its way. On the mixed suite (`src/core/reduce/suite.ts`) that takes about half the distinct
 * executions of Zeller's DD.py-style ddmin, with results no larger (`bench/flat-default.ts`).
 */
export function* bisect(start: readonly Json[]): Generator<Trial, Reduced, Judged> {
  let current = start.slice();
  /** Whether each unit of `current` is known to be needed (a passing deletion narrowed to it). */
  let needed: boolean[] = current.map(() => false);
  let size = Math.max(1, Math.ceil(current.length / 2));
  const seen = { trials: 0, invalid: 0 };
  const ask = counting(seen);
  /** The halvings so far, and how many were chased (see `bisectBlock`'s guesses). */
  const halvings = { trials: 0, chased: 0 };
  /** Takes a trial that still fails: its input, made by `edit`, becomes the current one. */
  const accept = (edit: Edit, input: Json[]) => {
    current = input;
    if (edit.op === 'keep') needed = needed.slice(edit.lo, edit.hi);
    else if (edit.op === 'delete') needed.splice(edit.lo, edit.hi - edit.lo);
  };
  while (current.length > 0) {
    if (size >= KEEP_MIN && seen.invalid * 2 >= seen.trials && seen.trials > 0) {
      const kept = yield* keepBlocks(current, Math.ceil(current.length / size), ask);
      if (kept) {
        accept(kept.edit, kept.input);
        size = Math.max(1, Math.ceil(current.length / 2));
        continue;
      }
    }
    const parts = Math.ceil(current.length / size);
    /** Whether a unit is skipped by this sweep (needed units are tried only one by one). */
    const skip = (at: number) => size > 1 && needed[at] === true;
    let changed = false;
    let lo = 0;
    while (lo < current.length) {
      if (skip(lo)) {
        lo++;
        continue;
      }
      let hi = lo + 1;
      while (hi < current.length && hi - lo < size && !skip(hi)) hi++;
      const edit: Edit = { op: 'delete', lo, hi };
      const input = editUnits(current, edit);
      // Deleting every unit leaves the empty input, which the sweeps of single units try last:
      // a block of the whole input goes straight to its bisection.
      const whole = hi - lo === current.length && hi - lo > 1;
      // Named only for a trial that is not chased (see `Trial.ahead`).
      const after = (count: number, chased?: boolean) =>
        chased ? [] : take(pathAfter(current, needed, size, [lo, hi, hi], likely(seen)), count);
      const judged = whole ? PASSED : yield* ask({ input, edit, granularity: parts, ahead: after });
      if (judged.chased) {
        accept(edit, input);
        changed = true;
      } else if (!informative(judged)) {
        lo = hi;
      } else if (hi - lo === 1) {
        needed[lo] = true;
        lo = hi;
      } else {
        const rest = (now: readonly Json[], removed: number, trial: Trio) =>
          pathAfter(
            now,
            [...needed.slice(0, lo), ...needed.slice(lo + removed)],
            size,
            trial,
            likely(seen),
          );
        const found = yield* bisectBlock(current, lo, hi, ask, rest, halvings);
        for (const removed of found.removed) accept(removed.edit, removed.input);
        if (found.removed.length > 0) changed = true;
        if (found.needed) needed[found.lo] = true;
        lo = found.next;
      }
    }
    if (size === 1 && !changed) break;
    size = Math.max(1, Math.floor(size / 2));
  }
  return { reduced: current, deletionOnly: true };
}

/**
 * Blocks shorter than this are not kept alone: a short block rarely fails on its own and a round
 * of them costs one trial per block (8 was the best of 1, 2, 4 and 8 on the mixed suite's
 * brackets, none of which gave a larger result).
 */
export const KEEP_MIN = 8;

type Ask = (trial: Trial) => Generator<Trial, Judged, Judged>;

/** What a block of the whole input is taken to do: pass (its deletion is not tried). */
const PASSED: Judged = { outcome: 'PASS', chased: false };

/** A deletion or a kept block that still failed, and the input it made. */
interface Taken {
  edit: Edit;
  input: Json[];
}

/** ddmin's subset tests: keeps each of `parts` blocks alone; the first that fails, if any. */
function* keepBlocks(
  current: readonly Json[],
  parts: number,
  ask: Ask,
): Generator<Trial, Taken | null, Judged> {
  if (parts < 2) return null;
  for (let i = 0; i < parts; i++) {
    const [lo, hi] = block(i, parts, current.length);
    const edit: Edit = { op: 'keep', lo, hi };
    const input = editUnits(current, edit);
    const judged = yield* ask({ input, edit, granularity: parts });
    if (judged.chased) {
      return { edit, input };
    }
  }
  return null;
}

/**
 * Bisects the block `[lo, hi)` of `start`, whose deletion passed: deletes its first half; if that
 * still fails, the search goes on in what is left of the block, else in that half. Returns the
 * deletions it made (in order), the unit it narrowed the block down to, and where the sweep goes
 * on; `needed` is false when an INVALID or flaky half stopped the search early.
 */
function* bisectBlock(
  start: readonly Json[],
  lo: number,
  hi: number,
  ask: Ask,
  rest: (current: readonly Json[], removed: number, trial: Trio) => Iterable<Json[]>,
  halvings: { trials: number; chased: number },
): Generator<Trial, { removed: Taken[]; needed: boolean; lo: number; next: number }, Judged> {
  let current = start;
  let end = hi;
  const removed: Taken[] = [];
  while (end - lo > 1) {
    const mid = lo + Math.floor((end - lo) / 2);
    const edit: Edit = { op: 'delete', lo, hi: mid };
    const input = editUnits(current, edit);
    const now = current;
    const gone = hi - end;
    // A halving is a binary search's step: where the needed units are sparse, it is chased
    // about half of the time and a guess that it is not would be wasted as often. Trials are
    // named ahead only while at most a third of the halvings so far were chased.
    const likely = halvings.chased * 3 <= halvings.trials;
    const ahead = (count: number, chased?: boolean) =>
      chased ? [] : take(rest(now, gone, [lo, mid, end]), count);
    const judged = yield* ask({ input, edit, ...(likely ? { ahead } : {}) });
    halvings.trials++;
    if (judged.chased) halvings.chased++;
    if (judged.chased) {
      removed.push({ edit, input });
      current = input;
      end -= mid - lo;
    } else if (!informative(judged)) {
      return { removed, needed: false, lo, next: end };
    } else {
      end = mid;
    }
  }
  return { removed, needed: true, lo, next: lo + 1 };
}

/** Whether a trial that did not fail says its deleted units hold a needed one (not INVALID, not flaky). */
function informative(judged: Judged): boolean {
  return judged.outcome !== 'INVALID' && judged.flaky === undefined;
}

/** An `ask` that yields a trial and counts it, and the INVALID ones, in `seen`. */
function counting(seen: { trials: number; invalid: number }): Ask {
  return function* ask(trial) {
    const judged = yield trial;
    seen.trials++;
    if (judged.outcome === 'INVALID') seen.invalid++;
    return judged;
  };
}

/** A deletion trial `[lo, mid)` of a sweep's block that ends at `end` now. */
type Trio = [lo: number, mid: number, end: number];

/**
 * The outcome a trial that is not chased is likeliest to have: INVALID where at least half of
 * the trials so far were (as {@link bisect} goes on to keep blocks alone), else PASS.
 */
function likely(seen: { trials: number; invalid: number }): 'PASS' | 'INVALID' {
  return seen.trials > 0 && seen.invalid * 2 >= seen.trials ? 'INVALID' : 'PASS';
}

/**
 * The trials a sweep makes after deleting `[lo, mid)` of `current` (of the block that ends at
 * `end`) while every trial comes out as `assume` says (the `ahead` of its trials): after a
 * PASS, the halvings of `[lo, mid)` down to one unit, then the blocks of `size` from the unit
 * after `lo` on; after an INVALID, the blocks from `end` on (each with its halvings, under
 * PASS), to the end of the sweep.
 */
export function* pathAfter(
  current: readonly Json[],
  needed: readonly boolean[],
  size: number,
  [lo, mid, end]: Trio,
  assume: 'PASS' | 'INVALID',
): Generator<Json[]> {
  const without = (from: number, to: number) => [...current.slice(0, from), ...current.slice(to)];
  const skip = (at: number) => size > 1 && needed[at] === true;
  const pass = assume === 'PASS';
  let at = pass ? lo : end;
  let hi = pass ? mid : end;
  for (;;) {
    if (pass) {
      for (let e = hi; e - at > 1; ) {
        const half = at + Math.floor((e - at) / 2);
        yield without(at, half);
        e = half;
      }
      at++;
    } else at = hi;
    while (at < current.length && skip(at)) at++;
    if (at >= current.length) return;
    hi = at + 1;
    while (hi < current.length && hi - at < size && !skip(hi)) hi++;
    if (!(hi - at === current.length && hi - at > 1)) yield without(at, hi);
  }
}
/** The first `count` items of `items`. */
function take<T>(items: Iterable<T>, count: number): T[] {
  const out: T[] = [];
  if (count <= 0) return out;
  for (const item of items) {
    out.push(item);
    if (out.length >= count) break;
  }
  return out;
}
