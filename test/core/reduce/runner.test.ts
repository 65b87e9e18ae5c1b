import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Input } from '../../../src/core/oracle/oracle.js';
import { asyncOracle } from '../../../src/core/oracle/oracle.js';
import { drive } from '../../../src/core/reduce/driver.js';
import {
  Cancelled,
  concurrently,
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
