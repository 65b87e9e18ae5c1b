import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../../src/core/input/kinds.js';
import { valueKey } from '../../../src/core/input/value.js';
import { allUnits } from '../../../src/core/isolate/configuration.js';
import { dd } from '../../../src/core/isolate/dd.js';
import { isolate } from '../../../src/core/isolate/drive.js';
import { isolationLookahead, predictIsolation } from '../../../src/core/isolate/lookahead.js';
import type { IsolationMode } from '../../../src/core/isolate/types.js';
import { stepThroughSync } from '../../../src/core/reduce/runner.js';
import type { Judged } from '../../../src/core/reduce/types.js';

const INTS = { kind: 'int-array' } as const;

/** The trials an isolation asks its oracle for, in order (past the two confirmations). */
function trialsOf(fail: number[], mode: IsolationMode, judge: (a: number[]) => Judged): Json[] {
  const asked: Json[] = [];
  stepThroughSync(isolate([], fail, { mode, verify: false }), (input) => {
    asked.push(input);
    return { outcome: judge(input as number[]).outcome };
  });
  return asked.slice(2);
}

/**
 * The look-ahead as it was first written, for int arrays isolated from `[]` (each edit inserts
 * one element, so a configuration's input is its elements): every branch replays `dd` from the
 * start, asking for every verdict again.
 */
function replayed(
  fail: number[],
  mode: IsolationMode,
  known: (input: Json) => Judged | undefined,
  skip: (input: Json) => boolean,
  count: number,
): Json[] {
  const out: Json[] = [];
  const named = new Set<string>();
  const branches: Judged[][] = [[]];
  for (let explored = 0; branches.length > 0 && out.length < count; explored++) {
    if (explored >= count * 4) break;
    const assumed = branches.shift() as Judged[];
    const steps = dd({ pass: [], fail: allUnits(fail.length) }, mode);
    let used = 0;
    for (let step = steps.next(); !step.done; ) {
      const input = step.value.config.map((index) => fail[index] as number);
      const judged = known(input) ?? assumed[used++];
      if (judged) {
        step = steps.next(judged);
        continue;
      }
      if (!skip(input) && !named.has(valueKey(input))) out.push(input);
      named.add(valueKey(input));
      branches.push([...assumed, judgedOf(false)], [...assumed, judgedOf(true)]);
      break;
    }
  }
  return out.slice(0, count);
}

const judgedOf = (failed: boolean): Judged => ({
  outcome: failed ? 'FAIL' : 'PASS',
  chased: failed,
});

describe('isolationLookahead (kept between verdicts)', () => {
  it('names the same trials as replaying dd from the start, after every verdict', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { minLength: 2, maxLength: 16 }),
        fc.constantFrom<IsolationMode>('+-', '-', '+'),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 1, max: 6 }),
        (fail, mode, salt, count) => {
          const cause = fail.at(-1) as number;
          const hash = (a: number[]) => a.reduce((h, x) => (h * 31 + x + salt) % 7, 0);
          const fails = (a: number[]) =>
            a.includes(cause) && (a.length === fail.length || hash(a) !== 3);
          // Some trials between the sides are unresolved: they move nothing.
          const judge = (a: number[]): Judged =>
            a.length > 0 && a.length < fail.length && hash(a) === 5
              ? { outcome: 'INVALID', chased: false }
              : judgedOf(fails(a));
          const kept = isolationLookahead({ mode, pass: [] }, fail, INTS);
          const known = new Map<string, Judged>();
          const underWay = new Set<string>();
          const ask = (input: Json) => known.get(valueKey(input));
          const skip = (input: Json) => underWay.has(valueKey(input));
          for (const [k, trial] of trialsOf(fail, mode, judge).entries()) {
            const fresh = predictIsolation({ mode, pass: [] }, fail, INTS, ask, skip, count);
            expect(fresh).toEqual(replayed(fail, mode, ask, skip, count));
            expect(kept(ask, skip, count)).toEqual(fresh);
            // Some guesses are under way, some judged ahead without being asked for.
            for (const guess of fresh.slice(1)) {
              if ((k + salt) % 2 === 0) underWay.add(valueKey(guess));
              else known.set(valueKey(guess), judge(guess as number[]));
            }
            known.set(valueKey(trial), judge(trial as number[]));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('asks for each verdict once, its work per verdict not growing with the trials before', () => {
    // 2,000 elements, the last the cause: dd +- takes a dozen trials or more to find it.
    const fail = Array.from({ length: 2000 }, (_, i) => i);
    const fails = (a: number[]) => a.includes(1999);
    const trials = trialsOf(fail, '+-', (a) => judgedOf(fails(a)));
    expect(trials.length).toBeGreaterThan(10);
    const kept = isolationLookahead({ mode: '+-', pass: [] }, fail, INTS);
    const known = new Map<string, Judged>();
    let answered = 0;
    const asks: number[] = [];
    for (const trial of trials) {
      let asked = 0;
      const ask = (input: Json) => {
        asked++;
        const judged = known.get(valueKey(input));
        if (judged) answered++;
        return judged;
      };
      kept(ask, () => false, 4);
      asks.push(asked);
      known.set(valueKey(trial), judgedOf(fails(trial as number[])));
    }
    // Each verdict is taken once and kept (the old look-ahead asked for all of them on every
    // call, for every branch: hundreds of times here).
    expect(answered).toBeLessThanOrEqual(trials.length);
    expect(Math.max(...asks)).toBeLessThanOrEqual(2 * (asks[0] as number));
  });
});
