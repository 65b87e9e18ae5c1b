import type { Session } from './events.js';

/** What volatile header fields are replaced with. */
export const PLACEHOLDERS = { id: '<id>', created: '<created>', tool: '<tool>' } as const;

/**
 * Removes what differs between two runs of the same session: the id, the creation time and the
 * tool version in the header, and every duration (`ms`). Sequence numbers, inputs, verdicts and
 * decisions stay, so two normalised sessions are equal exactly when the runs behaved the same.
 */
export function normaliseSession(session: Session): Session {
  return {
    header: { ...session.header, ...PLACEHOLDERS },
    events: session.events.map((event) => withoutDurations(event)),
  };
}

/**
 * A deep copy of `value` without any `ms` keys (durations are never deterministic). The outputs
 * of user code (`expected`, `actual`) are data, not timings: an `ms` inside them is kept.
 */
export function withoutDurations<T>(value: T): T {
  return copy(value, true) as T;
}

/** Keys whose values are user code's outputs. */
const OUTPUT_KEYS = new Set(['expected', 'actual']);

function copy(value: unknown, strip: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => copy(item, strip));
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (strip && key === 'ms') continue;
    // An own `__proto__` key (JSON.parse makes them) must stay a key, not become a prototype.
    Object.defineProperty(result, key, {
      value: copy(item, strip && !OUTPUT_KEYS.has(key)),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return result;
}

/**
 * Whether two values are equal once durations are left out — what {@link withoutDurations}
 * would make of them — without copying either (replays compare every event this way).
 * `ignore` names further top-level keys to leave out.
 */
export function equalWithoutDurations(
  a: unknown,
  b: unknown,
  ignore: readonly string[] = [],
): boolean {
  return same(a, b, true, ignore);
}

function same(a: unknown, b: unknown, strip: boolean, ignore: readonly string[]): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => same(item, b[i], strip, []));
  }
  const skip = (key: string) => (strip && key === 'ms') || ignore.includes(key);
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = Object.keys(ra).filter((key) => !skip(key) && ra[key] !== undefined);
  const other = Object.keys(rb).filter((key) => !skip(key) && rb[key] !== undefined);
  if (keys.length !== other.length) return false;
  return keys.every(
    (key) => Object.hasOwn(rb, key) && same(ra[key], rb[key], strip && !OUTPUT_KEYS.has(key), []),
  );
}
