import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  nextToTest,
  type VersionMark,
  versionBisect,
} from '../../../src/core/history/version-bisect.js';
import { versionBisectSync } from '../../support/version-bisect-sync.js';

/** A history good before version `first` and bad from it on. */
const monotone =
  (first: number) =>
  (version: number): VersionMark =>
    version < first ? 'good' : 'bad';

describe('bisect', () => {
  it('tests the middle first and halves the range, as git bisect does', () => {
    const run = versionBisectSync(8, monotone(4));
    expect(run.tested).toEqual([
      { version: 3, mark: 'good' },
      { version: 5, mark: 'bad' },
      { version: 4, mark: 'bad' },
    ]);
    expect(run).toMatchObject({ lastGood: 3, firstBad: 4, skipped: [], tests: 3 });
  });

  it('finds the first bad version of every monotone history in at most ⌈log₂ n⌉ + 1 tests', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }).chain((n) => fc.tuple(fc.constant(n), fc.nat(n))),
        ([n, first]) => {
          const run = versionBisectSync(n, monotone(first));
          expect(run.firstBad).toBe(first);
          expect(run.lastGood).toBe(first - 1);
          expect(run.skipped).toEqual([]);
          expect(run.tests).toBe(run.tested.length);
          expect(run.tests).toBeLessThanOrEqual(Math.ceil(Math.log2(n)) + 1);
          // Never the same version twice.
          expect(new Set(run.tested.map((t) => t.version)).size).toBe(run.tests);
        },
      ),
    );
  });

  it('skips unresolved versions and names every skipped one that may be the first bad', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 60 })
          .chain((n) =>
            fc.tuple(fc.constant(n), fc.nat(n), fc.uniqueArray(fc.nat(n - 1), { maxLength: n })),
          ),
        ([n, first, unresolved]) => {
          const skip = new Set(unresolved);
          const run = versionBisectSync(n, (v) => (skip.has(v) ? 'skip' : monotone(first)(v)));
          // The true first bad version lies in the range left, whose inside is all skipped.
          expect(run.lastGood).toBeLessThan(first);
          expect(run.firstBad).toBeGreaterThanOrEqual(first);
          for (let v = run.lastGood + 1; v < run.firstBad; v++) expect(skip.has(v)).toBe(true);
          expect(run.skipped).toEqual(
            [...skip].filter((v) => v > run.lastGood && v < run.firstBad).sort((a, b) => a - b),
          );
          expect(new Set(run.tested.map((t) => t.version)).size).toBe(run.tests);
        },
      ),
    );
  });

  it('tests the nearest untested version when the middle was skipped', () => {
    expect(nextToTest(-1, 8, new Set([3]))).toBe(2);
    expect(nextToTest(-1, 8, new Set([3, 2]))).toBe(4);
    expect(nextToTest(2, 4, new Set([3]))).toBeNull();
  });

  it('has nothing to test in an empty history', () => {
    expect(versionBisect(0).next()).toEqual({
      done: true,
      value: { lastGood: -1, firstBad: 0, skipped: [], tests: 0 },
    });
  });
});
