import { KINDS } from './kinds/registry.js';
import type { Json, Shape } from './kinds.js';

/**
 * An input as one line of text: an array of integers as the article writes it (`[3,1,2]`),
 * anything else as JSON (a string in quotes, with its escapes).
 */
export function showInput(value: Json): string {
  if (Array.isArray(value) && value.every((x) => typeof x === 'number')) {
    return `[${value.join(',')}]`;
  }
  return JSON.stringify(value);
}

/**
 * Some units of an input, as they appear inside it: elements separated by commas, or a piece of
 * a string as it reads inside quotes.
 */
export function showUnits(units: readonly Json[], shape: Shape): string {
  return KINDS[shape.kind].showUnits(units);
}
