import { alphabetProblems } from '../../generate/config.js';
import { LIMITS } from '../../limits.js';
import { isJson } from '../json-value.js';
import { sequenceSize, sequenceUnits } from './sequence.js';
import type { InputKindSpec } from './spec.js';

/**
 * A string: its units are its characters (code points), lines (each with its `\n`) or words
 * (each with the white space after it), as its split says; a program cut by its syntax is
 * measured in characters. Drawn as `''.join(r.choice(alphabet) for _ in range(n))`.
 */
export const STRING_KIND: InputKindSpec = {
  name: 'string',
  anInput: 'a string input',
  splits: true,
  text: true,
  tree: false,
  call: false,
  toUnits: (value, split) => sequenceUnits(value, split, 'a string input', 'a string'),
  fromUnits: (units) => units.join(''),
  size(value, split) {
    const characters = split === 'chars' || split === 'syntax';
    if (!characters && typeof value === 'string') return STRING_KIND.toUnits(value, split).length;
    return sequenceSize(value, split);
  },
  unitNoun: (split) => (split === 'lines' ? 'line' : split === 'words' ? 'word' : 'character'),
  showUnits: (units) => JSON.stringify(units.join('')).slice(1, -1),
  empty: () => '',
  problem(input) {
    const max = LIMITS.length * 4;
    return typeof input === 'string' && input.length <= max
      ? null
      : { code: 'input.not-string', values: { max } };
  },
  isUnitValue: (value) => isJson(value, LIMITS.depth),
  generator: {
    fields: ['alphabet'],
    drawsIntegers: () => false,
    problems: alphabetProblems,
    draw: (drawing) => drawing.text(drawing.length()),
  },
};
