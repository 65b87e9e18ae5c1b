import { describe, expect, it } from 'vitest';
import { INT_ARRAY, type Json, type Shape } from '../../../src/core/input/kinds.js';
import type { SyntaxTree } from '../../../src/core/input/syntax.js';
import { valueKey } from '../../../src/core/input/value.js';
import type { Outcome } from '../../../src/core/oracle/verdict.js';
import { type DriveResult, drive } from '../../../src/core/reduce/driver.js';
import { reduceInput } from '../../../src/core/reduce/reducers.js';
import { mixedSuite } from '../../../src/core/reduce/suite.js';
import type { ReducerName } from '../../../src/core/reduce/types.js';
import { type Spec, tok, treeOf } from './syntax/trees.js';

/** What a fake parallel judge saw: the reduction, the runs it made and the rounds they took. */
interface Judged {
  result: DriveResult;
  /** Every run of the test, asked for or judged ahead. */
  runs: number;
  /** Runs judged ahead that the reduction never asked for. */
  wasted: number;
  /** Rounds of `jobs` runs at once: the wall time when every run takes as long. */
  rounds: number;
}

/**
 * Drives a reduction with `jobs` jobs, as a parallel oracle would, without processes: each
 * round runs the trial asked for and, with the room left, the trials the request names ahead
 * (see `Request.ahead`); a trial judged ahead is served from its run when asked for.
 */
function judgeAhead(
  reducer: ReducerName,
  start: Json,
  shape: Shape,
  test: (input: Json) => Outcome,
  jobs: number,
  tree?: SyntaxTree,
): Judged {
  const steps = drive(start, { reducer, shape, ...(tree ? { syntax: tree } : {}) });
  const ahead = new Map<string, Outcome>();
  let runs = 0;
  let asked = 0;
  let rounds = 0;
  let step = steps.next();
  while (!step.done) {
    const request = step.value;
    const verdicts = request.inputs.map((input) => {
      const key = valueKey(input);
      const judged = ahead.get(key);
      if (judged !== undefined) {
        ahead.delete(key);
        asked++;
        return { outcome: judged };
      }
      rounds++;
      runs++;
      for (const next of request.ahead?.(jobs - 1) ?? []) {
        if (ahead.has(valueKey(next))) continue;
        ahead.set(valueKey(next), test(next));
        runs++;
      }
      return { outcome: test(input) };
    });
    step = steps.next(verdicts);
  }
  return { result: step.value, runs, wasted: runs - rounds - asked, rounds };
}

/** What must not change with the number of jobs: every trial, its outcome, the result. */
function steps(judged: Judged) {
  const { history, reduced, counters, verification } = judged.result;
  return { history, reduced, executions: counters.executions, verified: verification.verified };
}

describe('trials judged ahead (Trial.ahead)', () => {
  it('the default flat reducer does the same with 1, 2 and 3 jobs, in fewer rounds', () => {
    const cases = mixedSuite().filter((c) => c.start.length <= 256);
    let extra = 0;
    let alone = 0;
    for (const c of cases) {
      const test = (input: Json) => c.judge(input as number[]);
      const one = judgeAhead('bisect', c.start, INT_ARRAY, test, 1);
      expect(one.runs).toBe(one.result.counters.executions + one.result.verification.executions);
      for (const jobs of [2, 3]) {
        const many = judgeAhead('bisect', c.start, INT_ARRAY, test, jobs);
        expect(steps(many), `${c.name} with ${jobs} jobs`).toEqual(steps(one));
        expect(many.rounds).toBeLessThanOrEqual(one.rounds);
        if (jobs === 2) {
          extra += many.wasted;
          alone += one.runs;
        }
      }
    }
    // Judged ahead by priority, few guesses are wasted.
    expect(extra / alone).toBeLessThan(0.5);
  });

  it('names exactly the trial asked for next when a trial passes (no INVALID trials)', () => {
    const cases = mixedSuite().filter((c) => c.start.length <= 256 && !/brackets/.test(c.name));
    for (const c of cases) {
      const trials = reduceInput('bisect', c.start, INT_ARRAY);
      let step = trials.next();
      let named: Json | undefined;
      while (!step.done) {
        const trial = step.value;
        if (named !== undefined) expect(trial.input, c.name).toEqual(named);
        const outcome = c.judge(trial.input as number[]);
        const chased = outcome === 'FAIL';
        named = !chased && outcome === 'PASS' ? trial.ahead?.(1)[0] : undefined;
        step = trials.next({ outcome, chased });
      }
    }
  });

  it('the syntax reducer does the same with 1, 2 and 3 jobs, with and without a tree', () => {
    const call = (name: string): Spec => [
      'call_statement',
      tok(name, 'identifier'),
      tok('('),
      tok(')'),
      tok(';'),
    ];
    const names = 'abcdefghijklmnop'.split('');
    const { text, tree } = treeOf([
      'program',
      ...names.flatMap((name): (Spec | string)[] => [call(name), '\n']),
    ]);
    const shape: Shape = { kind: 'string', split: 'syntax' };
    const inputs: [string, SyntaxTree | undefined, (t: string) => boolean][] = [
      [text, tree, (t) => t.includes('c()') && t.includes('n()')],
      [text, undefined, (t) => /\bd\(/.test(t) && t.includes(';')],
      ['keep(drop[1, 2] {x: (y)}) + (z) w; q = 1;', undefined, (t) => /\by\b/.test(t)],
    ];
    for (const [start, grammar, fails] of inputs) {
      const test = (input: Json): Outcome => (fails(input as string) ? 'FAIL' : 'PASS');
      const one = judgeAhead('syntax', start, shape, test, 1, grammar);
      for (const jobs of [2, 3]) {
        const many = judgeAhead('syntax', start, shape, test, jobs, grammar);
        expect(steps(many)).toEqual(steps(one));
        expect(many.rounds).toBeLessThan(one.rounds);
      }
    }
  });
});
