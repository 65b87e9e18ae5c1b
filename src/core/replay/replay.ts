import { stepThrough } from '../reduce/runner.js';
import { type RunSummary, runSession } from '../run/run.js';
import { TranscriptBuilder, type TranscriptMessage } from '../run/transcript.js';
import type { Session, SessionEvent } from '../session/events.js';
import { jsonLine } from '../session/format/json-line.js';
import { equalWithoutDurations, withoutDurations } from '../session/normalise.js';
import { ReplayError, ReplayOracle } from './replay-oracle.js';
import { deriveReplayScript, type ReplayEntry } from './script.js';

/** Options of {@link replaySession}. */
export interface ReplaySessionOptions {
  /** A script that replaces the derived one (a scenario's `replay.override.json`). */
  script?: readonly ReplayEntry[];
  /** Receives each transcript message as it is produced. */
  onMessage?: (message: TranscriptMessage) => void;
  /** Stop when this turns true (the replay then ends as cancelled). */
  cancelled?: () => boolean;
}

/** What a replay produced: the same three things a live run produces. */
export interface ReplayResult {
  summary: RunSummary;
  /** The re-persisted session's events. */
  events: SessionEvent[];
  messages: TranscriptMessage[];
}

/**
 * Replays a recorded session: runs the recorded config again with a {@link ReplayOracle} in
 * place of the live one, so nothing is executed. Throws a `ReplayError` on divergence,
 * exhaustion or recorded calls left over.
 *
 * Two things a live run takes from outside the oracle are rebuilt from the log: a time budget
 * (`maxMs`) runs out at the trial the recording stopped at, and a recording the user cancelled
 * is cancelled again at the first call past its last recorded one.
 */
export async function replaySession(
  session: Session,
  options: ReplaySessionOptions = {},
): Promise<ReplayResult> {
  const { config } = session.header;
  const end = session.events.at(-1);
  const oracle = new ReplayOracle(options.script ?? deriveReplayScript(session), {
    callMs: config.budgets.callMs,
    cancelledAtEnd: end?.type === 'end' && end.status === 'cancelled',
  });
  const events: SessionEvent[] = [];
  const messages: TranscriptMessage[] = [];
  const transcript = new TranscriptBuilder(session.header);
  const clock = replayClock(session);
  const steps = runSession(config, {
    batchSize: 1,
    ...(clock ? { clock: clock.read } : {}),
    onEvent: (event) => {
      events.push(event);
      clock?.observe(event);
      for (const message of transcript.push(event)) {
        messages.push(message);
        options.onMessage?.(message);
      }
    },
  });
  const summary = await stepThrough(steps, oracle, options.cancelled);
  if (summary.status !== 'cancelled') oracle.finish();
  if (!options.cancelled?.()) checkEvents(session, events);
  return { summary, events, messages };
}

/**
 * Checks that the replay re-persisted the recorded events (durations aside). The oracle checks
 * every trial it is asked for; this also catches a log whose other lines were altered (the
 * found input, a decision, the end summary), so a replay is either exact or it fails.
 */
function checkEvents(session: Session, replayed: readonly SessionEvent[]): void {
  const recorded = session.events;
  const length = Math.max(recorded.length, replayed.length);
  for (let i = 0; i < length; i++) {
    const a = recorded[i];
    const b = replayed[i];
    if (a && b && equalWithoutDurations(a, b)) continue;
    // Only a difference is serialised, for the message.
    const left = a ? jsonLine(withoutDurations(a)) : 'nothing';
    const right = b ? jsonLine(withoutDurations(b)) : 'nothing';
    const line = session.lines?.[i];
    throw new ReplayError(
      'divergence',
      `replay diverged at event ${i + 1}${line === undefined ? '' : ` (session line ${line})`}: ` +
        `the recording has ${clip(left)} but the replay produced ${clip(right)}`,
      undefined,
      line,
    );
  }
}

function clip(text: string): string {
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

/**
 * The replay's clock for a time budget. A live run reads its budgets off a real clock, so where
 * it stopped is known only from the log: when the recording's search ran out of time after `n`
 * attempts, or its reduction after `n` trials, this clock stands still until that many have been
 * replayed, then jumps to the budget. Without a recorded time stop there is no clock, and time
 * never runs out.
 */
function replayClock(session: Session) {
  const { maxMs, searchMs } = session.header.config.budgets;
  const end = session.events.at(-1);
  const notFound = session.events.find((event) => event.type === 'not-found');
  if (searchMs !== undefined && notFound?.type === 'not-found' && notFound.timedOut) {
    let attempts = 0;
    return {
      read: (): number => (attempts >= notFound.attempts ? searchMs : 0),
      observe(event: SessionEvent): void {
        if (event.type === 'attempt') attempts = event.attempt;
      },
    };
  }
  if (maxMs === undefined || end?.type !== 'end' || end.stopped !== 'max-ms') return null;
  const trials = session.events.filter((event) => event.type === 'decision').length;
  let confirmed = false;
  let replayed = 0;
  return {
    // The driver reads its start time before the confirmation: that reading must be 0.
    read: (): number => (confirmed && replayed >= trials ? maxMs : 0),
    observe(event: SessionEvent): void {
      if (event.type === 'call' && event.phase === 'confirm') confirmed = true;
      if (event.type === 'decision') replayed++;
    },
  };
}
