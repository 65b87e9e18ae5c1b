import type { InputKind } from '../names.js';
import { ARGS_KIND } from './args.js';
import { ARRAY_KIND } from './array.js';
import { INT_ARRAY_KIND } from './int-array.js';
import { JSON_KIND } from './json.js';
import type { InputKindSpec } from './spec.js';
import { STRING_KIND } from './string.js';

export type { InputKindSpec } from './spec.js';

/**
 * Every kind of input by name, in menu order: what it is, in one place (see {@link InputKindSpec}).
 * A new kind is named in `names.ts` and gets its home here.
 */
export const KINDS: Readonly<Record<InputKind, InputKindSpec>> = {
  'int-array': INT_ARRAY_KIND,
  string: STRING_KIND,
  array: ARRAY_KIND,
  json: JSON_KIND,
  args: ARGS_KIND,
};

/** The kind named `kind` (the article's, an array of integers, when none is named). */
export function kindSpec(kind: InputKind = 'int-array'): InputKindSpec {
  return KINDS[kind];
}
