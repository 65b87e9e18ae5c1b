import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Json, Shape, Split } from '../../../src/core/input/kinds.js';
import { countAt, depthOf } from '../../../src/core/input/tree.js';
import { toUnits } from '../../../src/core/input/units.js';
import { isReductionOf, neighbours, sameValue } from '../../../src/core/input/value.js';
import type { Outcome } from '../../../src/core/oracle/verdict.js';
import { drive } from '../../../src/core/reduce/driver.js';
import { reducersFor } from '../../../src/core/reduce/reducers.js';
import { stepThroughSync } from '../../../src/core/reduce/runner.js';

/**
 * Every reducer on every kind of input: the result still fails, is 1-minimal over the kind's
 * units (no single unit, or for a tree no single node, can go), and only deletes unless the
 * reducer may change values.
 */
const reduce = (start: Json, shape: Shape, reducer: string, fails: (input: Json) => boolean) =>
  stepThroughSync(
    drive(start, { reducer: reducer as never, cache: true, shape }),
    (input): { outcome: Outcome } => ({ outcome: fails(input) ? 'FAIL' : 'PASS' }),
  );

const oneMinimal = (value: Json, shape: Shape, fails: (input: Json) => boolean) => {
  for (const smaller of neighbours(value, shape)) if (fails(smaller)) return false;
  return true;
};

/** Fails while the text holds every one of `parts` in order (a monotone cause). */
const holdsInOrder = (parts: string[]) => (input: Json) => {
  if (typeof input !== 'string') return false;
  let at = 0;
  for (const part of parts) {
    const found = input.indexOf(part, at);
    if (found < 0) return false;
    at = found + part.length;
  }
  return true;
};

const SPLITS: Split[] = ['chars', 'lines', 'words'];

describe('strings, by every split and every reducer', () => {
  for (const split of SPLITS) {
    const shape: Shape = { kind: 'string', split };
    for (const reducer of reducersFor('string')) {
      it(`${reducer} on ${split}: still fails, 1-minimal, a reduction of the start`, () => {
        fc.assert(
          fc.property(
            fc.array(fc.constantFrom('a', 'b', 'x ', 'y\n', '<', '>', ' ', '\n'), {
              maxLength: 30,
            }),
            (pieces) => {
              const start = `${pieces.join('')}<x y>\n${pieces.reverse().join('')}`;
              const fails = holdsInOrder(['<', 'x', '>']);
              const result = reduce(start, shape, reducer, fails);
              const reduced = result.reduced as string;
              expect(typeof reduced).toBe('string');
              expect(fails(reduced)).toBe(true);
              expect(oneMinimal(reduced, shape, fails)).toBe(true);
              if (reducer !== 'values') expect(isReductionOf(reduced, start, shape)).toBe(true);
              expect(result.verification.verified).toBe(true);
            },
          ),
          { numRuns: 25 },
        );
      });
    }
  }

  it('cuts by code points: an emoji is one unit and is never split', () => {
    const shape: Shape = { kind: 'string', split: 'chars' };
    const start = 'ab😀cd😀ef';
    const fails = (input: Json) => typeof input === 'string' && input.includes('😀');
    const result = reduce(start, shape, 'ddmin', fails);
    expect(result.reduced).toBe('😀');
    expect(toUnits(start, shape)).toHaveLength(8);
  });

  it('values simplifies characters toward "a" where the failure allows', () => {
    const shape: Shape = { kind: 'string', split: 'chars' };
    // Fails while some character is followed by a "z".
    const fails = (input: Json) => typeof input === 'string' && /.z/u.test(input);
    const result = reduce('qqzq', shape, 'values', fails);
    expect(result.reduced).toBe('az');
  });
});

describe('arrays of JSON values', () => {
  for (const reducer of reducersFor('array')) {
    it(`${reducer}: keeps the elements that matter, each one whole`, () => {
      const shape: Shape = { kind: 'array' };
      const start: Json = [1, 'a', null, { k: [1, 2] }, true, 'b', { k: [1, 2] }, 3];
      const fails = (input: Json) =>
        Array.isArray(input) &&
        input.some((x) => sameValue(x, 'b')) &&
        input.some((x) => sameValue(x, { k: [1, 2] }));
      const result = reduce(start, shape, reducer, fails);
      expect(fails(result.reduced)).toBe(true);
      expect(result.reduced as Json[]).toHaveLength(2);
      expect(oneMinimal(result.reduced, shape, fails)).toBe(true);
    });
  }
});

describe('JSON trees with hdd', () => {
  const shape: Shape = { kind: 'json' };
  const tree = fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.integer({ min: 0, max: 5 }),
      fc.constantFrom('x', 'y'),
      fc.array(tie('node'), { maxLength: 4 }),
      fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), tie('node'), { maxKeys: 4 }),
    ),
  })).node as fc.Arbitrary<Json>;

  /** Fails while some node (at any depth) is the number 3. */
  const holds3 = (value: Json): boolean =>
    value === 3 ||
    (typeof value === 'object' &&
      value !== null &&
      (Array.isArray(value) ? value : Object.values(value)).some(holds3));

  it('still fails, removes whole subtrees only, and no single node can go', () => {
    fc.assert(
      fc.property(tree, (generated) => {
        const start: Json = { root: generated, needle: [0, { deep: 3 }] };
        const result = reduce(start, shape, 'hdd', holds3);
        expect(holds3(result.reduced)).toBe(true);
        expect(isReductionOf(result.reduced, start, shape)).toBe(true);
        expect(oneMinimal(result.reduced, shape, holds3)).toBe(true);
        expect(result.verification.verified).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('counts the nodes of each level in document order', () => {
    const value: Json = { a: [1, { b: 2 }], c: 3 };
    expect(depthOf(value)).toBe(3);
    expect([1, 2, 3].map((level) => countAt(value, level))).toEqual([2, 2, 1]);
  });
});

describe('a long text with one cause', () => {
  it('reduces 10^6 characters in at most 2·log2(n) + 10 trials, without quadratic rebuilding', () => {
    const n = 1_000_000;
    const at = 654_321;
    const start = `${'a'.repeat(at)}!${'a'.repeat(n - at - 1)}`;
    const fails = (input: Json) => typeof input === 'string' && input.includes('!');
    const result = reduce(start, { kind: 'string', split: 'chars' }, 'chunks', fails);
    expect(result.reduced).toBe('!');
    expect(result.history.length).toBeLessThanOrEqual(2 * Math.log2(n) + 10);
  });
});
