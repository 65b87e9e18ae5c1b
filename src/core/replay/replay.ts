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
  /**
   * Keep the re-persisted events and the transcript in the result (default true). A caller that
   * streams the messages and needs only the summary leaves them out: a long session's replay
   * then holds its inputs once, not three times.
   */
  keep?: boolean;
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
  const keep = options.keep !== false;
  const events: SessionEvent[] = [];
  const messages: TranscriptMessage[] = [];
  const transcript = new TranscriptBuilder(session.header);
  const clock = replayClock(session);
  const cancelled = () => options.cancelled?.() ?? false;
  let replayed = 0;
  const steps = runSession(config, {
    batchSize: 1,
    ...(clock ? { clock: clock.read } : {}),
    onEvent: (event) => {
      // Each event is checked as it is made: the replay is exact, or it fails where it parts.
      if (!cancelled()) checkEvent(session, replayed, event);
      replayed++;
      if (keep) events.push(event);
      clock?.observe(event);
      for (const message of transcript.push(event)) {
        if (keep) messages.push(message);
        options.onMessage?.(message);
      }
    },
  });
  const summary = await stepThrough(steps, oracle, options.cancelled);
  if (summary.status !== 'cancelled') oracle.finish();
  if (!cancelled() && replayed < session.events.length) checkEvent(session, replayed, undefined);
  return { summary, events, messages };
}

/**
 * Checks that the replay re-persisted recorded event `i` (durations aside); `undefined` is a
 * replay that ended before it. The oracle checks every trial it is asked for; this also catches
 * a log whose other lines were altered (the found input, a decision, the end summary), so a
 * replay is either exact or it fails.
 */
function checkEvent(session: Session, i: number, replayed: SessionEvent | undefined): void {
  const recorded = session.events[i];
  const ignore = recorded ? unstored(session, recorded) : [];
  if (recorded && replayed && equalWithoutDurations(recorded, replayed, ignore)) return;
  // Only a difference is serialised, for the message.
  const left = recorded ? jsonLine(withoutDurations(recorded)) : 'nothing';
  const right = replayed ? jsonLine(withoutDurations(replayed)) : 'nothing';
  const line = session.lines?.[i];
  throw new ReplayError(
    'divergence',
    `replay diverged at event ${i + 1}${line === undefined ? '' : ` (session line ${line})`}: ` +
      `the recording has ${clip(left)} but the replay produced ${clip(right)}`,
    undefined,
    line,
  );
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

/** What format 2.4 added to an isolation's rows: the sides of each trial, the side confirmed. */
const SINCE_SIDES: Partial<Record<SessionEvent['type'], readonly string[]>> = {
  isolation: ['pass', 'fail'],
  call: ['side'],
};

/**
 * The fields a replay makes that a session of an earlier format could not store (a replay of a
 * format 2.1 isolation makes its trials' sides, which the recording never had).
 */
function unstored(session: Session, recorded: SessionEvent): readonly string[] {
  const [major = 0, minor = 0] = session.header.version.split('.').map(Number);
  const older = major < 2 || (major === 2 && minor < 4);
  return older ? (SINCE_SIDES[recorded.type] ?? []) : [];
}
