import type { RoleError } from '../../core/code/compile-error.js';
import type { Oracle } from '../../core/oracle/oracle.js';
import { type IsolateSummary, isolationOf } from '../../core/run/run.js';
import { StatusTracker } from '../../core/run/status.js';
import type { IsolatingTask } from '../../core/session/config.js';
import type { Session, StoredVerdict } from '../../core/session/events.js';
import { ParallelOracle } from '../../live/parallel-oracle.js';
import { type Platform, runLive } from '../../live/run-live.js';
import { stoppable } from '../signals.js';
import { UsageError } from '../usage-error.js';
import type { TrialMessage } from './report.js';

/** An oracle an isolation runs on: loaded first, disposed after (on any way out). */
export interface RunningOracle extends Oracle {
  load(): Promise<RoleError[]>;
  dispose(): void;
  /** Why the run must stop, if it must: the engine lost every run of a trial (`--retry-exit`). */
  lostRun?(): Error | undefined;
}

/** What a live isolation gave: its summary and session, its trials, how its sides were judged. */
export interface LiveIsolation {
  summary: IsolateSummary;
  session: Session;
  trials: TrialMessage[];
  /** The verdicts of the sides' confirmations (the failing side's first). */
  confirmed: Partial<Record<'fail' | 'pass', StoredVerdict>>;
  /** Whether Ctrl-C stopped it (it then ends with the sides it had, not verified). */
  stopped: boolean;
  /** Why it stopped, if not by Ctrl-C: the engine lost every run of a trial (`lost-runs.ts`). */
  lost?: Error;
}

/**
 * Runs an isolating session live on `oracle` and disposes of the oracle after, also when the
 * process exits under it (a second Ctrl-C, a kill): nothing it made is left behind. Tells the
 * progress on stderr once a second (the trials, the size of the difference in `noun`s); the
 * first Ctrl-C stops it at its next trial (see {@link stoppable}). A {@link ParallelOracle}
 * judges ahead the trials `dd` may ask for next, from the failing side's confirmation on.
 */
export async function isolateLive(
  config: IsolatingTask,
  oracle: RunningOracle,
  platform: Platform,
  noun: string,
): Promise<LiveIsolation> {
  const dispose = () => oracle.dispose();
  process.once('exit', dispose);
  const trials: TrialMessage[] = [];
  const confirmed: LiveIsolation['confirmed'] = {};
  const tracker = new StatusTracker(() => platform.clock());
  let whole: number | null = null;
  const ticker = setInterval(() => {
    const { trials: count, size, elapsedMs } = tracker.status();
    const seconds = `${(elapsedMs / 1000).toFixed(0)} s`;
    process.stderr.write(
      count === 0
        ? `deltalab: judging the two sides, ${seconds}\n`
        : `deltalab: ${count} trials, difference ${size} of ${whole} ${noun}, ${seconds}\n`,
    );
  }, 1000);
  try {
    const { result, stopped } = await stoppable((cancelled) =>
      runLive(config, oracle, platform, {
        cancelled: () => cancelled() || oracle.lostRun?.() !== undefined,
        onEvent: (event) => {
          tracker.observe(event);
          if (event.type === 'isolation' && event.trial === 1) whole = event.size;
          if (oracle instanceof ParallelOracle && event.type === 'call') {
            // Trials are judged ahead from the failing side's confirmation to the check.
            if (event.phase === 'confirm' && event.execution === 1) oracle.reduceFrom(event.input);
            if (event.phase === 'verify') oracle.reduced();
          }
        },
        onMessage: (message) => {
          if (message.type === 'trial') trials.push(message);
          if (message.type === 'confirmed' && message.side)
            confirmed[message.side] = message.verdict;
        },
      }),
    );
    if (!result.ok) {
      const [first] = result.errors;
      throw new UsageError(
        `the ${first?.role} code does not load: ${first?.message} (line ${first?.line}, column ${first?.column})`,
      );
    }
    const summary = isolationOf(result.summary);
    const lost = oracle.lostRun?.();
    return {
      summary,
      session: result.session,
      trials,
      confirmed,
      stopped,
      ...(lost ? { lost } : {}),
    };
  } finally {
    clearInterval(ticker);
    process.off('exit', dispose);
    dispose();
  }
}
