import { clippedJson, countedSize, readJson } from './shared.js';
import type { KindView } from './view.js';

/** An array of any JSON values on the page, written as JSON. */
export const ARRAY_VIEW: KindView = {
  name: 'array',
  picture: 'row',
  spokenTrial: false,
  example: '[1, -2, 3]',
  sizeText: countedSize,
  inputText: (input, shape, max) => clippedJson(input, shape, max),
  spokenInput: (input, shape) => clippedJson(input, shape, 16),
  read: (text) => readJson(text, 'array'),
  write: (input) => JSON.stringify(input),
  // Each function gets its own copy: an element may be an array or an object.
  testArgument: () => 'structuredClone(input)',
  generator: ({ min, max }) => ({ min, max }),
};
