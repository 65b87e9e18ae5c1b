import { markOf } from '../history/marks.js';
import { type VersionBisectResult, versionBisect } from '../history/version-bisect.js';
import type { Steps } from '../reduce/runner.js';
import type { SessionConfig } from '../session/config.js';
import type { EventBody } from '../session/events.js';
import type { HistoryVersion } from '../session/isolation-config.js';
import { storedVerdict } from './summary.js';

/**
 * The bisecting half of a history session (see `runSession`): each version `bisect` asks for is
 * judged on the session's call, told as a `call` event of phase `bisect` (numbered from 1), and
 * marked by its verdict; returns where the bisection ended.
 */
export function* runVersionBisection(
  versions: readonly HistoryVersion[],
  config: SessionConfig,
  emit: (event: EventBody) => void,
): Steps<VersionBisectResult> {
  const steps = versionBisect(versions.length);
  let next = steps.next();
  let execution = 0;
  while (!next.done) {
    const input = (versions[next.value] as HistoryVersion).code;
    const [verdict] = yield { inputs: [input], phase: 'bisect' };
    if (!verdict) throw new Error('the oracle gave no verdict for a version');
    emit({
      type: 'call',
      phase: 'bisect',
      execution: ++execution,
      input,
      ...storedVerdict(verdict),
    });
    next = steps.next(markOf(verdict, config.chase));
  }
  return next.value;
}

/** Why a bisection's end leaves no pair of versions to isolate the change between, or null. */
export function unpairedReason(result: VersionBisectResult, count: number): string | null {
  if (result.firstBad >= count) return 'no version of the history fails on the call';
  if (result.lastGood < 0) return 'the oldest version of the history already fails on the call';
  return null;
}
