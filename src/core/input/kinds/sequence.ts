import type { Json } from '../json-value.js';
import type { Split } from '../names.js';
import { splitText } from '../split.js';
import type { InputKindSpec } from './spec.js';

/**
 * What the kinds that are rows of units (arrays, text) share: how a value is cut into units,
 * how many it has, and how its elements read.
 */

/**
 * A value as units: text cut by its split (characters by default), an array its own units (the
 * same array, not a copy). Anything else is not `anInput` (a kind's: "an array input"), which
 * must be `expected`.
 */
export function sequenceUnits(
  value: Json,
  split: Split | undefined,
  anInput: string,
  expected: string,
): Json[] {
  if (typeof value === 'string') return splitText(value, split ?? 'chars');
  if (Array.isArray(value)) return value;
  throw new TypeError(`${anInput} must be ${expected}`);
}

/** How many units a row has: an array's elements, a text's code points (or UTF-16 units). */
export function sequenceSize(value: Json, split: Split | undefined): number {
  const characters = split === 'chars' || split === 'syntax';
  if (typeof value === 'string') return characters ? codePoints(value) : value.length;
  return Array.isArray(value) ? value.length : 0;
}

/** Elements as they appear inside an array: numbers as written, others as JSON, with commas. */
export function elementsText(units: readonly Json[]): string {
  return units
    .map((unit) => (typeof unit === 'number' ? String(unit) : JSON.stringify(unit)))
    .join(',');
}

/** How many code points a string has (a surrogate pair is one), without copying it. */
function codePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

/**
 * What the kinds that are arrays (of integers, of any values) are alike in: no split, no text,
 * no tree, one call argument; their elements the units, shown as in an array; `[]` empty.
 */
export const ARRAY_LIKE = {
  splits: false,
  text: false,
  tree: false,
  call: false,
  fromUnits: (units) => units as Json[],
  size: sequenceSize,
  unitNoun: () => 'element',
  showUnits: elementsText,
  empty: () => [],
} satisfies Partial<InputKindSpec>;
