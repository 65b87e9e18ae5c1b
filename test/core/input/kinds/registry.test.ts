import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KINDS } from '../../../../src/core/input/kinds/registry.js';
import { INPUT_KINDS, type Json } from '../../../../src/core/input/kinds.js';
import { inputProblem } from '../../../../src/core/session/config.js';

const SAMPLES: Record<string, Json> = {
  'int-array': [3, -1, 2],
  string: 'a b\nc',
  array: [1, 'x', null, true],
  json: { a: [1, 2], b: null },
  args: ['ab', [1, 2], 7],
};

describe('the kinds of input, each in its home', () => {
  it('has a home for every kind, under its own name', () => {
    expect(Object.keys(KINDS).sort()).toEqual([...INPUT_KINDS].sort());
    for (const kind of INPUT_KINDS) expect(KINDS[kind].name).toBe(kind);
  });

  it('takes its own sample, and its units join back to it', () => {
    for (const kind of INPUT_KINDS) {
      const spec = KINDS[kind];
      const sample = SAMPLES[kind] as Json;
      expect(spec.problem(sample)).toBeNull();
      expect(inputProblem(sample, kind)).toBeNull();
      if (!spec.tree) expect(spec.fromUnits(spec.toUnits(sample, 'chars'))).toEqual(sample);
    }
  });

  it('starts an isolation from one empty input per kind (a call keeps its fixed arguments)', () => {
    expect(KINDS['int-array'].empty([1, 2])).toEqual([]);
    expect(KINDS.string.empty('abc')).toBe('');
    expect(KINDS.array.empty([1])).toEqual([]);
    expect(KINDS.args.empty(['ab', [1, 2], 7])).toEqual(['', [], 7]);
    for (const kind of INPUT_KINDS) {
      if (!KINDS[kind].tree)
        expect(KINDS[kind].problem(KINDS[kind].empty(SAMPLES[kind] as Json))).toBeNull();
    }
  });

  it('cuts text by its split, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom('chars', 'lines', 'words') as fc.Arbitrary<'chars'>,
        (text, split) => KINDS.string.fromUnits(KINDS.string.toUnits(text, split)) === text,
      ),
    );
  });

  it('is generated unless it is a tree', () => {
    for (const kind of INPUT_KINDS) expect(KINDS[kind].generator === null).toBe(KINDS[kind].tree);
  });
});
