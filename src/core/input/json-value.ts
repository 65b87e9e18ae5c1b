/** A JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

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
