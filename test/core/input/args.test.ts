import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argumentRanges, callOf, callUnits } from '../../../src/core/input/args.js';
import { applyEdit } from '../../../src/core/input/edit.js';
import { fromUnits, toUnits } from '../../../src/core/input/units.js';

const ARGUMENT = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.array(fc.integer({ min: -3, max: 3 }), { maxLength: 5 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(fc.string({ maxLength: 2 }), fc.integer(), { maxKeys: 2 }),
);
const CALL = fc.array(ARGUMENT, { minLength: 1, maxLength: 4 });

describe('a call with several arguments as units', () => {
  it('gives the call back, whatever its arguments, by any split', () => {
    fc.assert(
      fc.property(CALL, fc.constantFrom('chars', 'words', 'lines'), (call, split) => {
        const shape = { kind: 'args', split } as const;
        expect(fromUnits(toUnits(call, shape), shape)).toEqual(call);
      }),
    );
  });

  it('keeps an emptied argument in its place and of its kind, and a fixed one as it is', () => {
    const units = callUnits(['foo', [1, 2], 7], 'chars');
    expect(argumentRanges(units)).toEqual([
      [1, 4],
      [5, 7],
    ]);
    // Every unit of the first two arguments deleted: "" and [] stay, 7 stays.
    const emptied = units.filter((_, i) => i === 0 || i === 4 || i === 7);
    expect(callOf(emptied)).toEqual(['', [], 7]);
  });

  it('keeps a block of one argument and every other argument whole (a bounded keep)', () => {
    const shape = { kind: 'args', split: 'chars' } as const;
    // Units: {s} f o o b a r {t} b a z ; keep "ob" of the first argument only.
    const trial = applyEdit(['foobar', 'baz'], { op: 'keep', lo: 3, hi: 5, from: 1, to: 7 }, shape);
    expect(trial).toEqual(['ob', 'baz']);
  });
});
