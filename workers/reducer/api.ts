import type { RoleError } from '../../src/core/code/compile-error.js';
import type { ResolvedCode } from '../../src/core/code/refs.js';
import { judgingRoles } from '../../src/core/code/refs.js';
import { compareSessions } from '../../src/core/replay/compare.js';
import { replaySession } from '../../src/core/replay/replay.js';
import { ReplayError } from '../../src/core/replay/replay-oracle.js';
import type { ReplayEntry } from '../../src/core/replay/script.js';
import { configProblems, type SessionConfig } from '../../src/core/session/config.js';
import { SessionFormatError } from '../../src/core/session/format/reader.js';
import { writeSession } from '../../src/core/session/format/writer.js';
import { messageOf } from '../../src/core/text/error-text.js';
import { problemsText } from '../../src/core/text/problems.js';
import type { LiveOracle } from '../../src/live/live-oracle.js';
import { createLiveOracle, type Platform, runLive } from '../../src/live/run-live.js';
import type {
  LiveReply,
  ReducerApi,
  ReplayReply,
  RunListener,
  RunReply,
  SessionSource,
  WorkerCount,
} from '../protocol.js';
import { readSource } from './session-source.js';

/**
 * Builds the reducer API over a platform. Each live run gets sandbox workers of its own, started
 * fresh (user code may have changed their globals): `prepare` starts them ahead of time so that
 * Run answers at once, and after a run a fresh set is prepared for the next one.
 */
export function createReducerApi(platform: Platform): ReducerApi {
  let ready: { key: string; oracle: LiveOracle; errors: Promise<RoleError[]> } | null = null;
  let running: LiveOracle | null = null;
  let cancelled = false;
  const retired: WorkerCount = { spawned: 0, alive: 0 };
  const done = new WeakSet<LiveOracle>();

  const retire = (oracle: LiveOracle) => {
    oracle.dispose();
    if (done.has(oracle)) return;
    done.add(oracle);
    retired.spawned += oracle.workers.spawned;
  };
  const prepare = (code: ResolvedCode, callMs: number) => {
    const key = JSON.stringify([code, callMs]);
    if (ready?.key !== key) {
      if (ready) retire(ready.oracle);
      const oracle = createLiveOracle(platform, code, callMs);
      const errors = oracle.load();
      // Retiring an oracle before it has loaded rejects its load with an AbortError. Whoever
      // called prepare() still sees that; a warm-up nobody awaits must not become an
      // unhandled rejection (which ends a Node process).
      errors.catch(() => {});
      ready = { key, oracle, errors };
    }
    return ready;
  };

  async function live(
    config: SessionConfig,
    code: ResolvedCode,
    listener: RunListener,
    recording?: SessionSource,
  ): Promise<LiveReply> {
    const missing = missingCode(code);
    if (missing.length > 0) return { ok: false, errors: missing };
    const problems = configProblems(config);
    if (problems.length > 0)
      return { ok: false, failure: { kind: 'config', message: problemsText(problems) } };
    const { oracle } = prepare(code, config.budgets.callMs);
    ready = null;
    running = oracle;
    cancelled = false;
    try {
      const outcome = await runLive(config, oracle, platform, {
        onMessage: (message) => listener.message(message),
        cancelled: () => cancelled,
      });
      if (!outcome.ok) return outcome;
      const session = writeSession(outcome.session);
      return {
        ok: true,
        summary: outcome.summary,
        session,
        ...(recording
          ? { comparison: compareSessions(await readSource(recording), outcome.session) }
          : {}),
      };
    } catch (error) {
      return { ok: false, failure: { kind: 'internal', message: messageOf(error) } };
    } finally {
      running = null;
      retire(oracle);
      // Warm a fresh set of workers for the next run of the same code, unless code edited
      // during the run was prepared meanwhile: that is what the next run will use.
      if (!cancelled && !ready) prepare(code, config.budgets.callMs);
    }
  }

  async function replayed(
    source: SessionSource,
    listener: RunListener,
    script?: ReplayEntry[],
  ): Promise<ReplayReply> {
    cancelled = false;
    try {
      const session = await readSource(source, (fraction) => listener.reading?.(fraction));
      const result = await replaySession(session, {
        ...(script ? { script } : {}),
        onMessage: (message) => listener.message(message),
        cancelled: () => cancelled,
      });
      return { ok: true, summary: result.summary, config: session.header.config };
    } catch (error) {
      if (error instanceof SessionFormatError) {
        return {
          ok: false,
          failure: {
            kind: 'format',
            message: error.message,
            line: error.line,
            ...(error.column !== undefined ? { column: error.column } : {}),
          },
        };
      }
      if (error instanceof ReplayError) {
        return {
          ok: false,
          failure: {
            kind: 'replay',
            message: error.message,
            ...(error.line !== undefined ? { line: error.line } : {}),
            ...(error.call !== undefined ? { call: error.call } : {}),
          },
        };
      }
      return { ok: false, failure: { kind: 'internal', message: messageOf(error) } };
    }
  }

  return {
    prepare: async (code, callMs) => {
      const missing = missingCode(code);
      return missing.length > 0 ? missing : prepare(code, callMs).errors;
    },

    run: (config, code, listener, recording) =>
      ended(listener, live(config, code, listener, recording)),

    replay: (source, listener, script) => ended(listener, replayed(source, listener, script)),

    cancel() {
      // Stop everything: the run, and the fresh workers warmed for the next one.
      cancelled = true;
      running?.dispose();
      if (ready) retire(ready.oracle);
      ready = null;
    },

    workers() {
      const live = [ready?.oracle, running].filter((oracle): oracle is LiveOracle => !!oracle);
      return {
        spawned: retired.spawned + live.reduce((sum, oracle) => sum + oracle.workers.spawned, 0),
        alive: live.reduce((sum, oracle) => sum + oracle.workers.alive, 0),
      };
    },

    dispose() {
      cancelled = true;
      for (const oracle of [ready?.oracle, running]) if (oracle) retire(oracle);
      ready = null;
      running = null;
    },
  };
}

/**
 * The roles `code` lacks (a run needs a candidate and a reference, or an outcome predicate), as
 * errors for the editor: answered, not thrown, so that `run` always replies.
 */
function missingCode(code: ResolvedCode): RoleError[] {
  return judgingRoles(code)
    .filter((role) => code[role] === undefined)
    .map((role) => ({
      role,
      name: 'Error',
      message: `the ${role} code is missing`,
      line: 1,
      column: 1,
    }));
}

/** Tells `listener` that the run has ended, after its last message, and returns its reply. */
async function ended<R extends RunReply>(listener: RunListener, run: Promise<R>): Promise<R> {
  const reply = await run;
  listener.end?.(reply);
  return reply;
}
