import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPLITS } from '../../../src/core/input/kinds.js';
import { fromUnits, splitText, toUnits, unitNoun } from '../../../src/core/input/units.js';

describe('splitText', () => {
  it('gives the text back when its units are joined, for every split', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite' }), (text) => {
        for (const split of SPLITS) expect(splitText(text, split).join('')).toBe(text);
      }),
    );
  });

  it('cuts lines after each line break, words after their white space', () => {
    expect(splitText('a\nbb\n\nc', 'lines')).toEqual(['a\n', 'bb\n', '\n', 'c']);
    expect(splitText('  one two\tthree\n', 'words')).toEqual(['  ', 'one ', 'two\t', 'three\n']);
    expect(splitText('a😀b', 'chars')).toEqual(['a', '😀', 'b']);
  });
});

describe('toUnits and fromUnits', () => {
  it('keep an array as its own units, and rebuild a string from its units', () => {
    const array = [1, 'a', null];
    expect(toUnits(array, { kind: 'array' })).toBe(array);
    const shape = { kind: 'string', split: 'words' } as const;
    expect(fromUnits(toUnits('to be or', shape), shape)).toBe('to be or');
  });

  it('refuses a value that is not of the shape, naming the kind', () => {
    expect(() => toUnits(3, { kind: 'string' })).toThrow('a string input must be a string');
    expect(() => toUnits({}, { kind: 'array' })).toThrow('an array input must be an array');
  });

  it('names one unit of each shape', () => {
    expect(unitNoun({ kind: 'int-array' })).toBe('element');
    expect(unitNoun({ kind: 'string', split: 'lines' })).toBe('line');
    expect(unitNoun({ kind: 'string', split: 'chars' })).toBe('character');
    expect(unitNoun({ kind: 'json' })).toBe('node');
  });
});
