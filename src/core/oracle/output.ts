import { textHash } from '../hash/text-hash.js';
import { clipJson, clipText } from '../text/clip.js';
import type { Output } from './verdict.js';

/** How deep an output may nest; below that, values are tagged `{ $: 'deep' }`. */
export const OUTPUT_DEPTH = 64;

/**
 * The longest output a sandbox answers whole, in characters of its JSON text. A longer one is
 * answered clipped ({@link clipOutput}): its length, its first {@link CLIPPED_PREFIX} characters
 * and a hash of all of it, so that a session stays small and two long outputs still compare
 * equal only when they are.
 */
export const OUTPUT_CHARS = 4096;

/** How many characters of a clipped output's JSON text it keeps. */
export const CLIPPED_PREFIX = 256;

/**
 * The tags an output may hold (an object whose `$` is one of these), and the fields each has
 * beside `$`. A user's own key `$` (or `$$`, `$$$`, …) is written with one more `$`, so no user
 * object ever reads as a tag, and no two user objects are written alike.
 */
export const OUTPUT_TAGS = {
  undefined: [],
  number: ['v'],
  bigint: ['v'],
  symbol: ['v'],
  function: [],
  cycle: [],
  deep: [],
  long: ['n', 'v', 'h'],
  map: ['v'],
  set: ['v'],
  date: ['v'],
  python: ['v'],
  dict: ['v'],
} as const satisfies Record<string, readonly string[]>;

/** The name of an output tag. */
export type OutputTag = keyof typeof OUTPUT_TAGS;

/** A user's object key as an output writes it: a key made only of `$` gets one more. */
export function outputKey(key: string): string {
  return key.length > 0 && /^\$+$/.test(key) ? `${key}$` : key;
}

/**
 * Turns whatever user code returned into a JSON-safe {@link Output}. JSON cannot hold
 * `undefined`, non-finite numbers, `-0`, bigints, functions or cycles, so those are tagged
 * (`{ $: 'undefined' }`, `{ $: 'number', v: 'NaN' }`, ...) instead of silently collapsing into
 * `null`, which would make `undefined` and `null` compare equal. Objects and arrays nested deeper
 * than {@link OUTPUT_DEPTH} are tagged `{ $: 'deep' }`: a session must stay readable.
 */
