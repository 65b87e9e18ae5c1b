import {
  judgingRoles,
  type ResolvedCode,
  type Runtime,
  runtimeOf,
} from '../../src/core/code/refs.js';
import { RUNTIMES } from '../../src/core/code/runtimes/registry.js';
import { shapeOf } from '../../src/core/input/kinds.js';
import type { Role } from '../../src/core/oracle/verdict.js';
import { Cancelled } from '../../src/core/reduce/runner.js';
import { compareSessions } from '../../src/core/replay/compare-recording.js';
import { replaySession } from '../../src/core/replay/replay.js';
import type { ReplayEntry } from '../../src/core/replay/script.js';
import { StatusTracker } from '../../src/core/run/status.js';
import { configProblems, type SessionConfig } from '../../src/core/session/config.js';
import type { Session } from '../../src/core/session/events.js';
import { writeSession } from '../../src/core/session/format/writer.js';
import { problemsText } from '../../src/core/text/problems.js';
import { PYTHON_START_MS } from '../../src/live/live-oracle.js';
import { refusing } from '../../src/live/refusing-oracle.js';
import { type Platform, runLive } from '../../src/live/run-live.js';
import { type PairOracle, sessionOracle } from '../../src/live/session-oracle.js';
import { readSource } from '../../src/live/session-source.js';
import { type ProgramRun, withProgramTree } from '../../src/live/syntax/parse-program.js';
import { SyntaxChecker } from '../../src/live/syntax-checker.js';
import { WarmPool } from '../../src/live/warm-pool.js';
import type { Port } from '../../src/protocol/iframe.js';
import type {
  LiveReply,
  ReducerApi,
  ReplayReply,
  RunListener,
  SessionSource,
} from '../../src/protocol/reducer.js';
import type { WorkerPort } from '../../src/protocol/sandbox.js';
import { missingCode, scanCode } from './code-checks.js';
import { runCompare } from './compare.js';
import { failureOf } from './failure.js';
import { type Outbox, told } from './outbox.js';
import { runRegress } from './regress.js';
import { warmUp } from './warm-up.js';

/** How often a live run tells where it is. */
const STATUS_MS = 250;

/** A platform that may need to be told how to reach its sandboxes (the browser's). */
export type ReducerPlatform = Platform & { connect?(port: Port): void };

/**
 * Builds the reducer API over a platform. Each live run loads the user's code into sandboxes of
 * its own and ends them when it ends (Python's are kept for the next run, their state put back
 * before it loads its code); spares, started ahead with no user code in them, make a run start at
 * once. Nothing the user wrote runs before Run: preparing only transpiles the code and scans it
 * for its functions.
 */
