import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Input, Oracle, SyncOracle } from '../../../src/core/oracle/oracle.js';
import { drive } from '../../../src/core/reduce/driver.js';
import {
  Cancelled,
  concurrently,
  type Steps,
  stepThrough,
  stepThroughSync,
} from '../../../src/core/reduce/runner.js';
import { articleOracle } from '../../support/lessons.js';

const input = fc.array(fc.integer({ min: -4, max: 3 }), { minLength: 1, maxLength: 10 });

describe('concurrently', () => {
  it('gives each coroutine the results it would get alone, in fewer requests', () => {
    fc.assert(
      fc.property(fc.array(input, { minLength: 1, maxLength: 12 }), (starts) => {
        const failing = starts.filter((start) => articleOracle(start).outcome === 'FAIL');
        const alone = failing.map((start) =>
          stepThroughSync(drive(start, { reducer: 'chunks' }), articleOracle),
        );
        let requests = 0;
        const together = stepThroughSync(
          concurrently(failing.map((start) => drive(start, { reducer: 'chunks' }))),
          (a: Input) => articleOracle(a),
        );
        const steps = concurrently(failing.map((start) => drive(start, { reducer: 'chunks' })));
        let step = steps.next();
        while (!step.done) {
          requests++;
          step = steps.next(step.value.inputs.map(articleOracle));
        }
        expect(together).toEqual(alone);
        const longest = Math.max(
          0,
          ...alone.map((r) => r.counters.executions + r.verification.executions),
        );
        expect(requests).toBe(longest);
      }),
    );
  });

  it('throws a cancel into every coroutine still going', async () => {
    let calls = 0;
    const all = [
      [-1, -2, -3, -4],
      [-5, -6],
    ].map((start) => drive(start, { reducer: 'chunks' }));
    const results = await stepThrough(
      concurrently(all),
      asyncOracle(articleOracle),
      () => ++calls > 2,
    );
    expect(results.map((result) => result.stopped)).toEqual(['cancelled', 'cancelled']);
    expect(new Cancelled().name).toBe('Cancelled');
  });
});

/** An oracle that logs each batch it is asked to judge, and when it answers. */
function loggingOracle(log: string[], fail?: (inputs: readonly Input[]) => boolean): Oracle {
  const name = (inputs: readonly Input[]) => inputs.map((input) => JSON.stringify(input)).join(' ');
  return {
    judge: async (input) => {
      log.push(`judge ${JSON.stringify(input)}`);
      return articleOracle(input);
    },
    judgeBatch: async (inputs) => {
      log.push(`judge ${name(inputs)}`);
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (fail?.(inputs)) throw new Error(`no verdicts for ${name(inputs)}`);
      log.push(`answer ${name(inputs)}`);
      return inputs.map((input) => articleOracle(input));
    },
  };
}

describe('stepThrough, a request announcing the next one', () => {
  const a: Input[] = [[-1], [2]];
  const b: Input[] = [[3], [-4]];
  const c: Input[] = [[5], [6]];

  it('judges the announced request ahead, once, while the coroutine looks at the verdicts', async () => {
    const log: string[] = [];
    function* steps(): Steps<string[]> {
      const first = yield { inputs: a, phase: 'find', next: [b] };
      log.push('looked at [-1] [2]');
      const second = yield { inputs: b, phase: 'find' };
      return [...first, ...second].map((verdict) => verdict.outcome);
    }
    const outcomes = await stepThrough(steps(), loggingOracle(log));
    expect(outcomes).toEqual(['FAIL', 'PASS', 'PASS', 'FAIL']);
    expect(log).toEqual([
      'judge [-1] [2]',
      'judge [3] [-4]',
      'answer [-1] [2]',
      'looked at [-1] [2]',
      'answer [3] [-4]',
    ]);
  });

  it('judges afresh a request that is not the one announced, and drops the other', async () => {
    const log: string[] = [];
    function* steps(): Steps<number> {
      yield { inputs: a, phase: 'find', next: [b] };
      // An equal array is not the announced one.
      const verdicts = yield { inputs: [...b], phase: 'find', next: [c] };
      yield { inputs: [[7], [8]], phase: 'find' };
      return verdicts.length;
    }
    // Judging the announced [5] [6] fails; no one asks for it, so no one hears of it.
    const oracle = loggingOracle(log, (inputs) => inputs === c);
    expect(await stepThrough(steps(), oracle)).toBe(2);
    expect(log.filter((line) => line.startsWith('judge'))).toEqual([
      'judge [-1] [2]',
      'judge [3] [-4]',
      'judge [3] [-4]',
      'judge [5] [6]',
      'judge [7] [8]',
    ]);
  });

  it('judges several announced requests ahead, in order, each once', async () => {
    const log: string[] = [];
    function* steps(): Steps<number> {
      yield { inputs: a, phase: 'find', next: [b, c] };
      log.push('looked at [-1] [2]');
      yield { inputs: b, phase: 'find', next: [c] };
      log.push('looked at [3] [-4]');
      const last = yield { inputs: c, phase: 'find' };
      return last.length;
    }
    expect(await stepThrough(steps(), loggingOracle(log))).toBe(2);
    // All three asked for before the first answer; none asked for twice.
    expect(log.slice(0, 3)).toEqual(['judge [-1] [2]', 'judge [3] [-4]', 'judge [5] [6]']);
    expect(log.filter((line) => line.startsWith('judge'))).toHaveLength(3);
    expect(log.indexOf('looked at [-1] [2]')).toBeGreaterThan(log.indexOf('answer [-1] [2]'));
  });

  it("reports the announced request's failure when it is asked for", async () => {
    function* steps(): Steps<string> {
      yield { inputs: a, phase: 'find', next: [b] };
      try {
        yield { inputs: b, phase: 'find' };
        return 'judged';
      } catch (error) {
        return (error as Error).message;
      }
    }
    const oracle = loggingOracle([], (inputs) => inputs === b);
    expect(await stepThrough(steps(), oracle)).toBe('no verdicts for [3] [-4]');
  });
});

/** Lifts a synchronous oracle to the async `Oracle` interface. */
function asyncOracle(judge: SyncOracle): Oracle {
  return {
    judge: async (input) => judge(input),
    judgeBatch: async (inputs) => inputs.map((input) => judge(input)),
  };
}
