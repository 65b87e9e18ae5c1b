import { LIMITS } from '../../limits.js';
import { ARRAY_LIKE, sequenceUnits } from './sequence.js';
import type { InputKindSpec } from './spec.js';

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);

/**
 * An array of safe integers, the article's kind and the default: its units are its elements,
 * drawn as `[r.randint(min, max) for _ in range(n)]`.
 */
export const INT_ARRAY_KIND: InputKindSpec = {
  name: 'int-array',
  anInput: 'an integer input',
  ...ARRAY_LIKE,
  toUnits: (value, split) => sequenceUnits(value, split, 'an integer input', 'an array'),
  problem(input) {
    const max = LIMITS.length;
    if (!Array.isArray(input) || input.length > max || !input.every(isInt)) {
      return { code: 'input.invalid', values: { max } };
    }
    // JSON cannot keep -0 apart from 0.
    return input.some((x) => Object.is(x, -0)) ? { code: 'input.negative-zero' } : null;
  },
  isUnitValue: isInt,
  generator: {
    fields: ['min', 'max'],
    drawsIntegers: () => true,
    problems: () => [],
    draw: (drawing) => drawing.integers(drawing.length()),
  },
};
