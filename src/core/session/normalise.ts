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

/** A deep copy of `value` without any `ms` keys (durations are never deterministic). */
export function withoutDurations<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => withoutDurations(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key !== 'ms') result[key] = withoutDurations(item);
  }
  return result as T;
}
