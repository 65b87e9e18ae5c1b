import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../../src/core/input/kinds.js';
import type { Outcome } from '../../../src/core/oracle/verdict.js';
import { bisect, KEEP_MIN } from '../../../src/core/reduce/bisect.js';
import { drive } from '../../../src/core/reduce/driver.js';
import { defaultReducer, REDUCERS } from '../../../src/core/reduce/reducers.js';
import { stepThroughSync } from '../../../src/core/reduce/runner.js';
import { mixedSuite } from '../../../src/core/reduce/suite.js';
import type { ReducerName } from '../../../src/core/reduce/types.js';

const reduce = (start: number[], judge: (input: number[]) => Outcome, reducer: ReducerName) =>
  stepThroughSync(drive(start, { reducer }), (input) => ({ outcome: judge(input as number[]) }));

/** Every trial `bisect` asks for on `start`, judged by `judge` without a cache. */
const trialsOf = (start: number[], judge: (input: number[]) => Outcome) => {
  const seen: { op: string; lo: number; hi: number; granularity?: number }[] = [];
  const steps = bisect(start);
  let step = steps.next();
  while (!step.done) {
    const { edit, granularity, input } = step.value;
    if (edit.op === 'set') throw new Error('bisect only deletes and keeps');
    seen.push({ op: edit.op, lo: edit.lo, hi: edit.hi, ...(granularity ? { granularity } : {}) });
    const outcome = judge(input as number[]);
    step = steps.next({ outcome, chased: outcome === 'FAIL' });
  }
  return { seen, reduced: step.value.reduced as Json[] };
};

const geometricMean = (values: readonly number[]) =>
  Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length);

describe('bisect', () => {
  it('is the default for flat inputs, registered for every flat kind', () => {
    for (const kind of ['int-array', 'string', 'array'] as const) {
      expect(defaultReducer(kind)).toBe('bisect');
      expect(REDUCERS.bisect.kinds).toContain(kind);
    }
    expect(defaultReducer('json')).toBe('hdd');
  });

  it('finds one cause among 16 by bisecting the half it cannot delete', () => {
    const start = Array.from({ length: 16 }, (_, i) => i);
    const { seen, reduced } = trialsOf(start, (a) => (a.includes(5) ? 'FAIL' : 'PASS'));
    expect(reduced).toEqual([5]);
    expect(seen).toEqual([
      // The first half holds 5: its deletion passes, so it is bisected (no granularity).
      { op: 'delete', lo: 0, hi: 8, granularity: 2 },
      { op: 'delete', lo: 0, hi: 4 },
      { op: 'delete', lo: 0, hi: 2 },
      { op: 'delete', lo: 0, hi: 1 },
      // [5, 6, …, 15]: 5 is needed; the sweep goes on after it, in blocks of 8.
      { op: 'delete', lo: 1, hi: 9, granularity: 2 },
      { op: 'delete', lo: 1, hi: 3, granularity: 2 },
      // Size 1: every unit, the needed one included, until none can go.
      { op: 'delete', lo: 0, hi: 1, granularity: 1 },
    ]);
  });

  it('keeps blocks alone only once most trials were INVALID, and only blocks of KEEP_MIN or more', () => {
    const suite = mixedSuite();
    const plain = suite.find((c) => c.name === 'k4@256');
    const brackets = suite.find((c) => c.name === 'brackets-atom@256');
    if (!plain || !brackets) throw new Error('the suite lost a case');
    expect(trialsOf(plain.start, plain.judge).seen.some((trial) => trial.op === 'keep')).toBe(
      false,
    );
    const kept = trialsOf(brackets.start, brackets.judge).seen.filter((t) => t.op === 'keep');
    expect(kept.length).toBeGreaterThan(0);
    for (const trial of kept) expect(trial.hi - trial.lo).toBeGreaterThanOrEqual(KEEP_MIN);
  });

  it('finds exactly the causes, verified 1-minimal, in at most twice ddmin’s executions', () => {
    // Twice, not once: ddmin keeps a block that holds every cause in one trial, where bisect
    // finds adjacent causes one by one (17 units, causes 2 and 3: 14 executions against 8).
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 120 }),
        fc.uniqueArray(fc.nat(119), { minLength: 1, maxLength: 6 }),
        (length, picks) => {
          const causes = picks.filter((value) => value < length);
          fc.pre(causes.length > 0);
          const start = Array.from({ length }, (_, i) => i);
          const judge = (a: number[]): Outcome =>
            causes.every((cause) => a.includes(cause)) ? 'FAIL' : 'PASS';
          const ours = reduce(start, judge, 'bisect');
          expect(ours.verification.verified).toBe(true);
          expect(ours.reduced).toEqual([...causes].sort((a, b) => a - b));
          const theirs = reduce(start, judge, 'ddmin');
          const cost = (r: typeof ours) => r.counters.executions + r.verification.executions;
          expect(cost(ours)).toBeLessThanOrEqual(2 * cost(theirs));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('bisect on the mixed suite, against our ddmin (cache on)', () => {
  const rows = mixedSuite().map((c) => ({
    name: c.name,
    ours: reduce(c.start, c.judge, 'bisect'),
    ddmin: reduce(c.start, c.judge, 'ddmin'),
  }));

  it('verifies every result and never ends larger than ddmin', () => {
    for (const row of rows) {
      expect(row.ours.verification.verified, row.name).toBe(true);
      const size = (row.ours.reduced as number[]).length;
      expect(size, row.name).toBeLessThanOrEqual((row.ddmin.reduced as number[]).length);
    }
  });

  it('needs at most 0.56× our ddmin’s distinct executions (geometric mean; 0.543 measured)', () => {
    const ratio = geometricMean(
      rows.map((row) => row.ours.counters.executions / row.ddmin.counters.executions),
    );
    expect(ratio).toBeLessThan(0.56);
  });

  it('replays trial for trial: the same start and verdicts give the same history', () => {
    const [first] = mixedSuite(7);
    if (!first) throw new Error('the suite is empty');
    const again = () => reduce(first.start, first.judge, 'bisect').history;
    expect(again()).toEqual(again());
  });
});
