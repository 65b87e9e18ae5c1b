import { runAsync } from '../reduce/runner.js';
import type { Session, SessionEvent } from '../session/events.js';
import { type RunSummary, runSession } from '../session/run.js';
import { TranscriptBuilder, type TranscriptMessage } from '../session/transcript.js';
import { ReplayOracle } from './replay-oracle.js';
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
 */
export async function replaySession(
  session: Session,
  options: ReplaySessionOptions = {},
): Promise<ReplayResult> {
  const { config } = session.header;
  const oracle = new ReplayOracle(options.script ?? deriveReplayScript(session), {
    callMs: config.budgets.callMs,
  });
  const events: SessionEvent[] = [];
  const messages: TranscriptMessage[] = [];
  const transcript = new TranscriptBuilder(session.header);
  const steps = runSession(config, {
    batchSize: 1,
    onEvent: (event) => {
      events.push(event);
      for (const message of transcript.push(event)) {
        messages.push(message);
        options.onMessage?.(message);
      }
    },
  });
  const summary = await runAsync(steps, oracle, options.cancelled);
  if (summary.status !== 'cancelled') oracle.finish();
  return { summary, events, messages };
}