export function createReducerApi(platform: ReducerPlatform): ReducerApi {
  const pool = new WarmPool((role, runtime) => platform.spawn(role, runtime));
  const python = new SyntaxChecker(
    () => platform.spawn('candidate', 'py'),
    PYTHON_START_MS,
    // A spare for the run compiles the code: no third runtime starts beside the run's two.
    () => pool.peek('reference', 'py') ?? pool.peek('candidate', 'py'),
  );
  let running: PairOracle | null = null;
  /** Ends the sandboxes of the regression check or comparison under way. */
  let stopChecking: (() => void) | null = null;
  let cancelled = false;
  /** A run or the warm-up has compiled the worker's own paths. */
  let warmed = false;
  /**
   * The recording last replayed from text, as read: a Run live of what it shows is compared
   * with it, and need not read it again.
   */
  let replayedText: { text: string; session: Session } | null = null;
  /** A recording as read, the one last replayed when it is that text. */
  const recorded = (source: SessionSource): Promise<Session> =>
    replayedText !== null && source === replayedText.text
      ? Promise.resolve(replayedText.session)
      : readSource(source);

  async function live(
    config: SessionConfig,
    code: ResolvedCode,
    listener: RunListener,
    outbox: Outbox,
    recording?: SessionSource,
  ): Promise<LiveReply> {
    const missing = missingCode(code);
    if (missing.length > 0) return { ok: false, errors: missing };
    const problems = configProblems(config);
    if (problems.length > 0) {
      return { ok: false, failure: { kind: 'config', message: problemsText(problems) } };
    }
    // From here a cancel ends this run, even while its grammar loads.
    cancelled = false;
    // A program is parsed before any sandbox starts: a grammar that cannot be had ends the run.
    let parsed: ProgramRun;
    try {
      parsed = await withProgramTree(config, platform.grammars, () => cancelled);
    } catch (error) {
      // Cancelled while it parses: the run goes on without the tree, to end at its first request
      // as the cancelled run it is.
      if (!(error instanceof Cancelled)) return { ok: false, failure: failureOf(error) };
      parsed = { config };
    }
    listener.shape?.(shapeOf(config));
    warmed = true;
    const oracle = sessionOracle(config, code, {
      spawn: replacing(pool, code),
      transpile: platform.transpile,
    });
    running = oracle;
    const tracker = new StatusTracker(() => platform.clock());
    const ticker = setInterval(() => listener.status?.(tracker.status()), STATUS_MS);
    try {
      const { refuse } = parsed;
      const judge = refuse ? refusing(oracle, refuse) : oracle;
      const outcome = await runLive(parsed.config, judge, platform, {
        onMessage: (message) => outbox.push(message),
        onEvent: (event) => tracker.observe(event),
        around: (judged) => tracker.around(judged),
        cancelled: () => cancelled,
      });
      if (!outcome.ok) return outcome;
      return {
        ok: true,
        summary: outcome.summary,
        session: writeSession(outcome.session),
        ...(recording
          ? { comparison: compareSessions(await recorded(recording), outcome.session) }
          : {}),
      };
    } catch (error) {
      return { ok: false, failure: failureOf(error) };
    } finally {
      clearInterval(ticker);
      running = null;
      // The run's sandboxes end with it, but for Python's, kept for the next run (a runtime takes
      // seconds to start; it puts its state back before it loads code again); spares wait for the
      // roles that have none.
      const runtime = runtimeOf(code.language);
      if (cancelled) oracle.dispose();
      else {
        for (const { role, port } of oracle.release())
          pool.keep(role, runtime, port, code[role] ?? '');
      }
      if (!cancelled) pool.fill(judgingRoles(code), runtime);
    }
  }

  /**
   * Runs a check of its own sandboxes (fix and regress, a comparison) that `cancel` can stop.
   * Its sandboxes are the pool's spares where there are some (no user code has run in a spare),
   * so that the check does not wait for them to start; the pool is filled again after it.
   */
  async function checking<Q, P, R>(
    check: (
      platform: Platform,
      request: Q,
      progress: P,
      cancelled: () => boolean,
      hold: (stop: () => void) => void,
    ) => Promise<R>,
    request: Q,
    progress: P,
  ): Promise<R> {
    cancelled = false;
    const taken: [Role, Runtime][] = [];
    const pooled: Platform = {
      ...platform,
      spawn: (role, runtime) => {
        taken.push([role, runtime]);
        return pool.take(role, runtime);
      },
    };
    try {
      return await check(
        pooled,
        request,
        progress,
        () => cancelled,
        (stop) => {
          stopChecking = stop;
        },
      );
    } finally {
      stopChecking = null;
      if (!cancelled) for (const [role, runtime] of taken) pool.fill([role], runtime);
    }
  }

  async function replayed(
    source: SessionSource,
    listener: RunListener,
    outbox: Outbox,
    script?: ReplayEntry[],
  ): Promise<ReplayReply> {
    cancelled = false;
    try {
      const session = await readSource(source, (fraction) => listener.reading?.(fraction));
      // Kept for a comparison when it came as text (a lesson's, a link's: bounded by the reader),
      // not when it came as a file, which may be large.
      replayedText = typeof source === 'string' ? { text: source, session } : null;
      listener.shape?.(shapeOf(session.header.config));
      const result = await replaySession(session, {
        ...(script ? { script } : {}),
        onMessage: (message) => outbox.push(message),
        cancelled: () => cancelled,
        keep: false,
      });
      return { ok: true, summary: result.summary, config: session.header.config };
    } catch (error) {
      return { ok: false, failure: failureOf(error) };
    }
  }

  return {
    connectSandboxes(port) {
      platform.connect?.(port);
    },

    async prepare(code) {
      const missing = missingCode(code);
      if (missing.length > 0) return missing;
      const runtime = runtimeOf(code.language);
      // A Python runtime kept from a run of other code is not used for this code.
      pool.fill(judgingRoles(code), runtime, (role) => code[role] ?? '');
      const scanned = await scanCode(code, platform.transpile);
      if (RUNTIMES[runtime].transpiled || scanned.length > 0) return scanned;
      // Python's syntax is known to Python alone: compiled (never run) in a sandbox of its own.
      const found = await Promise.all(
        judgingRoles(code).map(async (role) => {
          const error = await python.check(code[role] ?? '', code.language, role);
          return error ? [{ ...error, role }] : [];
        }),
      );
      return found.flat();
    },

    run: (config, code, listener, recording) =>
      told(listener, (outbox) => live(config, code, listener, outbox, recording)),

    replay: (source, listener, script) =>
      told(listener, (outbox) => replayed(source, listener, outbox, script)),

    regress: (request, progress) => checking(runRegress, request, progress),

    compare: (request, progress) => checking(runCompare, request, progress),

    async warm() {
      if (warmed) return;
      warmed = true;
      // A run that begins meanwhile stops it (the run compiles the same paths).
      await warmUp(platform, () => running !== null);
    },

    cancel() {
      // Stop everything: the run, the spares, and whatever the platform started.
      cancelled = true;
      running?.dispose();
      stopChecking?.();
      pool.clear();
      python.dispose();
      platform.reset?.();
    },

    workers: () => pool.count,

    dispose() {
      cancelled = true;
      running?.dispose();
      running = null;
      pool.clear();
      python.dispose();
    },
  };
}

/**
 * How a run's sandboxes are started: from the pool's spares. A role whose sandbox had to be
 * replaced (a call ran out of time, or it died) keeps a spare ready from then on, since such
 * calls tend to come again.
 */
function replacing(
  pool: WarmPool,
  code: ResolvedCode,
): (role: Role, runtime: Runtime) => WorkerPort {
  const started = new Set<Role>();
  return (role, runtime) => {
    const port = pool.take(role, runtime, code[role]);
    if (started.has(role)) pool.fill([role], runtime);
    started.add(role);
    return port;
  };
}
