import { alphabetProblems, ELEMENT_TYPES } from '../../generate/config.js';
import { LIMITS } from '../../limits.js';
import type { Problem } from '../../text/problems.js';
import { holdsNegativeZero, isJson, type Json } from '../json-value.js';
import { ARRAY_LIKE, sequenceUnits } from './sequence.js';
import type { InputKindSpec } from './spec.js';

/**
 * An array of any JSON values: its units are its elements. Each generated element is of a type
 * drawn from `elements`: `randint(min, max)`, a string of `randint(0, maxStringLength)`
 * characters of the alphabet, `choice([False, True])`, or `None`.
 */
export const ARRAY_KIND: InputKindSpec = {
  name: 'array',
  anInput: 'an array input',
  ...ARRAY_LIKE,
  toUnits: (value, split) => sequenceUnits(value, split, 'an array input', 'an array'),
  problem(input) {
    const max = LIMITS.length;
    if (!Array.isArray(input) || input.length > max || !isJson(input, LIMITS.depth)) {
      return { code: 'input.not-array', values: { max } };
    }
    return holdsNegativeZero(input) ? { code: 'input.negative-zero' } : null;
  },
  isUnitValue: (value) => isJson(value, LIMITS.depth),
  generator: {
    fields: ['min', 'max', 'alphabet', 'elements', 'maxStringLength'],
    drawsIntegers(config) {
      const elements = config.elements ?? ELEMENT_TYPES;
      return Array.isArray(elements) && elements.includes('int');
    },
    problems(config) {
      const elements = config.elements ?? ELEMENT_TYPES;
      const problems: Problem[] = elements.includes('string') ? alphabetProblems(config) : [];
      if (
        !Array.isArray(elements) ||
        elements.length === 0 ||
        !elements.every((e) => ELEMENT_TYPES.includes(e))
      ) {
        problems.push({ code: 'generator.elements' });
      }
      return problems;
    },
    draw(drawing) {
      const { config } = drawing;
      const n = drawing.length();
      const elements = config.elements ?? ELEMENT_TYPES;
      const out: Json[] = new Array(n);
      for (let i = 0; i < n; i++) {
        const type = elements[drawing.randbelow(elements.length)];
        out[i] =
          type === 'int'
            ? drawing.randint(config.min ?? 0, config.max ?? 0)
            : type === 'string'
              ? drawing.text(drawing.randint(0, config.maxStringLength ?? 4))
              : type === 'bool'
                ? drawing.randbelow(2) === 1
                : null;
      }
      return out;
    },
  },
};
