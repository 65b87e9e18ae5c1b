import type { Session } from '../session/events.js';
import { equalWithoutDurations } from '../session/normalise.js';
import { deriveReplayScript, type ReplayEntry } from './script.js';

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
  const a = deriveReplayScript(recording);
  const b = deriveReplayScript(observed);
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const left = a[i];
    const right = b[i];
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
