import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drive } from '../../../src/core/reduce/driver.js';
import { stepThroughSync } from '../../../src/core/reduce/runner.js';
import { mixedSuite, SUITE_FAMILIES, SUITE_LENGTHS } from '../../../src/core/reduce/suite.js';
import type { ReducerName } from '../../../src/core/reduce/types.js';

const suite = mixedSuite();

const run = (index: number, reducer: ReducerName) => {
  const { start, judge } = suite[index] as (typeof suite)[number];
  const result = stepThroughSync(drive(start, { reducer }), (input) => ({
    outcome: judge(input as number[]),
  }));
  return {
    calls: result.counters.calls,
    size: (result.reduced as number[]).length,
    verified: result.verification.verified,
  };
};

const geometricMean = (values: readonly number[]) =>
  Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length);

describe('the mixed suite', () => {
  it('has every family at every length, each start failing, the same for the same seed', () => {
    expect(suite.map((c) => c.name)).toEqual(
      SUITE_FAMILIES.flatMap((family) => SUITE_LENGTHS.map((length) => `${family}@${length}`)),
    );
    for (const c of suite) {
      expect(c.start, c.name).toHaveLength(Number(c.name.split('@')[1]));
      expect(c.judge(c.start), c.name).toBe('FAIL');
    }
    expect(mixedSuite().map((c) => c.start)).toEqual(suite.map((c) => c.start));
  });

  it('cuts the brackets families into mostly INVALID trials', () => {
    const brackets = suite.find((c) => c.name === 'brackets-atom@64');
    expect(brackets?.judge(brackets.start.slice(1))).toBe('INVALID');
  });
});

describe('chunks-resume against ddmin on the mixed suite (cache on)', () => {
  const rows = suite.map((c, i) => ({
    name: c.name,
    family: c.family,
    resume: run(i, 'chunks-resume'),
    chunks: run(i, 'chunks'),
    ddmin: run(i, 'ddmin'),
  }));

  it('verifies every result: still failing, a subsequence, 1-minimal', () => {
    for (const row of rows) {
      expect([row.resume.verified, row.chunks.verified, row.ddmin.verified], row.name).toEqual([
        true,
        true,
        true,
      ]);
    }
  });

  it("makes at most 0.42× ddmin's calls over the suite (geometric mean; 0.408 measured)", () => {
    const ratio = geometricMean(rows.map((row) => row.resume.calls / row.ddmin.calls));
    expect(ratio).toBeLessThan(0.42);
  });

  it('never gives a larger result than chunks, nor than ddmin outside the brackets', () => {
    for (const row of rows) {
      expect(row.resume.size, row.name).toBeLessThanOrEqual(row.chunks.size);
      // In the brackets families a single deletion is almost always INVALID, so 1-minimal results
      // are many and far apart: ddmin's keep-one-block trials can land on a balanced nest that
      // no deletion-only reducer reaches (8 against 18 elements at 256, 5 against 73 at 1024).
      if (!row.family.startsWith('brackets')) {
        expect(row.resume.size, row.name).toBeLessThanOrEqual(row.ddmin.size);
      }
    }
  });
});

describe('chunks-resume on random causes', () => {
  it('finds exactly the causes, verified 1-minimal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 80 }),
        fc.uniqueArray(fc.nat(79), { minLength: 1, maxLength: 6 }),
        (length, picks) => {
          const causes = picks.filter((value) => value < length);
          fc.pre(causes.length > 0);
          const start = Array.from({ length }, (_, i) => i);
          const judge = (input: readonly number[]) =>
            causes.every((cause) => input.includes(cause)) ? 'FAIL' : 'PASS';
          const reduce = (reducer: ReducerName) =>
            stepThroughSync(drive(start, { reducer }), (input) => ({
              outcome: judge(input as number[]),
            }));
          const resume = reduce('chunks-resume');
          expect(resume.verification.verified).toBe(true);
          expect(resume.reduced).toEqual([...causes].sort((a, b) => a - b));
        },
      ),
      { numRuns: 100 },
    );
  });
});
