import type { Json, Shape, Split } from './kinds.js';

/**
 * A flat input as the units a reducer deletes, and back. An array is its own units (the same
 * array, not a copy); a string is cut by its split so that joining the units gives it back
 * exactly: characters are code points (never half a surrogate pair), a line keeps its `\n`, a
 * word keeps the white space after it (white space before the first word is a unit of its own).
 * A program cut by its syntax (`syntax`) is measured in characters.
 */
export function toUnits(value: Json, shape: Shape): Json[] {
  if (typeof value === 'string') return splitText(value, shape.split ?? 'chars');
  if (Array.isArray(value)) return value;
  throw new TypeError(
    `a ${shape.kind} input must be ${shape.kind === 'string' ? 'a string' : 'an array'}`,
  );
}

/** The input made of `units` (for an array, the units themselves). */
export function fromUnits(units: readonly Json[], shape: Shape): Json {
  return shape.kind === 'string' ? units.join('') : (units as Json[]);
}

/** A text cut into units by `split`. */
export function splitText(text: string, split: Split): string[] {
  switch (split) {
    case 'chars':
    case 'syntax':
      return Array.from(text);
    case 'lines':
      return text.match(/[^\n]*\n|[^\n]+/g) ?? [];
    case 'words':
      return text.match(/\S+\s*|\s+/g) ?? [];
  }
}

/** What one unit of a shape is called in English (for messages): element, character, line… */
export function unitNoun(shape: Shape): 'element' | 'character' | 'line' | 'word' | 'node' {
  if (shape.kind === 'json') return 'node';
  if (shape.kind !== 'string') return 'element';
  return shape.split === 'lines' ? 'line' : shape.split === 'words' ? 'word' : 'character';
}
