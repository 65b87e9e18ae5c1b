import type { Json } from '../input/kinds.js';
import { sameValue } from '../input/value.js';
import type { Session } from '../session/events.js';
import { equalWithoutDurations } from '../session/normalise.js';
import { judgedEvents, type ReplayEntry, replayEntryAt } from './script.js';

/** How a new run compares with a recording, call by call. */
export type Comparison =
  | { match: true; calls: number }
  | {
      match: false;
      /** The 1-based oracle call where the runs part. */
      call: number;
      /** The recording's line of that call, when known. */
      line?: number;
      recorded?: ReplayEntry;
      observed?: ReplayEntry;
    };

/**
 * Compares the oracle calls of two sessions (trials and verdicts, durations ignored) and points
 * at the first call where they differ, e.g. a live run against the recording it should repeat.
 */
export function compareSessions(recording: Session, observed: Session): Comparison {
  const a = judgedEvents(recording);
  const b = judgedEvents(observed);
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const at = a[i];
    const bt = b[i];
    // Most calls are the same field for field: told apart without building their entries.
    if (at !== undefined && bt !== undefined && sameCall(recording, at, observed, bt)) continue;
    const left = at === undefined ? undefined : replayEntryAt(recording, at);
    const right = bt === undefined ? undefined : replayEntryAt(observed, bt);
    if (!left || !right || !equalWithoutDurations(left, right, ['line'])) {
      return {
        match: false,
        call: i + 1,
        ...(left?.line !== undefined ? { line: left.line } : {}),
        ...(left ? { recorded: left } : {}),
        ...(right ? { observed: right } : {}),
      };
    }
  }
  return { match: true, calls: length };
}

/** The fields a call's replay entry is made of, durations and lines aside. */
const CALL_FIELDS = ['input', 'outcome', 'expected', 'actual', 'error', 'flaky'] as const;

/**
 * Whether two oracle calls have exactly the same input and verdict (their durations aside), so
 * that their replay entries are equal. False does not mean they differ: their entries decide.
 */
function sameCall(a: Session, i: number, b: Session, j: number): boolean {
  const left = a.events[i] as unknown as Record<string, unknown>;
  const right = b.events[j] as unknown as Record<string, unknown>;
  for (const field of CALL_FIELDS) {
    if (!sameValue(left[field] as Json, right[field] as Json)) return false;
  }
  return true;
}
