import { sizeOf } from '../../../core/input/value.js';
import { countText, QUOTE_CHARS } from '../unit-text.js';
import { clippedJson, countedSize, readJson } from './shared.js';
import type { KindView } from './view.js';

/** A JSON value on the page: drawn as an outline, said by name when small and counted when not. */
export const JSON_VIEW: KindView = {
  name: 'json',
  picture: 'tree',
  spokenTrial: true,
  example: '[1, -2, 3]',
  sizeText: countedSize,
  inputText: (input, shape, max) => clippedJson(input, shape, max),
  spokenInput(input, shape) {
    // A tree is drawn as an outline: a sentence names a small one, and counts a large one.
    const text = clippedJson(input, shape, 16);
    return [...text].length <= QUOTE_CHARS ? text : countText(sizeOf(input, shape), shape);
  },
  read: (text) => readJson(text, 'json'),
  write: (input) => JSON.stringify(input),
  testArgument: () => 'structuredClone(input)',
  generator: ({ min, max }) => ({ min, max }),
};
