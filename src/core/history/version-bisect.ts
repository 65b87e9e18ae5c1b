/**
 * Bisecting a history, as `git bisect` does: versions `0 … n−1` in order, the first bad one
 * wanted. The search keeps `lastGood` (−1: before the first version) and `firstBad` (`n`: after
 * the last) and tests a version between them, the middle one unless it was skipped; a good mark
 * moves `lastGood` up to it, a bad one `firstBad` down. A version that can be judged neither way
 * (it does not load, or fails another way) is skipped, and the untested version nearest the
 * middle is tested instead. It ends when no untested version is left between the two: when none
 * was skipped they are neighbours, and `firstBad` is the version that introduced the failure.
 * For a history that is good up to one version and bad from it on, it needs at most
 * ⌈log₂(n + 1)⌉ ≤ ⌈log₂ n⌉ + 1 tests.
 */

/** What a test of one version says: it passes, it fails the way chased, or neither. */
export type VersionMark = 'good' | 'bad' | 'skip';

/** Where a bisection ended. */
export interface VersionBisectResult {
  /** The last version known good (−1: none, the first version already fails). */
  lastGood: number;
  /** The first version known bad (`n`: none, the last version still passes). */
  firstBad: number;
  /** The versions between the two that were skipped: any of them may be the first bad one. */
  skipped: number[];
  /** How many versions were tested. */
  tests: number;
}

/** A bisection: yields the version to test next, receives its mark, returns where it ended. */
export type VersionBisection = Generator<number, VersionBisectResult, VersionMark>;

/** Bisects a history of `count` versions (see the module's doc comment). */
export function* versionBisect(count: number): VersionBisection {
  let lastGood = -1;
  let firstBad = count;
  let tests = 0;
  const skipped = new Set<number>();
  for (;;) {
    const version = nextToTest(lastGood, firstBad, skipped);
    if (version === null) break;
    const mark = yield version;
    tests++;
    if (mark === 'good') lastGood = version;
    else if (mark === 'bad') firstBad = version;
    else skipped.add(version);
  }
  const between = [...skipped].filter((v) => v > lastGood && v < firstBad).sort((a, b) => a - b);
  return { lastGood, firstBad, skipped: between, tests };
}

/**
 * The untested version strictly between `lastGood` and `firstBad` nearest their middle (the
 * lower one first at equal distance), or null when every one there was skipped.
 */
export function nextToTest(
  lastGood: number,
  firstBad: number,
  skipped: ReadonlySet<number>,
): number | null {
  const middle = Math.floor((lastGood + firstBad) / 2);
  for (let distance = 0; distance < firstBad - lastGood; distance++) {
    for (const version of distance === 0 ? [middle] : [middle - distance, middle + distance]) {
      if (version > lastGood && version < firstBad && !skipped.has(version)) return version;
    }
  }
  return null;
}
