/**
 * One JSON value on one line, with keys in a canonical order: `seq` and `type` first, the rest
 * alphabetically, at every depth. Two equal values always give the same bytes, which is what
 * makes "canonical" a checkable property of a fixture.
 */
export function jsonLine(value: unknown): string {
  return JSON.stringify(canonical(value));
}

/**
 * A JSON value with the members of every object in the order {@link jsonLine} writes them (a
 * new value; arrays and strings are copied or shared as they are).
 */
export function inCanonicalOrder<T>(value: T): T {
  return canonical(value) as T;
}

const FIRST = ['seq', 'type'];

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  const result: Record<string, unknown> = {};
  for (const key of keys) {
    // An own `__proto__` key (JSON.parse makes them) must stay a key, not become a prototype.
    Object.defineProperty(result, key, {
      value: canonical(record[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return result;
}

function rank(key: string): number {
  const i = FIRST.indexOf(key);
  return i < 0 ? FIRST.length : i;
}
