import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../../src/core/input/kinds.js';
import type { Verdict } from '../../../src/core/oracle/verdict.js';
import { drive } from '../../../src/core/reduce/driver.js';
import { stepThroughSync } from '../../../src/core/reduce/runner.js';

const SHAPE = { kind: 'args', split: 'chars' } as const;
const verdict = (fails: boolean): Verdict => ({ outcome: fails ? 'FAIL' : 'PASS' });

describe('reducing a call argument by argument', () => {
  it.each(['chunks', 'chunks-resume', 'ddmin'] as const)(
    "reduces the Debugging Book's string_error('foo', 'foobar') to what each argument needs (%s)",
    (reducer) => {
      // Fails while the first argument holds an "o" and the second a "b".
      const fails = ([s, t]: Json[]) => (s as string).includes('o') && (t as string).includes('b');
      const result = stepThroughSync(
        drive(['foo', 'foobar', 3], { reducer, shape: SHAPE }),
        (input) => verdict(fails(input as Json[])),
      );
      expect(result.reduced).toEqual(['o', 'b', 3]);
      expect(result.verification.verified).toBe(true);
    },
  );

  it('never deletes an argument, nor changes one that cannot be cut, for any predicate', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 6 }),
        fc.string({ maxLength: 6 }),
        fc.integer({ min: 0, max: 4 }),
        (array, text, needle) => {
          const fails = ([a, s]: Json[]) =>
            (a as number[]).includes(needle) || (s as string).length > 3;
          const start: Json[] = [array, text, { fixed: true }];
          if (!fails(start)) return;
          const result = stepThroughSync(
            drive(start, { reducer: 'ddmin', shape: SHAPE }),
            (input) => verdict(fails(input as Json[])),
          );
          const [a, s, fixed] = result.reduced as Json[];
          expect(Array.isArray(a) && typeof s === 'string').toBe(true);
          expect(fixed).toEqual({ fixed: true });
          expect(fails(result.reduced as Json[])).toBe(true);
          expect(result.verification.verified).toBe(true);
        },
      ),
    );
  });
});