export function toOutput(value: unknown, seen?: Set<object>, depth = 0): Output {
  switch (typeof value) {
    case 'undefined':
      return { $: 'undefined' };
    case 'boolean':
    case 'string':
      return value;
    case 'number':
      if (Number.isFinite(value) && !Object.is(value, -0)) return value;
      return { $: 'number', v: String(Object.is(value, -0) ? '-0' : value) };
    case 'bigint':
      return { $: 'bigint', v: value.toString() };
    case 'symbol':
      return { $: 'symbol', v: value.description ?? '' };
    case 'function':
      return { $: 'function' };
  }
  if (value === null) return null;
  const object = value as object;
  // Made only for objects: a number or a string (most outputs) allocates nothing here.
  const path = seen ?? new Set<object>();
  if (path.has(object)) return { $: 'cycle' };
  if (depth >= OUTPUT_DEPTH) return { $: 'deep' };
  path.add(object);
  try {
    if (Array.isArray(object)) return object.map((item) => toOutput(item, path, depth + 1));
    // A map's keys and values sit three levels down (tag, list, pair), a set's items two: the
    // depth counts levels as they are written.
    if (object instanceof Map) {
      const entries = [...object].map(([key, item]) => [
        toOutput(key, path, depth + 3),
        toOutput(item, path, depth + 3),
      ]);
      return { $: 'map', v: entries };
    }
    if (object instanceof Set) {
      return { $: 'set', v: [...object].map((item) => toOutput(item, path, depth + 2)) };
    }
    if (object instanceof Date) {
      const time = object.getTime();
      return { $: 'date', v: Number.isNaN(time) ? 'Invalid Date' : object.toISOString() };
    }
    const result: { [key: string]: Output } = {};
    for (const key of Object.keys(object).sort()) {
      // A user key made of `$` alone would read as a tag: it gets one more `$` (see
      // outputKey). defineProperty keeps an own "__proto__" key a plain key instead of setting
      // the prototype.
      Object.defineProperty(result, outputKey(key), {
        value: toOutput((object as Record<string, unknown>)[key], path, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return result;
  } finally {
    path.delete(object);
  }
}

/** Whether two outputs are the same value (structural equality). */
export function sameOutput(a: Output | undefined, b: Output | undefined): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => sameOutput(item, b[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ob = b as { [key: string]: Output };
  // Own keys only: `in` would find `__proto__` or `constructor` on any object.
  return ka.every(
    (key) => Object.hasOwn(ob, key) && sameOutput((a as { [key: string]: Output })[key], ob[key]),
  );
}

/**
 * An output as a sandbox answers it: whole when its JSON text is at most {@link OUTPUT_CHARS}
 * characters, else `{ $: 'long', n, v, h }`: the text's length, its first
 * {@link CLIPPED_PREFIX} characters and its {@link textHash}. A number, the commonest output,
 * costs one comparison.
 */
export function clipOutput(output: Output): Output {
  if (output === null || typeof output === 'number' || typeof output === 'boolean') return output;
  // A JSON text is at most six characters a code unit (`\u0000`), plus its quotes.
  if (typeof output === 'string' && output.length * 6 + 2 <= OUTPUT_CHARS) return output;
  if (typeof output === 'object' && fitsSurely(output)) return output;
  const text = JSON.stringify(output);
  if (text.length <= OUTPUT_CHARS) return output;
  const cut = /[\uD800-\uDBFF]/.test(text[CLIPPED_PREFIX - 1] ?? '')
    ? CLIPPED_PREFIX - 1
    : CLIPPED_PREFIX;
  return { $: 'long', n: text.length, v: text.slice(0, cut), h: textHash(text) };
}

/**
 * Whether an output's JSON text is surely within {@link OUTPUT_CHARS}, by an upper bound on its
 * length that stops counting once past the limit (so a huge output costs no more than a small).
 */
function fitsSurely(output: Output): boolean {
  let bound = 0;
  const pending: Output[] = [output];
  while (pending.length > 0) {
    const item = pending.pop() as Output;
    if (typeof item === 'string') bound += item.length * 6 + 3;
    else if (typeof item === 'number') bound += 25;
    else if (item === null || typeof item === 'boolean') bound += 6;
    else if (Array.isArray(item)) {
      bound += 2;
      for (const element of item) pending.push(element);
    } else {
      bound += 2;
      for (const key of Object.keys(item)) {
        bound += key.length * 6 + 4;
        pending.push(item[key] as Output);
      }
    }
    if (bound > OUTPUT_CHARS) return false;
  }
  return true;
}

/**
 * A short human rendering of an output: `-7`, `[1,2]`, `undefined`, `NaN`, clipped for display
 * (see {@link clipText}); a clipped output shows its head and `lengthText` of its full length
 * (by default the number of characters).
 */
export function formatOutput(
  output: Output | undefined,
  lengthText: (length: number) => string = (length) => `${length} characters`,
): string {
  if (output === undefined) return '—';
  if (output !== null && typeof output === 'object' && !Array.isArray(output)) {
    const tag = (output as { $?: Output }).$;
    if (typeof tag === 'string' && Object.hasOwn(OUTPUT_TAGS, tag)) {
      const v = (output as { v?: Output }).v;
      if (tag === 'long') {
        const n = (output as { n?: Output }).n;
        return `${clipText(typeof v === 'string' ? v : '')}… (${lengthText(Number(n))})`;
      }
      if (tag === 'bigint') return clipText(`${String(v)}n`);
      if (typeof v === 'string') return clipText(v);
      if (v !== undefined) return `${tag} ${clipJson(v)}`;
      return tag;
    }
  }
  return clipJson(output);
}
