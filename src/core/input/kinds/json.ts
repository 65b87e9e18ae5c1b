import { LIMITS } from '../../limits.js';
import { holdsNegativeZero, isJson, type Json } from '../json-value.js';
import { nodeCount } from '../tree.js';
import { elementsText, sequenceUnits } from './sequence.js';
import type { InputKindSpec } from './spec.js';

/**
 * Any JSON value, as a tree: its units are its subtrees, removed level by level (`hdd`, see
 * `input/tree.ts`); its size is its number of nodes. It is never generated: it is given.
 */
export const JSON_KIND: InputKindSpec = {
  name: 'json',
  anInput: 'a json input',
  splits: false,
  text: false,
  tree: true,
  call: false,
  toUnits: (value, split) => sequenceUnits(value, split, 'a json input', 'an array'),
  fromUnits: (units) => units as Json[],
  size: (value) => nodeCount(value),
  unitNoun: () => 'node',
  showUnits: elementsText,
  empty: () => [],
  problem(input) {
    if (!isJson(input, LIMITS.depth)) return { code: 'input.not-json-value' };
    return holdsNegativeZero(input) ? { code: 'input.negative-zero' } : null;
  },
  isUnitValue: (value) => isJson(value, LIMITS.depth),
  generator: null,
};
