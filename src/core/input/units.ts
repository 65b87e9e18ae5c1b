import { KINDS } from './kinds/registry.js';
import type { UnitNoun } from './kinds/spec.js';
import type { Json, Shape } from './kinds.js';

export { splitText } from './split.js';

/**
 * A flat input as the units a reducer deletes, and back, as its kind cuts it. An array is its
 * own units (the same array, not a copy); a string is cut by its split so that joining the units
 * gives it back exactly: characters are code points (never half a surrogate pair), a line keeps
 * its `\n`, a word keeps the white space after it (white space before the first word is a unit of
 * its own). A program cut by its syntax (`syntax`) is measured in characters.
 */
export function toUnits(value: Json, shape: Shape): Json[] {
  return KINDS[shape.kind].toUnits(value, shape.split);
}

/** The input made of `units` (for an array, the units themselves). */
export function fromUnits(units: readonly Json[], shape: Shape): Json {
  return KINDS[shape.kind].fromUnits(units);
}

/** What one unit of a shape is called in English (for messages): element, character, line… */
export function unitNoun(shape: Shape): UnitNoun {
  return KINDS[shape.kind].unitNoun(shape.split);
}
