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
 */

/** A JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The kinds of input. */
export type InputKind = 'int-array' | 'string' | 'array' | 'json' | 'args';

/** Every kind, in menu order. */
export const INPUT_KINDS: readonly InputKind[] = ['int-array', 'string', 'array', 'json', 'args'];

/**
 * How a string is cut into units. `syntax` is a program's text reduced by the moves of its syntax
 * tree (the `syntax` reducer); its units, for sizes and subsequences, are its characters.
 */
export type Split = 'chars' | 'lines' | 'words' | 'syntax';

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
  const kind = config.kind ?? 'int-array';
  return kind === 'string' || kind === 'args' ? { kind, split: config.split ?? 'chars' } : { kind };
}

/** Whether `value` is a JSON value nested at most `depth` deep (no functions, no cycles). */
export function isJson(value: unknown, depth = 100): value is Json {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (depth <= 0 || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.every((item) => isJson(item, depth - 1));
  return Object.values(value as object).every((item) => isJson(item, depth - 1));
}

/** Whether a JSON value holds `-0` anywhere (JSON text, and so a session, writes it as `0`). */
export function holdsNegativeZero(value: Json): boolean {
  if (typeof value === 'number') return Object.is(value, -0);
  if (value === null || typeof value !== 'object') return false;
  return (Array.isArray(value) ? value : Object.values(value)).some(holdsNegativeZero);
}

/**
 * A copy of an input that later changes to the original cannot reach: an array is copied (its
 * elements are never changed); anything else is kept as it is (strings cannot change, and trees
 * are never changed in place).
 */
export function copyInput(value: Json): Json {
  return Array.isArray(value) ? value.slice() : value;
}
