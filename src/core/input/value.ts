import { FNV_OFFSET, fnv1a } from '../hash/fnv1a.js';
import { isMarker } from './args.js';
import { KINDS } from './kinds/registry.js';
import type { Json, Shape } from './kinds.js';
import { isPruningOf, singleRemovals } from './tree.js';
import { fromUnits, toUnits } from './units.js';

/**
 * Whether two JSON values are equal (arrays element by element, objects member by member), with
 * numbers compared as `Object.is` does: `-0` is not `0`.
 */
export function sameValue(a: Json, b: Json): boolean {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return Object.is(a, b);
  }
  if (a === b) return true;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i] as Json, b[i] as Json)) return false;
    return true;
  }
  const ka = Object.keys(a);
  const ob = b as { [key: string]: Json };
  if (ka.length !== Object.keys(ob).length) return false;
  return ka.every(
    (key) =>
      Object.hasOwn(ob, key) &&
      sameValue((a as { [key: string]: Json })[key] as Json, ob[key] as Json),
  );
}

/**
 * A content key for an input: equal inputs have equal keys (unequal ones almost never do; a
 * cache still compares in full). Arrays of integers keep the key they always had: two FNV-1a
 * style hashes of the elements, and the length.
 */
export function valueKey(value: Json): string {
  if (Array.isArray(value) && value.every((x) => typeof x === 'number'))
    return numbersKey(value as number[]);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  let a = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) a = fnv1a(a, text.charCodeAt(i));
  return `${typeof value === 'string' ? 's' : 'j'}${text.length}:${(a >>> 0).toString(36)}`;
}

function numbersKey(input: readonly number[]): string {
  let a = FNV_OFFSET;
  let b = 0x9e3779b9;
  for (let i = 0; i < input.length; i++) {
    const x = input[i] ?? 0;
    const lo = x | 0;
    const hi = Math.floor(x / 4294967296) | 0;
    a = fnv1a(fnv1a(a, lo), hi);
    b = Math.imul(b ^ lo, 0x85ebca6b) ^ (b >>> 13);
    b = Math.imul(b ^ hi, 0xc2b2ae35) ^ (b >>> 16);
  }
  return `${input.length}:${(a >>> 0).toString(36)}:${(b >>> 0).toString(36)}`;
}

/** How many units an input has: elements, characters, lines or words, or tree nodes. */
export function sizeOf(value: Json, shape: Shape): number {
  return KINDS[shape.kind].size(value, shape.split);
}

/**
 * Each input with exactly one unit fewer (the 1-minimality neighbourhood), one at a time: a
 * long result is never held n times over.
 */
export function* neighbours(value: Json, shape: Shape): Generator<Json> {
  if (KINDS[shape.kind].tree) {
    yield* singleRemovals(value);
    return;
  }
  const units = toUnits(value, shape);
  for (let i = 0; i < units.length; i++) {
    // A call's argument markers stay: an argument loses units, never its place.
    if (KINDS[shape.kind].call && isMarker(units[i] as Json)) continue;
    const without = [...units.slice(0, i), ...units.slice(i + 1)];
    yield fromUnits(without, shape);
  }
}

/**
 * Whether `small` is `big` with units deleted (a subsequence of its units, or for a tree, the
 * tree with nodes removed).
 */
export function isReductionOf(small: Json, big: Json, shape: Shape): boolean {
  if (KINDS[shape.kind].tree) return isPruningOf(small, big);
  const a = toUnits(small, shape);
  const b = toUnits(big, shape);
  let j = 0;
  for (let i = 0; i < b.length && j < a.length; i++) if (sameValue(b[i] as Json, a[j] as Json)) j++;
  return j === a.length;
}
