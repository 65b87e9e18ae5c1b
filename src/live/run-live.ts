import type { RoleError } from '../core/code/compile-error.js';
import type { ResolvedCode, Runtime } from '../core/code/refs.js';
import type { Oracle } from '../core/oracle/oracle.js';
import { withRepeats } from '../core/oracle/repeat.js';
import type { Role } from '../core/oracle/verdict.js';
import { stepThrough } from '../core/reduce/runner.js';
import { type RunSummary, runSession } from '../core/run/run.js';
import { TranscriptBuilder, type TranscriptMessage } from '../core/run/transcript.js';
import type { SessionConfig } from '../core/session/config.js';
import type { Session, SessionEvent } from '../core/session/events.js';
import { createHeader, type HeaderStamp } from '../core/session/header.js';
import type { WorkerPort } from '../protocol/sandbox.js';
import { LiveOracle } from './live-oracle.js';
import type { GrammarFiles } from './syntax/parser.js';
import type { Transpiler } from './transpile.js';

/** What a platform provides to run sessions live: workers, a clock, header stamps, grammars. */
export interface Platform {
  /** Starts a sandbox for a role's code on a runtime (JavaScript, or Python). */
  spawn(role: Role, runtime: Runtime): WorkerPort;
  /** Ends every sandbox the platform started, and anything they started (after a cancel). */
  reset?(): void;
  /** Turns JavaScript and TypeScript into sandbox code. */
  transpile: Transpiler;
  clock(): number;
  stamp(): HeaderStamp;
  /**
   * Where tree-sitter's grammars come from, to parse a program reduced by its syntax (see
   * `syntax/parse-program.ts`); without it such a program is reduced by generic moves.
   */
  grammars?: GrammarFiles;
}

/** Listeners and controls of a live run. */
export interface LiveControls {
  onMessage?: (message: TranscriptMessage) => void;
  onEvent?: (event: SessionEvent) => void;
  /** The run stops at its next call once this turns true. */
  cancelled?: () => boolean;
  /** Wraps the oracle the session is judged by (a test harness watching the calls). */
  around?: (oracle: Oracle) => Oracle;
}

/** The end of a live run: a recorded session, or the code's compile errors. */
export type LiveOutcome =
  | { ok: true; summary: RunSummary; session: Session }
  | { ok: false; errors: RoleError[] };

/**
 * A live oracle for `code` on `platform`; its workers start when first needed (`load`, a call).
 * With `judgeEmpty` the code judges the empty input too; with `spread` each input is a call's
 * arguments (a session's oracle says when: see `sessionOracle`).
 */
export function createLiveOracle(
  platform: Pick<Platform, 'spawn' | 'transpile'>,
  code: ResolvedCode,
  callMs: number,
  { judgeEmpty = false, spread = false }: { judgeEmpty?: boolean; spread?: boolean } = {},
): LiveOracle {
  return new LiveOracle(code, {
    spawn: (role, runtime) => platform.spawn(role, runtime),
    callMs,
    transpile: platform.transpile,
    ...(judgeEmpty ? { judgeEmpty } : {}),
    ...(spread ? { spread } : {}),
  });
}

/**
 * Records a session live: runs `config` against `oracle` (user code in sandbox workers),
 * streaming transcript messages and session events as they happen. Returns the compile errors
 * instead when the code does not load.
 */
export async function runLive(
  config: SessionConfig,
  oracle: Oracle & { load(): Promise<RoleError[]> },
  platform: Platform,
  controls: LiveControls = {},
): Promise<LiveOutcome> {
  let errors: RoleError[];
  try {
    errors = await oracle.load();
  } catch (error) {
    // A cancel while the workers start disposes them and aborts the load: go on, so that the
    // run ends as the cancelled session it is (its first request sees the cancel).
    if (!controls.cancelled?.()) throw error;
    errors = [];
  }
  if (errors.length > 0) return { ok: false, errors };
  const repeated: Oracle = config.repeats
    ? withRepeats(oracle, config.repeats, config.chase)
    : oracle;
  const judged = controls.around ? controls.around(repeated) : repeated;
  const header = createHeader(config, platform.stamp());
  const events: SessionEvent[] = [];
  const transcript = new TranscriptBuilder(header);
  const steps = runSession(config, {
    clock: () => platform.clock(),
    onEvent: (event) => {
      events.push(event);
      controls.onEvent?.(event);
      for (const message of transcript.push(event)) controls.onMessage?.(message);
    },
  });
  const summary = await stepThrough(steps, judged, controls.cancelled);
  return { ok: true, summary, session: { header, events } };
}
