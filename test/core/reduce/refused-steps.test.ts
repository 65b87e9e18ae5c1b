import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Input } from '../../../src/core/oracle/oracle.js';
import { refusedVerdict } from '../../../src/core/oracle/refusal.js';
import type { Verdict } from '../../../src/core/oracle/verdict.js';
import { refusedSteps } from '../../../src/core/reduce/refused-steps.js';
import { Cancelled, type Request, type Steps } from '../../../src/core/reduce/runner.js';

/** Steps that ask for each batch in turn and return every verdict they were given. */
function* asking(batches: readonly Input[][], ahead?: Request['ahead']): Steps<Verdict[][]> {
  const got: Verdict[][] = [];
  for (const inputs of batches) {
    got.push(yield { inputs, phase: 'reduce', ...(ahead ? { ahead } : {}), next: [] });
  }
  return got;
}

const odd = (input: Input) => ((input as number) % 2 !== 0 ? 'odd' : undefined);
const judged = (input: Input): Verdict => ({ outcome: (input as number) > 4 ? 'FAIL' : 'PASS' });

describe('refusedSteps', () => {
  it('answers refused inputs itself, and passes on the rest in order', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.nat(9), { maxLength: 4 }), { maxLength: 5 }), (batches) => {
        const passed: Input[][] = [];
        const steps = refusedSteps(asking(batches), odd);
        let step = steps.next();
        while (!step.done) {
          expect(step.value.next).toBeUndefined();
          passed.push(step.value.inputs);
          step = steps.next(step.value.inputs.map(judged));
        }
        const kept = batches.map((batch) => batch.filter((input) => !odd(input)));
        expect(passed).toEqual(kept.filter((batch) => batch.length > 0));
        expect(step.value).toEqual(
          batches.map((batch) =>
            batch.map((input) => (odd(input) ? refusedVerdict('odd') : judged(input))),
          ),
        );
      }),
    );
  });

  it('names ahead only the inputs it would pass on, and passes a cancel in', () => {
    const steps = refusedSteps(
      asking([[2], [4]], () => [1, 2, 3, 4]),
      odd,
    );
    const first = steps.next();
    expect(first.done ? [] : first.value.ahead?.(4)).toEqual([2, 4]);
    expect(() => steps.throw(new Cancelled())).toThrow(Cancelled);
  });
});
