import { clippedJson, countedSize, readJson } from './shared.js';
import type { KindView } from './view.js';

/** An array of integers on the page, written as the article writes it: `[-1,-9,-5]`. */
export const INT_ARRAY_VIEW: KindView = {
  name: 'int-array',
  picture: 'row',
  spokenTrial: false,
  example: '[1, -2, 3]',
  sizeText: countedSize,
  inputText(input, shape, max, separator) {
    if (!Array.isArray(input)) return clippedJson(input, shape, max);
    if (input.length <= max) return `[${input.join(separator)}]`;
    return `[${input.slice(0, max).join(separator)}${separator}… ${input.length}]`;
  },
  spokenInput: (input, shape) => INT_ARRAY_VIEW.inputText(input, shape, 16, ','),
  read: (text) => readJson(text, 'int-array'),
  write: (input) => JSON.stringify(input),
  // Each function gets its own copy of the array.
  testArgument: () => '[...input]',
  generator: ({ min, max }) => ({ min, max }),
};
