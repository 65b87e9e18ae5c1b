import { callOf, callUnits } from './args.js';
import type { Json, Shape } from './kinds.js';
import { splitText } from './split.js';

export { splitText } from './split.js';

/**
 * A flat input as the units a reducer deletes, and back. An array is its own units (the same
 * array, not a copy); a string is cut by its split so that joining the units gives it back
 * exactly: characters are code points (never half a surrogate pair), a line keeps its `\n`, a
 * word keeps the white space after it (white space before the first word is a unit of its own).
 */
export function toUnits(value: Json, shape: Shape): Json[] {
  if (shape.kind === 'args') return callUnits(value, shape.split ?? 'chars');
  if (typeof value === 'string') return splitText(value, shape.split ?? 'chars');
  if (Array.isArray(value)) return value;
  throw new TypeError(
    `a ${shape.kind} input must be ${shape.kind === 'string' ? 'a string' : 'an array'}`,
  );
}

/** The input made of `units` (for an array, the units themselves). */
export function fromUnits(units: readonly Json[], shape: Shape): Json {
  if (shape.kind === 'args') return callOf(units);
  return shape.kind === 'string' ? units.join('') : (units as Json[]);
}

/** What one unit of a shape is called in English (for messages): element, character, line… */
export function unitNoun(shape: Shape): 'element' | 'character' | 'line' | 'word' | 'node' {
  if (shape.kind === 'json') return 'node';
  if (shape.kind !== 'string') return 'element';
  return shape.split === 'lines' ? 'line' : shape.split === 'words' ? 'word' : 'character';
}
