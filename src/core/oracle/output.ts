import type { Output } from './verdict.js';

/** How deep an output may nest; below that, values are tagged `{ $: 'deep' }`. */
export const OUTPUT_DEPTH = 64;

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
    const result: { [key: string]: Output } = {};
    for (const key of Object.keys(object).sort()) {
      // A user key named "$" would be read back as a tag: escape it. defineProperty keeps an own
      // "__proto__" key a plain key instead of setting the prototype.
      Object.defineProperty(result, key === '$' ? '$$' : key, {
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
  return ka.every((key) => key in ob && sameOutput((a as { [key: string]: Output })[key], ob[key]));
}

/** A short human rendering of an output: `-7`, `[1,2]`, `undefined`, `NaN`. */
export function formatOutput(output: Output | undefined): string {
  if (output === undefined) return '—';
  if (output !== null && typeof output === 'object' && !Array.isArray(output)) {
    const tag = (output as { $?: Output }).$;
    if (typeof tag === 'string') {
      const v = (output as { v?: Output }).v;
      if (tag === 'bigint') return `${String(v)}n`;
      return typeof v === 'string' ? v : tag;
    }
  }
  return JSON.stringify(output);
}
