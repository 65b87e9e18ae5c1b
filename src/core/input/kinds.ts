/**
 * What a function under test receives, and how a reducer cuts it into units to delete.
 *
 * | kind | the function receives | units a reducer deletes |
 * |---|---|---|
 * | `int-array` | an array of safe integers | its elements |
 * | `string` | a string | its characters, lines or words (`split`); with `syntax`, the nodes and tokens of its syntax tree |
 * | `array` | an array of any JSON values | its elements |
 * | `json` | any JSON value | its subtrees, level by level (`hdd`) |
 * | `args` | several arguments (the input is their array) | each argument's units, one argument at a time |
 *
 * Each kind's own rules (units, size, empty input, values, generation) are in its home,
 * `kinds/<kind>.ts`, found by name through `kinds/registry.ts`.
 */

import type { Json } from './json-value.js';
import { KINDS } from './kinds/registry.js';
import type { InputKind, Split } from './names.js';

export { holdsNegativeZero, isJson, type Json } from './json-value.js';
export type { InputKind, Split } from './names.js';

/** Every kind, in menu order (the registry's). */
export const INPUT_KINDS: readonly InputKind[] = Object.keys(KINDS) as InputKind[];

/** The kind an input is of when none is named: the article's, an array of integers. */
export const DEFAULT_KIND: InputKind = 'int-array';

/** The kind as a session config names it: not at all when it is the default. */
export function namedKind(kind: InputKind): { kind?: InputKind } {
  return kind === DEFAULT_KIND ? {} : { kind };
}

/** Every split a string can be cut into by a block reducer, in menu order. */
export const SPLITS: readonly Split[] = ['chars', 'lines', 'words'];

/** Every split, `syntax` (the `syntax` reducer's) included. */
export const ALL_SPLITS: readonly Split[] = [...SPLITS, 'syntax'];

/** How an input is cut into units: its kind, and for a string the split. */
export interface Shape {
  kind: InputKind;
  /** Strings, and a call's string arguments (default `chars`). */
  split?: Split;
}

/** The article's shape, and the default: an array of integers. */
export const INT_ARRAY: Shape = { kind: 'int-array' };

/** Whether `kind` names a kind of input. */
export function isInputKind(kind: unknown): kind is InputKind {
  return (INPUT_KINDS as readonly unknown[]).includes(kind);
}

/** Whether `split` names a split. */
export function isSplit(split: unknown): split is Split {
  return (ALL_SPLITS as readonly unknown[]).includes(split);
}

/** Whether `split` names a split of {@link SPLITS} (units a block reducer or `dd` cuts by). */
export function isUnitSplit(split: unknown): split is Split {
  return (SPLITS as readonly unknown[]).includes(split);
}

/** The shape a session config names (`kind` and `split`; the article's when absent). */
export function shapeOf(config: { kind?: InputKind; split?: Split }): Shape {
  const kind = config.kind ?? DEFAULT_KIND;
  return KINDS[kind].splits ? { kind, split: config.split ?? 'chars' } : { kind };
}

/**
 * A copy of an input that later changes to the original cannot reach: an array is copied (its
 * elements are never changed); anything else is kept as it is (strings cannot change, and trees
 * are never changed in place).
 */
export function copyInput(value: Json): Json {
  return Array.isArray(value) ? value.slice() : value;
}
