import type { Json } from '../input/kinds.js';
import type { Output, Role, Verdict } from '../oracle/verdict.js';
import type { Session, StoredVerdict } from '../session/events.js';

/**
 * One recorded oracle call, served by position during a replay.
 *
 * - `verdict`: the call answered; serve its verdict.
 * - `throw`: the candidate threw (a CRASH), optionally after the reference produced `expected`.
 * - `hang`: the candidate ran out of time (a TIMEOUT). With `cancel`, the call never came back
 *   and the session was cancelled while it hung; the replay cancels at this point.
 */
export type ReplayEntry =
  | { kind: 'verdict'; input: Json; verdict: Verdict; line?: number }
  | {
      kind: 'throw';
      input: Json;
      code: string;
      message: string;
      role?: Role;
      at?: { line?: number; column?: number };
      expected?: Output;
      ms?: number;
      line?: number;
    }
  | {
      kind: 'hang';
      input: Json;
      message?: string;
      role?: Role;
      expected?: Output;
      cancel?: boolean;
      ms?: number;
      line?: number;
    };

/**
 * Derives the replay script of a recorded session: one entry per oracle call (generator
 * attempts and the confirmation, reduction and verification calls), in order. CRASH verdicts
 * become `throw` entries and TIMEOUT verdicts `hang` entries, carrying what is needed to rebuild
 * the same verdict.
 */
export function deriveReplayScript(session: Session): ReplayEntry[] {
  return judgedEvents(session).map((i) => replayEntryAt(session, i));
}

/** The indices of a session's oracle calls (attempts and calls) among its events, in order. */
export function judgedEvents(session: Session): number[] {
  const found: number[] = [];
  const { events } = session;
  for (let i = 0; i < events.length; i++) {
    const type = events[i]?.type;
    if (type === 'attempt' || type === 'call') found.push(i);
  }
  return found;
}

/** The replay entry of the oracle call at `index` among the session's events. */
export function replayEntryAt(session: Session, index: number): ReplayEntry {
  const event = session.events[index];
  if (event?.type !== 'attempt' && event?.type !== 'call') {
    throw new Error(`event ${index + 1} is not an oracle call`);
  }
  return entryOf(event.input, storedVerdictOf(event), session.lines?.[index]);
}

/** The verdict fields of an event, and nothing else (not its attempt, phase or execution). */
function storedVerdictOf(event: StoredVerdict): StoredVerdict {
  const { outcome, expected, actual, error, ms, flaky } = event;
  return {
    outcome,
    ...(expected !== undefined ? { expected } : {}),
    ...(actual !== undefined ? { actual } : {}),
    ...(error !== undefined ? { error } : {}),
    ...(ms !== undefined ? { ms } : {}),
    ...(flaky !== undefined ? { flaky } : {}),
  };
}

function entryOf(input: Json, stored: StoredVerdict, line: number | undefined): ReplayEntry {
  const { outcome, expected, actual, error, ms, flaky } = stored;
  const at = line !== undefined ? { line } : {};
  const simple = actual === undefined && flaky === undefined && error !== undefined;
  if (outcome === 'CRASH' && simple) {
    return {
      kind: 'throw',
      input,
      code: error.name,
      message: error.message,
      ...(error.role ? { role: error.role } : {}),
      ...(error.line !== undefined || error.column !== undefined
        ? {
            at: {
              ...(error.line !== undefined ? { line: error.line } : {}),
              ...(error.column !== undefined ? { column: error.column } : {}),
            },
          }
        : {}),
      ...(expected !== undefined ? { expected } : {}),
      ...(ms !== undefined ? { ms } : {}),
      ...at,
    };
  }
  // A hang has no position: a TIMEOUT that names one is served as the verdict it was.
  const positioned = error?.line !== undefined || error?.column !== undefined;
  if (outcome === 'TIMEOUT' && simple && error.name === 'Timeout' && !positioned) {
    return {
      kind: 'hang',
      input,
      message: error.message,
      ...(error.role ? { role: error.role } : {}),
      ...(expected !== undefined ? { expected } : {}),
      ...(ms !== undefined ? { ms } : {}),
      ...at,
    };
  }
  return { kind: 'verdict', input, verdict: stored, ...at };
}
